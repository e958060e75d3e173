// The bench signature of cryhavoc: a deterministic fingerprint of play (as Stockfish's bench node
// count). When a change alters play on purpose, run `turf bench cryhavoc`, update the value here
// and bump the rules version in src/games/cryhavoc/register.cpp if the rules changed.
#include <gtest/gtest.h>

#include "core/playout.h"

namespace turf {
namespace {

TEST(BenchSignature, CryHavocPlayIsUnchanged) {
  EXPECT_EQ(bench_signature(Registry::instance().find("cryhavoc"), kSignatureGames),
            "a635c2030d56afa9");
}

}  // namespace
}  // namespace turf
