// Scenario tests for the Turf Wars rules. Each test names the clauses of docs/rules/turfwars.md it
// checks; the rulebook's worked examples and the FAQ's rulings are the tests listed in its table
// "Rulebook examples as tests".
//
// The 2-player board ("five"):      The 3-4-player board ("seven"):
//      A B C D E                         A B C D E F G
//   1  # # W P S                      1  D M S W P M P
//   2  F P D # M                      2  F T # # S T F
//   3  S M # W F                      3  W P M W D # D
//   4  D # F M D                      4  S # F # F # S
//   5  P W S # #                      5  D # P M W D F
//                                     6  P T D # # T S
//                                     7  F W S M P W M
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "bots/eval.h"
#include "turfwars/board.h"

namespace turf::turfwars {
namespace {

using testing::cell;
using testing::combat;
using testing::labels;
using testing::play;
using testing::pos;
using testing::Scenario;

bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

int troops_at(const State& s, const std::string& where) {
  const Position& p = pos(s);
  return p.troops[cell(p, where)];
}
int owner_at(const State& s, const std::string& where) {
  const Position& p = pos(s);
  return p.owner[cell(p, where)];
}

// Declares where an action starts from: a decision only when several turfs could start it (a card
// with a single possible use is performed without a question, T8.8, R35).
void from(State& s, const std::string& label) {
  if (pos(s).step == Step::kSource) play(s, label);
}

void next_event(Position& p, const std::string& id) {
  const int e = content().event_index(id);
  for (int i = 0; i < p.event_deck_size; ++i)
    if (p.event_deck[i] == e) std::swap(p.event_deck[i], p.event_deck[p.event_deck_size - 1]);
  ASSERT_EQ(p.event_deck[p.event_deck_size - 1], e);
}

// Seat 0 attacks C2 (desert, seat 1) from B2 with `attack` troops; seat 1 commits `defend` of
// `garrison`. Seat 1 keeps a turf elsewhere so that it is not eliminated. Both hold only a Zero.
TurfWarsState& desert_attack(Scenario& sc, int attack, int garrison) {
  sc.troops(0, "B2", attack).troops(1, "C2", garrison).troops(1, "E4", 2);
  auto& s = sc.actions({{0, "Desert Attack (26)"}});
  from(s, "from B2 Plains");  // the target C2 is the only desert next to B2: taken at once (E1)
  if (pos(s).step == Step::kCommit) play(s, "commit " + std::to_string(attack));  // else 1: at once
  return s;
}

// ---- T10: the cost of winning (rulebook worked examples) --------------------------------------

TEST(TurfWarsRules, T10_3_BalancedTenVersusFive) {  // rulebook example
  Scenario sc(2, kBalanced);
  auto& s = desert_attack(sc, 10, 5);
  play(s, "commit 5");
  // The winner loses the lesser of int(5/2) = 2 and int(10/3) = 3; the loser all 5.
  EXPECT_EQ(owner_at(s, "C2"), 0);
  EXPECT_EQ(troops_at(s, "C2"), 8);
  EXPECT_EQ(owner_at(s, "B2"), -1);
}

TEST(TurfWarsRules, T10_3_BalancedTenVersusOne) {  // rulebook example: only the minimum
  Scenario sc(2, kBalanced);
  auto& s = desert_attack(sc, 10, 1);
  play(s, "commit 1");
  EXPECT_EQ(owner_at(s, "C2"), 0);
  EXPECT_EQ(troops_at(s, "C2"), 9);
}

TEST(TurfWarsRules, T10_3_BalancedTenVersusNine) {  // rulebook example
  Scenario sc(2, kBalanced);
  auto& s = desert_attack(sc, 10, 9);
  play(s, "commit 9");
  EXPECT_EQ(troops_at(s, "C2"), 7);  // int(10/3) = 3 is less than int(9/2) = 4
  EXPECT_EQ(owner_at(s, "C2"), 0);
  EXPECT_EQ(pos(s).seats[1].wars_lost, 1);
}

// R17: "the minimum loss is negated if the defender defends a controlled turf with only one
// troop" follows the variants with a minimum (simple and balanced) and applies to both: a lone
// defender that wins keeps its troop where only the minimum would take it (issue 23: under the
// default cost it used to lose it, and the turf).
TEST(TurfWarsRules, R17_T10_5_LoneDefenderPaysNoMinimumUnderEitherCost) {
  for (Cost cost : {kBalanced, kSimple}) {
    Scenario sc(2, cost);
    sc.troops(0, "A5", 3);
    auto& s = desert_attack(sc, 1, 1);
    play(s, "commit 1");
    // 1 against 1: the tie goes to the defender (T9.9), and the minimum of one is negated.
    EXPECT_EQ(owner_at(s, "C2"), 1) << "cost " << static_cast<int>(cost);
    EXPECT_EQ(troops_at(s, "C2"), 1) << "cost " << static_cast<int>(cost);
    EXPECT_EQ(pos(s).last_war.lost[1], 0) << "cost " << static_cast<int>(cost);
    EXPECT_EQ(owner_at(s, "B2"), -1);  // the attacker's troop died
  }
  {  // Only the minimum is negated: a third of 3 attackers is still one troop under simple.
    Scenario sc(2, kSimple);
    sc.troops(0, "A5", 3).hand(1, {"v5"});
    auto& s = desert_attack(sc, 3, 1);
    play(s, "commit 1");
    play(s, "play 5");  // 1 + 5 beats 3
    EXPECT_EQ(owner_at(s, "C2"), -1);
    EXPECT_EQ(pos(s).last_war.lost[1], 1);
  }
  {  // Balanced: the lesser of int(3/2) = 1 and int(1/3) = 0 with no minimum: nothing.
    Scenario sc(2, kBalanced);
    sc.troops(0, "A5", 3).hand(1, {"v5"});
    auto& s = desert_attack(sc, 3, 1);
    play(s, "commit 1");
    play(s, "play 5");
    EXPECT_EQ(owner_at(s, "C2"), 1);
    EXPECT_EQ(troops_at(s, "C2"), 1);
  }
  {  // The note is for the defender: an attacker beating a lone defender pays its minimum.
    Scenario sc(2, kSimple);
    auto& s = desert_attack(sc, 2, 1);
    play(s, "commit 1");
    EXPECT_EQ(owner_at(s, "C2"), 0);
    EXPECT_EQ(troops_at(s, "C2"), 1);  // 2 - the minimum of one
  }
}

TEST(TurfWarsRules, T10_2_SimpleCost) {
  {
    Scenario sc(2, kSimple);
    auto& s = desert_attack(sc, 10, 5);
    play(s, "commit 5");
    EXPECT_EQ(troops_at(s, "C2"), 9);  // int(5/3) = 1
  }
  {
    Scenario sc(2, kSimple);
    auto& s = desert_attack(sc, 10, 9);
    play(s, "commit 9");
    EXPECT_EQ(troops_at(s, "C2"), 7);  // int(9/3) = 3
  }
  {
    Scenario sc(2, kSimple);
    auto& s = desert_attack(sc, 10, 2);
    play(s, "commit 2");
    EXPECT_EQ(troops_at(s, "C2"), 9);  // int(2/3) = 0, at least 1
  }
}

TEST(TurfWarsRules, T10_1_WinnerTakesAll) {
  Scenario sc(2, kWinnerTakesAll);
  auto& s = desert_attack(sc, 10, 5);
  play(s, "commit 5");
  EXPECT_EQ(troops_at(s, "C2"), 10);
}

TEST(TurfWarsRules, T10_4_FuryRetaliation) {
  Scenario sc(2, kFury);
  sc.hand(1, {"v7"});
  auto& s = desert_attack(sc, 10, 5);
  play(s, "commit 5");
  play(s, "play Zero");  // the defender keeps its 7 for revenge
  ASSERT_TRUE(has(labels(s), "retaliate with 7"));
  ASSERT_TRUE(has(labels(s), "no retaliation"));
  play(s, "retaliate with 7");
  EXPECT_EQ(owner_at(s, "C2"), 0);
  EXPECT_EQ(troops_at(s, "C2"), 3);  // 10 won, 7 lost to the retaliation
  EXPECT_EQ(pos(s).seats[1].hand[7], 0);
  EXPECT_EQ(pos(s).combat_discard[7], 1);
}

// ---- T9: Turf Wars ---------------------------------------------------------------------------

TEST(TurfWarsRules, T9_10_SixTroopRetreatLosesOne) {  // rulebook example
  Scenario sc(2, kSimple);
  sc.troops(1, "C1", 1);  // the only turf of seat 1 next to C2
  auto& s = desert_attack(sc, 10, 6);
  play(s, "commit 4");
  // 2 uncommitted troops run to C1 (the only choice, taken at once) and 1 of them dies.
  EXPECT_EQ(troops_at(s, "C1"), 2);
  EXPECT_EQ(owner_at(s, "C2"), 0);
  EXPECT_EQ(troops_at(s, "C2"), 9);  // simple cost: int(4/3) = 1
}

TEST(TurfWarsRules, T9_10_NowhereToRunLosesAll) {
  Scenario sc(2, kSimple);
  auto& s = desert_attack(sc, 10, 6);
  play(s, "commit 4");
  EXPECT_EQ(troops_at(s, "C1"), 0);
  EXPECT_EQ(troops_of(pos(s), 1), 2);  // only E4 is left
}

TEST(TurfWarsRules, T9_10_PhoenixesRetreatWithoutLoss) {
  Scenario sc(2, kSimple);
  sc.set_faction(1, "phoenixes").troops(1, "C1", 1);
  auto& s = desert_attack(sc, 10, 6);
  play(s, "commit 4");
  EXPECT_EQ(troops_at(s, "C1"), 3);
}

TEST(TurfWarsRules, T9_9_TieGoesToDefender) {
  Scenario sc(2, kSimple);
  sc.troops(0, "A5", 3);
  auto& s = desert_attack(sc, 5, 5);
  play(s, "commit 5");
  EXPECT_EQ(owner_at(s, "C2"), 1);
  EXPECT_EQ(troops_at(s, "C2"), 4);  // the defender pays int(5/3) = 1
  EXPECT_EQ(owner_at(s, "B2"), -1);
  EXPECT_EQ(pos(s).seats[1].defences_won, 1);
}

TEST(TurfWarsRules, T9_6_NegateCancels) {
  Scenario sc(2, kSimple);
  sc.hand(1, {"negate"});
  auto& s = desert_attack(sc, 10, 3);
  play(s, "commit 3");
  play(s, "play Negate Attack");
  EXPECT_EQ(troops_at(s, "B2"), 10);  // everyone goes home
  EXPECT_EQ(troops_at(s, "C2"), 3);
  EXPECT_EQ(pos(s).combat_discard[kNegate], 1);
  EXPECT_EQ(pos(s).seats[0].wars_won + pos(s).seats[1].wars_won, 0);
}

TEST(TurfWarsRules, T9_8_TwoAttackersOnAnEmptyTurf) {
  {
    Scenario sc(2, kSimple);
    sc.troops(0, "B2", 6).troops(1, "C1", 4).troops(1, "E4", 2);
    auto& s = sc.actions({{0, "Desert Attack (26)"}, {1, "Desert Attack (26)"}});
    from(s, "from B2 Plains");  // both declare before either resolves (T8.4)
    from(s, "from C1 Swamp");
    play(s, "commit 4");
    play(s, "commit 4");
    // 4 against 4: nobody enters, both go home unharmed (R16).
    EXPECT_EQ(owner_at(s, "C2"), -1);
    EXPECT_EQ(troops_at(s, "B2"), 6);
    EXPECT_EQ(troops_at(s, "C1"), 4);
  }
  Scenario sc(2, kSimple);
  sc.troops(0, "B2", 6).troops(1, "C1", 4).troops(1, "E4", 2);
  auto& s = sc.actions({{0, "Desert Attack (26)"}, {1, "Desert Attack (26)"}});
  from(s, "from B2 Plains");
  from(s, "from C1 Swamp");
  play(s, "commit 6");
  play(s, "commit 4");
  EXPECT_EQ(owner_at(s, "C2"), 0);
  EXPECT_EQ(troops_at(s, "C2"), 5);  // simple cost int(4/3) = 1
  EXPECT_EQ(owner_at(s, "C1"), -1);  // seat 1's four died
}

TEST(TurfWarsRules, T9_5_KrakensSilenceSmallDefenders) {
  for (int garrison : {3, 4}) {
    Scenario sc(2, kSimple);
    sc.set_faction(0, "krakens").hand(1, {"v10"});
    auto& s = desert_attack(sc, 6, garrison);
    play(s, "commit " + std::to_string(garrison));
    if (garrison == 3) {  // no card: 6 against 3
      EXPECT_EQ(owner_at(s, "C2"), 0);
      EXPECT_EQ(pos(s).seats[1].hand[10], 1);
    } else {
      EXPECT_TRUE(has(labels(s), "play 10"));
      play(s, "play 10");
      EXPECT_EQ(owner_at(s, "C2"), 1);  // 6 against 4 + 10
    }
  }
}

TEST(TurfWarsRules, T9_12_GypsiesNeverStealTheZero) {
  {
    Scenario sc(2, kSimple);
    sc.set_faction(0, "gypsies").hand(1, {"v5"});
    auto& s = desert_attack(sc, 10, 2);
    play(s, "commit 2");
    play(s, "play Zero");
    EXPECT_EQ(pos(s).seats[0].hand[5], 1);  // the 5 is stolen
    EXPECT_EQ(pos(s).seats[1].hand[5], 0);
    EXPECT_EQ(pos(s).seats[1].hand[kZero], 1);
    EXPECT_EQ(pos(s).seats[1].known[0][5], 1);  // the victim knows where it went (R11)
  }
  {
    Scenario sc(2, kSimple);
    sc.set_faction(0, "gypsies").hand(1, {"v5"});
    auto& s = desert_attack(sc, 10, 2);
    play(s, "commit 2");
    play(s, "play 5");  // only the Zero is left: nothing to steal
    EXPECT_EQ(pos(s).seats[1].hand[kZero], 1);
    EXPECT_EQ(pos(s).seats[0].hand[kZero], 1);
    EXPECT_EQ(hand_size(pos(s).seats[0]), 1);
  }
}

TEST(TurfWarsRules, T9_12_PiratesPlunderAndNecromancersRaise) {
  {
    Scenario sc(2, kWinnerTakesAll);
    sc.set_faction(0, "pirates");
    sc.p.seats[1].dp = 5;
    auto& s = desert_attack(sc, 10, 4);
    play(s, "commit 4");
    EXPECT_EQ(pos(s).seats[0].dp, 2);  // plundered; then scored nothing (one desert turf)
    EXPECT_EQ(pos(s).seats[1].dp, 3);
  }
  Scenario sc(2, kWinnerTakesAll);
  sc.set_faction(0, "necromancers");
  auto& s = desert_attack(sc, 10, 4);
  play(s, "commit 4");
  EXPECT_EQ(troops_at(s, "C2"), 12);  // 4 killed: two raised
}

TEST(TurfWarsRules, T9_4_RangersVolley) {
  Scenario sc(2, kWinnerTakesAll);
  sc.set_faction(0, "rangers");
  auto& s = desert_attack(sc, 5, 5);
  play(s, "commit 5");
  // The volley kills one of the five defenders: 5 against 4.
  EXPECT_EQ(owner_at(s, "C2"), 0);
  EXPECT_EQ(troops_at(s, "C2"), 5);
}

TEST(TurfWarsRules, T9_9_BonusesCount) {
  Scenario sc(2, kWinnerTakesAll);
  sc.set_faction(0, "berserkers").troops(0, "A5", 2);
  auto& s = desert_attack(sc, 4, 5);
  play(s, "commit 5");
  EXPECT_EQ(owner_at(s, "C2"), 0);  // 4 + 2 against 5
  Scenario sc2(2, kWinnerTakesAll);
  sc2.set_faction(1, "minotaurs").troops(0, "A5", 2);
  auto& s2 = desert_attack(sc2, 6, 5);
  play(s2, "commit 5");
  EXPECT_EQ(owner_at(s2, "C2"), 1);  // 6 against 5 + 2
}

TEST(TurfWarsRules, T9_3_UnicornsPullTroopsIn) {
  Scenario sc(2, kWinnerTakesAll);
  sc.set_faction(1, "unicorns").troops(1, "C1", 4);
  auto& s = desert_attack(sc, 6, 3);
  play(s, "pull from C1 Swamp");
  play(s, "move 4");
  EXPECT_EQ(owner_at(s, "C1"), -1);
  play(s, "commit 7");
  EXPECT_EQ(owner_at(s, "C2"), 1);  // 6 against 7
}

TEST(TurfWarsRules, T9_7_CryForHelpChains) {  // FAQ: a Cry for Help drawing another calls again
  for (bool defender_wins : {true, false}) {
    Scenario sc(4, kSimple);
    sc.p.round = 1;  // teleporters off: plain adjacency
    const int attack = defender_wins ? 6 : 20;
    sc.troops(0, "A1", attack).troops(0, "G1", 2).troops(1, "A2", 3).troops(2, "G7", 5);
    sc.troops(3, "E5", 4);
    sc.hand(1, {"cry_for_help"});
    // The supporters hold a single card each (no Zero: a contrived hand that fixes the draw).
    sc.p.seats[2].hand = {};
    sc.p.seats[2].hand[kCryForHelp] = 1;
    sc.p.seats[3].hand = {};
    sc.p.seats[3].hand[7] = 1;
    sc.p.seats[1].dp = 10;
    auto& s = sc.actions({{0, "Forest Attack (27)"}});
    from(s, "from A1 Desert");
    play(s, "commit " + std::to_string(attack));
    play(s, "commit 3");
    play(s, "play Cry for Help");
    ASSERT_EQ(s.to_move(), 1);
    ASSERT_TRUE(has(labels(s), "call player 3 (Dryads)"));
    play(s, "call player 3 (Dryads)");
    // Seat 2 brings 3 troops from G7 and its random card is a Cry for Help: seat 3, the only
    // player left, is called at once, brings 3 (leaving 1 in E5) and plays its 7.
    // Defence: 3 + 3 + 3 + 7 = 16.
    if (defender_wins) {
      EXPECT_EQ(owner_at(s, "A2"), 1);
      EXPECT_EQ(troops_at(s, "A2"), 1);  // simple cost int(6/3) = 2 from the defender's own
      EXPECT_EQ(troops_at(s, "G7"), 5);  // supporters' troops went home
      EXPECT_EQ(troops_at(s, "E5"), 4);
    } else {
      EXPECT_EQ(owner_at(s, "A2"), 0);  // 20 against 16
      EXPECT_EQ(troops_at(s, "G7"), 2);
      EXPECT_EQ(troops_at(s, "E5"), 1);
    }
    // T11.1: each forced supporter is owed 1 DP after a win, 2 after a loss, paid in phase 5.
    const Position& p = pos(s);
    ASSERT_EQ(p.num_owed, 0);  // paid in this round's phase 5
    const int paid = defender_wins ? 1 : 2;
    const int income1 = turfs_of(p, 1) / 2 + home_turfs_of(p, 1) + (rainbow(p, 1) ? 5 : 0);
    EXPECT_EQ(p.seats[1].dp, 10 + income1 - 2 * paid);
    const int income2 = turfs_of(p, 2) / 2 + home_turfs_of(p, 2);
    EXPECT_EQ(p.seats[2].dp, income2 + paid);
  }
}

TEST(TurfWarsRules, T9_2_PaladinsChampionTheDefender) {
  Scenario sc(3, kWinnerTakesAll);
  sc.p.round = 1;
  sc.set_faction(2, "paladins");
  sc.troops(0, "A1", 6).troops(0, "G1", 2).troops(1, "A2", 3).troops(2, "G7", 5);
  auto& s = sc.actions({{0, "Forest Attack (27)"}});
  from(s, "from A1 Desert");
  play(s, "commit 6");
  ASSERT_EQ(s.to_move(), 2);
  EXPECT_FALSE(has(labels(s), "support player 1 (Lizard Folk)"));  // the defender's side only
  play(s, "support player 2 (Geomancer)");
  play(s, "commit 3");
  // Seat 2 brings 3 (the defender's committed count) from G7; its random card is its Zero.
  EXPECT_EQ(owner_at(s, "A2"), 1);  // 6 against 3 + 3 + ... a tie at worst goes to the defender
  EXPECT_EQ(troops_at(s, "G7"), 5);
}

// ---- T8: actions -----------------------------------------------------------------------------

TEST(TurfWarsRules, T8_5_TeleportNeedsAnEmptyTurf) {  // FAQ
  Scenario sc(2);
  sc.troops(0, "B2", 5).troops(0, "A5", 2).troops(1, "E3", 3);
  auto& s = sc.actions({{0, "Forest Teleport (11)"}});
  from(s, "from A5 Plains");
  const auto l = labels(s);
  EXPECT_TRUE(has(l, "to A2 Forest"));
  EXPECT_TRUE(has(l, "to C4 Forest"));
  EXPECT_FALSE(has(l, "to E3 Forest"));  // occupied: a Teleport never attacks
  play(s, "to C4 Forest");
  EXPECT_EQ(troops_at(s, "C4"), 2);  // all of A5's troops
  EXPECT_EQ(owner_at(s, "A5"), -1);
}

TEST(TurfWarsRules, T8_6_ManeuversMayAbandonATurf) {  // FAQ
  Scenario sc(2);
  sc.troops(0, "B2", 5).troops(0, "E1", 3).troops(1, "E4", 3);
  auto& s = sc.actions({{0, "Defensive Maneuvers (1)"}});
  play(s, "move from E1 Sea");  // the destination B2 is the only other turf: taken at once
  play(s, "move 3");
  EXPECT_EQ(owner_at(s, "E1"), -1);
  EXPECT_EQ(troops_at(s, "B2"), 8);
}

TEST(TurfWarsRules, T8_2_AttackNeedsAnAdjacentTurfOfTheType) {
  Scenario sc(2);
  sc.troops(0, "B2", 5).troops(1, "E4", 3);
  auto& s = sc.actions({{0, "Forest Attack (27)"}});
  from(s, "from B2 Plains");  // A2 is the only adjacent forest
  play(s, "commit 2");        // into an empty turf the troops simply move (T8.9)
  EXPECT_EQ(troops_at(s, "A2"), 2);
  EXPECT_EQ(troops_at(s, "B2"), 3);
  Scenario sc2(2);
  sc2.troops(0, "B2", 5).troops(1, "E4", 3);
  auto& s2 = sc2.actions({{0, "Sea Attack (30)"}});  // no sea next to B2: nothing to decide
  EXPECT_NE(pos(s2).phase, Phase::kActions);
}

TEST(TurfWarsRules, T8_3_StrikeReachesTwoSteps) {
  Scenario sc(2);
  sc.troops(0, "E1", 5).troops(1, "A5", 3);
  auto& s = sc.actions({{0, "Forest Strike (21)"}});
  from(s, "from E1 Sea");  // E3 is two steps away (through E2); the only forest in reach
  play(s, "commit 5");
  EXPECT_EQ(troops_at(s, "E3"), 5);
}

// ---- T6: events ------------------------------------------------------------------------------

TEST(TurfWarsRules, T6_9_MirageBansAttacksNotTeleports) {  // FAQ
  {
    Scenario sc(2);
    sc.event("mirage").troops(0, "B2", 5).troops(1, "E3", 3);
    auto& s = sc.actions({{0, "Desert Attack (26)"}});
    EXPECT_NE(pos(s).phase, Phase::kActions);  // no usable target: nothing to decide
    EXPECT_EQ(owner_at(s, "C2"), -1);
  }
  Scenario sc(2);
  sc.event("mirage").troops(0, "B2", 5).troops(1, "E3", 3);
  auto& s = sc.actions({{0, "Desert Teleport (10)"}});
  from(s, "from B2 Plains");
  EXPECT_TRUE(has(labels(s), "to C2 Desert"));
}

TEST(TurfWarsRules, R22_BloodlustHalfHouseRule) {  // FAQ: the suggested house rule
  Scenario sc(2);
  sc.p.bloodlust_half = true;
  sc.event("bloodlust").troops(0, "B2", 6).troops(1, "C2", 3).troops(1, "E4", 2);
  auto& s = sc.actions({});
  ASSERT_EQ(pos(s).phase, Phase::kBloodlust);
  ASSERT_EQ(s.to_move(), 0);  // B2 is the only turf and C2 the only rival next to it
  const auto l = labels(s);
  EXPECT_FALSE(has(l, "commit 2"));  // at least half of 6
  EXPECT_TRUE(has(l, "commit 3"));
  EXPECT_FALSE(has(l, "pass"));
  play(s, "commit 6");
  play(s, "commit 3");  // the defender
  EXPECT_EQ(owner_at(s, "C2"), 0);
}

// The printed reading (default): any adjacent turf, empty or not, and a single troop is enough
// ("Technically..." — the FAQ). An empty turf both triggers and satisfies the lust.
TEST(TurfWarsRules, R22_T6_8_BloodlustAsPrinted) {
  Scenario sc(2);
  // B2's neighbours A2 (forest), C2 (desert) and B3 (mountain) are all empty; seat 1 is far away
  // at E4, next to the empty E3 and D4.
  sc.event("bloodlust").troops(0, "B2", 6).troops(1, "E4", 2);
  auto& s = sc.actions({});
  ASSERT_EQ(pos(s).phase, Phase::kBloodlust);
  ASSERT_EQ(s.to_move(), 0);
  auto l = labels(s);
  EXPECT_TRUE(has(l, "to A2 Forest"));
  EXPECT_TRUE(has(l, "to C2 Desert"));
  EXPECT_TRUE(has(l, "to B3 Mountain"));
  EXPECT_FALSE(has(l, "pass"));
  play(s, "to C2 Desert");
  l = labels(s);
  EXPECT_TRUE(has(l, "commit 1"));  // a single troop is enough
  play(s, "commit 1");
  EXPECT_EQ(owner_at(s, "C2"), 0);
  EXPECT_EQ(troops_at(s, "C2"), 1);
  EXPECT_EQ(troops_at(s, "B2"), 5);
  // Seat 1 must attack too, though no rival is next to it.
  ASSERT_EQ(pos(s).phase, Phase::kBloodlust);
  ASSERT_EQ(s.to_move(), 1);
  EXPECT_FALSE(has(labels(s), "pass"));
}

TEST(TurfWarsRules, T6_7_RampageStopsWhenNegated) {  // FAQ
  Scenario sc(2);
  sc.event("rampage").troops(0, "B2", 10).troops(1, "C1", 2).troops(1, "E4", 2);
  sc.hand(1, {"negate"});
  auto& s = sc.actions({{0, "Desert Attack (26)"}});
  from(s, "from B2 Plains");
  play(s, "commit 10");  // into the empty C2: an attack won
  ASSERT_EQ(pos(s).step, Step::kRampage);
  play(s, "rampage into C1 Swamp");
  play(s, "commit 10");
  play(s, "commit 2");
  play(s, "play Negate Attack");
  EXPECT_EQ(troops_at(s, "C2"), 10);
  EXPECT_NE(pos(s).step, Step::kRampage);  // negated: the rampage is over
}

TEST(TurfWarsRules, T6_7_RampageGoesOnAfterAWin) {
  Scenario sc(2, kWinnerTakesAll);
  sc.event("rampage").troops(0, "B2", 10).troops(1, "C1", 2).troops(1, "E4", 2);
  auto& s = sc.actions({{0, "Desert Attack (26)"}});
  from(s, "from B2 Plains");
  play(s, "commit 10");
  play(s, "rampage into C1 Swamp");
  play(s, "commit 10");
  play(s, "commit 2");
  EXPECT_EQ(owner_at(s, "C1"), 0);
  EXPECT_EQ(pos(s).step, Step::kRampage);  // and on, up to three extra attacks (R21)
}

TEST(TurfWarsRules, T6_5_MaelstromSkipsLizardFolk) {  // FAQ
  Scenario sc(3);
  sc.set_faction(0, "pixies").set_faction(1, "lizard_folk").set_faction(2, "dryads");
  sc.troops(0, "A1", 3).troops(1, "G7", 3).troops(2, "D5", 3);
  sc.hand(0, {"v1", "v2"}).hand(1, {"v3", "v4"}).hand(2, {"v5", "v6"});
  next_event(sc.p, "maelstrom");
  auto& s = sc.at(Phase::kEvent);
  ASSERT_EQ(s.to_move(), 1);
  play(s, "stay out of the event");
  ASSERT_EQ(s.to_move(), 0);  // the FTT holder calls
  play(s, "left");
  const Position& p = pos(s);
  EXPECT_EQ(p.seats[1].hand[3] + p.seats[1].hand[4], 2);  // untouched
  EXPECT_EQ(p.seats[0].hand[5] + p.seats[0].hand[6], 2);  // from seat 2 (the circle skips 1)
  EXPECT_EQ(p.seats[2].hand[1] + p.seats[2].hand[2], 2);
  EXPECT_EQ(p.seats[0].known[2][1] + p.seats[0].known[2][2], 2);  // R11
  EXPECT_EQ(p.seats[0].hand[kZero], 1);
}

TEST(TurfWarsRules, T6_6_LizardFolkOutOfMindControlIsSafe) {  // FAQ
  {
    Scenario sc(3);
    sc.set_faction(1, "lizard_folk").set_faction(0, "pixies").event("mind_control");
    sc.p.seats[1].opted_out = true;
    sc.p.round = 1;
    sc.troops(0, "A3", 5).troops(1, "A2", 2).troops(2, "G7", 2);
    auto& s = sc.actions({{0, "Forest Attack (27)"}});
    EXPECT_NE(pos(s).phase, Phase::kActions);  // A2 cannot be attacked this round
  }
  Scenario sc(3);
  sc.set_faction(1, "lizard_folk").set_faction(0, "pixies").event("mind_control");
  sc.p.seats[1].opted_out = true;
  sc.p.round = 1;
  sc.troops(0, "A3", 5).troops(2, "A2", 2).troops(1, "G7", 2);
  auto& s = sc.actions({{0, "Forest Attack (27)"}});
  EXPECT_EQ(s.to_move(), 2);  // the next player to the left taking part decides (T6.6)
  from(s, "from A3 Swamp");
  EXPECT_EQ(s.to_move(), 2);
  play(s, "commit 1");
  EXPECT_EQ(s.to_move(), 2);  // now as the defender
}

TEST(TurfWarsRules, T6_4_ExileAndTheGeomancer) {  // FAQ
  Scenario sc(2);
  sc.set_faction(0, "geomancer").set_faction(1, "dryads");
  sc.troops(0, "B3", 3).troops(1, "E4", 3);
  next_event(sc.p, "exile");
  auto& s = sc.at(Phase::kEvent);
  ASSERT_EQ(s.to_move(), 0);
  EXPECT_FALSE(has(labels(s), "home Mountain"));  // a new home turf, the Geomancer too
  play(s, "home Sea");
  EXPECT_FALSE(has(labels(s), "home Forest"));
  play(s, "home Swamp");
  EXPECT_EQ(pos(s).seats[0].home, 4);  // sea
  EXPECT_EQ(pos(s).seats[1].home, 5);
  // Next round's phase 1: the Geomancer may undo it.
  Scenario next(2);
  next.set_faction(0, "geomancer").troops(0, "B3", 3).troops(1, "E4", 3);
  next.p.seats[0].home = 4;
  auto& s2 = next.at(Phase::kPreEvent);
  ASSERT_EQ(pos(s2).step, Step::kDeclareHome);
  play(s2, "home Mountain");
  EXPECT_EQ(pos(s2).seats[0].home, 2);
}

TEST(TurfWarsRules, T6_3_TurnBackTime) {  // FAQ
  for (int round : {1, 2, 3}) {
    Scenario sc(3);
    sc.troops(0, "A1", 3).troops(1, "G7", 3).troops(2, "D5", 3);
    sc.p.round = static_cast<std::uint8_t>(round);
    next_event(sc.p, "turn_back_time");
    auto& s = sc.at(Phase::kEvent);
    EXPECT_EQ(pos(s).round, std::max(1, round - 1));
    EXPECT_EQ(teleporters_active(pos(s)), round == 3);  // round 2 turned back: inactive again
  }
}

TEST(TurfWarsRules, T4_1_MalaiseStopsTheDryadsNextRound) {  // FAQ
  for (bool malaise : {false, true}) {
    Scenario sc(2);
    sc.set_faction(0, "dryads").set_faction(1, "lizard_folk");
    sc.troops(0, "A2", 3).troops(0, "E3", 1).troops(1, "E1", 2);
    if (malaise) sc.event("curse_of_malaise");
    auto& s = sc.at(Phase::kPreEvent);
    EXPECT_EQ(troops_at(s, "A2"), malaise ? 3 : 4);
    EXPECT_EQ(troops_at(s, "E3"), malaise ? 1 : 2);
  }
}

TEST(TurfWarsRules, T4_2_DoppelgangersCloneFactionsInPlay) {  // FAQ
  Scenario sc(3);
  sc.set_faction(0, "doppelgangers").set_faction(1, "pixies").set_faction(2, "berserkers");
  sc.troops(0, "A1", 3).troops(1, "G7", 3).troops(2, "D5", 3);
  auto& s = sc.at(Phase::kPreEvent);
  ASSERT_EQ(pos(s).step, Step::kClone);
  EXPECT_EQ(labels(s), (std::vector<std::string>{"clone Pixies", "clone Berserkers"}));
  play(s, "clone Berserkers");
  EXPECT_EQ(ability_of(pos(s), 0).attack_bonus, 2);
  Scenario sc2(3);
  sc2.set_faction(0, "doppelgangers").set_faction(1, "pixies").set_faction(2, "berserkers");
  sc2.troops(0, "A1", 3).troops(1, "G7", 3);
  sc2.p.seats[2].eliminated = true;  // out of play: only the Pixies are left, taken at once
  auto& s2 = sc2.at(Phase::kPreEvent);
  EXPECT_EQ(pos(s2).seats[0].clone, content().faction_index("pixies"));
}

// ---- T5, T2: set-up and reinforcements --------------------------------------------------------

TEST(TurfWarsRules, T5_1_RoundOneTroopsGoToTheStart) {  // FAQ
  Scenario sc(2);
  sc.set_faction(0, "lizard_folk").set_faction(1, "pixies");
  sc.troops(0, "B2", 4).troops(1, "E3", 4);
  sc.p.seats[0].start = static_cast<std::uint8_t>(cell(sc.p, "B2"));
  sc.p.seats[1].start = static_cast<std::uint8_t>(cell(sc.p, "E3"));
  sc.p.round = 1;
  next_event(sc.p, "quiet_day");
  auto& s = sc.at(Phase::kReinforce);
  ASSERT_EQ(pos(s).phase, Phase::kDraft);  // no decision: each start is the only turf
  EXPECT_EQ(troops_at(s, "B2"), 6);        // 4 + the 2 of round 1
  EXPECT_EQ(troops_at(s, "E3"), 6);
}

TEST(TurfWarsRules, T5_1_LaterTroopsGoToAnyOwnedTurf) {  // FAQ, second part
  Scenario sc(2);
  sc.set_faction(0, "lizard_folk").set_faction(1, "pixies");
  sc.troops(0, "B2", 3).troops(0, "E1", 3).troops(1, "E3", 3);
  auto& s = sc.at(Phase::kReinforce);
  ASSERT_EQ(s.to_move(), 0);
  const auto first = labels(s);
  EXPECT_NE(std::find(first.begin(), first.end(), "place at B2 Plains"), first.end());
  EXPECT_NE(std::find(first.begin(), first.end(), "place at E1 Sea"), first.end());
  EXPECT_EQ(first.size(), 2u);  // only the turfs it controls
  play(s, "place at B2 Plains");
  play(s, "place at E1 Sea");  // one troop each: any split is allowed
  EXPECT_EQ(troops_at(s, "B2"), 4);
  EXPECT_EQ(troops_at(s, "E1"), 4);
}

TEST(TurfWarsRules, T8_2_AttackWithEveryTroopAbandonsTheStart) {  // FAQ
  Scenario sc(2);
  sc.troops(0, "B2", 5).troops(0, "E1", 2).troops(1, "E4", 3);
  auto& s = sc.actions({{0, "Forest Attack (27)"}});
  from(s, "from B2 Plains");  // A2 is the only adjacent forest
  play(s, "commit 5");        // all of them: B2 is left behind
  EXPECT_EQ(troops_at(s, "A2"), 5);
  EXPECT_EQ(owner_at(s, "A2"), 0);
  EXPECT_EQ(owner_at(s, "B2"), -1);
  EXPECT_EQ(troops_at(s, "B2"), 0);
}

TEST(TurfWarsRules, T6_6_MindControlIsOptional) {  // FAQ: Mind Control is an optional event
  const GameInfo& g = testing::game();
  const int mc = content().event_index("mind_control");
  for (const char* on : {"on", "off"}) {
    for (int players : {2, 4, 6}) {
      for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        auto s =
            g.create(g.resolve({{"players", std::to_string(players)}, {"mind_control", on}}), seed);
        const Position& p = pos(*s);
        int found = 0;
        for (int i = 0; i < p.event_deck_size; ++i) found += p.event_deck[i] == mc;
        EXPECT_EQ(found, std::string(on) == "on" ? 1 : 0) << on << " " << players;
        EXPECT_EQ(p.event_deck_size, std::string(on) == "on" ? 25 : 24) << on << " " << players;
      }
    }
  }
}

TEST(TurfWarsRules, T2_6_StartingTurfsAreNeverAdjacent) {
  const GameInfo& g = testing::game();
  for (int players = 2; players <= 6; ++players) {
    auto s = g.create(g.resolve({{"players", std::to_string(players)}}), 3);
    Rng r(players);
    std::vector<Action> legal;
    while (pos(*s).phase == Phase::kFactions || pos(*s).phase == Phase::kStarts) {
      s->legal_actions(legal);
      s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    const Position& p = pos(*s);
    const Board& b = board_of(p);
    for (int a = 0; a < players; ++a) {
      EXPECT_EQ(b.type[p.seats[a].start], p.seats[a].home) << players;
      for (int c = 0; c < players; ++c)
        if (a != c) {
          EXPECT_FALSE(b.ring[p.seats[a].start].has(p.seats[c].start)) << players;
        }
    }
  }
}

TEST(TurfWarsRules, T2_4_CombatDeckByPlayerCount) {
  const GameInfo& g = testing::game();
  for (int players = 2; players <= 6; ++players) {
    auto s = g.create(g.resolve({{"players", std::to_string(players)}}), 5);
    std::vector<Action> legal;
    while (pos(*s).phase == Phase::kFactions) {
      s->legal_actions(legal);
      s->apply(legal.front());
    }
    const Position& p = pos(*s);
    std::array<int, kCombatTypes> total{};
    for (int i = 0; i < p.combat_deck_size; ++i) ++total[p.combat_deck[i]];
    for (int seat = 0; seat < players; ++seat) {
      EXPECT_EQ(hand_size(p.seats[seat]), 9);  // the Zero and eight
      EXPECT_EQ(p.seats[seat].hand[kZero], 1);
      for (int t = 0; t < kCombatTypes; ++t) total[t] += p.seats[seat].hand[t];
    }
    EXPECT_EQ(total[kCryForHelp], players);
    EXPECT_EQ(total[kNegate], players == 2 ? 1 : players <= 4 ? 2 : 4);
    EXPECT_EQ(total[kZero], players);
    int numeric = 0;
    for (int v = 1; v <= 10; ++v) numeric += total[v];
    EXPECT_EQ(numeric, 70);
    // T2.5: players without a nemesis in play drew a secret win card.
    for (int seat = 0; seat < players; ++seat)
      EXPECT_EQ(p.seats[seat].num_secrets, p.seats[seat].nemesis == kNone ? 1 : 0);
    if (players == 2) {
      EXPECT_EQ(p.seats[0].nemesis, 1);
    }
  }
}

// T2.5 as the lab sees it: every seat reports its faction, home type and the secret win card it
// drew at set-up ("none" when its nemesis is in play), whatever it bought later.
TEST(TurfWarsRules, T2_5_SeatAttributesNameTheSetUpSecret) {
  const GameInfo& g = testing::game();
  for (int players : {2, 4, 6}) {
    auto s = g.create(g.resolve({{"players", std::to_string(players)}, {"factions", "dealt"}}), 9);
    Position& p = const_cast<Position&>(pos(*s));
    for (int seat = 0; seat < players; ++seat) {
      const auto a = g.seat_attributes(*s, seat);
      const SeatState& st = p.seats[seat];
      EXPECT_EQ(a.at("faction"), content().factions[st.faction].id);
      EXPECT_EQ(a.at("home"), content().type_ids[st.home]);
      if (st.nemesis != kNone) {
        EXPECT_EQ(a.at("secret"), "none");
      } else {
        ASSERT_EQ(st.num_secrets, 1);
        EXPECT_EQ(a.at("secret"), content().secrets[st.secrets[0]].id);
      }
    }
    if (players == 2) continue;
    for (int seat = 0; seat < players; ++seat) {  // a bought card does not change it
      const auto before = g.seat_attributes(*s, seat).at("secret");
      SeatState& st = p.seats[seat];
      st.secrets[st.num_secrets++] = 0;
      EXPECT_EQ(g.seat_attributes(*s, seat).at("secret"), before);
    }
  }
}

// T2.3, T3.2 as the lab sees it (issue 31: a first-player attribute): "order" is the seat's place
// in the first turn order, "first" for the FTT holder at set-up (the Pixies when in play), then to
// the left; a purchase of the FTT later (T12.2) does not change it.
TEST(TurfWarsRules, T2_3_T3_2_TheOrderAttributeFollowsTheFirstTurnTokenAtSetUp) {
  const GameInfo& g = testing::game();
  static const char* const kOrdinals[] = {"first", "second", "third", "fourth", "fifth", "sixth"};
  int pixies_games = 0;
  for (int players = 2; players <= 6; ++players) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      auto s =
          g.create(g.resolve({{"players", std::to_string(players)}, {"factions", "dealt"}}), seed);
      Position& p = const_cast<Position&>(pos(*s));
      ASSERT_EQ(p.order[0], p.ftt);  // T3.2: the first turn order starts with the holder
      std::set<std::string> seen;
      for (int k = 0; k < players; ++k) {
        const int seat = (p.ftt + k) % players;  // to the left (R7)
        const auto a = g.seat_attributes(*s, seat);
        EXPECT_EQ(a.at("order"), kOrdinals[k]);
        seen.insert(a.at("order"));
        if (content().factions[p.seats[seat].faction].ability.first_turn_token) {
          EXPECT_EQ(k, 0);  // T2.3: the Pixies take the FTT
          ++pixies_games;
        }
      }
      EXPECT_EQ(static_cast<int>(seen.size()), players);
      const int holder = p.ftt;
      p.ftt = static_cast<std::uint8_t>((holder + 1) % players);  // bought later (T12.2)
      EXPECT_EQ(g.seat_attributes(*s, holder).at("order"), "first");
    }
  }
  EXPECT_GT(pixies_games, 0);  // the seeds include tables with the Pixies
}

