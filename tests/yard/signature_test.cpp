// The bench signature of yard: a deterministic fingerprint of play (as Stockfish's bench node
// count). When a change alters play on purpose, run `turf bench yard`, update the value here and
// bump the rules version in src/games/yard/register.cpp if the rules changed.
#include <gtest/gtest.h>

#include "core/playout.h"

namespace turf {
namespace {

TEST(BenchSignature, YardPlayIsUnchanged) {
  EXPECT_EQ(bench_signature(Registry::instance().find("yard"), kSignatureGames),
            "de48de4f8a7cee17");  // yard-3 (R26: a Bribe-only row gets its rounds of work, no more)
}

}  // namespace
}  // namespace turf
