// Content variants in Turf Wars (issue 31; core/variant.h, docs/lab.md "Variants"): the option
// "variant" plays a patched content beside the game's own in one process, through the kernel, the
// views and their sampled worlds, and the lab compares it with the base.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "core/variant.h"
#include "core/view.h"
#include "lab/experiment.h"
#include "temp_dir.h"
#include "turfwars/board.h"
#include "variant_support.h"

namespace turf::turfwars {
namespace {

using nlohmann::json;
using testing::pos;
using variant_test::variant_text;

const GameInfo& game() {
  return Registry::instance().find("turfwars");
}

std::unique_ptr<State> create(const std::string& variant, std::uint64_t seed, int players = 2) {
  return game().create(game().resolve({{"players", std::to_string(players)}, {"variant", variant}}),
                       seed);
}

// Plays the first legal action until every seat has troops on the board (its starting turf,
// T2.7), returning each seat's troops then.
std::vector<int> starting_troops(State& s) {
  std::vector<Action> legal;
  while (!s.terminal()) {
    const Position& p = pos(s);
    bool all = true;
    for (int k = 0; k < p.num_seats; ++k) all = all && troops_of(p, k) > 0;
    if (all) {
      std::vector<int> out;
      for (int k = 0; k < p.num_seats; ++k) out.push_back(troops_of(p, k));
      return out;
    }
    s.legal_actions(legal);
    s.apply(legal.front());
  }
  return {};
}

// T2.7: the starting troops come from the content's constant; a variant's is played beside the
// game's own in the same process, and the base is untouched by it.
TEST(TurfWarsVariant, AVariantsNumbersArePlayedBesideTheBase) {
  auto five = create(variant_text("five", R"({"constants": {"start_troops": {"value": 5}}})"), 7);
  auto base = create("base", 7);
  EXPECT_NE(pos(*five).content, 0);
  EXPECT_EQ(pos(*base).content, 0);
  EXPECT_EQ(content_of(pos(*five)).start_troops, 5);
  EXPECT_EQ(content().start_troops, 4);
  // The same seed and choices: the first position with troops everywhere (the starting troops and
  // what the seats placed since) holds one more troop per seat in the variant.
  const auto with_five = starting_troops(*five), with_four = starting_troops(*base);
  ASSERT_EQ(with_five.size(), 2u);
  ASSERT_EQ(with_four.size(), 2u);
  for (int k = 0; k < 2; ++k) EXPECT_EQ(with_five[k], with_four[k] + 1) << "seat " << k;
  // The same patch is the same content: one slot for both.
  auto again =
      create(variant_text("also-five", R"({"constants": {"start_troops": {"value": 5}}})"), 8);
  EXPECT_EQ(pos(*again).content, pos(*five).content);
}

// The faction ability a variant changes is the one the kernel reads (T15: Sirens lure).
TEST(TurfWarsVariant, AChangedAbilityIsTheOneTheKernelReads) {
  auto s = create(variant_text("lure3", R"({"factions": {"sirens": {"ability": [
      {"primitive": "lure", "amount": 3}]}}})"),
                  1);
  const Content& c = content_of(pos(*s));
  EXPECT_EQ(c.factions[c.faction_index("sirens")].ability.lure, 3);
  EXPECT_EQ(content().factions[content().faction_index("sirens")].ability.lure, 2);
}

// The card texts a variant game shows are the variant's (a bot's hello, the browser's hover).
TEST(TurfWarsVariant, TheCardsOfAVariantAreItsOwn) {
  const GameInfo& g = Registry::instance().find("turfwars");
  const std::string lure3 = variant_text("lure3", R"({"factions": {"sirens": {
      "ability": [{"primitive": "lure", "amount": 3}], "text": "Lures three."}}})");
  auto sirens = [](const nlohmann::json& cards) {
    for (const auto& c : cards)
      if (c["id"] == "sirens") return c["text"].get<std::string>();
    return std::string();
  };
  EXPECT_EQ(sirens(g.cards_for(g.resolve({{"variant", lure3}}))), "Lures three.");
  EXPECT_NE(sirens(g.cards()), "Lures three.");
  EXPECT_FALSE(sirens(g.cards()).empty());
  EXPECT_EQ(g.cards_for(g.resolve({})), g.cards());
}

