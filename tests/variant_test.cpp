// Content variants (issue 31; core/variant.h): the patch over a content document, by id and by
// position, refusing what does not fit with the JSON path; the option text; the diff.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/game.h"
#include "core/variant.h"

namespace turf {
namespace {

using nlohmann::json;

const json kDoc = json::parse(R"({
  "constants": [{"id": "rounds", "value": 10}, {"id": "start_troops", "value": 4}],
  "factions": [{"id": "sirens", "name": "Sirens", "ability": [{"primitive": "lure", "amount": 2}],
                "odds": 0.5, "optional": false, "priorities": [1, 2, 3]},
               {"id": "pirates", "name": "Pirates", "ability": [], "odds": 0.25, "optional": true,
                "priorities": [4]}],
  "packs": [{"kind": "attack", "amount": 3}, {"kind": "strike", "amount": 1}],
  "about": "text",
  "total": {"value": 12}
})");

std::string refusal(const json& patch) {
  try {
    apply_variant_patch(kDoc, patch);
  } catch (const Error& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(Variant, EntriesWithIdsAreAddressedByIdAndOnlyTheNamedFieldsChange) {
  const json out = apply_variant_patch(kDoc, json::parse(R"({
    "constants": {"start_troops": {"value": 5}},
    "factions": {"sirens": {"ability": [{"primitive": "lure", "amount": 3}], "odds": 1}},
    "total": {"value": 13}})"));
  EXPECT_EQ(out["constants"][1]["value"], 5);
  EXPECT_EQ(out["constants"][0], kDoc["constants"][0]);
  EXPECT_EQ(out["factions"][0]["ability"][0]["amount"], 3);
  EXPECT_EQ(out["factions"][0]["odds"], 1);  // a whole number where a number is expected
  EXPECT_EQ(out["factions"][0]["name"], "Sirens");
  EXPECT_EQ(out["factions"][1], kDoc["factions"][1]);
  EXPECT_EQ(out["total"]["value"], 13);
  EXPECT_EQ(apply_variant_patch(kDoc, json::object()), kDoc);
}

TEST(Variant, EntriesWithoutIdsAreAddressedByPositionOrReplacedWhole) {
  const json out = apply_variant_patch(kDoc, json::parse(R"({"packs": {"1": {"amount": 2}}})"));
  EXPECT_EQ(out["packs"][1]["amount"], 2);
  EXPECT_EQ(out["packs"][0], kDoc["packs"][0]);
  const json whole = apply_variant_patch(
      kDoc, json::parse(R"({"factions": {"sirens": {"ability": [{"primitive": "a"},
                                                                 {"primitive": "b"}]}}})"));
  EXPECT_EQ(whole["factions"][0]["ability"].size(), 2u);
  const json list =
      apply_variant_patch(kDoc, json::parse(R"({"factions": {"sirens": {"priorities": [5, 5]}}})"));
  EXPECT_EQ(list["factions"][0]["priorities"], json::parse("[5, 5]"));
}

TEST(Variant, WhatDoesNotFitIsRefusedWithItsJsonPath) {
  EXPECT_EQ(refusal(json::parse(R"({"factions": {"sirns": {"odds": 1}}})")),
            "factions.sirns: no entry has the id 'sirns' (did you mean 'sirens'?)");
  EXPECT_EQ(refusal(json::parse(R"({"factions": {"sirens": {"odd": 1}}})")),
            "factions.sirens.odd: no such field (did you mean 'odds'?)");
  EXPECT_EQ(refusal(json::parse(R"({"constants": {"rounds": {"value": "ten"}}})")),
            "constants.rounds.value: expects a whole number, not a text");
  EXPECT_EQ(refusal(json::parse(R"({"constants": {"rounds": {"value": 10.5}}})")),
            "constants.rounds.value: expects a whole number, not a number");
  EXPECT_EQ(refusal(json::parse(R"({"factions": {"pirates": {"optional": 1}}})")),
            "factions.pirates.optional: expects true or false, not a whole number");
  EXPECT_EQ(refusal(json::parse(R"({"factions": {"sirens": {"priorities": [1, "x"]}}})")),
            "factions.sirens.priorities: expects a list of a whole number, not of a text");
  EXPECT_EQ(refusal(json::parse(R"({"factions": {"sirens": {"name": null}}})")),
            "factions.sirens.name: a variant changes fields, it cannot remove one");
  EXPECT_EQ(refusal(json::parse(R"({"factions": {"sirens": {"id": "mermaids"}}})")),
            "factions.sirens.id: an id cannot be changed");
  EXPECT_EQ(refusal(json::parse(R"({"factions": [1]})")),
            "factions: a list of entries is changed entry by entry, with an object keyed by id, "
            "not a list");
  EXPECT_EQ(refusal(json::parse(R"({"packs": {"2": {"amount": 1}}})")),
            "packs.2: no entry 2 (entries 0..1)");
  EXPECT_EQ(refusal(json::parse(R"({"packs": {"0": 3}})")),
            "packs.0: an entry is changed with an object of its fields, not a whole number");
  EXPECT_EQ(refusal(json::parse(R"({"total": 3})")),
            "total: expects an object, not a whole number");
  EXPECT_EQ(refusal(json::parse(R"({"colour": "red"})")), "colour: no such field");
  EXPECT_EQ(refusal(json::parse("[1]")),
            "a variant is a JSON object of the fields it changes, not a list");
}

