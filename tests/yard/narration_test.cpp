// Narration of the yard (issue 16): Events revealed and what they did (Y4.5), buying (Y4.2),
// Neighbors swayed (Y6), points with their reason and the end with the ranking in words (Y7).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "core/match.h"
#include "core/narration.h"
#include "core/view.h"
#include "games/yard/game.h"
#include "yard/board.h"

namespace turf::yard {
namespace {

using testing::Board;
using testing::Table;

Match random_match(std::uint64_t seed, int players) {
  const GameInfo& g = Registry::instance().find("yard");
  Match m(g, g.resolve({{"players", std::to_string(players)}}), seed,
          std::vector<SeatInfo>(players));
  Rng rng(seed);
  std::vector<Action> legal;
  while (!m.over()) {
    m.state().legal_actions(legal);
    m.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return m;
}

const Position& pos(const State& s) {
  return dynamic_cast<const YardState&>(s).position();
}

TEST(YardNarration, Y4_5_RevealedEventIsNamedInTheStepThatRevealedIt) {
  int events = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const Match m = random_match(seed, 2);
    const auto story = narrate_history(m, 0);
    for (std::size_t i = 0; i < story.size(); ++i) {
      const int before = pos(*m.state_at(static_cast<int>(i))).events_done;
      const int after = pos(*m.state_at(static_cast<int>(i) + 1)).events_done;
      int lines = 0;
      for (const auto& n : story[i]) {
        if (n.kind != "event") continue;
        ++lines;
        const int k = content().find_card(n.data["card"].get<std::string>());
        ASSERT_GE(k, 0);
        EXPECT_TRUE(content().cards[k].is(kEvent));
        EXPECT_NE(n.text.find("Event revealed: " + card_name(k)), std::string::npos) << n.text;
      }
      EXPECT_EQ(lines, after - before) << "seed " << seed << " step " << i;
      events += lines;
    }
  }
  EXPECT_GT(events, 0);
}

TEST(YardNarration, Y4_2_BuyingNamesTheCardTheMoneyAndWhereItWent) {
  const Match m = random_match(3, 3);
  const auto story = narrate_history(m, kSpectator);
  int buys = 0;
  for (std::size_t i = 0; i < story.size(); ++i) {
    const Action a = m.history()[i].id;
    if (a < kActBuy || a >= kActBuy + kMaxKinds) continue;
    ++buys;
    const int k = a - kActBuy, seat = m.history()[i].seat;
    const std::string who = "{P" + std::to_string(seat + 1) + "}";
    // The price is told on its own line; what else the step did to the buyer's money (an Event
    // revealed by the restock, a Yard Sale; an End action the step ran) on another, and the
    // lines add up to the step's change.
    const int change = pos(*m.state_at(static_cast<int>(i) + 1)).players[seat].money -
                       pos(*m.state_at(static_cast<int>(i))).players[seat].money;
    const int cost = content().cards[k].cost;
    std::string told;
    int money_lines = 0, sum = 0;
    for (const auto& n : story[i]) {
      told += n.text + "\n";
      if (n.kind != "money" || n.seats[0] != seat) continue;
      ++money_lines;
      sum += n.data["change"].get<int>();
      if (money_lines == 1) {
        EXPECT_EQ(n.data["change"], -cost) << told;
        EXPECT_NE(n.text.find(who + " pays $" + std::to_string(cost) + " for " + card_name(k)),
                  std::string::npos)
            << told;
      }
    }
    EXPECT_EQ(sum, change) << told;
    EXPECT_EQ(money_lines, change != -cost ? 2 : 1) << told;
    // The decision is told once, first, with where the card went.
    EXPECT_EQ(story[i].front().text, who + " buys " + card_name(k) + " and puts it in the Garage.")
        << told;
    EXPECT_EQ(told.find(card_name(k) + " goes into " + who + "'s Garage."), std::string::npos)
        << told;
  }
  EXPECT_GT(buys, 5);
}

// Each decision is told once, as a sentence (issue 25): a card put onto the mover's own Pile is
// told by the Pile's line alone (not also as "onto b2" and as leaving the hand); onto another
// seat's Pile, by one line that says who put what where; a Pile turned to Grass and a Neighbor
// swayed by their own lines. Seats are named ({P2}) in every line, never as a label's "P2".
TEST(YardNarration, EachDecisionIsToldOnceAsASentence) {
  int own = 0, rival = 0, grass = 0, sways = 0;
  for (int players = 2; players <= 4; ++players) {
    const Match m = random_match(40 + static_cast<std::uint64_t>(players), players);
    const auto story = narrate_history(m, kSpectator);
    for (std::size_t i = 0; i < story.size(); ++i) {
      const Action a = m.history()[i].id;
      const int mover = m.history()[i].seat;
      const std::string who = "{P" + std::to_string(mover + 1) + "}";
      std::string told;
      int actions = 0;
      for (const auto& n : story[i]) {
        told += n.text + "\n";
        actions += n.kind == "action";
        for (std::size_t at = n.text.find('P'); at != std::string::npos;
             at = n.text.find('P', at + 1))
          EXPECT_FALSE(at + 1 < n.text.size() && n.text[at + 1] >= '1' && n.text[at + 1] <= '4' &&
                       (at == 0 || n.text[at - 1] != '{'))
              << n.text;
      }
      ASSERT_FALSE(story[i].empty());
      if (a >= kActOnto && a < kActOnto + kMaxSeats * 16) {
        const int target = (a - kActOnto) / 16;
        const std::string pile = pile_name((a - kActOnto) % 16);
        const std::string at = "{P" + std::to_string(target + 1) + "}'s " + pile + ".";
        EXPECT_EQ(told.find(who + "'s hand"), std::string::npos) << told;
        if (target == mover) {
          ++own;
          EXPECT_EQ(actions, 0) << told;
          EXPECT_EQ(story[i].front().kind, "yard") << told;
          EXPECT_NE(story[i].front().text.find(" onto " + at), std::string::npos) << told;
        } else {
          ++rival;
          EXPECT_EQ(actions, 1) << told;
          EXPECT_EQ(story[i].front().text.rfind(who + " puts ", 0), 0u) << told;
          EXPECT_NE(story[i].front().text.find(" onto " + at), std::string::npos) << told;
          EXPECT_EQ(told.find(" goes onto " + at), std::string::npos) << told;
          EXPECT_EQ(told.find(" go onto " + at), std::string::npos) << told;
        }
        continue;
      }
      if (a >= kActGrass && a < kActGrass + kPiles) {
        ++grass;
        EXPECT_EQ(actions, 0) << told;
        EXPECT_EQ(story[i].front().text,
                  who + "'s " + pile_name(a - kActGrass) + " turns to Grass.")
            << told;
        continue;
      }
      if (a >= kActSway && a < kActSway + kMaxNeighbors) {
        // Swayed in this step: the sway line alone. A Bribe to do first: the step says so.
        if (told.find(" sways ") != std::string::npos) {
          ++sways;
          EXPECT_EQ(actions, 0) << told;
          EXPECT_EQ(story[i].front().kind, "sway") << told;
        } else {
          EXPECT_EQ(story[i].front().text,
                    who + " sets out to sway " + neighbor_name(a - kActSway) + ".")
              << told;
        }
        continue;
      }
      // Any other decision: one sentence that starts with the mover's name.
      EXPECT_EQ(actions, 1) << told;
      EXPECT_EQ(story[i].front().text.rfind(who + " ", 0), 0u) << told;
    }
  }
  EXPECT_GT(own, 10);
  EXPECT_GT(rival, 0);
  EXPECT_GT(grass, 5);
  EXPECT_GT(sways, 0);
}

TEST(YardNarration, Y6_Y7_SwaysPointsAndTheRankingInWords) {
  const Match m = random_match(5, 4);
  const auto story = narrate_history(m, 2);
  int sways = 0;
  for (std::size_t i = 0; i < story.size(); ++i)
    for (const auto& n : story[i]) {
      if (n.kind == "sway") {
        ++sways;
        const int nb = content().find_neighbor(n.data["neighbor"].get<std::string>());
        EXPECT_TRUE(pos(*m.state_at(static_cast<int>(i) + 1)).players[n.seats[0]].sway >> nb & 1);
      }
      if (n.kind == "scoring") {
        EXPECT_EQ(n.data["score"], score(pos(*m.state_at(static_cast<int>(i) + 1)), n.seats[0]));
      }
    }
  EXPECT_GT(sways, 0);
  const Narration& end = story.back().back();
  ASSERT_EQ(end.kind, "game_over");
  const auto ranking = m.state().ranking();
  const auto scores = m.state().scores();
  for (int s = 0; s < 4; ++s) {
    const char* const ord[] = {"1st", "2nd", "3rd", "4th"};
    EXPECT_NE(end.text.find(std::string(ord[ranking[s]]) + " {P" + std::to_string(s + 1) + "}, " +
                            std::to_string(static_cast<int>(scores[s])) + " points"),
              std::string::npos)
        << end.text;
  }
}

// Y3.2, Y5.2: the view says why a hand card cannot be played now, and nothing for one that can.
TEST(YardCards, Y5_2_ViewSaysWhyAHandCardCannotBePlayed) {
  Board b(2, 2);
  b.row({"gloria", "walter", "maximilian"});
  b.hand(0, {"mighty_oak", "skunk"}).grass(0, {}).hand(1, {"tulips"});
  Table t(b, 0);
  auto blocked = [&](Seat s) { return t.state().view(s).to_json()["seats"][s]["hand_blocked"]; };
  EXPECT_EQ(blocked(0)["mighty_oak"], "choose Home for this turn first");
  EXPECT_EQ(blocked(1)["tulips"], "not your turn");
  t.act("home");
  // No Grass, no Places: the Mighty Oak has nowhere to go; a Pest ignores Places (Y5.3).
  EXPECT_EQ(blocked(0)["mighty_oak"], "no Pile has a free Place for it");
  EXPECT_FALSE(blocked(0).contains("skunk")) << blocked(0);
  // The drawing tells the mover the same.
  DrawStyle plain;
  plain.colour = false;
  const std::string mine = draw(t.state().view(0), plain);
  EXPECT_NE(mine.find("cannot play Mighty Oak: no Pile has a free Place for it"), std::string::npos)
      << mine;
}

// The card texts: every card, Event and Neighbor of the data files, ids as the views use them.
TEST(YardCards, EveryCardEventAndNeighborHasItsText) {
  const auto all = cards();
  std::set<std::string> ids;
  int n_cards = 0, n_neighbors = 0;
  for (const auto& c : all) {
    for (const char* key : {"id", "name", "kind", "tag", "text"})
      ASSERT_TRUE(c.contains(key) && c[key].is_string() && !c[key].get<std::string>().empty())
          << c.dump() << " lacks " << key;
    EXPECT_TRUE(ids.insert(c["id"].get<std::string>()).second) << c["id"];
    if (c["kind"] == "neighbor") {
      ++n_neighbors;
      EXPECT_EQ(content().find_neighbor(c["id"]), n_neighbors - 1);
    } else {
      const int k = content().find_card(c["id"]);
      ASSERT_GE(k, 0);
      ++n_cards;
      EXPECT_EQ(c["cost"], content().cards[k].cost);
      EXPECT_EQ(c["kind"], content().cards[k].is(kEvent) ? "event" : "card");
    }
  }
  EXPECT_EQ(n_cards, static_cast<int>(content().cards.size()));
  EXPECT_EQ(n_neighbors, static_cast<int>(content().neighbors.size()));
  // The text says what the program does: Yard Sale pays each player $3 in turn.
  for (const auto& c : all) {
    if (c["id"] == "yard_sale") {
      EXPECT_NE(c["text"].get<std::string>().find("gain $3"), std::string::npos) << c["text"];
    }
  }
}

}  // namespace
}  // namespace turf::yard
