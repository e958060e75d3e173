// Turf Wars card texts (issue 16): every faction, event, secret win card, action card, combat card
// and phase-5 purchase with its text and tag, for `turf cards turfwars` and front ends. Factions,
// events, secret wins and action cards carry their texts in data/turfwars/content.json; combat
// cards and purchases in data/turfwars/card_texts.json. Ids are the ones views use.
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

nlohmann::json card_texts() {
  const Content& c = content();
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
  // Action cards: one entry per card name, with the priorities and copies of its printings.
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
                     {"count", 0}});
      it = index.find(id);
    }
    auto& e = out[it->second];
    for (int k = 0; k < a.count; ++k) e["priorities"].push_back(a.priority);
    e["count"] = e["count"].get<int>() + a.count;
  }
  const auto& texts = extra.at("combat_cards");
  for (int t = 0; t < kCombatTypes; ++t) {
    const CombatType& k = c.combat[t];
    out.push_back({{"id", k.id},
                   {"name", k.name},
                   {"kind", "combat"},
                   {"tag", k.tag},
                   {"value", k.value},
                   {"count", k.count},
                   {"text", texts.at(k.id).get<std::string>()}});
  }
  const std::map<std::string, int> prices = {{"price_troop", c.price_troop},
                                             {"price_secret", c.price_secret},
                                             {"price_actions", c.price_actions},
                                             {"price_combat", c.price_combat},
                                             {"price_ftt", c.price_ftt}};
  for (const auto& b : extra.at("buys")) {
    nlohmann::json e = {{"id", b.at("id")},
                        {"name", b.at("name")},
                        {"kind", "purchase"},
                        {"tag", "found"},
                        {"text", b.at("text")}};
    if (!b.at("price").is_null()) {
      e["cost"] = prices.at(b.at("price").get<std::string>());
      e["cost_unit"] = "DP";  // Domination Points, not dollars (issue 23)
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace turf::turfwars
