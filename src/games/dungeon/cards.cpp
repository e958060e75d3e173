// Card texts of the dungeon (issue 16): every tile shape and monster card with its text, counts and
// tag, read from data/dungeon/content.json.
#include <nlohmann/json.hpp>

#include "core/embedded.h"
#include "games/dungeon/game.h"

namespace turf::dungeon {

nlohmann::json cards() {
  const auto j = nlohmann::json::parse(embedded_file("data/dungeon/content.json"));
  const Content& c = content();
  auto out = nlohmann::json::array();
  for (int s = 0; s < kNumShapes; ++s) {
    const auto& d = j.at("shapes").at(s);
    nlohmann::json e = {{"id", c.shapes[s].id},
                        {"name", c.shapes[s].name},
                        {"kind", "tile"},
                        {"tag", c.shapes[s].tag},
                        {"text", d.at("text")},
                        {"passages", d.at("passages")},
                        {"passage_count", c.shapes[s].passages},
                        {"hosts_monsters", c.shapes[s].hosts_monsters}};
    auto& counts = e["count"] = nlohmann::json::object();
    for (const auto& m : c.mixes) counts[m.id] = m.counts[s];
    out.push_back(std::move(e));
  }
  for (int t = 0; t < kNumTypes; ++t) {
    const auto& d = j.at("monsters").at(t);
    const MonsterDef& m = c.monsters[t];
    out.push_back({{"id", m.id},
                   {"name", m.name},
                   {"kind", "monster"},
                   {"tag", m.tag},
                   {"text", d.at("text")},
                   {"letter", std::string(1, m.letter)},
                   {"defeats", c.monsters[m.defeats].id},
                   {"count", m.per_deck}});
  }
  return out;
}

}  // namespace turf::dungeon
