// The bench signature of yard: a deterministic fingerprint of play (as Stockfish's bench node
// count). When a change alters play on purpose, run `turf bench yard`, update the value here and
// bump the rules version in src/games/yard/game.cpp if the rules changed.
#include <gtest/gtest.h>

#include "core/playout.h"

namespace turf {
namespace {

TEST(BenchSignature, YardPlayIsUnchanged) {
  EXPECT_EQ(bench_signature(Registry::instance().find("yard"), kSignatureGames),
            "b6f46352cec518ad");
}

}  // namespace
}  // namespace turf
