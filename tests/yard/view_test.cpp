// Yard views: what each viewer may know (E2, perfect recall), world sampling, labels, options and
// the terminal drawing.
#include <gtest/gtest.h>

#include <set>

#include "core/view.h"
#include "games/yard/game.h"
#include "yard/board.h"

namespace turf::yard {
namespace {

using testing::Board;
using testing::kind;
using testing::Table;
using testing::yard_game;

std::unique_ptr<State> fresh(int players, std::uint64_t seed, int edition = 2) {
  const GameInfo& g = yard_game();
  return g.create(
      g.resolve({{"players", std::to_string(players)}, {"edition", std::to_string(edition)}}),
      seed);
}

// Plays `moves` random actions (fewer if the game ends first).
std::unique_ptr<State> played(int players, std::uint64_t seed, int moves, int edition = 2) {
  auto s = fresh(players, seed, edition);
  Rng r(seed);
  std::vector<Action> legal;
  for (int i = 0; i < moves && !s->terminal(); ++i) {
    s->legal_actions(legal);
    s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return s;
}

const Position& pos(const State& s) {
  return dynamic_cast<const YardState&>(s).position();
}

nlohmann::json without_viewer(nlohmann::json j) {
  j.erase("viewer");
  j.erase("legal");
  return j;
}

TEST(YardView, E2_EverySeatAndTheSpectatorKnowTheSame) {
  auto s = played(3, 11, 150);
  const auto spectator = without_viewer(s->view(kSpectator).to_json());
  for (Seat v = 0; v < 3; ++v) EXPECT_EQ(without_viewer(s->view(v).to_json()), spectator);
  // Perfect recall: every hand and Garage is known (its cards came from public places).
  for (int seat = 0; seat < 3; ++seat) {
    EXPECT_EQ(spectator["seats"][seat]["hand"].size(),
              spectator["seats"][seat]["hand_count"].get<std::size_t>());
    EXPECT_EQ(spectator["seats"][seat]["garage"].size(),
              spectator["seats"][seat]["garage_count"].get<std::size_t>());
  }
}

TEST(YardView, Y7_2_PointsDetailAddsUpToTheScore) {
  // Every seat's "points" lists each scoring Yard card with its pile, and each swayed Neighbor;
  // together they are the score, at every step of random games with 2-4 players.
  for (int players = 2; players <= 4; ++players) {
    auto s = fresh(players, 40 + players);
    Rng r(players);
    std::vector<Action> legal;
    bool some_card = false, some_neighbor = false;
    while (!s->terminal()) {
      const auto j = s->view(kSpectator).to_json();
      for (const auto& seat : j["seats"]) {
        int sum = 0;
        for (const auto& e : seat["points"]["yard"]) {
          EXPECT_NE(e["points"].get<int>(), 0);
          bool found = false;
          for (const auto& pile : seat["yard"])
            if (pile["pile"] == e["pile"])
              for (const auto& c : pile["cards"])
                found = found || c == e["card"] || (c.is_object() && c["card"] == e["card"]);
          EXPECT_TRUE(found) << e;
          sum += e["points"].get<int>();
          some_card = true;
        }
        for (const auto& e : seat["points"]["sway"]) {
          sum += e["points"].get<int>();
          some_neighbor = true;
        }
        ASSERT_EQ(sum, seat["score"].get<int>()) << seat;
      }
      s->legal_actions(legal);
      s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    EXPECT_TRUE(some_card);
    EXPECT_TRUE(some_neighbor);
  }
}

TEST(YardView, E2_DeckOrderAndFaceDownNeighborsAreHidden) {
  auto s = played(4, 5, 40);
  const auto seat = s->view(0).to_json();
  const auto spectator = s->view(kSpectator).to_json();
  const auto all = s->view(kOmniscient).to_json();
  for (const auto& j : {seat, spectator}) {
    EXPECT_FALSE(j.contains("deck_order"));
    EXPECT_FALSE(j.contains("set_aside"));
    EXPECT_EQ(j["neighbors_set_aside"], pos(*s).set_aside_size);
  }
  EXPECT_EQ(all["deck_order"].size() + all["deck_bottom"].size(),
            all["deck_count"].get<std::size_t>());
  EXPECT_EQ(all["set_aside"].size(), pos(*s).set_aside_size);
  // The view itself holds no trace of them.
  const View seen = s->view(0);
  const auto& v = seen.as<YardView>();
  for (int i = v.pos.deck_known; i < v.pos.deck_size; ++i) EXPECT_EQ(v.pos.deck[i], 0);
  for (int i = 0; i < v.pos.set_aside_size; ++i) EXPECT_EQ(v.pos.set_aside[i], kNone);
  EXPECT_EQ(v.pos.rng, Rng());
}

// What the view says is in the hidden part of the Store deck is exactly what nobody sees
// anywhere else: the whole card list minus the Store, the Trash, the Yards, the hands, the
// Garages, the Events out of the game or at the bottom, and an Event being done.
TEST(YardView, E2_HiddenDeckIsWhatNobodySees) {
  for (int players = 2; players <= 4; ++players)
    for (int edition = 1; edition <= 2; ++edition)
      for (int moves : {0, 60, 200, 400}) {
        auto s = played(players, 100 + moves, moves, edition);
        const View seen = s->view(1);
        const auto& v = seen.as<YardView>();
        const Position& p = v.pos;
        const Content& c = content();
        for (int k = 0; k < static_cast<int>(c.cards.size()); ++k) {
          int seen = p.store[k] + p.trash[k] + p.gone[k] + p.limbo[k];
          for (int i = 0; i < p.deck_known; ++i) seen += p.deck[i] == k;
          for (int seat = 0; seat < p.seats; ++seat) {
            const Player& pl = p.players[seat];
            seen += pl.hand[k] + pl.garage[k];
            for (int i = 0; i < pl.yard_size; ++i) seen += kind_of(pl.yard[i]) == k;
          }
          for (int f = 0; f < p.nframes; ++f)
            seen += p.frames[f].type == FrameType::kProgram && p.frames[f].timing == kOnReveal &&
                    p.frames[f].kind == k;
          const int total = c.cards[k].count[edition - 1] + (c.cards[k].starting ? players : 0);
          EXPECT_EQ(v.hidden_deck[k], total - seen) << c.cards[k].id;
        }
      }
}

TEST(YardView, SampledWorldsRedealOnlyTheDeckAndTheFaceDownNeighbors) {
  auto s = played(3, 21, 30);
  const Position& truth = pos(*s);
  const View v = s->view(2);
  ASSERT_TRUE(v.ambiguous());
  std::set<std::vector<std::uint8_t>> orders;
  std::set<int> aside;
  Rng r(9);
  for (int k = 0; k < 100; ++k) {
    auto w = v.sample_world(r);
    Position q = pos(*w);
    orders.insert(
        std::vector<std::uint8_t>(q.deck.begin() + q.deck_known, q.deck.begin() + q.deck_size));
    if (q.set_aside_size) aside.insert(q.set_aside[0]);
    EXPECT_EQ(w->view(2).to_json(), v.to_json());
    // Everything else is the truth itself.
    q.deck = truth.deck;
    q.set_aside = truth.set_aside;
    q.rng = truth.rng;
    EXPECT_EQ(q, truth);
  }
  EXPECT_GT(orders.size(), 90u);
  if (truth.set_aside_size) {
    EXPECT_GE(aside.size(), 5u);
  }
}

TEST(YardView, OmniscientViewSamplesTheStateItself) {
  auto s = played(4, 8, 120, 1);
  Rng r(2);
  EXPECT_FALSE(s->view(kOmniscient).ambiguous());
  EXPECT_TRUE(s->view(kOmniscient).sample_world(r)->equals(*s));
}

TEST(YardView, NotAmbiguousOnceNothingIsHidden) {
  Board b;
  b.row({"gloria", "walter"}).deck({"tulips", "tulips"});
  Table t(b, 0);
  EXPECT_FALSE(t.state().view(0).ambiguous());  // two Tulips in one order only
  Board c(3);
  c.row({"gloria", "walter"}).set_aside({"edna"}).deck({"tulips"});
  Table u(c, 0);
  EXPECT_TRUE(u.state().view(0).ambiguous());  // which Neighbor lies face down
}

TEST(YardView, LabelsAndJsonDescribeActions) {
  Board b;
  b.row({"gloria", "walter"}).hand(0, {"skunk"}).away(1);
  Table t(b, 0);
  t.act("home");
  t.act("play Skunk");
  const YardState& st = t.state();
  EXPECT_EQ(st.action_label(kActOnto + 0 * 16 + 4), "onto b2");
  EXPECT_EQ(st.action_label(kActOnto + 1 * 16 + 8), "onto P2 c3");
  EXPECT_EQ(st.public_label(kActOnto + 0 * 16 + 4), "onto P1 b2");
  nlohmann::json j;
  st.action_to_json(kActOnto + 1 * 16 + 8, j);
  EXPECT_EQ(j, (nlohmann::json{{"type", "onto"}, {"seat", 1}, {"pile", "c3"}}));
  st.action_to_json(kActBuy + kind("tulips"), j);
  EXPECT_EQ(j, (nlohmann::json{{"type", "buy"}, {"card", "tulips"}}));
  EXPECT_EQ(st.action_label(kActBuy + kind("tulips")), "buy Tulips ($2)");
  EXPECT_EQ(st.action_label(kActSway + testing::neighbor("maximilian")), "sway Maximilian");
  EXPECT_EQ(st.action_label(kActGrass + 8), "grass c3");
  // Every legal action has a label of its own, in every state of some random games.
  for (int players = 2; players <= 4; ++players) {
    auto s = fresh(players, 40 + players);
    Rng r(players);
    std::vector<Action> legal;
    while (!s->terminal()) {
      s->legal_actions(legal);
      std::set<std::string> labels;
      for (Action a : legal) {
        const std::string l = s->action_label(a);
        EXPECT_EQ(l.find("unknown"), std::string::npos) << l;
        labels.insert(l);
      }
      ASSERT_EQ(labels.size(), legal.size());
      s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
}

TEST(YardView, Y8_OptionsHaveClearAllowedValues) {
  const GameInfo& g = yard_game();
  auto error_of = [&](const std::map<std::string, std::string>& o) {
    try {
      g.resolve(o);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(error_of({{"edition", "3"}}).find("1|2"), std::string::npos);
  EXPECT_NE(error_of({{"players", "5"}}).find("2..4"), std::string::npos);
  EXPECT_EQ(g.resolve({}).get("edition"), "2");
  EXPECT_EQ(pos(*fresh(2, 1, 1)).edition, 1);
}

TEST(YardView, DrawingShowsOnlyTheViewersHand) {
  Board b;
  b.row({"amelia", "maximilian"}).hand(0, {"mighty_oak"}).hand(1, {"gazebo", "pinwheel"});
  b.grass(0, {"b2"}).yard(0, "b2", {"tulips", "sunflower"}).garage(1, {"skunk"});
  b.store({"rose_bush"});
  Table t(b, 0);
  DrawStyle plain;
  plain.colour = false;
  const std::string mine = draw(t.state().view(0), plain);
  const std::string theirs = draw(t.state().view(1), plain);
  // Each card in hand and in the Store with its short text (issue 16).
  EXPECT_NE(
      mine.find("hand: Mighty Oak: $" + std::to_string(content().cards[kind("mighty_oak")].cost)),
      std::string::npos)
      << mine;
  EXPECT_EQ(mine.find("Gazebo"), std::string::npos) << mine;
  EXPECT_NE(theirs.find("hand: Pinwheel: $1 1VP | Gazebo: $"), std::string::npos) << theirs;
  EXPECT_EQ(theirs.find("Mighty Oak"), std::string::npos) << theirs;
  // A rival's status in one line on a compact screen.
  EXPECT_NE(mine.find("Garage 1  hand 2\n"), std::string::npos) << mine;
  // The Yard grid: b2 is Grass with two cards on one Place, the Sunflower on top (compact; in
  // full with --wide, with what lies under it).
  EXPECT_NE(mine.find("G2/2 Sunflower"), std::string::npos) << mine;
  DrawStyle wide = plain;
  wide.wide = true;
  const std::string full = draw(t.state().view(0), wide);
  EXPECT_NE(full.find("G 2/2 Sunflower"), std::string::npos) << full;
  EXPECT_NE(full.find("  on Tulips"), std::string::npos) << full;
  EXPECT_NE(full.find("Garage: 1 card   hand: 2 cards\n"), std::string::npos) << full;
  EXPECT_NE(mine.find("Store: Rose Bush: $5"), std::string::npos) << mine;
  EXPECT_NE(mine.find("Maximilian (pay $20)"), std::string::npos);
  EXPECT_NE(mine.find("Amelia (3 ornaments)"), std::string::npos);
  EXPECT_NE(mine.find("HOME"), std::string::npos);
}

TEST(YardView, AsciiDrawingIsPlainAscii) {
  auto s = played(4, 3, 200);
  DrawStyle ascii;
  ascii.colour = false;
  ascii.unicode = false;
  for (Seat v : {0, 1, kSpectator}) {
    const std::string a = draw(s->view(v), ascii);
    for (unsigned char c : a) EXPECT_LT(c, 128) << "non-ASCII character in --ascii drawing";
  }
  DrawStyle colour;
  EXPECT_NE(draw(s->view(0), colour).find("\033["), std::string::npos);
}

}  // namespace
}  // namespace turf::yard
