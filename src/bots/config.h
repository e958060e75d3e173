// The settings of the built-in bots, parsed from a spec ("mcts:iters=500,cutoff=12"). Parsing
// checks the form and meaning of every value (a whole number, a time, a weight in [0, 1]); how
// much a bot may spend (iterations, time, threads, worlds, ...) is checked by the limits of
// whoever runs it (src/table/limits.h: BotLimits::check), the one place for those bounds.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace turf {

class Agent;

struct GreedyConfig {
  int worlds = 8;     // sampled worlds per decision
  int budget = 4000;  // positions searched per world and action, for the rest of the turn
};

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
  // Implicit minimax backups (Lanctot, Winands, Pepels & Sturtevant 2014), weight in [0, 1]; 0:
  // off. Every node also keeps a value per seat from the game's evaluation: a leaf, the mean of
  // seat_values over the sampled worlds in which an iteration stopped there (before its
  // rollout); an interior node, the values of the child whose mover rates it best (max^n). UCB
  // reads (1 - w) * mean + w * that value for the child's mover, where the weight
  // w = mix * mix_fade / (mix_fade + visits) fades as the child's own rollouts accumulate
  // (mix_fade 0: w = mix throughout).
  double mix = 0;
  double mix_fade = 100;
};

// One bot's settings: which bot ("random", "greedy", "mcts") and the settings of that kind.
struct BotConfig {
  std::string kind;
  GreedyConfig greedy;  // kind "greedy"
  MctsConfig mcts;      // kind "mcts" (iterations or seconds set: the default is 2000 iterations)
  std::string text;     // the spec as written
};

// Parses a bot spec (not a level, not "human"); throws Error naming the valid bots, keys or values.
BotConfig parse_bot_config(const std::string& spec);
// The bot for parsed settings; `seed` drives its own randomness.
std::unique_ptr<Agent> make_bot(const BotConfig& config, std::uint64_t seed);

}  // namespace turf
