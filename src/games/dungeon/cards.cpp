// Card texts of the dungeon (issue 16): every tile shape and monster card with its text, counts and
// tag. Issue 23: what a text says about the rules is generated from the data the rules run — a
// tile's open sides and the lines of influence a monster on it has (both readings of R1), a
// monster's place in the cycle of types; only a tile's short description is hand-written
// (data/dungeon/content.json, "text").
#include <nlohmann/json.hpp>
#include <string>

#include "core/variant.h"
#include "games/dungeon/game.h"

namespace turf::dungeon {

namespace {

const char* const kCount[] = {"no", "one", "two", "three", "four"};

// "open on two opposite sides. A monster on it has 2 lines of influence (...)".
std::string tile_rules(const ShapeDef& s) {
  const std::uint8_t m = s.base_mask;
  const bool n = m & 1, e = m & 2, so = m & 4, w = m & 8;
  std::string open = "Open on ";
  if (s.passages == 2)
    open += (n && so) || (e && w) ? "two opposite sides" : "two neighbouring sides";
  else if (s.passages == 4)
    open += "all four sides";
  else
    open += std::string(kCount[s.passages]) + (s.passages == 1 ? " side" : " sides");
  open += ".";
  if (!s.hosts_monsters) return open + " No monster may be placed on it.";
  // D6.2: one line per passage through the tile (its row, its column); with influence=direction
  // (R1) one per open side.
  const int lines = ((e || w) ? 1 : 0) + ((n || so) ? 1 : 0);
  auto count = [](int k) { return std::to_string(k) + (k == 1 ? " line" : " lines"); };
  std::string text = open + " A monster on it has " + count(lines) + " of influence";
  if (s.passages != lines) text += " (" + count(s.passages) + " if influence runs by open side)";
  return text + ".";
}

}  // namespace

nlohmann::json cards(const nlohmann::json* patch) {
  // One source for the texts: the document the content was built from, patched for a variant.
  nlohmann::json patched;
  const nlohmann::json& j =
      patch ? (patched = apply_variant_patch(content_document(), *patch)) : content_document();
  const Content& c = *content_table()[patch ? content_slot(*patch) : 0];
  auto out = nlohmann::json::array();
  for (int s = 0; s < kNumShapes; ++s) {
    const auto& d = j.at("shapes").at(s);
    nlohmann::json e = {{"id", c.shapes[s].id},
                        {"name", c.shapes[s].name},
                        {"kind", "tile"},
                        {"tag", c.shapes[s].tag},
                        {"text", d.at("text").get<std::string>() + " " + tile_rules(c.shapes[s])},
                        {"passages", d.at("passages")},
                        {"passage_count", c.shapes[s].passages},
                        {"hosts_monsters", c.shapes[s].hosts_monsters}};
    auto& counts = e["count"] = nlohmann::json::object();
    for (const auto& m : c.mixes) counts[m.id] = m.counts[s];
    out.push_back(std::move(e));
  }
  for (int t = 0; t < kNumTypes; ++t) {
    const MonsterDef& m = c.monsters[t];
    const std::string prey = c.monsters[m.defeats].name;
    std::string bane;
    for (const auto& o : c.monsters)
      if (c.monsters[o.defeats].id == m.id) bane = o.name;
    std::string copies = kCount[m.per_deck];
    copies[0] = static_cast<char>(copies[0] - 'a' + 'A');
    out.push_back({{"id", m.id},
                   {"name", m.name},
                   {"kind", "monster"},
                   {"tag", m.tag},
                   {"text", "Defeats a " + prey + ": may be played on top of a rival's " + prey +
                                ", and wins the corridors where both stand. Defeated by a " + bane +
                                ". " + copies + " in each monster deck."},
                   {"letter", std::string(1, m.letter)},
                   {"defeats", c.monsters[m.defeats].id},
                   {"count", m.per_deck}});
  }
  return out;
}

}  // namespace turf::dungeon
