// Scenario tests for the dungeon rules; each test names the clauses of docs/rules/dungeon.md it
// checks. The rulebook's own examples are the tests marked "rulebook example".
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <functional>
#include <set>

#include "dungeon/board.h"
#include "games/dungeon/rules.h"

namespace turf::dungeon {
namespace {

using testing::Board;
using testing::mask_of;

std::vector<int> legal(const Position& p) {
  std::vector<int> out;
  legal_actions(p, out);
  return out;
}

bool can_place(const Position& p, int x, int y, const std::string& passages) {
  SpotList spots;
  open_spots(p, spots);
  for (const Spot& s : spots)
    if (s.x == x && s.y == y) return fits(s, mask_of(passages));
  return false;
}

// ---- D6: influence and scoring -------------------------------------------------------------

TEST(DungeonRules, R1_DirectionOptionCountsEachOpenSide) {
  // A cross between two straights, open north and south to nothing: per passage it scores the
  // 3-tile horizontal passage and the 1-tile vertical one (4); per direction, each open side is a
  // line from the monster to the wall: east 2, west 2, north 1, south 1 (6).
  Board b;
  b.tile(0, 0, "NESW").tile(1, 0, "EW").tile(-1, 0, "EW").monster(0, 0, 0, kTurtleman);
  EXPECT_EQ(score(b.p)[0], 4);
  b.p.influence = kInfluenceDirection;
  EXPECT_EQ(score(b.p)[0], 6);
  // A lone monster on an L scores 2 under both readings (the rulebook's example).
  Board c;
  c.tile(0, 0, "NE").monster(0, 0, 0, kTurtleman);
  c.p.influence = kInfluenceDirection;
  EXPECT_EQ(score(c.p)[0], 2);
  // An opposing Crane Wife on the horizontal passage takes both horizontal lines (D6.3).
  b.tile(2, 0, "W").monster(2, 0, 1, kCraneWife);
  EXPECT_EQ(score(b.p)[0], 2);  // north 1 + south 1
  EXPECT_EQ(score(b.p)[1], 4);  // her one open side: west, 4 tiles to the wall
  b.p.influence = kInfluencePassage;
  EXPECT_EQ(score(b.p)[0], 1);
  EXPECT_EQ(score(b.p)[1], 4);
}

TEST(DungeonRules, D1_4_DefaultMixHasAttestedShapesOnly) {  // resolution R10
  const Content& c = content();
  EXPECT_EQ(c.mixes.front().id, "standard");
  EXPECT_EQ(c.mixes.front().counts[kDeadEnd], 0);
  EXPECT_EQ(c.shapes[kDeadEnd].tag, "designed");
  EXPECT_EQ(c.mix("dead_ends").counts[kDeadEnd], 2);
  for (const Mix& m : c.mixes) {
    int total = 0;
    for (int n : m.counts) total += n;
    EXPECT_EQ(total, kDeckSize) << m.id;
  }
}

TEST(DungeonRules, D6_4_LoneMonsterOnLScoresTwo) {  // rulebook example
  Board b;
  b.tile(0, 0, "NE").monster(0, 0, 0, kTurtleman);
  EXPECT_EQ(score(b.p)[0], 2);
  EXPECT_EQ(score(b.p)[1], 0);
  Board c;  // the same for the other player, on its own
  c.tile(0, 0, "ES").monster(0, 0, 1, kCraneWife);
  EXPECT_EQ(score(c.p)[1], 2);
}

TEST(DungeonRules, D6_3_StrongerTypeTakesPassage) {  // rulebook example: Red 4 (3 + 1), Blue 1
  // Red's Crane Wife on an L at the west end of a three-tile horizontal passage; Blue's
  // Turtleman on a cross in its middle. The Crane Wife defeats the Turtleman, so the horizontal
  // passage is Red's; the Turtleman keeps its vertical line (only its own tile).
  Board b;
  b.tile(0, 0, "NE").tile(1, 0, "NESW").tile(2, 0, "W");
  b.monster(0, 0, 0, kCraneWife).monster(1, 0, 1, kTurtleman);
  EXPECT_EQ(score(b.p)[0], 4);  // 3 horizontal + 1 vertical
  EXPECT_EQ(score(b.p)[1], 1);  // its vertical line
}

TEST(DungeonRules, D6_3_SameTypeShares) {  // rulebook example: both count the whole passage
  Board b;
  b.tile(0, 0, "E").tile(1, 0, "EW").tile(2, 0, "EW").tile(3, 0, "W");
  b.monster(0, 0, 0, kTurtleman).monster(3, 0, 1, kTurtleman);
  EXPECT_EQ(score(b.p)[0], 4);
  EXPECT_EQ(score(b.p)[1], 4);
}

TEST(DungeonRules, D5_5_OnlyTopMonsterCounts) {
  Board b;
  b.tile(0, 0, "E").tile(1, 0, "W");
  b.monster(0, 0, 0, kTurtleman).monster(0, 0, 1, kCraneWife);  // Blue's Crane Wife on top
  EXPECT_EQ(score(b.p)[0], 0);
  EXPECT_EQ(score(b.p)[1], 2);
}

TEST(DungeonRules, D6_1_InfluenceStopsAtWall) {
  // A corridor that bends: the horizontal passage ends at the L tile, which turns north.
  Board b;
  b.tile(0, 0, "E").tile(1, 0, "EW").tile(2, 0, "NW").tile(2, 1, "NS").tile(2, 2, "S");
  b.monster(0, 0, 0, kWereRat);
  EXPECT_EQ(passage_length(b.p, 0, 0), 3);
  EXPECT_EQ(passage_length(b.p, 0, 1), 0);  // a dead end open east has no vertical line
  EXPECT_EQ(passage_length(b.p, 2, 1), 3);  // the L tile's vertical passage
  EXPECT_EQ(score(b.p)[0], 3);
}

TEST(DungeonRules, D6_2_CrossHasTwoLinesNotFour) {  // resolution R1
  Board b;
  b.tile(0, 0, "NESW").tile(1, 0, "W").tile(-1, 0, "E").tile(0, 1, "S").tile(0, -1, "N");
  b.monster(0, 0, 0, kTurtleman);
  EXPECT_EQ(score(b.p)[0], 6);  // 3 horizontal + 3 vertical
}

TEST(DungeonRules, D6_3_ThreeTypesOnOnePassage) {  // resolution R2
  // Red Turtleman; Blue Were-Rat and Crane Wife on the same horizontal passage of 4 tiles.
  Board b;
  b.tile(0, 0, "ES").tile(1, 0, "EWS").tile(2, 0, "EWN").tile(3, 0, "WN");
  b.monster(0, 0, 0, kTurtleman).monster(1, 0, 1, kWereRat).monster(2, 0, 1, kCraneWife);
  // Turtleman beats Were-Rat: the Rat's horizontal line is lost; Crane Wife beats Turtleman:
  // the Turtleman's is lost; nothing of Red's beats the Crane Wife: it keeps its line.
  const auto s = score(b.p);
  EXPECT_EQ(s[0], 1);          // Turtleman: vertical line only (its own tile, open south)
  EXPECT_EQ(s[1], 1 + 4 + 1);  // Rat: vertical 1; Crane: horizontal 4 + vertical 1
}

TEST(DungeonRules, D6_2_OwnMonstersEachScore) {  // resolution R2
  Board b;
  b.tile(0, 0, "E").tile(1, 0, "EW").tile(2, 0, "W");
  b.monster(0, 0, 0, kTurtleman).monster(2, 0, 0, kCraneWife);
  EXPECT_EQ(score(b.p)[0], 6);
}

// ---- D4: tile placement --------------------------------------------------------------------

TEST(DungeonRules, D4_4_PassageMayNotMeetWall) {  // rulebook example
  // An L tile open north and east. A straight tile east of it must run east-west: turned
  // north-south it would put its wall against the L's passage.
  Board b;
  b.tile(0, 0, "NE");
  EXPECT_FALSE(can_place(b.p, 1, 0, "NS"));
  EXPECT_TRUE(can_place(b.p, 1, 0, "EW"));
  EXPECT_TRUE(can_place(b.p, 0, 1, "NS"));
  EXPECT_FALSE(can_place(b.p, 0, 1, "EW"));
  // A second neighbour adds its own constraint: at (1,1) a tile touches nothing open... it is
  // not next to any passage, so it is no place at all.
  EXPECT_FALSE(can_place(b.p, 1, 1, "NESW"));
}

TEST(DungeonRules, D4_4_MustJoinAPassage) {
  // West of the L there is only a wall: touching the dungeon is not enough (resolution R3).
  Board b;
  b.tile(0, 0, "NE");
  SpotList spots;
  open_spots(b.p, spots);
  std::set<std::pair<int, int>> cells;
  for (const Spot& s : spots) cells.insert({s.x, s.y});
  EXPECT_EQ(cells, (std::set<std::pair<int, int>>{{1, 0}, {0, 1}}));
}

TEST(DungeonRules, D4_4_EveryTouchingSideMustMatch) {
  // (1,1) touches the straight at (1,0) (open north) and the tile at (0,1) (wall to the east).
  Board b;
  b.tile(0, 0, "NE").tile(1, 0, "NW").tile(0, 1, "S");
  EXPECT_TRUE(can_place(b.p, 1, 1, "S"));
  EXPECT_TRUE(can_place(b.p, 1, 1, "NS"));
  EXPECT_FALSE(can_place(b.p, 1, 1, "SW"));  // would open onto (0,1)'s wall
}

TEST(DungeonRules, D4_2_FirstTileInCentreAnyRotation) {
  Position p;
  setup(p, {0}, 11);
  // The first player may place either tile; whatever it is, it goes to (0,0) and may be turned
  // to every distinct rotation of its shape.
  ASSERT_EQ(p.num_tiles, 0);
  for (int shape = 0; shape < kNumShapes; ++shape) {
    Position q = p;
    q.hand[q.to_move] = {static_cast<std::uint8_t>(shape), static_cast<std::uint8_t>(shape)};
    q.hand_size[q.to_move] = 2;
    q.step = Step::kChooseTile;
    apply(q, kActChooseTile + shape);
    const int orientations = content().shapes[shape].num_orientations;
    if (orientations == 1) {
      ASSERT_EQ(q.num_tiles, 1);
    } else {
      ASSERT_EQ(q.step, Step::kOrient);
      EXPECT_EQ(static_cast<int>(legal(q).size()), orientations);
      EXPECT_EQ(q.chosen_x, 0);
      EXPECT_EQ(q.chosen_y, 0);
    }
  }
}

TEST(DungeonRules, D4_6_SetAsideWhenNothingFits) {  // resolution R4
  // A cross closed on all four sides by dead ends: nothing can be placed any more.
  Board b;
  b.tile(0, 0, "NESW").tile(1, 0, "W").tile(-1, 0, "E").tile(0, 1, "S").tile(0, -1, "N");
  b.hand(0, {kCorner}).hand(1, {kTee});
  b.p.deck[0] = kCross;
  b.p.deck_size = 1;
  b.p.monster_hand = {kTurtleman, kNone};
  b.to_move(0);
  b.p.step = Step::kMonster;
  apply(b.p, kActPass);  // seat 0 ends its turn; seat 1 draws a cross and holds T + cross
  EXPECT_EQ(b.p.to_move, 1);
  ASSERT_EQ(b.p.step, Step::kSetAside);
  EXPECT_EQ(legal(b.p), (std::vector<int>{kActSetAside + kTee, kActSetAside + kCross}));
  apply(b.p, kActSetAside + kCross);
  // Seat 1 holds no monster, so its turn ends and seat 0 (one L, nothing to draw) must set it
  // aside too: a decision with a single option, still its own (E1, R9); then its Turtleman can
  // still be played (R6).
  EXPECT_EQ(b.p.to_move, 0);
  ASSERT_EQ(b.p.step, Step::kSetAside);
  EXPECT_EQ(legal(b.p), (std::vector<int>{kActSetAside + kCorner}));
  apply(b.p, kActSetAside + kCorner);
  ASSERT_EQ(b.p.num_set_aside, 2);
  EXPECT_EQ(b.p.set_aside[0], kCross);
  EXPECT_EQ(b.p.set_aside[1], kCorner);
  EXPECT_EQ(b.p.hand_size[0], 0);
  EXPECT_EQ(b.p.step, Step::kMonster);
}

TEST(DungeonRules, D4_6_UnplaceableTileStaysWhileAnotherFits) {
  // The only open passage leads north from a dead end at (0,0), into a cell walled on both
  // sides by closed pairs of dead ends: an L cannot go there, a dead end turned south can.
  Board b;
  b.tile(0, 0, "N").tile(1, 1, "N").tile(1, 2, "S").tile(-1, 1, "N").tile(-1, 2, "S");
  b.hand(0, {kCorner, kDeadEnd}).hand(1, {kDeadEnd});
  b.p.deck_size = 0;
  b.p.monster_hand = {kNone, kTurtleman};
  b.to_move(1);
  b.p.step = Step::kMonster;
  apply(b.p, kActPass);
  // Seat 0 must place the dead end: its only placeable tile, but still its decision (R9); then
  // one cell and one rotation are taken at once (E1). The L stays in its hand.
  ASSERT_EQ(b.p.step, Step::kChooseTile);
  EXPECT_EQ(legal(b.p), (std::vector<int>{kActChooseTile + kDeadEnd}));
  apply(b.p, kActChooseTile + kDeadEnd);
  const int t = b.p.tile_at(0, 1);
  ASSERT_GE(t, 0);
  EXPECT_EQ(b.p.tiles[t].shape, kDeadEnd);
  EXPECT_EQ(b.p.tiles[t].mask, mask_of("S"));
  EXPECT_EQ(b.p.hand_size[0], 1);
  EXPECT_EQ(b.p.hand[0][0], kCorner);
  // Now the dungeon is closed: seat 1's dead end fits nowhere and is set aside (its decision,
  // R9); its Turtleman may still be played (R6).
  EXPECT_EQ(b.p.to_move, 1);
  ASSERT_EQ(b.p.step, Step::kSetAside);
  apply(b.p, kActSetAside + kDeadEnd);
  EXPECT_EQ(b.p.num_set_aside, 1);
  EXPECT_EQ(b.p.step, Step::kMonster);
}

// ---- D5: monsters --------------------------------------------------------------------------

TEST(DungeonRules, D5_2_NeverOnStraight) {
  Board b;
  b.tile(0, 0, "EW").tile(1, 0, "NW");
  EXPECT_FALSE(can_play_monster_on(b.p, 0, kTurtleman, 0));
  EXPECT_TRUE(can_play_monster_on(b.p, 0, kTurtleman, 1));
}

TEST(DungeonRules, D5_3_OnTopOnlyOfDefeatedOpponent) {
  Board b;
  b.tile(0, 0, "NE").monster(0, 0, 1, kWereRat);
  EXPECT_TRUE(can_play_monster_on(b.p, 0, kTurtleman, 0));   // Turtleman defeats Were-Rat
  EXPECT_FALSE(can_play_monster_on(b.p, 0, kWereRat, 0));    // same type
  EXPECT_FALSE(can_play_monster_on(b.p, 0, kCraneWife, 0));  // Were-Rat defeats Crane Wife
  EXPECT_FALSE(can_play_monster_on(b.p, 1, kTurtleman, 0));  // never on one's own monster
}

TEST(DungeonRules, D5_4_DefeatCycle) {
  const auto& beats = content().beats;
  EXPECT_TRUE(beats[kTurtleman][kWereRat]);
  EXPECT_TRUE(beats[kWereRat][kCraneWife]);
  EXPECT_TRUE(beats[kCraneWife][kTurtleman]);
  for (int t = 0; t < kNumTypes; ++t) EXPECT_FALSE(beats[t][t]);
  EXPECT_FALSE(beats[kWereRat][kTurtleman]);
}

TEST(DungeonRules, D5_1_MonsterStepAllowsPass) {
  Board b;
  b.tile(0, 0, "NE");
  b.hand(0, {kCross, kTee});
  b.p.monster_hand = {kCraneWife, kNone};
  b.p.deck_size = 3;
  b.p.deck = {kCorner, kCorner, kCorner};
  b.to_move(0);
  b.p.step = Step::kChooseTile;
  apply(b.p, kActChooseTile + kCross);  // the cross fits at (1,0) or (0,1), one rotation
  ASSERT_EQ(b.p.step, Step::kChooseCell);
  apply(b.p, kActCell + cell_code(1, 0));
  ASSERT_EQ(b.p.step, Step::kMonster);
  EXPECT_EQ(legal(b.p), (std::vector<int>{kActPass, kActMonster + cell_code(0, 0),
                                          kActMonster + cell_code(1, 0)}));
  apply(b.p, kActMonster + cell_code(1, 0));
  EXPECT_EQ(b.p.to_move, 1);
  EXPECT_EQ(b.p.num_monsters, 1);
  EXPECT_EQ(b.p.monster_hand[0], kNone);
}

TEST(DungeonRules, R9_MonsterStepWheneverAMonsterIsHeld) {
  // Every tile that can host a monster holds seat 1's Turtleman, which a Were-Rat cannot cover:
  // seat 0's Were-Rat has nowhere to go, yet the monster step comes (only pass), because whether
  // it comes must not tell seat 1 the hidden type (a Crane Wife could cover them).
  Board b;
  b.tile(0, 0, "NE").tile(0, 1, "S").tile(1, 0, "W");
  b.monster(0, 0, 1, kTurtleman).monster(0, 1, 1, kTurtleman).monster(1, 0, 1, kTurtleman);
  b.p.monster_hand = {kWereRat, kNone};
  b.hand(0, {kStraight});
  b.p.deck_size = 0;
  b.to_move(0);
  b.p.step = Step::kSetAside;  // the dungeon is closed: the straight fits nowhere
  ASSERT_EQ(legal(b.p), (std::vector<int>{kActSetAside + kStraight}));
  apply(b.p, kActSetAside + kStraight);
  ASSERT_EQ(b.p.step, Step::kMonster);
  EXPECT_EQ(legal(b.p), (std::vector<int>{kActPass}));
  b.p.monster_hand[0] = kCraneWife;  // the other world: three targets
  EXPECT_EQ(legal(b.p).size(), 4u);
}

TEST(DungeonRules, R9_TileStepIsAlwaysTheMoversDecision) {
  // Two identical tiles in hand: one option, still offered as a decision, as with two shapes.
  Board b;
  b.tile(0, 0, "NE");
  b.hand(0, {kCross}).hand(1, {});
  b.p.deck_size = 1;
  b.p.deck[0] = kCross;
  b.p.monster_hand = {kNone, kTurtleman};
  b.to_move(1);
  b.p.step = Step::kMonster;
  apply(b.p, kActPass);  // seat 0's turn starts: it draws a cross and holds two
  EXPECT_EQ(b.p.to_move, 0);
  ASSERT_EQ(b.p.step, Step::kChooseTile);
  EXPECT_EQ(legal(b.p), (std::vector<int>{kActChooseTile + kCross}));
  Board c = b;  // the world where the hand is an L and a cross
  c.hand(0, {kCorner, kCross});
  EXPECT_EQ(legal(c.p), (std::vector<int>{kActChooseTile + kCorner, kActChooseTile + kCross}));
}

TEST(DungeonRules, R8_LastTileStillHasItsMonsterStep) {
  // The 28th tile is placed; the monster step of that turn still follows before the game ends.
  Board b;
  b.tile(0, 0, "NE");
  b.hand(0, {kCorner});
  b.rest_set_aside();
  ASSERT_EQ(b.p.num_tiles + b.p.num_set_aside + 1, kDeckSize);
  b.p.monster_hand = {kTurtleman, kNone};
  b.to_move(0);
  b.p.step = Step::kChooseTile;
  apply(b.p, kActChooseTile + kCorner);
  while (b.p.step == Step::kChooseCell || b.p.step == Step::kOrient) apply(b.p, legal(b.p)[0]);
  ASSERT_EQ(b.p.num_tiles + b.p.num_set_aside, kDeckSize);
  ASSERT_EQ(b.p.step, Step::kMonster);
  apply(b.p, legal(b.p).back());
  EXPECT_TRUE(b.p.over());
  EXPECT_EQ(b.p.num_monsters, 1);
}

// ---- D2, D3, D7: set-up, turns, end --------------------------------------------------------

TEST(DungeonRules, D2_2_FirstPlayerHasMorePassages) {  // rulebook example (cross beats L)
  int ties = 0;
  for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
    Position p;
    setup(p, {0}, seed);
    ASSERT_GE(p.num_first_draws, 1);
    const auto& last = p.first_draws[p.num_first_draws - 1];
    const int a = content().shapes[last[0]].passages, b = content().shapes[last[1]].passages;
    ASSERT_NE(a, b);
    EXPECT_EQ(p.first_player, a > b ? 0 : 1);
    for (int r = 0; r + 1 < p.num_first_draws; ++r) {  // earlier rounds were ties
      EXPECT_EQ(content().shapes[p.first_draws[r][0]].passages,
                content().shapes[p.first_draws[r][1]].passages);
      ++ties;
    }
    EXPECT_EQ(p.to_move, p.first_player);
  }
  EXPECT_GT(ties, 0);  // ties happen and are drawn again
}

TEST(DungeonRules, D2_3_D3_OpeningHands) {
  Position p;
  setup(p, {0}, 5);
  const int first = p.first_player, second = 1 - first;
  // Each drew a tile and a monster at set-up; the first player drew a tile to start its turn.
  EXPECT_EQ(p.hand_size[first], 2);
  EXPECT_EQ(p.hand_size[second], 1);
  EXPECT_NE(p.monster_hand[first], kNone);
  EXPECT_NE(p.monster_hand[second], kNone);
  EXPECT_EQ(p.monster_deck_size[first], 5);
  EXPECT_EQ(p.deck_size, kDeckSize - 3);
  EXPECT_EQ(p.turn, 1);
}

TEST(DungeonRules, D2_1_ShufflesDependOnSeed) {
  std::set<std::array<std::uint8_t, kMonstersPerDeck>> decks;
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    Position p;
    setup(p, {0}, seed);
    decks.insert(p.monster_deck[0]);
  }
  EXPECT_GT(decks.size(), 10u);
}

