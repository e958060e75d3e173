// The bench signature of dungeon: a deterministic fingerprint of play (as Stockfish's bench node
// count). When a change alters play on purpose, run `turf bench dungeon`, update the value here
// and bump the rules version in src/games/dungeon/register.cpp if the rules changed.
#include <gtest/gtest.h>

#include "core/playout.h"

namespace turf {
namespace {

TEST(BenchSignature, DungeonPlayIsUnchanged) {
  EXPECT_EQ(bench_signature(Registry::instance().find("dungeon"), kSignatureGames),
            "cf69f296a77d0a62");
}

}  // namespace
}  // namespace turf
