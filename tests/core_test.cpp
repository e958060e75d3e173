// The registry, options, views' action parsing and bot specs.
#include <gtest/gtest.h>

#include "bots/agent.h"
#include "core/game.h"
#include "core/view.h"

namespace turf {
namespace {

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(Registry, FindsGamesAndNamesTheKnownOnes) {
  const auto& reg = Registry::instance();
  EXPECT_EQ(reg.find("dungeon").id, "dungeon");
  const std::string msg = error_of([&] { reg.find("chess"); });
  EXPECT_NE(msg.find("unknown game 'chess'"), std::string::npos);
  EXPECT_NE(msg.find("dungeon"), std::string::npos);
}

TEST(Registry, EveryGameDeclaresPlayersAndRules) {
  for (const auto& g : Registry::instance().games()) {
    const OptionSpec* players = g->find_option("players");
    ASSERT_NE(players, nullptr) << g->id;
    EXPECT_EQ(players->kind, OptionSpec::Kind::Integer);
    EXPECT_EQ(players->min, g->min_players);
    EXPECT_EQ(players->max, g->max_players);
    EXPECT_FALSE(g->rules_text.empty()) << g->id;
    EXPECT_FALSE(g->rules_version.empty()) << g->id;
    EXPECT_TRUE(g->create);
    EXPECT_TRUE(g->draw);
  }
}

TEST(Options, DefaultsAreFilledIn) {
  const GameInfo& g = Registry::instance().find("dungeon");
  const Options o = g.resolve({});
  EXPECT_EQ(o.players(), 2);
  EXPECT_EQ(o.get("tiles"), "standard");
  EXPECT_EQ(o.to_string(), "influence=passage,players=2,tiles=standard,variant=base");
}

TEST(Options, UnknownNameListsTheOptions) {
  const GameInfo& g = Registry::instance().find("dungeon");
  const std::string msg = error_of([&] { g.resolve({{"speed", "fast"}}); });
  EXPECT_EQ(msg,
            "game 'dungeon' has no option 'speed' (options: players, tiles, influence, variant)");
}

TEST(Options, BadValuesListTheAllowedOnes) {
  const GameInfo& g = Registry::instance().find("dungeon");
  EXPECT_EQ(
      error_of([&] {
        g.resolve({{"tiles", "huge"}});
      }),
      "option 'tiles' of game 'dungeon' must be one of standard|open|twisty|dead_ends, not 'huge'");
  EXPECT_EQ(error_of([&] {
              g.resolve({{"players", "3"}});
            }),
            "option 'players' of game 'dungeon' must be in 2..2, not '3'");
  EXPECT_EQ(error_of([&] {
              g.resolve({{"players", "two"}});
            }),
            "option 'players' of game 'dungeon' must be in 2..2, not 'two'");
  EXPECT_EQ(g.resolve({{"players", " 2 "}}).players(), 2);
}

TEST(View, ParsesActionsByIdLabelAndJson) {
  const GameInfo& g = Registry::instance().find("dungeon");
  auto s = g.create(g.resolve({}), 3);
  const View v = s->view(s->to_move());
  ASSERT_FALSE(v.legal().empty());
  const auto& first = v.legal().front();
  EXPECT_EQ(v.parse_action(std::to_string(first.id)), first.id);
  EXPECT_EQ(v.parse_action(first.label), first.id);
  std::string upper = first.label;
  for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  EXPECT_EQ(v.parse_action("  " + upper + " "), first.id);
  EXPECT_EQ(v.parse_action(first.json.dump()), first.id);
  EXPECT_THROW(v.parse_action("fly away"), Error);
  EXPECT_THROW(v.parse_action("99999"), Error);
  EXPECT_THROW(v.parse_action("{not json"), Error);
  EXPECT_THROW(v.parse_action(""), Error);
  // A seat that is not to move has nothing to choose.
  const View other = s->view(1 - s->to_move());
  EXPECT_TRUE(other.legal().empty());
  EXPECT_THROW(other.parse_action(first.label), Error);
}

TEST(View, ViewerNames) {
  EXPECT_EQ(parse_viewer("1", 2), 1);
  EXPECT_EQ(parse_viewer("spectator", 2), kSpectator);
  EXPECT_EQ(parse_viewer("Omniscient", 2), kOmniscient);
  EXPECT_THROW(parse_viewer("2", 2), Error);
  EXPECT_THROW(parse_viewer("-1", 2), Error);
  EXPECT_EQ(viewer_name(kSpectator), "spectator");
}

TEST(BotSpecs, SplitSeatLists) {
  EXPECT_EQ(split_seat_specs("human,random"), (std::vector<std::string>{"human", "random"}));
  EXPECT_EQ(split_seat_specs("mcts:time=1s,threads=2,random"),
            (std::vector<std::string>{"mcts:time=1s,threads=2", "random"}));
  EXPECT_EQ(split_seat_specs("random"), (std::vector<std::string>{"random"}));
}

TEST(BotSpecs, BadSpecsNameWhatIsValid) {
  EXPECT_NE(error_of([] { parse_bot_spec("genius"); }).find("unknown bot 'genius' (bots: random"),
            std::string::npos);
  EXPECT_NE(error_of([] { parse_bot_spec("random:speed=3"); }).find("has no key 'speed'"),
            std::string::npos);
  EXPECT_EQ(parse_bot_spec("random").name, "random");
}

TEST(BotSpecs, RandomBotPlaysOnlyLegalActionsFromTheView) {
  const GameInfo& g = Registry::instance().find("dungeon");
  auto s = g.create(g.resolve({}), 9);
  auto bot = make_bot("random", 1);
  while (!s->terminal()) {
    const View v = s->view(s->to_move());
    const Action a = bot->choose(v);
    ASSERT_TRUE(s->is_legal(a));
    s->apply(a);
  }
}

// A minimal state to test the default ranking and outcome with ties.
struct FixedScores : State {
  std::vector<double> s;
  explicit FixedScores(std::vector<double> v) : State(nullptr), s(std::move(v)) {}
  int num_seats() const override { return static_cast<int>(s.size()); }
  Seat to_move() const override { return kNobody; }
  bool terminal() const override { return true; }
  void legal_actions(std::vector<Action>& out) const override { out.clear(); }
  std::vector<double> scores() const override { return s; }
  int length_bound() const override { return 0; }
  std::string action_label(Action) const override { return ""; }
  void action_to_json(Action, nlohmann::json&) const override {}
  std::shared_ptr<const ViewData> make_view_data(Seat) const override { return nullptr; }
  std::unique_ptr<State> clone() const override { return nullptr; }
  void copy_from(const State&) override {}
  bool equals(const State&) const override { return false; }
  void do_apply(Action) override {}
};

TEST(StateContract, RankingSharesTies) {
  FixedScores a({10, 20, 20, 5});
  EXPECT_EQ(a.ranking(), (std::vector<int>{2, 0, 0, 3}));
  EXPECT_EQ(a.outcome(), (std::vector<double>{0, 0.5, 0.5, 0}));
  FixedScores b({7, 7});
  EXPECT_EQ(b.ranking(), (std::vector<int>{0, 0}));
  EXPECT_THROW(b.apply(0), Error);  // the game is over
}

}  // namespace
}  // namespace turf
