// Loads data/dungeon/content.json (embedded at build time) into the rules kernel's tables.
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/variant.h"
#include "games/dungeon/game.h"
#include "games/dungeon/rules.h"

namespace turf::dungeon {

namespace {

constexpr const char* kShapeIds[kNumShapes] = {"dead_end", "straight", "corner", "tee", "cross"};
constexpr const char* kMonsterIds[kNumTypes] = {"turtleman", "were_rat", "crane_wife"};

[[noreturn]] void bad(const std::string& what) {
  throw std::logic_error("data/dungeon/content.json: " + what);
}

std::uint8_t parse_passages(const std::string& s) {
  std::uint8_t m = 0;
  for (char c : s) {
    const std::string dirs = "NESW";
    const auto d = dirs.find(c);
    if (d == std::string::npos) bad("bad passage letter in '" + s + "'");
    m |= bit(static_cast<int>(d));
  }
  return m;
}

template <std::size_t N>
int index_of(const char* const (&ids)[N], const std::string& id) {
  for (std::size_t i = 0; i < N; ++i)
    if (id == ids[i]) return static_cast<int>(i);
  bad("unknown id '" + id + "'");
}

Content load(const nlohmann::json& j) {
  Content c;
  int seen_shapes = 0;
  for (const auto& s : j.at("shapes")) {
    const int i = index_of(kShapeIds, s.at("id").get<std::string>());
    ShapeDef& d = c.shapes[i];
    d.id = kShapeIds[i];
    d.name = s.at("name").get<std::string>();
    d.base_mask = parse_passages(s.at("passages").get<std::string>());
    d.hosts_monsters = s.at("hosts_monsters").get<bool>();
    d.tag = s.at("tag").get<std::string>();
    d.passages = __builtin_popcount(d.base_mask);
    unsigned distinct = 0;
    std::uint8_t m = d.base_mask;
    for (int r = 0; r < 4; ++r, m = rotate_cw(m)) distinct |= 1u << m;
    for (int k = 1; k < 16; ++k)
      if (distinct & (1u << k)) d.orientations[d.num_orientations++] = static_cast<std::uint8_t>(k);
    ++seen_shapes;
  }
  if (seen_shapes != kNumShapes) bad("needs exactly the five shapes");
  for (int key = 0; key < 256; ++key) {
    const Spot spot{0, 0, static_cast<std::uint8_t>(key & 15), static_cast<std::uint8_t>(key >> 4)};
    for (int i = 0; i < kNumShapes; ++i) {
      const ShapeDef& d = c.shapes[i];
      for (int k = 0; k < d.num_orientations; ++k)
        if (fits(spot, d.orientations[k]))
          c.fit[i][key] |= static_cast<std::uint16_t>(1u << d.orientations[k]);
      if (c.fit[i][key]) c.fit_shapes[key] |= static_cast<std::uint8_t>(1u << i);
    }
  }
  int seen_monsters = 0;
  for (const auto& m : j.at("monsters")) {
    const int i = index_of(kMonsterIds, m.at("id").get<std::string>());
    MonsterDef& d = c.monsters[i];
    d.id = kMonsterIds[i];
    d.name = m.at("name").get<std::string>();
    d.letter = m.at("letter").get<std::string>().at(0);
    d.defeats = index_of(kMonsterIds, m.at("defeats").get<std::string>());
    d.per_deck = m.at("per_deck").get<int>();
    d.tag = m.at("tag").get<std::string>();
    c.beats[i][d.defeats] = true;
    ++seen_monsters;
  }
  if (seen_monsters != kNumTypes) bad("needs exactly the three monster types");
  for (int i = 0; i < kNumShapes; ++i)
    if (c.shapes[i].hosts_monsters) c.hosts |= 1u << i;
  for (int a = 0; a < kNumTypes; ++a)
    for (int b = 0; b < kNumTypes; ++b)
      if (c.beats[a][b]) c.defeats[a] |= static_cast<std::uint8_t>(1u << b);
  int per_deck = 0;
  for (const auto& d : c.monsters) per_deck += d.per_deck;
  if (per_deck != kMonstersPerDeck) bad("a monster deck must hold 6 cards");
  for (int a = 0; a < kNumTypes; ++a)
    for (int b = 0; b < kNumTypes; ++b)
      if (c.beats[a][b] && c.beats[b][a]) bad("two types defeat each other");
  if (j.at("deck_size").at("value").get<int>() != kDeckSize) bad("the deck holds 28 tiles");
  for (const auto& x : j.at("mixes")) {
    Mix mix;
    mix.id = x.at("id").get<std::string>();
    mix.tag = x.at("tag").get<std::string>();
    mix.why = x.at("why").get<std::string>();
    int total = 0;
    for (const auto& [id, n] : x.at("counts").items()) {
      const int v = n.get<int>();
      if (v < 0 || v > kDeckSize) bad("bad count in mix " + mix.id);
      mix.counts[index_of(kShapeIds, id)] = static_cast<std::uint8_t>(v);
      total += v;
    }
    if (total != kDeckSize) bad("mix " + mix.id + " does not hold 28 tiles");
    c.mixes.push_back(std::move(mix));
  }
  if (c.mixes.empty()) bad("needs at least one mix");
  return c;
}

}  // namespace

namespace {
ContentSlots<Content>& slots() {
  static ContentSlots<Content> s(nlohmann::json::parse(embedded_file("data/dungeon/content.json")),
                                 &load);
  return s;
}
}  // namespace

const Content* const* content_table() {
  return slots().table();
}
int content_slot(const nlohmann::json& patch) {
  // The number of tiles is the engine's deck (28 cards, D1.1).
  if (patch.is_object() && patch.contains("deck_size"))
    throw Error("deck_size: a variant changes the mixes, not the size of the deck");
  return slots().slot_of(patch);
}
const nlohmann::json& content_document() {
  return slots().base_document();
}

const Mix& Content::mix(const std::string& id) const {
  for (const auto& m : mixes)
    if (m.id == id) return m;
  throw std::logic_error("unknown tile mix " + id);
}

}  // namespace turf::dungeon
