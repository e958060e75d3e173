// Cry Havoc narration and card texts (issue 16): battles told per objective with their outcome,
// exploration tokens named, scoring with its reasons, the view wall for narration, and every
// card's text.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>

#include "core/narration.h"
#include "games/cryhavoc/game.h"
#include "narration_wall.h"

namespace turf::cryhavoc {
namespace {

const GameInfo& game() {
  return Registry::instance().find("cryhavoc");
}

const Position& pos(const State& s) {
  return dynamic_cast<const CryHavocState&>(s).position();
}

std::string P(int seat) {
  return "{P" + std::to_string(seat + 1) + "}";
}

const Narration* find(const std::vector<Narration>& ns, const std::string& kind) {
  for (const auto& n : ns)
    if (n.kind == kind) return &n;
  return nullptr;
}

// C8.6-C8.8, C6.6, C10: seeded games whose narration names each battle's region, sides and the
// Region Control winner (who then holds the region unless neutral Trogs won), each exploration
// token by name, and each scoring with the VP each seat gained.
TEST(CryHavocNarration, C8_BattleAndExplorationNarrationNameTheOutcome) {
  int battles = 0, explorations = 0, scorings = 0;
  for (int players : {2, 3}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto s = game().create(game().resolve({{"players", std::to_string(players)}}), seed);
      Rng r(seed * 5 + 3);
      std::vector<Action> legal;
      while (!s->terminal()) {
        s->legal_actions(legal);
        const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
        std::unique_ptr<State> after;
        const auto ns = turf::testing::narrate_for(*s, a, kSpectator, after);
        const Public& b = pos(*s).pub;
        const Public& x = pos(*after).pub;
        const BattleReport& br = x.last_battle;
        if (br.done && (br.number != b.last_battle.number || !b.last_battle.done)) {
          ++battles;
          const Narration* n = find(ns, "battle");
          ASSERT_NE(n, nullptr) << turf::testing::narration_text(ns);
          EXPECT_NE(n->text.find("Battle at " + region_name(pos(*after), br.region)),
                    std::string::npos)
              << n->text;
          const int w = br.side[br.winner];
          const int ws = x.faction_seat[w];
          const std::string winner =
              ws == kNone ? "the neutral Trogs" : P(ws) + " (" + faction_name(w) + ")";
          EXPECT_NE(n->text.find("Region Control " + std::to_string(br.value[0][kControl]) + "-" +
                                 std::to_string(br.value[1][kControl]) + ": " + winner + " wins"),
                    std::string::npos)
              << n->text;
          if (ws != kNone) {
            EXPECT_EQ(x.regions[br.region].control, w) << n->text;
          }
        }
        for (int i = b.num_revealed_explores; i < x.num_revealed_explores; ++i) {
          ++explorations;
          const std::string name = content().explores[x.revealed_explores[i]].name;
          bool found = false;
          for (const auto& n : ns)
            found |= n.kind == "exploration" && n.text.find(name) != std::string::npos;
          EXPECT_TRUE(found) << name << "\n" << turf::testing::narration_text(ns);
        }
        if (x.scorings != b.scorings) {
          ++scorings;
          for (int seat = 0; seat < players; ++seat) {
            const int gained = x.last_round.regions[seat] + x.last_round.crystals[seat] +
                               x.last_round.ancient[seat];
            bool found = false;
            for (const auto& n : ns)
              found |= n.kind == "scoring" &&
                       n.text.find(P(seat) + " scores " + std::to_string(gained) + " VP") == 0;
            EXPECT_TRUE(found) << turf::testing::narration_text(ns);
          }
        }
        s = std::move(after);
      }
    }
  }
  EXPECT_GT(battles, 0);
  EXPECT_GT(explorations, 0);
  EXPECT_GT(scorings, 0);
}

// E2 for narration: a step narrated for a viewer is the same in every world that viewer's view
// allows; the card kept from a draw never shows to the other seats.
TEST(CryHavocNarration, E2_NarrationPassesTheViewWall) {
  std::vector<std::string> names;
  for (const auto& c : content().cards) names.push_back("keep " + c.name);
  for (int players : {2, 4}) {
    const int compared = turf::testing::check_narration_wall(
        game(), game().resolve({{"players", std::to_string(players)}}), 41 + players, 600, 5, 2,
        names);
    EXPECT_GT(compared, 20) << players;
  }
}

// C7.6: the kept card of "draw 2, keep 1" is named to its keeper only.
TEST(CryHavocNarration, C7_6_KeptCardNamedOnlyToItsKeeper) {
  auto s = game().create(game().resolve({{"players", "2"}}), 9);
  Rng r(2);
  std::vector<Action> legal;
  int seen = 0;
  for (int i = 0; i < 20000 && !s->terminal() && seen == 0; ++i) {
    s->legal_actions(legal);
    const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
    const Seat mover = s->to_move();
    std::unique_ptr<State> after;
    if (pos(*s).pub.step == Step::kKeep) {
      const std::string name = content().cards[a - kActCard].name;
      const auto own = turf::testing::narrate_for(*s, a, mover, after);
      EXPECT_NE(turf::testing::narration_text(own).find("keeps " + name), std::string::npos);
      const auto other = turf::testing::narrate_for(*s, a, 1 - mover, after);
      EXPECT_EQ(turf::testing::narration_text(other).find("keeps " + name), std::string::npos);
      EXPECT_NE(turf::testing::narration_text(other).find("keeps a card"), std::string::npos);
      ++seen;
    } else {
      turf::testing::narrate_for(*s, a, kSpectator, after);
    }
    s = std::move(after);
  }
  EXPECT_EQ(seen, 1);
}

// Issue 16, card texts: every faction, skill, structure, card, objective, event and token has a
// text and a tag; ids are unique; the ids views use for cards and tokens are among them.
TEST(CryHavocCards, EveryCardHasTextTagAndId) {
  const auto cards = game().cards();
  std::set<std::string> ids, kinds;
  for (const auto& c : cards) {
    const std::string id = c.at("id");
    EXPECT_TRUE(ids.insert(id).second) << id;
    kinds.insert(c.at("kind").get<std::string>());
    EXPECT_FALSE(c.at("text").get<std::string>().empty()) << id;
    const std::string tag = c.at("tag");
    EXPECT_TRUE(tag == "found" || tag == "inferred" || tag == "designed" || tag == "expansion")
        << id;
  }
  for (const auto& c : content().cards) EXPECT_TRUE(ids.count(c.id)) << c.id;
  for (const auto& t : content().events) EXPECT_TRUE(ids.count(t.id)) << t.id;
  for (const auto& t : content().explores) EXPECT_TRUE(ids.count(t.id)) << t.id;
  for (const auto& t : content().war_parties) EXPECT_TRUE(ids.count(t.id)) << t.id;
  for (const auto& t : content().nests) EXPECT_TRUE(ids.count(t.id)) << t.id;
  for (int f = 0; f < kFactions; ++f) EXPECT_TRUE(ids.count(faction_id(f))) << f;
  EXPECT_EQ(kinds, (std::set<std::string>{"faction", "skill", "structure", "card", "terrain_card",
                                          "objective", "event", "exploration_token",
                                          "war_party_token", "nest_token"}));
}

}  // namespace
}  // namespace turf::cryhavoc

