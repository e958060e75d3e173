// Scenario tests for the yard rules; each test names the clauses of docs/rules/yard.md it checks.
// Tests marked "how-to example" replay the worked examples of the how-to rulebook
// (shared/rulebooks/turf-war-yard-gadabout-howto.md) step by step.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "games/yard/rules.h"
#include "yard/board.h"

namespace turf::yard {
namespace {

using testing::Board;
using testing::kind;
using testing::neighbor;
using testing::pile;
using testing::Table;

// A row of Neighbors nobody in these tests can sway by accident.
Board quiet(int players = 2, int edition = 2) {
  Board b(players, edition);
  b.row({"gloria", "walter", "maximilian"});
  return b;
}

// ---- Y2: set-up --------------------------------------------------------------------------------

TEST(YardRules, Y2_SetUpForEachPlayerCount) {
  for (int players = 2; players <= 4; ++players)
    for (int edition = 1; edition <= 2; ++edition) {
      Position p;
      // A set-up that meets no Event (those are R6_EventsMetWhileLayingOutTheFirstStoreAreDone).
      for (std::uint64_t seed = 7; seed == 7 || p.events_done; ++seed)
        setup(p, {players, edition}, seed);
      EXPECT_EQ(p.store_size, kStoreSlots);
      EXPECT_EQ(p.row_size, kRowSlots);
      EXPECT_EQ(p.set_aside_size, players - 2);  // Y2.5
      int store_events = 0;
      for (int k = 0; k < static_cast<int>(content().cards.size()); ++k)
        if (p.store[k] && content().cards[k].is(kEvent)) ++store_events;
      EXPECT_EQ(store_events, 0);  // R6
      for (int s = 0; s < players; ++s) {
        const Player& pl = p.players[s];
        EXPECT_EQ(pl.money, 0);
        EXPECT_FALSE(pl.away);
        EXPECT_EQ(pl.grass, 0);  // nine Dirt
        EXPECT_EQ(pl.yard_size, 0);
        EXPECT_EQ(pl.hand_size, 3);
        EXPECT_EQ(pl.hand[kind("rake")], 1);
        EXPECT_EQ(pl.hand[kind("toolbox")], 1);
        EXPECT_EQ(pl.hand[kind("watering_can")], 1);
        EXPECT_EQ(pl.garage_size, 0);
      }
      EXPECT_EQ(p.deck_size + p.store_size, content().deck_size[edition - 1]);
      EXPECT_EQ(p.phase, Phase::kSide);  // no Start actions on a bare Yard
      EXPECT_EQ(p.turn_player, p.first_player);
    }
}

TEST(YardRules, Y8_4_EditionDecks) {
  int only_first = 0;
  for (const auto& d : content().cards) {
    EXPECT_LE(d.count[1], 2 * d.count[0]) << d.id;  // two 1st-edition copies make a 2nd edition
    only_first += d.count[0] > 0 && d.count[1] == 0;
  }
  EXPECT_GE(only_first, 1);  // the 2nd edition removes some cards
  EXPECT_GE(content().deck_size[0], 60);
  EXPECT_GE(content().deck_size[1], 60);
  EXPECT_GE(content().neighbors.size(), 12u);
}

// ---- Y3: the turn ------------------------------------------------------------------------------

TEST(YardRules, Y3_1_StartActionsInAnyOrder_BambooThenGarden) {  // how-to example
  Board b = quiet();
  b.grass(0, {"a1", "b1"}).yard(0, "a1", {"garden"}).yard(0, "b1", {"bamboo"}).trash({"tulips"});
  Table t(b, 0);
  EXPECT_TRUE(t.can("start Bamboo on b1"));
  EXPECT_TRUE(t.can("start Garden on a1"));
  t.act("start Bamboo on b1");  // takes the Tulips (the only card in the Trash) into the hand
  // Garden's Start action follows by itself (the only one left) and plays the Tulips onto it.
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"garden", "tulips"}));
  EXPECT_EQ(t.hand(0, "tulips"), 0);
  EXPECT_EQ(t.p().phase, Phase::kSide);
  // Next turn, both Start actions are due again.
  t.act("home");  // nothing to do at Home: the turn ends
  t.act("home");  // the rival's turn
  EXPECT_TRUE(t.can("start Bamboo on b1"));
  EXPECT_TRUE(t.can("start Garden on a1"));
}

TEST(YardRules, Y3_1_StartOrderMatters_GardenFirstFindsNothing) {
  Board b = quiet();
  b.grass(0, {"a1", "b1"}).yard(0, "a1", {"garden"}).yard(0, "b1", {"bamboo"}).trash({"tulips"});
  Table t(b, 0);
  t.act("start Garden on a1");        // the hand is empty: nothing to play
  EXPECT_EQ(t.hand(0, "tulips"), 1);  // then Bamboo took the Tulips, too late for the Garden
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"garden"}));
}

TEST(YardRules, Y3_1_StartActionsOfCoveredCards) {
  Board b = quiet();
  b.grass(0, {"a1"}).yard(0, "a1", {"garden", "tulips"}).hand(0, {"sunflower"});
  Table t(b, 0);  // the covered Garden still plays the Sunflower onto its Pile
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"garden", "tulips", "sunflower"}));
}

TEST(YardRules, R23_GardenMayDeclineWhenOnlyPestsFit) {
  // The Garden's Start action must play a card onto its Pile when one fits (R4), but when every
  // card of the hand that fits is a Pest the player may decline: `stop` (R23).
  Board b = quiet();
  b.grass(0, {"a1"}).yard(0, "a1", {"garden"}).hand(0, {"skunk", "pigeon"});
  Table t(b, 0);
  ASSERT_TRUE(t.can("stop"));
  EXPECT_TRUE(t.can("play Skunk"));
  EXPECT_TRUE(t.can("play Pigeon"));
  t.act("stop");
  EXPECT_EQ(t.hand(0, "skunk"), 1);
  EXPECT_EQ(t.hand(0, "pigeon"), 1);
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"garden"}));
  EXPECT_EQ(t.p().phase, Phase::kSide);
  // With a card that is not a Pest in hand, the play is due: no `stop`, a Pest still allowed.
  Board c = quiet();
  c.grass(0, {"a1"}).yard(0, "a1", {"garden"}).hand(0, {"skunk", "tulips"});
  Table u(c, 0);
  EXPECT_FALSE(u.can("stop"));
  EXPECT_TRUE(u.can("play Skunk"));
  u.act("play Tulips");
  EXPECT_EQ(u.pile_cards(0, "a1"), (std::vector<std::string>{"garden", "tulips"}));
}

TEST(YardRules, R2_CardsArrivingDuringTheStartStepWait) {
  Board b = quiet();
  b.grass(0, {"a1"}).yard(0, "a1", {"garden"}).hand(0, {"bamboo"}).trash({"pinwheel"});
  Table t(b, 0);  // the Garden plays the Bamboo; the Bamboo's Start action waits a turn
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"garden", "bamboo"}));
  EXPECT_EQ(t.trash("pinwheel"), 1);
  EXPECT_EQ(t.p().phase, Phase::kSide);
}

TEST(YardRules, Y3_2_AwayToHomePicksUpTheGarage_HomeToHomeDoesNot) {
  Board b = quiet();
  b.away(0).garage(0, {"pinwheel", "tulips"});
  Table t(b, 0);
  t.act("home");
  EXPECT_EQ(t.hand(0, "pinwheel"), 1);
  EXPECT_EQ(t.hand(0, "tulips"), 1);
  EXPECT_EQ(t.pl(0).garage_size, 0);

  Board c = quiet();
  c.garage(0, {"pinwheel"});  // Home last turn
  Table u(c, 0);
  u.act("home");
  EXPECT_EQ(u.pl(0).garage_size, 1);
  EXPECT_EQ(u.pl(0).hand_size, 0);
}

TEST(YardRules, Y3_3_EachSideActionAtMostOnce) {
  Board b = quiet();
  b.store({"pinwheel", "tulips"}).deck({"sunflower", "sunflower"}).money(0, 10);
  Table t(b, 0);
  t.act("away");
  t.act("buy Pinwheel ($1)");
  EXPECT_FALSE(t.can("buy Tulips ($2)"));
  EXPECT_TRUE(t.can("work"));
  EXPECT_TRUE(t.can("done"));
}