// ---- T7: the draft ---------------------------------------------------------------------------

TEST(TurfWarsRules, T7_DraftPassesThePacketAndBoughtCardsJoin) {
  Scenario sc(3);
  sc.troops(0, "A1", 3).troops(1, "G7", 3).troops(2, "D5", 3);
  // Seat 1 bought three action cards last round (T12.1, R14).
  for (int k = 0; k < 3; ++k) {
    const int t = sc.p.action_deck[--sc.p.action_deck_size];
    ++sc.p.seats[1].held[t];
    ++sc.p.seats[1].num_held;
  }
  sc.p.phase = Phase::kDraft;
  sc.p.sub = 0;
  auto& s = sc.start();
  const Position& p = pos(s);
  EXPECT_EQ(p.packet_size, 6);  // 3 + 3 players
  ASSERT_EQ(s.to_move(), 0);
  play(s, labels(s).front());
  EXPECT_EQ(pos(s).packet_size, 5 + 3);  // seat 1's three joined
  EXPECT_EQ(pos(s).seats[1].num_held, 0);
  play(s, labels(s).front());
  play(s, labels(s).front());
  EXPECT_EQ(pos(s).hidden_discard_size, 9 - 3);  // the rest, face down
  EXPECT_EQ(pos(s).phase == Phase::kActions || pos(s).phase == Phase::kSpend ||
                pos(s).phase == Phase::kBloodlust,
            true);
}

