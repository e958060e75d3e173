// Narration of the dungeon (issue 16): tiles placed by shape and rotation (D4.3, D4.4), monsters
// and what they defeat (D5.3), draws named to their owner only (D3), points and the end (D6, D7).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/match.h"
#include "core/narration.h"
#include "core/view.h"
#include "games/dungeon/game.h"

namespace turf::dungeon {
namespace {

Match random_match(std::uint64_t seed) {
  const GameInfo& g = Registry::instance().find("dungeon");
  Match m(g, g.resolve({}), seed, std::vector<SeatInfo>(2));
  Rng rng(seed);
  std::vector<Action> legal;
  while (!m.over()) {
    m.state().legal_actions(legal);
    m.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return m;
}

TEST(DungeonNarration, D4_TilePlacedNamesItsShapeCellAndRotation) {
  const Match m = random_match(21);
  const auto story = narrate_history(m, kSpectator);
  int placed = 0;
  for (std::size_t i = 0; i < story.size(); ++i) {
    const auto before = m.state_at(static_cast<int>(i));
    const auto after = m.state_at(static_cast<int>(i) + 1);
    const Position& pb = dynamic_cast<const DungeonState&>(*before).position();
    const Position& pa = dynamic_cast<const DungeonState&>(*after).position();
    const bool new_tile = pa.num_tiles > pb.num_tiles;
    int lines = 0;
    for (const auto& n : story[i]) {
      if (n.kind != "tile_placed") continue;
      ++lines;
      const PlacedTile& t = pa.tiles[pa.num_tiles - 1];
      EXPECT_EQ(n.data["shape"], content().shapes[t.shape].id);
      EXPECT_EQ(n.data["passages"], passages_text(t.mask));
      EXPECT_EQ(n.data["x"], t.x);
      EXPECT_EQ(n.data["y"], t.y);
      EXPECT_NE(n.text.find(shape_label(t.shape) + " tile at " + std::to_string(t.x) + "," +
                            std::to_string(t.y) + ", open " + passages_text(t.mask)),
                std::string::npos)
          << n.text;
      EXPECT_EQ(n.seats, std::vector<Seat>{m.history()[i].seat});
    }
    EXPECT_EQ(lines, new_tile ? 1 : 0) << "step " << i;
    placed += lines;
  }
  EXPECT_GT(placed, 20);
}

TEST(DungeonNarration, D5_MonsterLineNamesTypeOwnerAndTheMonsterItDefeats) {
  int covered = 0, played = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const Match m = random_match(seed);
    const auto story = narrate_history(m, 1);
    for (std::size_t i = 0; i < story.size(); ++i)
      for (const auto& n : story[i]) {
        if (n.kind != "monster_placed") continue;
        ++played;
        const auto after = m.state_at(static_cast<int>(i) + 1);
        const Position& pa = dynamic_cast<const DungeonState&>(*after).position();
        const PlayedMonster& pm = pa.monsters[pa.num_monsters - 1];
        EXPECT_EQ(n.data["monster"], content().monsters[pm.type].id);
        EXPECT_EQ(n.data["owner"], pm.owner);
        EXPECT_NE(n.text.find("{P" + std::to_string(pm.owner + 1) + "} plays"), std::string::npos);
        if (n.data.contains("covers")) {
          ++covered;
          const std::string beaten = n.data["covers"]["monster"];
          EXPECT_TRUE(content().beats[pm.type][static_cast<std::size_t>(
              std::find_if(content().monsters.begin(), content().monsters.end(),
                           [&](const MonsterDef& d) { return d.id == beaten; }) -
              content().monsters.begin())])
              << n.text;
          EXPECT_NE(n.text.find("defeating"), std::string::npos);
        }
      }
  }
  EXPECT_GT(played, 20);
  EXPECT_GT(covered, 0);
}

TEST(DungeonNarration, D3_DrawnTileIsNamedToItsOwnerOnly) {
  const Match m = random_match(4);
  int named = 0;
  for (Seat viewer : {Seat{0}, Seat{1}}) {
    const auto story = narrate_history(m, viewer);
    for (const auto& step : story)
      for (const auto& n : step) {
        if (n.kind != "tile_drawn") continue;
        ASSERT_EQ(n.seats.size(), 1u);
        if (n.seats[0] == viewer) {
          EXPECT_TRUE(n.data.contains("shapes")) << n.text;
          ++named;
        } else {
          EXPECT_FALSE(n.data.contains("shapes")) << n.text;
          EXPECT_EQ(n.text, "{P" + std::to_string(n.seats[0] + 1) + "} draws a tile.");
        }
      }
  }
  EXPECT_GT(named, 10);
}

TEST(DungeonNarration, D7_EndLineGivesTheWinnerAndBothScores) {
  const Match m = random_match(8);
  const auto story = narrate_history(m, kSpectator);
  const auto scores = m.state().scores();
  ASSERT_FALSE(story.back().empty());
  const Narration& end = story.back().back();
  EXPECT_EQ(end.kind, "game_over");
  EXPECT_EQ(end.data["scores"][0], scores[0]);
  EXPECT_EQ(end.data["scores"][1], scores[1]);
  if (scores[0] != scores[1]) {
    EXPECT_NE(end.text.find(scores[0] > scores[1] ? "{P1} wins" : "{P2} wins"), std::string::npos);
  }
}

// The card texts: every tile shape and monster, with the ids the views use.
TEST(DungeonCards, D1_EveryTileShapeAndMonsterHasItsText) {
  const auto all = cards();
  ASSERT_EQ(all.size(), static_cast<std::size_t>(int{kNumShapes} + int{kNumTypes}));
  for (int s = 0; s < kNumShapes; ++s) {
    EXPECT_EQ(all[s]["id"], content().shapes[s].id);
    EXPECT_EQ(all[s]["kind"], "tile");
    EXPECT_FALSE(all[s]["text"].get<std::string>().empty());
    EXPECT_EQ(all[s]["count"]["standard"], content().mixes.front().counts[s]);
  }
  for (int t = 0; t < kNumTypes; ++t) {
    const auto& m = all[kNumShapes + t];
    EXPECT_EQ(m["id"], content().monsters[t].id);
    EXPECT_EQ(m["kind"], "monster");
    EXPECT_EQ(m["defeats"], content().monsters[content().monsters[t].defeats].id);
    EXPECT_FALSE(m["tag"].get<std::string>().empty());
  }
}

// Without colour the board still says whose monster is where (issue 16): "1T" / "2R".
TEST(DungeonNarration, D5_MonstersCarryTheirOwnersNumberWithoutColour) {
  const Match m = random_match(6);
  const auto& p = dynamic_cast<const DungeonState&>(m.state()).position();
  DrawStyle plain;
  plain.colour = false;
  const std::string board = draw(m.state().view(kSpectator), plain);
  int tops = 0;
  for (int t = 0; t < p.num_tiles; ++t) {
    if (p.tiles[t].top == kNone) continue;
    ++tops;
    const PlayedMonster& pm = p.monsters[p.tiles[t].top];
    EXPECT_NE(board.find(std::to_string(pm.owner + 1) + content().monsters[pm.type].letter),
              std::string::npos)
        << board;
  }
  EXPECT_GT(tops, 0);
  EXPECT_EQ(board.find("Seat 0"), std::string::npos);
}

}  // namespace
}  // namespace turf::dungeon