TEST(YardRules, Y3_4_EndActions_MuttThenFountain) {  // how-to example
  Board b = quiet();
  b.grass(0, {"a1", "a2"}).yard(0, "a1", {"fountain"}).yard(0, "a2", {"rummaging_mutt"});
  b.trash({"tulips"});
  Table t(b, 0);
  t.act("home");  // nothing to do at Home: on to the End actions
  EXPECT_TRUE(t.can("end Rummaging Mutt on a2"));
  EXPECT_TRUE(t.can("end Fountain on a1"));
  t.act("end Rummaging Mutt on a2");  // Tulips from the Trash into the Garage
  EXPECT_EQ(t.garage(0, "tulips"), 1);
  EXPECT_EQ(t.p().trash_size, 0);
  t.act("grass c3");  // the Fountain's End action
  EXPECT_TRUE(t.pl(0).grass >> pile("c3") & 1);
  EXPECT_EQ(t.p().turn_player, 1);
}

// ---- Y4: working, buying, restocking, Events ---------------------------------------------------

TEST(YardRules, Y4_1_Y4_2_AwayWorkThenBuyAPinwheel) {  // how-to example
  Board b = quiet();
  b.store({"pinwheel", "tulips", "sunflower", "rose_bush", "gazebo"}).deck({"beanstalk", "clover"});
  Table t(b, 0);
  t.act("away");
  t.act("work");
  EXPECT_EQ(t.pl(0).money, 5);
  t.act("buy Pinwheel ($1)");
  EXPECT_EQ(t.pl(0).money, 4);
  EXPECT_EQ(t.garage(0, "pinwheel"), 1);
  EXPECT_EQ(t.p().store_size, 5);  // restocked with the top card
  EXPECT_EQ(t.store("beanstalk"), 1);
  EXPECT_EQ(t.p().deck_size, 1);
  EXPECT_EQ(t.p().turn_player, 1);  // both Away actions used: the turn ended
}

TEST(YardRules, Y4_2_CannotBuyWithoutTheMoney) {
  Board b = quiet();
  b.store({"mighty_oak", "pinwheel"}).money(0, 7);
  Table t(b, 0);
  t.act("away");
  EXPECT_FALSE(t.can("buy Mighty Oak ($8)"));
  EXPECT_TRUE(t.can("buy Pinwheel ($1)"));
}

TEST(YardRules, Y4_5_EventDoneWhileRestocking_ThenToTheBottom) {
  for (int edition = 1; edition <= 2; ++edition) {
    Board b = quiet(2, edition);
    b.store({"pinwheel"}).deck({"yard_sale", "sunflower", "tulips"}).money(0, 1).money(1, 2);
    Table t(b, 0);
    t.act("away");
    t.act("buy Pinwheel ($1)");
    EXPECT_EQ(t.pl(0).money, 3);  // Yard Sale: each player gains $3
    EXPECT_EQ(t.pl(1).money, 5);
    EXPECT_EQ(t.store("sunflower"), 1);  // then restocking went on
    EXPECT_EQ(t.store("tulips"), 1);
    EXPECT_EQ(t.p().store_size, 2);
    EXPECT_EQ(t.p().events_done, 1);
    if (edition == 2) {  // Y8.3: to the bottom of the Store deck, in view of everyone
      EXPECT_EQ(t.p().deck_size, 1);
      EXPECT_EQ(t.p().deck_known, 1);
      EXPECT_EQ(t.p().deck[0], kind("yard_sale"));
    } else {  // R7: edition 1 takes it out of the game
      EXPECT_EQ(t.p().deck_size, 0);
      EXPECT_EQ(t.p().gone[kind("yard_sale")], 1);
    }
  }
}

TEST(YardRules, Y4_4_SeveralCardsTrashedBeforeRestocking) {
  Board b = quiet();
  b.store({"pinwheel", "pinwheel", "tulips", "sunflower", "rose_bush"}).money(0, 1);
  b.deck({"garbage_day", "beanstalk", "clover", "gazebo", "fountain", "mighty_oak", "garden"});
  Table t(b, 0);
  t.act("away");
  t.act("buy Pinwheel ($1)");  // reveals Garbage Day: the four left go to the Trash together
  EXPECT_EQ(t.p().trash_size, 4);
  EXPECT_EQ(t.trash("pinwheel"), 1);
  EXPECT_EQ(t.p().store_size, 5);  // then one restock fills the Store from the deck
  for (const char* id : {"beanstalk", "clover", "gazebo", "fountain", "mighty_oak"})
    EXPECT_EQ(t.store(id), 1) << id;
  EXPECT_EQ(t.p().deck_size, 2);  // the Garden, and the Garbage Day at the bottom
}

TEST(YardRules, R5_RestockStopsWhenOnlyDoneEventsRemain) {
  Board b = quiet();
  b.store({"pinwheel"}).deck({"yard_sale"}).money(0, 1);
  Table t(b, 0);
  t.act("away");
  t.act("buy Pinwheel ($1)");  // Yard Sale once, then the deck holds only it: the Store stays empty
  EXPECT_EQ(t.p().events_done, 1);
  EXPECT_EQ(t.p().store_size, 0);
  EXPECT_EQ(t.p().deck_size, 1);
  EXPECT_EQ(t.p().deck_known, 1);
}

TEST(YardRules, Y4_5_TornadoMovesTopCardsWithoutPlaying) {
  Board b = quiet();
  b.grass(0, {"a1"}).yard(0, "a1", {"sunflower", "mosquito"}).yard(0, "a2", {"pinwheel"});
  b.grass(1, {"b2"}).yard(1, "b2", {"tulips", "rose_bush"}).yard(1, "c1", {"pigeon"});
  b.money(0, 1).money(1, 9);
  b.store({"pinwheel"}).deck({"tornado", "clover"});
  Table t(b, 0);
  t.act("away");
  t.act("buy Pinwheel ($1)");
  // Seat 0 first (its turn): the top card of a1 (the Mosquito), onto any rival Pile.
  EXPECT_EQ(t.to_move(), 0);
  t.act("move Mosquito from a1");
  EXPECT_TRUE(t.can("onto P2 c3"));  // Dirt: no Place needed, it is not played
  t.act("onto P2 b2");               // on top of the Rose Bush, although b2 has no free Place
  EXPECT_EQ(t.pl(1).money, 9);       // no Play action: the Mosquito costs nothing now
  EXPECT_EQ(t.to_move(), 1);
  t.act("move Mosquito from b2");
  t.act("onto P1 a1");
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"sunflower", "mosquito"}));
  EXPECT_EQ(t.pile_cards(1, "b2"), (std::vector<std::string>{"tulips", "rose_bush"}));
  EXPECT_EQ(t.store("clover"), 1);
}

// ---- Y5: playing cards -------------------------------------------------------------------------

TEST(YardRules, Y5_1_ToolboxThenWateringCanThenRake) {  // how-to example (Tools)
  Board b = quiet();
  b.hand(0, {"watering_can", "toolbox", "rake"});
  b.store({"gazebo", "pinwheel", "tulips", "sunflower", "clover"}).deck({"beanstalk"});
  Table t(b, 0);
  t.act("home");
  t.act("play Toolbox");  // edition 2: straight into the Garage, then up to 2 more plays
  EXPECT_EQ(t.garage(0, "toolbox"), 1);
  EXPECT_TRUE(t.can("stop"));
  t.act("play Watering Can");
  t.act("grass b2");
  EXPECT_EQ(t.garage(0, "watering_can"), 1);
  EXPECT_TRUE(t.pl(0).grass >> pile("b2") & 1);
  t.act("play Rake");
  t.act("trash Gazebo from the Store");
  EXPECT_EQ(t.trash("gazebo"), 1);
  EXPECT_EQ(t.store("beanstalk"), 1);  // restocked
  EXPECT_EQ(t.garage(0, "rake"), 1);
  EXPECT_EQ(t.pl(0).hand_size, 0);
}