// ---- T11, T12: scoring and spending ----------------------------------------------------------

TEST(TurfWarsRules, T11_ScoringCountsATurfThrice) {  // FAQ
  Scenario sc(2);
  sc.set_faction(0, "dryads");  // home: forest
  sc.troops(0, "A2", 1).troops(0, "E3", 1).troops(0, "C2", 1).troops(0, "B3", 1);
  sc.troops(0, "D1", 1).troops(0, "E1", 1).troops(0, "C1", 1).troops(1, "A5", 3);
  auto& s = sc.at(Phase::kScore);
  // 7 turfs: 3 DP; 2 home forests: 2 DP; every type: 5 DP.
  EXPECT_EQ(pos(s).seats[0].dp, 3 + 2 + 5);
  EXPECT_EQ(pos(s).seats[1].dp, 0);  // one plains turf, not its home (mountain)
}

TEST(TurfWarsRules, T12_2_FttStealCostsMore) {  // FAQ
  Scenario sc(3);
  sc.troops(0, "A1", 3).troops(1, "G7", 3).troops(2, "D5", 3);
  sc.p.seats[0].dp = 5;
  sc.p.seats[1].dp = 10;
  sc.p.seats[2].dp = 10;
  auto& s = sc.at(Phase::kSpend);
  ASSERT_EQ(s.to_move(), 0);
  EXPECT_FALSE(has(labels(s), "buy the FTT (5 DP)"));  // the holder cannot buy it
  play(s, "done");
  play(s, "buy the FTT (5 DP)");
  EXPECT_EQ(pos(s).ftt, 1);
  play(s, "done");
  EXPECT_TRUE(has(labels(s), "buy the FTT (6 DP)"));
  play(s, "buy the FTT (6 DP)");
  EXPECT_EQ(pos(s).ftt, 2);
  EXPECT_EQ(pos(s).seats[2].dp, 4);
}

