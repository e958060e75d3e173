// Content variants in the dungeon (issue 31; core/variant.h, docs/lab.md "Variants"): a changed
// tile mix and monster deck are what the kernel deals, beside the game's own in one process, and
// views and their sampled worlds keep the variant.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/variant.h"
#include "core/view.h"
#include "games/dungeon/game.h"
#include "variant_support.h"

namespace turf::dungeon {
namespace {

using nlohmann::json;

const GameInfo& game() {
  return Registry::instance().find("dungeon");
}
const Position& pos(const State& s) {
  return dynamic_cast<const DungeonState&>(s).position();
}

std::unique_ptr<State> create(const std::string& variant, std::uint64_t seed) {
  return game().create(game().resolve({{"variant", variant}}), seed);
}

// D1.4: the deck is the mix's tiles; a variant's mix is the one dealt (the whole deck, the hands
// and the draw pile together), and the game's own is untouched.
TEST(DungeonVariant, D1_4_AVariantsMixIsTheDeckDealt) {
  const std::string crosses = variant_option_text(
      {"crosses",
       json::parse(R"({"mixes": {"standard": {"counts": {"corner": 7, "cross": 6}}}})")});
  auto v = create(crosses, 5);
  auto base = create("base", 5);
  const Position& p = pos(*v);
  EXPECT_NE(p.content, 0);
  EXPECT_EQ(content_of(p).mixes[0].counts[4], 6);
  EXPECT_EQ(content().mixes[0].counts[4], 4);
  auto crosses_in = [](const Position& q) {
    int n = 0;
    for (int i = 0; i < q.deck_size; ++i) n += q.deck[i] == 4;
    for (int s = 0; s < kSeats; ++s)
      for (int i = 0; i < q.hand_size[s]; ++i) n += q.hand[s][i] == 4;
    for (int i = 0; i < q.num_tiles; ++i) n += q.tiles[i].shape == 4;
    for (int i = 0; i < q.num_set_aside; ++i) n += q.set_aside[i] == 4;
    return n;
  };
  EXPECT_EQ(crosses_in(p), 6);
  EXPECT_EQ(crosses_in(pos(*base)), 4);
}

// D5.3: which monster defeats which is data; a variant's is the one the views and sampled worlds
// read, to the end of a game (E2).
// The card texts a variant game shows are the variant's (a bot's hello, the browser's hover).
TEST(DungeonVariant, TheCardsOfAVariantAreItsOwn) {
  const std::string crosses = variant_option_text(
      {"crosses",
       json::parse(R"({"mixes": {"standard": {"counts": {"corner": 7, "cross": 6}}}})")});
  auto count_of_cross = [](const json& cards) {
    for (const auto& c : cards)
      if (c["id"] == "cross") return c["count"]["standard"].get<int>();
    return -1;
  };
  EXPECT_EQ(count_of_cross(game().cards_for(game().resolve({{"variant", crosses}}))), 6);
  EXPECT_EQ(count_of_cross(game().cards_for(game().resolve({}))), 4);
  EXPECT_EQ(game().cards_for(game().resolve({})), game().cards());
}

TEST(DungeonVariant, D5_3_ViewsAndSampledWorldsKeepTheVariant) {
  const std::string v = variant_option_text(
      {"turtles",
       json::parse(R"({"monsters": {"turtleman": {"per_deck": 3}, "were_rat": {"per_deck": 1}},
                                  "mixes": {"standard": {"counts": {"corner": 7, "cross": 6}}}})")});
  auto s = create(v, 9);
  const int slot = pos(*s).content;
  std::vector<Action> legal;
  Rng rng(4);
  while (!s->terminal()) {
    const View view = s->view(s->to_move());
    ASSERT_EQ(view.as<DungeonView>().content, slot);
    auto world = view.as<DungeonView>().sample_world(rng);
    ASSERT_EQ(pos(*world).content, slot);
    s->legal_actions(legal);
    s->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  EXPECT_FALSE(game().draw(s->view(kSpectator), DrawStyle{}).empty());
  // Each seat played its deck: three Turtlemen and one Were-Rat at most, per the variant.
  const Position& p = pos(*s);
  std::array<std::array<int, kNumTypes>, kSeats> played{};
  for (int m = 0; m < p.num_monsters; ++m) ++played[p.monsters[m].owner][p.monsters[m].type];
  for (int seat = 0; seat < kSeats; ++seat) {
    EXPECT_LE(played[seat][0], 3);
    EXPECT_LE(played[seat][1], 1);
  }
}

TEST(DungeonVariant, WhatDoesNotFitIsRefused) {
  auto refusal = [](const std::string& patch) { return variant_test::refusal(game(), patch); };
  EXPECT_EQ(refusal(R"({"mixes": {"standard": {"counts": {"cross": 9}}}})"),
            "variant 'v': the variant does not fit the game: mix standard does not hold 28 tiles");
  EXPECT_EQ(refusal(R"({"mixes": {"standrd": {}}})"),
            "variant 'v': mixes.standrd: no entry has the id 'standrd' (did you mean 'standard'?)");
  EXPECT_EQ(refusal(R"({"monsters": {"turtleman": {"per_deck": 3}}})"),
            "variant 'v': the variant does not fit the game: a monster deck must hold 6 cards");
  EXPECT_EQ(refusal(R"({"deck_size": {"value": 30}})"),
            "variant 'v': deck_size: a variant changes the mixes, not the size of the deck");
}

}  // namespace
}  // namespace turf::dungeon
