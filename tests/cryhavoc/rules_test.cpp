// Scenario tests for the Cry Havoc rules; each test names the clauses of docs/rules/cryhavoc.md it
// checks. The rulebook's own examples and the official clarifications (research 4.2) are marked.
#include <gtest/gtest.h>

#include <set>

#include "cryhavoc/board.h"
#include "games/cryhavoc/game.h"

namespace turf::cryhavoc {
namespace {

using testing::Board;
using testing::card_def;
using testing::has;
using testing::legal;
using testing::play;
using testing::step;

// Whether any legal move starts in region r.
bool moves_out_of(const Position& p, int r) {
  for (int a : legal(p))
    if (a >= kActStep && a < kActBuildType && (a - kActStep) / 24 == r) return true;
  return false;
}

// Ends a move unless it ended by itself (no card left and nothing to move: E1).
void end_move(Position& p) {
  if (p.pub.step == Step::kMove) play(p, {kActDone});
}

int total_units(const Position& p, int f) {
  int n = p.pub.reserve[f];
  for (int r = 0; r < map_of(p).num_regions; ++r) n += p.pub.regions[r].units[f];
  for (int side = 0; side < 2; ++side)
    if (p.pub.battle.region != kNone && p.pub.battle.side[side] == f)
      for (int o = 0; o < kObjectives; ++o) n += p.pub.battle.board[side][o];
  for (int c = 0; c < kFactions; ++c) n += p.pub.prisoners[c][f];
  return n;
}

// ---- content ---------------------------------------------------------------------------------

TEST(CryHavocRules, C1_10_TagsNameTheExpansionAndTheDesignedPilgrims) {
  // Skills known only from the Aftermath expansion are tagged `expansion`, not `found`; the
  // Pilgrims' structures and skills, and their crystal store rule, are designed; `turf rules
  // cryhavoc` says so.
  const Content& c = content();
  int expansion = 0;
  for (const SkillDef& s : c.skills) {
    if (s.id.empty()) continue;
    if (s.source.find("Aftermath") != std::string::npos) {
      EXPECT_EQ(s.tag, "expansion") << s.id;
      ++expansion;
    }
    if (s.faction == kPilgrims) {
      EXPECT_EQ(s.tag, "designed") << s.id;
    }
  }
  EXPECT_EQ(expansion, 11);
  for (const StructureDef& st : c.structures) {
    if (st.exists && st.faction == kPilgrims) {
      EXPECT_EQ(st.tag, "designed") << st.id;
    }
  }
  const std::string text(Registry::instance().find("cryhavoc").rules_text);
  EXPECT_NE(text.find("tagged `expansion`"), std::string::npos);
  EXPECT_NE(text.find("C10.4 (designed)"), std::string::npos);
}

TEST(CryHavocRules, C1_ContentCountsMatchTheFoundFacts) {
  const Content& c = content();
  EXPECT_EQ(c.factions[kHumans].units, 12);            // found
  EXPECT_EQ(c.factions[kHumans].deck.size(), 8u);      // found
  EXPECT_EQ(c.factions[kMachines].num_structures, 5);  // found
  for (int f = 0; f < kFactions; ++f) {
    EXPECT_EQ(c.factions[f].num_structures, f == kMachines ? 5 : 3);
    int scoring = 0;
    for (auto d : c.factions[f].deck) scoring += c.cards[d].scoring;
    EXPECT_EQ(scoring, 1) << "one Enable Scoring card per deck";
  }
  int units = 0;
  for (const auto& f : c.factions) units += f.units;
  EXPECT_EQ(units, 52);  // the box's miniatures
  for (int t = 0; t < kTerrains; ++t) EXPECT_EQ(c.terrain_decks[t].size(), 8u);
  EXPECT_EQ(c.events.size(), 6u);
  EXPECT_EQ(c.explore_pool.size(), 12u);
  for (const char* name : {"airfield", "matrix", "orbital_sniper", "shred_drone"})
    EXPECT_NO_THROW(testing::structure_id(name)) << name;
  for (const char* name : {"scouting", "recon_team", "nuclear_battery", "distraction"})
    EXPECT_NO_THROW(testing::skill_id(name)) << name;
  EXPECT_TRUE(c.skills[testing::skill_id("scouting")].four_players_only);
}

TEST(CryHavocRules, C1_1_MapsAreSymmetricAroundTheirHqs) {
  // R1: every HQ sees the same map (same multiset of distance, terrain, crystals, token spot).
  for (const MapDef& m : content().maps) {
    std::vector<std::multiset<std::tuple<int, int, int, int>>> seen;
    for (auto hq : m.hq_slots) {
      std::multiset<std::tuple<int, int, int, int>> s;
      for (int r = 0; r < m.num_regions; ++r)
        if (m.regions[r].hq_slot < 0)
          s.insert({m.dist[hq][r], m.regions[r].terrain, m.regions[r].crystals,
                    static_cast<int>(m.regions[r].token)});
      seen.push_back(s);
    }
    for (std::size_t k = 1; k < seen.size(); ++k) EXPECT_EQ(seen[k], seen[0]) << m.id;
  }
}

// ---- C2 set-up -------------------------------------------------------------------------------

TEST(CryHavocRules, C2_SetUpForEachPlayerCount) {
  for (int n = 2; n <= 4; ++n) {
    Position p;
    setup(p, cryhavoc::Setup{n, false, 0}, 7);
    const Public& pub = p.pub;
    EXPECT_EQ(pub.map, n == 2 ? 0 : 1);
    EXPECT_EQ(pub.trogs_neutral, n < 4);
    EXPECT_EQ(pub.round, 1);
    int face_down = 0;
    for (auto c : pub.event_count) face_down += c;
    EXPECT_EQ(face_down + pub.num_revealed_events, 4);  // C2.1: four of six on the track
    EXPECT_EQ(pub.num_revealed_events, 1);              // C3.2: round 1 revealed the first
    for (int s = 0; s < n; ++s) {
      const SeatState& st = pub.seats[s];
      EXPECT_EQ(st.faction, s);
      EXPECT_EQ(pub.regions[st.hq].control, st.faction);  // C2.4
      EXPECT_EQ(pub.hq_faction[st.hq], st.faction);
      EXPECT_GE(st.hand, kDrawPerRound);  // C4.1 (Supply Convoy may add one)
      EXPECT_LE(st.hand, kDrawPerRound + 1);
      EXPECT_EQ(st.num_skills, 1);  // C2.6: the default only
      EXPECT_TRUE(content().skills[st.skills[0]].is_default);
      EXPECT_EQ(total_units(p, st.faction), content().factions[st.faction].units);
    }
    if (n == 4) {
      const int hq = pub.seats[3].hq;
      EXPECT_TRUE(map_of(p).regions[hq].trog_hq);  // C2.5
      EXPECT_EQ(pub.regions[hq].crystals, 0);
      EXPECT_EQ(pub.regions[hq].trog, 0);
      EXPECT_EQ(popcount(pub.tunnels), 4);
      EXPECT_EQ(pub.nest_supply, 0);  // no nests with 4
    } else {
      EXPECT_EQ(pub.faction_seat[kTrogs], kNone);
      EXPECT_EQ(pub.nest_supply, content().nest_pool.size());
      EXPECT_EQ(pub.tunnels, 0u);
    }
    if (n == 3) {  // R13: The Warrens is an ordinary region
      const int w = testing::region(p, "the_warrens");
      EXPECT_EQ(pub.hq_faction[w], kNone);
      EXPECT_EQ(map_of(p).regions[w].crystals, 3);
      EXPECT_EQ(pub.regions[w].trog, 1);
    }
  }
}

TEST(CryHavocRules, C2_3_TrogsArePlayableOnlyWithFourPlayers) {
  for (int n = 2; n <= 4; ++n)
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      Position p;
      setup(p, cryhavoc::Setup{n, true, 0}, seed);
      EXPECT_EQ(p.pub.faction_seat[kTrogs] != kNone, n == 4);
    }
}

TEST(CryHavocRules, C2_6_ExtraSkillsAndScoutingOnlyWithFour) {
  bool scouting_with_four = false, medic_team = false;
  const int scouting = testing::skill_id("scouting");
  const int medic = testing::skill_id("medic_team");  // the Humans' sixth skill
  for (int n = 2; n <= 4; ++n)
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
      Position p;
      setup(p, cryhavoc::Setup{n, false, 2}, seed);
      for (int s = 0; s < n; ++s) {
        const SeatState& st = p.pub.seats[s];
        EXPECT_EQ(st.num_skills, 3);  // the same number for everyone
        EXPECT_TRUE(content().skills[st.skills[0]].is_default);
        for (int k = 0; k < st.num_skills; ++k) {
          EXPECT_EQ(content().skills[st.skills[k]].faction, st.faction);
          if (st.skills[k] == medic) medic_team = true;
          if (st.skills[k] == scouting) {
            EXPECT_EQ(n, 4) << "Scouting is removed below 4 players";
            scouting_with_four = true;
          }
        }
      }
    }
  EXPECT_TRUE(scouting_with_four);
  EXPECT_TRUE(medic_team) << "dealt as an extra skill";
}

// ---- C3 rounds: events, initiative ------------------------------------------------------------

TEST(CryHavocRules, C3_4_PassedEventTokensStackOnTheNextSpace) {
  Board b;
  Position& p = b.p;
  const auto& spots = content().event_spots;
  ASSERT_EQ(p.pub.event_count[0], 0);  // revealed in round 1
  ASSERT_EQ(p.pub.event_count[1], 1);
  const int before2 = p.hid.events[1][0], before3 = p.hid.events[2][0];
  b.vp(0, spots[1]);  // exactly on the space: not passed yet (R5)
  gain_vp(p, kHumans, 0);
  EXPECT_EQ(p.pub.event_count[1], 1);
  gain_vp(p, kHumans, 1);  // beyond it
  EXPECT_EQ(p.pub.event_count[1], 0);
  ASSERT_EQ(p.pub.event_count[2], 2);
  EXPECT_EQ(p.hid.events[2][0], before3);
  EXPECT_EQ(p.hid.events[2][1], before2);  // on top: resolved first (C3.2)
  // A jump over two spaces carries everything to the last one.
  gain_vp(p, kHumans, spots[3] - spots[1]);
  EXPECT_EQ(p.pub.event_count[2], 0);
  EXPECT_EQ(p.pub.event_count[3], 3);
  // R5: with no later space, passed tokens stay.
  gain_vp(p, kHumans, 10);
  EXPECT_EQ(p.pub.event_count[3], 3);
}