TEST(TurfWarsRules, T12_3_ExchangeNeverTheZero) {
  Scenario sc(2);
  sc.troops(0, "A1", 3).troops(1, "E4", 3).hand(0, {"v1", "v2"});
  sc.troops(0, "B2", 2);
  auto& s = sc.at(Phase::kSpend);
  play(s, "exchange two combat cards");
  EXPECT_FALSE(has(labels(s), "give Zero"));
  play(s, "give 1");
  play(s, "give 2");
  EXPECT_EQ(hand_size(pos(s).seats[0]), 2);  // the Zero and the new card
  EXPECT_EQ(pos(s).seats[0].hand[kZero], 1);
  EXPECT_EQ(pos(s).combat_discard[1] + pos(s).combat_discard[2], 2);
}

TEST(TurfWarsRules, T12_1_BuyingCombatCardsKeepsOne) {
  Scenario sc(2);
  sc.troops(0, "B2", 3).troops(1, "E4", 3);
  sc.p.seats[0].dp = 8;
  auto& s = sc.at(Phase::kSpend);
  play(s, "buy two combat cards (8 DP)");
  ASSERT_EQ(pos(s).step, Step::kKeepCombat);
  const auto drawn = pos(s).seats[0].drawn;
  play(s, labels(s).front());
  EXPECT_EQ(hand_size(pos(s).seats[0]), 2);
  EXPECT_EQ(pos(s).seats[0].dp, 0);
  int discarded = 0;
  for (int t = 1; t < kCombatTypes; ++t) discarded += pos(s).combat_discard[t];
  EXPECT_EQ(discarded, 1);
  EXPECT_TRUE(pos(s).seats[0].hand[drawn[0]] || pos(s).seats[0].hand[drawn[1]]);
}

// ---- T13: winning ----------------------------------------------------------------------------

TEST(TurfWarsRules, T13_1_StrengthInNumbersBeforePestilence) {  // FAQ
  Scenario sc(2);
  sc.troops(0, "B2", 20).troops(0, "A2", 14).troops(1, "E4", 3);
  sc.secret(0, "strength_in_numbers");
  next_event(sc.p, "pestilence");
  auto& s = sc.at(Phase::kReinforce);
  ASSERT_EQ(s.to_move(), 0);
  play(s, "place at B2 Plains");  // 35 troops
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(pos(s).winners, 1);
  EXPECT_EQ(pos(s).win_type, WinType::kSecret);
  EXPECT_EQ(troops_at(s, "B2"), 21);        // Pestilence never came
  EXPECT_EQ(s.scores()[0], 0);              // E4: the DP
  EXPECT_EQ(ranking_keys(pos(s))[0], 100);  // R32: 100 more than the most DP anyone has (0)
  EXPECT_EQ(s.ranking(), (std::vector<int>{0, 1}));
}