// Views carry the content: what a seat sees, the world a search bot samples from it, its drawing
// and its narration are the variant's, to the end of a game (E2).
TEST(TurfWarsVariant, ViewsAndSampledWorldsKeepTheVariant) {
  auto s = create(variant_text("five", R"({"constants": {"start_troops": {"value": 5}}})"), 11, 3);
  const int slot = pos(*s).content;
  std::vector<Action> legal;
  Rng rng(3);
  int steps = 0;
  while (!s->terminal()) {
    const View v = s->view(s->to_move());
    const auto& tv = v.as<TurfWarsView>();
    ASSERT_EQ(tv.pos.content, slot);
    if (steps % 25 == 0) {
      auto world = tv.sample_world(rng);
      ASSERT_EQ(pos(*world).content, slot);
      EXPECT_FALSE(game().draw(v, DrawStyle{}).empty());
    }
    s->legal_actions(legal);
    s->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    ++steps;
  }
  EXPECT_GT(steps, 10);
}

// Same variant, seed and actions: the same game (determinism), whichever slot it landed in.
TEST(TurfWarsVariant, AVariantGameIsReproducible) {
  const std::string v = variant_text("five", R"({"constants": {"start_troops": {"value": 5}}})");
  auto a = create(v, 21), b = create(v, 21);
  variant_test::expect_same_game(*a, *b, 9,
                                 [](const State& x, const State& y) { return pos(x) == pos(y); });
}

// The option checks the patch before any game: the JSON path, the loader's own checks (the
// boards and the number of action card kinds stay), and the bound on variants in one process.
TEST(TurfWarsVariant, TheOptionRefusesWhatDoesNotFit) {
  auto refusal = [](const std::string& patch) { return variant_test::refusal(game(), patch); };
  EXPECT_EQ(refusal(R"({"factions": {"sirens": {"abilty": []}}})"),
            "variant 'v': factions.sirens.abilty: no such field (did you mean 'ability'?)");
  EXPECT_EQ(refusal(R"({"boards": {"five": {"domination": 2}}})"),
            "variant 'v': boards: a variant changes cards and numbers, not the boards");
  EXPECT_EQ(refusal(R"({"factions": {"sirens": {"ability": [{"primitive": "sing"}]}}})"),
            "variant 'v': the variant does not fit the game: sirens: unknown ability primitive "
            "'sing'");
  EXPECT_NE(refusal(R"({"action_cards": {"0": {"priorities": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}}})")
                .find("a variant changes them, not their number"),
            std::string::npos);
  EXPECT_EQ(refusal(R"({"constants": {"rounds": {"value": 12}}})"), "(accepted)");
  std::string last;
  for (int k = 0; k < kMaxVariantSlots + 1 && last.empty(); ++k) {
    const std::string r =
        refusal(R"({"constants": {"price_troop": {"value": )" + std::to_string(100 + k) + "}}}");
    if (r != "(accepted)") last = r;
  }
  EXPECT_NE(last.find("too many variants in one process"), std::string::npos) << last;
}

// The lab: --variant NAME=FILE read and checked, swept against the base by name, labelled by
// name, kept in the experiment's description.
TEST(TurfWarsVariant, TheLabSweepsVariantsByName) {
  const test_files::TempDir dir("turf-variant-test");
  const std::string path = dir.file("five.json");
  std::ofstream(path) << R"({"constants": {"start_troops": {"value": 5}}})";
  const Variant v = lab::read_variant(game(), "five=" + path);
  EXPECT_EQ(v.name, "five");
  lab::Experiment e;
  e.game = &game();
  e.base_options = {{"players", "2"}};
  e.seats = {"random"};
  e.games = 4;
  e.cards = false;
  e.variants[v.name] = v.patch;
  e.sweeps.push_back({"variant", {"base", "five"}});
  const auto cells = e.cells();
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(cells[0].get("variant"), "base");
  EXPECT_EQ(variant_label(cells[1].get("variant")), "five");
  const lab::Experiment back = lab::Experiment::from_json(e.to_json());
  EXPECT_EQ(back.variants, e.variants);
  EXPECT_EQ(back.cells()[1], cells[1]);
  const auto result = lab::run(e, 1, false);
  const json summary = lab::summarize(e, result.lines);
  EXPECT_EQ(summary["cells"][1]["label"], "variant=five");
  e.sweeps[0].values = {"base", "fiv"};
  try {
    e.cells();
    FAIL() << "an unknown variant name was accepted";
  } catch (const Error& err) {
    EXPECT_NE(std::string(err.what()).find("did you mean 'five'"), std::string::npos);
  }
  EXPECT_THROW(lab::read_variant(game(), "five=" + path + ".missing"), Error);
  EXPECT_THROW(lab::read_variant(Registry::instance().find("yard"), path), Error);
}

}  // namespace
}  // namespace turf::turfwars