TEST(CryHavocRules, C3_3_InitiativeEffectPushesTheOthersRight) {
  Board b(4);
  Position& p = b.p;
  p.pub.upcoming = {0, 1, 2, 3};
  Effect e;
  e.steps[e.size++] = EffectStep{Op::kInitiative, 0, 0, CardFilter::kAny};
  run_now(p, e, 2, p.pub.seats[2].faction, kNone);
  EXPECT_EQ(p.pub.upcoming, (std::array<std::uint8_t, 4>{2, 0, 1, 3}));
}

// ---- C4 draw ---------------------------------------------------------------------------------

TEST(CryHavocRules, C4_2_EmptyDeckReshufflesTheDiscardPile) {
  Board b;
  Position& p = b.p;
  b.hand(0, {"drop_trooper", "drop_trooper", "forced_march", "forced_march", "field_engineers",
             "recruitment_drive", "suppressing_fire"});
  // The last card of the deck is the Enable Scoring card; the discard holds two cards.
  play_from_hand(p, 0, card_def("forced_march"));
  play_from_hand(p, 0, card_def("forced_march"));
  ASSERT_EQ(p.pub.seats[0].deck, 1);
  draw_cards(p, 0, 3);
  EXPECT_EQ(p.pub.seats[0].hand, 8);  // 5 + 3: one from the deck, two from the reshuffle
  EXPECT_EQ(p.pub.seats[0].deck, 0);
  EXPECT_EQ(p.pub.seats[0].discard_n, 0);
  EXPECT_EQ(testing::legal(p).size() > 0, true);
}

TEST(CryHavocRules, C4_3_NobodyStartsTheActionsWithMoreThanSevenCards) {
  // Random games: at the first turn of every round, no hand exceeds 7.
  for (int n = 2; n <= 4; ++n)
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      Position p;
      setup(p, cryhavoc::Setup{n, true, 1}, seed);
      Rng r(seed);
      std::vector<int> moves;
      int checked = 0;
      while (!p.pub.over) {
        if (p.pub.step == Step::kTurnStart && p.pub.action_round == 0 && p.pub.turn_pos == 0) {
          for (int s = 0; s < n; ++s) EXPECT_LE(p.pub.seats[s].hand, kHandLimit);
          ++checked;
        }
        legal_actions(p, moves);
        apply(p, moves[r.below(static_cast<std::uint32_t>(moves.size()))]);
      }
      EXPECT_GE(checked, 5);
    }
}

// ---- C5 actions ------------------------------------------------------------------------------

TEST(CryHavocRules, C5_5_StarsAndOneCardDrawPerAction) {
  Board b;
  Position& p = b.p;
  b.hand(1, {"overclock", "core_directive", "fabricator"});
  b.turn(1);
  const int deck = p.pub.seats[1].deck;
  play(p, {kActBuild, kActCard + card_def("core_directive")});
  EXPECT_EQ(p.pub.seats[1].vp, 1);  // the star
  EXPECT_EQ(p.pub.points, 1);
  play(p, {kActCard + card_def("overclock")});  // card icon: draw 1
  EXPECT_EQ(p.pub.seats[1].deck, deck - 1);
  EXPECT_EQ(p.pub.points, 2);
  // A second card icon in the same action draws nothing (C1.3); test with a second Overclock-like
  // card: Shrine Builders is not the Machines', so reuse the rule through the flag.
  EXPECT_TRUE(p.pub.drew_asterisk);
}

TEST(CryHavocRules, C5_7_EnableScoringOncePerRoundAndNeverInTheLast) {
  Board b(3);
  Position& p = b.p;
  b.hand(0, {"orbital_command", "forced_march"});
  b.hand(1, {"core_directive"});
  b.turn(0);
  EXPECT_TRUE(has(legal(p), kActScoring));
  play(p, {kActScoring});
  EXPECT_EQ(p.pub.scoring_by, 0);
  EXPECT_EQ(p.pub.seats[0].discard_n, 1);
  b.turn(1);
  EXPECT_FALSE(has(legal(p), kActScoring)) << "only once per round";
  p.pub.scoring_by = kNone;
  p.pub.round = kRounds;
  EXPECT_FALSE(has(legal(p), kActScoring)) << "scoring is automatic in round 5";
}

TEST(CryHavocRules, C5_2_SkillsBeforeOrAfterTheActionOncePerRound) {
  Board b(2);
  Position& p = b.p;
  b.units("fernreach", kHumans, 1).control("fernreach", kHumans);
  b.hand(0, {"forced_march", "drop_trooper"});
  b.turn(0);
  const int recon = testing::skill_id("recon_team");
  const int use = kActSkillCard + recon * 64 + card_def("forced_march");
  ASSERT_TRUE(has(legal(p), use));
  const int unused = p.pub.explore_unused;
  play(p, {use, kActRegion + b.r("fernreach")});
  EXPECT_EQ(p.pub.explore_unused, unused - 1);
  EXPECT_EQ(p.pub.num_revealed_explores, 1);
  EXPECT_EQ(p.pub.step, Step::kTurnStart);  // the action is still to come
  EXPECT_FALSE(has(legal(p), use)) << "exhausted";
  play(p, {kActMove, kActDone});
  EXPECT_EQ(p.pub.to_move, 1) << "no ready skill left: the turn ends";
}

// ---- C6 move ---------------------------------------------------------------------------------

TEST(CryHavocRules, C6_10_DefenderMovesOutOnlyBeyondTwiceTheAttacker) {  // rulebook example
  // The attacker has 2 units and the defender 5: the defender could move only one unit out.
  Board b;
  Position& p = b.p;
  b.units("sunscar", kHumans, 2).units("sunscar", kMachines, 5).control("sunscar", kMachines);
  b.battle("sunscar", kHumans);
  b.hand(1, {"servo_walkers", "servo_walkers"});
  b.turn(1);
  play(p, {kActMove, kActCard + card_def("servo_walkers")});
  const int out = step(p, "sunscar", "deepwater_rift");
  ASSERT_TRUE(has(legal(p), out));
  play(p, {out});
  EXPECT_FALSE(moves_out_of(p, b.r("sunscar")));
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].units[kMachines], 4);
  // C6.2 / R3: the attacker's units stay.
  b.turn(0);
  b.hand(0, {"forced_march"});
  play(p, {kActMove, kActCard + card_def("forced_march")});
  EXPECT_FALSE(moves_out_of(p, b.r("sunscar")));
}

TEST(CryHavocRules, C6_3_NeverIntoAnOpponentsHqOrABattleRegion) {
  Board b;
  Position& p = b.p;
  const std::string north = map_of(p).regions[p.pub.seats[0].hq].id;
  const std::string south = map_of(p).regions[p.pub.seats[1].hq].id;
  b.units("sunscar", kHumans, 1).units("sunscar", kMachines, 1).battle("sunscar", kHumans);
  b.units("mosswall", kHumans, 2).units("deepwater_rift", kHumans, 1);
  b.hand(0, {"forced_march"});
  b.turn(0);
  play(p, {kActMove, kActCard + card_def("forced_march")});
  const auto l = legal(p);
  ASSERT_TRUE(map_of(p).regions[b.r("mosswall")].adj & (1u << b.r(south)));
  EXPECT_FALSE(has(l, step(p, "mosswall", south))) << "an opponent's HQ";
  EXPECT_FALSE(has(l, step(p, "deepwater_rift", "sunscar"))) << "a battle region";
  EXPECT_TRUE(has(l, step(p, "mosswall", "cinder_ridge")));
  (void)north;
}

TEST(CryHavocRules, C6_4_UnitsStopOnEnemiesAndTrogTokensButOthersMayJoin) {
  Board b;
  Position& p = b.p;
  const std::string north = map_of(p).regions[p.pub.seats[0].hq].id;
  b.units("fernreach", kMachines, 1).control("fernreach", kMachines);
  b.war_party("dustfields", "raiders");
  b.hand(0, {"forced_march", "forced_march"});
  b.turn(0);
  play(p, {kActMove, kActCard + card_def("forced_march"), kActCard + card_def("forced_march")});
  play(p, {step(p, north, "fernreach")});
  EXPECT_FALSE(moves_out_of(p, b.r("fernreach"))) << "the unit stopped";
  EXPECT_TRUE(has(legal(p), step(p, north, "fernreach"))) << "others may still join";
  play(p, {step(p, north, "dustfields")});
  EXPECT_FALSE(moves_out_of(p, b.r("dustfields")));
}

TEST(CryHavocRules, C6_5_MovingThroughOpponentRegionsResolvesOnlyWhereUnitsEnd) {  // clarification
  Board b;
  Position& p = b.p;
  const std::string north = map_of(p).regions[p.pub.seats[0].hq].id;
  b.control("fernreach", kMachines).exploration("fernreach", "relic");
  b.hand(0, {"forced_march"});
  b.turn(0);
  play(p, {kActMove, kActCard + card_def("forced_march")});
  play(p, {step(p, north, "fernreach"), step(p, "fernreach", "shardback_ridge")});
  end_move(p);
  EXPECT_EQ(p.pub.regions[b.r("fernreach")].control, kMachines) << "passed through";
  EXPECT_EQ(p.pub.regions[b.r("fernreach")].explore, 1) << "not explored";
  EXPECT_EQ(p.pub.regions[b.r("shardback_ridge")].control, kHumans);  // C6.8
}