// Plays random legal actions to the end, checking the rules' invariants after every action.
void check_invariants(const Position& p) {
  // D1.1/D7.1: every tile is somewhere, exactly once.
  std::array<int, kNumShapes> seen{};
  for (int t = 0; t < p.num_tiles; ++t) ++seen[p.tiles[t].shape];
  for (int i = 0; i < p.num_set_aside; ++i) ++seen[p.set_aside[i]];
  for (int i = 0; i < p.deck_size; ++i) ++seen[p.deck[i]];
  for (int s = 0; s < kSeats; ++s)
    for (int i = 0; i < p.hand_size[s]; ++i) ++seen[p.hand[s][i]];
  for (int s = 0; s < kNumShapes; ++s) RC_ASSERT(seen[s] == static_cast<int>(p.mix[s]));
  // D4.4: every touching pair of tiles matches, and the dungeon is connected by passages.
  for (int t = 0; t < p.num_tiles; ++t) {
    const PlacedTile& a = p.tiles[t];
    for (int d = 0; d < 4; ++d) {
      const int n = p.tile_at(a.x + kDx[d], a.y + kDy[d]);
      if (n < 0) continue;
      RC_ASSERT(((a.mask >> d) & 1) == ((p.tiles[n].mask >> opposite(d)) & 1));
    }
  }
  if (p.num_tiles > 0) {
    std::vector<int> stack{0};
    std::vector<bool> reached(p.num_tiles, false);
    reached[0] = true;
    int count = 1;
    while (!stack.empty()) {
      const int t = stack.back();
      stack.pop_back();
      for (int d = 0; d < 4; ++d) {
        if (!(p.tiles[t].mask & bit(d))) continue;
        const int n = p.tile_at(p.tiles[t].x + kDx[d], p.tiles[t].y + kDy[d]);
        if (n >= 0 && !reached[n]) reached[n] = true, ++count, stack.push_back(n);
      }
    }
    RC_ASSERT(count == p.num_tiles);
  }
  // D5: monsters sit on non-straight tiles; each player plays at most 6; covered ones lose.
  std::array<int, kSeats> played{};
  for (int m = 0; m < p.num_monsters; ++m) {
    ++played[p.monsters[m].owner];
    RC_ASSERT(p.tiles[p.monsters[m].tile].shape != kStraight);
  }
  for (int s = 0; s < kSeats; ++s)
    RC_ASSERT(played[s] + p.monster_deck_size[s] + (p.monster_hand[s] != kNone) ==
              kMonstersPerDeck);
}