TEST(YardRules, Y5_1_Y5_2_ToolboxWateringCanPinwheel_ThenSwayAmelia) {  // how-to example
  Board b;
  b.row({"amelia", "gloria", "maximilian"});
  b.grass(0, {"a1", "a2"}).yard(0, "a1", {"pinwheel"}).yard(0, "a2", {"pinwheel"});
  b.away(0).garage(0, {"pinwheel"}).hand(0, {"rake", "toolbox", "watering_can"});
  Table t(b, 0);
  t.act("home");  // from Away: the Pinwheel bought last turn comes into the hand
  EXPECT_EQ(t.hand(0, "pinwheel"), 1);
  EXPECT_FALSE(t.can("play Pinwheel"));  // no free Place yet
  EXPECT_FALSE(t.can("sway Amelia"));    // two Ornaments
  t.act("play Toolbox");
  t.act("play Watering Can");
  t.act("grass c3");
  t.act("play Pinwheel");  // c3 is the only free Place: it goes there
  EXPECT_EQ(t.pile_cards(0, "c3"), (std::vector<std::string>{"pinwheel"}));
  t.act("sway Amelia");  // the third Ornament
  EXPECT_TRUE(t.swayed(0, "amelia"));
  EXPECT_EQ(t.p().row_size, 2);  // two players: the row is not refilled (Y6.5)
  EXPECT_EQ(score(t.p(), 0), 3 + 5);
}

TEST(YardRules, Y5_2_FirstGamePinwheelOntoNewGrass) {  // how-to example
  Board b = quiet();
  b.hand(0, {"rake", "toolbox", "watering_can"}).hand(1, {"rake", "toolbox", "watering_can"});
  b.store({"pinwheel", "tulips", "sunflower", "gazebo", "clover"}).deck({"beanstalk"});
  Table t(b, 0);
  t.act("away");
  t.act("work");
  t.act("buy Pinwheel ($1)");
  t.act("away");  // the rival works and passes
  t.act("work");
  t.act("done");
  t.act("home");  // the Pinwheel joins the starting Tools in hand
  EXPECT_EQ(t.pl(0).hand_size, 4);
  t.act("play Toolbox");
  t.act("play Watering Can");
  t.act("grass a1");
  t.act("play Pinwheel");
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"pinwheel"}));
  EXPECT_EQ(yard_vp(t.p(), 0), 1);
}

TEST(YardRules, Y5_2_BeanstalkThenFountainThenTulips) {  // how-to example
  Board b = quiet();
  b.hand(0, {"toolbox", "watering_can", "beanstalk", "fountain", "tulips"});
  Table t(b, 0);
  t.act("home");
  t.act("play Toolbox");
  t.act("play Watering Can");
  t.act("grass a1");
  t.act("play Beanstalk");  // onto the new Grass (the only free Place)
  EXPECT_EQ(pile_places(t.pl(0), pile("a1")), 3);
  EXPECT_EQ(t.p().turn_player, 1);  // out of plays: the turn passed
  t.act("home");                    // the rival
  t.act("home");                    // staying Home: the Garage stays put
  EXPECT_EQ(t.pl(0).garage_size, 2);
  t.act("play Fountain");
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"beanstalk", "fountain"}));
  t.act("grass b2");  // the Fountain's End action, the same turn
  t.act("home");      // the rival
  t.act("home");
  t.act("play Tulips");
  t.act("onto a1");
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"beanstalk", "fountain", "tulips"}));
  EXPECT_EQ(pile_places(t.pl(0), pile("a1")), 4);  // one more Place for a future turn
  EXPECT_TRUE(pile_open(t.pl(0), pile("a1")));
}

// Y5.2: no free Place, no play. Y5.3 (issue 29): a Pest needs no free Place. Rulebook, 2nd
// edition: "Ignore [Places] when playing PESTS or TOOLS"; "on top of Dirt or any other card". a1
// is Grass whose one Place the Sunflower takes: the Pinwheel cannot go there (nor anywhere), the
// Skunk can, on top of the Sunflower.
TEST(YardRules, Y5_2_NoFreePlaceNoPlay) {
  Board b = quiet();
  b.grass(0, {"a1"}).yard(0, "a1", {"sunflower"}).hand(0, {"pinwheel", "skunk"});
  Table t(b, 0);
  t.act("home");
  EXPECT_FALSE(t.can("play Pinwheel"));
  EXPECT_TRUE(t.can("play Skunk"));  // Pests ignore Places (Y5.3)
}

TEST(YardRules, Y5_3_APestGoesOnTopOfAFullPile) {
  Board b = quiet();
  b.grass(0, {"a1"}).yard(0, "a1", {"sunflower"}).hand(0, {"skunk"});
  Table t(b, 0);
  t.act("home");
  t.act("play Skunk");
  EXPECT_TRUE(t.can("onto a1"));  // full
  EXPECT_TRUE(t.can("onto b2"));  // Dirt: no Place at all
  t.act("onto a1");
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"sunflower", "skunk"}));
}

TEST(YardRules, Y5_3_SkunkOnARivalsDirt) {  // how-to example
  Board b;
  b.row({"amelia", "gloria", "walter"});
  b.hand(0, {"skunk"});
  b.away(1).grass(1, {"a1", "a2", "a3"});
  b.yard(1, "a1", {"pinwheel"}).yard(1, "a2", {"pinwheel"}).yard(1, "a3", {"pinwheel"});
  b.hand(1, {"bug_spray"});
  Table t(b, 0);
  t.act("home");
  t.act("play Skunk");
  EXPECT_TRUE(t.can("onto P2 b2"));  // Dirt
  EXPECT_TRUE(t.can("onto a1"));     // or one's own Yard
  t.act("onto P2 b2");
  EXPECT_EQ(score(t.p(), 1), 3 - 5);
  // The rival meets Amelia's Criteria but cannot sway while the Skunk is there.
  t.act("home");
  EXPECT_FALSE(t.can("sway Amelia"));
  t.act("play Bug Spray");  // removing the Skunk ends its effects at once
  EXPECT_EQ(t.trash("skunk"), 1);
  EXPECT_EQ(score(t.p(), 1), 3);
  t.act("sway Amelia");
  EXPECT_TRUE(t.swayed(1, "amelia"));
}

TEST(YardRules, Y5_3_MosquitoOnARivalsGrass) {  // how-to example
  Board b = quiet();
  b.hand(0, {"mosquito"});
  b.away(1).grass(1, {"a1"}).money(1, 12).hand(1, {"sunflower", "pigeon"});
  Table t(b, 0);
  t.act("home");
  t.act("play Mosquito");
  t.act("onto P2 a1");
  EXPECT_EQ(t.pl(1).money, 7);  // its Play action, done by the rival at once
  // The rival's turn: the Mosquito takes the Grass's only Place, so the Sunflower has nowhere to
  // go.
  t.act("home");  // from Away to Home (nothing in the Garage)
  EXPECT_FALSE(t.can("play Sunflower"));
  EXPECT_TRUE(t.can("play Pigeon"));
  t.act("done");
  EXPECT_EQ(t.pl(1).money, 2);  // the Mosquito's End action took another $5
  t.act("home");                // seat 0
  t.act("away");                // seat 1 again
  t.act("done");
  EXPECT_EQ(t.pl(1).money, 0);  // never below $0 (R13)
}

TEST(YardRules, Y5_5_RivalsYardOnlyWhenAway) {
  Board b = quiet();
  b.hand(0, {"skunk"}).grass(1, {"a1"});
  Table t(b, 0);
  t.act("home");
  t.act("play Skunk");
  for (const auto& l : t.labels()) EXPECT_EQ(l.find("P2 "), std::string::npos) << l;
}

TEST(YardRules, Y5_4_PlacesAreCheckedOnlyWhenPlaying_Mole) {
  Board b = quiet();
  b.hand(0, {"mole"});
  b.away(1).grass(1, {"a1"}).yard(1, "a1", {"tulips"});
  Table t(b, 0);
  t.act("home");
  t.act("play Mole");
  t.act("onto P2 a1");
  EXPECT_FALSE(t.pl(1).grass & 1);  // the Grass turned back to Dirt
  EXPECT_EQ(t.pile_cards(1, "a1"), (std::vector<std::string>{"tulips", "mole"}));  // cards stay
  EXPECT_EQ(pile_places(t.pl(1), pile("a1")), 1);
}