TEST(CryHavocRules, C6_7_TrogTokenWithoutTrogsCostsTheMoverAUnit) {  // rulebook example
  {  // A War Party with no Trog units: the mover loses one unit, then takes the region.
    Board b;
    Position& p = b.p;
    const std::string north = map_of(p).regions[p.pub.seats[0].hq].id;
    b.war_party("dustfields", "empty_lair");
    b.hand(0, {"forced_march"});
    b.turn(0);
    const int reserve = p.pub.reserve[kHumans];
    play(p, {kActMove, kActCard + card_def("forced_march"), step(p, north, "dustfields"),
             step(p, north, "dustfields")});
    end_move(p);
    const RegionState& R = p.pub.regions[b.r("dustfields")];
    EXPECT_EQ(R.units[kHumans], 1);
    EXPECT_EQ(p.pub.reserve[kHumans], reserve + 1);
    EXPECT_EQ(R.control, kHumans);
    EXPECT_EQ(R.crystals, 2);
    EXPECT_EQ(R.battle, 0);
    EXPECT_EQ(R.trog, 0);
  }
  {  // Research 4.2: the Trog miniatures ran out: crystals only, no battle, one unit lost.
    Board b;
    Position& p = b.p;
    const std::string north = map_of(p).regions[p.pub.seats[0].hq].id;
    b.war_party("dustfields", "horde");
    p.pub.reserve[kTrogs] = 0;
    b.hand(0, {"forced_march"});
    b.turn(0);
    play(p, {kActMove, kActCard + card_def("forced_march"), step(p, north, "dustfields"),
             step(p, north, "dustfields")});
    end_move(p);
    EXPECT_EQ(p.pub.regions[b.r("dustfields")].units[kHumans], 1);
    EXPECT_EQ(p.pub.regions[b.r("dustfields")].crystals, 1);
    EXPECT_EQ(p.pub.regions[b.r("dustfields")].battle, 0);
  }
  {  // Fewer Trogs left than the token shows: what is available, and a battle.
    Board b;
    Position& p = b.p;
    const std::string north = map_of(p).regions[p.pub.seats[0].hq].id;
    b.war_party("dustfields", "horde");
    p.pub.reserve[kTrogs] = 2;
    b.hand(0, {"forced_march"});
    b.turn(0);
    play(p, {kActMove, kActCard + card_def("forced_march"), step(p, north, "dustfields")});
    end_move(p);
    EXPECT_EQ(p.pub.regions[b.r("dustfields")].units[kTrogs], 2);
    EXPECT_EQ(p.pub.regions[b.r("dustfields")].units[kHumans], 1);
    EXPECT_NE(p.pub.regions[b.r("dustfields")].battle, 0);
    EXPECT_EQ(p.pub.regions[b.r("dustfields")].attacker, kHumans);
  }
  {  // Moving into a region with no Trog token costs nothing.
    Board b;
    Position& p = b.p;
    const std::string north = map_of(p).regions[p.pub.seats[0].hq].id;
    b.hand(0, {"forced_march"});
    b.turn(0);
    play(p, {kActMove, kActCard + card_def("forced_march"), step(p, north, "dustfields")});
    end_move(p);
    EXPECT_EQ(p.pub.regions[b.r("dustfields")].units[kHumans], 1);
  }
}

TEST(CryHavocRules, C6_8_R32_ARegionEmptiedByAnEmptyTrogTokenIsStillTheMovers) {
  // One Human moves onto a War Party with no Trog units: the unit is lost (C6.7) and the region
  // is empty "during this step": the Humans gain control of it all the same (R32).
  Board b;
  Position& p = b.p;
  const std::string north = map_of(p).regions[p.pub.seats[0].hq].id;
  b.war_party("dustfields", "empty_lair");
  b.hand(0, {"forced_march"});
  b.turn(0);
  const int reserve = p.pub.reserve[kHumans];
  play(p, {kActMove, kActCard + card_def("forced_march"), step(p, north, "dustfields")});
  end_move(p);
  const RegionState& R = p.pub.regions[b.r("dustfields")];
  EXPECT_EQ(R.units[kHumans], 0);
  EXPECT_EQ(p.pub.reserve[kHumans], reserve + 1);
  EXPECT_EQ(R.control, kHumans);
  EXPECT_EQ(R.trog, 0);
}

TEST(CryHavocRules, C6_12_TrogPlayerRevealsWarPartiesAtOnceAndNeverLosesAUnit) {
  Board b(4);
  Position& p = b.p;
  const std::string warrens = "the_warrens";
  b.war_party("maw_thicket", "empty_lair").war_party("gloom_thicket", "raiders");
  b.hand(3, {"burrowing", "burrowing"});
  b.turn(3);
  const int reserve = p.pub.reserve[kTrogs];
  play(p, {kActMove, kActCard + card_def("burrowing"), kActCard + card_def("burrowing")});
  play(p, {step(p, warrens, "maw_thicket")});
  EXPECT_EQ(p.pub.regions[b.r("maw_thicket")].trog, 0) << "revealed at once";
  EXPECT_EQ(p.pub.regions[b.r("maw_thicket")].units[kTrogs], 1) << "no unit lost";
  play(p, {step(p, warrens, "gloom_thicket")});
  EXPECT_EQ(p.pub.regions[b.r("gloom_thicket")].units[kTrogs], 3);
  EXPECT_EQ(p.pub.reserve[kTrogs], reserve - 2);
  // The new units may move on at once.
  EXPECT_TRUE(has(legal(p), step(p, "gloom_thicket", "coral_banks")));
}

TEST(CryHavocRules, C6_11_TrogsUseTunnelsAsAdjacency) {
  Board b(4);
  Position& p = b.p;
  b.hand(3, {"burrowing"});
  b.turn(3);
  play(p, {kActMove, kActCard + card_def("burrowing")});
  EXPECT_TRUE(has(legal(p), step(p, "the_warrens", "shard_peak")));
  EXPECT_TRUE(has(legal(p), step(p, "the_warrens", "frost_peak")));
  EXPECT_FALSE(has(legal(p), step(p, "the_warrens", "coral_banks")));
  // Others never use tunnels.
  EXPECT_EQ(neighbours(p, b.r("shard_peak"), kHumans) & (1u << b.r("frost_peak")), 0u);
}

TEST(CryHavocRules, C6_13_WrapAroundLinksAreAdjacent) {
  Board b;
  Position& p = b.p;
  EXPECT_TRUE(map_of(p).regions[b.r("saltmarsh")].wrap_adj & (1u << b.r("north_base")));
  b.units("dustfields", kHumans, 1).control("dustfields", kHumans);
  b.hand(0, {"forced_march"});
  b.turn(0);
  play(p, {kActMove, kActCard + card_def("forced_march")});
  EXPECT_TRUE(has(legal(p), step(p, "dustfields", "sunscar")));  // across the east edge
}

TEST(CryHavocRules, C6_7_C6_9_TheMoverChoosesTheOrderOfTrogTokensAndBattleTokens) {
  Board b;
  Position& p = b.p;
  const std::string north = map_of(p).regions[p.pub.seats[0].hq].id;
  b.war_party("fernreach", "scouts").war_party("dustfields", "raiders");
  b.units("saltmarsh", kMachines, 1).control("saltmarsh", kMachines);
  b.hand(0, {"forced_march", "forced_march"});
  b.turn(0);
  play(p, {kActMove, kActCard + card_def("forced_march"), kActCard + card_def("forced_march"),
           step(p, north, "fernreach"), step(p, north, "dustfields"), step(p, north, "saltmarsh")});
  end_move(p);
  ASSERT_EQ(p.pub.step, Step::kTrogOrder);
  play(p, {kActRegion + b.r("dustfields")});
  ASSERT_EQ(p.pub.step, Step::kBattleOrder);  // fernreach resolved last; three battles
  EXPECT_EQ(testing::legal(p).size(), 3u);
  play(p, {kActRegion + b.r("saltmarsh"), kActRegion + b.r("fernreach")});
  EXPECT_EQ(p.pub.regions[b.r("saltmarsh")].battle, 1);
  EXPECT_EQ(p.pub.regions[b.r("fernreach")].battle, 2);
  EXPECT_EQ(p.pub.regions[b.r("dustfields")].battle, 3);
}

TEST(CryHavocRules, C6_9_ABattleTokenMustBeFreeToStartABattle) {  // R4
  Board b;
  Position& p = b.p;
  const std::string north = map_of(p).regions[p.pub.seats[0].hq].id;
  const char* far[] = {"crag_hollow", "deepwater_rift", "sunscar",      "brine_trench",
                       "glass_waste", "red_flats",      "cinder_ridge", "spire_rock"};
  b.units(map_of(p).regions[p.pub.seats[1].hq].id, kMachines, 0);
  for (const char* r : far) b.units(r, kMachines, 1).battle(r, kMachines);
  for (const char* r : far) b.units(r, kHumans, 1);
  b.units(north, kHumans, 4);
  b.units("fernreach", kMachines, 1);
  b.hand(0, {"forced_march"});
  b.turn(0);
  play(p, {kActMove, kActCard + card_def("forced_march")});
  EXPECT_FALSE(has(legal(p), step(p, north, "fernreach"))) << "all eight tokens are in use";
}

// ---- C7 recruit, build, draw ------------------------------------------------------------------

TEST(CryHavocRules, C7_1_RecruitBringsReserveUnitsToTheHq) {
  Board b;
  Position& p = b.p;
  b.hand(0, {"recruitment_drive"});
  b.turn(0);
  const int hq = p.pub.seats[0].hq;
  play(p, {kActRecruit, kActCard + card_def("recruitment_drive")});
  const int recruits = card(p, card_def("recruitment_drive")).recruit;
  EXPECT_EQ(p.pub.regions[hq].units[kHumans], 4 + recruits);
  EXPECT_EQ(p.pub.reserve[kHumans], 8 - recruits);
}

TEST(CryHavocRules, C7_3_BuildOnlyWhereControlledAtTheStartOfTheTurn) {
  Board b;
  Position& p = b.p;
  const std::string north = map_of(p).regions[p.pub.seats[0].hq].id;
  b.units("fernreach", kHumans, 1).control("fernreach", kHumans);
  b.hand(0, {"field_engineers"});
  b.turn(0);
  p.pub.regions[b.r("dustfields")].control = kHumans;  // gained during the turn
  const int art = testing::structure_id("artillery");
  play(p, {kActBuild, kActCard + card_def("field_engineers"), kActBuildType + art});
  // One region qualifies (Fernreach): the build site was chosen automatically (E1).
  EXPECT_EQ(p.pub.step, Step::kBuild);
  EXPECT_TRUE(p.pub.regions[b.r("fernreach")].structures & (1u << art));
  EXPECT_FALSE(p.pub.regions[b.r("dustfields")].structures & (1u << art));
  EXPECT_FALSE(p.pub.regions[b.r(north)].structures & (1u << art)) << "never in an HQ";
  // One of a kind per region: no second Artillery site left.
  EXPECT_FALSE(has(legal(p), kActBuildType + art));
}

