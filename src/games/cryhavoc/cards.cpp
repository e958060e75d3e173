// Cry Havoc card texts (issues 16 and 23): factions, skills, structures, faction and terrain cards
// (their icons, after-action and tactics texts), the battle objectives, events, Exploration tokens
// and Trog tokens, each with its tag, for `turf cards cryhavoc`, `look` and front ends. Everything
// a player reads is in "text" (the other fields are data for programs). The parts that state
// numbers the engine runs are generated here from the same data: icons, copies, costs, the
// default skill, the 4-player-only skill, the Trogs and crystals of Trog tokens and the unit an
// empty one costs. The effect sentences of cards, structures, skills, events and Exploration
// tokens are written by hand in data/cryhavoc/{cards,factions,tokens}.json and checked against the
// effects they describe (tests/cryhavoc/texts_test.cpp); the faction summaries and objectives are
// in data/cryhavoc/card_texts.json. Ids are the ones views use.
#include <nlohmann/json.hpp>
#include <string>

#include "core/embedded.h"
#include "games/cryhavoc/game.h"

namespace turf::cryhavoc {

namespace {

std::string icons(const CardDef& d) {
  std::string out;
  auto add = [&](int n, const char* what) {
    if (n) out += (out.empty() ? "" : ", ") + std::string(what) + " " + std::to_string(n);
  };
  add(d.move, "Move");
  add(d.recruit, "Recruit");
  add(d.build, "Build");
  if (d.draw) out += (out.empty() ? "" : ", ") + std::string("draw a card when played");
  if (d.star) out += (out.empty() ? "" : ", ") + std::string("1 VP when played (star)");
  return out;
}

std::string copies_text(int n) {
  return n == 1 ? "1 copy." : std::to_string(n) + " copies.";
}

}  // namespace

nlohmann::json card_texts(int slot) {
  const Content& c = *content_table()[slot];
  const auto extra = nlohmann::json::parse(embedded_file("data/cryhavoc/card_texts.json"));
  nlohmann::json out = nlohmann::json::array();
  for (int f = 0; f < kFactions; ++f) {
    const FactionDef& d = c.factions[f];
    out.push_back({{"id", d.id},
                   {"name", d.name},
                   {"kind", "faction"},
                   {"tag", d.tag},
                   {"units", d.units},
                   {"text", extra.at("factions").at(d.id).get<std::string>()}});
  }
  for (int k = 0; k < kSkillIds; ++k) {
    const SkillDef& s = c.skills[k];
    if (s.id.empty()) continue;
    std::string text = faction_name(s.faction) + (s.is_default ? " default skill" : " skill") +
                       " (once a round, on your turn): " + s.text;
    if (s.four_players_only) text += " Only in 4-player games.";
    nlohmann::json e = {{"id", s.id},
                        {"name", s.name},
                        {"kind", "skill"},
                        {"tag", s.tag},
                        {"faction", faction_id(s.faction)},
                        {"text", text}};
    if (s.is_default) e["default"] = true;
    if (s.four_players_only) e["four_players_only"] = true;
    out.push_back(std::move(e));
  }
  for (int k = 0; k < kStructIds; ++k) {
    const StructureDef& s = c.structures[k];
    if (!s.exists) continue;
    out.push_back(
        {{"id", s.id},
         {"name", s.name},
         {"kind", "structure"},
         {"tag", s.tag},
         {"faction", faction_id(s.faction)},
         {"text", faction_name(s.faction) + " structure: " + std::to_string(s.build_cost) +
                      (s.build_cost == 1 ? " build point" : " build points") + " to build, " +
                      std::to_string(s.activate_cost) + " to activate. " + s.text}});
  }
  for (int d = 0; d < static_cast<int>(c.cards.size()); ++d) {
    const CardDef& k = c.cards[d];
    int count = 0;
    for (const auto& f : c.factions)
      for (auto x : f.deck) count += x == d;
    for (const auto& deck : c.terrain_decks)
      for (auto x : deck) count += x == d;
    std::string text = icons(k);
    text = (text.empty() ? std::string("No icons") : "Icons: " + text) + ".";
    if (k.scoring) text += " Or play it for the Enable Scoring action (its icons are not used).";
    if (!k.text.empty()) text += " " + k.text;
    if (!k.after_text.empty()) text += " After the action: " + k.after_text;
    if (!k.battle_text.empty()) text += " Tactics (in a battle): " + k.battle_text;
    text += " " + copies_text(count);
    nlohmann::json e = {{"id", k.id},
                        {"name", k.name},
                        {"kind", k.faction >= 0 ? "card" : "terrain_card"},
                        {"tag", k.tag},
                        {"count", count},
                        {"move", k.move},
                        {"recruit", k.recruit},
                        {"build", k.build},
                        {"text", text}};
    if (k.faction >= 0) e["faction"] = faction_id(k.faction);
    if (k.terrain >= 0) e["terrain"] = terrain_name(k.terrain);
    out.push_back(std::move(e));
  }
  for (const auto& o : extra.at("objectives"))
    out.push_back({{"id", o.at("id")},
                   {"name", o.at("name")},
                   {"kind", "objective"},
                   {"tag", o.at("tag")},
                   {"text", o.at("text")}});
  for (const TokenDef& t : c.events)
    out.push_back(
        {{"id", t.id}, {"name", t.name}, {"kind", "event"}, {"tag", t.tag}, {"text", t.text}});
  auto copies = [](const std::vector<std::uint8_t>& pool, int def) {
    int n = 0;
    for (auto x : pool) n += x == def;
    return n;
  };
  for (int i = 0; i < static_cast<int>(c.explores.size()); ++i) {
    const TokenDef& t = c.explores[i];
    out.push_back({{"id", t.id},
                   {"name", t.name},
                   {"kind", "exploration_token"},
                   {"tag", t.tag},
                   {"count", copies(c.explore_pool, i)},
                   {"text",
                    "When a player's units end a move in its region, it is revealed for "
                    "them. " +
                        t.text + " " + copies_text(copies(c.explore_pool, i))}});
  }
  auto trog = [&](const TokenDef& t, const char* kind, int count, const char* what) {
    std::string text = std::string(what);
    auto amount = [](int n, const char* one, const char* many) {
      return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    if (t.trogs == 0) {
      text += "no Trogs appear, so the mover loses 1 unit there";
      if (t.crystals) text += "; " + amount(t.crystals, "crystal", "crystals") + " appear";
    } else {
      text += amount(t.trogs, "Trog unit", "Trog units") +
              (t.crystals ? " and " + amount(t.crystals, "crystal", "crystals") : "") +
              " appear there (as many Trogs as their supply still holds; if none is left, the "
              "mover loses 1 unit there)";
    }
    text += ". " + copies_text(count);
    if (!t.text.empty()) text += " " + t.text;
    out.push_back({{"id", t.id},
                   {"name", t.name},
                   {"kind", kind},
                   {"tag", t.tag},
                   {"count", count},
                   {"trogs", t.trogs},
                   {"crystals", t.crystals},
                   {"text", text}});
  };
  for (int i = 0; i < static_cast<int>(c.war_parties.size()); ++i)
    trog(c.war_parties[i], "war_party_token", copies(c.war_party_pool, i),
         "Trog War Party, face down on the map from the start. When units move into its region "
         "it is revealed: ");
  for (int i = 0; i < static_cast<int>(c.nests.size()); ++i)
    trog(c.nests[i], "nest_token", copies(c.nest_pool, i),
         "Trog Nest (2 or 3 players), left face down by neutral Trogs that won or retreated. When "
         "units move into its region it is revealed: ");
  return out;
}

}  // namespace turf::cryhavoc
