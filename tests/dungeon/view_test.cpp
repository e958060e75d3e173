// Dungeon views: what each viewer may know (E2), world sampling, and the terminal drawing.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>

#include "core/view.h"
#include "games/dungeon/game.h"

namespace turf::dungeon {
namespace {

std::unique_ptr<State> fresh(std::uint64_t seed) {
  const GameInfo& g = Registry::instance().find("dungeon");
  return g.create(g.resolve({}), seed);
}

// Plays random actions until the mover is in the middle of a tile decision (a shape chosen).
std::unique_ptr<State> mid_turn(std::uint64_t seed) {
  auto s = fresh(seed);
  Rng r(seed);
  std::vector<Action> legal;
  for (int i = 0; i < 400 && !s->terminal(); ++i) {
    const auto& p = dynamic_cast<const DungeonState&>(*s).position();
    if (p.step == Step::kChooseCell && p.num_tiles > 2) return s;
    s->legal_actions(legal);
    s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return nullptr;
}

TEST(DungeonView, E2_HandsAreHiddenFromTheOpponent) {
  auto s = fresh(21);
  const Seat me = s->to_move(), other = 1 - me;
  const auto mine = s->view(me).to_json();
  const auto theirs = s->view(other).to_json();
  const auto spectator = s->view(kSpectator).to_json();
  const auto all = s->view(kOmniscient).to_json();
  EXPECT_TRUE(mine["seats"][me].contains("hand"));
  EXPECT_TRUE(mine["seats"][me].contains("monster"));
  EXPECT_FALSE(mine["seats"][other].contains("hand"));
  EXPECT_FALSE(mine["seats"][other].contains("monster"));
  EXPECT_EQ(mine["seats"][other]["hand_count"], 1);
  EXPECT_FALSE(theirs["seats"][me].contains("hand"));
  for (int seat = 0; seat < 2; ++seat) {
    EXPECT_FALSE(spectator["seats"][seat].contains("hand"));
    EXPECT_FALSE(spectator["seats"][seat].contains("monster_deck"));
    EXPECT_TRUE(all["seats"][seat].contains("hand"));
    EXPECT_TRUE(all["seats"][seat].contains("monster_deck"));
  }
  EXPECT_FALSE(mine.contains("deck_order"));
  EXPECT_FALSE(spectator.contains("deck_order"));
  EXPECT_EQ(all["deck_order"].size(), all["deck_count"].get<std::size_t>());
}

TEST(DungeonView, E2_UnfinishedTileChoiceIsTheMoversSecret) {
  auto s = mid_turn(5);
  ASSERT_NE(s, nullptr);
  const Seat me = s->to_move();
  EXPECT_TRUE(s->view(me).to_json().contains("pending"));
  EXPECT_FALSE(s->view(1 - me).to_json().contains("pending"));
  EXPECT_FALSE(s->view(kSpectator).to_json().contains("pending"));
  EXPECT_EQ(s->view(1 - me).to_json()["step"], "tile");
  // A world sampled for the opponent puts the mover back at the start of its tile decision,
  // with the same view and a legal decision to make.
  Rng r(1);
  const View v = s->view(1 - me);
  auto w = v.sample_world(r);
  EXPECT_EQ(w->view(1 - me).to_json(), v.to_json());
  std::vector<Action> legal;
  w->legal_actions(legal);
  EXPECT_FALSE(legal.empty());
}

TEST(DungeonView, SampledWorldsKeepWhatTheSeatKnowsAndRedealTheRest) {
  auto s = fresh(33);
  const Seat me = s->to_move(), other = 1 - me;
  const View v = s->view(me);
  const auto& p = dynamic_cast<const DungeonState&>(*s).position();
  std::set<std::uint8_t> other_hands;
  std::set<std::uint8_t> other_monsters;
  Rng r(4);
  for (int k = 0; k < 200; ++k) {
    auto w = v.sample_world(r);
    const auto& q = dynamic_cast<const DungeonState&>(*w).position();
    EXPECT_EQ(q.hand[me], p.hand[me]);
    EXPECT_EQ(q.monster_hand[me], p.monster_hand[me]);
    EXPECT_EQ(q.deck_size, p.deck_size);
    EXPECT_EQ(q.hand_size[other], p.hand_size[other]);
    other_hands.insert(q.hand[other][0]);
    other_monsters.insert(q.monster_hand[other]);
  }
  EXPECT_GE(other_hands.size(), 4u);     // the opponent's tile could be any shape
  EXPECT_EQ(other_monsters.size(), 3u);  // and its monster any type
}

// R9: what the other seat sees of a turn. Trace = (seat to move, public label) per action.
using Trace = std::vector<std::pair<int, std::string>>;

// Explores every way the mover can finish its tile step (a monster step is passed) until the
// viewer moves again or the game ends, and files the trace under the public outcome: the board
// and the set-aside pile as every seat sees them.
void explore(const State& s, Seat viewer, Trace& trace, int world,
             std::map<std::string, std::set<Trace>>& traces,
             std::map<std::string, std::set<int>>& worlds) {
  if (s.terminal() || s.to_move() == viewer) {
    const auto pub = s.view(kSpectator).to_json();
    const std::string key = pub["board"].dump() + pub["set_aside"].dump();
    traces[key].insert(trace);
    worlds[key].insert(world);
    return;
  }
  const auto& p = dynamic_cast<const DungeonState&>(s).position();
  std::vector<Action> legal;
  s.legal_actions(legal);
  if (p.step == Step::kMonster) legal = {kActPass};
  for (Action a : legal) {
    auto next = s.clone();
    trace.emplace_back(s.to_move(), s.public_label(a));
    next->apply(a);
    explore(*next, viewer, trace, world, traces, worlds);
    trace.pop_back();
  }
}

TEST(DungeonView, R9_PaceOfPlayDoesNotShowTheHiddenHand) {
  // At each monster step of seat v, sample worlds from v's view (the opponent's hand and the
  // deck re-dealt), let v pass, and explore the opponent's whole turn in every world. Whatever
  // the hidden hand holds, one public outcome must come with one public trace: the same labels
  // and the same seats moving at the same times.
  int shared = 0, positions = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    auto s = fresh(seed);
    Rng r(seed * 7919);
    std::vector<Action> legal;
    while (!s->terminal()) {
      const auto& p = dynamic_cast<const DungeonState&>(*s).position();
      if (p.step == Step::kMonster && p.num_tiles >= 2 && r.below(3) == 0) {
        ++positions;
        const Seat v = s->to_move();
        const View view = s->view(v);
        std::map<std::string, std::set<Trace>> traces;
        std::map<std::string, std::set<int>> worlds;
        Rng wr(seed + 100u * static_cast<unsigned>(positions));
        for (int k = 0; k < 12; ++k) {
          auto w = view.sample_world(wr);
          ASSERT_EQ(w->view(v).to_json(), view.to_json());
          Trace trace{{v, w->public_label(kActPass)}};
          w->apply(kActPass);
          explore(*w, v, trace, k, traces, worlds);
        }
        for (const auto& [key, set] : traces) {
          EXPECT_EQ(set.size(), 1u) << "seed " << seed << ": one outcome, several public traces";
          if (worlds[key].size() >= 2) ++shared;
        }
      }
      s->legal_actions(legal);
      s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
  EXPECT_GE(positions, 10);
  EXPECT_GE(shared, 50);  // many outcomes were reachable from several different hidden hands
}

TEST(DungeonView, OmniscientViewSamplesTheStateItself) {
  auto s = mid_turn(8);
  ASSERT_NE(s, nullptr);
  Rng r(2);
  EXPECT_TRUE(s->view(kOmniscient).sample_world(r)->equals(*s));
}

TEST(DungeonView, DrawingShowsOnlyTheViewersHand) {
  auto s = fresh(21);
  const Seat me = s->to_move();
  DrawStyle plain;
  plain.colour = false;
  const auto& p = dynamic_cast<const DungeonState&>(*s).position();
  const std::string mine = draw(s->view(me), plain);
  const std::string theirs = draw(s->view(1 - me), plain);
  const std::string shape = shape_label(p.hand[me][0]);
  EXPECT_NE(mine.find("tiles: " + shape), std::string::npos) << mine;
  EXPECT_NE(theirs.find("tiles: 2"), std::string::npos) << theirs;
  EXPECT_EQ(theirs.find("tiles: " + shape), std::string::npos);
}

TEST(DungeonView, DrawingMarksTheChoicesOnTheBoard) {
  auto s = mid_turn(5);
  ASSERT_NE(s, nullptr);
  DrawStyle plain;
  plain.colour = false;
  const View v = s->view(s->to_move());
  const std::string pic = draw(v, plain);
  for (std::size_t i = 1; i <= v.legal().size(); ++i)
    EXPECT_NE(pic.find("[" + std::to_string(i) + "]"), std::string::npos) << pic;
  DrawStyle ascii = plain;
  ascii.unicode = false;
  const std::string a = draw(v, ascii);
  for (unsigned char c : a) EXPECT_LT(c, 128) << "non-ASCII character in --ascii drawing";
}

TEST(DungeonView, LabelsAndJsonDescribeActions) {
  auto s = fresh(2);
  const auto& st = dynamic_cast<const DungeonState&>(*s);
  EXPECT_EQ(st.action_label(kActChooseTile + kTee), "tile T");
  EXPECT_EQ(st.public_label(kActChooseTile + kTee), "takes a tile");
  EXPECT_EQ(st.action_label(kActCell + cell_code(1, -2)), "at 1,-2");
  EXPECT_EQ(st.action_label(kActOrient + 0b0111), "open NES");
  EXPECT_EQ(st.action_label(kActPass), "pass");
  EXPECT_EQ(st.action_label(kActSetAside + kCorner), "set aside L");
  nlohmann::json j;
  st.action_to_json(kActCell + cell_code(-3, 4), j);
  EXPECT_EQ(j, (nlohmann::json{{"type", "cell"}, {"x", -3}, {"y", 4}}));
}

}  // namespace
}  // namespace turf::dungeon