TEST(CryHavocRules, C7_4_C7_5_ActivateOncePerTurnAndOnlyWithControl) {
  Board b;
  Position& p = b.p;
  const int relay = testing::structure_id("power_relay");
  b.units("red_flats", kMachines, 1).control("red_flats", kMachines);
  p.pub.regions[b.r("red_flats")].structures |= 1u << relay;
  p.pub.seats[1].built[relay % kStructTypes] = 1;
  b.hand(1, {"fabricator", "fabricator"});
  b.turn(1);
  const int act = kActStructure + relay * 24 + b.r("red_flats");
  play(p, {kActBuild, kActCard + card_def("fabricator")});
  ASSERT_TRUE(has(legal(p), act));
  play(p, {act});
  EXPECT_FALSE(has(legal(p), act)) << "once per turn";
  b.turn(1);
  play(p, {kActBuild});
  p.pub.points = 2;
  EXPECT_TRUE(has(legal(p), act)) << "again on a later turn";
  p.pub.regions[b.r("red_flats")].control = kHumans;
  EXPECT_FALSE(has(legal(p), act)) << "inactive without control";
  EXPECT_TRUE(p.pub.regions[b.r("red_flats")].structures & (1u << relay)) << "but it stays";
}

TEST(CryHavocRules, C7_6_DrawTwoKeepOneFromAnyTerrainDeck) {  // clarification
  Board b;
  Position& p = b.p;
  b.turn(0);
  for (int t = 0; t < kTerrains; ++t) EXPECT_TRUE(has(legal(p), kActDrawTerrain + t));
  const int count = p.pub.terrain_count[kJungle];
  play(p, {kActDrawTerrain + kJungle});
  ASSERT_EQ(p.pub.step, Step::kKeep);
  const auto drawn = p.hid.limbo[0];
  play(p, {kActCard + drawn[1]});
  EXPECT_EQ(p.pub.terrain_count[kJungle], count - 1);
  EXPECT_EQ(testing::legal(p).empty(), false);
  EXPECT_EQ(p.pub.seats[0].secret[kJungle], 1);      // C3.5: the terrain is known, the card is not
  EXPECT_EQ(p.hid.seen_in_terrain[0][drawn[0]], 1);  // it saw which card went back
}

TEST(CryHavocRules, C7_7_MatrixCardsPlayInMatchingBattlesThenGoUnderTheirDeck) {
  Board b;
  Position& p = b.p;
  const int matrix = testing::structure_id("matrix");
  b.units("red_flats", kMachines, 1).control("red_flats", kMachines);
  p.pub.regions[b.r("red_flats")].structures |= 1u << matrix;
  b.hand(1, {"fabricator"});
  b.turn(1);
  play(p, {kActBuild, kActCard + card_def("fabricator"),
           kActStructure + matrix * 24 + b.r("red_flats"), kActTerrainDeck + kMountain});
  ASSERT_EQ(p.pub.regions[b.r("red_flats")].matrix, 1);
  const int stored = p.hid.matrix[b.r("red_flats")][0];
  EXPECT_EQ(p.pub.regions[b.r("red_flats")].matrix_terrain[0], kMountain);
  // A battle in a Mountain region with the Machines defending.
  b.units("crag_hollow", kMachines, 2).control("crag_hollow", kMachines);
  b.units("crag_hollow", kHumans, 2).battle("crag_hollow", kHumans);
  p.pub.action_round = kActionsPerRound;
  begin_battles(p);
  play(p, {kActNumber + 2, kActNumber + 2, kActPass});  // Humans: all on control; pass
  ASSERT_EQ(p.pub.step, Step::kTactics);
  ASSERT_TRUE(has(legal(p), kActMatrixCard + stored));
  const int count = p.pub.terrain_count[kMountain];
  apply(p, kActMatrixCard + stored);
  EXPECT_EQ(p.pub.regions[b.r("red_flats")].matrix, 0);
  EXPECT_EQ(p.pub.terrain_count[kMountain], count + 1);
  EXPECT_EQ(p.pub.terrain_bottom[kMountain], 1);
  EXPECT_EQ(p.hid.terrain[kMountain][0], stored);
}

// ---- C8 battles ------------------------------------------------------------------------------

// Humans (seat 0) attack the Machines (seat 1) in Sunscar, battle 1.
Board two_sided_battle(int attackers, int defenders) {
  Board b;
  b.units("sunscar", kHumans, attackers).units("sunscar", kMachines, defenders);
  b.control("sunscar", kMachines)
      .control("deepwater_rift", kMachines)
      .control("cinder_ridge", kHumans);
  b.battle("sunscar", kHumans);
  b.hand(0, {}).hand(1, {});
  b.no_events();
  b.p.pub.action_round = kActionsPerRound;
  return b;
}

TEST(CryHavocRules, C8_6_DefenderWinsRegionControlTies) {  // rulebook: battle objective ties
  Board b = two_sided_battle(2, 2);
  Position& p = b.p;
  begin_battles(p);
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].crystals, 1);  // C8.3 step A
  play(p, {kActNumber + 1, kActNumber + 0,  // Humans: 1 control, 0 prisoners, 1 attrition
           kActNumber + 1, kActNumber + 0,  // Machines: the same
           kActPass, kActPass});
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].control, kMachines);
  EXPECT_EQ(p.pub.seats[1].vp, 2 + 1);  // control + one attrition kill
  EXPECT_EQ(p.pub.seats[0].vp, 1);      // its attrition kill
}

TEST(CryHavocRules, C8_7_APrisonerTieCapturesNobody) {  // rulebook: battle objective ties
  Board b = two_sided_battle(2, 2);
  Position& p = b.p;
  begin_battles(p);
  play(p, {kActNumber + 0, kActNumber + 2, kActNumber + 0, kActNumber + 2, kActPass, kActPass});
  for (int a = 0; a < kFactions; ++a)
    for (int c = 0; c < kFactions; ++c) EXPECT_EQ(p.pub.prisoners[a][c], 0);
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].control, kMachines);  // 0-0 on control: the defender
}

TEST(CryHavocRules, C8_8_AttritionIsSimultaneousAndScoresAPointAKill) {
  Board b = two_sided_battle(3, 1);
  Position& p = b.p;
  begin_battles(p);
  // Humans: 1 on control, 2 on attrition; Machines: its one unit on attrition.
  play(p, {kActNumber + 1, kActNumber + 0, kActNumber + 0, kActNumber + 0, kActPass, kActPass});
  // The Machines' unit kills one Human although it is killed at the same time.
  EXPECT_EQ(p.pub.seats[1].vp, 1);
  EXPECT_EQ(p.pub.seats[0].vp, 2 + 1);  // control and one kill (only one enemy to kill)
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].units[kHumans], 2);
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].control, kHumans);
  EXPECT_EQ(total_units(p, kHumans), 12);
  EXPECT_EQ(total_units(p, kMachines), 12);
}

TEST(CryHavocRules, C8_6_RegionControlIsKeptEvenIfAllUnitsDie) {  // found (research 4.1)
  Board b = two_sided_battle(1, 2);
  Position& p = b.p;
  begin_battles(p);
  // Humans' one unit on control; the Machines put both units on attrition.
  play(p, {kActNumber + 1, kActNumber + 0, kActNumber + 0, kActPass, kActPass});
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].control, kHumans);
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].units[kHumans], 0);
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].units[kMachines], 0);  // retreated
  EXPECT_EQ(p.pub.regions[b.r("deepwater_rift")].units[kMachines], 2);
}

TEST(CryHavocRules, C8_7_C8_10_CaptureChoiceAndRetreat) {
  Board b = two_sided_battle(3, 3);
  Position& p = b.p;
  b.control("dustfields", kHumans);  // a second retreat site (across the wrap-around link)
  begin_battles(p);
  // Humans: 1 control, 2 prisoners; Machines: 2 control, 0 prisoners, 1 attrition.
  play(p, {kActNumber + 1, kActNumber + 2, kActNumber + 2, kActNumber + 0, kActPass, kActPass});
  ASSERT_EQ(p.pub.step, Step::kCapture);  // R18: the capturer picks the space
  EXPECT_EQ(p.pub.to_move, 0);
  play(p, {kActObjective + kAttrition});  // the Machines' attrition unit: it kills nobody now
  EXPECT_EQ(p.pub.prisoners[kHumans][kMachines], 1);
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].control, kMachines);
  ASSERT_EQ(p.pub.step, Step::kRetreat);  // two regions the Humans control next door
  EXPECT_EQ(p.pub.to_move, 0);
  play(p, {kActRegion + b.r("cinder_ridge")});
  EXPECT_EQ(p.pub.regions[b.r("cinder_ridge")].units[kHumans], 3);
  EXPECT_EQ(p.pub.seats[0].vp, 1);  // C9.1: its prisoner scores in the prisoners phase
  EXPECT_EQ(p.pub.seats[1].vp, 2);
}

TEST(CryHavocRules, C8_10_LoserWithNowhereToGoReturnsToTheReserve) {
  Board b = two_sided_battle(1, 3);
  Position& p = b.p;
  p.pub.regions[b.r("cinder_ridge")].control = kNone;
  const int reserve = p.pub.reserve[kHumans];
  begin_battles(p);
  play(p, {kActNumber + 1, kActNumber + 3, kActPass, kActPass});
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].control, kMachines);
  EXPECT_EQ(p.pub.reserve[kHumans], reserve + 1);
}

TEST(CryHavocRules, C8_4_TacticsAlternateAndAPasserPlaysNoMore) {
  Board b = two_sided_battle(2, 2);
  Position& p = b.p;
  b.hand(0, {"drop_trooper", "suppressing_fire"}).hand(1, {"fabricator", "high_ground"});
  begin_battles(p);
  play(p, {kActNumber + 2, kActNumber + 2});
  ASSERT_EQ(p.pub.step, Step::kTactics);
  EXPECT_EQ(p.pub.to_move, 0);  // the attacker first
  play(p, {kActCard + card_def("drop_trooper"), kActObjective + kControl});
  EXPECT_EQ(p.pub.to_move, 1);
  // High Ground is a Mountain card: Sunscar is a Desert region.
  EXPECT_FALSE(has(legal(p), kActCard + card_def("high_ground")));
  play(p, {kActPass});
  EXPECT_EQ(p.pub.to_move, 0) << "the other side may go on";
  play(p, {kActCard + card_def("suppressing_fire"), kActObjective + kControl});
  EXPECT_EQ(p.pub.to_move, 0) << "the passer plays no more";
  play(p, {kActPass});
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].control, kHumans);  // 3 to 1 on control
}