TEST(YardRules, Y10_TermitesTrashTheRestOfThePile) {
  Board b = quiet();
  b.hand(0, {"termites"});
  b.away(1).grass(1, {"a1"}).yard(1, "a1", {"beanstalk", "rose_bush", "sunflower"});
  Table t(b, 0);
  t.act("home");
  t.act("play Termites");
  t.act("onto P2 a1");
  EXPECT_EQ(t.pile_cards(1, "a1"), (std::vector<std::string>{"termites"}));
  EXPECT_EQ(t.p().trash_size, 3);
}

TEST(YardRules, Y10_RaccoonMakesTheRivalTrashFromHand) {
  Board b = quiet();
  b.hand(0, {"raccoon"}).away(1).hand(1, {"gazebo", "pinwheel"});
  Table t(b, 0);
  t.act("home");
  t.act("play Raccoon");
  t.act("onto P2 b2");
  EXPECT_EQ(t.to_move(), 1);  // the Yard's owner does the Play action, on seat 0's turn
  t.act("trash Pinwheel from hand");
  EXPECT_EQ(t.trash("pinwheel"), 1);
  EXPECT_EQ(t.pl(1).hand_size, 1);
}

TEST(YardRules, Y10_MasonJarMustPlayACard) {
  Board b = quiet();
  b.grass(0, {"a1", "a2"}).hand(0, {"mason_jar", "pinwheel"});
  Table t(b, 0);
  t.act("home");
  t.act("play Mason Jar");
  t.act("onto a1");  // its Play: the Pinwheel must follow (no "stop" to choose)
  EXPECT_EQ(t.pile_cards(0, "a2"), (std::vector<std::string>{"pinwheel"}));  // the only free Place
}

TEST(YardRules, Y10_PorchLightGathersPestsAndKeepsGoing) {
  Board b = quiet();
  b.grass(0, {"a1"}).hand(0, {"porch_light"}).money(0, 20);
  b.store({"mosquito", "skunk", "gazebo", "pinwheel", "tulips"}).trash({"pigeon", "termites"});
  b.deck({"sunflower", "clover", "rose_bush"});
  Table t(b, 0);
  t.act("home");
  t.act("play Porch Light");
  // Every Pest of the Store and the Trash is gathered; the Store is restocked at once.
  EXPECT_EQ(t.p().limbo_size, 4);
  EXPECT_EQ(t.p().store_size, 5);
  EXPECT_EQ(t.store("sunflower"), 1);
  t.act("play Pigeon");
  t.act("play Mosquito");
  EXPECT_EQ(t.pl(0).money, 15);
  t.act("play Termites");  // trashes the Porch Light, the Pigeon and the Mosquito ...
  // ... and the last Pest still goes onto the Pile (it kept going).
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"termites", "skunk"}));
  EXPECT_EQ(t.trash("porch_light"), 1);
  EXPECT_EQ(t.p().limbo_size, 0);
}

TEST(YardRules, Y10_CrowbarAndCatapult) {
  Board b = quiet();
  b.hand(0, {"crowbar", "catapult", "toolbox"}).garage(1, {"gazebo", "pinwheel"});
  b.grass(1, {"a1"}).yard(1, "a1", {"sunflower", "rose_bush"});
  Table t(b, 0);
  t.act("home");
  t.act("play Toolbox");
  t.act("play Crowbar");
  t.act("take Gazebo from P2's Garage");
  EXPECT_EQ(t.hand(0, "gazebo"), 1);
  EXPECT_EQ(t.pl(1).garage_size, 1);
  t.act("play Catapult");  // any rival, Away or not: it is not played into the Yard (R15)
  EXPECT_EQ(t.pile_cards(1, "a1"), (std::vector<std::string>{"sunflower"}));  // the one top card
  EXPECT_EQ(t.trash("rose_bush"), 1);
}

TEST(YardRules, R25_CrowbarTakesNoTools) {
  Board b = quiet();
  b.hand(0, {"crowbar"}).garage(1, {"watering_can", "toolbox", "gazebo"});
  Table t(b, 0);
  t.act("home");
  t.act("play Crowbar");  // the Gazebo is the only card it may take: taken at once
  EXPECT_EQ(t.hand(0, "gazebo"), 1);
  EXPECT_EQ(t.garage(1, "watering_can"), 1);
  EXPECT_EQ(t.garage(1, "toolbox"), 1);
}

TEST(YardRules, Y10_BugSprayReachesCoveredPests) {
  Board b = quiet();
  b.grass(0, {"a1"}).yard(0, "a1", {"skunk", "sunflower", "mosquito"}).hand(0, {"bug_spray"});
  Table t(b, 0);
  t.act("home");
  t.act("play Bug Spray");
  EXPECT_TRUE(t.can("trash Mosquito on a1"));
  t.act("trash Skunk on a1 (under 2)");
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"sunflower", "mosquito"}));
}

TEST(YardRules, Y10_WelcomeMatPaysOnComingHome) {
  Board b = quiet();
  b.grass(0, {"a1"}).yard(0, "a1", {"doormat"}).away(0).money(0, 1);
  Table t(b, 0);
  t.act("home");
  EXPECT_EQ(t.pl(0).money, 3);
}

// ---- Y6: swaying -------------------------------------------------------------------------------

TEST(YardRules, Y6_2_SylviaAfterVenusFlytrap) {  // how-to example
  Board b;
  b.row({"sylvia", "gloria", "walter"});
  b.grass(0, {"a1", "a2", "a3"}).yard(0, "a1", {"tulips"}).yard(0, "a2", {"sunflower"});
  b.hand(0, {"venus_flytrap"});
  Table t(b, 0);
  t.act("home");
  EXPECT_FALSE(t.can("sway Sylvia"));
  t.act("play Venus Flytrap");  // the third card with a Plant symbol
  t.act("onto a3");
  t.act("sway Sylvia");
  EXPECT_TRUE(t.swayed(0, "sylvia"));
  EXPECT_EQ(sway_vp(t.p(), 0), 5);
}

TEST(YardRules, Y6_2_FlorenceCountsPlaceSymbols) {  // how-to example
  Board b;
  b.row({"florence", "gloria", "walter"});
  b.grass(0, {"a1", "a2", "a3"}).yard(0, "a1", {"beanstalk"});
  Table t(b, 0);
  t.act("home");
  EXPECT_EQ(yard_places(t.pl(0)), 5);  // three Grass and the Beanstalk's two
  t.act("sway Florence");
  EXPECT_TRUE(t.swayed(0, "florence"));

  Board c;
  c.row({"florence", "gloria"}).grass(0, {"a1", "a2"}).yard(0, "a1", {"beanstalk"});
  Table u(c, 0);
  u.act("home");
  EXPECT_FALSE(u.can("sway Florence"));  // four are not enough
}

TEST(YardRules, Y6_2_JoyceAfterTheFifthCard) {  // how-to example
  Board b;
  b.row({"joyce", "gloria", "walter"});
  b.grass(0, {"a1", "a2", "a3", "b1", "b2"});
  for (const char* q : {"a1", "a2", "a3", "b1"}) b.yard(0, q, {"sunflower"});
  b.hand(0, {"pinwheel"});
  Table t(b, 0);
  t.act("home");
  EXPECT_FALSE(t.can("sway Joyce"));
  t.act("play Pinwheel");
  t.act("sway Joyce");
  EXPECT_TRUE(t.swayed(0, "joyce"));
}

TEST(YardRules, Y6_2_TutNeedsAnOrnamentAFeatureAndAPest) {
  Board b;
  b.row({"tut", "gloria"}).grass(0, {"a1", "a2"}).yard(0, "a1", {"pinwheel"});
  b.yard(0, "a2", {"greenhouse"}).hand(0, {"pigeon"});
  Table t(b, 0);
  t.act("home");
  EXPECT_FALSE(t.can("sway Tut"));
  t.act("play Pigeon");
  t.act("onto c3");
  t.act("sway Tut");
  EXPECT_TRUE(t.swayed(0, "tut"));
}

