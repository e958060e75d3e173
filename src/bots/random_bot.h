// The random bot: uniform over the legal actions.
#pragma once

#include "bots/agent.h"

namespace turf {

class RandomBot final : public Agent {
 public:
  explicit RandomBot(std::uint64_t seed) : rng_(seed) {}
  Action choose(const View& view) override {
    const auto& legal = view.legal();
    return legal[rng_.below(static_cast<std::uint32_t>(legal.size()))].id;
  }
  std::string spec() const override { return "random"; }

 private:
  Rng rng_;
};

}  // namespace turf