TEST(CryHavocRules, C5_6_ACardWithoutEffectMayBePlayed) {  // clarification
  Board b = two_sided_battle(2, 2);
  Position& p = b.p;
  b.hand(0, {"drop_trooper"});
  p.pub.reserve[kHumans] = 0;  // nobody left to land
  p.pub.regions[p.pub.seats[0].hq].units[kHumans] = 10;
  begin_battles(p);
  play(p, {kActNumber + 2, kActNumber + 2});
  ASSERT_TRUE(has(legal(p), kActCard + card_def("drop_trooper")));
  play(p, {kActCard + card_def("drop_trooper")});
  EXPECT_EQ(p.pub.seats[0].discard_n, 1);
  EXPECT_EQ(p.pub.battle.board[0][kControl], 2);
  EXPECT_EQ(p.pub.to_move, 1);
}

TEST(CryHavocRules, C8_2_AWipedOutSideMeansNoBattle) {
  Board b = two_sided_battle(1, 2);
  Position& p = b.p;
  // The Orbital Sniper (golden rule, R25) kills the only attacker during the actions.
  const int sniper = testing::structure_id("orbital_sniper");
  b.units("red_flats", kMachines, 1).control("red_flats", kMachines);
  p.pub.regions[b.r("red_flats")].structures |= 1u << sniper;
  b.hand(1, {"fabricator"});
  b.turn(1);
  play(p,
       {kActBuild, kActCard + card_def("fabricator"),
        kActStructure + sniper * 24 + b.r("red_flats"), kActUnit + b.r("sunscar") * 4 + kHumans});
  EXPECT_EQ(p.pub.seats[1].vp, card(p, card_def("fabricator")).star)
      << "R20: no VP for kills outside Attrition (only the card's star)";
  p.pub.action_round = kActionsPerRound;
  const int crystals = p.pub.regions[b.r("sunscar")].crystals;
  begin_battles(p);
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].battle, 0);
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].control, kMachines);
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].crystals, crystals) << "not a battle: no crystal";
}

TEST(CryHavocRules, R25_SpecialForcesAddUnitsToABattleRegion) {  // golden rule
  Board b = two_sided_battle(1, 2);
  Position& p = b.p;
  p.pub.seats[0].skills[p.pub.seats[0].num_skills++] =
      static_cast<std::uint8_t>(testing::skill_id("special_forces"));
  b.units("fernreach", kHumans, 2);
  b.turn(0);
  const int sf = kActSkill + testing::skill_id("special_forces");
  ASSERT_TRUE(has(legal(p), sf));
  const std::string north = map_of(p).regions[p.pub.seats[0].hq].id;
  play(p, {sf, kActRegion + b.r("sunscar"), kActNumber + 1, kActRegion + b.r("fernreach"),
           kActRegion + b.r(north)});
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].units[kHumans], 2);
  EXPECT_EQ(p.pub.regions[b.r("fernreach")].units[kHumans], 1);
  EXPECT_EQ(total_units(p, kHumans), 12);
}

TEST(CryHavocRules, C2_6_MedicTeamSavesKilledUnits) {  // Human skill (Aftermath), R31
  Board b = two_sided_battle(3, 3);
  Position& p = b.p;
  const int medic = testing::skill_id("medic_team");
  EXPECT_EQ(content().skills[medic].faction, kHumans);
  EXPECT_FALSE(content().skills[medic].is_default);
  p.pub.seats[0].skills[p.pub.seats[0].num_skills++] = static_cast<std::uint8_t>(medic);
  b.turn(0);
  ASSERT_TRUE(has(legal(p), kActSkill + medic));
  play(p, {kActSkill + medic, kActRegion + b.r("sunscar")});
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].medic, 2);
  EXPECT_FALSE(has(legal(p), kActSkill + medic)) << "C5.2: exhausted";
  begin_battles(p);
  // Humans: all 3 on control; Machines: all 3 on attrition, killing 3 Humans.
  play(p, {kActNumber + 3, kActNumber + 0, kActNumber + 0, kActPass, kActPass});
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].units[kHumans], 2) << "the first 2 kills are saved";
  EXPECT_EQ(p.pub.seats[1].vp, 1) << "no VP for a saved unit";
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].control, kHumans);
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].medic, 0) << "it lasts one battle";
  EXPECT_EQ(total_units(p, kHumans), 12);
}

TEST(CryHavocRules, C2_6_MedicTeamSavesFromATacticsKill) {
  Board b = two_sided_battle(2, 2);
  Position& p = b.p;
  b.hand(1, {"targeting_array"});
  p.pub.regions[b.r("sunscar")].medic = 1;  // as left by Medic Team (n = 1)
  p.pub.regions[b.r("sunscar")].medic_for = kHumans;
  begin_battles(p);
  play(p, {kActNumber + 2, kActNumber + 2, kActPass});  // both sides: all on control
  ASSERT_EQ(p.pub.step, Step::kTactics);
  ASSERT_EQ(p.pub.to_move, 1);
  play(p, {kActCard + card_def("targeting_array"), kActObjective + kControl});
  EXPECT_EQ(p.pub.battle.board[0][kControl], 2) << "the killed Human is saved";
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].medic, 0);
  EXPECT_FALSE(save_from_kill(p, kHumans)) << "no save left";
}

// ---- neutral Trogs (2-3 players) ---------------------------------------------------------------

// The Machines (seat 1 of 3) attack a War Party in Coral Banks; the Pilgrims (seat 2) play the
// Trogs.
Board trog_battle(const std::string& token) {
  Board b(3);
  b.no_events();
  b.war_party("coral_banks", token);
  b.hand(1, {"servo_walkers"}).hand(2, {});
  b.units("vinewood", kMachines, 2).control("vinewood", kMachines);
  b.turn(1);
  Position& p = b.p;
  play(p, {kActMove, kActCard + card_def("servo_walkers"), step(p, "vinewood", "coral_banks"),
           step(p, "vinewood", "coral_banks")});
  end_move(p);
  p.pub.action_round = kActionsPerRound;
  return b;
}

TEST(CryHavocRules, C8_5_TheSeatToTheLeftOfTheAttackerPlaysTheTrogs) {
  Board b = trog_battle("raiders");
  Position& p = b.p;
  ASSERT_EQ(p.pub.regions[b.r("coral_banks")].units[kTrogs], 2);
  begin_battles(p);
  play(p, {kActNumber + 2});  // the Machines: both on control
  EXPECT_EQ(p.pub.battle.seat[1], 2);
  EXPECT_EQ(p.pub.to_move, 2) << "R2: seat 1's left is seat 2";
}

TEST(CryHavocRules, C8_11_TrogsWinningTakeNoControlNoVpAndNest) {  // clarification
  Board b = trog_battle("raiders");
  Position& p = b.p;
  const int supply = p.pub.nest_supply;
  p.pub.regions[b.r("coral_banks")].control = kHumans;  // whoever held it loses it
  begin_battles(p);
  // Machines: 0 control, 2 attrition; Trogs (seat 2): 2 control.
  play(p, {kActNumber + 0, kActNumber + 0, kActNumber + 2, kActPass, kActPass});
  const RegionState& R = p.pub.regions[b.r("coral_banks")];
  EXPECT_EQ(R.control, kNone);
  EXPECT_EQ(R.trog, 2);  // a face-down Nest
  EXPECT_EQ(p.pub.nest_supply, supply - 1);
  EXPECT_EQ(R.units[kTrogs], 0);
  for (int s = 0; s < 3; ++s) EXPECT_EQ(p.pub.seats[s].vp, s == 1 ? 2 : 0);  // Machines' 2 kills
}

TEST(CryHavocRules, C8_11_EliminatedTrogsLeaveNoNest) {  // clarification
  Board b = trog_battle("scouts");
  Position& p = b.p;
  const int supply = p.pub.nest_supply;
  begin_battles(p);
  // Machines: 1 control, 1 attrition; the Trog: control. Machines win control 1-1? no: tie, the
  // defender. Put the Trog on attrition instead: Machines win control and kill it.
  play(p, {kActNumber + 1, kActNumber + 0, kActNumber + 0, kActNumber + 0, kActPass, kActPass});
  EXPECT_EQ(p.pub.regions[b.r("coral_banks")].control, kMachines);
  EXPECT_EQ(p.pub.nest_supply, supply) << "every Trog died: no Nest";
  EXPECT_EQ(p.pub.seats[1].vp, 2 + 1);
}

TEST(CryHavocRules, C8_11_RetreatingTrogsNestNextDoor) {
  Board b = trog_battle("raiders");
  Position& p = b.p;
  const int supply = p.pub.nest_supply;
  begin_battles(p);
  // Machines: both on control; Trogs: both on capture prisoners (they capture a Machine).
  play(p, {kActNumber + 2, kActNumber + 0, kActNumber + 2, kActPass, kActPass});
  EXPECT_EQ(p.pub.regions[b.r("coral_banks")].control, kMachines);
  EXPECT_EQ(p.pub.prisoners[kTrogs][kMachines], 1);
  ASSERT_EQ(p.pub.step, Step::kNest);  // several uncontrolled regions next door
  EXPECT_EQ(p.pub.to_move, 2);
  play(p, {kActRegion + b.r("maw_thicket")});
  EXPECT_EQ(p.pub.regions[b.r("maw_thicket")].trog, 2);
  EXPECT_EQ(p.pub.nest_supply, supply - 1);
}

// R34, the option trog_nests=not-into-battles (the default until cryhavoc-4).
TEST(CryHavocRules, C8_11_R34_RetreatingTrogsNestNowhereABattleIsStillToBeFought) {
  // Maw Thicket, next door and uncontrolled, holds battle token 2 (Humans against Pilgrims): the
  // Trogs retreating from battle 1 may not nest there (R34), only in the other uncontrolled
  // regions next door.
  Board b = trog_battle("raiders");
  Position& p = b.p;
  p.pub.nest_into_battles = false;
  b.units("maw_thicket", kHumans, 1).units("maw_thicket", kPilgrims, 1);
  b.battle("maw_thicket", kHumans);
  ASSERT_EQ(p.pub.regions[b.r("maw_thicket")].control, kNone);
  ASSERT_GT(p.pub.regions[b.r("maw_thicket")].battle, p.pub.regions[b.r("coral_banks")].battle);
  begin_battles(p);
  play(p, {kActNumber + 2, kActNumber + 0, kActNumber + 2, kActPass, kActPass});
  ASSERT_EQ(p.pub.regions[b.r("coral_banks")].control, kMachines);
  if (p.pub.step == Step::kNest) {
    EXPECT_FALSE(has(legal(p), kActRegion + b.r("maw_thicket")));
    EXPECT_TRUE(has(legal(p), kActRegion + b.r("gloom_thicket")));
    play(p, {kActRegion + b.r("gloom_thicket")});
  }
  EXPECT_EQ(p.pub.regions[b.r("maw_thicket")].trog, 0);
  EXPECT_EQ(p.pub.regions[b.r("gloom_thicket")].trog, 2);
}

