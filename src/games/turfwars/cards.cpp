// Turf Wars card texts (issue 16): every faction, event, secret win card, action card, combat card
// and phase-5 purchase with its text and tag, for `turf cards turfwars` and front ends. Factions,
// events, secret wins and action cards carry hand-written texts in data/turfwars/content.json
// (tests/turfwars/texts_test.cpp checks their numbers and effects against the data the rules run,
// issue 23); the special combat cards' texts are in data/turfwars/card_texts.json; the numeric
// combat cards' and the purchases' texts are generated here from the values and prices the rules
// use. Ids are the ones views use.
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "core/embedded.h"
#include "games/turfwars/game.h"

namespace turf::turfwars {

std::string action_card_id(int t) {
  const ActionTemplate& a = content().templates[t];
  std::string id;
  for (char ch : a.name) {
    if (ch >= 'A' && ch <= 'Z')
      id += static_cast<char>(ch - 'A' + 'a');
    else if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9'))
      id += ch;
    else if (!id.empty() && id.back() != '_')
      id += '_';
  }
  while (!id.empty() && id.back() == '_') id.pop_back();
  return id;
}

namespace {

std::string number_word(int n) {
  static const char* const kWords[] = {"zero", "one",   "two",   "three", "four", "five",
                                       "six",  "seven", "eight", "nine",  "ten"};
  return n >= 0 && n <= 10 ? kWords[n] : std::to_string(n);
}

std::string capitalised(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

}  // namespace

nlohmann::json card_texts(int slot) {
  const Content& c = *content_table()[slot];
  const auto extra = nlohmann::json::parse(embedded_file("data/turfwars/card_texts.json"));
  nlohmann::json out = nlohmann::json::array();
  for (const Faction& f : c.factions)
    out.push_back({{"id", f.id},
                   {"name", f.name},
                   {"kind", "faction"},
                   {"tag", f.tag},
                   {"home", c.type_names[f.home]},
                   {"nemesis", c.factions[f.nemesis].name},
                   {"text", f.text}});
  for (const EventDef& e : c.events)
    out.push_back(
        {{"id", e.id}, {"name", e.name}, {"kind", "event"}, {"tag", e.tag}, {"text", e.text}});
  for (const SecretDef& d : c.secrets)
    out.push_back(
        {{"id", d.id}, {"name", d.name}, {"kind", "secret_win"}, {"tag", d.tag}, {"text", d.text}});
  // Action cards: one entry per card name, with the priorities and copies of its printings, and
  // the group its kind is called by in the order of play (the how-to's `{priority order}`,
  // cli/info.cpp).
  auto group = [](ActionKind k) {
    switch (k) {
      case ActionKind::kManeuver:
        return "Defensive Maneuvers";
      case ActionKind::kTeleport:
        return "Teleports";
      case ActionKind::kReinforce:
        return "Reinforcements";
      case ActionKind::kStrike:
        return "Strikes";
      case ActionKind::kAttack:
        return "Attacks";
    }
    return "";
  };
  std::map<std::string, int> index;
  for (int t = 0; t < static_cast<int>(c.templates.size()); ++t) {
    const ActionTemplate& a = c.templates[t];
    const std::string id = action_card_id(t);
    auto it = index.find(id);
    if (it == index.end()) {
      std::string text = a.text;
      const auto br = text.find("[Turf] ");
      if (br != std::string::npos && a.kind != ActionKind::kManeuver &&
          a.kind != ActionKind::kReinforce)
        text = text.substr(br + 7);
      index[id] = static_cast<int>(out.size());
      out.push_back({{"id", id},
                     {"name", a.name},
                     {"kind", "action"},
                     {"tag", a.tag},
                     {"text", text},
                     {"priorities", nlohmann::json::array()},
                     {"group", group(a.kind)},
                     {"count", 0}});
      it = index.find(id);
    }
    auto& e = out[it->second];
    for (int k = 0; k < a.count; ++k) e["priorities"].push_back(a.priority);
    e["count"] = e["count"].get<int>() + a.count;
  }
  // Combat cards: a numeric card's text from its value; the special cards' from card_texts.json.
  const auto& texts = extra.at("combat_cards");
  for (int t = 0; t < kCombatTypes; ++t) {
    const CombatType& k = c.combat[t];
    const std::string text = texts.contains(k.id) ? texts.at(k.id).get<std::string>()
                                                  : "Adds " + std::to_string(k.value) +
                                                        " to your side's strength in a Turf War.";
    out.push_back({{"id", k.id},
                   {"name", k.name},
                   {"kind", "combat"},
                   {"tag", k.tag},
                   {"value", k.value},
                   {"count", k.count},
                   {"text", text}});
  }
  // The phase-5 purchases (T12): generated from the prices and counts the rules use.
  auto buy = [&](const char* id, std::string name, int price, std::string text) {
    nlohmann::json e = {{"id", id},
                        {"name", std::move(name)},
                        {"kind", "purchase"},
                        {"tag", "found"},
                        {"text", std::move(text)}};
    if (price >= 0) {
      e["cost"] = price;
      e["cost_unit"] = "DP";  // Dominance Points, not dollars (issue 23)
    }
    out.push_back(std::move(e));
  };
  buy("buy_troop", "Troop", c.price_troop, "Place one more troop in a turf you control.");
  buy("buy_secret", "Secret win card", c.price_secret,
      "Draw a secret win card and keep it hidden; meeting its condition wins the game.");
  buy("buy_actions", capitalised(number_word(c.actions_bought)) + " action cards", c.price_actions,
      "Draw " + number_word(c.actions_bought) +
          " action cards; they join your packet in the next draft, where you still keep one "
          "card in all.");
  buy("buy_combat", "Two combat cards", c.price_combat,
      "Draw two combat cards, keep one and discard the other face up.");
  buy("buy_ftt", "First Turn Token", c.price_ftt,
      "Take the First Turn Token: you act first in the next round. Its price rises by one DP "
      "with each purchase of it in the same round; its holder cannot buy it.");
  buy("buy_exchange", "Exchange", -1,
      "Free, as often as you like: discard two combat cards (never the Zero) face up and draw "
      "one.");
  return out;
}

}  // namespace turf::turfwars
