// Cry Havoc card texts (issue 16): factions, skills, structures, faction and terrain cards (their
// icons, after-action and tactics texts), the battle objectives, events, Exploration tokens and
// Trog tokens, each with its tag, for `turf cards cryhavoc` and front ends. Texts are data:
// data/cryhavoc/{cards,factions,tokens}.json, and data/cryhavoc/card_texts.json for the faction
// summaries and the objectives. Ids are the ones views use.
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
  if (d.star) out += (out.empty() ? "" : ", ") + std::string("star");
  return out;
}

}  // namespace

nlohmann::json card_texts() {
  const Content& c = content();
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
    nlohmann::json e = {{"id", s.id},
                        {"name", s.name},
                        {"kind", "skill"},
                        {"tag", s.tag},
                        {"faction", faction_id(s.faction)},
                        {"text", s.text}};
    if (s.is_default) e["default"] = true;
    if (s.four_players_only) e["four_players_only"] = true;
    out.push_back(std::move(e));
  }
  for (int k = 0; k < kStructIds; ++k) {
    const StructureDef& s = c.structures[k];
    if (!s.exists) continue;
    out.push_back({{"id", s.id},
                   {"name", s.name},
                   {"kind", "structure"},
                   {"tag", s.tag},
                   {"faction", faction_id(s.faction)},
                   {"cost", s.build_cost},
                   {"cost_unit", "build points"},  // C1.4, not dollars (issue 23)
                   {"activate_cost", s.activate_cost},
                   {"text", s.text}});
  }
  for (int d = 0; d < static_cast<int>(c.cards.size()); ++d) {
    const CardDef& k = c.cards[d];
    int count = 0;
    for (const auto& f : c.factions)
      for (auto x : f.deck) count += x == d;
    for (const auto& deck : c.terrain_decks)
      for (auto x : deck) count += x == d;
    std::string text = icons(k);
    if (k.scoring) text += (text.empty() ? "" : ". ") + std::string("Play it to enable scoring");
    if (!k.text.empty()) text += (text.empty() ? "" : ". ") + k.text;
    if (!k.after_text.empty())
      text += (text.empty() ? "" : ". ") + std::string("After the action: ") + k.after_text;
    if (!k.battle_text.empty())
      text += (text.empty() ? "" : ". ") + std::string("Tactics: ") + k.battle_text;
    if (text.empty()) text = "No icons and no text.";
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
                   {"text", t.text}});
  }
  auto trog = [&](const TokenDef& t, const char* kind, int count, const char* what) {
    std::string text = std::string(what) + std::to_string(t.trogs) + " Trog unit" +
                       (t.trogs == 1 ? "" : "s") + " and " + std::to_string(t.crystals) +
                       " crystal" + (t.crystals == 1 ? "" : "s") + " appear in its region.";
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
         "When a unit enters or it is revealed: ");
  for (int i = 0; i < static_cast<int>(c.nests.size()); ++i)
    trog(c.nests[i], "nest_token", copies(c.nest_pool, i),
         "Left by Trogs that won or retreated; when revealed: ");
  return out;
}

}  // namespace turf::cryhavoc
