// The bench signature: a deterministic fingerprint of play (as Stockfish's bench node count).
// When a change alters play on purpose, run `turf bench` and update the value here, and bump the
// game's rules version if the rules changed.
#include <gtest/gtest.h>

#include "core/playout.h"

namespace turf {
namespace {

TEST(BenchSignature, DungeonPlayIsUnchanged) {
  EXPECT_EQ(bench_signature(Registry::instance().find("dungeon"), kSignatureGames),
            "75cd2273ba53ad0e");
}

TEST(BenchSignature, DependsOnPlay) {
  const GameInfo& g = Registry::instance().find("dungeon");
  EXPECT_NE(bench_signature(g, 3), bench_signature(g, 4));
  EXPECT_EQ(bench_signature(g, 3), bench_signature(g, 3));
}

}  // namespace
}  // namespace turf
