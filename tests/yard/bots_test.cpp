// Bots on yard: honesty (a bot's choice depends only on its seat's view, E2), the evaluation, and
// sanity on a decisive position.
#include <gtest/gtest.h>

#include <set>

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

// The rollout policy (GameInfo::rollout_policy, docs/ai.md "yard"): always a legal action; Home
// when a Neighbor can be swayed, then the sway; never Done while something else can be done; Away
// with an empty hand; and no less random than it should be (it still varies what it buys).
TEST(YardBots, RolloutPolicyIsNotPassive) {
  const GameInfo& g = yard_game();
  ASSERT_TRUE(g.rollout_policy);
  Table side(last_sway(), 0);
  Rng rng(5);
  std::vector<Action> legal;
  side.state().legal_actions(legal);
  for (int k = 0; k < 20; ++k) EXPECT_EQ(g.rollout_policy(side.state(), legal, rng), kActHome);
  auto s = last_sway_wins();
  s->legal_actions(legal);
  for (int k = 0; k < 20; ++k)
    EXPECT_EQ(g.rollout_policy(*s, legal, rng), kActSway + testing::neighbor("maximilian"));
  int main_decisions = 0, done_offered = 0, empty_hand_sides = 0;
  std::set<Action> buys;
  for (int players : {2, 4})
    for (int seed = 0; seed < 20; ++seed) {
      auto st = g.create(g.resolve({{"players", std::to_string(players)}}), 700 + seed);
      Rng r(seed);
      for (int k = 0; k < 400 && !st->terminal(); ++k) {
        st->legal_actions(legal);
        const Action a = g.rollout_policy(*st, legal, r);
        ASSERT_TRUE(st->is_legal(a));
        const Position& p = static_cast<const YardState&>(*st).position();
        if (!p.nframes && p.phase == Phase::kMain && legal.size() > 1) {
          ++main_decisions;
          EXPECT_NE(a, kActDone);
          done_offered += legal[0] == kActDone;
          if (a >= kActBuy && a < kActSway) buys.insert(a);
        }
        bool can = false;
        for (int i = 0; i < p.row_size; ++i) can |= can_sway(p, p.turn_player, p.row[i]);
        if (!p.nframes && p.phase == Phase::kSide && can) {
          EXPECT_EQ(a, kActHome);
        }
        if (!p.nframes && p.phase == Phase::kSide && !can &&
            p.players[p.turn_player].hand_size == 0) {
          ++empty_hand_sides;
          EXPECT_EQ(a, kActAway);
        }
        st->apply(a);
      }
    }
  EXPECT_GT(main_decisions, 200);
  EXPECT_EQ(done_offered, main_decisions);
  EXPECT_GT(empty_hand_sides, 0);
  EXPECT_GT(buys.size(), 5u);
}

}  // namespace
}  // namespace turf::yard
