// The bench signature of turfwars: a deterministic fingerprint of play (as Stockfish's bench node
// count). When a change alters play on purpose, run `turf bench turfwars`, update the value here
// and bump the rules version in src/games/turfwars/register.cpp if the rules changed.
#include <gtest/gtest.h>

#include "core/playout.h"

namespace turf {
namespace {

TEST(BenchSignature, TurfWarsPlayIsUnchanged) {
  EXPECT_EQ(bench_signature(Registry::instance().find("turfwars"), kSignatureGames),
            "cd256b35a3bfee09");  // turfwars-4; the scores became DP in issue 29 (R32)
}

}  // namespace
}  // namespace turf
