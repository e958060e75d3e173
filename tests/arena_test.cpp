// The arena's schedules and statistics.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "lab/arena.h"
#include "lab/stats.h"

namespace turf::lab {
namespace {

TEST(Schedule, TwoSeatsIsARoundRobinWithBothSeatOrders) {
  const auto s = Schedule::make(3, 2, 10, 1);
  EXPECT_EQ(s.games, 12);  // 3 pairs x 4 (rounded up to an even number per pair)
  std::map<std::pair<int, int>, int> seen;
  for (long g = 0; g < s.games; ++g) {
    const auto seat = s.seating(g);
    ASSERT_NE(seat[0], seat[1]);
    ++seen[{seat[0], seat[1]}];
  }
  EXPECT_EQ(seen.size(), 6u);  // every ordered pair
  for (const auto& [pair, n] : seen) EXPECT_EQ(n, 2);
}

TEST(Schedule, ManySeatsRotateEveryAgentThroughEverySeat) {
  for (int agents : {2, 3, 4, 6}) {
    const int seats = 4;
    const auto s = Schedule::make(agents, seats, 100, 9);
    EXPECT_EQ(s.games % agents, 0);
    std::vector<std::vector<int>> count(agents, std::vector<int>(seats, 0));
    for (long g = 0; g < s.games; ++g) {
      const auto seat = s.seating(g);
      for (int k = 0; k < seats; ++k) ++count[seat[k]][k];
    }
    for (int a = 0; a < agents; ++a)
      for (int k = 0; k < seats; ++k)
        EXPECT_EQ(count[a][k], s.games / agents) << agents << " agents";
  }
}

TEST(Elo, BradleyTerryMatchesTheLogisticFormula) {
  // A scores 75% against B: the Elo difference is 400 log10(3) = 190.8.
  const std::vector<std::vector<double>> wins = {{0, 300}, {100, 0}};
  const std::vector<std::vector<double>> games = {{0, 400}, {400, 0}};
  const auto elo = bradley_terry_elo(wins, games, 1);
  EXPECT_NEAR(elo[0], 400 * std::log10(3.0), 0.5);
  EXPECT_NEAR(elo[1], 0, 1e-9);
}

TEST(Elo, TableAnchorsRandomAtZeroAndOrdersAgents) {
  std::vector<ArenaGame> games;
  for (int i = 0; i < 200; ++i) {
    // strong beats random always, weak beats random 70%, strong beats weak 80%.
    games.push_back({i, {"random", "strong"}, {0, 1}, {1, 0}});
    games.push_back({i,
                     {"weak", "random"},
                     {1, 0},
                     i % 10 < 7 ? std::vector<int>{0, 1} : std::vector<int>{1, 0}});
    games.push_back({i,
                     {"strong", "weak"},
                     {1, 0},
                     i % 10 < 8 ? std::vector<int>{0, 1} : std::vector<int>{1, 0}});
  }
  const auto t = arena_table(games, {"random", "weak", "strong"}, 1, 100);
  EXPECT_EQ(t.rows[0].elo, 0);
  EXPECT_GT(t.rows[1].elo, 100);
  EXPECT_GT(t.rows[2].elo, t.rows[1].elo + 150);
  EXPECT_LT(t.rows[2].elo_ci.low, t.rows[2].elo);
  EXPECT_GT(t.rows[2].elo_ci.high, t.rows[2].elo);
  EXPECT_EQ(t.rows[2].games, 400);
  EXPECT_EQ(t.rows[2].wins, 200 + 160);
  EXPECT_NEAR(t.head_to_head[2][1], 0.8, 1e-9);
  EXPECT_NEAR(t.rows[0].share / t.rows[0].games, 60.0 / 400, 1e-9);
}

TEST(Elo, DrawsCountHalf) {
  std::vector<ArenaGame> games;
  for (int i = 0; i < 100; ++i) games.push_back({i, {"a", "b"}, {1, 1}, {0, 0}});
  const auto t = arena_table(games, {"a", "b"}, 1, 20);
  EXPECT_EQ(t.rows[0].draws, 100);
  EXPECT_NEAR(t.rows[0].share / t.rows[0].games, 0.5, 1e-12);
  EXPECT_NEAR(t.rows[0].elo - t.rows[1].elo, 0, 1e-6);
}

TEST(Stats, WilsonInterval) {
  const auto ci = wilson(50, 100);
  EXPECT_NEAR(ci.low, 0.4038, 1e-3);
  EXPECT_NEAR(ci.high, 0.5962, 1e-3);
  const auto all = wilson(100, 100);
  EXPECT_NEAR(all.high, 1.0, 1e-12);
  EXPECT_NEAR(all.low, 0.963, 1e-3);
}

}  // namespace
}  // namespace turf::lab
