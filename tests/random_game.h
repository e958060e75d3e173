// A game played to its end by uniformly random legal actions from a seed: the fixture of tests
// that look at finished games (end words, counters).
#pragma once

#include <memory>
#include <vector>

#include "core/game.h"
#include "core/rng.h"

namespace turf::testing {

inline std::unique_ptr<State> random_game(const GameInfo& g, const Options& options,
                                          std::uint64_t seed) {
  auto s = g.create(options, seed);
  Rng r(seed);
  std::vector<Action> legal;
  while (!s->terminal()) {
    s->legal_actions(legal);
    s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return s;
}

}  // namespace turf::testing
