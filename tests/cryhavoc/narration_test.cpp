// Cry Havoc narration and card texts (issue 16): battles told per objective with their outcome,
// exploration tokens named, scoring with its reasons, the view wall for narration, and every
// card's text.
#include <gtest/gtest.h>

#include <cctype>
#include <nlohmann/json.hpp>
#include <regex>
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

// C10.6 (issue 29): the end is told with the winner's VP, and a tie-break is named only between
// seats it separated: between two seats level on VP, the reason (more prisoners, or the later
// place on the initiative track) that the standing gives; never when their VP differ. The
// drawing's last line says the same of first place.
TEST(CryHavocNarration, C10_6_TheEndNamesATieBreakOnlyWhereOneDecided) {
  int ends = 0, ties = 0, plain = 0;
  for (int players : {2, 3, 4})
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      auto s = game().create(game().resolve({{"players", std::to_string(players)}}), seed);
      Rng r(seed * 7 + players);
      std::vector<Action> legal;
      while (!s->terminal()) {
        s->legal_actions(legal);
        const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
        std::unique_ptr<State> after;
        const auto ns = turf::testing::narrate_for(*s, a, kSpectator, after);
        if (after->terminal()) {
          const Public& pub = pos(*after).pub;
          const Standing st = standing(pub);
          const auto order = st.order();
          const Narration* end = nullptr;
          for (const auto& n : ns)
            if (n.kind == "game_over") end = &n;
          ASSERT_NE(end, nullptr);
          const std::string& text = end->text;
          EXPECT_NE(
              text.find(P(order[0]) + " wins with " + std::to_string(st.vp[order[0]]) + " VP"),
              std::string::npos)
              << text;
          int named = 0;
          for (int k = 0; k + 1 < players; ++k) {
            const int x = order[k], y = order[k + 1];
            const std::string clause = "ahead of " + P(y) + " on the tie-break: ";
            if (st.vp[x] == st.vp[y]) {
              const std::string why = st.held[x] != st.held[y]
                                          ? "more prisoners (" + std::to_string(st.held[x]) +
                                                " to " + std::to_string(st.held[y]) + ")"
                                          : "later on the initiative track";
              EXPECT_NE(text.find(clause + why), std::string::npos) << text;
              ++named;
              ++ties;
            }
          }
          size_t count = 0;
          for (size_t at = text.find("tie-break"); at != std::string::npos;
               at = text.find("tie-break", at + 1))
            ++count;
          const bool first_tied = st.vp[order[0]] == st.vp[order[1]];
          EXPECT_EQ(count, static_cast<size_t>(named + (first_tied ? 1 : 0))) << text;
          plain += named == 0;
          DrawStyle plain_style;
          plain_style.colour = false;
          const std::string drawn = game().draw(after->view(kSpectator, false), plain_style);
          EXPECT_EQ(drawn.find("tie-break") != std::string::npos, first_tied) << drawn;
          EXPECT_EQ(drawn.find("ties: most prisoners"), std::string::npos) << drawn;
          ++ends;
        }
        s = std::move(after);
      }
    }
  EXPECT_EQ(ends, 36);
  EXPECT_GT(ties, 0);
  EXPECT_GT(plain, 0);
}

// N1 (issue 23), C8.6-C8.8, C6.6, C10: in seeded games, every battle begun, every battle objective
// resolved, every exploration and every scoring is told by the step that brought it about,
// whatever else that step did: a battle whose end starts the next one (the first one's result
// used to be lost) is told in full, with its Region Control winner, who then holds the region
// unless neutral Trogs won.
TEST(CryHavocNarration, N1_EveryBattleExplorationAndScoringIsToldOnce) {
  int battles = 0, results = 0, ending_as_next_begins = 0, explorations = 0, scorings = 0;
  for (int players : {2, 3, 4}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto s = game().create(game().resolve({{"players", std::to_string(players)}}), seed);
      Rng r(seed * 5 + 3);
      std::vector<Action> legal;
      while (!s->terminal()) {
        s->legal_actions(legal);
        const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
        std::unique_ptr<State> after;
        const auto ns = turf::testing::narrate_for(*s, a, kSpectator, after);
        const Public& x = pos(*after).pub;
        int begun = 0, controls = 0;
        for (int i = 0; i < x.num_facts; ++i) {
          const FactRec& f = x.facts[i];
          const std::string region = region_name(pos(*after), f.a);
          if (f.kind == Fact::kBattle) {
            ++begun;
            ++battles;
            bool told = false;
            for (const auto& n : ns)
              told |= n.kind == "battle" && n.text.rfind("Battle at " + region + ": ", 0) == 0 &&
                      n.text.find(" attacks ") != std::string::npos;
            EXPECT_TRUE(told) << region << "\n" << turf::testing::narration_text(ns);
          }
          if (f.kind == Fact::kObjective && f.b == kControl) {
            ++controls;
            ++results;
            const int w = f.e;
            // The sides: the battle the step resolved began in an earlier step.
            const BattleState& before = pos(*s).pub.battle;
            const int wf = before.side[w];
            const int ws = x.faction_seat[wf];
            const std::string winner =
                ws == kNone ? "the neutral Trogs" : P(ws) + " (" + faction_name(wf) + ")";
            bool told = false;
            for (const auto& n : ns)
              told |= n.kind == "battle" && n.text.find("Region Control " + std::to_string(f.c) +
                                                        "-" + std::to_string(f.d) + ": " + winner +
                                                        " win") != std::string::npos;
            EXPECT_TRUE(told) << turf::testing::narration_text(ns);
            if (ws != kNone) {
              EXPECT_EQ(x.regions[f.a].control, wf);
            }
          }
          if (f.kind == Fact::kExploration) {
            ++explorations;
            const std::string name = content().explores[f.a].name;
            bool told = false;
            for (const auto& n : ns)
              told |= n.kind == "exploration" && n.text.find(name) != std::string::npos &&
                      n.text.find(region_name(pos(*after), f.b)) != std::string::npos;
            EXPECT_TRUE(told) << name << "\n" << turf::testing::narration_text(ns);
          }
          if (f.kind == Fact::kScoring) {
            ++scorings;
            int lines = 0;
            for (const auto& n : ns) lines += n.kind == "scoring";
            EXPECT_EQ(lines, players) << turf::testing::narration_text(ns);
          }
        }
        if (begun > 0 && controls > 0) ++ending_as_next_begins;
        s = std::move(after);
      }
    }
  }
  EXPECT_GT(battles, 10);
  EXPECT_GT(results, 10);
  EXPECT_GT(ending_as_next_begins, 0) << "no step ended a battle and began the next";
  EXPECT_GT(explorations, 0);
  EXPECT_GT(scorings, 0);
}