TEST(YardRules, R16_CardsWithTwoSymbolsCountForBoth) {
  Board b;
  b.grass(0, {"a1", "a2"}).yard(0, "a1", {"garden"}).yard(0, "a2", {"greenhouse"});
  Player& pl = b.p.players[0];
  EXPECT_EQ(yard_symbols(pl, kPlant), 2);
  EXPECT_EQ(yard_symbols(pl, kFeature), 2);
  EXPECT_TRUE(meets_criteria(pl, content().neighbors[neighbor("frank")].criteria));
}

TEST(YardRules, Y6_3_MaximilianTakes20Of23) {  // how-to example
  Board b;
  b.row({"maximilian", "gloria", "walter"}).money(0, 23);
  Table t(b, 0);
  t.act("home");
  t.act("sway Maximilian");
  EXPECT_EQ(t.pl(0).money, 3);
  EXPECT_TRUE(t.swayed(0, "maximilian"));

  Board c;
  c.row({"maximilian", "gloria"}).money(0, 19);
  Table u(c, 0);
  u.act("home");
  EXPECT_FALSE(u.can("sway Maximilian"));  // a Bribe must be paid in full
}

TEST(YardRules, Y6_3_ThomasGivesTwoYardCardsToARivalsGarage) {  // how-to example
  Board b;
  b.row({"thomas", "gloria", "walter"});
  b.grass(0, {"b1", "c1"}).yard(0, "a1", {"pigeon"}).yard(0, "b1", {"beanstalk"});
  b.yard(0, "c1", {"fountain"});
  Table t(b, 0);
  t.act("home");
  t.act("sway Thomas");  // two players: the rival is the only choice
  t.act("give Pigeon from a1");
  t.act("give Beanstalk from b1");
  EXPECT_EQ(t.garage(1, "pigeon"), 1);
  EXPECT_EQ(t.garage(1, "beanstalk"), 1);
  EXPECT_EQ(t.pile_cards(0, "c1"), (std::vector<std::string>{"fountain"}));
  EXPECT_TRUE(t.swayed(0, "thomas"));

  Board c;
  c.row({"thomas", "gloria"}).yard(0, "a1", {"pigeon"});
  Table u(c, 0);
  u.act("home");
  EXPECT_FALSE(u.can("sway Thomas"));
}

TEST(YardRules, Y6_3_ThomasWithThreePlayersChoosesTheRival) {
  Board b(3);
  b.row({"thomas", "gloria", "walter"})
      .yard(0, "a1", {"pigeon", "mole"})
      .yard(0, "b1", {"sunflower"});
  Table t(b, 0);
  t.act("home");
  t.act("sway Thomas");
  t.act("give to P3");
  t.act("give Mole from a1");
  t.act("give Pigeon from a1");  // the next top card of the same Pile (R8)
  EXPECT_EQ(t.pl(2).garage_size, 2);
  EXPECT_EQ(t.pl(1).garage_size, 0);
}

TEST(YardRules, R12_ThomasTakesAnyCardsOfTheYard) {
  // "Pick up 2 cards from your Yard": any two, covered or not (R12). Here the Beanstalk lies
  // under a Fountain (as in the how-to's Beanstalk example) and is picked from under it.
  Board b;
  b.row({"thomas", "gloria", "walter"});
  b.grass(0, {"b1"}).yard(0, "a1", {"pigeon"}).yard(0, "b1", {"beanstalk", "fountain"});
  Table t(b, 0);
  t.act("home");
  t.act("sway Thomas");
  EXPECT_TRUE(t.can("give Fountain from b1"));
  EXPECT_TRUE(t.can("give Beanstalk from b1 (under 1)"));
  t.act("give Beanstalk from b1 (under 1)");
  t.act("give Pigeon from a1");
  EXPECT_EQ(t.garage(1, "pigeon"), 1);
  EXPECT_EQ(t.garage(1, "beanstalk"), 1);
  EXPECT_EQ(t.pile_cards(0, "b1"), (std::vector<std::string>{"fountain"}));
  EXPECT_TRUE(t.swayed(0, "thomas"));
}

TEST(YardRules, Y6_3_HaroldPaysAndTrashesFromHand) {
  Board b;
  b.row({"harold", "gloria"}).money(0, 12).hand(0, {"pinwheel", "skunk"});
  Table t(b, 0);
  t.act("home");
  t.act("sway Harold");
  t.act("trash Skunk from hand");
  EXPECT_EQ(t.pl(0).money, 2);
  EXPECT_EQ(t.trash("skunk"), 1);
  EXPECT_TRUE(t.swayed(0, "harold"));
}

TEST(YardRules, Y6_1_OneSwayPerTurn) {
  Board b;
  b.row({"maximilian", "joyce", "gloria"}).money(0, 40);
  for (const char* q : {"a1", "a2", "a3", "b1", "b2"}) b.yard(0, q, {"pigeon"});
  Table t(b, 0);
  t.act("home");
  t.act("sway Maximilian");
  EXPECT_EQ(t.p().turn_player, 1);  // no second sway: the turn is over
}

TEST(YardRules, Y6_5_ThreePlayersRefillFromTheSetAsideAndEndOnTheSixth) {
  Board b(3);
  b.row({"maximilian", "amelia", "sylvia", "joyce", "florence"}).set_aside({"edna"});
  b.money(0, 100).money(1, 100).money(2, 100);
  Table t(b, 0);
  t.act("home");
  t.act("sway Maximilian");
  EXPECT_EQ(t.p().row_size, 5);  // Edna came from the face-down Neighbors
  EXPECT_EQ(t.p().set_aside_size, 0);
  EXPECT_EQ(t.p().row[4], neighbor("edna"));
  EXPECT_FALSE(t.p().over());
}

TEST(YardRules, Y7_1_R11_TheLastSwayEndsTheGameBeforeEndActions) {
  Board b;
  b.row({"maximilian"}).money(0, 25).grass(0, {"a1"}).yard(0, "a1", {"mosquito"});
  Table t(b, 0);
  t.act("home");
  t.act("sway Maximilian");
  EXPECT_TRUE(t.p().over());
  EXPECT_EQ(t.p().end_reason, EndReason::kLastNeighbor);
  EXPECT_EQ(t.pl(0).money, 5);  // the Mosquito's End action never came
  EXPECT_TRUE(t.state().terminal());
}

// ---- Y7: scoring -------------------------------------------------------------------------------

TEST(YardRules, Y7_2_GalleryScoringCards) {
  Board b;
  // Garden Gnome: 2 per Plant symbol (the Garden has one).
  b.grass(0, {"a1", "a2", "b2"}).yard(0, "a1", {"garden_gnome"}).yard(0, "a2", {"garden"});
  b.yard(0, "b2", {"tulips", "sunflower"});
  EXPECT_EQ(yard_vp(b.p, 0), 2 * 3 + 1 + 1 + 2);
  // Birdbath in the centre: 1 per card on the 8 Piles around it, not its own Pile.
  Board c;
  c.yard(0, "b2", {"birdbath", "pigeon"})
      .yard(0, "a1", {"tulips"})
      .yard(0, "c3", {"tulips", "tulips"});
  EXPECT_EQ(yard_vp(c.p, 0), 3 + (-2) + 3);
  // In a corner, only 3 Piles touch it.
  Board d;
  d.yard(0, "a1", {"birdbath"}).yard(0, "b2", {"pinwheel"}).yard(0, "c3", {"pinwheel"});
  EXPECT_EQ(yard_vp(d.p, 0), 1 + 1 + 1);
  // Pink Flamingo: 1 per card in its row, itself included; Weather Vane: its column.
  Board e;
  e.yard(0, "b1", {"pink_flamingo"})
      .yard(0, "b3", {"pinwheel", "pinwheel"})
      .yard(0, "a1", {"pinwheel"});
  EXPECT_EQ(yard_vp(e.p, 0), 3 + 3);
  Board f;
  f.yard(0, "a2", {"weather_vane"}).yard(0, "c2", {"pinwheel"}).yard(0, "c3", {"pinwheel"});
  EXPECT_EQ(yard_vp(f.p, 0), 2 + 2);
  // Compost Bin (edition 1): 1 per 3 cards in the Trash.
  Board g(2, 1);
  g.yard(0, "a1", {"compost_bin"})
      .trash({"pinwheel", "pinwheel", "pinwheel", "tulips", "tulips", "tulips", "tulips"});
  EXPECT_EQ(yard_vp(g.p, 0), 2);
}

