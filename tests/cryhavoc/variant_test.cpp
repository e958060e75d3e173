// Content variants in Cry Havoc (issue 31; core/variant.h, docs/lab.md "Variants"): the option
// "variant" plays a patched content (cards, factions, map and tokens) beside the game's own in one
// process, through the kernel, the card texts, the views and their sampled worlds.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/variant.h"
#include "core/view.h"
#include "cryhavoc/board.h"
#include "games/cryhavoc/game.h"
#include "variant_support.h"

namespace turf::cryhavoc {
namespace {

using nlohmann::json;
using testing::Board;
using testing::card_def;
using testing::skill_id;
using variant_test::variant_text;

const GameInfo& game() {
  return Registry::instance().find("cryhavoc");
}

const Position& pos(const State& s) {
  return dynamic_cast<const CryHavocState&>(s).position();
}

std::unique_ptr<State> create(const std::string& variant, std::uint64_t seed, int players = 2) {
  return game().create(game().resolve({{"players", std::to_string(players)}, {"variant", variant}}),
                       seed);
}

const char* const kDriveOfFour = R"({"faction_cards": {"recruitment_drive": {"recruit": 4}}})";

// C7.1 with a changed card: the kernel recruits as many units as the variant's card says, in the
// same process as the game's own card (which stays at 3).
TEST(CryHavocVariant, C7_1_AChangedCardIsTheOneTheKernelPlays) {
  const int slot = content_slot(json::parse(kDriveOfFour));
  ASSERT_NE(slot, 0);
  for (const int content : {0, slot}) {
    Board b(2, 1, content);
    Position& p = b.p;
    EXPECT_EQ(p.pub.content, content);
    b.hand(0, {"recruitment_drive"});
    b.turn(0);
    const int hq = p.pub.seats[0].hq;
    testing::play(p, {kActRecruit, kActCard + card_def("recruitment_drive")});
    const int recruits = content == 0 ? 3 : 4;
    EXPECT_EQ(content_of(p).cards[card_def("recruitment_drive")].recruit, recruits);
    EXPECT_EQ(p.pub.regions[hq].units[kHumans], 4 + recruits) << "content " << content;
    EXPECT_EQ(p.pub.reserve[kHumans], 8 - recruits) << "content " << content;
  }
  EXPECT_EQ(content().cards[card_def("recruitment_drive")].recruit, 3);
  // The same patch is the same content: one slot for both.
  EXPECT_EQ(content_slot(json::parse(kDriveOfFour)), slot);
}

// C5.3 reads what a skill does from the content: a variant whose Human default skill gives a move
// bonus makes it a skill of no use after the action, as the game's own move-bonus skills are.
TEST(CryHavocVariant, DerivedSkillFactsFollowTheVariant) {
  const Content& base = content();
  int plain = -1;
  for (int k = 0; k < kSkillIds && plain < 0; ++k)
    if (!base.skills[k].id.empty() && !base.skills[k].before_action_only &&
        base.skills[k].effect.size == 1)
      plain = k;
  ASSERT_GE(plain, 0);
  const std::string id = base.skills[plain].id;
  const int slot = content_slot(
      json::parse(R"({"factions": {")" + std::string(faction_id(base.skills[plain].faction)) +
                  R"(": {"skills": {")" + id + R"(": {"effect": [{"op": "move_bonus"}]}}}}})"));
  EXPECT_TRUE(content_table()[slot]->skills[plain].before_action_only) << id;
  EXPECT_FALSE(base.skills[plain].before_action_only) << id;
  EXPECT_EQ(skill_id(id), plain);
}

// The card texts a variant game shows are the variant's: the icons are generated from its numbers.
TEST(CryHavocVariant, TheCardsOfAVariantAreItsOwn) {
  auto drive = [](const json& cards) {
    for (const auto& c : cards)
      if (c["id"] == "recruitment_drive") return c["text"].get<std::string>();
    return std::string();
  };
  const std::string four =
      drive(game().cards_for(game().resolve({{"variant", variant_text("drive4", kDriveOfFour)}})));
  EXPECT_NE(four.find("Recruit 4"), std::string::npos) << four;
  EXPECT_NE(drive(game().cards()).find("Recruit 3"), std::string::npos) << drive(game().cards());
  EXPECT_EQ(game().cards_for(game().resolve({})), game().cards());
}

// Views carry the content: what a seat sees, the world a search bot samples from it, its drawing
// and its narration are the variant's, to the end of a game.
TEST(CryHavocVariant, ViewsAndSampledWorldsKeepTheVariant) {
  auto s = create(variant_text("drive4", kDriveOfFour), 11, 3);
  const int slot = pos(*s).pub.content;
  ASSERT_NE(slot, 0);
  std::vector<Action> legal;
  Rng rng(3);
  int steps = 0;
  while (!s->terminal()) {
    const View v = s->view(s->to_move());
    ASSERT_EQ(v.as<CryHavocView>().pub.content, slot);
    if (steps % 25 == 0) {
      auto world = v.as<CryHavocView>().sample_world(rng);
      ASSERT_EQ(pos(*world).pub.content, slot);
      EXPECT_FALSE(game().draw(v, DrawStyle{}).empty());
    }
    s->legal_actions(legal);
    s->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    ++steps;
  }
  EXPECT_GT(steps, 10);
}

// Same variant, seed and actions: the same game (determinism).
TEST(CryHavocVariant, AVariantGameIsReproducible) {
  const std::string v = variant_text("drive4", kDriveOfFour);
  auto a = create(v, 21), b = create(v, 21);
  variant_test::expect_same_game(*a, *b, 9,
                                 [](const State& x, const State& y) { return pos(x) == pos(y); });
}

// The option checks the patch before any game: the JSON path with a "did you mean", and the
// loader's own checks in a player's words (no file name).
TEST(CryHavocVariant, TheOptionRefusesWhatDoesNotFit) {
  auto refusal = [](const std::string& patch) { return variant_test::refusal(game(), patch); };
  EXPECT_EQ(refusal(R"({"faction_cards": {"recruitment_drive": {"recruits": 4}}})"),
            "variant 'v': faction_cards.recruitment_drive.recruits: no such field (did you mean "
            "'recruit'?)");
  EXPECT_EQ(refusal(R"({"faction_cards": {"recruitment_drive": {"copies": 9}}})"),
            "variant 'v': the variant does not fit the game: recruitment_drive: copies 1..4");
  EXPECT_EQ(refusal(R"({"faction_cards": {"recruitment_drive": {"recruit": 5}}})"), "(accepted)");
}

}  // namespace
}  // namespace turf::cryhavoc