// N2 (issue 23): the narration of whole seeded games reads as sentences: each line begins with a
// seat or a capital letter, an action line is "{Pn} <verb> ...", every line ends with a full stop,
// and no line shows a raw label ("->", "=>"), an id with an underscore or a clause id.
TEST(CryHavocNarration, N2_WholeGamesReadAsSentences) {
  const std::regex action(R"(^\{P[1-4]\} [a-z][a-z' ]*[a-z] .*\.$|^\{P[1-4]\} [a-z]+s\.$)");
  const std::regex raw(R"(->|=>|_|\b[CR]\d+(\.\d+)?\b|\.md\b)");
  int lines = 0, most_facts = 0;
  for (int players : {2, 3, 4}) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      auto s = game().create(
          game().resolve({{"players", std::to_string(players)}, {"extra_skills", "2"}}), seed);
      Rng r(seed * 7 + players);
      std::vector<Action> legal;
      while (!s->terminal()) {
        s->legal_actions(legal);
        const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
        std::unique_ptr<State> after;
        // E6: the journal never fills up (a full one would lose facts).
        most_facts = std::max<int>(most_facts, pos(*s).pub.num_facts);
        for (Seat viewer : {kSpectator, s->to_move()})
          for (const auto& n : turf::testing::narrate_for(*s, a, viewer, after)) {
            ++lines;
            EXPECT_FALSE(n.text.empty());
            EXPECT_EQ(n.text.back(), '.') << n.text;
            EXPECT_FALSE(std::regex_search(n.text, raw)) << n.text;
            if (n.kind == "action") {
              EXPECT_TRUE(std::regex_match(n.text, action)) << n.text;
            } else {
              EXPECT_TRUE(n.text[0] == '{' || std::isupper(static_cast<unsigned char>(n.text[0])))
                  << n.text;
            }
          }
        s = std::move(after);
      }
    }
  }
  EXPECT_GT(lines, 1000);
  EXPECT_LT(most_facts, kMaxFacts / 2) << "the journal comes near its capacity";
  std::cout << "cryhavoc: at most " << most_facts << " facts in one step\n";
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
  std::string tallest;
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
      if (lines > most_lines) most_lines = lines, tallest = screen;
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
  EXPECT_LE(most_lines, 28u) << tallest;  // the table adds its title, its log and the menu
  std::cout << "cryhavoc 2p screen: at most " << most_lines << " lines, " << widest << " columns\n";
}

// S1 (issue 23), the terminal: on the map a unit count comes before its faction letter ("2P",
// two Pilgrims units), so that "P2" always means player 2; every region name is shown whole
// (a long one on two lines of its box) at 80 columns; the round, the scores, the hand and the
// decision come after the map, where the table does not cut them when lines run short.
TEST(CryHavocScreen, S1_UnitCountsComeFirstNamesAreWholeAndTheRoundFollowsTheMap) {
  DrawStyle style;
  style.colour = false;
  const std::regex letter_first(R"(\b[HMPT][0-9]+\b)");
  int screens = 0;
  for (int players : {2, 3, 4}) {
    auto s = game().create(game().resolve({{"players", std::to_string(players)}}), 5);
    Rng r(11);
    std::vector<Action> legal;
    while (!s->terminal()) {
      const std::string screen = game().draw(s->view(0), style);
      const auto legend = screen.find("  [H] control");
      ASSERT_NE(legend, std::string::npos);
      const std::string map = screen.substr(0, legend);
      std::smatch m;
      EXPECT_FALSE(std::regex_search(map, m, letter_first)) << m.str() << "\n" << map;
      const MapDef& md = content().maps[pos(*s).pub.map];
      for (int reg = 0; reg < md.num_regions; ++reg) {
        std::size_t at = 0;
        const std::string& name = md.regions[reg].name;
        while (at <= name.size()) {
          std::size_t end = name.find(' ', at);
          if (end == std::string::npos) end = name.size();
          const std::string word = name.substr(at, end - at);
          EXPECT_TRUE(std::regex_search(map, std::regex("\\b" + word + "\\b")))
              << word << " of " << name << "\n"
              << map;
          at = end + 1;
        }
      }
      const auto round = screen.find("Round ");
      EXPECT_NE(round, std::string::npos);
      EXPECT_GT(round, legend);
      ++screens;
      s->legal_actions(legal);
      s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
      if (screens % 3 == 0)  // every third screen is enough
        for (int k = 0; k < 2 && !s->terminal(); ++k) {
          s->legal_actions(legal);
          s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
        }
    }
  }
  EXPECT_GT(screens, 100);
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
