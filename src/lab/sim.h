// The balance lab's simulator: many seeded games between agents, on all cores.
//
// Game i of an experiment with seed S is played with game seed mix_seed(S, i) and agent seeds
// derived from it, so each game's result depends only on (S, i), never on thread count or
// scheduling: any subset of games can be run anywhere and merged.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/game.h"

namespace turf::lab {

struct SimConfig {
  const GameInfo* game = nullptr;
  Options options;
  std::vector<std::string> seats;  // one agent spec per seat
  long games = 100;
  long first = 0;  // index of the first game (shards run disjoint index ranges)
  int threads = 1;
  std::uint64_t seed = 1;
  bool keep_records = false;
};

struct GameResult {
  long index = 0;
  std::uint64_t seed = 0;
  std::vector<double> scores;
  std::vector<int> ranking;
  int length = 0;
  std::vector<std::map<std::string, std::string>> attributes;  // per seat
  std::map<std::string, double> counters;                      // per game, declared by the game
  std::string record;                                          // JSON text, when kept
};

// Runs games [first, first + games). Results come back ordered by index. `progress` (optional)
// is called from worker threads with the number of games finished so far.
std::vector<GameResult> simulate(const SimConfig& config,
                                 const std::function<void(long done)>& progress = {});

// Plays one game of the experiment (index i).
GameResult play_one(const SimConfig& config, long index);

// Plays one game between agents (one spec per seat) with the given game seed; agent seeds are
// derived from it.
GameResult play_game(const GameInfo& game, const Options& options,
                     const std::vector<std::string>& seats, std::uint64_t seed, bool keep_record);

}  // namespace turf::lab
