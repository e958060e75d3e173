// Information-Set Monte Carlo Tree Search, single observer (Cowling, Powley & Whitehouse 2012).
//
// Every iteration samples a fresh world from the bot's own view (so the bot never sees what its
// seat cannot see), then walks one tree of action sequences from the bot's decision: every
// seat's decisions are in the tree, as the bot sees them. A child is only eligible when its
// action is legal in the sampled world; UCB uses the number of times the child was available
// instead of the parent's visits. Leaves are expanded one action at a time; a rollout (random or
// greedy) plays on to the end, or to a cut-off where the game's evaluation gives each seat a
// value in [0, 1]. Each node accumulates the value of the seat that chose its action. Rollouts
// follow the game's rollout policy (GameInfo::rollout_policy) where it gives one.
//
// Budgets: iterations or wall time. Root-parallel: each thread grows its own tree from the same
// root, with its own generator; the root visit counts are summed. With an iteration budget and a
// seed, the bot plays the same moves on every run, whatever the thread count's timing.
#pragma once

#include <cstdint>
#include <vector>

#include "bots/agent.h"

namespace turf {

struct MctsConfig {
  long iterations = 0;  // per decision (split over threads); 0: use time
  double seconds = 0;   // per decision; 0: use iterations
  int threads = 1;
  // Rollouts: the game's rollout policy where it has one, else uniform (kPolicy, the default);
  // always uniform (kRandom); or greedy by the evaluation (kGreedy).
  enum class Rollout { kPolicy, kRandom, kGreedy };
  Rollout rollout = Rollout::kPolicy;
  int cutoff = 0;  // rollout length before evaluating; 0: play to the end
  double exploration = 0.7;
};

struct MctsStats {
  long iterations = 0;
  double seconds = 0;
  long nodes = 0;
};

class MctsBot final : public Agent {
 public:
  MctsBot(MctsConfig config, std::uint64_t seed) : config_(config), rng_(seed) {}
  Action choose(const View& view) override;
  std::string spec() const override;
  const MctsStats& last_stats() const { return stats_; }

 private:
  MctsConfig config_;
  Rng rng_;
  MctsStats stats_;
};

}  // namespace turf
