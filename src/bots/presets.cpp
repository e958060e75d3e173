#include "bots/presets.h"

#include "core/game.h"

namespace turf {

const std::vector<std::string>& bot_levels() {
  static const std::vector<std::string> levels{"easy", "normal", "hard"};
  return levels;
}

std::string bot_preset(std::string_view game, std::string_view level) {
  struct Row {
    const char* game;
    const char* easy;
    const char* normal;
    const char* hard;
  };
  // docs/ai.md: dungeon MCTS runs ~39k iterations a second on one core (hard ~0.8 s); yard
  // ~87k/s at two players with cut-off 60 (10000 iterations ~115 ms; fewer at 4 players);
  // turfwars (cut-off 12) and cryhavoc: `hard` answers in about a second (90th percentile, one
  // core) at the slowest player count (6 and 4), `normal` in ~20 ms (bench/decision_times.cpp).
  static const Row rows[] = {
      {"dungeon", "greedy", "mcts:iters=3000", "mcts:iters=30000"},
      {"yard", "greedy", "mcts:iters=2000,cutoff=60", "mcts:iters=30000,cutoff=60"},
      {"turfwars", "greedy", "mcts:iters=3000,cutoff=12", "mcts:iters=100000,cutoff=12"},
      {"cryhavoc", "greedy", "mcts:iters=1000", "mcts:iters=25000"},
  };
  for (const auto& r : rows) {
    if (game != r.game) continue;
    if (level == "easy") return r.easy;
    if (level == "normal") return r.normal;
    if (level == "hard") return r.hard;
    throw Error("unknown bot level '" + std::string(level) + "' (levels: easy, normal, hard)");
  }
  throw Error("no bot presets for game '" + std::string(game) + "'");
}

}  // namespace turf