TEST(TurfWarsRules, T13_2_OnlyYourOwnBlowCounts) {  // FAQ
  for (int killer : {0, 1}) {
    Scenario sc(3);
    sc.p.round = 1;
    sc.p.seats[0].nemesis = 2;
    sc.troops(killer, "A1", 5).troops(1 - killer, "G1", 3).troops(2, "A2", 1);
    auto& s = sc.actions({{killer, "Forest Attack (27)"}});
    from(s, "from A1 Desert");
    play(s, "commit 5");
    play(s, "commit 1");
    EXPECT_TRUE(pos(s).seats[2].eliminated);
    if (killer == 0) {
      EXPECT_TRUE(s.terminal());
      EXPECT_EQ(pos(s).win_type, WinType::kNemesis);
      EXPECT_EQ(pos(s).winners, 1);
    } else {
      EXPECT_FALSE(s.terminal());  // seat 1's blow does not win for seat 0
      EXPECT_EQ(pos(s).seats[1].kills, 1);
    }
  }
}

TEST(TurfWarsRules, T13_2_DominationWins) {
  Scenario sc(2);
  sc.set_faction(1, "dryads");
  sc.troops(1, "A2", 1).troops(1, "E3", 1).troops(1, "C4", 1).troops(0, "E1", 3);
  auto& s = sc.at(Phase::kScore);
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(pos(s).win_type, WinType::kDomination);
  EXPECT_EQ(pos(s).winners, 2);
}

TEST(TurfWarsRules, T15_3_EncircleNeedsFiveNeighbours) {  // FAQ
  {
    Scenario sc(2);
    sc.secret(0, "encircle");
    sc.troops(1, "B2", 3);  // five turfs around B2: C1, A2, C2, A3, B3
    for (const char* c : {"C1", "A2", "C2", "A3", "B3"}) sc.troops(0, c, 1);
    auto& s = sc.at(Phase::kScore);
    EXPECT_TRUE(s.terminal());
    EXPECT_EQ(pos(s).winners, 1);
  }
  Scenario sc(2);
  sc.secret(0, "encircle");
  sc.troops(1, "E1", 3).troops(1, "A5", 2);  // E1 has only two turfs around it
  sc.troops(0, "D1", 1).troops(0, "E2", 1);
  auto& s = sc.at(Phase::kScore);
  EXPECT_FALSE(s.terminal());
}

TEST(TurfWarsRules, T13_4_UndefeatedWinsAlongside) {  // FAQ
  for (int attacks_won : {0, 1}) {
    Scenario sc(2);
    sc.set_faction(1, "dryads").secret(0, "undefeated");
    sc.p.seats[0].attacks_won = static_cast<std::uint8_t>(attacks_won);
    sc.p.seats[0].wars_won = static_cast<std::uint8_t>(attacks_won);
    sc.troops(1, "A2", 1).troops(1, "E3", 1).troops(1, "C4", 1).troops(0, "E1", 3);
    auto& s = sc.at(Phase::kScore);
    ASSERT_TRUE(s.terminal());
    EXPECT_EQ(pos(s).winners, attacks_won ? 3 : 2);
  }
}

TEST(TurfWarsRules, T13_4_UnstoppableYields) {  // FAQ
  for (bool other : {false, true}) {
    Scenario sc(2);
    sc.set_faction(1, "dryads").secret(0, "unstoppable");
    sc.p.seats[0].streak = 3;
    sc.troops(0, "E1", 3).troops(1, "A2", 1).troops(1, "E3", 1);
    if (other) sc.troops(1, "C4", 1);
    auto& s = sc.at(Phase::kScore);
    ASSERT_TRUE(s.terminal());
    EXPECT_EQ(pos(s).winners, other ? 2 : 1);
  }
}

TEST(TurfWarsRules, T13_5_PointsAndTheTieBreak) {
  Scenario sc(3);
  sc.p.round = 10;
  sc.troops(0, "A1", 3).troops(1, "G7", 3).troops(2, "D5", 1).troops(2, "E5", 1);
  sc.p.seats[0].dp = 7;
  sc.p.seats[1].dp = 7;
  sc.p.seats[2].dp = 2;
  auto& s = sc.at(Phase::kSpend);
  // Spending: nobody buys (seat 2 cannot: its turn passes at once); the game ends after round 10.
  play(s, "done");
  play(s, "done");
  // DP and turfs tie... seats 0 and 1 hold one turf each, seat 2 (not tied) has two turfs but
  // fewer DP. Start troops: neither holds a starting turf, so they tie again; troops tie (3 and
  // 3): seat 2 pledges its troops.
  ASSERT_EQ(pos(s).step, Step::kTieSupport);
  EXPECT_EQ(s.to_move(), 2);
  play(s, "pledge to player 2 (Geomancer)");
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(pos(s).win_type, WinType::kPoints);
  EXPECT_EQ(s.ranking()[1], 0);
  EXPECT_EQ(s.ranking()[0], 1);
  EXPECT_EQ(s.scores(), (std::vector<double>{7, 7, 2}));
}

// T13.5, R57 (issue 29): "the number of troop tokens in the original home turf ONLY — if you
// don't recall this turf or lost it during the course of the game, that's a zero": a starting
// turf lost and won back counts zero in the tie-break. Seats 0 and 1 tie on DP (7), turfs (2) and
// troops (4); seat 0's starting turf holds 3 troops, seat 1's 2.
TEST(TurfWarsRules, T13_5_R57_AStartingTurfLostAndWonBackCountsZero) {
  for (bool lost : {false, true}) {
    Scenario sc(3);
    sc.p.round = 10;
    sc.troops(0, "A1", 3).troops(0, "A2", 1).troops(1, "G7", 2).troops(1, "F7", 2);
    sc.troops(2, "D5", 1);
    sc.p.seats[0].start = static_cast<std::uint8_t>(cell(sc.p, "A1"));
    sc.p.seats[1].start = static_cast<std::uint8_t>(cell(sc.p, "G7"));
    sc.p.seats[0].start_lost = lost;  // held now, but lost at some point
    sc.p.seats[0].dp = sc.p.seats[1].dp = 7;
    sc.p.seats[2].dp = 2;
    auto& s = sc.at(Phase::kSpend);
    play(s, "done");
    play(s, "done");
    ASSERT_TRUE(s.terminal());
    EXPECT_EQ(pos(s).win_type, WinType::kPoints);
    EXPECT_EQ(s.ranking()[0], lost ? 1 : 0) << "lost: " << lost;
    EXPECT_EQ(s.ranking()[1], lost ? 0 : 1);
    EXPECT_EQ(pos(s).seats[0].start_lost, lost) << "holding it again does not undo the loss";
  }
}

// R57: the engine marks a starting turf lost when a war takes it, and not when its troops leave
// it for a war and come back (a cancelled attack: the turf was never out of its owner's hands
// between two steps).
TEST(TurfWarsRules, T13_5_R57_AStartingTurfTakenInAWarIsLost) {
  {
    Scenario sc(2, kSimple);
    sc.troops(1, "C1", 1);
    sc.p.seats[1].start = static_cast<std::uint8_t>(cell(sc.p, "C2"));
    auto& s = desert_attack(sc, 10, 6);
    play(s, "commit 4");
    ASSERT_EQ(owner_at(s, "C2"), 0);
    EXPECT_TRUE(pos(s).seats[1].start_lost);
    EXPECT_FALSE(pos(s).seats[0].start_lost);  // seat 0 has no starting turf here
  }
  {
    Scenario sc(2, kSimple);
    sc.hand(1, {"negate"});
    sc.p.seats[0].start = static_cast<std::uint8_t>(cell(sc.p, "B2"));
    auto& s = desert_attack(sc, 10, 3);  // all 10 troops of B2 leave it for the war
    play(s, "commit 3");
    play(s, "play Negate Attack");
    ASSERT_EQ(troops_at(s, "B2"), 10);
    EXPECT_FALSE(pos(s).seats[0].start_lost);
  }
}

// ---- Faction abilities and events (T15.1, T15.2) ---------------------------------------------

TEST(TurfWarsRules, T2_3_PixiesTakeTheFtt) {
  for (bool pixies : {true, false}) {
    Position p;
    setup(p, {3, kSimple, true}, 21);
    const int px = content().faction_index("pixies");
    if (pixies) p.seats[2].dealt = {static_cast<std::uint8_t>(px), p.seats[2].dealt[1]};
    for (int s = 0; s < 3; ++s) {
      if (!pixies && (p.seats[s].dealt[0] == px || p.seats[s].dealt[1] == px)) return;
      apply(p, kActFaction + p.seats[s].dealt[0]);
    }
    if (pixies) {
      EXPECT_EQ(p.ftt, 2);
    }
    EXPECT_EQ(p.step, Step::kChooseStart);
    EXPECT_EQ(p.to_move, p.ftt);  // the FTT holder chooses its starting turf first (T2.6)
  }
}

// T2.2 with factions=dealt: one card each, no choice; the game starts at the starting turfs, and
// over many seeds every faction is dealt about equally often (the lab's use of the option).
TEST(TurfWarsRules, T2_2_DealtFactionsAreNotChosen) {
  const GameInfo& g = testing::game();
  for (int players = 2; players <= 6; ++players) {
    std::vector<int> times(content().factions.size(), 0);
    const int games = 200;
    for (int seed = 1; seed <= games; ++seed) {
      auto s = g.create(g.resolve({{"players", std::to_string(players)}, {"factions", "dealt"}}),
                        static_cast<std::uint64_t>(seed));
      const Position& p = pos(*s);
      ASSERT_EQ(p.phase, Phase::kStarts) << players;
      ASSERT_EQ(p.step, Step::kChooseStart);
      EXPECT_EQ(p.to_move, p.ftt);
      EXPECT_EQ(p.faction_deck_size, static_cast<int>(content().factions.size()) - players);
      std::set<int> in_play;
      for (int seat = 0; seat < players; ++seat) {
        const SeatState& st = p.seats[seat];
        EXPECT_EQ(st.dealt[1], kNone);
        EXPECT_EQ(st.faction, st.dealt[0]);
        EXPECT_EQ(st.home, content().factions[st.faction].home);
        if (content().factions[st.faction].ability.first_turn_token) {
          EXPECT_EQ(p.ftt, seat);  // T2.3
        }
        in_play.insert(st.faction);
        ++times[st.faction];
      }
      EXPECT_EQ(in_play.size(), static_cast<std::size_t>(players));
    }
    const double expected = games * players / static_cast<double>(times.size());
    for (std::size_t f = 0; f < times.size(); ++f) {
      EXPECT_GT(times[f], expected * 0.4) << players << " " << content().factions[f].id;
      EXPECT_LT(times[f], expected * 1.8) << players << " " << content().factions[f].id;
    }
  }
  // The default deals two and asks.
  auto s = g.create(g.resolve({{"players", "3"}}), 1);
  EXPECT_EQ(pos(*s).step, Step::kChooseFaction);
  EXPECT_EQ(pos(*s).faction_deck_size, static_cast<int>(content().factions.size()) - 6);
}

TEST(TurfWarsRules, T5_1_ZombiesPlaceThree) {
  Scenario sc(2);
  sc.set_faction(0, "zombies").troops(0, "B2", 3).troops(0, "A2", 3).troops(1, "E3", 3);
  auto& s = sc.at(Phase::kReinforce);
  for (int k = 0; k < 3; ++k) {
    ASSERT_EQ(s.to_move(), 0);
    play(s, "place at B2 Plains");
  }
  EXPECT_EQ(troops_at(s, "B2"), 6);
  EXPECT_EQ(troops_at(s, "E3"), 5);  // seat 1's two went to its only turf at once
}

TEST(TurfWarsRules, T4_2_GryphonsTransferBeforeTheEvent) {
  Scenario sc(2);
  sc.set_faction(0, "gryphons").set_faction(1, "lizard_folk");
  sc.troops(0, "B2", 5).troops(0, "E1", 3).troops(1, "E3", 3);
  auto& s = sc.at(Phase::kPreEvent);
  ASSERT_EQ(pos(s).step, Step::kManeuverFrom);
  play(s, "move from E1 Sea");
  play(s, "move 3");
  EXPECT_EQ(owner_at(s, "E1"), -1);
  EXPECT_EQ(troops_at(s, "B2"), 5 + 3 + 2);  // and then its two reinforcements (phase 2)
}

