// Turf Wars narration and card texts (issue 16): wars told with their winner, the view wall for
// narration, secret cards named only to their holder, and every card's text.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "core/narration.h"
#include "narration_wall.h"
#include "turfwars/board.h"

namespace turf::turfwars {
namespace {

using testing::pos;

std::unique_ptr<State> fresh(int players, std::uint64_t seed) {
  const GameInfo& g = testing::game();
  return g.create(g.resolve({{"players", std::to_string(players)}}), seed);
}

std::string P(int seat) {
  return "{P" + std::to_string(seat + 1) + "}";
}

// T9.9, T9.10: a seeded game's narration names each war's sides, revealed cards, winner and
// losses; the winner named is the seat that holds the target afterwards when an attacker won.
TEST(TurfWarsNarration, T9_WarNarrationNamesTheWinnerAndCards) {
  for (int players : {2, 4}) {
    int wars = 0, attacker_wins = 0;
    for (std::uint64_t seed = 1; seed < 40 && attacker_wins < 3; ++seed) {
      auto s = fresh(players, seed);
      Rng r(seed * 3 + 1);
      std::vector<Action> legal;
      while (!s->terminal()) {
        s->legal_actions(legal);
        const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
        std::unique_ptr<State> after;
        const auto ns = turf::testing::narrate_for(*s, a, kSpectator, after);
        const WarReport& w = pos(*after).last_war;
        if (w.number != pos(*s).last_war.number) {
          ++wars;
          const Narration* war = nullptr;
          for (const auto& n : ns)
            if (n.kind == "war") war = &n;
          ASSERT_NE(war, nullptr) << turf::testing::narration_text(ns);
          EXPECT_NE(war->text.find("Turf War at " + cell_name(pos(*after), w.target)),
                    std::string::npos);
          for (int side = 0; side < w.n_sides; ++side) {
            EXPECT_NE(war->text.find(P(w.leader[side])), std::string::npos) << war->text;
            if (w.card[side] != kNone) {
              EXPECT_NE(war->text.find(combat_label(pos(*after), w.card[side])), std::string::npos)
                  << war->text;
            }
          }
          if (!w.cancelled && w.winner >= 0) {
            const int winner = w.leader[w.winner];
            EXPECT_NE(war->text.find(P(winner) + " wins"), std::string::npos) << war->text;
            EXPECT_EQ(war->data["winner_seat"], winner);
            // Told at the resolution: the winner holds the target once the war is over (a
            // retreat or a retaliation may still be asked first).
            if (w.winner < w.n_attackers && w.committed[w.winner] > w.lost[w.winner] &&
                !pos(*after).war.active) {
              ++attacker_wins;
              EXPECT_EQ(pos(*after).owner[w.target], winner) << war->text;
            }
          }
        }
        s = std::move(after);
      }
    }
    EXPECT_GT(wars, 0) << players;
    EXPECT_GT(attacker_wins, 0) << players;
  }
}

// T6.1, T6.3: each event revealed in a seeded game is told by name with its text, and once its
// phase is over, what it did (troops and DP per seat, "no troops or DP changed" otherwise).
TEST(TurfWarsNarration, T6_EventNarrationNamesTheEventAndWhatItDid) {
  auto s = fresh(3, 12);
  Rng r(6);
  std::vector<Action> legal;
  int events = 0, results = 0;
  while (!s->terminal()) {
    s->legal_actions(legal);
    const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
    std::unique_ptr<State> after;
    const auto ns = turf::testing::narrate_for(*s, a, kSpectator, after);
    const Position& x = pos(*after);
    for (int i = pos(*s).num_events_seen; i < x.num_events_seen; ++i) {
      const EventDef& e = content().events[x.events_seen[i]];
      bool found = false;
      for (const auto& n : ns)
        found |= n.kind == "event" && n.text == "Event: " + e.name + ". " + e.text;
      EXPECT_TRUE(found) << turf::testing::narration_text(ns);
      ++events;
    }
    if (x.last_event.done &&
        !(pos(*s).last_event.done && pos(*s).last_event.number == x.last_event.number)) {
      const EventDef& e = content().events[x.events_seen[x.last_event.number - 1]];
      const Narration* res = nullptr;
      for (const auto& n : ns)
        if (n.kind == "event_result") res = &n;
      ASSERT_NE(res, nullptr) << turf::testing::narration_text(ns);
      EXPECT_EQ(res->text.rfind(e.name + ":", 0), 0u) << res->text;
      for (int seat = 0; seat < 3; ++seat) {
        EXPECT_EQ(res->data["changes"][seat]["troops"], x.last_event.troops[seat]);
        if (x.last_event.troops[seat] != 0) {
          EXPECT_NE(res->text.find(P(seat)), std::string::npos) << res->text;
        }
      }
      ++results;
    }
    s = std::move(after);
  }
  EXPECT_GT(events, 3);
  EXPECT_GT(results, 3);
}

// T6.4 (issue 29): Exile is told in order: each seat's declaration once ("declares Forest
// home", its own action line, never again as "now calls"), then what the event left, the new
// homes, and never "no troops or DP changed" between a declaration and a home.
TEST(TurfWarsNarration, T6_4_ExileTellsEachNewHomeOnceThenTheHomes) {
  int exiles = 0;
  for (std::uint64_t seed = 1; seed < 400 && exiles < 3; ++seed) {
    auto s = fresh(3, seed);
    Rng r(seed);
    std::vector<Action> legal;
    while (!s->terminal()) {
      s->legal_actions(legal);
      const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
      std::unique_ptr<State> after;
      const Position& b = pos(*s);
      const Seat mover = s->to_move();
      const bool declares = b.step == Step::kDeclareHome;
      const auto ns = turf::testing::narrate_for(*s, a, kSpectator, after);
      const Position& x = pos(*after);
      if (declares) {
        for (const auto& n : ns)
          EXPECT_FALSE(n.kind == "home" && n.seats == std::vector<Seat>{mover})
              << "the declaration is told twice: " << turf::testing::narration_text(ns);
      }
      std::size_t result = ns.size();
      for (std::size_t i = 0; i < ns.size(); ++i)
        if (ns[i].kind == "event_result") result = i;
      if (result < ns.size() &&
          content().events[x.events_seen[x.last_event.number - 1]].id == "exile") {
        const std::string& text = ns[result].text;
        EXPECT_EQ(text.find("no troops or DP changed"), std::string::npos) << text;
        ASSERT_NE(text.find("the homes now: "), std::string::npos) << text;
        for (int seat = 0; seat < 3; ++seat)
          if (!x.seats[seat].eliminated) {
            EXPECT_NE(text.find(P(seat) + " " + content().type_names[x.seats[seat].home]),
                      std::string::npos)
                << text;
          }
        for (std::size_t i = result + 1; i < ns.size(); ++i)
          EXPECT_NE(ns[i].kind, "home") << "a home told after the event's result";
        ++exiles;
      }
      s = std::move(after);
    }
  }
  EXPECT_GE(exiles, 3);
}

// T11: the round's scoring is told per seat with its reasons, and its DP match the rules.
TEST(TurfWarsNarration, T11_ScoringNarrationGivesDpAndReasons) {
  auto s = fresh(3, 5);
  Rng r(3);
  std::vector<Action> legal;
  int scored = 0;
  while (!s->terminal() && scored == 0) {
    s->legal_actions(legal);
    const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
    std::unique_ptr<State> after;
    const auto ns = turf::testing::narrate_for(*s, a, 0, after);
    const ScoreReport& sc = pos(*after).last_score;
    if (sc.round != pos(*s).last_score.round) {
      for (int seat = 0; seat < 3; ++seat) {
        if (pos(*after).seats[seat].eliminated) continue;
        const int gain = turfs_of(pos(*after), seat) / 2 + home_turfs_of(pos(*after), seat) +
                         (rainbow(pos(*after), seat) ? content().rainbow_bonus : 0);
        bool found = false;
        for (const auto& n : ns)
          found |= n.kind == "scoring" &&
                   n.text.find(P(seat) + " scores " + std::to_string(gain) + " DP") == 0;
        EXPECT_TRUE(found) << turf::testing::narration_text(ns);
      }
      ++scored;
    }
    s = std::move(after);
  }
  EXPECT_EQ(scored, 1);
}

// E2 for narration: a step narrated for a viewer is the same in every world that viewer's view
// allows; the drafted card and the face-down combat card never show to the other seats.
TEST(TurfWarsNarration, E2_NarrationPassesTheViewWall) {
  std::vector<std::string> names;
  for (int t = 0; t < static_cast<int>(content().templates.size()); ++t)
    names.push_back(template_label(Position{}, t));
  for (int players : {2, 4}) {
    const GameInfo& g = testing::game();
    const int compared = turf::testing::check_narration_wall(
        g, g.resolve({{"players", std::to_string(players)}}), 23 + players, 500, 7, 2, names);
    EXPECT_GT(compared, 20) << players;
  }
}

// T2.5, T12: a secret win card is named to its holder only; the others learn that one was drawn.
TEST(TurfWarsNarration, T12_SecretCardNamedOnlyToItsHolder) {
  auto s = fresh(2, 8);
  Rng r(4);
  std::vector<Action> legal;
  int seen = 0;
  for (int i = 0; i < 4000 && !s->terminal() && seen == 0; ++i) {
    s->legal_actions(legal);
    Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
    for (Action b : legal)
      if (b == kActBuy + kBuySecret) a = b;
    const Seat mover = s->to_move();
    std::unique_ptr<State> after;
    const auto own = turf::testing::narrate_for(*s, a, mover, after);
    if (a == kActBuy + kBuySecret) {
      const SeatState& st = pos(*after).seats[mover];
      const std::string name = content().secrets[st.secrets[st.num_secrets - 1]].name;
      EXPECT_NE(turf::testing::narration_text(own).find(name), std::string::npos);
      const auto other = turf::testing::narrate_for(*s, a, 1 - mover, after);
      const std::string text = turf::testing::narration_text(other);
      EXPECT_EQ(text.find(name), std::string::npos) << text;
      EXPECT_NE(text.find("keeps it hidden"), std::string::npos) << text;
      ++seen;
    }
    s = std::move(after);
  }
  EXPECT_EQ(seen, 1);
}

// Issue 16, card texts: every faction, event, secret win, action and combat card has a text and a
// tag, ids are unique, and the ids views use (factions, events, combat cards) are among them.
// T13, E4, R32: scores() are the DP (the ranking says who won); the end screen's words say why
// each winner won and with how many DP, and the others' DP.
TEST(TurfWarsNarration, T13_EndInWordsReadsTheWinAndTheDp) {
  int instant = 0, points = 0;
  for (int players : {2, 3, 4, 6}) {
    for (std::uint64_t seed = 1; seed < 30; ++seed) {
      auto s = fresh(players, seed);
      Rng r(seed * 7 + 3);
      std::vector<Action> legal;
      while (!s->terminal()) {
        s->legal_actions(legal);
        s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
      }
      const Position& p = pos(*s);
      const View end = s->view(kOmniscient, false);
      const auto scores = s->scores();
      const auto ranking = s->ranking();
      for (int seat = 0; seat < players; ++seat) {
        EXPECT_EQ(scores[seat], p.seats[seat].dp) << "E4: the score is the DP";
        EXPECT_EQ(ranking[seat] == 0, (p.winners >> seat & 1) != 0) << "winners rank first";
        const std::string words = testing::game().result_words(end, seat);
        const std::string dp = std::to_string(p.seats[seat].dp) + " DP";
        const SeatState& ss = p.seats[seat];
        const bool other_way =  // an instant win of this seat's own (T13.2, T13.3)
            p.win_type != WinType::kPoints &&
            (p.win_card[seat] != kNone || p.held_type[seat][ss.home] >= board_of(p).domination ||
             (ss.nemesis != kNone && (ss.killed_mask >> ss.nemesis & 1)));
        if (p.winners >> seat & 1 && other_way) {
          ++instant;
          // How, in words that read after "wins with" (issue 23): the way and what with.
          const bool how = words.rfind("home turf domination: ", 0) == 0 ||
                           words.rfind("the killing blow on its nemesis", 0) == 0 ||
                           words.rfind("the secret win card ", 0) == 0;
          EXPECT_TRUE(how) << words;
          EXPECT_NE(words.find("(" + dp + ")"), std::string::npos) << words;
          if (words.rfind("the secret win card ", 0) == 0) {
            EXPECT_NE(p.win_card[seat], kNone);
            EXPECT_NE(words.find(content().secrets[p.win_card[seat]].name), std::string::npos);
          }
        } else if (p.winners >> seat & 1) {
          ++points;  // on points (T13.5), beside an Undefeated holder or not, or the last left
          const bool how = words == "the most DP (" + dp + ")" ||
                           words == "the most DP, ahead on the tie-break (" + dp + ")" ||
                           words == "the last player standing (" + dp + ")";
          EXPECT_TRUE(how) << words;
        } else if (p.seats[seat].eliminated) {
          EXPECT_EQ(words, dp + " (eliminated)");
        } else {
          EXPECT_TRUE(words == dp || words == dp + ", behind on the tie-break") << words;
        }
      }
    }
  }
  EXPECT_GT(instant, 0) << "no instant win among the seeded games: the check is empty";
  EXPECT_GT(points, 0);
}

// T13.4, T13.5, R30 (issue 29): at the end of round 10 the most DP wins, and an Undefeated holder
// that has won a war as attacker and lost none wins too, with fewer DP: both rank first, the
// scores are their DP, and the words and the narration say who won and why (the end card read
// "Draw: ... share first place with 41 DP" and "wins with ;" before).
TEST(TurfWarsNarration, T13_4_TheMostDpAndUndefeatedBothWinInWords) {
  testing::Scenario sc(3);
  sc.p.round = 10;
  sc.secret(2, "undefeated");
  sc.p.seats[2].attacks_won = 1;
  sc.p.seats[2].wars_won = 1;
  sc.troops(0, "A1", 3).troops(1, "G7", 3).troops(2, "D5", 1);
  sc.p.seats[0].dp = 12;
  sc.p.seats[1].dp = 41;
  sc.p.seats[2].dp = 38;
  auto& s = sc.at(Phase::kSpend);
  std::unique_ptr<State> after;
  std::vector<Narration> told;
  for (int i = 0; i < 3 && !s.terminal(); ++i) {  // nobody buys
    std::vector<Action> legal;
    s.legal_actions(legal);
    Action done = -1;
    for (Action a : legal)
      if (s.action_label(a) == "done") done = a;
    ASSERT_GE(done, 0) << i;
    told = turf::testing::narrate_for(s, done, kSpectator, after);
    s.apply(done);
  }
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(pos(s).winners, 0b110);
  EXPECT_EQ(s.ranking(), (std::vector<int>{2, 0, 0}));
  EXPECT_EQ(s.scores(), (std::vector<double>{12, 41, 38}));
  const View end = s.view(kSpectator, false);
  EXPECT_EQ(testing::game().result_words(end, 1), "the most DP (41 DP)");
  EXPECT_EQ(testing::game().result_words(end, 2), "the secret win card Undefeated (38 DP)");
  EXPECT_EQ(testing::game().result_words(end, 0), "12 DP");
  const std::string all = turf::testing::narration_text(told);
  EXPECT_NE(all.find("Game over: " + P(1) + " wins with the most DP; " + P(2) +
                     " wins with the secret win card Undefeated."),
            std::string::npos)
      << all;
  EXPECT_EQ(all.find("wins with ;"), std::string::npos) << all;
}

// Issue 23, T9.7: a seat called by Cry for Help is told that it was called, what it sends and
// which card of its hand was played for the defender, in the step where it happens, whoever
// took it: here every step after the defender's card is taken by the rules alone (one player to
// call, one turf to send from).
TEST(TurfWarsNarration, T9_7_ACalledSupporterIsToldEveryForcedStep) {
  testing::Scenario sc(3);
  sc.p.round = 1;
  sc.troops(0, "E2", 6).troops(1, "E3", 3).troops(1, "A1", 2).troops(2, "G7", 5);
  sc.hand(1, {"cry_for_help"}).hand(2, {"v7"});
  auto& s = sc.actions({{0, "Desert Attack (26)"}});
  testing::play(s, "commit 4");
  testing::play(s, "commit 3");
  ASSERT_EQ(s.to_move(), 1);  // seat 0 holds only its Zero: played for it
  Action cry = -1;
  std::vector<Action> legal;
  s.legal_actions(legal);
  for (Action a : legal)
    if (s.action_label(a) == "play Cry for Help") cry = a;
  ASSERT_GE(cry, 0);
  for (Seat viewer : {Seat{2}, kSpectator}) {
    std::unique_ptr<State> after;
    const auto ns = turf::testing::narrate_for(s, cry, viewer, after);
    const std::string all = turf::testing::narration_text(ns);
    std::vector<std::string> kinds;
    for (const auto& n : ns) {
      if (n.kind == "called" || n.kind == "support_sent" || n.kind == "support_card") {
        kinds.push_back(n.kind);
        EXPECT_NE(std::find(n.seats.begin(), n.seats.end(), 2), n.seats.end()) << n.text;
        EXPECT_NE(n.text.find(P(2)), std::string::npos) << n.text;
      }
    }
    EXPECT_EQ(kinds, (std::vector<std::string>{"called", "support_sent", "support_card"})) << all;
    EXPECT_NE(all.find(P(1) + " cries for help to " + P(2)), std::string::npos) << all;
    EXPECT_NE(all.find(P(2) + " sends 3 troops to " + P(1) + "'s side."), std::string::npos) << all;
    // The war is told after the forced steps that fed it.
    EXPECT_LT(all.find("support_card"), all.find("\nwar: ")) << all;
  }
}

// Issue 23: nothing a seat holds or controls changes without a word. In seeded random games at
// every player count, whenever a step changes a seat's troops on the board, turfs, DP or number
// of combat cards, the spectator's narration of that step has a line about that seat other than
// the mover's own decision.
TEST(TurfWarsNarration, E1_EveryChangeOfWhatASeatHoldsIsTold) {
  int checked = 0;
  for (int players = 2; players <= 6; ++players) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      auto s = fresh(players, seed + 100 * players);
      Rng r(seed * 11 + players);
      std::vector<Action> legal;
      while (!s->terminal()) {
        s->legal_actions(legal);
        const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
        const Seat mover = s->to_move();
        std::unique_ptr<State> after;
        const auto ns = turf::testing::narrate_for(*s, a, kSpectator, after);
        const View before_view = s->view(kSpectator, false);
        const View after_view = after->view(kSpectator, false);
        const auto& vb = before_view.as<TurfWarsView>();
        const auto& va = after_view.as<TurfWarsView>();
        for (int seat = 0; seat < players; ++seat) {
          const bool changed = vb.pos.on_board[seat] != va.pos.on_board[seat] ||
                               vb.pos.held[seat] != va.pos.held[seat] ||
                               vb.pos.seats[seat].dp != va.pos.seats[seat].dp ||
                               vb.hand_count[seat] != va.hand_count[seat];
          if (!changed) continue;
          bool told = false;
          for (const auto& n : ns) {
            if (n.kind == "action" && n.seats.size() == 1 && n.seats[0] == mover &&
                !n.data.contains("auto"))
              continue;  // the mover's own decision: what follows from it must be told too
            told |= std::find(n.seats.begin(), n.seats.end(), seat) != n.seats.end();
          }
          if (seat == mover && !told) {
            // A decision whose own sentence says all of the change (a placement, a commitment,
            // a card played face down, a purchase).
            const int st = static_cast<int>(vb.pos.step);
            told = st == static_cast<int>(Step::kPlace) || st == static_cast<int>(Step::kCommit) ||
                   st == static_cast<int>(Step::kChooseStart) ||
                   st == static_cast<int>(Step::kDefendCommit) ||
                   st == static_cast<int>(Step::kCombatCard) ||
                   st == static_cast<int>(Step::kBuy) || st == static_cast<int>(Step::kExchange) ||
                   st == static_cast<int>(Step::kKeepCombat) ||
                   st == static_cast<int>(Step::kSupportTurf) ||
                   st == static_cast<int>(Step::kManeuverCount) ||
                   st == static_cast<int>(Step::kFury) || st == static_cast<int>(Step::kPullCount);
          }
          EXPECT_TRUE(told) << players << "p seed " << seed << " step "
                            << static_cast<int>(vb.pos.step) << ": seat " << seat
                            << " changed untold (troops " << vb.pos.on_board[seat] << "->"
                            << va.pos.on_board[seat] << ", turfs " << int(vb.pos.held[seat]) << "->"
                            << int(va.pos.held[seat]) << ", DP " << vb.pos.seats[seat].dp << "->"
                            << va.pos.seats[seat].dp << ", cards " << int(vb.hand_count[seat])
                            << "->" << int(va.hand_count[seat]) << ")\n"
                            << turf::testing::narration_text(ns);
          ++checked;
        }
        s = std::move(after);
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

// Issue 23: what happens without a decision is kept in a ring of kAutoLog entries for the
// narration; no single step of a game overruns it (every player count, options mixed).
TEST(TurfWarsNarration, E1_OneStepNeverOverrunsTheLogOfForcedSteps) {
  int most = 0;
  for (int players = 2; players <= 6; ++players)
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const GameInfo& g = testing::game();
      auto s = g.create(
          g.resolve({{"players", std::to_string(players)}, {"cost", seed % 2 ? "fury" : "simple"}}),
          seed);
      Rng r(seed + 17);
      std::vector<Action> legal;
      while (!s->terminal()) {
        const int before = pos(*s).auto_seq;
        s->legal_actions(legal);
        s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
        most = std::max(most, pos(*s).auto_seq - before);
      }
    }
  std::cout << "turfwars: at most " << most << " forced steps in one step\n";
  EXPECT_LE(most, kAutoLog);
}

TEST(TurfWarsCards, EveryCardHasTextTagAndId) {
  const auto cards = testing::game().cards();
  std::set<std::string> ids, kinds;
  for (const auto& c : cards) {
    const std::string id = c.at("id");
    EXPECT_TRUE(ids.insert(id).second) << id;
    kinds.insert(c.at("kind").get<std::string>());
    EXPECT_FALSE(c.at("text").get<std::string>().empty()) << id;
    EXPECT_FALSE(c.at("name").get<std::string>().empty()) << id;
    const std::string tag = c.at("tag");
    EXPECT_TRUE(tag == "found" || tag == "inferred" || tag == "designed") << id;
  }
  for (const auto& f : content().factions) EXPECT_TRUE(ids.count(f.id)) << f.id;
  for (const auto& e : content().events) EXPECT_TRUE(ids.count(e.id)) << e.id;
  for (const auto& d : content().secrets) EXPECT_TRUE(ids.count(d.id)) << d.id;
  for (const auto& k : content().combat) EXPECT_TRUE(ids.count(k.id)) << k.id;
  for (int t = 0; t < static_cast<int>(content().templates.size()); ++t)
    EXPECT_TRUE(ids.count(action_card_id(t))) << action_card_id(t);
  EXPECT_EQ(kinds, (std::set<std::string>{"faction", "event", "secret_win", "action", "combat",
                                          "purchase"}));
}

}  // namespace
}  // namespace turf::turfwars

namespace turf::turfwars {
namespace {

std::size_t visible_width(const std::string& line) {
  std::size_t n = 0;
  for (unsigned char ch : line) n += (ch & 0xC0) != 0x80;
  return n;
}

// Issue 16, screens and seat identity: every screen of a 2-player game, drawn for player 1
// without colour, fits 80 columns and leaves room for the table's log and menu within 40 lines;
// owners on the board are 1-based (":1", ":2", never ":0"); and every decision has a sentence.
TEST(TurfWarsScreen, TwoPlayerScreensFitAndNameSeatsFromOne) {
  DrawStyle style;
  style.colour = false;
  style.seat_names = {"Ana", "Bo"};
  std::size_t most_lines = 0, widest = 0;
  int exchanges = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    auto s = fresh(2, seed);
    Rng r(seed);
    std::vector<Action> legal;
    while (!s->terminal()) {
      const View v = s->view(0);
      const std::string screen = testing::game().draw(v, style);
      std::size_t lines = 0, start = 0;
      for (std::size_t end = screen.find('\n'); end != std::string::npos;
           start = end + 1, end = screen.find('\n', start)) {
        ++lines;
        widest = std::max(widest, visible_width(screen.substr(start, end - start)));
      }
      most_lines = std::max(most_lines, lines);
      const Position& p = pos(*s);
      for (int c = 0; c < kMaxCells; ++c)
        if (p.owner[c] >= 0) {
          EXPECT_NE(screen.find(std::to_string(p.troops[c]) + ":" + std::to_string(p.owner[c] + 1)),
                    std::string::npos);
        }
      EXPECT_EQ(screen.find(":0 "), std::string::npos) << screen;
      if (v.my_turn()) {
        EXPECT_FALSE(prompt(p).empty()) << static_cast<int>(p.step);
        EXPECT_NE(screen.find(prompt(p).substr(0, 20)), std::string::npos) << screen;
        EXPECT_EQ(v.to_json()["prompt"], prompt(p));
        if (p.step == Step::kExchange) {  // T12.3: one card drawn for two (issue 23)
          EXPECT_NE(prompt(p).find("one new card"), std::string::npos) << prompt(p);
          ++exchanges;
        }
      }
      s->legal_actions(legal);
      s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
  EXPECT_LE(widest, 80u);
  EXPECT_LE(most_lines, 26u);  // the table adds its title, 6 log lines and the menu
  EXPECT_GT(exchanges, 0);
  std::cout << "turfwars 2p screen: at most " << most_lines << " lines, " << widest << " columns\n";
}

// Issue 16: a held card that cannot be played says why (Cry for Help never in a 2-player game).
TEST(TurfWarsScreen, T9_7_UnplayableCryForHelpSaysWhy) {
  auto s = fresh(2, 4);
  const auto j = s->view(0).to_json();
  const Position& p = pos(*s);
  if (p.seats[0].hand[kCryForHelp]) {
    EXPECT_EQ(j["seats"][0]["unplayable"]["cry_for_help"],
              "Cry for Help is never played in a two-player game");
  } else {
    EXPECT_FALSE(j["seats"][0].contains("unplayable"));
  }
  Position q = p;
  q.seats[0].hand[kCryForHelp] = 1;
  EXPECT_EQ(unplayable_reason(q, 0, kCryForHelp),
            "Cry for Help is never played in a two-player game");
  q.num_seats = 3;
  EXPECT_EQ(unplayable_reason(q, 0, kCryForHelp), "");
}

}  // namespace
}  // namespace turf::turfwars
