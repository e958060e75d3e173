// Cry Havoc content: loads data/cryhavoc/{maps,cards,factions,tokens}.json (embedded at build
// time) into the kernel's tables and checks them (counts, ids, links, effect vocabulary). The
// found / expansion / inferred / designed tags are kept for the rules document and `turf rules`.
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/variant.h"
#include "games/cryhavoc/rules.h"

namespace turf::cryhavoc {

namespace {

using nlohmann::json;

[[noreturn]] void bad(const std::string& file, const std::string& what) {
  throw std::logic_error("data/cryhavoc/" + file + ": " + what);
}

// The one content document variants patch (core/variant.h): the four files' sections side by
// side (their keys differ), without their "about" notes.
json content_file_sections() {
  json doc = json::object();
  for (const char* name : {"cards.json", "factions.json", "maps.json", "tokens.json"}) {
    const json file = json::parse(embedded_file(std::string("data/cryhavoc/") + name));
    for (const auto& [key, value] : file.items())
      if (key != "about") doc[key] = value;
  }
  return doc;
}

const char* const kFactionIds[kFactions] = {"humans", "machines", "pilgrims", "trogs"};
const char* const kTerrainIds[kTerrains] = {"mountain", "desert", "jungle", "ocean"};

int index_in(const char* const* ids, int n, const std::string& id, const char* file) {
  for (int i = 0; i < n; ++i)
    if (id == ids[i]) return i;
  bad(file, "unknown id '" + id + "'");
}

struct OpName {
  const char* name;
  Op op;
};
const OpName kOps[] = {
    {"vp", Op::kVp},
    {"draw", Op::kDraw},
    {"recruit", Op::kRecruit},
    {"initiative", Op::kInitiative},
    {"deploy", Op::kDeploy},
    {"crystal_here", Op::kCrystalHere},
    {"units_here", Op::kUnitsHere},
    {"extract_here", Op::kExtractHere},
    {"harvest", Op::kHarvest},
    {"store_to_vp", Op::kStoreToVp},
    {"pay_store", Op::kPayStore},
    {"kill_anywhere", Op::kKillAnywhere},
    {"capture_adjacent", Op::kCaptureAdjacent},
    {"shred", Op::kShred},
    {"artillery", Op::kArtillery},
    {"watchtower", Op::kWatchtower},
    {"matrix", Op::kMatrix},
    {"fly", Op::kFly},
    {"teleport", Op::kTeleport},
    {"phase_step", Op::kPhaseStep},
    {"peek", Op::kPeek},
    {"explore", Op::kExplore},
    {"discard", Op::kDiscard},
    {"air_drop", Op::kAirDrop},
    {"move_bonus", Op::kMoveBonus},
    {"action_bonus", Op::kActionBonus},
    {"special_forces", Op::kSpecialForces},
    {"redeploy", Op::kRedeploy},
    {"disassemble", Op::kDisassemble},
    {"assemble", Op::kAssemble},
    {"free_activate", Op::kFreeActivate},
    {"distraction", Op::kDistraction},
    {"withdraw", Op::kWithdraw},
    {"kidnap", Op::kKidnap},
    {"ancient_crystals", Op::kAncientCrystals},
    {"medic", Op::kMedic},
    {"all_recruit", Op::kAllRecruit},
    {"crystal_rain", Op::kCrystalRain},
    {"all_draw", Op::kAllDraw},
    {"trog_migration", Op::kTrogMigration},
    {"tremor", Op::kTremor},
    {"windfall", Op::kWindfall},
    {"b_reinforce", Op::kBReinforce},
    {"b_strength", Op::kBStrength},
    {"b_kill", Op::kBKill},
    {"b_shift", Op::kBShift},
    {"b_push", Op::kBPush},
};

bool is_battle_op(Op op) {
  return op == Op::kBReinforce || op == Op::kBStrength || op == Op::kBKill || op == Op::kBShift ||
         op == Op::kBPush || op == Op::kDraw || op == Op::kVp;
}

Effect parse_effect(const json& j, const char* file, const std::string& owner) {
  Effect e;
  if (j.is_null()) return e;
  if (j.size() > e.steps.size()) bad(file, owner + ": an effect has at most 4 steps");
  for (const auto& s : j) {
    EffectStep st;
    const std::string name = s.at("op").get<std::string>();
    bool found = false;
    for (const auto& o : kOps)
      if (name == o.name) st.op = o.op, found = true;
    if (!found) bad(file, owner + ": unknown effect op '" + name + "'");
    st.n = static_cast<std::int8_t>(s.value("n", 1));
    st.m = static_cast<std::int8_t>(s.value("m", 0));
    if (s.contains("objective")) {
      const std::string o = s.at("objective").get<std::string>();
      if (o == "control")
        st.m = kControl;
      else if (o == "prisoners")
        st.m = kPrisoners;
      else if (o == "attrition")
        st.m = kAttrition;
      else
        bad(file, owner + ": unknown objective '" + o + "'");
    }
    if (s.contains("filter")) {
      const std::string f = s.at("filter").get<std::string>();
      if (f == "any")
        st.filter = CardFilter::kAny;
      else if (f == "recruit")
        st.filter = CardFilter::kRecruit;
      else if (f == "terrain")
        st.filter = CardFilter::kTerrain;
      else
        bad(file, owner + ": unknown card filter '" + f + "'");
    }
    if (st.n < 0 || st.n > 9 || st.m < 0 || st.m > 9) bad(file, owner + ": n and m are 0..9");
    e.steps[e.size++] = st;
  }
  return e;
}

void check_tag(const json& j, const char* file, const std::string& owner) {
  const std::string t = j.at("tag").get<std::string>();
  if (t != "found" && t != "expansion" && t != "inferred" && t != "designed")
    bad(file, owner + ": tag must be found, expansion, inferred or designed");
}

void load_cards(Content& c, std::map<std::string, int>& ids, const json& j) {
  const char* file = "cards.json";
  auto add = [&](const json& x, int faction, int terrain) {
    CardDef d;
    d.id = x.at("id").get<std::string>();
    if (ids.count(d.id)) bad(file, "duplicate card id " + d.id);
    check_tag(x, file, d.id);
    d.name = x.at("name").get<std::string>();
    d.tag = x.at("tag").get<std::string>();
    d.source = x.value("source", "");
    d.faction = static_cast<std::int8_t>(faction);
    d.terrain = static_cast<std::int8_t>(terrain);
    d.move = x.value("move", 0);
    d.recruit = x.value("recruit", 0);
    d.build = x.value("build", 0);
    d.star = x.value("star", 0);
    d.draw = x.value("draw", 0);
    d.scoring = x.value("scoring", false);
    d.after_text = x.value("after_text", "");
    d.battle_text = x.value("battle_text", "");
    d.after = parse_effect(x.value("after", json()), file, d.id);
    d.battle = parse_effect(x.value("battle", json()), file, d.id);
    for (int i = 0; i < d.battle.size; ++i)
      if (!is_battle_op(d.battle.steps[i].op)) bad(file, d.id + ": not a battle effect");
    for (int i = 0; i < d.after.size; ++i)
      if (d.after.steps[i].op == Op::kDiscard) bad(file, d.id + ": discards belong to skills");
    for (int i = 0; i < d.after.size; ++i)
      if (is_battle_op(d.after.steps[i].op) && d.after.steps[i].op != Op::kDraw &&
          d.after.steps[i].op != Op::kVp)
        bad(file, d.id + ": a battle effect outside a battle");
    const int copies = x.at("copies").get<int>();
    if (copies < 1 || copies > 4) bad(file, d.id + ": copies 1..4");
    const int def = static_cast<int>(c.cards.size());
    if (def >= kMaxCardDefs) bad(file, "too many cards");
    ids[d.id] = def;
    for (int k = 0; k < copies; ++k) {
      if (faction >= 0)
        c.factions[faction].deck.push_back(static_cast<std::uint8_t>(def));
      else
        c.terrain_decks[terrain].push_back(static_cast<std::uint8_t>(def));
    }
    c.cards.push_back(std::move(d));
  };
  for (const auto& x : j.at("faction_cards"))
    add(x, index_in(kFactionIds, kFactions, x.at("faction").get<std::string>(), file), -1);
  for (const auto& x : j.at("terrain_cards"))
    add(x, -1, index_in(kTerrainIds, kTerrains, x.at("terrain").get<std::string>(), file));
  for (int t = 0; t < kTerrains; ++t)
    if (c.terrain_decks[t].size() != kTerrainDeckSize)
      bad(file, std::string("the ") + kTerrainIds[t] + " deck must hold 8 cards");
  for (int f = 0; f < kFactions; ++f) {
    int scoring = 0;
    for (auto d : c.factions[f].deck)
      if (c.cards[d].scoring) {
        ++scoring;
        c.factions[f].scoring_card = d;
      }
    if (scoring != 1) bad(file, std::string(kFactionIds[f]) + " needs exactly one scoring card");
    if (c.factions[f].deck.size() > 16) bad(file, "a personal deck holds at most 16 cards");
  }
  if (c.factions[kHumans].deck.size() != 8) bad(file, "the Human deck holds 8 cards (found)");
}

void load_factions(Content& c, const json& j) {
  const char* file = "factions.json";
  int seen = 0;
  for (const auto& x : j.at("factions")) {
    const int f = index_in(kFactionIds, kFactions, x.at("id").get<std::string>(), file);
    FactionDef& d = c.factions[f];
    d.id = kFactionIds[f];
    d.name = x.at("name").get<std::string>();
    check_tag(x, file, d.id);
    d.tag = x.at("tag").get<std::string>();
    d.source = x.value("source", "");
    d.units = x.at("units").get<std::uint8_t>();
    const auto& ss = x.at("structures");
    const std::size_t want = f == kMachines ? 5 : 3;
    if (ss.size() != want) bad(file, d.id + ": 3 structures (5 for the Machines)");
    d.num_structures = static_cast<std::uint8_t>(ss.size());
    for (std::size_t k = 0; k < ss.size(); ++k) {
      StructureDef& s = c.structures[f * kStructTypes + k];
      s.id = ss[k].at("id").get<std::string>();
      s.name = ss[k].at("name").get<std::string>();
      s.text = ss[k].at("text").get<std::string>();
      check_tag(ss[k], file, s.id);
      s.tag = ss[k].at("tag").get<std::string>();
      s.source = ss[k].value("source", "");
      s.faction = static_cast<std::uint8_t>(f);
      s.type = static_cast<std::uint8_t>(k);
      s.build_cost = ss[k].at("build").get<std::uint8_t>();
      s.activate_cost = ss[k].at("activate").get<std::uint8_t>();
      s.effect = parse_effect(ss[k].at("effect"), file, s.id);
      for (int i = 0; i < s.effect.size; ++i)
        if (s.effect.steps[i].op == Op::kDiscard) bad(file, s.id + ": discards belong to skills");
      s.exists = true;
    }
    const auto& sk = x.at("skills");
    if (sk.size() != kSkillsPerFaction && sk.size() != kSkillsPerFaction + 1)
      bad(file, d.id + ": 5 or 6 skills");
    d.sixth_skill = sk.size() > kSkillsPerFaction;
    int defaults = 0;
    for (std::size_t k = 0; k < sk.size(); ++k) {
      // The sixth skill takes an id after all the others, so that skill ids stay stable.
      SkillDef& s = c.skills[k < kSkillsPerFaction ? f * kSkillsPerFaction + k
                                                   : kFactions * kSkillsPerFaction + f];
      s.id = sk[k].at("id").get<std::string>();
      s.name = sk[k].at("name").get<std::string>();
      s.text = sk[k].at("text").get<std::string>();
      check_tag(sk[k], file, s.id);
      s.tag = sk[k].at("tag").get<std::string>();
      s.source = sk[k].value("source", "");
      s.faction = static_cast<std::uint8_t>(f);
      s.is_default = sk[k].value("default", false);
      s.four_players_only = sk[k].value("four_players_only", false);
      s.effect = parse_effect(sk[k].at("effect"), file, s.id);
      for (int i = 0; i < s.effect.size; ++i)
        s.before_action_only = s.before_action_only || s.effect.steps[i].op == Op::kMoveBonus ||
                               s.effect.steps[i].op == Op::kActionBonus;
      for (int i = 1; i < s.effect.size; ++i)
        if (s.effect.steps[i].op == Op::kDiscard) bad(file, s.id + ": a discard comes first");
      if (s.is_default) {
        if (k >= kSkillsPerFaction) bad(file, s.id + ": the default is one of the first five");
        ++defaults;
        d.default_skill = static_cast<std::uint8_t>(k);
        if (s.four_players_only) bad(file, s.id + ": a default skill must exist at every count");
      }
    }
    if (defaults != 1) bad(file, d.id + ": exactly one default skill");
    ++seen;
  }
  if (seen != kFactions) bad(file, "needs the four factions");
}

void load_maps(Content& c, const json& j) {
  const char* file = "maps.json";
  const auto& maps = j.at("maps");
  if (maps.size() != 2) bad(file, "two map sides");
  for (int mi = 0; mi < 2; ++mi) {
    const json& x = maps[mi];
    MapDef& m = c.maps[mi];
    m.id = x.at("id").get<std::string>();
    m.name = x.at("name").get<std::string>();
    check_tag(x, file, m.id);
    m.tag = x.at("tag").get<std::string>();
    m.why = x.at("why").get<std::string>();
    m.players = x.at("players").get<std::vector<int>>();
    m.rows = x.at("rows").get<int>();
    m.cols = x.at("columns").get<int>();
    std::map<std::string, int> rid;
    for (const auto& r : x.at("regions")) {
      if (m.num_regions == kMaxRegions) bad(file, "at most 24 regions");
      RegionDef& d = m.regions[m.num_regions];
      d.id = r.at("id").get<std::string>();
      d.name = r.at("name").get<std::string>();
      check_tag(r, file, d.id);
      d.tag = r.at("tag").get<std::string>();
      d.row = r.at("cell")[0].get<std::uint8_t>();
      d.col = r.at("cell")[1].get<std::uint8_t>();
      if (r.contains("hq")) {
        d.hq_slot = r.at("hq").get<std::int8_t>();
      } else {
        d.terrain = static_cast<std::int8_t>(
            index_in(kTerrainIds, kTerrains, r.at("terrain").get<std::string>(), file));
        d.crystals = r.at("crystals").get<std::uint8_t>();
        const json& tok = r.at("token");
        if (tok.is_null())
          d.token = TokenSpot::kNone;
        else if (tok == "exploration")
          d.token = TokenSpot::kExploration;
        else if (tok == "war_party")
          d.token = TokenSpot::kWarParty;
        else
          bad(file, d.id + ": token is exploration, war_party or null");
      }
      d.tunnel = r.value("tunnel", false);
      d.trog_hq = r.value("trog_hq", false);
      if (rid.count(d.id)) bad(file, "duplicate region " + d.id);
      rid[d.id] = m.num_regions++;
    }
    auto link = [&](const json& l, bool wrap) {
      const auto a = rid.find(l[0].get<std::string>()), b = rid.find(l[1].get<std::string>());
      if (a == rid.end() || b == rid.end()) bad(file, "a link names an unknown region");
      m.regions[a->second].adj |= 1u << b->second;
      m.regions[b->second].adj |= 1u << a->second;
      if (wrap) {
        m.regions[a->second].wrap_adj |= 1u << b->second;
        m.regions[b->second].wrap_adj |= 1u << a->second;
      }
    };
    for (const auto& l : x.at("links")) link(l, false);
    for (const auto& l : x.at("wrap_links")) link(l, true);
    int slots = 0;
    for (int r = 0; r < m.num_regions; ++r) slots += m.regions[r].hq_slot >= 0;
    m.hq_slots.assign(static_cast<std::size_t>(slots), kNone);
    for (int r = 0; r < m.num_regions; ++r) {
      const RegionDef& d = m.regions[r];
      if (d.hq_slot >= 0) {
        if (d.hq_slot >= slots || m.hq_slots[d.hq_slot] != kNone) bad(file, "bad HQ slots");
        m.hq_slots[d.hq_slot] = static_cast<std::uint8_t>(r);
      }
      if (d.trog_hq) m.trog_hq = r;
      if (d.tunnel || d.trog_hq) m.tunnels |= 1u << r;
      if (!d.adj) bad(file, d.id + " has no neighbour");
    }
    const int most = *std::max_element(m.players.begin(), m.players.end());
    if (slots < std::min(most, 3)) bad(file, m.id + ": too few HQ slots");
    if (most == 4 && m.trog_hq < 0) bad(file, m.id + ": the 4-player side needs a Trog HQ");
    // Steps between regions (breadth-first over the links; tunnels are a Trog privilege only).
    for (int a = 0; a < m.num_regions; ++a) {
      for (auto& d : m.dist[a]) d = kNone;
      m.dist[a][a] = 0;
      std::uint32_t frontier = 1u << a, seen_mask = frontier;
      for (int d = 1; frontier; ++d) {
        std::uint32_t next = 0;
        for (int r = 0; r < m.num_regions; ++r)
          if (frontier >> r & 1) next |= m.regions[r].adj;
        next &= ~seen_mask;
        for (int r = 0; r < m.num_regions; ++r)
          if (next >> r & 1) m.dist[a][r] = static_cast<std::uint8_t>(d);
        seen_mask |= next;
        frontier = next;
      }
      for (int r = 0; r < m.num_regions; ++r)
        if (m.dist[a][r] == kNone) bad(file, m.id + " is not connected");
    }
  }
}

void load_tokens(Content& c, const json& j) {
  const char* file = "tokens.json";
  const auto& spots = j.at("event_spots");
  const auto values = spots.at("values").get<std::vector<int>>();
  if (values.size() != kEventSpots) bad(file, "4 event spots");
  for (int i = 0; i < kEventSpots; ++i) {
    c.event_spots[i] = values[i];
    if (i > 0 && values[i] <= values[i - 1]) bad(file, "event spots must increase");
  }
  c.event_spots_tag = spots.at("tag").get<std::string>();
  auto list = [&](const char* key, std::vector<TokenDef>& defs, std::vector<std::uint8_t>* pool,
                  bool units) {
    for (const auto& x : j.at(key)) {
      TokenDef d;
      d.id = x.at("id").get<std::string>();
      d.name = x.at("name").get<std::string>();
      check_tag(x, file, d.id);
      d.tag = x.at("tag").get<std::string>();
      d.source = x.value("source", "");
      d.text = x.value("text", "");
      if (units) {
        d.trogs = x.at("trogs").get<std::uint8_t>();
        d.crystals = x.at("crystals").get<std::uint8_t>();
      } else {
        d.effect = parse_effect(x.at("effect"), file, d.id);
      }
      const int copies = x.value("copies", 1);
      for (int k = 0; k < copies && pool; ++k)
        pool->push_back(static_cast<std::uint8_t>(defs.size()));
      defs.push_back(std::move(d));
    }
  };
  list("events", c.events, nullptr, false);
  list("exploration", c.explores, &c.explore_pool, false);
  list("war_parties", c.war_parties, &c.war_party_pool, true);
  list("nests", c.nests, &c.nest_pool, true);
  if (c.events.size() != kEventTokens) bad(file, "6 event tokens (found)");
  if (c.explore_pool.size() != kExploreTokens) bad(file, "12 exploration tokens (found)");
  if (c.war_party_pool.size() > kMaxWarParties || c.nest_pool.size() > kMaxNests)
    bad(file, "at most 12 war party and 12 nest tokens");
  for (const auto& e : c.events)
    for (int i = 0; i < e.effect.size; ++i)
      if (e.effect.steps[i].op < Op::kAllRecruit || e.effect.steps[i].op > Op::kWindfall)
        bad(file, e.id + ": events use the event ops");
  for (const auto& e : c.explores)
    for (int i = 0; i < e.effect.size; ++i) {
      const Op op = e.effect.steps[i].op;
      if (op != Op::kCrystalHere && op != Op::kDraw && op != Op::kVp && op != Op::kUnitsHere &&
          op != Op::kInitiative)
        bad(file, e.id + ": exploration effects take no choice");
    }
  for (const MapDef& m : c.maps) {
    int explore = 0, war = 0;
    for (int r = 0; r < m.num_regions; ++r) {
      explore += m.regions[r].token == TokenSpot::kExploration;
      war += m.regions[r].token == TokenSpot::kWarParty;
    }
    if (explore > kExploreTokens || war > static_cast<int>(c.war_party_pool.size()))
      bad(file, m.id + " has more token spots than tokens");
  }
}

Content load(const json& doc) {
  Content c;
  std::map<std::string, int> card_ids;
  load_cards(c, card_ids, doc);
  load_factions(c, doc);
  load_maps(c, doc);
  load_tokens(c, doc);
  return c;
}

ContentSlots<Content>& slots() {
  static ContentSlots<Content> s(content_file_sections(), &load);
  return s;
}

}  // namespace

const Content& content() {
  return *content_table()[0];
}
const Content* const* content_table() {
  return slots().table();
}
int content_slot(const nlohmann::json& patch) {
  return slots().slot_of(patch);
}
const nlohmann::json& content_document() {
  return slots().base_document();
}

}  // namespace turf::cryhavoc