TEST(YardRules, Y7_2_CoveredCardsScore) {
  Board b;
  b.yard(0, "a1", {"rose_bush", "skunk"});
  EXPECT_EQ(yard_vp(b.p, 0), 3 - 5);
}

TEST(YardRules, Y7_3_TiesGoToMoreNeighborsThenShare) {
  Board b;  // 5 + 2 points against 3 + 3 + 1: equal, but seat 0 has a Neighbor
  b.sway(0, {"amelia"}).yard(0, "a1", {"sunflower"});
  b.yard(1, "a1", {"rose_bush", "rose_bush"}).yard(1, "a2", {"pinwheel"});
  auto r = ranks(b.p);
  EXPECT_EQ(score(b.p, 0), score(b.p, 1));
  EXPECT_EQ(r[0], 0);
  EXPECT_EQ(r[1], 1);
  Board c;
  c.yard(0, "a1", {"sunflower"}).yard(1, "a1", {"sunflower"});
  r = ranks(c.p);
  EXPECT_EQ(r[0], 0);
  EXPECT_EQ(r[1], 0);
}

TEST(YardRules, Y7_1_GamesEndOnTheFifthSixthOrSeventhSway) {
  for (int players = 2; players <= 4; ++players) {
    int ended = 0;
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      Position p;
      setup(p, {players, 2}, seed);
      Rng r(seed);
      std::vector<int> legal;
      while (!p.over()) {
        legal_actions(p, legal);
        apply(p, legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
      }
      if (p.end_reason != EndReason::kLastNeighbor) continue;
      ++ended;
      int sways = 0;
      for (int s = 0; s < players; ++s) sways += neighbors_swayed(p.players[s]);
      EXPECT_EQ(sways, 5 + (players - 2));
      EXPECT_EQ(p.row_size, 0);
      EXPECT_EQ(p.set_aside_size, 0);
    }
    EXPECT_GE(ended, 5) << players;
  }
}

// ---- Y8: editions ------------------------------------------------------------------------------

TEST(YardRules, Y8_1_Edition1ToolsGoOntoAPileThenIntoTheGarage) {
  Board b = quiet(2, 1);
  b.hand(0, {"toolbox", "sunflower", "watering_can"}).grass(0, {"a1"});
  Table t(b, 0);
  t.act("home");
  t.act("play Toolbox");
  t.act("onto a1");  // Places are ignored, but the Toolbox now lies on a1 ...
  EXPECT_EQ(t.pile_cards(0, "a1"), (std::vector<std::string>{"toolbox"}));
  EXPECT_FALSE(t.can("play Sunflower"));  // ... taking its only Place while it resolves (R9)
  t.act("play Watering Can");
  t.act("onto c3");
  t.act("grass b2");
  EXPECT_EQ(t.garage(0, "watering_can"), 1);  // picked up after its Play action
  t.act("play Sunflower");                    // b2 is the only free Place: it goes there
  EXPECT_EQ(t.pile_cards(0, "b2"), (std::vector<std::string>{"sunflower"}));
  EXPECT_EQ(t.garage(0, "toolbox"), 1);  // and the Toolbox after its own
  EXPECT_TRUE(t.pile_cards(0, "a1").empty());
}

TEST(YardRules, Y8_1_Edition1ToolInARivalsYardIsDoneByTheRival) {
  Board b = quiet(2, 1);
  b.hand(0, {"watering_can"}).away(1);
  Table t(b, 0);
  t.act("home");
  t.act("play Watering Can");
  t.act("onto P2 b2");
  EXPECT_EQ(t.to_move(), 1);  // the Yard's owner does the Play action: its own Dirt to Grass
  t.act("grass a1");
  EXPECT_TRUE(t.pl(1).grass & 1);
  EXPECT_EQ(t.pl(0).grass, 0);
  EXPECT_EQ(t.garage(0, "watering_can"), 1);  // and the Tool goes back to its player's Garage
}

TEST(YardRules, Y8_1_Edition2GardenCannotPlayTools) {
  Board b = quiet(2, 2);
  b.grass(0, {"a1"}).yard(0, "a1", {"garden"}).hand(0, {"watering_can"});
  Table t(b, 0);
  EXPECT_EQ(t.hand(0, "watering_can"), 1);
  Board c = quiet(2, 1);
  c.grass(0, {"a1"}).yard(0, "a1", {"garden"}).hand(0, {"watering_can"});
  Table u(c, 0);  // edition 1: the Garden plays the can onto its Pile; it waters
  u.act("grass b2");
  EXPECT_EQ(u.garage(0, "watering_can"), 1);
}

// ---- E5: the engine's limits -------------------------------------------------------------------

TEST(YardRules, E5_RoundLimitEndsTheGame) {
  Board b = quiet();
  b.p.turn = static_cast<std::uint16_t>(kMaxRounds * 2 - 1);
  Table t(b, 1);
  t.act("home");
  EXPECT_TRUE(t.p().over());
  EXPECT_EQ(t.p().end_reason, EndReason::kRoundLimit);
}

TEST(YardRules, R26_AStillTableEndsTheGameOnceTheDeckIsGone) {
  // Empty Store deck, nobody able to sway (Gloria and Walter ask for Criteria): both players
  // just go Home with nothing to play. After three still rounds the game ends (R26).
  Board b;
  b.row({"gloria", "walter"});
  b.grass(0, {"a1"}).yard(0, "a1", {"sunflower"});
  Table t(b, 0);
  ASSERT_EQ(t.p().deck_size, 0);
  int turns = 0;
  while (!t.p().over() && turns < 40) {
    t.act("home");
    ++turns;
  }
  EXPECT_TRUE(t.p().over());
  EXPECT_EQ(t.p().end_reason, EndReason::kStalemate);
  // The first round end records the table; three more still rounds end it.
  EXPECT_EQ(turns, 2 * (kStillRounds + 1));
}

TEST(YardRules, R26_NoStalemateWhileABribeAloneCouldSway) {
  // Maximilian asks only for $20: working will reach him, so a still table plays on.
  Board b;
  b.row({"maximilian", "walter"});
  Table t(b, 0);
  for (int i = 0; i < 2 * (kStillRounds + 3); ++i) t.act("home");
  EXPECT_FALSE(t.p().over());
}

TEST(YardRules, R26_ABribeOnlyRowGetsTheRoundsOfWorkItsBribeTakesAndNoMore) {
  // Issue 29: Maximilian ($20) is left and nobody sways him: the table stands still, and after
  // kStillRounds rounds and the 4 rounds of work $20 takes, the game ends (it went on for ever).
  Board b;
  b.row({"maximilian", "walter"});
  Table t(b, 0);
  EXPECT_EQ(still_rounds_to_end(t.p()), kStillRounds + 4);
  int turns = 0;
  while (!t.p().over() && turns < 100) {
    t.act("home");
    ++turns;
  }
  EXPECT_EQ(t.p().end_reason, EndReason::kStalemate);
  EXPECT_EQ(turns, 2 * (kStillRounds + 4 + 1));  // the first round end records the table
}

TEST(YardRules, R26_ThoseRoundsAreEnoughToWorkUpToTheBribeAndSway) {
  // Seat 0 has nothing: four turns of work pay Maximilian, the fifth sways him, before the end.
  Board b;
  b.row({"maximilian", "walter"});
  Table t(b, 0);
  ASSERT_EQ(t.pl(0).money, 0);
  for (int round = 0; round < 4; ++round) {
    t.act("away");
    t.act("work");
    if (t.to_move() == 0) t.act("done");
    t.act("home");  // seat 1 stays still
  }
  ASSERT_FALSE(t.p().over());
  EXPECT_EQ(t.pl(0).money, 20);
  t.act("home");
  t.act("sway Maximilian");
  EXPECT_EQ(t.pl(0).money, 0);
  EXPECT_FALSE(t.p().over());
}

