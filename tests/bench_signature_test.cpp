// The bench signature itself (each game checks its own value in tests/<game>/).
#include <gtest/gtest.h>

#include "core/playout.h"

namespace turf {
namespace {

TEST(BenchSignature, DependsOnPlayAndOnlyOnPlay) {
  for (const auto& g : Registry::instance().games()) {
    EXPECT_NE(bench_signature(*g, 3), bench_signature(*g, 4)) << g->id;
    EXPECT_EQ(bench_signature(*g, 3), bench_signature(*g, 3)) << g->id;
  }
}

}  // namespace
}  // namespace turf