RC_GTEST_PROP(DungeonRules, D1_D4_D5_InvariantsHoldInRandomPlay, (std::uint64_t seed, int mix)) {
  Position p;
  setup(p, {static_cast<int>(static_cast<unsigned>(mix) % content().mixes.size())}, seed);
  Rng rng(seed ^ 0xABCDEF);
  std::vector<int> moves;
  int turns = p.turn;
  while (!p.over()) {
    check_invariants(p);
    legal_actions(p, moves);
    RC_ASSERT(!moves.empty());
    apply(p, moves[rng.below(static_cast<std::uint32_t>(moves.size()))]);
    RC_ASSERT(p.turn >= turns);
    turns = p.turn;
  }
  check_invariants(p);
  RC_ASSERT(p.turn == kDeckSize);  // D7.1: 28 turns, one tile each
  RC_ASSERT(p.num_tiles + p.num_set_aside == kDeckSize);
}

// D4.4, D5.2 (engine): the open spots kept up to date tile by tile (rules.h, BoardCache) are
// exactly those a scan of the whole board finds, with the same needs and forbids, at every step;
// a position whose cache was never filled (as one built by hand) reads the same; legal moves and
// placeability agree, and the monster moves (listed through the cached order of the tiles by
// cell code) are every tile that may take the monster, in ascending order.
std::vector<std::array<int, 4>> sorted_spots(const SpotList& l) {
  std::vector<std::array<int, 4>> v;
  for (const Spot& s : l) v.push_back({s.x, s.y, s.need, s.forbid});
  std::sort(v.begin(), v.end());
  return v;
}