TEST(YardRules, R26_SkunksOnEveryYardEndABribeOnlyRowToo) {
  // Maximilian is left, but both Yards hold a Skunk: nobody may sway (Y6.6), the table is still.
  Board b;
  b.row({"maximilian", "walter"});
  b.yard(0, "a1", {"skunk"}).yard(1, "a1", {"skunk"});
  Table t(b, 0);
  int turns = 0;
  while (!t.p().over() && turns < 40) {
    t.act("home");
    ++turns;
  }
  EXPECT_EQ(t.p().end_reason, EndReason::kStalemate);
  EXPECT_EQ(turns, 2 * (kStillRounds + 1));
}

TEST(YardRules, R26_AnyChangeOnTheTableRestartsTheCount) {
  Board b;
  b.row({"gloria", "walter"});
  b.hand(0, {"pigeon", "pigeon", "pigeon"});
  Table t(b, 0);
  // Seat 0 plays a Pigeon each round for three rounds: the table changes, the game goes on.
  for (int round = 0; round < 3; ++round) {
    t.act("home");
    t.act("play Pigeon");
    t.act("onto a1");
    if (t.to_move() == 0) t.act("done");
    t.act("home");
  }
  EXPECT_FALSE(t.p().over());
  int turns = 0;
  while (!t.p().over() && turns < 40) {
    t.act("home");
    ++turns;
  }
  EXPECT_EQ(t.p().end_reason, EndReason::kStalemate);
  EXPECT_EQ(turns, 2 * kStillRounds);
}

TEST(YardRules, R6_EventsMetWhileLayingOutTheFirstStoreAreDone) {
  // Laying out the first Store is a restock (Y4.3): an Event met on the way is done (Y4.5), by
  // each player from the first player, then goes to the bottom (edition 2) or out of the game
  // (edition 1, R7).
  for (int edition = 1; edition <= 2; ++edition) {
    int found = 0;
    for (std::uint64_t seed = 1; seed <= 400 && found < 5; ++seed) {
      Position p;
      setup(p, {2, edition}, seed);
      if (p.events_done == 0 || p.nframes) continue;  // (a Rainstorm's choice still pending)
      ++found;
      int done = 0, sales = 0;
      for (int k = 0; k < static_cast<int>(content().cards.size()); ++k) {
        const CardDef& d = content().cards[k];
        EXPECT_FALSE(p.store[k] && d.is(kEvent));
        if (!d.is(kEvent)) continue;
        int n = edition == 2 ? 0 : p.gone[k];
        if (edition == 2) {
          for (int i = 0; i < p.deck_known; ++i) n += p.deck[i] == k;
        }
        done += n;
        if (d.id == "yard_sale") sales = n;
      }
      EXPECT_EQ(done, p.events_done) << "seed " << seed;
      if (edition == 2) {
        EXPECT_EQ(p.deck_known, p.events_done);
      }
      EXPECT_EQ(p.store_size, kStoreSlots);
      for (int s = 0; s < 2; ++s) EXPECT_EQ(p.players[s].money, 3 * sales) << "seed " << seed;
    }
    EXPECT_GE(found, 5) << "edition " << edition;
  }
}

// ---- The rules text ---------------------------------------------------------------------------

std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::size_t at = 1;
  while (at < line.size()) {
    const std::size_t bar = line.find('|', at);
    if (bar == std::string::npos) break;
    std::string c = line.substr(at, bar - at);
    c.erase(0, c.find_first_not_of(' '));
    c.erase(c.find_last_not_of(' ') + 1);
    out.push_back(c);
    at = bar + 1;
  }
  return out;
}

// The content tables of docs/rules/yard.md (made by tests/yard/content_tables.py) agree with the
// data: types, cost, Places, copies per edition and tag of every card; VP and tag of every
// Neighbor.
TEST(YardRules, DocTablesMatchTheData) {
  const std::string doc(testing::yard_game().rules_text);
  auto row_of = [&](const std::string& name) {
    std::size_t at = 0;
    while ((at = doc.find("\n| " + name + " ", at)) != std::string::npos) {
      const std::size_t end = doc.find('\n', at + 1);
      const auto c = cells(doc.substr(at + 1, end - at - 1));
      if (!c.empty() && (c[0] == name || c[0] == name + " (start)")) return c;
      at = end;
    }
    return std::vector<std::string>{};
  };
  for (const auto& d : content().cards) {
    const auto c = row_of(d.name);
    ASSERT_EQ(c.size(), 9u) << d.name << " has no row in the content table";
    std::uint8_t types = 0;
    for (int s = 0; s < kNumSymbols; ++s)
      if (c[1].find(symbol_name(s)) != std::string::npos) types |= sym(s);
    EXPECT_EQ(c[0].find("(start)") != std::string::npos, d.starting) << d.name;
    EXPECT_EQ(types, d.symbols) << d.name;
    EXPECT_EQ(c[2], "$" + std::to_string(d.cost)) << d.name;
    EXPECT_EQ(c[4], std::to_string(d.places)) << d.name;
    EXPECT_EQ(c[6], std::to_string(d.count[0])) << d.name;
    EXPECT_EQ(c[7], std::to_string(d.count[1])) << d.name;
    EXPECT_EQ(c[8], d.tag) << d.name;
  }
  for (const auto& n : content().neighbors) {
    const auto c = row_of(n.name);
    ASSERT_EQ(c.size(), 5u) << n.name << " has no row in the Neighbor table";
    EXPECT_EQ(c[1], std::to_string(n.vp));
    EXPECT_EQ(c[4], n.tag);
  }
  // Every clause this file names exists in the rules text.
  for (const char* clause : {"Y2.5", "Y3.1", "Y3.2", "Y3.4", "Y4.4", "Y4.5", "Y5.2", "Y5.3", "Y5.6",
                             "Y6.2", "Y6.3", "Y6.5", "Y7.1", "Y7.3", "Y8.1", "Y8.4", "R2",   "R5",
                             "R7",   "R9",   "R10",  "R11",  "R16",  "E2",   "E5"})
    EXPECT_NE(doc.find("**" + std::string(clause)), std::string::npos) << clause;
}

// ---- Properties over random games --------------------------------------------------------------

// Every card of the game is somewhere, exactly once.
void check_conservation(const Position& p) {
  const Content& c = content();
  for (int k = 0; k < static_cast<int>(c.cards.size()); ++k) {
    int n = p.store[k] + p.trash[k] + p.gone[k] + p.limbo[k];
    for (int i = 0; i < p.deck_size; ++i) n += p.deck[i] == k;
    for (int s = 0; s < p.seats; ++s) {
      const Player& pl = p.players[s];
      n += pl.hand[k] + pl.garage[k];
      for (int i = 0; i < pl.yard_size; ++i) n += kind_of(pl.yard[i]) == k;
    }
    for (int f = 0; f < p.nframes; ++f)
      n += p.frames[f].type == FrameType::kProgram && p.frames[f].timing == kOnReveal &&
           p.frames[f].kind == k;
    const int total = c.cards[k].count[p.edition - 1] + (c.cards[k].starting ? p.seats : 0);
    RC_ASSERT(n == total);
  }
}

