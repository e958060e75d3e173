// The greedy bot: one ply, honestly. For each legal action it plays the action in several
// worlds sampled from its view, finishes the rest of its own turn in each (its own remaining
// sub-decisions, searched exhaustively up to a node budget), and scores the position where the
// turn passes by the game's evaluation: its lead over the strongest rival. It picks the action
// with the best average.
#pragma once

#include "bots/agent.h"
#include "bots/config.h"

namespace turf {

class GreedyBot final : public Agent {
 public:
  GreedyBot(GreedyConfig config, std::uint64_t seed) : config_(config), rng_(seed) {}
  Action choose(const View& view) override;
  std::string spec() const override;

 private:
  double finish_turn(State& s, Seat me, int& budget);
  GreedyConfig config_;
  Rng rng_;
  std::vector<Action> scratch_;
};

}  // namespace turf