// R34, the printed reading (option trog_nests=as-printed): "any adjacent, uncontrolled region",
// so Maw Thicket, whose battle is still to come, may take the Nest; it lies face down under that
// battle and waits there.
TEST(CryHavocRules, C8_11_R34_AsPrintedTheTrogsMayNestWhereABattleIsStillToCome) {
  Board b = trog_battle("raiders");
  Position& p = b.p;
  p.pub.nest_into_battles = true;
  b.units("maw_thicket", kHumans, 1).units("maw_thicket", kPilgrims, 1);
  b.battle("maw_thicket", kHumans);
  begin_battles(p);
  play(p, {kActNumber + 2, kActNumber + 0, kActNumber + 2, kActPass, kActPass});
  ASSERT_EQ(p.pub.regions[b.r("coral_banks")].control, kMachines);
  ASSERT_EQ(p.pub.step, Step::kNest);
  EXPECT_TRUE(has(legal(p), kActRegion + b.r("maw_thicket")));
  EXPECT_TRUE(has(legal(p), kActRegion + b.r("gloom_thicket")));
  play(p, {kActRegion + b.r("maw_thicket")});
  EXPECT_EQ(p.pub.regions[b.r("maw_thicket")].trog, 2);
  EXPECT_NE(p.pub.regions[b.r("maw_thicket")].battle, 0) << "its battle is still to come";
  EXPECT_EQ(p.pub.battle.region, b.r("maw_thicket"));
}

// With the printed reading of R34: a face-down Nest under a Pilgrims unit at Maw Thicket, which
// the Pilgrims hold, as after they won the battle the Nest was put into; `mover` holds Shard Peak
// next door with one unit.
Board nest_under_pilgrims(int mover) {
  Board b(3);
  b.p.pub.nest_into_battles = true;
  b.no_events();
  b.units("maw_thicket", kPilgrims, 1)
      .control("maw_thicket", kPilgrims)
      .nest("maw_thicket", "nest");
  b.units("shard_peak", mover, 1).control("shard_peak", mover);
  return b;
}

// R34, the printed reading: a Nest under a player's units (the winner of the battle it was put
// into) is theirs to reveal: when they move units in, its Trogs appear and fight them (C6.7, C6.9)
// — even units that stood there already reveal it when the move ends.
TEST(CryHavocRules, C6_7_R34_ANestUnderAPlayersUnitsIsRevealedWhenTheyMoveIn) {
  Board b = nest_under_pilgrims(kPilgrims);
  Position& p = b.p;
  b.hand(2, {"wanderers"});
  b.turn(2);
  play(p, {kActMove, kActCard + card_def("wanderers"), step(p, "shard_peak", "maw_thicket"),
           kActDone});
  const RegionState& R = p.pub.regions[b.r("maw_thicket")];
  EXPECT_EQ(R.trog, 0);
  EXPECT_EQ(R.units[kTrogs], 2);
  EXPECT_NE(R.battle, 0);
  EXPECT_EQ(R.attacker, kPilgrims);
}

// R34, the printed reading: an opponent moving into that region fights the player there; the
// Nest stays face down (a battle has two sides, never three).
TEST(CryHavocRules, C6_7_R34_AnOpponentMovingInLeavesANestUnderAnotherPlayersUnits) {
  Board b = nest_under_pilgrims(kHumans);
  Position& p = b.p;
  b.hand(0, {"forced_march"});
  b.turn(0);
  play(p, {kActMove, kActCard + card_def("forced_march"), step(p, "shard_peak", "maw_thicket"),
           kActDone});
  const RegionState& R = p.pub.regions[b.r("maw_thicket")];
  EXPECT_EQ(R.trog, 2) << "the Nest stays face down";
  EXPECT_EQ(R.units[kTrogs], 0);
  EXPECT_NE(R.battle, 0);
  EXPECT_EQ(R.attacker, kHumans);
}

// R34 (issue 29): the default is the printed sentence, "any adjacent, uncontrolled region"
// (trog_nests=as-printed); not-into-battles is the option.
TEST(CryHavocRules, C8_11_R34_TheDefaultIsThePrintedText) {
  const GameInfo& g = Registry::instance().find("cryhavoc");
  const Options o = g.resolve({});
  EXPECT_EQ(o.get("trog_nests"), "as-printed");
  const auto s = g.create(o, 1);
  EXPECT_TRUE(dynamic_cast<const CryHavocState&>(*s).position().pub.nest_into_battles);
  const auto opt = g.create(g.resolve({{"trog_nests", "not-into-battles"}}), 1);
  EXPECT_FALSE(dynamic_cast<const CryHavocState&>(*opt).position().pub.nest_into_battles);
}

// R34 under not-into-battles: in whole games no Trog token ever lies in a region with units, but
// for the regions units are moving into during a Move (revealed when it ends), so the rules for
// Nests under units above never apply with that option.
TEST(CryHavocRules, R34_NotIntoBattlesNoTrogTokenEverSharesARegionWithUnits) {
  const GameInfo& g = Registry::instance().find("cryhavoc");
  for (const char* nests : {"not-into-battles"}) {
    int shared = 0;
    for (int players : {2, 3})
      for (std::uint64_t seed = 1; seed <= 40; ++seed) {
        auto s = g.create(g.resolve({{"players", std::to_string(players)}, {"trog_nests", nests}}),
                          seed);
        Rng rng(seed * 13 + 5);
        std::vector<Action> legal;
        while (!s->terminal()) {
          const Position& p = dynamic_cast<const CryHavocState&>(*s).position();
          for (int r = 0; r < map_of(p).num_regions; ++r)
            if (p.pub.regions[r].trog && units_in(p.pub.regions[r]) > 0 &&
                !(p.pub.entered >> r & 1))
              ++shared;
          s->legal_actions(legal);
          s->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        }
      }
    EXPECT_EQ(shared, 0);
  }
}

TEST(CryHavocRules, C9_4_TrogPrisonersScoreForNobodyAndCostTwoToReturn) {  // clarification
  Board b = trog_battle("raiders");
  Position& p = b.p;
  b.vp(1, 5);
  begin_battles(p);
  play(p, {kActNumber + 2, kActNumber + 0, kActNumber + 2, kActPass, kActPass});
  if (p.pub.step == Step::kNest) play(p, {kActRegion + b.r("maw_thicket")});
  // Prisoners phase: nobody scores the Trogs' prisoner; the Machines may buy it back for 2 VP.
  ASSERT_EQ(p.pub.step, Step::kBuyBack);
  EXPECT_EQ(p.pub.to_move, 1);
  const int vp = p.pub.seats[1].vp;
  play(p, {kActBuyBack + kTrogs});
  EXPECT_EQ(p.pub.seats[1].vp, vp - 2);
  EXPECT_EQ(p.pub.prisoners[kTrogs][kMachines], 0);
}

// ---- C9 prisoners, C10 scoring -----------------------------------------------------------------

TEST(CryHavocRules, C9_PrisonersScoreThenAreBoughtBackAtTwoVpUnlessTooPoor) {
  Board b;
  Position& p = b.p;
  p.pub.prisoners[kHumans][kMachines] = 2;
  p.pub.prisoners[kMachines][kHumans] = 1;
  b.vp(0, 1).vp(1, 3).no_events();
  p.pub.initiative = p.pub.upcoming = {1, 0, 0, 0};
  p.pub.action_round = kActionsPerRound;
  begin_battles(p);                 // no battles: straight to prisoners
  EXPECT_EQ(p.pub.seats[0].vp, 3);  // 1 + two prisoners
  EXPECT_EQ(p.pub.seats[1].vp, 4);  // 3 + one prisoner
  ASSERT_EQ(p.pub.step, Step::kBuyBack);
  EXPECT_EQ(p.pub.to_move, 1);  // initiative order
  play(p, {kActBuyBack + kHumans});
  EXPECT_EQ(p.pub.seats[1].vp, 2);
  ASSERT_EQ(p.pub.step, Step::kBuyBack);
  play(p, {kActBuyBack + kHumans});
  EXPECT_EQ(p.pub.seats[1].vp, 0);
  // Nothing more to buy for seat 1; seat 0 (3 VP) buys its one unit back once.
  ASSERT_EQ(p.pub.to_move, 0);
  play(p, {kActBuyBack + kMachines});
  EXPECT_EQ(p.pub.seats[0].vp, 1);
  EXPECT_NE(p.pub.step, Step::kBuyBack) << "C9.3: 1 VP is not enough";
}

TEST(CryHavocRules, C10_2_EnablerScoresRegionsIncludingTheHqThenEveryoneCrystals) {
  Board b;
  Position& p = b.p;
  b.units("fernreach", kHumans, 1).control("fernreach", kHumans).crystals("fernreach", 3);
  b.control("dustfields", kHumans).crystals("dustfields", 1);
  b.control("red_flats", kMachines).crystals("red_flats", 5).no_events();
  p.pub.scoring_by = 0;
  p.pub.action_round = kActionsPerRound;
  begin_battles(p);
  EXPECT_EQ(p.pub.seats[0].vp, 3 + 4);  // 3 regions (HQ included), then 4 crystals
  EXPECT_EQ(p.pub.seats[1].vp, 5);      // crystals only
  EXPECT_EQ(p.pub.round, 2);
}

TEST(CryHavocRules, C10_2_TrogsScoreHalfTheirCrystalsRoundedUp) {  // clarification
  Board b(4);
  Position& p = b.p;
  b.control("maw_thicket", kTrogs).crystals("maw_thicket", 3);
  b.control("coral_banks", kTrogs).crystals("coral_banks", 2);
  EXPECT_EQ(crystal_points(p, kTrogs), 3);  // (3 + 2) / 2 rounded up, added first
  b.crystals("coral_banks", 1);
  EXPECT_EQ(crystal_points(p, kTrogs), 2);
}

TEST(CryHavocRules, C10_3_LastRoundScoresCrystalsOnlyAndEnds) {
  Board b;
  Position& p = b.p;
  b.control("dustfields", kHumans).crystals("dustfields", 2);
  p.pub.round = kRounds;
  p.pub.scoring_by = kNone;
  p.pub.action_round = kActionsPerRound;
  begin_battles(p);
  EXPECT_TRUE(p.pub.over);
  EXPECT_EQ(p.pub.seats[0].vp, 2);
}