RC_GTEST_PROP(YardRules, CardsAreConservedAndCountsStayConsistent, ()) {
  const int players = *rc::gen::inRange(2, 5);
  const int edition = *rc::gen::inRange(1, 3);
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  Position p;
  setup(p, {players, edition}, seed);
  Rng r(seed ^ 77);
  std::vector<int> legal;
  while (!p.over()) {
    check_conservation(p);
    RC_ASSERT(p.store_size <= kStoreSlots);
    for (int s = 0; s < players; ++s) {
      int h = 0, g = 0;
      for (int k = 0; k < kMaxKinds; ++k) h += p.players[s].hand[k], g += p.players[s].garage[k];
      RC_ASSERT(h == p.players[s].hand_size);
      RC_ASSERT(g == p.players[s].garage_size);
    }
    legal_actions(p, legal);
    RC_ASSERT(legal.size() >= 2u);  // forced steps are taken by the engine (E1)
    RC_ASSERT(std::is_sorted(legal.begin(), legal.end()));
    apply(p, legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  check_conservation(p);
  RC_ASSERT(p.end_reason != EndReason::kNone);
}

// E1 and issue 32: advance asks the legal actions with a limit of 2 (none, one or several), and
// the busiest step stops listing there. A limited list tells none, one or several apart exactly
// as the full list does, and what it holds is legal; the sways of a turn (Y6, read from one tally
// of the Yard) are the Neighbors a scan per symbol finds.
RC_GTEST_PROP(YardRules, E1_Y6_ALimitedListAndTheTalliedSwaysAgreeWithTheFullScan, ()) {
  const int players = *rc::gen::inRange(2, 5);
  const int edition = *rc::gen::inRange(1, 3);
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  Position p;
  setup(p, {players, edition}, seed);
  Rng r(seed ^ 91);
  ActionList full, limited;
  limited.limit = 2;
  std::vector<int> legal;
  while (!p.over()) {
    legal_actions(p, full);
    legal_actions(p, limited);
    if (full.size <= 1) {
      RC_ASSERT(limited.size == full.size);
      RC_ASSERT(std::equal(full.begin(), full.end(), limited.begin()));
    } else {
      RC_ASSERT(limited.size >= 2);
      for (int a : limited) RC_ASSERT(std::find(full.begin(), full.end(), a) != full.end());
    }
    for (int s = 0; s < players; ++s) {
      const Player& pl = p.players[s];
      for (int i = 0; i < p.row_size; ++i) {
        const Criteria& c = content().neighbors[p.row[i]].criteria;
        bool scan = true;  // the criteria as Y6.1 reads them, one scan of the Yard a symbol
        for (int y = 0; y < kNumSymbols; ++y) scan = scan && yard_symbols(pl, y) >= c.symbols[y];
        scan = scan && pl.yard_size >= c.cards && yard_places(pl) >= c.places &&
               grass_count(pl) >= c.grass && tallest_pile(pl) >= c.tallest;
        RC_ASSERT(meets_criteria(pl, c) == scan);
        if (can_sway(p, s, p.row[i])) RC_ASSERT(scan && !has_no_sway_card(pl));
      }
    }
    legal_actions(p, legal);
    apply(p, legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
  }
}

// The legal list as the rules read it, card kind by card kind and Pile by Pile through the public
// queries (the scans the kernel made before issue 32 gave it bits per kind): Start and End
// actions (Y3.1, Y3.4), the side (Y3.2), the main step's work, buys, plays and sways (Y3.3, Y4,
// Y5, Y6), and the cards and Piles of a play (Y5, Y8.1, R23). Other steps: nullopt.
std::optional<std::vector<int>> plain_legal_list(const Position& p) {
  std::vector<int> out;
  const Content& c = content();
  const int n = static_cast<int>(c.cards.size());
  auto open_somewhere = [&](int actor) {
    for (int s = 0; s < p.seats; ++s)
      if (s == actor || p.players[s].away)
        for (int q = 0; q < kPiles; ++q)
          if (pile_open(p.players[s], q)) return true;
    return false;
  };
  auto playable = [&](const Frame* f, int ctx, int k, bool open) {
    const CardDef& d = c.cards[k];
    if (d.is(kEvent)) return false;
    if (ctx == kCtxMagnet) return d.is(kPest);
    if (ctx == kCtxHere) {
      if (d.is(kTool)) return p.edition == 1;
      if (d.is(kPest)) return true;
      return pile_open(p.players[f->yard], f->pile);
    }
    return d.is(kTool) || d.is(kPest) || open;
  };
  if (p.over()) return out;
  if (p.nframes) {
    const Frame& f = p.frames[p.nframes - 1];
    if (f.type != FrameType::kPlay) return std::nullopt;
    if (f.step == 0) {
      if (f.timing == kCtxExtra) out.push_back(kActStop);
      if (f.timing == kCtxMagnet) {
        for (int k = 0; k < n; ++k)
          if (p.limbo[k]) out.push_back(kActPlay + k);
        return out;
      }
      const Player& pl = p.players[f.actor];
      const bool open = open_somewhere(f.actor);
      bool other = false;
      for (int k = 0; k < n; ++k)
        other = other || (pl.hand[k] && !c.cards[k].is(kPest) && playable(&f, f.timing, k, open));
      if (f.timing == kCtxHere && !other) out.push_back(kActStop);
      for (int k = 0; k < n; ++k)
        if (pl.hand[k] && playable(&f, f.timing, k, open)) out.push_back(kActPlay + k);
      return out;
    }
    if (f.step != 1) return out;
    const bool anywhere = c.cards[f.kind].is(kTool) || c.cards[f.kind].is(kPest);
    for (int s = 0; s < p.seats; ++s)
      if (s == f.actor || p.players[s].away)
        for (int q = 0; q < kPiles; ++q)
          if (anywhere || pile_open(p.players[s], q)) out.push_back(kActOnto + s * 16 + q);
    return out;
  }
  const Player& me = p.players[p.turn_player];
  switch (p.phase) {
    case Phase::kStart:
    case Phase::kEnd: {
      const int base = p.phase == Phase::kStart ? kActStart : kActEnd;
      for (int i = 0; i < me.yard_size; ++i)
        if (me.yard[i] & kPendingFlag)
          out.push_back(base + me.yard_pile[i] * 64 + kind_of(me.yard[i]));
      std::sort(out.begin(), out.end());
      out.erase(std::unique(out.begin(), out.end()), out.end());
      return out;
    }
    case Phase::kSide:
      return std::vector<int>{kActHome, kActAway};
    case Phase::kMain: {
      out.push_back(kActDone);
      if (me.away) {
        if (!(p.used & kUsedWork)) out.push_back(kActWork);
        if (!(p.used & kUsedBuy))
          for (int k = 0; k < n; ++k)
            if (p.store[k] && me.money >= c.cards[k].cost) out.push_back(kActBuy + k);
        return out;
      }
      if (!(p.used & kUsedPlay) && me.hand_size) {
        const bool open = open_somewhere(p.turn_player);
        for (int k = 0; k < n; ++k)
          if (me.hand[k] && playable(nullptr, kCtxMain, k, open)) out.push_back(kActPlay + k);
      }
      if (!(p.used & kUsedSway)) {
        const auto first = out.size();
        for (int i = 0; i < p.row_size; ++i)
          if (can_sway(p, p.turn_player, p.row[i])) out.push_back(kActSway + p.row[i]);
        std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
      }
      return out;
    }
    case Phase::kOver:
      break;
  }
  return out;
}

// Issue 32: the lists walk the kinds held as bits (the hand, the Store, the cards set aside by
// the Porch Light), the Places of a Pile come from a table per kind, the Start and End actions
// due are found eight Yard entries a word, and advance lists them once a step; every list of
// random games at every count and edition equals the plain scan, whole and with advance's limit.
TEST(YardRules, E1_Y3_Y4_Y5_Y6_TheListsByKindBitsAgreeWithThePlainScan) {
  for (int players = 2; players <= kMaxSeats; ++players)
    for (int edition = 1; edition <= 2; ++edition)
      for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        Position p;
        setup(p, {players, edition}, seed * 7919 + static_cast<std::uint64_t>(players));
        Rng r(seed ^ 0x5eed);
        ActionList full, limited;
        limited.limit = 2;
        int checked = 0;
        while (!p.over()) {
          legal_actions(p, full);
          legal_actions(p, limited);
          const std::vector<int> got(full.begin(), full.end());
          if (const auto want = plain_legal_list(p)) {
            ASSERT_EQ(got, *want) << "players " << players << " edition " << edition << " seed "
                                  << seed << " action " << p.actions;
            ++checked;
          }
          ASSERT_GE(got.size(), 2u);  // advance stops only at a real decision (E1)
          ASSERT_GE(limited.size, 2);
          for (int i = 0; i < std::min(limited.size, 2); ++i)
            ASSERT_NE(std::find(got.begin(), got.end(), limited.items[i]), got.end());
          apply(p, got[r.below(static_cast<std::uint32_t>(got.size()))]);
        }
        EXPECT_GT(checked, 0);
      }
}

}  // namespace
}  // namespace turf::yard
