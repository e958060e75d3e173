// What yard reports to the balance lab: per-seat attributes (turn order, Store cards bought and
// played, Neighbors swayed) and per-game counters (docs/rules/yard.md, "Balance").
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "games/yard/rules.h"
#include "random_game.h"
#include "yard/board.h"

namespace turf::yard {
namespace {

using testing::Board;
using testing::Table;
using testing::yard_game;

TEST(YardLab, AttributesNameTheCardsBoughtAndPlayedByWhoDidIt) {
  Board b(2);
  b.row({"gloria", "walter", "amelia"});
  b.hand(0, {"rake", "toolbox", "watering_can"}).hand(1, {"mosquito"});
  b.store({"pinwheel", "tulips", "sunflower", "gazebo", "clover"}).deck({"beanstalk"});
  Table t(b, 0);
  t.act("away");
  t.act("work");
  t.act("buy Pinwheel ($1)");
  t.act("home");  // the rival plays a Mosquito into the Away seat 0's Yard
  t.act("play Mosquito");
  t.act("onto P1 a1");
  const auto a0 = yard_game().seat_attributes(t.state(), 0);
  const auto a1 = yard_game().seat_attributes(t.state(), 1);
  EXPECT_EQ(a0.at("order"), "first");
  EXPECT_EQ(a1.at("order"), "second");
  EXPECT_EQ(a0.at("bought:pinwheel"), "yes");
  EXPECT_EQ(a1.at("bought:pinwheel"), "no");
  EXPECT_EQ(a0.at("played:pinwheel"), "no");   // bought, still in the Garage
  EXPECT_EQ(a1.at("played:mosquito"), "yes");  // the player who played it, not the Yard's owner
  EXPECT_EQ(a0.at("played:mosquito"), "no");
  EXPECT_EQ(a0.count("played:rake"), 0u);     // starting Tools are not Store cards
  EXPECT_EQ(a0.count("bought:rake"), 0u);     // (the Rake is never in the Store deck)
  EXPECT_EQ(a0.count("bought:tornado"), 0u);  // Events are never bought
  EXPECT_EQ(a0.count("swayed:amelia"), 0u);
}

TEST(YardLab, CountersAndAttributesAgreeWithTheFinalPosition) {
  const GameInfo& g = yard_game();
  for (int players = 2; players <= 4; ++players)
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      auto s =
          turf::testing::random_game(g, g.resolve({{"players", std::to_string(players)}}), seed);
      const Position& p = dynamic_cast<const YardState&>(*s).position();
      const auto c = g.counters(*s);
      EXPECT_EQ(c.at("end_last_neighbor") + c.at("end_round_limit") + c.at("end_action_cap") +
                    c.at("end_stalemate"),
                1.0);
      int sways = 0, top = -1000, second = -1000;
      std::set<std::string> orders;
      for (int seat = 0; seat < players; ++seat) {
        const auto a = g.seat_attributes(*s, seat);
        orders.insert(a.at("order"));
        int swayed = 0;
        for (const auto& [key, value] : a)
          if (key.rfind("swayed:", 0) == 0) {
            EXPECT_EQ(value, "yes");
            ++swayed;
          }
        EXPECT_EQ(swayed, neighbors_swayed(p.players[seat]));
        sways += swayed;
        const int pts = score(p, seat);
        second = std::max(second, std::min(top, pts));
        top = std::max(top, pts);
      }
      EXPECT_EQ(orders.size(), static_cast<std::size_t>(players));  // a place each
      EXPECT_EQ(c.at("neighbors_swayed"), sways);
      if (c.at("end_last_neighbor") == 1.0) {
        EXPECT_EQ(sways, 5 + (players - 2));  // Y7.1
      }
      EXPECT_EQ(c.at("winner_points"), top);
      EXPECT_EQ(c.at("winning_margin"), top - second);
      EXPECT_GE(c.at("rounds"), 1.0);
      EXPECT_LE(c.at("rounds"), kMaxRounds);  // E5: at most 200 rounds are played
    }
}

}  // namespace
}  // namespace turf::yard