// R35 by default: every game lasts 5 rounds, however fast the event tokens are pulled forward.
TEST(CryHavocRules, C10_5_R35_ByDefaultEveryGameLastsFiveRounds) {
  const GameInfo& g = Registry::instance().find("cryhavoc");
  for (int players : {2, 3, 4})
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      auto s = g.create(g.resolve({{"players", std::to_string(players)}}), seed);
      Rng rng(seed);
      std::vector<Action> legal;
      while (!s->terminal()) {
        s->legal_actions(legal);
        s->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      }
      EXPECT_EQ(dynamic_cast<const CryHavocState&>(*s).position().pub.round, kRounds);
    }
}

// R35, the option game_end=when-events-run-out: a round that begins with no event token left on
// the score track is the last one: scoring happens by itself (crystals only), Enable Scoring is
// not offered, and the game ends after it.
TEST(CryHavocRules, C10_5_R35_WithTheOptionARoundWithNoEventLeftIsTheLast) {
  Board b;
  Position& p = b.p;
  p.pub.end_when_events_run_out = true;
  b.no_events();
  b.control("dustfields", kHumans).crystals("dustfields", 2);
  b.hand(0, {"orbital_command"});
  p.pub.round = 2;
  p.pub.scoring_by = kNone;
  p.pub.action_round = kActionsPerRound;
  begin_battles(p);  // round 2 ends: round 3 begins with no event left
  ASSERT_EQ(p.pub.round, 3);
  EXPECT_TRUE(last_round(p.pub));
  EXPECT_EQ(rounds_after(p.pub), 0);
  b.turn(0);
  EXPECT_FALSE(has(legal(p), kActScoring)) << "scoring comes by itself in the last round";
  const int vp = p.pub.seats[0].vp;
  p.pub.action_round = kActionsPerRound;
  begin_battles(p);
  EXPECT_TRUE(p.pub.over);
  EXPECT_EQ(p.pub.seats[0].vp, vp + 2) << "crystals only";
}

// R35, the option: a score marker passing the 16 VP space in round 1 pulls its event onto the
// next stack (C3.4): rounds 2 and 3 reveal the last two stacks, round 4 finds none and is the last
// one. Without the option the same game goes on to round 5.
TEST(CryHavocRules, C10_5_R35_WithTheOptionPassedEventsEndTheGameSooner) {
  for (const bool option : {true, false}) {
    Board b;
    Position& p = b.p;
    p.pub.end_when_events_run_out = option;
    ASSERT_EQ(p.pub.round, 1);
    ASSERT_EQ(p.pub.event_count[0], 0) << "round 1 revealed the first space";
    ASSERT_EQ(content().event_spots[1], 16);
    gain_vp(p, kHumans, 17);  // passes 6 (already revealed) and 16
    EXPECT_EQ(p.pub.event_count[1], 0);
    EXPECT_EQ(p.pub.event_count[2], 2);
    int last = 0;
    for (int round = 2; round <= kRounds && !p.pub.over; ++round) {
      p.pub.scoring_by = kNone;
      p.pub.action_round = kActionsPerRound;
      begin_battles(p);  // the round ends: the next begins (events, draw, the hand limit)
      if (p.pub.over) break;
      ASSERT_EQ(p.pub.round, round);
      if (last_round(p.pub)) last = round;
      while (p.pub.step == Step::kDiscardToLimit) play(p, {legal(p)[0]});
    }
    EXPECT_EQ(last, option ? 4 : kRounds);
  }
}

// R35, the option: in whole games the game never lasts more than 5 rounds nor less than 3.
TEST(CryHavocRules, C10_5_R35_WithTheOptionGamesLastThreeToFiveRounds) {
  const GameInfo& g = Registry::instance().find("cryhavoc");
  for (int players : {2, 3, 4})
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      auto s = g.create(
          g.resolve({{"players", std::to_string(players)}, {"game_end", "when-events-run-out"}}),
          seed);
      Rng rng(seed);
      std::vector<Action> legal;
      while (!s->terminal()) {
        s->legal_actions(legal);
        s->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      }
      const int rounds = dynamic_cast<const CryHavocState&>(*s).position().pub.round;
      EXPECT_LE(rounds, kRounds);
      EXPECT_GE(rounds, 3);
    }
}

TEST(CryHavocRules, C10_6_TiesGoToPrisonersThenLaterInitiative) {
  const GameInfo& g = Registry::instance().find("cryhavoc");
  Board b(3);
  Position& p = b.p;
  b.vp(0, 10).vp(1, 10).vp(2, 10);
  p.pub.prisoners[kPilgrims][kHumans] = 1;
  p.pub.initiative = {0, 1, 2, 0};
  p.pub.over = true;
  p.pub.step = Step::kOver;
  CryHavocState s(&g, p);
  EXPECT_EQ(s.ranking(), (std::vector<int>{2, 1, 0}));  // Pilgrims (a prisoner), then later
}

TEST(CryHavocRules, C5_8_NoCrystalsEverInAnHq) {  // clarification
  Board b;
  Position& p = b.p;
  Effect rain;
  rain.steps[rain.size++] = EffectStep{Op::kCrystalRain, 0, 0, CardFilter::kAny};
  run_now(p, rain, kNone, kNone, kNone);
  for (int s = 0; s < 2; ++s) EXPECT_EQ(p.pub.regions[p.pub.seats[s].hq].crystals, 0);
  EXPECT_EQ(p.pub.regions[b.r("dustfields")].crystals, 1);
}

// ---- structures and skills (found effects and our readings, R25, R26) --------------------------

TEST(CryHavocRules, C7_2_AirfieldFliesIntoAnUnoccupiedRegionAnOpponentControls) {  // found
  Board b;
  Position& p = b.p;
  const int airfield = testing::structure_id("airfield");
  b.units("fernreach", kHumans, 3).control("fernreach", kHumans);
  p.pub.regions[b.r("fernreach")].structures |= 1u << airfield;
  b.control("red_flats", kMachines)
      .units("glass_waste", kMachines, 1)
      .control("glass_waste", kMachines);
  b.war_party("brine_trench", "raiders");
  b.hand(0, {"field_engineers"});
  b.turn(0);
  play(p, {kActBuild, kActCard + card_def("field_engineers"),
           kActStructure + airfield * 24 + b.r("fernreach")});
  const auto l = legal(p);
  EXPECT_TRUE(has(l, kActRegion + b.r("red_flats"))) << "controlled by an opponent, unoccupied";
  EXPECT_FALSE(has(l, kActRegion + b.r("glass_waste"))) << "occupied";
  EXPECT_FALSE(has(l, kActRegion + b.r("brine_trench"))) << "a Trog token";
  play(p, {kActRegion + b.r("red_flats"), kActNumber + 2});
  EXPECT_EQ(p.pub.regions[b.r("red_flats")].units[kHumans], 2);
  EXPECT_EQ(p.pub.regions[b.r("red_flats")].control, kHumans);
  EXPECT_EQ(p.pub.regions[b.r("fernreach")].units[kHumans], 1);
}

TEST(CryHavocRules, C7_2_GateTeleportsIntoEnemiesAndStartsABattle) {
  Board b(3);
  Position& p = b.p;
  const int gate = testing::structure_id("gate");
  b.units("vinewood", kPilgrims, 2).control("vinewood", kPilgrims);
  p.pub.regions[b.r("vinewood")].structures |= 1u << gate;
  b.units("gloom_thicket", kHumans, 1).control("gloom_thicket", kHumans);
  b.hand(2, {"shrine_builders"});
  b.turn(2);
  play(p, {kActBuild, kActCard + card_def("shrine_builders"),
           kActStructure + gate * 24 + b.r("vinewood"), kActRegion + b.r("gloom_thicket"),
           kActNumber + 2});
  EXPECT_EQ(p.pub.regions[b.r("gloom_thicket")].units[kPilgrims], 2);
  EXPECT_NE(p.pub.regions[b.r("gloom_thicket")].battle, 0);
  EXPECT_EQ(p.pub.regions[b.r("gloom_thicket")].attacker, kPilgrims);
}

TEST(CryHavocRules, R24_HarvestedCrystalsScoreFromTheStoreAndOfferingSpendsThem) {
  Board b(3);
  Position& p = b.p;
  b.units("vinewood", kPilgrims, 1).control("vinewood", kPilgrims).crystals("vinewood", 2);
  b.turn(2);
  const int harvest = kActSkill + testing::skill_id("harvest");
  play(p, {harvest, kActRegion + b.r("vinewood")});
  EXPECT_EQ(p.pub.seats[2].store, 1);
  EXPECT_EQ(p.pub.regions[b.r("vinewood")].crystals, 1);
  EXPECT_EQ(crystal_points(p, kPilgrims), 2);  // one in the region, one in the store
  p.pub.seats[2].store = 2;
  p.pub.seats[2].skills[p.pub.seats[2].num_skills++] =
      static_cast<std::uint8_t>(testing::skill_id("offering"));
  play(p, {kActSkill + testing::skill_id("offering")});
  EXPECT_EQ(p.pub.seats[2].store, 0);
  EXPECT_EQ(p.pub.seats[2].vp, 3);
}

TEST(CryHavocRules, C1_9_ArtilleryFiresOnceAndWatchtowersHoldRegionControl) {
  Board b = Board();
  Position& p = b.p;
  b.units("sunscar", kHumans, 2).units("sunscar", kMachines, 2).control("sunscar", kMachines);
  b.control("deepwater_rift", kMachines)
      .control("cinder_ridge", kHumans)
      .battle("sunscar", kHumans);
  p.pub.regions[b.r("sunscar")].artillery = 1;
  p.pub.regions[b.r("sunscar")].watchtower = 1;
  p.pub.artillery_left = p.pub.watchtower_left = 2;
  b.hand(0, {}).hand(1, {}).no_events();
  p.pub.action_round = kActionsPerRound;
  begin_battles(p);
  EXPECT_EQ(p.pub.battle.strength[0][kControl], 1);  // the Humans attack: the Watchtower counts
  play(p, {kActNumber + 1, kActNumber + 0});         // Humans: 1 control, 1 attrition
  // The Artillery killed one Machine before placement: one left.
  ASSERT_EQ(p.pub.step, Step::kPlace);
  EXPECT_EQ(legal(p).size(), 2u);
  play(p, {kActNumber + 1, kActPass, kActPass});
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].control, kHumans);  // 1 + 1 against 1
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].artillery, 0);
  EXPECT_EQ(p.pub.artillery_left, 3);
  EXPECT_EQ(p.pub.regions[b.r("sunscar")].watchtower, 1);
}