TEST(TurfWarsRules, T8_3_CentaursAttackTwoSteps) {
  // From a Plains (D1) the Centaurs' Mountain Attack reaches E2, two steps away through E1; the
  // Pixies' does not.
  for (const char* f : {"centaurs", "pixies"}) {
    Scenario sc(2);
    sc.set_faction(0, f).troops(0, "D1", 4).troops(1, "A5", 3);
    auto& s = sc.actions({{0, "Mountain Attack (28)"}});
    if (std::string(f) == "centaurs") {
      from(s, "from D1 Plains");
      play(s, "commit 4");
      EXPECT_EQ(troops_at(s, "E2"), 4);
    } else {
      EXPECT_NE(pos(s).phase, Phase::kActions);  // no mountain next to D1
    }
  }
  {  // From a Desert (C2), B3 two steps away is out of the Centaurs' reach.
    Scenario sc(2);
    sc.set_faction(0, "centaurs").troops(0, "C2", 4).troops(1, "A5", 3);
    auto& s = sc.actions({{0, "Mountain Attack (28)"}});
    EXPECT_NE(pos(s).phase, Phase::kActions);
    EXPECT_EQ(owner_at(s, "B3"), -1);
  }
}

TEST(TurfWarsRules, T9_3_SirensLure) {  // R20
  Scenario sc(3, kWinnerTakesAll);
  sc.p.round = 1;
  sc.set_faction(1, "sirens");
  sc.troops(0, "A1", 4).troops(0, "G1", 2).troops(1, "A2", 1).troops(2, "G7", 5);
  auto& s = sc.actions({{0, "Forest Attack (27)"}});
  from(s, "from A1 Desert");
  play(s, "commit 4");
  ASSERT_EQ(s.to_move(), 1);
  play(s, "lure from player 3 (Dryads)");
  EXPECT_EQ(troops_at(s, "G7"), 3);
  const auto l = labels(s);
  EXPECT_FALSE(has(l, "commit 1"));  // the lured troops are committed
  play(s, "commit 3");
  EXPECT_EQ(owner_at(s, "A2"), 0);  // 4 against 3
}

TEST(TurfWarsRules, T9_2_FrenemyDaySupport) {
  Scenario sc(3, kWinnerTakesAll);
  sc.p.round = 1;
  sc.set_faction(0, "pixies").event("frenemy_day");
  sc.troops(0, "A1", 3).troops(0, "G1", 2).troops(1, "A2", 5).troops(1, "C5", 2);
  sc.troops(2, "G7", 5);
  auto& s = sc.actions({{0, "Forest Attack (27)"}});
  from(s, "from A1 Desert");
  play(s, "commit 3");
  ASSERT_EQ(s.to_move(), 2);
  const auto l = labels(s);
  EXPECT_TRUE(has(l, "support player 1 (Pixies)"));
  EXPECT_TRUE(has(l, "support player 2 (Geomancer)"));
  EXPECT_TRUE(has(l, "stay out"));
  play(s, "support player 1 (Pixies)");
  play(s, "commit 5");
  // Seat 2 brings 3 troops (the attacker's count): 3 + 3 against 5.
  EXPECT_EQ(owner_at(s, "A2"), 0);
  EXPECT_EQ(troops_at(s, "A2"), 3);   // only the attacker's own troops move in
  EXPECT_EQ(troops_at(s, "G7"), 5);   // the supporter's went home
  EXPECT_TRUE(pos(s).num_owed == 0);  // voluntary support is not paid
}

// R24: the Lizard Folk may stay out of Maelstrom and Mind Control only (the FAQ); every other
// event acts on them ("All factions are intended to suffer (or prosper) from any event").
TEST(TurfWarsRules, R24_T6_2_LizardFolkCannotStayOutOfPestilence) {
  Scenario sc(2);
  sc.troops(0, "B2", 5).troops(1, "E3", 5);
  next_event(sc.p, "pestilence");
  auto& s = sc.at(Phase::kEvent);
  EXPECT_NE(pos(s).step, Step::kOptOut);
  EXPECT_EQ(troops_at(s, "B2"), 3);
  EXPECT_EQ(troops_at(s, "E3"), 3);
}

// The FAQ on Exile: "Yes. Everyone does." The Lizard Folk declare a new home like everyone else.
TEST(TurfWarsRules, R24_T6_4_ExileEveryoneDoes) {
  Scenario sc(2);
  sc.troops(0, "B2", 5).troops(1, "E3", 5);
  next_event(sc.p, "exile");
  auto& s = sc.at(Phase::kEvent);
  ASSERT_EQ(pos(s).step, Step::kDeclareHome);  // no choice to stay out first
  EXPECT_EQ(s.to_move(), 0);                   // the Lizard Folk, holding the FTT
  const int before = pos(s).seats[0].home;
  play(s, "home Forest");
  EXPECT_NE(pos(s).seats[0].home, before);
  for (const char* id : {"maelstrom", "mind_control"})  // the two it may stay out of
    EXPECT_TRUE(content().events[content().event_index(id)].opt_out) << id;
  for (const auto& e : content().events)
    if (e.id != "maelstrom" && e.id != "mind_control") {
      EXPECT_FALSE(e.opt_out) << e.id;
    }
}

TEST(TurfWarsRules, T6_3_EventsActAtOnce) {
  struct Case {
    const char* event;
    int b2, e3, dp0, round;
  };
  for (const Case& k : {Case{"bountiful_harvest", 6, 3, 0, 3}, Case{"desertion", 4, 2, 0, 3},
                        Case{"war_chest", 5, 2, 2, 3}, Case{"time_flies", 5, 2, 0, 4},
                        Case{"pestilence", 3, 0, 0, 3}}) {
    Scenario sc(2);
    sc.set_faction(0, "pixies").set_faction(1, "dryads");
    sc.troops(0, "B2", 5).troops(1, "E3", 2).troops(1, "A2", 1);
    next_event(sc.p, k.event);
    auto& s = sc.at(Phase::kEvent);
    EXPECT_EQ(troops_at(s, "B2"), k.b2) << k.event;
    EXPECT_EQ(troops_at(s, "E3"), k.e3) << k.event;
    EXPECT_EQ(pos(s).seats[0].dp, k.dp0) << k.event;
    EXPECT_EQ(pos(s).round, k.round) << k.event;
  }
  Scenario sc(2);  // Rally: each player places two troops, in turn order
  sc.set_faction(0, "pixies").set_faction(1, "dryads");
  sc.troops(0, "B2", 5).troops(0, "A5", 1).troops(1, "E3", 2);
  next_event(sc.p, "rally");
  auto& s = sc.at(Phase::kEvent);
  play(s, "place at A5 Plains");
  play(s, "place at A5 Plains");
  EXPECT_EQ(troops_at(s, "A5"), 3);
  EXPECT_EQ(troops_at(s, "E3"), 4);
}

TEST(TurfWarsRules, T6_9_FogFuryAndLastStand) {
  {  // Fog of War: no combat card is chosen; 5 against 4
    Scenario sc(2, kWinnerTakesAll);
    sc.event("fog_of_war").hand(0, {"v10"}).hand(1, {"v10"});
    auto& s = desert_attack(sc, 5, 4);
    play(s, "commit 4");
    EXPECT_EQ(owner_at(s, "C2"), 0);
    EXPECT_EQ(pos(s).seats[1].hand[10], 1);
  }
  {  // Battle Fury: 4 + 2 against 5
    Scenario sc(2, kWinnerTakesAll);
    sc.event("battle_fury").troops(0, "A5", 1);
    auto& s = desert_attack(sc, 4, 5);
    play(s, "commit 5");
    EXPECT_EQ(owner_at(s, "C2"), 0);
  }
  {  // Last Stand: 6 against 5 + 2
    Scenario sc(2, kWinnerTakesAll);
    sc.event("last_stand").troops(0, "A5", 1);
    auto& s = desert_attack(sc, 6, 5);
    play(s, "commit 5");
    EXPECT_EQ(owner_at(s, "C2"), 1);
  }
}

TEST(TurfWarsRules, T6_9_TeleporterStorm) {
  Scenario sc(4);
  sc.p.round = 3;
  EXPECT_TRUE(teleporters_active(sc.p));
  sc.event("teleporter_storm");
  EXPECT_FALSE(teleporters_active(sc.p));
}

// ---- Secret win cards (T15.3) ----------------------------------------------------------------

TEST(TurfWarsRules, T15_3_KillLeft) {
  Scenario sc(3);
  sc.p.round = 1;
  sc.secret(0, "kill_left");  // seat 0's left neighbour is seat 1 (R7)
  sc.troops(0, "A1", 5).troops(1, "A2", 1).troops(2, "G7", 3);
  auto& s = sc.actions({{0, "Forest Attack (27)"}});
  from(s, "from A1 Desert");
  play(s, "commit 5");
  play(s, "commit 1");
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(pos(s).winners, 1);
  EXPECT_EQ(pos(s).win_type, WinType::kSecret);
}

TEST(TurfWarsRules, T15_3_InstantCards) {
  // Homeland: at the end of a round from round 5 on, the starting turf B2 and every turf within
  // two steps of it (A2, C2 and B3 next to it; A3 and C1 two steps away).
  for (int round : {4, 5}) {
    for (bool far : {false, true}) {
      Scenario sc(2);
      sc.p.round = static_cast<std::uint8_t>(round);
      sc.secret(0, "homeland").troops(1, "E3", 3);
      for (const char* c : {"B2", "A2", "C2", "B3"}) sc.troops(0, c, 2);
      if (far) sc.troops(0, "A3", 2).troops(0, "C1", 2);
      sc.p.seats[0].start = static_cast<std::uint8_t>(cell(sc.p, "B2"));
      // Nobody can buy: the round ends at once.
      EXPECT_EQ(sc.at(Phase::kSpend).terminal(), far && round == 5) << round;
    }
  }
  {  // ... each with at least 2 troops
    Scenario sc(2);
    sc.p.round = 5;
    sc.secret(0, "homeland").troops(1, "E3", 3);
    for (const char* c : {"B2", "A2", "C2", "B3", "A3"}) sc.troops(0, c, 2);
    sc.troops(0, "C1", 1);
    sc.p.seats[0].start = static_cast<std::uint8_t>(cell(sc.p, "B2"));
    EXPECT_FALSE(sc.at(Phase::kSpend).terminal());
  }
  {  // ... and only at the end of a round
    Scenario sc(2);
    sc.p.round = 5;
    sc.secret(0, "homeland").troops(1, "E3", 3);
    for (const char* c : {"B2", "A2", "C2", "B3", "A3", "C1"}) sc.troops(0, c, 2);
    sc.p.seats[0].start = static_cast<std::uint8_t>(cell(sc.p, "B2"));
    auto& s = sc.at(Phase::kReinforce);
    EXPECT_EQ(pos(s).step, Step::kPlace);
    EXPECT_FALSE(s.terminal());
  }
  {  // Card Carrier: one each of 1 to 10
    Scenario sc(2);
    sc.secret(0, "card_carrier").troops(0, "B2", 3).troops(1, "E3", 3);
    sc.hand(0, {"v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10"});
    EXPECT_TRUE(sc.at(Phase::kScore).terminal());
  }
  // Usurper: Turf Wars won as attacker for the defenders' own starting turfs, of two different
  // players; with two players the other player's is enough.
  for (bool start : {false, true}) {
    Scenario sc(2, kWinnerTakesAll);
    sc.secret(0, "usurper");
    sc.p.seats[1].start = static_cast<std::uint8_t>(cell(sc.p, start ? "C2" : "E4"));
    auto& s = desert_attack(sc, 6, 2);
    play(s, "commit 2");
    EXPECT_EQ(owner_at(s, "C2"), 0);
    EXPECT_EQ(pos(s).seats[0].usurped, start ? 2 : 0);
    EXPECT_EQ(s.terminal(), start);
  }
  for (std::uint8_t before : {0, 4, 2}) {  // 3 players: seat 2's start taken before, or seat 1's
    Scenario sc(3, kWinnerTakesAll);
    sc.secret(0, "usurper").troops(0, "A1", 6).troops(1, "B1", 2).troops(1, "G7", 2);
    sc.troops(2, "D5", 3);
    sc.p.seats[1].start = static_cast<std::uint8_t>(cell(sc.p, "B1"));
    sc.p.seats[0].usurped = before;
    auto& s = sc.actions({{0, "Mountain Attack (28)"}});
    from(s, "from A1 Desert");
    play(s, "commit 6");
    play(s, "commit 2");
    EXPECT_EQ(owner_at(s, "B1"), 0);
    EXPECT_EQ(pos(s).seats[0].usurped, before | 2);
    EXPECT_EQ(s.terminal(), before == 4);  // two different players
  }
  {  // Walking into an abandoned starting turf is no usurpation.
    Scenario sc(2);
    sc.secret(0, "usurper").troops(0, "B2", 3).troops(1, "E4", 2);
    sc.p.seats[1].start = static_cast<std::uint8_t>(cell(sc.p, "C2"));
    auto& s = sc.actions({{0, "Desert Attack (26)"}});
    from(s, "from B2 Plains");
    play(s, "commit 2");
    EXPECT_EQ(owner_at(s, "C2"), 0);
    EXPECT_FALSE(s.terminal());
  }
}