TEST(Variant, TheOptionTextIsCanonicalAndReadBack) {
  const Variant v{"sirens-3", json::parse(R"({"z": 1, "a": {"b": 2}})")};
  const std::string text = variant_option_text(v);
  EXPECT_EQ(text, R"({"name":"sirens-3","patch":{"a":{"b":2},"z":1}})");
  const Variant back = parse_variant_option(text);
  EXPECT_EQ(back.name, "sirens-3");
  EXPECT_EQ(back.patch, v.patch);
  EXPECT_EQ(variant_label(text), "sirens-3");
  EXPECT_EQ(variant_label("base"), "base");
  EXPECT_EQ(parse_variant_option("base").patch, json::object());
  EXPECT_THROW(parse_variant_option("sirens"), Error);
  EXPECT_THROW(parse_variant_option(R"({"name":"a b","patch":{}})"), Error);
  EXPECT_THROW(parse_variant_option(R"({"name":"base","patch":{}})"), Error);
  EXPECT_THROW(parse_variant_option(R"({"name":"a","patch":[]})"), Error);
  EXPECT_THROW(check_variant_name(std::string(41, 'a')), Error);
}

TEST(Variant, TheDiffListsEachChangedValueOnce) {
  const auto lines = variant_diff(kDoc, json::parse(R"({
    "constants": {"start_troops": {"value": 5}, "rounds": {"value": 10}},
    "factions": {"sirens": {"ability": [{"primitive": "lure", "amount": 3}]}}})"));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "constants.start_troops.value: 4 -> 5");
  EXPECT_EQ(
      lines[1],
      R"(factions.sirens.ability: [{"amount":2,"primitive":"lure"}] -> [{"amount":3,"primitive":"lure"}])");
}

// Two long texts that differ near their end: the diff shows where they differ, not their common
// start, and never cuts a character in two.
TEST(Variant, ALongChangeIsShownWhereItDiffers) {
  const std::string start(150, 'a');
  const json doc = {{"text", start + "é lure up to 2 troops."}};
  const auto lines = variant_diff(doc, {{"text", start + "é lure up to 3 troops."}});
  ASSERT_EQ(lines.size(), 1u);
  const std::string& l = lines[0];
  EXPECT_NE(l.find("lure up to 2 troops.\" -> "), std::string::npos) << l;
  EXPECT_NE(l.find("lure up to 3 troops.\""), std::string::npos) << l;
  EXPECT_EQ(l.rfind("text: ...", 0), 0u) << l;
  EXPECT_NO_THROW(json(l).dump());  // whole UTF-8 characters only
  for (const std::string& side : {l.substr(6, l.find(" -> ") - 6), l.substr(l.find(" -> ") + 4)})
    EXPECT_LE(side.size(), 121u) << side;
  // A short change is shown whole.
  const std::string to_short = variant_diff(doc, {{"text", "short"}})[0];
  EXPECT_EQ(to_short.rfind("text: \"aaa", 0), 0u) << to_short;
  EXPECT_EQ(to_short.substr(to_short.size() - 14), "... -> \"short\"") << to_short;
  EXPECT_EQ(variant_diff({{"n", 1}}, {{"n", 2}})[0], "n: 1 -> 2");
}

TEST(Variant, ALoaderRefusalIsSaidWithoutFileNamesOrLibraryCodes) {
  EXPECT_EQ(loader_words("data/turfwars/content.json: constants beyond the engine's capacity"),
            "the variant does not fit the game: constants beyond the engine's capacity");
  EXPECT_EQ(loader_words("[json.exception.out_of_range.403] key 'amount' not found"),
            "the variant does not fit the game: key 'amount' not found");
}

}  // namespace
}  // namespace turf