TEST(CryHavocRules, C8_2_R33_ArtilleryKillingTheLastDefenderMeansNoBattle) {
  // Two Humans attack one Machine in a region with an Artillery token: the shot kills the only
  // defender as the battle begins, so there is no battle: no crystal, no Region Control VP, and
  // the Humans take the region (C8.2).
  Board b = two_sided_battle(2, 1);
  Position& p = b.p;
  p.pub.regions[b.r("sunscar")].artillery = 1;
  p.pub.artillery_left = 2;
  const int crystals = p.pub.regions[b.r("sunscar")].crystals;
  const int battles = p.pub.battles;
  begin_battles(p);
  const RegionState& R = p.pub.regions[b.r("sunscar")];
  EXPECT_EQ(R.battle, 0);
  EXPECT_EQ(R.units[kMachines], 0);
  EXPECT_EQ(R.units[kHumans], 2);
  EXPECT_EQ(R.control, kHumans);
  EXPECT_EQ(R.crystals, crystals) << "no battle: no crystal (step A)";
  EXPECT_EQ(R.artillery, 0);
  EXPECT_EQ(p.pub.artillery_left, 3);
  EXPECT_EQ(p.pub.battles, battles);
  EXPECT_EQ(p.pub.seats[0].vp, 0) << "no Region Control VP: it was no battle";
  EXPECT_NE(p.pub.step, Step::kPlace);
}

TEST(CryHavocRules, C8_8_R16_DistractionLetsAttritionResolveFirstWithChosenKills) {
  Board b(4);
  Position& p = b.p;
  b.units("coral_banks", kTrogs, 2)
      .units("coral_banks", kHumans, 2)
      .control("coral_banks", kHumans);
  b.battle("coral_banks", kTrogs).no_events();
  b.hand(0, {}).hand(3, {});
  p.pub.regions[b.r("coral_banks")].distraction = kAttrition;
  p.pub.action_round = kActionsPerRound;
  begin_battles(p);
  // Trogs: 1 control, 0 prisoners, 1 attrition; Humans: 1 control, 1 attrition.
  play(p, {kActNumber + 1, kActNumber + 0, kActNumber + 1, kActNumber + 0, kActPass, kActPass});
  ASSERT_EQ(p.pub.step, Step::kKill);  // attrition first: the Trogs choose their kill
  EXPECT_EQ(p.pub.to_move, 3);
  play(p, {kActObjective + kControl});  // kill the Human defender on Region Control
  ASSERT_EQ(p.pub.step, Step::kKill);
  EXPECT_EQ(p.pub.to_move, 0);
  play(p, {kActObjective + kAttrition});
  // Then Region Control: 1 Trog against none.
  EXPECT_EQ(p.pub.regions[b.r("coral_banks")].control, kTrogs);
  EXPECT_EQ(p.pub.seats[3].vp, 1 + 2);
}

// ---- whole games ----------------------------------------------------------------------------

TEST(CryHavocRules, RandomGamesKeepUnitsAndCardsWhole) {
  for (int n = 2; n <= 4; ++n)
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      Position p;
      setup(p, cryhavoc::Setup{n, true, static_cast<int>(seed % 3)}, seed);
      Rng r(seed + 1);
      std::vector<int> moves;
      while (!p.pub.over) {
        legal_actions(p, moves);
        ASSERT_FALSE(moves.empty());
        apply(p, moves[r.below(static_cast<std::uint32_t>(moves.size()))]);
        for (int f = 0; f < kFactions; ++f)
          ASSERT_EQ(total_units(p, f), content().factions[f].units) << "faction " << f;
        int cards = 0;
        for (int s = 0; s < n; ++s) {
          const SeatState& st = p.pub.seats[s];
          cards += st.hand + st.deck + st.discard_n + st.limbo;
          int known = 0, secret = 0;
          for (auto k : st.known) known += k;
          for (auto k : st.secret) secret += k;
          ASSERT_EQ(known + secret + (st.limbo_src == kOwnDeck ? 0 : 0),
                    st.hand + st.deck + (st.limbo_src == kOwnDeck ? st.limbo : 0));
        }
        for (int t = 0; t < kTerrains; ++t) cards += p.pub.terrain_count[t];
        for (int q = 0; q < kMaxRegions; ++q) cards += p.pub.regions[q].matrix;
        int decks = 0;
        for (int s = 0; s < n; ++s)
          decks += static_cast<int>(content().factions[p.pub.seats[s].faction].deck.size());
        ASSERT_EQ(cards, decks + 32);
      }
    }
}

// The plain checks the legal list once made region by region (C6.3 can_enter), kept here to check
// the gathered forms the kernel uses now.
bool plain_can_enter(const Position& p, int b, int f) {
  const RegionState& R = p.pub.regions[b];
  if (R.battle) return false;
  const int owner = hq_owner(p, b);
  if (owner != kNone && owner != f) return false;
  if (contested(p, b, f) && !(p.pub.entered & bit(b))) {
    int fresh = 0;
    for (int r = 0; r < map_of(p).num_regions; ++r)
      if ((p.pub.entered & bit(r)) && contested(p, r, f)) ++fresh;
    if (tokens_in_use(p) + fresh >= kBattleTokens) return false;
  }
  return true;
}

int plain_movable(const Position& p, int r, int f) {  // C6.2, C6.4, C6.10
  const RegionState& R = p.pub.regions[r];
  const int u = R.units[f];
  if (u == 0) return 0;
  if (R.battle) return R.attacker == f ? 0 : std::max(0, u - 2 * R.units[R.attacker]);
  return u - p.pub.frozen[r];
}

std::vector<int> only(const std::vector<int>& legal, int from, int to) {
  std::vector<int> out;
  for (int a : legal)
    if (a >= from && a < to) out.push_back(a);
  return out;
}

TEST(CryHavocRules, C5_2_C6_3_C7_2_C7_5_TheGatheredChecksAgreeWithThePlainOnes) {
  // At every step of random games: the structures' regions gathered in one pass (C7.2-C7.5), the
  // regions a move may enter counted once (C6.3), and a discard skill's feasibility asked once
  // per kind of card (C5.2) give what the plain region-by-region, card-by-card checks give.
  for (int n = 2; n <= 4; ++n)
    for (std::uint64_t seed = 0; seed < 12; ++seed) {
      Position p;
      setup(p, cryhavoc::Setup{n, true, static_cast<int>(seed % 3)}, seed * 7 + 3);
      Rng r(seed + 11);
      std::vector<int> moves;
      while (!p.pub.over) {
        legal_actions(p, moves);
        ASSERT_FALSE(moves.empty());
        const Public& pub = p.pub;
        const int s = pub.to_move, f = pub.seats[s].faction;
        const int regions = map_of(p).num_regions;
        for (bool start : {true, false}) {
          const StructureRegions where = structure_regions(p, f, start);
          for (int k = 0; k < content().factions[f].num_structures; ++k) {
            const int sid = f * kStructTypes + k;
            std::uint32_t build = 0, activate = 0;
            for (int q = 0; q < regions; ++q) {
              if (can_build_at(p, sid, q, f, start)) build |= bit(q);
              if (can_activate(p, sid, q, f)) activate |= bit(q);
            }
            ASSERT_EQ(where.build[k], build) << sid;
            ASSERT_EQ(where.activate[k], activate) << sid;
          }
        }
        if (pub.step == Step::kMove) {
          std::vector<int> steps;
          if (pub.points > 0)
            for (int a = 0; a < regions; ++a) {
              if (plain_movable(p, a, f) == 0) continue;
              for (int b = 0; b < regions; ++b)
                if ((neighbours(p, a, f) & bit(b)) && plain_can_enter(p, b, f))
                  steps.push_back(kActStep + a * 24 + b);
            }
          ASSERT_EQ(only(moves, kActStep, kActBuildType), steps);
        }
        if (pub.step == Step::kBuild) {
          std::vector<int> built, used;
          for (int k = 0; k < content().factions[f].num_structures; ++k) {
            const int sid = f * kStructTypes + k;
            const StructureDef& sd = content().structures[sid];
            bool anywhere = false;
            for (int q = 0; q < regions; ++q) anywhere |= can_build_at(p, sid, q, f, true);
            if (pub.points >= sd.build_cost && pub.seats[s].built[k] < kStructTokens && anywhere)
              built.push_back(kActBuildType + sid);
            if (pub.points < sd.activate_cost) continue;
            for (int q = 0; q < regions; ++q)
              if (can_activate(p, sid, q, f) && effect_feasible(p, sd.effect, s, f, q, false))
                used.push_back(kActStructure + sid * 24 + q);
          }
          ASSERT_EQ(only(moves, kActBuildType, kActStructure), built);
          ASSERT_EQ(only(moves, kActStructure, kActUnit), used);
        }
        if (pub.step == Step::kBuildWhere) {
          std::vector<int> at;
          for (int q = 0; q < regions; ++q)
            if (can_build_at(p, pub.chosen, q, f, true)) at.push_back(kActRegion + q);
          ASSERT_EQ(only(moves, kActRegion, kActObjective), at);
        }
        if (pub.step == Step::kTurnStart || pub.step == Step::kTurnEnd) {
          std::vector<int> paid;
          const SeatState& st = pub.seats[s];
          for (int k = 0; k < st.num_skills; ++k) {
            if (st.exhausted >> k & 1) continue;
            const Effect& e = content().skills[st.skills[k]].effect;
            if (e.size == 0 || e.steps[0].op != Op::kDiscard) continue;
            for (int i = 0; i < st.hand; ++i) {
              const int d = p.hid.hand[s][i];
              if (i > 0 && p.hid.hand[s][i - 1] == d) continue;
              const CardDef& c = content().cards[d];
              const CardFilter filter = e.steps[0].filter;
              const bool matches = filter == CardFilter::kAny ||
                                   (filter == CardFilter::kRecruit && c.recruit > 0) ||
                                   (filter == CardFilter::kTerrain && c.terrain >= 0);
              if (matches && effect_feasible(p, e, s, f, kNone, pub.step == Step::kTurnStart, d))
                paid.push_back(kActSkillCard + st.skills[k] * 64 + d);
            }
          }
          ASSERT_EQ(only(moves, kActSkillCard, 1 << 30), paid);
        }
        apply(p, moves[r.below(static_cast<std::uint32_t>(moves.size()))]);
      }
    }
}

}  // namespace
}  // namespace turf::cryhavoc
