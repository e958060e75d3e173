// Bots on yard: honesty (a bot's choice depends only on its seat's view, E2), the evaluation, and
// sanity on a decisive position.
#include <gtest/gtest.h>

#include "bots/agent.h"
#include "core/view.h"
#include "games/yard/game.h"
#include "yard/board.h"

namespace turf::yard {
namespace {

using testing::Board;
using testing::Table;
using testing::yard_game;

// Positions from seeded random games, at decisions with a real choice, whose views hide
// something (the Store deck order, face-down Neighbors).
std::vector<std::unique_ptr<State>> decision_points(int n, int players) {
  std::vector<std::unique_ptr<State>> out;
  std::vector<Action> legal;
  const GameInfo& g = yard_game();
  for (int seed = 0; static_cast<int>(out.size()) < n; ++seed) {
    auto s = g.create(g.resolve({{"players", std::to_string(players)}}), 900 + seed);
    Rng r(seed);
    const int stop = 10 + (seed * 13) % 120;
    for (int k = 0; k < stop && !s->terminal(); ++k) {
      s->legal_actions(legal);
      s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    if (!s->terminal() && s->view(s->to_move()).ambiguous()) out.push_back(std::move(s));
  }
  return out;
}

TEST(YardBots, HonestyChoiceDependsOnlyOnTheView) {
  int compared = 0;
  for (int players : {2, 4})
    for (const auto& s : decision_points(5, players)) {
      const Seat me = s->to_move();
      const View v = s->view(me);
      Rng r(3);
      auto a = v.sample_world(r);
      std::unique_ptr<State> b;
      for (int k = 0; k < 64 && !b; ++k) {
        auto w = v.sample_world(r);
        if (w->view(kOmniscient).to_json() != a->view(kOmniscient).to_json()) b = std::move(w);
      }
      ASSERT_TRUE(b) << "could not find a second world";
      ASSERT_EQ(a->view(me).to_json(), b->view(me).to_json());
      for (const char* spec : {"random", "greedy:worlds=2", "mcts:iters=200,cutoff=20"}) {
        auto bot_a = make_bot(spec, 42);
        auto bot_b = make_bot(spec, 42);
        EXPECT_EQ(bot_a->choose(a->view(me, false)), bot_b->choose(b->view(me, false))) << spec;
      }
      ++compared;
    }
  EXPECT_EQ(compared, 10);
}

// The last Neighbor is in reach: going Home and swaying it ends the game with seat 0 ahead (6 + 5
// against 9); going Away, or passing, leaves the rival a turn to sway it (9 + 5).
Board last_sway() {
  Board b;
  b.row({"maximilian"}).money(0, 20).money(1, 30);
  b.grass(0, {"a1", "a2"}).yard(0, "a1", {"rose_bush"}).yard(0, "a2", {"rose_bush"});
  b.grass(1, {"a1", "a2", "a3"}).yard(1, "a1", {"rose_bush"}).yard(1, "a2", {"rose_bush"});
  b.yard(1, "a3", {"rose_bush"});
  return b;
}

std::unique_ptr<State> last_sway_wins() {
  Table t(last_sway(), 0);
  t.act("home");
  return t.state().clone();
}

TEST(YardBots, BotsTakeTheWinningSway) {
  Table side(last_sway(), 0);
  ASSERT_EQ(side.labels(), (std::vector<std::string>{"home", "away"}));
  auto s = last_sway_wins();
  const Action sway = kActSway + testing::neighbor("maximilian");
  ASSERT_TRUE(s->is_legal(sway));
  auto after = s->clone();
  after->apply(sway);
  ASSERT_TRUE(after->terminal());
  ASSERT_EQ(after->ranking(), (std::vector<int>{0, 1}));
  for (const char* spec : {"greedy", "mcts:iters=300,cutoff=30"}) {
    EXPECT_EQ(make_bot(spec, 3)->choose(side.state().view(0, false)), kActHome) << spec;
    EXPECT_EQ(make_bot(spec, 3)->choose(s->view(0, false)), sway) << spec;
  }
}

TEST(YardBots, EvaluationIsThePointsAtTheEndAndRewardsProgress) {
  auto s = last_sway_wins();
  auto after = s->clone();
  after->apply(kActSway + testing::neighbor("maximilian"));
  EXPECT_EQ(evaluate(*after), after->scores());
  // Before the end: seat 0 meets Maximilian's Bribe, so its estimate is above its points.
  const auto e = evaluate(*s);
  EXPECT_GT(e[0], s->scores()[0]);
  // A Skunk in the Yard lowers the estimate by more than its 5 points (no swaying).
  Board b;
  b.row({"maximilian", "amelia"}).money(0, 20);
  Position with = b.p;
  with.players[0].yard[0] = static_cast<std::uint8_t>(testing::kind("skunk"));
  with.players[0].yard_size = 1;
  const YardState plain(&yard_game(), b.p), skunked(&yard_game(), with);
  EXPECT_LT(evaluate(skunked)[0], evaluate(plain)[0] - 5);
}

}  // namespace
}  // namespace turf::yard
