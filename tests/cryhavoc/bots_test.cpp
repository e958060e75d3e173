// Cry Havoc and the bots: honesty (a bot's choice depends only on its seat's view, here in
// positions with hands, decks and face-down tokens hidden from it), and the evaluation's sense.
#include <gtest/gtest.h>

#include "bots/agent.h"
#include "bots/eval.h"
#include "core/view.h"
#include "cryhavoc/board.h"
#include "games/cryhavoc/game.h"

namespace turf::cryhavoc {
namespace {

const GameInfo& game() {
  return Registry::instance().find("cryhavoc");
}

// Positions from seeded random games at every player count, at decisions with a real choice.
std::vector<std::unique_ptr<State>> decision_points(int n) {
  std::vector<std::unique_ptr<State>> out;
  std::vector<Action> legal;
  for (int seed = 0; static_cast<int>(out.size()) < n; ++seed) {
    const int players = 2 + seed % 3;
    auto s = game().create(game().resolve({{"players", std::to_string(players)}}), 900 + seed);
    Rng r(seed);
    const int stop = 10 + (seed * 37) % 150;
    for (int k = 0; k < stop && !s->terminal(); ++k) {
      s->legal_actions(legal);
      s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    if (s->terminal()) continue;
    s->legal_actions(legal);
    if (legal.size() > 1) out.push_back(std::move(s));
  }
  return out;
}

TEST(CryHavocBots, HonestyChoiceDependsOnlyOnTheView) {
  int compared = 0;
  for (const auto& s : decision_points(12)) {
    const Seat me = s->to_move();
    const View v = s->view(me);
    ASSERT_TRUE(v.ambiguous());
    Rng r(3);
    auto a = v.sample_world(r);
    std::unique_ptr<State> b;
    for (int k = 0; k < 64 && !b; ++k) {
      auto w = v.sample_world(r);
      if (w->view(kOmniscient).to_json() != a->view(kOmniscient).to_json()) b = std::move(w);
    }
    ASSERT_TRUE(b) << "could not find a second world";
    ASSERT_EQ(a->view(me).to_json(), b->view(me).to_json());
    for (const char* spec :
         {"random", "greedy:worlds=2,budget=100", "mcts:iters=150,cutoff=10", "mcts:iters=100"}) {
      auto bot_a = make_bot(spec, 42);
      auto bot_b = make_bot(spec, 42);
      EXPECT_EQ(bot_a->choose(a->view(me, false)), bot_b->choose(b->view(me, false))) << spec;
    }
    ++compared;
  }
  EXPECT_GE(compared, 12);
}

TEST(CryHavocBots, EvaluationValuesCrystalsUnitsAndPrisoners) {
  testing::Board b;
  Position& p = b.p;
  CryHavocState before(&game(), p);
  const auto e0 = turf::evaluate(before);
  b.control("deepwater_rift", kHumans).crystals("deepwater_rift", 3);
  CryHavocState more(&game(), p);
  const auto e1 = turf::evaluate(more);
  EXPECT_GT(e1[0] - e1[1], e0[0] - e0[1]) << "crystals held are worth points to come";
  p.pub.prisoners[kMachines][kHumans] = 2;
  CryHavocState prisoners(&game(), p);
  EXPECT_GT(turf::evaluate(prisoners)[1], e1[1]);
  // At the end the evaluation is the score.
  p.pub.over = true;
  p.pub.step = Step::kOver;
  CryHavocState over(&game(), p);
  EXPECT_EQ(turf::evaluate(over), over.scores());
}

}  // namespace
}  // namespace turf::cryhavoc