namespace turf::cryhavoc {
namespace {

std::size_t visible_width(const std::string& line) {
  std::size_t n = 0;
  for (unsigned char ch : line) n += (ch & 0xC0) != 0x80;
  return n;
}

// Issue 16, screens and seat identity: every screen of a 2-player game, drawn for player 1
// without colour, fits 80 columns and leaves room for the table's log and menu within 40 lines;
// seats are named from 1 ("P1 Ana (Humans)"), never "Seat 0".
TEST(CryHavocScreen, TwoPlayerScreensFitAndNameSeatsFromOne) {
  DrawStyle style;
  style.colour = false;
  style.seat_names = {"Ana", "Bo"};
  std::size_t most_lines = 0, widest = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    auto s = game().create(game().resolve({{"players", "2"}}), seed);
    Rng r(seed);
    std::vector<Action> legal;
    while (!s->terminal()) {
      const std::string screen = game().draw(s->view(0), style);
      std::size_t lines = 0, start = 0;
      for (std::size_t end = screen.find('\n'); end != std::string::npos;
           start = end + 1, end = screen.find('\n', start)) {
        ++lines;
        widest = std::max(widest, visible_width(screen.substr(start, end - start)));
      }
      most_lines = std::max(most_lines, lines);
      const Public& p = pos(*s).pub;
      EXPECT_NE(screen.find("P1 Ana (" + faction_name(p.seats[0].faction) + ")"),
                std::string::npos);
      EXPECT_NE(screen.find("P2 Bo (" + faction_name(p.seats[1].faction) + ")"), std::string::npos);
      EXPECT_EQ(screen.find("Seat 0"), std::string::npos);
      s->legal_actions(legal);
      s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
  EXPECT_LE(widest, 80u);
  EXPECT_LE(most_lines, 28u);  // the table adds its title, its log and the menu
  std::cout << "cryhavoc 2p screen: at most " << most_lines << " lines, " << widest << " columns\n";
}

// C8.4, issue 16: while a seat plays tactics cards, each card of its hand it may not play says
// why in its view, and exactly those cards are missing from its legal actions.
TEST(CryHavocScreen, C8_4_UnplayableTacticsCardsSayWhy) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed <= 6 && checked < 3; ++seed) {
    auto s = game().create(game().resolve({{"players", "2"}}), seed);
    Rng r(seed + 100);
    std::vector<Action> legal;
    while (!s->terminal()) {
      s->legal_actions(legal);
      const Public& p = pos(*s).pub;
      if (p.step == Step::kTactics) {
        const Seat me = p.to_move;
        const auto j = s->view(me).to_json();
        for (int d = 0; d < static_cast<int>(content().cards.size()); ++d) {
          bool held = false;
          for (int k = 0; k < p.seats[me].hand; ++k) held |= pos(*s).hid.hand[me][k] == d;
          if (!held) continue;
          const bool legal_card =
              std::find(legal.begin(), legal.end(), kActCard + d) != legal.end();
          const bool said = j["you"].contains("unplayable") &&
                            j["you"]["unplayable"].contains(content().cards[d].id);
          EXPECT_NE(legal_card, said) << content().cards[d].id;
          ++checked;
        }
      }
      s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
  EXPECT_GT(checked, 0);
}

}  // namespace
}  // namespace turf::cryhavoc
