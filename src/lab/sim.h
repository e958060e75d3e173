// Playing one game between bots, for the balance lab and the arena. The game seed fixes the
// set-up and, through seeds derived from it, every agent's randomness: a game's result depends
// only on its seed, never on the thread that plays it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/game.h"

namespace turf::lab {

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

// Plays one game between agents (one spec per seat) with the given game seed; agent seeds are
// derived from it.
GameResult play_game(const GameInfo& game, const Options& options,
                     const std::vector<std::string>& seats, std::uint64_t seed, bool keep_record);

}  // namespace turf::lab
