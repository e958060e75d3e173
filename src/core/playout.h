// Random playouts, throughput measurement and the bench signature.
//
// The signature is a deterministic fingerprint of play, like Stockfish's bench node count: a
// fixed set of seeded games per game and player count, random moves from our own Rng, hashed
// (FNV-1a) over every action id and the final scores. Any change in play changes it; the
// expected value is checked by a test (tests/bench_signature_test.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.h"

namespace turf {

// Plays uniformly random legal actions to the end. Returns the number of actions applied.
// `buf` is scratch space (reuse it to avoid allocation); `trace` receives the actions if given.
long random_playout(State& state, Rng& rng, std::vector<Action>& buf,
                    std::vector<Action>* trace = nullptr);

struct Throughput {
  long games = 0;
  long actions = 0;
  double seconds = 0;
  double games_per_s() const { return seconds > 0 ? games / seconds : 0; }
  double actions_per_s() const { return seconds > 0 ? actions / seconds : 0; }
};

// Random games (set-up included) for at least min_seconds on `threads` threads.
Throughput measure_random_games(const GameInfo& game, const Options& options, double min_seconds,
                                int threads, std::uint64_t seed);

// The signature of `games` seeded random games per player count, as 16 hex digits.
std::string bench_signature(const GameInfo& game, int games);
inline constexpr int kSignatureGames = 200;

}  // namespace turf