RC_GTEST_PROP(DungeonRules, D4_4_OpenBoardCacheMatchesAFullScan, (std::uint64_t seed, int mix)) {
  Position p;
  setup(p, {static_cast<int>(static_cast<unsigned>(mix) % content().mixes.size())}, seed);
  Rng rng(seed ^ 0x5107);
  std::vector<int> moves, moves_fresh;
  SpotList cached, scanned, fresh;
  Position early;  // the first position with three tiles
  while (!p.over()) {
    open_spots(p, cached);
    open_spots_rescan(p, scanned);
    RC_ASSERT(sorted_spots(cached) == sorted_spots(scanned));
    Position q = p;
    q.cache = BoardCache{};  // as built by hand: no tile folded in
    open_spots(q, fresh);
    RC_ASSERT(sorted_spots(fresh) == sorted_spots(scanned));
    for (int shape = 0; shape < kNumShapes; ++shape) {
      bool any = false;
      for (const Spot& s : scanned)
        for (int k = 0; k < content().shapes[shape].num_orientations; ++k)
          any = any || fits(s, content().shapes[shape].orientations[k]);
      RC_ASSERT(placeable(p, shape) == any);
      RC_ASSERT(placeable(q, shape) == any);
    }
    legal_actions(p, moves);
    legal_actions(q, moves_fresh);
    RC_ASSERT(moves == moves_fresh);
    RC_ASSERT(std::adjacent_find(moves.begin(), moves.end(), std::greater_equal<int>()) ==
              moves.end());          // strictly ascending
    if (p.step == Step::kMonster) {  // D5.2, D5.3: every tile that may take the monster
      std::vector<int> want{kActPass};
      for (int t = 0; t < p.num_tiles; ++t)
        if (can_play_monster_on(p, p.to_move, p.monster_hand[p.to_move], t))
          want.push_back(kActMonster + cell_code(p.tiles[t].x, p.tiles[t].y));
      std::sort(want.begin(), want.end());
      RC_ASSERT(moves == want);
    }
    const int a = moves[rng.below(static_cast<std::uint32_t>(moves.size()))];
    sync_cache(q);
    apply(p, a);
    apply(q, a);
    RC_ASSERT(p == q);
    open_spots(q, fresh);
    open_spots(p, cached);
    RC_ASSERT(sorted_spots(fresh) == sorted_spots(cached));
    if (p.num_tiles == 3 && early.num_tiles == 0) early = p;
  }
  // A cache ahead of its position (tiles taken away) is not trusted.
  Position r = early;
  r.cache = p.cache;
  open_spots(r, cached);
  open_spots_rescan(r, scanned);
  RC_ASSERT(sorted_spots(cached) == sorted_spots(scanned));
  sync_cache(r);
  open_spots(r, cached);
  RC_ASSERT(sorted_spots(cached) == sorted_spots(scanned));
}

TEST(DungeonRules, D7_2_EqualScoresAreADraw) {
  Board b;
  b.tile(0, 0, "E").tile(1, 0, "W");
  b.monster(0, 0, 0, kTurtleman).monster(1, 0, 1, kTurtleman);
  EXPECT_EQ(score(b.p)[0], score(b.p)[1]);
}

}  // namespace
}  // namespace turf::dungeon
