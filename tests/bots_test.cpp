// Bots: honesty (a bot's choice depends only on its seat's view), determinism, and sanity.
#include <gtest/gtest.h>

#include "bots/agent.h"
#include "bots/mcts.h"
#include "bots/presets.h"
#include "core/match.h"
#include "dungeon/board.h"
#include "games/dungeon/game.h"

namespace turf {
namespace {

const GameInfo& dungeon() {
  return Registry::instance().find("dungeon");
}

// Positions from seeded random games, at decisions with a real choice.
std::vector<std::unique_ptr<State>> decision_points(int n) {
  std::vector<std::unique_ptr<State>> out;
  std::vector<Action> legal;
  for (int seed = 0; static_cast<int>(out.size()) < n; ++seed) {
    auto s = dungeon().create(dungeon().resolve({}), 500 + seed);
    Rng r(seed);
    const int stop = 4 + (seed * 7) % 50;
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

// The honesty test: two worlds that look the same from the bot's seat but differ in what is
// hidden from it must get the same choice from the same bot with the same seed.
TEST(Honesty, ChoiceDependsOnlyOnTheView) {
  int compared = 0;
  for (const auto& s : decision_points(12)) {
    const Seat me = s->to_move();
    const View v = s->view(me);
    if (!v.ambiguous()) continue;
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
         {"random", "greedy:worlds=4", "mcts:iters=300", "mcts:iters=200,rollout=greedy,cutoff=6",
          "mcts:iters=200,cutoff=10,mix=0.4"}) {
      auto bot_a = make_bot(spec, 42);
      auto bot_b = make_bot(spec, 42);
      EXPECT_EQ(bot_a->choose(a->view(me, false)), bot_b->choose(b->view(me, false))) << spec;
    }
    ++compared;
  }
  EXPECT_GE(compared, 8);
}

Match bot_game(const std::string& a, const std::string& b, std::uint64_t seed) {
  Match m(dungeon(), dungeon().resolve({}), seed, {{a, "A"}, {b, "B"}});
  auto x = make_bot(a, 1), y = make_bot(b, 2);
  while (!m.over()) {
    const Seat s = m.state().to_move();
    m.apply((s == 0 ? x : y)->choose(m.view(s, false)));
  }
  return m;
}

std::vector<Action> ids(const Match& m) {
  std::vector<Action> out;
  for (const auto& e : m.history()) out.push_back(e.id);
  return out;
}

TEST(Determinism, MctsWithIterationsPlaysTheSameMoves) {
  const auto replays = [](const char* bot, const char* rival, std::uint64_t seed) {
    return ids(bot_game(bot, rival, seed)) == ids(bot_game(bot, rival, seed));
  };
  EXPECT_TRUE(replays("mcts:iters=150", "random", 5));
  EXPECT_TRUE(replays("mcts:iters=150,threads=2", "greedy", 6));
  EXPECT_TRUE(replays("greedy", "random", 7));
  EXPECT_TRUE(replays("mcts:iters=150,cutoff=10,mix=0.3", "greedy", 8));
  EXPECT_TRUE(replays("mcts:iters=150,mix=0.5,threads=2", "random", 9));
}

// The implicit minimax weight changes the search (so the option is not ignored), and mix=0 is
// the plain search.
TEST(Determinism, MixChangesPlayAndZeroIsOff) {
  EXPECT_NE(ids(bot_game("mcts:iters=150,cutoff=10,mix=0.5", "greedy", 8)),
            ids(bot_game("mcts:iters=150,cutoff=10", "greedy", 8)));
  EXPECT_EQ(ids(bot_game("mcts:iters=150,cutoff=10,mix=0", "greedy", 8)),
            ids(bot_game("mcts:iters=150,cutoff=10", "greedy", 8)));
  EXPECT_NE(ids(bot_game("mcts:iters=150,cutoff=10,mix=0.5,fade=0", "greedy", 8)),
            ids(bot_game("mcts:iters=150,cutoff=10,mix=0.5,fade=2", "greedy", 8)));
}

TEST(Determinism, SeedMatters) {
  EXPECT_NE(ids(bot_game("mcts:iters=100", "random", 5)),
            ids(bot_game("mcts:iters=100", "random", 6)));
}

TEST(BotSpecs, SpecsRoundTrip) {
  for (const char* spec :
       {"random", "greedy", "greedy:worlds=3", "mcts", "mcts:iters=500", "mcts:time=1s,threads=2",
        "mcts:iters=5000,rollout=greedy", "mcts:iters=50,rollout=random",
        "mcts:time=250ms,cutoff=10,c=0.5", "mcts:iters=50,cutoff=60,mix=0.3", "mcts:iters=7,mix=1",
        "mcts:iters=7,mix=0.6,fade=0", "mcts:iters=7,mix=0.6,fade=25"}) {
    const std::string canonical = make_bot(spec, 1)->spec();
    EXPECT_EQ(make_bot(canonical, 1)->spec(), canonical) << spec;
  }
  EXPECT_EQ(make_bot("mcts:time=1s,threads=2", 1)->spec(), "mcts:time=1s,threads=2");
  EXPECT_EQ(make_bot("mcts:time=250ms", 1)->spec(), "mcts:time=250ms");
  EXPECT_EQ(make_bot("mcts:iters=9,rollout=policy", 1)->spec(), "mcts:iters=9");  // the default
  EXPECT_EQ(make_bot("mcts:iters=9,rollout=random", 1)->spec(), "mcts:iters=9,rollout=random");
  EXPECT_EQ(make_bot("mcts:iters=2000,cutoff=60,mix=0.3", 1)->spec(),
            "mcts:iters=2000,cutoff=60,mix=0.3");
  EXPECT_EQ(make_bot("mcts:iters=9,mix=0.125", 1)->spec(), "mcts:iters=9,mix=0.125");
  EXPECT_EQ(make_bot("mcts:iters=9,mix=0", 1)->spec(), "mcts:iters=9");  // off: the default
  EXPECT_EQ(make_bot("mcts:iters=9,mix=0.6,fade=100", 1)->spec(), "mcts:iters=9,mix=0.6");
  EXPECT_EQ(make_bot("mcts:iters=9,mix=0.6,fade=0", 1)->spec(), "mcts:iters=9,mix=0.6,fade=0");
}

TEST(BotSpecs, BadValuesAreClearErrors) {
  auto error_of = [](const std::string& spec) {
    try {
      make_bot(spec, 1);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error_of("mcts:iters=0").find("iters must be a whole number in 1.."),
            std::string::npos);
  EXPECT_NE(error_of("mcts:iters=10,time=1s").find("not both"), std::string::npos);
  EXPECT_NE(error_of("mcts:rollout=smart").find("rollout must be policy, random or greedy"),
            std::string::npos);
  EXPECT_NE(error_of("mcts:time=-1s").find("time must look like"), std::string::npos);
  EXPECT_NE(
      error_of("mcts:depth=3").find("keys: iters, time, threads, rollout, cutoff, c, mix, fade"),
      std::string::npos);
  EXPECT_NE(error_of("mcts:mix=1.5").find("mix must be a number from 0"), std::string::npos);
  EXPECT_NE(error_of("mcts:mix=-0.1").find("mix must be a number from 0"), std::string::npos);
  EXPECT_NE(error_of("mcts:mix=lots").find("not 'lots'"), std::string::npos);
  EXPECT_NE(error_of("mcts:mix=0.5,fade=-3").find("fade must be a number from 0"),
            std::string::npos);
  EXPECT_NE(error_of("mcts:fade=50").find("fade needs mix"), std::string::npos);
  EXPECT_NE(error_of("mcts:mix=0,fade=50").find("fade needs mix"), std::string::npos);
  EXPECT_NE(error_of("greedy:worlds=x").find("worlds must be a whole number"), std::string::npos);
  EXPECT_NE(error_of("mcts:iters").find("expected key=value"), std::string::npos);
}

// A last-turn position (every other tile is out of the game). Seat 1 has a Turtleman on a cross
// where a five-tile horizontal and a four-tile vertical passage meet, and a Were-Rat on the
// vertical passage; seat 0 has a Were-Rat on a lone L and holds a Crane Wife. Only covering the
// Turtleman wins (7 to 5): at either end of the horizontal passage the Crane Wife takes it but
// seat 0 still loses 7 to 9; on the vertical passage the Were-Rat cancels it; passing loses.
std::unique_ptr<State> last_monster_decides() {
  using namespace dungeon;
  testing::Board b;
  b.mix("dead_ends");  // the board has dead ends (R10: not in the default mix since dungeon-2)
  b.tile(0, 0, "NESW").tile(1, 0, "EW").tile(2, 0, "W").tile(-1, 0, "EW").tile(-2, 0, "E");
  b.tile(0, 1, "NS").tile(0, 2, "SE").tile(0, -1, "NW").tile(3, 5, "NE");
  b.monster(0, 0, 1, kTurtleman).monster(0, -1, 1, kWereRat).monster(3, 5, 0, kWereRat);
  b.p.monster_hand = {kCraneWife, kNone};
  b.p.monster_deck_size = {0, 0};
  b.rest_set_aside();
  b.to_move(0);
  b.p.step = Step::kMonster;
  b.p.turn = kDeckSize;
  return std::make_unique<DungeonState>(&dungeon(), b.p);
}

TEST(Strength, BotsFindTheWinningMonster) {
  auto s = last_monster_decides();
  const Action cover = dungeon::kActMonster + dungeon::cell_code(0, 0);
  ASSERT_TRUE(s->is_legal(cover));
  auto after = s->clone();
  after->apply(cover);
  ASSERT_TRUE(after->terminal());
  ASSERT_EQ(after->scores(), (std::vector<double>{7, 5}));
  for (const char* spec : {"greedy", "mcts:iters=400", "mcts:iters=400,rollout=greedy,cutoff=4"})
    EXPECT_EQ(make_bot(spec, 3)->choose(s->view(0, false)), cover) << spec;
}

TEST(Strength, MctsReportsItsWork) {
  auto s = std::move(decision_points(1).front());
  MctsBot bot(MctsConfig{.iterations = 500}, 1);
  bot.choose(s->view(s->to_move(), false));
  EXPECT_EQ(bot.last_stats().iterations, 500);
  EXPECT_GT(bot.last_stats().nodes, 1);
}

// Presets (issue 18): one home (bots/presets.cpp); a level names the game's preset wherever a
// bot spec is read (play, arena, sim, the table server all call resolve_bot_spec).
TEST(Presets, LevelsResolveToTheGamesPresetAndSpecsPassThrough) {
  for (const auto& g : Registry::instance().games())
    for (const auto& level : bot_levels()) {
      const std::string spec = resolve_bot_spec(g->id, level);
      EXPECT_EQ(spec, bot_preset(g->id, level)) << g->id << " " << level;
      EXPECT_NE(spec, level);
      EXPECT_NO_THROW(make_bot(spec, 1)) << spec;
    }
  EXPECT_EQ(resolve_bot_spec("dungeon", "greedy:worlds=3"), "greedy:worlds=3");
  EXPECT_EQ(resolve_bot_spec("yard", "mcts:iters=5,cutoff=9"), "mcts:iters=5,cutoff=9");
  EXPECT_EQ(resolve_bot_spec("yard", "human"), "human");
  EXPECT_EQ(bot_levels(), (std::vector<std::string>{"easy", "normal", "hard"}));
}

TEST(Presets, MisspeltLevelsAndBotsGetADidYouMean) {
  auto error_of = [](const std::string& text) {
    try {
      resolve_bot_spec("yard", text);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error_of("hrad").find("unknown bot 'hrad'"), std::string::npos);
  EXPECT_NE(error_of("hrad").find("did you mean 'hard'?"), std::string::npos);
  EXPECT_NE(error_of("nromal").find("did you mean 'normal'?"), std::string::npos);
  EXPECT_NE(error_of("Easy").find("did you mean 'easy'?"), std::string::npos);
  EXPECT_NE(error_of("gredy:worlds=2").find("did you mean 'greedy'?"), std::string::npos);
  EXPECT_NE(error_of("genius").find("levels: easy, normal, hard"), std::string::npos);
  EXPECT_EQ(error_of("genius").find("did you mean"), std::string::npos);
  EXPECT_NE(error_of("hard:threads=2").find("takes no settings"), std::string::npos);
  EXPECT_THROW(bot_preset("yard", "godlike"), Error);
  EXPECT_THROW(resolve_bot_spec("chess", "hard"), Error);
}

// The presets respect what the table server allows a client (one thread, an iteration budget
// of at most 200000, so that a decision's cost does not depend on the load) and get stronger
// with the level: easy is greedy, normal and hard are MCTS with hard searching more.
TEST(Presets, PresetsAreLoadIndependentAndOrdered) {
  for (const auto& g : Registry::instance().games()) {
    long iters[3] = {0, 0, 0};
    for (std::size_t i = 0; i < bot_levels().size(); ++i) {
      const BotSpec spec = parse_bot_spec(bot_preset(g->id, bot_levels()[i]));
      for (const auto& [k, v] : spec.params) {
        EXPECT_NE(k, "time") << g->id;
        EXPECT_NE(k, "threads") << g->id;
        if (k == "iters") iters[i] = std::stol(v);
      }
    }
    EXPECT_EQ(bot_preset(g->id, "easy").substr(0, 6), "greedy") << g->id;
    EXPECT_GT(iters[1], 0) << g->id;
    EXPECT_GT(iters[2], iters[1]) << g->id;
    EXPECT_LE(iters[2], 200000) << g->id;
  }
}

}  // namespace
}  // namespace turf