// Giant Slayer: a Turf War won as attacker against at least 6 committed defending troops and at
// least twice the attacker's own (its card's terms, data).
TEST(TurfWarsRules, T15_3_GiantSlayerNeedsABigDefence) {
  for (int garrison : {5, 6}) {
    Scenario sc(2, kWinnerTakesAll);
    sc.secret(0, "giant_slayer").hand(0, {"v10"});
    auto& s = desert_attack(sc, 2, garrison);  // twice 2 is 4: both garrisons are big enough
    play(s, "commit " + std::to_string(garrison));
    play(s, "play 10");  // 2 + 10 beats 5 or 6
    EXPECT_EQ(owner_at(s, "C2"), 0);
    EXPECT_EQ(pos(s).seats[0].giant_slain, garrison >= 6);
    EXPECT_EQ(s.terminal(), garrison >= 6);
  }
  {  // Six defenders, but fewer than twice the attackers: no.
    Scenario sc(2, kWinnerTakesAll);
    sc.secret(0, "giant_slayer").hand(0, {"v10"});
    auto& s = desert_attack(sc, 4, 7);
    play(s, "commit 7");
    play(s, "play 10");
    EXPECT_EQ(owner_at(s, "C2"), 0);
    EXPECT_FALSE(pos(s).seats[0].giant_slain);
  }
}

TEST(TurfWarsRules, T15_3_GuardianAtTheEndOfARound) {
  for (int round : {4, 5}) {
    Scenario sc(2);
    sc.secret(0, "plains_guardian");
    sc.p.round = static_cast<std::uint8_t>(round);
    // No troops in any plains (D1, B2, A5); seat 0 guards C1, A2 and A4, all next to plains.
    sc.troops(0, "C1", 1).troops(0, "A2", 1).troops(0, "A4", 1).troops(1, "E3", 3);
    auto& s = sc.at(Phase::kSpend);  // nobody can buy: the round ends at once
    if (round == 5) {
      ASSERT_TRUE(s.terminal());
      EXPECT_EQ(pos(s).winners, 1);
    } else {
      EXPECT_FALSE(s.terminal());  // from round 5 only
    }
  }
}

// ---- Issue 14 readings ------------------------------------------------------------------------

