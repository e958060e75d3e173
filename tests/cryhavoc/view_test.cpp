// Cry Havoc views: what each viewer may know (E2), world sampling, and the terminal drawing.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "core/view.h"
#include "cryhavoc/board.h"
#include "games/cryhavoc/game.h"

namespace turf::cryhavoc {
namespace {

using testing::card_def;

const GameInfo& game() {
  return Registry::instance().find("cryhavoc");
}

std::unique_ptr<State> fresh(int players, std::uint64_t seed, int extra = 0) {
  return game().create(game().resolve({{"players", std::to_string(players)},
                                       {"extra_skills", std::to_string(extra)}}),
                       seed);
}

const Position& pos(const State& s) {
  return dynamic_cast<const CryHavocState&>(s).position();
}

// Plays random actions until `stop` holds (or the game ends).
template <class Pred>
std::unique_ptr<State> play_until(std::unique_ptr<State> s, std::uint64_t seed, Pred stop) {
  Rng r(seed);
  std::vector<Action> legal;
  for (int i = 0; i < 5000 && !s->terminal() && !stop(pos(*s)); ++i) {
    s->legal_actions(legal);
    s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return s;
}

TEST(CryHavocView, E2_HandsAndDeckOrdersAreHidden) {
  auto s = fresh(3, 11);
  const auto mine = s->view(0).to_json();
  const auto theirs = s->view(1).to_json();
  const auto spectator = s->view(kSpectator).to_json();
  const auto all = s->view(kOmniscient).to_json();
  ASSERT_TRUE(mine.contains("you"));
  EXPECT_EQ(mine["you"]["hand"].size(), pos(*s).pub.seats[0].hand);
  EXPECT_EQ(mine["you"]["deck_cards"].size(), pos(*s).pub.seats[0].deck);
  EXPECT_FALSE(mine["you"].contains("deck_order")) << "not even one's own deck order";
  EXPECT_NE(mine["you"]["hand"], theirs["you"]["hand"]);
  EXPECT_FALSE(mine.contains("hidden"));
  EXPECT_FALSE(spectator.contains("you"));
  EXPECT_FALSE(spectator.contains("hidden"));
  ASSERT_TRUE(all.contains("hidden"));
  for (int seat = 0; seat < 3; ++seat) {
    EXPECT_EQ(all["hidden"]["seats"][seat]["hand"].size(), pos(*s).pub.seats[seat].hand);
    EXPECT_EQ(all["hidden"]["seats"][seat]["deck_order"].size(), pos(*s).pub.seats[seat].deck);
    EXPECT_EQ(mine["seats"][seat]["hand_count"], pos(*s).pub.seats[seat].hand);
  }
  // Public: the whole hand + deck of a faction is known as a multiset at the start (C3.5).
  EXPECT_EQ(spectator["seats"][1]["known_in_hand_and_deck"].size(),
            content().factions[pos(*s).pub.seats[1].faction].deck.size());
}

TEST(CryHavocView, E2_FaceDownTokensShowNoIdentity) {
  auto s = fresh(2, 5);
  const std::string seat = s->view(0).to_json().dump();
  const std::string all = s->view(kOmniscient).to_json().dump();
  const Position& p = pos(*s);
  for (int r = 0; r < map_of(p).num_regions; ++r) {
    if (p.pub.regions[r].explore) {
      const std::string id = "\"" + content().explores[p.hid.explore[r]].id + "\"";
      EXPECT_NE(all.find(id), std::string::npos);
      // Not in the seat's view unless the same kind was revealed somewhere (none yet).
      EXPECT_EQ(seat.find(id), std::string::npos) << id;
    }
    if (p.pub.regions[r].trog) {
      const std::string id = "\"" + content().war_parties[p.hid.trog[r]].id + "\"";
      EXPECT_EQ(seat.find(id), std::string::npos) << id;
    }
  }
  for (int i = 0; i < kEventSpots; ++i)
    for (int k = 0; k < p.pub.event_count[i]; ++k)
      EXPECT_EQ(seat.find("\"" + content().events[p.hid.events[i][k]].id + "\""),
                std::string::npos);
}

TEST(CryHavocView, E2_DrawTwoKeepOneIsTheMoversSecret) {
  auto s = play_until(fresh(2, 3), 3, [](const Position& p) { return p.pub.step == Step::kKeep; });
  ASSERT_EQ(pos(*s).pub.step, Step::kKeep);
  const Seat me = s->to_move(), other = 1 - me;
  const auto mine = s->view(me).to_json();
  const auto theirs = s->view(other).to_json();
  EXPECT_EQ(mine["you"]["drawn"].size(), 2u);
  EXPECT_FALSE(theirs["you"].contains("drawn"));
  EXPECT_EQ(theirs["seats"][me]["drawing"]["cards"], 2);
  std::vector<Action> legal;
  s->legal_actions(legal);
  for (Action a : legal) EXPECT_EQ(s->public_label(a), "keeps a card");
  // Worlds sampled for the other seat re-deal the two cards; the mover's stay.
  Rng r(1);
  const View v = s->view(other), w = s->view(me);
  std::set<std::string> seen;
  for (int k = 0; k < 40; ++k) {
    auto world = v.sample_world(r);
    EXPECT_EQ(world->view(other).to_json(), theirs);
    seen.insert(world->view(me).to_json()["you"]["drawn"].dump());
    auto own = w.sample_world(r);
    EXPECT_EQ(own->view(me).to_json()["you"]["drawn"], mine["you"]["drawn"]);
  }
  EXPECT_GE(seen.size(), 2u);
}

TEST(CryHavocView, E2_SampledWorldsKeepWhatTheSeatKnowsAndRedealTheRest) {
  auto s = fresh(3, 21);
  const View v = s->view(0);
  Rng r(7);
  std::set<std::string> other_hands, events;
  for (int k = 0; k < 30; ++k) {
    auto w = v.sample_world(r);
    EXPECT_EQ(w->view(0).to_json(), v.to_json());
    const auto all = w->view(kOmniscient).to_json();
    EXPECT_EQ(all["hidden"]["seats"][0]["hand"], v.to_json()["you"]["hand"]);
    other_hands.insert(all["hidden"]["seats"][1]["hand"].dump());
    events.insert(all["hidden"]["event_spaces"].dump());
  }
  EXPECT_GE(other_hands.size(), 2u);
  EXPECT_GE(events.size(), 2u);
  EXPECT_TRUE(v.ambiguous());
  EXPECT_FALSE(s->view(kOmniscient).ambiguous());
  Rng r2(8);
  EXPECT_TRUE(s->view(kOmniscient).sample_world(r2)->equals(*s));
}

TEST(CryHavocView, E2_ACardSeenGoingBackIntoATerrainDeckStaysThereInSampledWorlds) {
  auto s = fresh(2, 9);
  s = play_until(std::move(s), 9, [](const Position& p) {
    return p.pub.step == Step::kKeep && p.pub.seats[p.pub.to_move].limbo_src < kTerrains;
  });
  ASSERT_EQ(pos(*s).pub.step, Step::kKeep);
  const Seat me = s->to_move();
  const int t = pos(*s).pub.seats[me].limbo_src;
  const auto drawn = pos(*s).hid.limbo[me];
  s->apply(kActCard + drawn[0]);  // keep the first, the second goes back
  const int back = drawn[1];
  ASSERT_GE(pos(*s).hid.seen_in_terrain[me][back], 1);
  const View v = s->view(me), other = s->view(1 - me);
  Rng r(3);
  bool elsewhere = false;
  for (int k = 0; k < 40; ++k) {
    const auto world = v.sample_world(r);
    const Position& w = pos(*world);
    const auto& deck = w.hid.terrain[t];
    EXPECT_NE(std::find(deck.begin(), deck.begin() + w.pub.terrain_count[t], back),
              deck.begin() + w.pub.terrain_count[t]);
    const auto other_world = other.sample_world(r);
    const Position& o = pos(*other_world);
    const auto& od = o.hid.terrain[t];
    elsewhere |=
        std::count(od.begin(), od.begin() + o.pub.terrain_count[t], back) <
        std::count(content().terrain_decks[t].begin(), content().terrain_decks[t].end(), back);
  }
  EXPECT_TRUE(elsewhere) << "the other seat does not know where that card is";
}

TEST(CryHavocView, E2_ScoutedTokensStayKnownToTheScout) {
  testing::Board b(4);
  Position& p = b.p;
  b.exploration("ashfall_pass", "rich_vein").war_party("greenhollow", "horde");
  p.pub.seats[0].skills[p.pub.seats[0].num_skills++] =
      static_cast<std::uint8_t>(testing::skill_id("scouting"));
  b.units("shard_peak", kHumans, 1).control("shard_peak", kHumans);
  b.turn(0);
  testing::play(p, {kActSkill + testing::skill_id("scouting")});
  CryHavocState s(&game(), p);
  const auto mine = s.view(0).to_json();
  EXPECT_EQ(mine["you"]["scouted"]["ashfall_pass"]["exploration"], "rich_vein");
  EXPECT_EQ(mine["you"]["scouted"]["greenhollow"]["trog"], "horde");
  EXPECT_FALSE(s.view(1).to_json()["you"]["scouted"].contains("ashfall_pass"));
  Rng r(2);
  const View v = s.view(0);
  for (int k = 0; k < 20; ++k) {
    const auto world = v.sample_world(r);
    const Position& w = pos(*world);
    EXPECT_EQ(w.hid.explore[b.r("ashfall_pass")],
              testing::token_def(content().explores, "rich_vein"));
    EXPECT_EQ(w.hid.trog[b.r("greenhollow")], testing::token_def(content().war_parties, "horde"));
  }
}

TEST(CryHavocView, C3_5_PlayedTerrainCardsBecomeKnownOnlyThroughTheDiscard) {
  testing::Board b;
  Position& p = b.p;
  b.hand(0, {"ambush", "forced_march"});
  EXPECT_EQ(p.pub.seats[0].secret[kJungle], 1);
  play_from_hand(p, 0, card_def("ambush"));
  EXPECT_EQ(p.pub.seats[0].secret[kJungle], 0);
  EXPECT_EQ(p.pub.seats[0].discard_n, 1);
  // Reshuffled: now everyone knows the Ambush is somewhere in that player's hand or deck.
  p.pub.seats[0].deck = 0;
  draw_cards(p, 0, 1);
  EXPECT_EQ(p.pub.seats[0].known[card_def("ambush")], 1);
}

TEST(CryHavocView, DrawShowsTheMapScoresAndOnlyTheViewersHand) {
  auto s = fresh(3, 4);
  DrawStyle style;
  style.colour = false;
  const std::string mine = game().draw(s->view(0), style);
  const std::string spectator = game().draw(s->view(kSpectator), style);
  const Position& p = pos(*s);
  EXPECT_NE(mine.find("Your hand: "), std::string::npos);
  EXPECT_EQ(spectator.find("Your hand: "), std::string::npos);
  EXPECT_NE(mine.find(content().cards[p.hid.hand[0][0]].name), std::string::npos);
  for (const char* text :
       {"Feralas", "Banks", "The Warrens", "Initiative P", "Events waiting at 16, 26, 36 VP",
        "Round 1 of 5, actions I of III", "(Humans) 0 VP"})
    EXPECT_NE(std::regex_replace(mine, std::regex("\n +"), " ").find(text), std::string::npos)
        << text;
  // Six columns of boxes fit 80 columns (long names on two lines); --wide draws them on one.
  DrawStyle wide = style;
  wide.wide = true;
  EXPECT_NE(game().draw(s->view(0), wide).find("Feralas Banks"), std::string::npos);
  style.unicode = false;
  const std::string ascii = game().draw(s->view(0), style);
  for (unsigned char ch : ascii) EXPECT_LT(ch, 128);
  // The battle board appears while a battle is fought.
  auto b =
      play_until(fresh(2, 14), 14, [](const Position& q) { return q.pub.step == Step::kTactics; });
  ASSERT_EQ(pos(*b).pub.step, Step::kTactics);
  const std::string battle = game().draw(b->view(kSpectator), style);
  EXPECT_NE(battle.find("Battle at "), std::string::npos);
  EXPECT_NE(battle.find("Capture Prisoners"), std::string::npos);
}

}  // namespace
}  // namespace turf::cryhavoc