// R29: the rulebook's wins are for factions still in the war and its tie-break speaks of the
// remaining players: an eliminated seat ranks below every seat still in, whatever its DP.
TEST(TurfWarsRules, R29_EliminatedSeatsRankBelowSeatsStillIn) {
  Scenario sc(3);
  sc.troops(0, "A1", 3).troops(1, "G7", 3);
  sc.p.seats[0].dp = 10;
  sc.p.seats[1].dp = 5;
  sc.p.seats[2].dp = 30;  // wiped out earlier, with the most DP
  sc.p.seats[2].eliminated = true;
  sc.p.round = 10;
  auto& s = sc.at(Phase::kTieBreak);  // after round 10
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(pos(s).winners, 1);
  EXPECT_EQ(pos(s).win_type, WinType::kPoints);
  EXPECT_EQ(s.ranking(), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(s.scores(), (std::vector<double>{10, 5, 30}));  // E4: the DP
  const auto keys = ranking_keys(pos(s));
  EXPECT_EQ(keys[0], 10);
  EXPECT_EQ(keys[1], 5);
  EXPECT_EQ(keys[2], 4);  // lowered to one below the lowest seat still in (R32)
}

// R29: a lone survivor ends the game at once and wins it; the eliminated rank below it by DP.
TEST(TurfWarsRules, R29_T13_6_LoneSurvivorWins) {
  Scenario sc(3);
  sc.troops(0, "A1", 2);
  sc.p.seats[0].dp = 3;
  sc.p.seats[1].dp = 40;
  sc.p.seats[2].dp = 12;
  sc.p.seats[1].eliminated = sc.p.seats[2].eliminated = true;
  auto& s = sc.at(Phase::kScore);
  ASSERT_TRUE(s.terminal());
  EXPECT_EQ(pos(s).winners, 1);
  EXPECT_EQ(s.ranking(), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(s.scores(), (std::vector<double>{3, 40, 12}));  // E4: the DP
  const auto keys = ranking_keys(pos(s));
  EXPECT_GT(keys[0], keys[1]);
  EXPECT_GT(keys[1], keys[2]);
}

// R29 for the bots: the evaluation agrees that an eliminated seat ends below every seat still in.
TEST(TurfWarsRules, R29_TheEvaluationPutsTheEliminatedLast) {
  Scenario sc(3);
  sc.troops(0, "A1", 3).troops(1, "G7", 3);
  sc.p.seats[2].dp = 60;
  sc.p.seats[2].eliminated = true;
  sc.p.phase = Phase::kDraft;
  const TurfWarsState st(&testing::game(), sc.p);
  const auto v = turf::evaluate(st);
  EXPECT_LT(v[2], v[0]);
  EXPECT_LT(v[2], v[1]);
}

// R35: "reveal it, perform the action listed": a card with a legal use cannot be declined.
TEST(TurfWarsRules, R35_T8_8_ACardWithAUseMustBePerformed) {
  {
    Scenario sc(2);
    // Two turfs next to the desert C2 (seat 1): a real choice of source, but no pass.
    sc.troops(0, "B2", 3).troops(0, "C1", 3).troops(1, "C2", 2).troops(1, "E4", 2);
    auto& s = sc.actions({{0, "Desert Attack (26)"}});
    ASSERT_EQ(pos(s).step, Step::kSource);
    const auto l = labels(s);
    EXPECT_TRUE(has(l, "from B2 Plains"));
    EXPECT_TRUE(has(l, "from C1 Swamp"));
    EXPECT_FALSE(has(l, "pass"));
  }
  {
    Scenario sc(2);  // a Teleport with an empty target: performed too
    sc.troops(0, "B2", 5).troops(0, "A5", 2).troops(1, "E3", 3);
    auto& s = sc.actions({{0, "Forest Teleport (11)"}});
    ASSERT_EQ(pos(s).step, Step::kSource);
    EXPECT_FALSE(has(labels(s), "pass"));
    play(s, "from A5 Plains");
    EXPECT_FALSE(has(labels(s), "pass"));
  }
  // No legal use (no desert next to D1): revealed and discarded without a decision.
  Scenario sc(2);
  sc.troops(0, "D1", 3).troops(1, "E4", 2);
  const int t = testing::tmpl("Desert Attack (26)");
  auto& s = sc.actions({{0, "Desert Attack (26)"}});
  EXPECT_NE(pos(s).phase, Phase::kActions);
  EXPECT_EQ(pos(s).action_discard[t], 1);
}

// R50: "If it's occupied or if two factions attack the same turf ... Turf War", "for all
// attackers/defenders, a Combat Card must be played": two attacks of one priority on one occupied
// turf are one war with both attackers and the defender.
TEST(TurfWarsRules, R50_T9_1_TwoAttackersAndADefenderFightOneWar) {
  auto build = [](Scenario& sc, int garrison) -> State& {
    sc.p.round = 1;  // no teleporters: E3 is the only desert next to E2 and to D3
    sc.troops(0, "E2", 6).troops(1, "D3", 6).troops(2, "E3", garrison).troops(2, "A1", 2);
    return sc.actions({{0, "Desert Attack (26)"}, {1, "Desert Attack (26)"}});
  };
  {
    Scenario sc(3);
    State& s = build(sc, 4);
    play(s, "commit 5");  // seat 0
    play(s, "commit 3");  // seat 1
    ASSERT_EQ(s.to_move(), 2);
    play(s, "commit 4");               // the defender: 5 beats 4 and 3
    EXPECT_EQ(pos(s).wars_fought, 1);  // one war, not two
    EXPECT_EQ(owner_at(s, "E3"), 0);
    EXPECT_EQ(troops_at(s, "E3"), 3);  // simple cost: int((3 + 4) / 3) = 2
    EXPECT_EQ(troops_at(s, "D3"), 3);  // seat 1 lost the 3 it committed
    EXPECT_EQ(pos(s).seats[1].wars_lost, 1);
    EXPECT_EQ(pos(s).seats[2].wars_lost, 1);
  }
}

// R54: a tie at the top between attackers, above the defender, is the stand-off of an empty turf
// (R16): nobody wins, the tied attackers go home unharmed, and every side below them (the
// defender here) loses what it committed; the defender keeps the turf with what it held back.
// The defender's "ties go to the defender" is for a tie the defender is part of.
TEST(TurfWarsRules, R54_T9_9_AttackersTiedAboveTheDefender) {
  auto build = [](Scenario& sc, int garrison) -> State& {
    sc.p.round = 1;  // no teleporters: E3 is the only desert next to E2 and to D3
    sc.troops(0, "E2", 6).troops(1, "D3", 6).troops(2, "E3", garrison).troops(2, "A1", 2);
    return sc.actions({{0, "Desert Attack (26)"}, {1, "Desert Attack (26)"}});
  };
  {
    Scenario sc(3);
    State& s = build(sc, 6);
    play(s, "commit 5");
    play(s, "commit 5");
    play(s, "commit 3");  // 5 = 5 > 3: no attacker beats every other side
    EXPECT_EQ(pos(s).wars_fought, 1);
    EXPECT_EQ(pos(s).last_war.winner, -1);
    EXPECT_EQ(troops_at(s, "E2"), 6);  // home unharmed
    EXPECT_EQ(troops_at(s, "D3"), 6);
    EXPECT_EQ(owner_at(s, "E3"), 2);  // the three held back stay
    EXPECT_EQ(troops_at(s, "E3"), 3);
    EXPECT_EQ(pos(s).last_war.lost[2], 3);
    EXPECT_EQ(pos(s).seats[2].defences_won, 0);
    EXPECT_EQ(pos(s).seats[2].wars_lost, 1);  // beaten by both
    EXPECT_EQ(pos(s).seats[0].wars_lost + pos(s).seats[1].wars_lost, 0);
    EXPECT_EQ(pos(s).seats[0].wars_won + pos(s).seats[1].wars_won, 0);
  }
  {  // All in: the turf is left empty and nobody enters it.
    Scenario sc(3);
    State& s = build(sc, 3);
    play(s, "commit 5");
    play(s, "commit 5");
    play(s, "commit 3");
    EXPECT_EQ(owner_at(s, "E3"), -1);
    EXPECT_EQ(troops_at(s, "E2"), 6);
    EXPECT_EQ(troops_at(s, "D3"), 6);
  }
  {  // The defender tied at the top wins: 5 = 5 = 5 (T9.9).
    Scenario sc(3);
    State& s = build(sc, 6);
    play(s, "commit 5");
    play(s, "commit 5");
    play(s, "commit 5");
    EXPECT_EQ(pos(s).last_war.winner, 2);
    EXPECT_EQ(owner_at(s, "E3"), 2);
    EXPECT_EQ(troops_at(s, "E3"), 3);  // 6, less the simple cost int(10 / 3) = 3
    EXPECT_EQ(troops_at(s, "E2"), 1);
    EXPECT_EQ(troops_at(s, "D3"), 1);
    EXPECT_EQ(pos(s).seats[2].defences_won, 1);
  }
}

// R16 with R54: on an empty turf an attacker below a tie at the top loses what it committed and
// has lost the war (Undefeated counts it).
TEST(TurfWarsRules, R16_T9_8_BelowATieOnAnEmptyTurf) {
  Scenario sc(3);
  sc.p.round = 1;  // E3 (desert) is the only desert next to E2, D3 and E4
  sc.troops(0, "E2", 6).troops(1, "D3", 6).troops(2, "E4", 6).troops(2, "A1", 2);
  State& s =
      sc.actions({{0, "Desert Attack (26)"}, {1, "Desert Attack (26)"}, {2, "Desert Attack (26)"}});
  play(s, "commit 4");
  play(s, "commit 4");
  play(s, "commit 2");
  EXPECT_EQ(pos(s).last_war.winner, -1);
  EXPECT_EQ(owner_at(s, "E3"), -1);
  EXPECT_EQ(troops_at(s, "E2"), 6);
  EXPECT_EQ(troops_at(s, "D3"), 6);
  EXPECT_EQ(troops_at(s, "E4"), 4);  // its two died
  EXPECT_EQ(pos(s).seats[2].wars_lost, 1);
  EXPECT_EQ(pos(s).seats[0].wars_lost + pos(s).seats[1].wars_lost, 0);
}

// R51: the winner's cost is paid from the troops it committed, never more: a defender who commits
// 1 of 10 and wins loses that 1, not int(9 / 3) = 3 (the Fury variant's own words: "from the
// committed number of troops used").
TEST(TurfWarsRules, R51_T10_5_CostCappedAtCommittedTroops) {
  Scenario sc(2, kSimple);
  sc.hand(1, {"v10"});
  auto& s = desert_attack(sc, 9, 10);
  play(s, "commit 1");
  play(s, "play 10");  // 1 + 10 beats 9
  EXPECT_EQ(owner_at(s, "C2"), 1);
  EXPECT_EQ(troops_at(s, "C2"), 9);
  EXPECT_EQ(owner_at(s, "B2"), -1);  // the attacker lost its nine
}

// R51 with the minimum: a winning defender that committed nothing still pays the minimum loss of
// one, from the troops in the turf ("rounded down to a minimum of one"); a lone defender pays
// none (R17), and costs without a minimum take nothing.
TEST(TurfWarsRules, R51_T10_2_ADefenderCommittingNothingPaysTheMinimumFromTheTurf) {
  for (Cost cost : {kSimple, kBalanced, kWinnerTakesAll}) {
    Scenario sc(2, cost);
    sc.hand(1, {"v10"});
    auto& s = desert_attack(sc, 9, 10);
    play(s, "commit 0");
    play(s, "play 10");  // 0 + 10 beats 9
    EXPECT_EQ(owner_at(s, "C2"), 1);
    EXPECT_EQ(troops_at(s, "C2"), cost == kWinnerTakesAll ? 10 : 9) << static_cast<int>(cost);
  }
  {  // A lone defender committing nothing pays nothing (R17).
    Scenario sc(2, kSimple);
    sc.hand(1, {"v10"});
    auto& s = desert_attack(sc, 9, 1);
    play(s, "commit 0");
    play(s, "play 10");
    EXPECT_EQ(owner_at(s, "C2"), 1);
    EXPECT_EQ(troops_at(s, "C2"), 1);
  }
}

// R53: a killing blow paid for with one's last troops still counts. Two players: seat 0 throws its
// last 3 troops at seat 1's last turf, a lone troop; seat 1 wins with a card and the cost, a third
// of 3 (not the minimum, which R17 lifts), takes its only troop. Both are out: seat 1's blow on
// its nemesis wins (T13.2), not the DP of the player who lost the war.
TEST(TurfWarsRules, R53_T13_2_AKillingBlowThatCostsTheLastTroopWins) {
  Scenario sc(2, kSimple);
  sc.troops(0, "B2", 3).troops(1, "C2", 1).hand(1, {"v5"});
  sc.p.seats[0].dp = 20;  // the loser of the war has the most DP
  auto& s = sc.actions({{0, "Desert Attack (26)"}});
  from(s, "from B2 Plains");
  play(s, "commit 3");  // all of them
  play(s, "commit 1");
  play(s, "play 5");  // 1 + 5 beats 3; the cost int(3/3) = 1 takes the defender's last troop
  ASSERT_TRUE(s.terminal());
  EXPECT_TRUE(pos(s).seats[0].eliminated);
  EXPECT_TRUE(pos(s).seats[1].eliminated);
  EXPECT_EQ(pos(s).winners, 2);  // seat 1 landed the killing blow on its nemesis
  EXPECT_EQ(pos(s).win_type, WinType::kNemesis);
  EXPECT_EQ(s.ranking(), (std::vector<int>{1, 0}));
  EXPECT_GT(ranking_keys(pos(s))[1], ranking_keys(pos(s))[0]);
}

// ---- Content ---------------------------------------------------------------------------------

TEST(TurfWarsContent, T1_8_TheDecksHoldTheRulebooksCounts) {
  const Content& c = content();
  EXPECT_EQ(c.factions.size(), 20u);
  EXPECT_EQ(c.events.size(), 25u);
  EXPECT_EQ(c.secrets.size(), 25u);
  EXPECT_EQ(c.action_cards, 108);
  int combat = 0;
  for (const auto& t : c.combat) combat += t.count;
  EXPECT_EQ(combat, 86);
  // Every name the rulebook and the research give is used as found.
  for (const char* f : {"pixies", "dryads", "gryphons", "unicorns", "geomancer", "doppelgangers",
                        "lizard_folk", "krakens", "sirens"})
    EXPECT_NO_THROW(c.faction_index(f));
  for (const char* e : {"frenemy_day", "bloodlust", "curse_of_malaise", "exile", "maelstrom",
                        "mind_control", "pestilence", "rampage", "mirage", "turn_back_time"})
    EXPECT_NO_THROW(c.event_index(e));
  for (const char* s :
       {"strength_in_numbers", "kill_left", "kill_right", "encircle", "undefeated", "unstoppable",
        "double_rainbow", "card_carrier", "plains_guardian", "swamp_guardian", "steadfast"})
    EXPECT_NO_THROW(c.secret_index(s));
  // 18 factions of the turf table: three per home type, plus Geomancer and Doppelgangers.
  std::array<int, kTypes> homes{};
  for (const auto& f : c.factions)
    if (f.id != "geomancer" && f.id != "doppelgangers") ++homes[f.home];
  for (int t = 0; t < kTypes; ++t) EXPECT_EQ(homes[t], 3);
}

// R49: every faction is exactly one other faction's nemesis.
TEST(TurfWarsContent, R49_EveryFactionIsHuntedOnce) {
  const Content& c = content();
  std::vector<int> hunted(c.factions.size(), 0);
  for (std::size_t f = 0; f < c.factions.size(); ++f) {
    EXPECT_NE(c.factions[f].nemesis, static_cast<int>(f)) << c.factions[f].id;
    ++hunted[c.factions[f].nemesis];
  }
  for (std::size_t f = 0; f < c.factions.size(); ++f) EXPECT_EQ(hunted[f], 1) << c.factions[f].id;
}

TEST(TurfWarsContent, R3_BoardsKeepTheirDesignRules) {
  const Content& c = content();
  const int turfs[] = {18, 36, 48}, dead[] = {7, 9, 5}, tele[] = {0, 4, 4};
  for (int i = 0; i < 3; ++i) {
    const Board& b = c.boards[i];
    EXPECT_EQ(b.num_turfs, turfs[i]) << b.id;
    int d = 0, t = 0;
    for (int cell = 0; cell < b.size * b.size; ++cell) {
      d += b.kind[cell] == kDeadCell;
      t += b.kind[cell] == kTeleporterCell;
    }
    EXPECT_EQ(d, dead[i]) << b.id;
    EXPECT_EQ(t, tele[i]) << b.id;
    for (int cell : b.turfs) {
      for (int r : b.ring[cell]) EXPECT_NE(b.type[r], b.type[cell]) << b.id << " " << cell;
      EXPECT_GE(b.adj[cell].n, 1) << b.id;
      EXPECT_GE(b.adj_tele[cell].n, 2) << b.id;  // with teleporter links (pockets on nine)
    }
    // Connected turfs.
    std::set<int> seen = {b.turfs.c[0]};
    std::vector<int> todo = {b.turfs.c[0]};
    while (!todo.empty()) {
      const int x = todo.back();
      todo.pop_back();
      for (int a : b.adj[x])
        if (seen.insert(a).second) todo.push_back(a);
    }
    EXPECT_EQ(static_cast<int>(seen.size()), b.num_turfs) << b.id;
    // Turf types even around each teleporter pair: six neighbours, one of each type.
    for (int cell = 0; cell < b.size * b.size; ++cell) {
      if (b.kind[cell] != kTeleporterCell || b.partner[cell] < cell) continue;
      std::set<int> types;
      int n = 0;
      for (int x : {cell, static_cast<int>(b.partner[cell])})
        for (int cc = 0; cc < b.size * b.size; ++cc)
          if (b.kind[cc] == kTurfCell &&
              (std::abs(cc / b.size - x / b.size) + std::abs(cc % b.size - x % b.size) == 1)) {
            types.insert(b.type[cc]);
            ++n;
          }
      EXPECT_EQ(n, 6) << b.id;
      EXPECT_EQ(types.size(), 6u) << b.id;
    }
  }
  // Teleporter links from round 2 (T1.5): on seven, B1 (next to B2) is adjacent to G6 (next
  // to F6, B2's partner).
  Position p;
  setup(p, {4, kSimple, true}, 1);
  const Board& b = board_of(p);
  const int b1 = 1, g6 = 5 * 7 + 6;
  EXPECT_FALSE(b.adj[b1].has(g6));
  EXPECT_TRUE(b.adj_tele[b1].has(g6));
}

TEST(TurfWarsContent, RulesDocListsEveryEntry) {
  const std::string doc(testing::game().rules_text);
  const Content& c = content();
  for (const auto& f : c.factions) EXPECT_NE(doc.find("| " + f.name + " |"), std::string::npos);
  for (const auto& e : c.events) EXPECT_NE(doc.find("| " + e.name), std::string::npos);
  for (const auto& s : c.secrets) EXPECT_NE(doc.find("| " + s.name + " |"), std::string::npos);
  for (const auto& t : c.combat) EXPECT_NE(doc.find("| " + t.name + " |"), std::string::npos);
}

TEST(TurfWarsRules, E1_BadInputChangesNothing) {
  const GameInfo& g = testing::game();
  auto s = g.create(g.resolve({{"players", "3"}}), 2);
  auto before = s->clone();
  EXPECT_THROW(s->apply(9999), Error);
  EXPECT_TRUE(s->equals(*before));
  EXPECT_THROW(g.resolve({{"cost", "cheap"}}), Error);
  EXPECT_THROW(g.resolve({{"players", "7"}}), Error);
  EXPECT_THROW(g.resolve({{"mind_control", "maybe"}}), Error);
}

// The board counts the win checks read come from branch-free scans over every cell masked by the
// board's load-time tables (turf_type, is_turf); they must equal a plain recount over the turfs at
// every step of random games at every player count.
TEST(TurfWarsRules, T13_BoardCountsMatchARecount) {
  for (int players = 2; players <= kMaxSeats; ++players) {
    Rng rng(0xC0DE + players);
    std::vector<int> acts;
    for (int g = 0; g < 20; ++g) {
      Position p;
      turfwars::Setup s;
      s.players = players;
      setup(p, s, rng.next());
      const Board& b = board_of(p);
      for (int c = 0; c < kMaxCells; ++c) {
        EXPECT_EQ(b.is_turf[c], b.turfs.has(c) ? 1 : 0);
        EXPECT_EQ(b.turf_type[c], b.turfs.has(c) ? b.type[c] : kNone);
      }
      while (!p.over()) {
        for (int seat = 0; seat < players; ++seat) {
          int turfs = 0, troops = 0, home = 0;
          for (int c : b.turfs) {
            if (p.owner[c] != seat) continue;
            ++turfs;
            troops += p.troops[c];
          }
          for (int c : b.by_type[p.seats[seat].home]) home += p.owner[c] == seat;
          ASSERT_EQ(turfs_of(p, seat), turfs);
          ASSERT_EQ(troops_of(p, seat), troops);
          ASSERT_EQ(home_turfs_of(p, seat), home);
        }
        legal_actions(p, acts);
        ASSERT_FALSE(acts.empty());
        apply(p, acts[rng.below(static_cast<std::uint32_t>(acts.size()))]);
      }
    }
  }
}

}  // namespace
}  // namespace turf::turfwars
