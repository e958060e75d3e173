// Cry Havoc adapter: the State over the kernel, views (public position + the viewer's private
// knowledge), world sampling (everything hidden from the viewer re-dealt from what it cannot
// have seen), labels and JSON for every action id of docs/rules/cryhavoc.md, and registration.
#include "games/cryhavoc/game.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/narration.h"
#include "core/view.h"
#include "games/cryhavoc/kernel.h"

namespace turf::cryhavoc {

namespace {

const char* const kFactionNames[kFactions] = {"Humans", "Machines", "Pilgrims", "Trogs"};
const char* const kFactionIds[kFactions] = {"humans", "machines", "pilgrims", "trogs"};
const char* const kTerrainNames[kTerrains] = {"Mountain", "Desert", "Jungle", "Ocean"};
const char* const kObjectiveNames[kObjectives] = {"Region Control", "Capture Prisoners",
                                                  "Attrition"};

const char* step_name(Step s) {
  switch (s) {
    case Step::kDiscardToLimit:
      return "discard_to_limit";
    case Step::kTurnStart:
      return "turn_start";
    case Step::kMove:
      return "move";
    case Step::kRecruit:
      return "recruit";
    case Step::kBuild:
      return "build";
    case Step::kBuildWhere:
      return "build_where";
    case Step::kKeep:
      return "keep";
    case Step::kTrogOrder:
      return "trog_order";
    case Step::kBattleOrder:
      return "battle_order";
    case Step::kEffect:
      return "effect";
    case Step::kTurnEnd:
      return "turn_end";
    case Step::kPlace:
      return "place";
    case Step::kTactics:
      return "tactics";
    case Step::kCapture:
      return "capture";
    case Step::kKill:
      return "kill";
    case Step::kRetreat:
      return "retreat";
    case Step::kNest:
      return "nest";
    case Step::kBuyBack:
      return "buy_back";
    case Step::kOver:
      return "over";
  }
  return "?";
}

const char* op_name(Op op) {
  switch (op) {
    case Op::kDeploy:
      return "deploy";
    case Op::kHarvest:
      return "harvest";
    case Op::kKillAnywhere:
      return "kill";
    case Op::kCaptureAdjacent:
    case Op::kKidnap:
      return "capture";
    case Op::kShred:
      return "shred";
    case Op::kArtillery:
      return "artillery";
    case Op::kWatchtower:
      return "watchtower";
    case Op::kMatrix:
      return "matrix";
    case Op::kFly:
      return "fly";
    case Op::kTeleport:
      return "teleport";
    case Op::kPhaseStep:
      return "phase_step";
    case Op::kExplore:
      return "explore";
    case Op::kDiscard:
      return "discard";
    case Op::kSpecialForces:
      return "special_forces";
    case Op::kRedeploy:
      return "redeploy";
    case Op::kDisassemble:
      return "disassemble";
    case Op::kAssemble:
      return "assemble";
    case Op::kFreeActivate:
      return "free_activate";
    case Op::kDistraction:
      return "distraction";
    case Op::kWithdraw:
      return "withdraw";
    case Op::kAncientCrystals:
      return "ancient_crystals";
    case Op::kMedic:
      return "medic";
    case Op::kBReinforce:
      return "reinforce";
    case Op::kBKill:
      return "battle_kill";
    case Op::kBShift:
      return "shift";
    case Op::kBPush:
      return "push";
    default:
      return "effect";
  }
}

const std::string& card_name(int d) {
  return content().cards[d].name;
}

const std::string& card_id(int d) {
  return content().cards[d].id;
}

const RegionDef& region_def(const Public& pub, int r) {
  return content().maps[pub.map].regions[r];
}

std::string rname(const Public& pub, int r) {
  return region_def(pub, r).name;
}

std::string structure_name(int sid) {
  return content().structures[sid].name;
}

nlohmann::json cards_json(const std::uint8_t* defs, int n) {
  auto out = nlohmann::json::array();
  for (int i = 0; i < n; ++i) out.push_back(card_id(defs[i]));
  return out;
}

nlohmann::json counts_json(const std::array<std::uint8_t, kMaxCardDefs>& counts) {
  auto out = nlohmann::json::array();
  for (int d = 0; d < kMaxCardDefs; ++d)
    for (int k = 0; k < counts[d]; ++k) out.push_back(card_id(d));
  return out;
}

void public_json(const Public& pub,
                 const std::array<std::array<std::uint8_t, kTerrainDeckSize>, kTerrains>& bottoms,
                 nlohmann::json& j) {
  const Content& c = content();
  const MapDef& m = c.maps[pub.map];
  j["map"] = m.id;
  j["round"] = pub.round;
  j["action_round"] = pub.action_round + 1;
  j["step"] = step_name(pub.step);
  j["initiative"] = std::vector<int>(pub.initiative.begin(), pub.initiative.begin() + pub.players);
  j["upcoming_initiative"] =
      std::vector<int>(pub.upcoming.begin(), pub.upcoming.begin() + pub.players);
  j["scoring_enabled_by"] =
      pub.scoring_by == kNone ? nlohmann::json(nullptr) : nlohmann::json(pub.scoring_by);
  // Face-down event tokens on each event space (the spaces sit at c.event_spots on the track).
  j["event_spaces"] = std::vector<int>(pub.event_count.begin(), pub.event_count.end());
  auto& ev = j["events_revealed"] = nlohmann::json::array();
  for (int i = 0; i < pub.num_revealed_events; ++i)
    ev.push_back(c.events[pub.revealed_events[i]].id);
  auto& regions = j["regions"] = nlohmann::json::array();
  for (int r = 0; r < m.num_regions; ++r) {
    const RegionState& R = pub.regions[r];
    nlohmann::json x = {{"id", m.regions[r].id}, {"crystals", R.crystals}};
    if (R.control != kNone) x["control"] = kFactionIds[R.control];
    if (units_in(R)) {
      nlohmann::json u = nlohmann::json::object();
      for (int f = 0; f < kFactions; ++f)
        if (R.units[f]) u[kFactionIds[f]] = R.units[f];
      x["units"] = std::move(u);
    }
    if (pub.hq_faction[r] != kNone) x["hq"] = kFactionIds[pub.hq_faction[r]];
    if (R.battle) {
      x["battle"] = R.battle;
      x["attacker"] = kFactionIds[R.attacker];
    }
    if (R.explore) x["exploration_token"] = true;
    if (R.trog) x["trog_token"] = R.trog == 1 ? "war_party" : "nest";
    if (R.artillery) x["artillery"] = true;
    if (R.watchtower) x["watchtower"] = true;
    if (R.distraction != kNone) x["distraction"] = objective_name(R.distraction);
    if (R.structures) {
      auto& s = x["structures"] = nlohmann::json::array();
      for (int sid = 0; sid < kStructIds; ++sid)
        if (R.structures & bit(sid)) s.push_back(c.structures[sid].id);
    }
    if (R.matrix) {
      auto& mt = x["matrix_cards"] = nlohmann::json::array();
      for (int i = 0; i < R.matrix; ++i) mt.push_back(terrain_name(R.matrix_terrain[i]));
    }
    regions.push_back(std::move(x));
  }
  nlohmann::json reserve = nlohmann::json::object(), prisoners = nlohmann::json::object();
  for (int f = 0; f < kFactions; ++f) {
    if (pub.faction_seat[f] == kNone && !(f == kTrogs && pub.trogs_neutral)) continue;
    reserve[kFactionIds[f]] = pub.reserve[f];
    nlohmann::json held = nlohmann::json::object();
    for (int g = 0; g < kFactions; ++g)
      if (pub.prisoners[f][g]) held[kFactionIds[g]] = pub.prisoners[f][g];
    if (!held.empty()) prisoners[kFactionIds[f]] = std::move(held);
  }
  j["reserve"] = std::move(reserve);
  j["prisoners"] = std::move(prisoners);
  auto& seats = j["seats"] = nlohmann::json::array();
  for (int s = 0; s < pub.players; ++s) {
    const SeatState& st = pub.seats[s];
    nlohmann::json x = {{"faction", kFactionIds[st.faction]},
                        {"vp", st.vp},
                        {"hq", region_def(pub, st.hq).id},
                        {"hand_count", st.hand},
                        {"deck_count", st.deck},
                        {"discard", cards_json(st.discard.data(), st.discard_n)},
                        {"known_in_hand_and_deck", counts_json(st.known)}};
    nlohmann::json secret = nlohmann::json::object();
    for (int t = 0; t < kTerrains; ++t)
      if (st.secret[t]) secret[terrain_name(t)] = st.secret[t];
    if (!secret.empty()) x["unknown_terrain_cards"] = std::move(secret);
    auto& sk = x["skills"] = nlohmann::json::object();  // skill: exhausted
    for (int k = 0; k < st.num_skills; ++k)
      sk[c.skills[st.skills[k]].id] = (st.exhausted >> k & 1) != 0;
    nlohmann::json built = nlohmann::json::object();
    for (int k = 0; k < c.factions[st.faction].num_structures; ++k)
      if (st.built[k]) built[c.structures[st.faction * kStructTypes + k].id] = st.built[k];
    if (!built.empty()) x["structures_built"] = std::move(built);
    if (st.faction == kPilgrims) x["crystal_store"] = st.store;
    if (st.ancient != kNone) x["ancient_crystals"] = region_def(pub, st.ancient).id;
    if (st.limbo)
      x["drawing"] = {{"from", st.limbo_src == kOwnDeck ? "own_deck" : terrain_name(st.limbo_src)},
                      {"cards", st.limbo}};
    seats.push_back(std::move(x));
  }
  // Cards left in each terrain deck (Mountain, Desert, Jungle, Ocean), and the cards known to
  // lie at the bottom.
  j["terrain_decks"] = std::vector<int>(pub.terrain_count.begin(), pub.terrain_count.end());
  for (int t = 0; t < kTerrains; ++t)
    if (pub.terrain_bottom[t])
      j["terrain_deck_bottoms"][terrain_name(t)] =
          cards_json(bottoms[t].data(), pub.terrain_bottom[t]);
  nlohmann::json tokens;
  auto list = [&](const char* key, const std::vector<TokenDef>& defs, const std::uint8_t* ids,
                  int n) {
    if (n == 0) return;
    auto& out = tokens[key] = nlohmann::json::array();
    for (int i = 0; i < n; ++i) out.push_back(defs[ids[i]].id);
  };
  list("exploration_revealed", c.explores, pub.revealed_explores.data(), pub.num_revealed_explores);
  list("war_parties_revealed", c.war_parties, pub.revealed_war_parties.data(),
       pub.num_revealed_war_parties);
  list("nests_revealed", c.nests, pub.revealed_nests.data(), pub.num_revealed_nests);
  // Face-down tokens off the map: exploration, war parties, the nest supply.
  tokens["off_map"] = {pub.explore_unused, pub.war_party_unused, pub.nest_supply};
  tokens["artillery_watchtower_left"] = {pub.artillery_left, pub.watchtower_left};
  j["tokens"] = std::move(tokens);
  if (!pub.over) {
    nlohmann::json d = {{"seat", pub.to_move}, {"step", step_name(pub.step)}};
    if (pub.action_kind != kNone) {
      d["action"] = pub.action_kind == kActMove      ? "move"
                    : pub.action_kind == kActRecruit ? "recruit"
                    : pub.action_kind == kActBuild   ? "build"
                                                     : "draw";
      d["points"] = pub.points;
    }
    if (pub.step == Step::kMove) {
      auto& fz = d["stopped"] = nlohmann::json::object();
      for (int r = 0; r < m.num_regions; ++r)
        if (pub.frozen[r]) fz[m.regions[r].id] = pub.frozen[r];
    }
    if (pub.move_bonus) d["move_bonus"] = true;
    if (pub.action_bonus) d["action_bonus"] = pub.action_bonus;
    if (pub.step == Step::kBuildWhere) d["structure"] = c.structures[pub.chosen].id;
    if (pub.pending) {
      auto& pr = d["regions"] = nlohmann::json::array();
      for (int r = 0; r < m.num_regions; ++r)
        if (pub.pending & bit(r)) pr.push_back(m.regions[r].id);
    }
    if (pub.queue_size) {
      auto& q = d["effects"] = nlohmann::json::array();
      for (int i = 0; i < pub.queue_size; ++i) {
        const PendingStep& ps = pub.queue[i];
        q.push_back({{"op", op_name(ps.step.op)},
                     {"n", ps.step.n},
                     {"seat", ps.seat},
                     {"stage", ps.stage},
                     {"count", ps.count}});
      }
    }
    j["decision"] = std::move(d);
  }
  if (pub.battle.region != kNone) {
    const BattleState& b = pub.battle;
    nlohmann::json bj = {{"region", m.regions[b.region].id}};
    auto& sides = bj["sides"] = nlohmann::json::array();
    for (int side = 0; side < 2; ++side)
      sides.push_back({{"faction", kFactionIds[b.side[side]]},
                       {"seat", b.seat[side]},
                       {"board", {b.board[side][0], b.board[side][1], b.board[side][2]}},
                       {"bonus", {b.strength[side][0], b.strength[side][1], b.strength[side][2]}},
                       {"passed", b.passed[side]}});
    bj["next_objective"] = b.next;
    j["battle"] = std::move(bj);
  }
  j["over"] = pub.over;
}

void private_json(const SeatPrivate& me, const Public& pub, nlohmann::json& j) {
  const MapDef& m = content().maps[pub.map];
  j["hand"] = cards_json(me.hand.data(), static_cast<int>(me.hand.size()));
  j["deck_cards"] = counts_json(me.deck);
  if (!me.limbo.empty())
    j["drawn"] = cards_json(me.limbo.data(), static_cast<int>(me.limbo.size()));
  auto& mx = j["matrix"] = nlohmann::json::object();
  for (int r = 0; r < m.num_regions; ++r)
    if (pub.regions[r].matrix)
      mx[m.regions[r].id] = cards_json(me.matrix[r].data(), pub.regions[r].matrix);
  j["seen_in_terrain_decks"] = counts_json(me.seen_in_terrain);
  auto& sc = j["scouted"] = nlohmann::json::object();
  for (int r = 0; r < m.num_regions; ++r) {
    if (me.peek_explore & bit(r))
      sc[m.regions[r].id]["exploration"] = content().explores[me.explore[r]].id;
    if (me.peek_trog & bit(r))
      sc[m.regions[r].id]["trog"] = pub.regions[r].trog == 2 ? content().nests[me.trog[r]].id
                                                             : content().war_parties[me.trog[r]].id;
  }
}

SeatPrivate private_of(const Position& p, int s) {
  SeatPrivate me;
  const SeatState& st = p.pub.seats[s];
  me.hand.assign(p.hid.hand[s].begin(), p.hid.hand[s].begin() + st.hand);
  for (int i = 0; i < st.deck; ++i) ++me.deck[p.hid.deck[s][i]];
  me.limbo.assign(p.hid.limbo[s].begin(), p.hid.limbo[s].begin() + st.limbo);
  if (st.faction == kMachines) me.matrix = p.hid.matrix;
  me.seen_in_terrain = p.hid.seen_in_terrain[s];
  me.peek_explore = p.hid.peek_explore[s];
  me.peek_trog = p.hid.peek_trog[s];
  for (int r = 0; r < kMaxRegions; ++r) {
    if (me.peek_explore & bit(r)) me.explore[r] = p.hid.explore[r];
    if (me.peek_trog & bit(r)) me.trog[r] = p.hid.trog[r];
  }
  return me;
}

// The terrain cards of each terrain the viewer cannot place (counts per card def), and how many
// hidden places they fill. Shared by sampling and ambiguous().
struct TerrainPools {
  std::array<std::array<int, kMaxCardDefs>, kTerrains> pool{};
  std::array<int, kTerrains> pool_size{};
  std::array<int, kTerrains> deck_unknown{};  // deck places neither public nor seen by the viewer
  std::array<int, kTerrains> groups{};        // distinguishable groups of hidden places
};

TerrainPools terrain_pools(const CryHavocView& v) {
  const Public& pub = v.pub;
  const Content& c = content();
  TerrainPools tp;
  for (int t = 0; t < kTerrains; ++t)
    for (auto d : c.terrain_decks[t]) ++tp.pool[t][d];
  auto take = [&](int d, int k) {
    // (d runs over kMaxCardDefs below: never read past the card list)
    if (k == 0 || d >= static_cast<int>(c.cards.size())) return;
    const int t = c.cards[d].terrain;
    if (t >= 0) tp.pool[t][d] -= k;
  };
  const int me = v.viewer;
  const bool machines_me = me >= 0 && pub.seats[me].faction == kMachines;
  for (int s = 0; s < pub.players; ++s) {
    const SeatState& st = pub.seats[s];
    for (int i = 0; i < st.discard_n; ++i) take(st.discard[i], 1);
    if (s == me) continue;
    for (int d = 0; d < kMaxCardDefs; ++d)
      if (st.known[d]) take(d, st.known[d]);
  }
  if (v.mine) {
    for (auto d : v.mine->hand) take(d, 1);
    for (int d = 0; d < kMaxCardDefs; ++d) take(d, v.mine->deck[d] + v.mine->seen_in_terrain[d]);
    for (auto d : v.mine->limbo) take(d, 1);
    if (machines_me)
      for (int r = 0; r < kMaxRegions; ++r)
        for (int i = 0; i < pub.regions[r].matrix; ++i) take(v.mine->matrix[r][i], 1);
  }
  for (int t = 0; t < kTerrains; ++t) {
    for (int i = 0; i < pub.terrain_bottom[t]; ++i) take(v.terrain_bottom[t][i], 1);
    int seen = 0;
    if (v.mine)
      for (int d = 0; d < static_cast<int>(c.cards.size()); ++d)
        if (c.cards[d].terrain == t) seen += v.mine->seen_in_terrain[d];
    tp.deck_unknown[t] = pub.terrain_count[t] - pub.terrain_bottom[t] - seen;
    tp.groups[t] = tp.deck_unknown[t];
    for (int d = 0; d < kMaxCardDefs; ++d) tp.pool_size[t] += tp.pool[t][d];
  }
  for (int s = 0; s < pub.players; ++s) {
    if (s == me) continue;
    const SeatState& st = pub.seats[s];
    for (int t = 0; t < kTerrains; ++t) tp.groups[t] += st.secret[t] > 0;
    if (st.limbo && st.limbo_src < kTerrains) tp.groups[st.limbo_src] += st.limbo;
  }
  if (!machines_me)
    for (int r = 0; r < kMaxRegions; ++r)
      for (int i = 0; i < pub.regions[r].matrix; ++i) ++tp.groups[pub.regions[r].matrix_terrain[i]];
  return tp;
}

int distinct(const std::array<int, kMaxCardDefs>& counts) {
  int n = 0;
  for (int x : counts) n += x > 0;
  return n;
}

// A small fixed-capacity list of card or token defs (sampling allocates nothing but the state).
struct Bag {
  std::array<std::uint8_t, 64> v{};
  std::size_t n = 0;
  void push_back(int x) { v[n++] = static_cast<std::uint8_t>(x); }
  std::uint8_t* begin() { return v.data(); }
  std::uint8_t* end() { return v.data() + n; }
  std::size_t size() const { return n; }
  std::uint8_t operator[](std::size_t i) const { return v[i]; }
};

template <class Counts>
void expand(const Counts& counts, Bag& out) {
  for (std::size_t d = 0; d < counts.size(); ++d)
    for (int k = 0; k < static_cast<int>(counts[d]); ++k) out.push_back(static_cast<int>(d));
}

[[noreturn]] void inconsistent(const char* what) {
  throw std::logic_error(std::string("cryhavoc view: ") + what);
}

}  // namespace

std::string faction_name(int f) {
  return kFactionNames[f];
}

std::string tactic_unplayable(const Public& pub, Seat seat, int def) {
  if (pub.step != Step::kTactics || pub.battle.region == kNone || pub.to_move != seat) return "";
  const CardDef& c = content().cards[def];
  if (c.battle.empty()) return "no tactics text: it cannot be played in a battle";
  const int terrain = content().maps[pub.map].regions[pub.battle.region].terrain;
  if (c.terrain >= 0 && c.terrain != terrain)
    return "a " + terrain_name(c.terrain) + " card: played only in battles in " +
           terrain_name(c.terrain) + " regions";
  return "";
}
std::string faction_id(int f) {
  return kFactionIds[f];
}
std::string terrain_name(int t) {
  return kTerrainNames[t];
}
std::string objective_name(int o) {
  return kObjectiveNames[o];
}
std::string region_name(const Position& p, int r) {
  return rname(p.pub, r);
}

// ---------------------------------------------------------------------------------------------
// State

void CryHavocState::legal_actions(std::vector<Action>& out) const {
  cryhavoc::legal_actions(pos_, out);
}

bool CryHavocState::is_legal(Action a) const {
  return !pos_.pub.over && cryhavoc::is_legal(pos_, a);
}

void CryHavocState::do_apply(Action a) {
  if (cryhavoc::apply(pos_, a)) commit();  // a draw, shuffle or reveal: an undo point (E3)
}

std::vector<double> CryHavocState::scores() const {
  std::vector<double> v;
  for (int s = 0; s < pos_.pub.players; ++s) v.push_back(pos_.pub.seats[s].vp);
  return v;
}

namespace {

// Rank per seat (C10.6), in a fixed array: ranking() and outcome_into() share it.
std::array<int, kMaxSeats> rank_seats(const Position& pos) {
  const int n = pos.pub.players;
  const Standing st = standing(pos.pub);
  std::array<int, kMaxSeats> rank{};
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (b != a && st.ahead(b, a)) ++rank[static_cast<std::size_t>(a)];
  return rank;
}

}  // namespace

std::string result_words(const View& final_view, Seat seat) {
  Position p;
  p.pub = final_view.as<CryHavocView>().pub;
  const Public& pub = p.pub;
  const int f = pub.seats[seat].faction;
  const int vp = pub.seats[seat].vp;
  const int regions = regions_controlled(p, f);
  std::string out = std::to_string(vp) + " VP; at the end it held " + std::to_string(regions) +
                    (regions == 1 ? " region" : " regions") + ", worth " +
                    std::to_string(crystal_points(p, f)) + " VP in crystals";
  // C10.6: equal VP are decided by the prisoners held, then by the later place in initiative;
  // against the best-placed other seat with the same VP
  const Standing st = standing(pub);
  const auto order = st.order();
  int rival = -1;
  for (int k = 0; k < pub.players && rival < 0; ++k)
    if (order[k] != seat && st.vp[order[k]] == vp) rival = order[k];
  if (rival >= 0) {
    const bool ahead = st.ahead(seat, rival);
    out += std::string(ahead ? ", ahead" : ", behind") +
           (st.held[rival] != st.held[seat]
                ? " on prisoners (" + std::to_string(st.held[seat]) + " to " +
                      std::to_string(st.held[rival]) + ")"
                : std::string(" on the initiative track (a later place wins)"));
  }
  return out;
}

std::vector<int> CryHavocState::ranking() const {
  const auto rank = rank_seats(pos_);
  return std::vector<int>(rank.begin(), rank.begin() + pos_.pub.players);
}

// As State::outcome over ranking(), without allocating.
void CryHavocState::outcome_into(std::vector<double>& out) const {
  const int n = pos_.pub.players;
  const auto rank = rank_seats(pos_);
  int winners = 0;
  for (int s = 0; s < n; ++s) winners += rank[s] == 0;
  out.assign(static_cast<std::size_t>(n), 0.0);
  for (int s = 0; s < n; ++s)
    if (rank[s] == 0) out[s] = 1.0 / static_cast<double>(winners);
}

// A generous bound: 5 rounds of at most 3 turns per seat, each turn at most ~300 decisions
// (skills, discards, moves, effect choices), plus battles and the phases between.
int CryHavocState::length_bound() const {
  return 40000;
}

std::string CryHavocState::action_label(Action a) const {
  const Public& pub = pos_.pub;
  const Content& c = content();
  auto region = [&](int r) { return rname(pub, r); };
  if (a >= kActSkill && a < kActCard) return "skill " + c.skills[a - kActSkill].name;
  if (a >= kActSkillCard)
    return "skill " + c.skills[(a - kActSkillCard) / 64].name + ", discarding " +
           card_name((a - kActSkillCard) % 64);
  switch (pub.step) {
    case Step::kDiscardToLimit:
      return "discard " + card_name(a - kActCard);
    case Step::kTurnStart:
      if (a == kActMove) return "Move";
      if (a == kActRecruit) return "Recruit";
      if (a == kActBuild) return "Build/Activate";
      if (a == kActDrawOwn) return "Draw 2: own deck";
      if (a >= kActDrawTerrain && a < kActDrawTerrain + kTerrains)
        return "Draw 2: " + terrain_name(a - kActDrawTerrain) + " deck";
      if (a == kActScoring) return "Enable Scoring";
      break;
    case Step::kMove:
    case Step::kRecruit:
    case Step::kBuild: {
      if (a == kActDone)
        return pub.step == Step::kMove      ? "end move"
               : pub.step == Step::kRecruit ? "end recruit"
                                            : "end build";
      if (a >= kActCard && a < kActRegion) {
        const CardDef& d = c.cards[a - kActCard];
        const int pts = pub.step == Step::kMove      ? d.move + (pub.move_bonus ? 1 : 0)
                        : pub.step == Step::kRecruit ? d.recruit
                                                     : d.build;
        return "discard " + d.name + " (+" + std::to_string(pts) + ")";
      }
      if (a >= kActStep && a < kActBuildType)
        return region((a - kActStep) / 24) + " -> " + region((a - kActStep) % 24);
      if (a >= kActBuildType && a < kActStructure)
        return "build " + structure_name(a - kActBuildType);
      if (a >= kActStructure && a < kActUnit)
        return "activate " + structure_name((a - kActStructure) / 24) + " at " +
               region((a - kActStructure) % 24);
      break;
    }
    case Step::kBuildWhere:
      return structure_name(pub.chosen) + " at " + region(a - kActRegion);
    case Step::kKeep:
      return "keep " + card_name(a - kActCard);
    case Step::kTrogOrder:
      return "reveal the Trog token at " + region(a - kActRegion);
    case Step::kBattleOrder:
      return "battle token " + std::to_string(free_battle_token(pos_)) + " at " +
             region(a - kActRegion);
    case Step::kEffect: {
      const PendingStep& ps = pub.queue[0];
      if (a == kActDone) return "stop";
      if (a >= kActCard && a < kActRegion) return "discard " + card_name(a - kActCard);
      if (a >= kActRegion && a < kActObjective) {
        const std::string r = region(a - kActRegion);
        switch (ps.step.op) {
          case Op::kDeploy:
            return "deploy at " + r;
          case Op::kHarvest:
            return "harvest at " + r;
          case Op::kExplore:
            return "explore at " + r;
          case Op::kShred:
            return "shred a crystal from " + r;
          case Op::kArtillery:
            return "Artillery token at " + r;
          case Op::kWatchtower:
            return "Watchtower token at " + r;
          case Op::kFly:
            return "fly to " + r;
          case Op::kTeleport:
            return "teleport to " + r;
          case Op::kSpecialForces:
            return ps.stage == 0 ? "Special Forces to " + r : "withdraw a unit from " + r;
          case Op::kRedeploy:
            return "redeploy to " + r;
          case Op::kAssemble:
            return "assemble at " + r;
          case Op::kDistraction:
            return "distract at " + r;
          case Op::kWithdraw:
            return ps.stage == 0 ? "withdraw from " + r : "withdraw to " + r;
          case Op::kAncientCrystals:
            return "Ancient Crystals at " + r;
          case Op::kMedic:
            return "Medic Team at " + r;
          default:
            return r;
        }
      }
      if (a >= kActObjective && a < kActNumber) {
        const std::string o = objective_name(a - kActObjective);
        if (ps.step.op == Op::kBReinforce) return "reinforce " + o;
        if (ps.step.op == Op::kBKill) return "kill on " + o;
        return o + " first";
      }
      if (a >= kActNumber && a < kActStep) return std::to_string(a - kActNumber) + " units";
      if (a >= kActStep && a < kActBuildType)
        return region((a - kActStep) / 24) + " => " + region((a - kActStep) % 24);
      if (a >= kActBuildType && a < kActStructure)
        return "assemble " + structure_name(a - kActBuildType);
      if (a >= kActStructure && a < kActUnit) {
        const std::string what =
            structure_name((a - kActStructure) / 24) + " at " + region((a - kActStructure) % 24);
        if (ps.step.op == Op::kRedeploy) return "redeploy " + what;
        if (ps.step.op == Op::kDisassemble) return "disassemble " + what;
        return "activate " + what + " free";
      }
      if (a >= kActUnit && a < kActShift) {
        const int u = a - kActUnit;
        const std::string verb = ps.step.op == Op::kKillAnywhere ? "kill" : "capture";
        return verb + " a " + faction_name(u % 4) + " unit at " + region(u / 4);
      }
      if (a >= kActShift && a < kActShift + 9)
        return "own unit " + objective_name((a - kActShift) / 3) + " -> " +
               objective_name((a - kActShift) % 3);
      if (a >= kActPush && a < kActPush + 9)
        return "enemy unit " + objective_name((a - kActPush) / 3) + " -> " +
               objective_name((a - kActPush) % 3);
      if (a >= kActTerrainDeck && a < kActTerrainDeck + kTerrains)
        return "Matrix: " + terrain_name(a - kActTerrainDeck) + " deck";
      break;
    }
    case Step::kTurnEnd:
      if (a == kActEndTurn) return "end turn";
      break;
    case Step::kPlace:
      return std::to_string(a - kActNumber) + " on " +
             objective_name(pub.battle.sub == 0 ? kControl : kPrisoners);
    case Step::kTactics:
      if (a == kActPass) return "pass";
      if (a >= kActMatrixCard && a < kActBuyBack)
        return "play " + card_name(a - kActMatrixCard) + " from the Matrix";
      return "play " + card_name(a - kActCard);
    case Step::kCapture:
      return "capture from " + objective_name(a - kActObjective);
    case Step::kKill:
      return "kill on " + objective_name(a - kActObjective);
    case Step::kRetreat:
      return "retreat to " + region(a - kActRegion);
    case Step::kNest:
      return "nest at " + region(a - kActRegion);
    case Step::kBuyBack:
      if (a == kActDone) return "done";
      return "buy back from the " + faction_name(a - kActBuyBack);
    case Step::kOver:
      break;
  }
  return "action " + std::to_string(a);
}

std::string CryHavocState::public_label(Action a) const {
  if (pos_.pub.step == Step::kKeep) return "keeps a card";
  return action_label(a);
}

void CryHavocState::action_to_json(Action a, nlohmann::json& out) const {
  const Public& pub = pos_.pub;
  const Content& c = content();
  auto rid = [&](int r) { return region_def(pub, r).id; };
  out = {{"step", step_name(pub.step)}};
  if (a >= kActSkillCard) {
    out["type"] = "skill";
    out["skill"] = c.skills[(a - kActSkillCard) / 64].id;
    out["discard"] = card_id((a - kActSkillCard) % 64);
  } else if (a >= kActSkill && a < kActCard) {
    out["type"] = "skill";
    out["skill"] = c.skills[a - kActSkill].id;
  } else if (a <= kActPass) {
    static const char* const names[] = {"move",         "recruit",      "build",
                                        "draw_own",     "draw_terrain", "draw_terrain",
                                        "draw_terrain", "draw_terrain", "enable_scoring",
                                        "done",         "end_turn",     "pass"};
    out["type"] = names[a];
    if (a >= kActDrawTerrain && a < kActDrawTerrain + kTerrains)
      out["terrain"] = c.cards.empty() ? "" : std::string(kTerrainNames[a - kActDrawTerrain]);
  } else if (a < kActRegion) {
    out["type"] = "card";
    out["card"] = card_id(a - kActCard);
  } else if (a < kActObjective) {
    out["type"] = "region";
    out["region"] = rid(a - kActRegion);
  } else if (a < kActNumber) {
    out["type"] = "objective";
    out["objective"] = objective_name(a - kActObjective);
  } else if (a < kActStep) {
    out["type"] = "number";
    out["n"] = a - kActNumber;
  } else if (a < kActBuildType) {
    out["type"] = "step";
    out["from"] = rid((a - kActStep) / 24);
    out["to"] = rid((a - kActStep) % 24);
  } else if (a < kActStructure) {
    out["type"] = "structure";
    out["structure"] = c.structures[a - kActBuildType].id;
  } else if (a < kActUnit) {
    out["type"] = "built_structure";
    out["structure"] = c.structures[(a - kActStructure) / 24].id;
    out["region"] = rid((a - kActStructure) % 24);
  } else if (a < kActShift) {
    out["type"] = "unit";
    out["region"] = rid((a - kActUnit) / 4);
    out["faction"] = kFactionIds[(a - kActUnit) % 4];
  } else if (a < kActMatrixCard) {
    const bool own = a < kActPush;
    const int x = a - (own ? kActShift : kActPush);
    out["type"] = own ? "shift" : "push";
    out["from"] = objective_name(x / 3);
    out["to"] = objective_name(x % 3);
  } else if (a < kActBuyBack) {
    out["type"] = "matrix_card";
    out["card"] = card_id(a - kActMatrixCard);
  } else if (a < kActTerrainDeck) {
    out["type"] = "buy_back";
    out["captor"] = kFactionIds[a - kActBuyBack];
  } else {
    out["type"] = "terrain_deck";
    out["terrain"] = std::string(kTerrainNames[a - kActTerrainDeck]);
  }
}

std::shared_ptr<const ViewData> CryHavocState::make_view_data(Seat viewer) const {
  return std::make_shared<CryHavocView>(*this, viewer);
}

// ---------------------------------------------------------------------------------------------
// View

CryHavocView::CryHavocView(const CryHavocState& state, Seat v)
    : game(&state.game()), viewer(v), pub(state.pos_.pub) {
  const Position& p = state.pos_;
  move_number = state.move_number();
  undo_floor = state.undo_floor();
  for (int t = 0; t < kTerrains; ++t)
    for (int i = 0; i < p.pub.terrain_bottom[t]; ++i) terrain_bottom[t][i] = p.hid.terrain[t][i];
  if (v >= 0) mine = private_of(p, v);
  if (v == kOmniscient) all = p;
}

bool CryHavocView::ambiguous() const {
  if (all) return false;
  const Content& c = content();
  // Event tokens: the two left out are never seen, so any face-down event could be otherwise.
  for (int i = 0; i < kEventSpots; ++i)
    if (pub.event_count[i] > 0) return true;
  // Tokens on the map whose identity the viewer has not seen.
  auto token_kind = [&](const std::vector<std::uint8_t>& all_tokens, const std::uint8_t* revealed,
                        int n_revealed, int trog_kind) {
    std::array<int, 16> pool{};
    for (auto t : all_tokens) ++pool[t];
    for (int i = 0; i < n_revealed; ++i) --pool[revealed[i]];
    int unpeeked = 0;
    for (int r = 0; r < kMaxRegions; ++r) {
      const RegionState& R = pub.regions[r];
      const bool down = trog_kind == 0 ? R.explore != 0 : R.trog == trog_kind;
      if (!down) continue;
      const bool peeked =
          mine && ((trog_kind == 0 ? mine->peek_explore : mine->peek_trog) & bit(r));
      if (peeked)
        --pool[trog_kind == 0 ? mine->explore[r] : mine->trog[r]];
      else
        ++unpeeked;
    }
    int kinds = 0;
    for (int x : pool) kinds += x > 0;
    return std::pair<int, int>{kinds, unpeeked};
  };
  auto [ek, eu] =
      token_kind(c.explore_pool, pub.revealed_explores.data(), pub.num_revealed_explores, 0);
  if (ek >= 2 && eu >= 1) return true;
  auto [wk, wu] = token_kind(c.war_party_pool, pub.revealed_war_parties.data(),
                             pub.num_revealed_war_parties, 1);
  if (wk >= 2 && wu >= 1) return true;
  if (pub.trogs_neutral) {
    auto [nk, nu] = token_kind(c.nest_pool, pub.revealed_nests.data(), pub.num_revealed_nests, 2);
    if (nk >= 2 && (nu >= 1 || pub.nest_supply >= 2)) return true;
  }
  // Terrain cards in places the viewer cannot see.
  const TerrainPools tp = terrain_pools(*this);
  for (int t = 0; t < kTerrains; ++t) {
    if (distinct(tp.pool[t]) >= 2 && tp.groups[t] >= 2) return true;
    // The part of the deck above its known bottom is shuffled: its order is hidden.
    std::array<int, kMaxCardDefs> segment{};
    for (int d = 0; d < static_cast<int>(c.cards.size()); ++d)
      if (c.cards[d].terrain == t)
        segment[d] =
            (mine ? mine->seen_in_terrain[d] : 0) + (tp.deck_unknown[t] > 0 ? tp.pool[t][d] : 0);
    if (pub.terrain_count[t] - pub.terrain_bottom[t] >= 2 && distinct(segment) >= 2) return true;
  }
  // The viewer's own deck order.
  if (mine) {
    int kinds = 0;
    for (auto x : mine->deck) kinds += x > 0;
    if (kinds >= 2) return true;
  }
  // Another seat's cards between its hand, its deck order and the cards it is drawing.
  for (int s = 0; s < pub.players; ++s) {
    if (s == viewer) continue;
    const SeatState& st = pub.seats[s];
    int kinds = 0;
    for (auto x : st.known) kinds += x > 0;
    const int own_limbo = st.limbo_src == kOwnDeck ? st.limbo : 0;
    const bool places = st.deck >= 2 || (st.deck >= 1 && st.hand + own_limbo >= 1) ||
                        (own_limbo >= 1 && st.hand >= 1) || own_limbo == 2;
    if (kinds >= 2 && places) return true;
  }
  return false;
}

std::unique_ptr<State> CryHavocView::sample_world(Rng& rng) const {
  auto state = std::make_unique<CryHavocState>(game, Position{});
  sample_world_into(*state, rng);
  return state;
}

void CryHavocView::sample_world_into(State& out, Rng& rng) const {
  auto& state = dynamic_cast<CryHavocState&>(out);
  Position& p = state.pos_;
  if (all) {
    p = *all;
    state.set_counters(move_number, undo_floor);
    return;
  }
  const Content& c = content();
  p = Position{};
  p.pub = pub;
  const int me = viewer;

  // Event tokens: the unrevealed ones, on the spaces and the two out of the game.
  {
    Bag pool;
    std::array<int, kEventTokens> left{};
    left.fill(1);
    for (int i = 0; i < pub.num_revealed_events; ++i) left[pub.revealed_events[i]] = 0;
    for (int e = 0; e < kEventTokens; ++e)
      if (left[e]) pool.push_back(static_cast<std::uint8_t>(e));
    rng.shuffle(pool.begin(), pool.end());
    std::size_t next = 0;
    for (int i = 0; i < kEventSpots; ++i)
      for (int k = 0; k < pub.event_count[i]; ++k) p.hid.events[i][k] = pool[next++];
    if (pool.size() - next != kEventsOut) inconsistent("event tokens");
    for (int k = 0; k < kEventsOut; ++k) p.hid.events_out[k] = pool[next++];
    std::sort(p.hid.events_out.begin(), p.hid.events_out.end());
  }
  // Map tokens: what the viewer looked at stays; the rest is re-dealt.
  auto deal_tokens = [&](const std::vector<std::uint8_t>& every, const std::uint8_t* revealed,
                         int n_revealed, int kind, std::uint8_t* rest, int n_rest, bool sort_rest) {
    std::array<int, 16> count{};
    for (auto t : every) ++count[t];
    for (int i = 0; i < n_revealed; ++i) --count[revealed[i]];
    for (int r = 0; r < kMaxRegions; ++r) {
      const RegionState& R = pub.regions[r];
      const bool down = kind == 0 ? R.explore != 0 : R.trog == kind;
      if (!down || !mine) continue;
      if ((kind == 0 ? mine->peek_explore : mine->peek_trog) & bit(r))
        --count[kind == 0 ? mine->explore[r] : mine->trog[r]];
    }
    Bag pool;
    expand(count, pool);
    rng.shuffle(pool.begin(), pool.end());
    std::size_t next = 0;
    for (int r = 0; r < kMaxRegions; ++r) {
      const RegionState& R = pub.regions[r];
      const bool down = kind == 0 ? R.explore != 0 : R.trog == kind;
      if (!down) continue;
      auto& slot = kind == 0 ? p.hid.explore[r] : p.hid.trog[r];
      if (mine && ((kind == 0 ? mine->peek_explore : mine->peek_trog) & bit(r))) {
        slot = kind == 0 ? mine->explore[r] : mine->trog[r];
      } else {
        if (next >= pool.size()) inconsistent("too few tokens");
        slot = pool[next++];
      }
    }
    if (pool.size() - next != static_cast<std::size_t>(n_rest)) inconsistent("token counts");
    for (int k = 0; k < n_rest; ++k) rest[k] = pool[next++];
    if (sort_rest) std::sort(rest, rest + n_rest);
  };
  deal_tokens(c.explore_pool, pub.revealed_explores.data(), pub.num_revealed_explores, 0,
              p.hid.explore_unused.data(), pub.explore_unused, true);
  deal_tokens(c.war_party_pool, pub.revealed_war_parties.data(), pub.num_revealed_war_parties, 1,
              p.hid.war_party_unused.data(), pub.war_party_unused, true);
  if (pub.trogs_neutral)
    deal_tokens(c.nest_pool, pub.revealed_nests.data(), pub.num_revealed_nests, 2,
                p.hid.nests.data(), pub.nest_supply, false);

  // Terrain cards the viewer cannot place, dealt to every hidden place they could be.
  const TerrainPools tp = terrain_pools(*this);
  std::array<Bag, kTerrains> pools;
  std::array<std::size_t, kTerrains> at{};
  for (int t = 0; t < kTerrains; ++t) {
    std::array<int, kMaxCardDefs> counts = tp.pool[t];
    for (int x : counts)
      if (x < 0) inconsistent("terrain cards");
    expand(counts, pools[t]);
    rng.shuffle(pools[t].begin(), pools[t].end());
  }
  auto take = [&](int t) {
    if (at[t] >= pools[t].size()) inconsistent("too few terrain cards");
    return pools[t][at[t]++];
  };
  const bool machines_me = me >= 0 && pub.seats[me].faction == kMachines;
  for (int r = 0; r < kMaxRegions; ++r)
    for (int i = 0; i < pub.regions[r].matrix; ++i)
      p.hid.matrix[r][i] =
          machines_me ? mine->matrix[r][i] : take(pub.regions[r].matrix_terrain[i]);
  for (int s = 0; s < pub.players; ++s) {
    const SeatState& st = pub.seats[s];
    if (s == me) {
      for (std::size_t i = 0; i < mine->hand.size(); ++i) p.hid.hand[s][i] = mine->hand[i];
      Bag deck;
      expand(mine->deck, deck);
      rng.shuffle(deck.begin(), deck.end());
      std::copy(deck.begin(), deck.end(), p.hid.deck[s].begin());
      for (std::size_t i = 0; i < mine->limbo.size(); ++i) p.hid.limbo[s][i] = mine->limbo[i];
      p.hid.seen_in_terrain[s] = mine->seen_in_terrain;
      p.hid.peek_explore[s] = mine->peek_explore;
      p.hid.peek_trog[s] = mine->peek_trog;
      continue;
    }
    Bag cards;
    expand(st.known, cards);
    for (int t = 0; t < kTerrains; ++t)
      for (int k = 0; k < st.secret[t]; ++k) cards.push_back(take(t));
    rng.shuffle(cards.begin(), cards.end());
    const int own_limbo = st.limbo_src == kOwnDeck ? st.limbo : 0;
    if (static_cast<int>(cards.size()) != st.hand + st.deck + own_limbo) inconsistent("seat cards");
    std::sort(cards.begin(), cards.begin() + st.hand);
    std::size_t next = 0;
    for (int i = 0; i < st.hand; ++i) p.hid.hand[s][i] = cards[next++];
    for (int i = 0; i < own_limbo; ++i) p.hid.limbo[s][i] = cards[next++];
    for (int i = 0; i < st.deck; ++i) p.hid.deck[s][i] = cards[next++];
    if (st.limbo && st.limbo_src < kTerrains)
      for (int i = 0; i < st.limbo; ++i) p.hid.limbo[s][i] = take(st.limbo_src);
  }
  for (int t = 0; t < kTerrains; ++t) {
    auto& deck = p.hid.terrain[t];
    int n = 0;
    for (int i = 0; i < pub.terrain_bottom[t]; ++i) deck[n++] = terrain_bottom[t][i];
    const int from = n;
    if (mine)
      for (int d = 0; d < kMaxCardDefs; ++d)
        if (c.cards.size() > static_cast<std::size_t>(d) && c.cards[d].terrain == t)
          for (int k = 0; k < mine->seen_in_terrain[d]; ++k)
            deck[n++] = static_cast<std::uint8_t>(d);
    while (at[t] < pools[t].size()) deck[n++] = pools[t][at[t]++];
    if (n != pub.terrain_count[t]) inconsistent("terrain deck size");
    rng.shuffle(deck.begin() + from, deck.begin() + n);
  }
  p.rng.reseed(rng.next());
  state.set_counters(move_number, undo_floor);
}

void CryHavocView::to_json(nlohmann::json& j) const {
  public_json(pub, terrain_bottom, j);
  if (!pub.over) j["prompt"] = prompt(pub);
  if (mine) {
    private_json(*mine, pub, j["you"]);
    nlohmann::json why = nlohmann::json::object();
    for (auto d : mine->hand)
      if (const std::string r = tactic_unplayable(pub, viewer, d); !r.empty())
        why[content().cards[d].id] = r;
    if (!why.empty()) j["you"]["unplayable"] = std::move(why);
  }
  if (!all) return;
  const Position& p = *all;
  const Content& c = content();
  const MapDef& m = c.maps[pub.map];
  auto& h = j["hidden"];
  auto& seats = h["seats"] = nlohmann::json::array();
  for (int s = 0; s < pub.players; ++s) {
    nlohmann::json x;
    private_json(private_of(p, s), pub, x);
    x["deck_order"] = cards_json(p.hid.deck[s].data(), pub.seats[s].deck);
    seats.push_back(std::move(x));
  }
  auto& decks = h["terrain_decks"] = nlohmann::json::array();
  for (int t = 0; t < kTerrains; ++t)
    decks.push_back(cards_json(p.hid.terrain[t].data(), pub.terrain_count[t]));
  auto& tok = h["tokens"] = nlohmann::json::object();
  for (int r = 0; r < m.num_regions; ++r) {
    if (pub.regions[r].explore)
      tok[m.regions[r].id]["exploration"] = c.explores[p.hid.explore[r]].id;
    if (pub.regions[r].trog == 1) tok[m.regions[r].id]["trog"] = c.war_parties[p.hid.trog[r]].id;
    if (pub.regions[r].trog == 2) tok[m.regions[r].id]["trog"] = c.nests[p.hid.trog[r]].id;
  }
  auto& stacks = h["event_spaces"] = nlohmann::json::array();
  for (int i = 0; i < kEventSpots; ++i) {
    auto st = nlohmann::json::array();
    for (int k = 0; k < pub.event_count[i]; ++k) st.push_back(c.events[p.hid.events[i][k]].id);
    stacks.push_back(std::move(st));
  }
  auto& out = h["events_out"] = nlohmann::json::array();
  for (auto e : p.hid.events_out) out.push_back(c.events[e].id);
  auto& eu = h["exploration_not_on_map"] = nlohmann::json::array();
  for (int i = 0; i < pub.explore_unused; ++i) eu.push_back(c.explores[p.hid.explore_unused[i]].id);
  auto& wu = h["war_parties_not_on_map"] = nlohmann::json::array();
  for (int i = 0; i < pub.war_party_unused; ++i)
    wu.push_back(c.war_parties[p.hid.war_party_unused[i]].id);
  auto& ns = h["nest_supply"] = nlohmann::json::array();
  for (int i = 0; i < pub.nest_supply; ++i) ns.push_back(c.nests[p.hid.nests[i]].id);
}

// ---------------------------------------------------------------------------------------------
// Registration

void register_game(Registry& registry) {
  auto info = std::make_unique<GameInfo>();
  info->id = "cryhavoc";
  info->title = "Cry Havoc (Portal Games, 2016)";
  info->summary =
      "Humans, Machines, Pilgrims and Trogs fight over a crystal planet: area control with a "
      "battle board of three objectives.";
  info->rules_version = "cryhavoc-4";
  info->min_players = 2;
  info->max_players = 4;
  info->options.push_back({"players",
                           OptionSpec::Kind::Integer,
                           "2",
                           {},
                           2,
                           4,
                           "Number of players (the Trogs are a player only with 4)."});
  info->options.push_back({"factions",
                           OptionSpec::Kind::Choice,
                           "random",
                           {"random", "fixed"},
                           0,
                           0,
                           "Which faction each seat plays. Random: factions dealt to seats at "
                           "random (2 players: 2 of Humans, Machines, Pilgrims). Fixed: seats "
                           "take Humans, Machines, Pilgrims, Trogs in that order."});
  info->options.push_back({"extra_skills",
                           OptionSpec::Kind::Integer,
                           "0",
                           {},
                           0,
                           2,
                           "How many random skills every faction gets besides its default skill."});
  info->options.push_back(
      {"game_end",
       OptionSpec::Kind::Choice,
       "after-round-5",
       {"after-round-5", "when-events-run-out"},
       0,
       0,
       "When the game ends. After round 5: the game always lasts 5 rounds. When events run out: "
       "a round that begins with no event token left on the score track is the last one "
       "(players who score fast pull the events forward and can end the game after round 3 or "
       "4)."});
  info->options.push_back(
      {"trog_nests",
       OptionSpec::Kind::Choice,
       "as-printed",
       {"as-printed", "not-into-battles"},
       0,
       0,
       "Where neutral Trogs that lose a battle leave their Nest. As printed: any adjacent "
       "region nobody controls, even one whose battle is still to come. Not into battles: an "
       "adjacent region nobody controls and with no battle still to fight."});
  info->rules_text = embedded_file("docs/rules/cryhavoc.md");
  const GameInfo* self = info.get();
  info->create = [self](const Options& options, std::uint64_t seed) -> std::unique_ptr<State> {
    GameSetup su;
    su.players = options.players();
    su.random_factions = options.get("factions") == "random";
    su.extra_skills = options.get_int("extra_skills");
    su.end_when_events_run_out = options.get("game_end") == "when-events-run-out";
    su.nest_into_battles = options.get("trog_nests") == "as-printed";
    Position p;
    setup(p, su, seed);
    return std::make_unique<CryHavocState>(self, p);
  };
  info->draw = draw;
  info->narrate = narrate;
  info->step_name = [](const View& v) -> std::string {
    const Public& pub = v.as<CryHavocView>().pub;
    return pub.over ? "over" : step_name(pub.step);
  };
  info->pass_actions = {kActDone, kActEndTurn, kActPass};
  info->result_words = result_words;
  info->tally = tally;
  info->cards = card_texts;
  info->evaluate = evaluate;
  info->evaluate_into = evaluate_into;
  info->eval_scale = 8.0;
  info->conformance_games = 30;
  info->seat_attributes = [](const State& s, Seat seat) {
    const Position& p = dynamic_cast<const CryHavocState&>(s).position();
    static const char* const order[] = {"first", "second", "third", "fourth"};
    int k = 0;
    while (p.pub.start_initiative[k] != seat) ++k;
    return std::map<std::string, std::string>{{"faction", kFactionIds[p.pub.seats[seat].faction]},
                                              {"initiative", order[k]}};
  };
  info->counters = [](const State& s) {
    const Position& p = dynamic_cast<const CryHavocState&>(s).position();
    const Public& pub = p.pub;
    int structures = 0, prisoners = 0, best = -1000, second = -1000;
    for (int r = 0; r < kMaxRegions; ++r) structures += popcount(pub.regions[r].structures);
    for (int a = 0; a < kFactions; ++a)
      for (int b = 0; b < kFactions; ++b) prisoners += pub.prisoners[a][b];
    for (int q = 0; q < pub.players; ++q) {
      const int v = pub.seats[q].vp;
      if (v > best) {
        second = best;
        best = v;
      } else if (v > second) {
        second = v;
      }
    }
    return std::map<std::string, double>{
        {"battles", pub.battles},          {"trog_battles", pub.trog_battles},
        {"scorings", pub.scorings},        {"events_pulled_forward", pub.events_pulled},
        {"structures_on_map", structures}, {"prisoners_held_at_end", prisoners},
        {"winning_margin", best - second}, {"rounds", pub.round}};
  };
  registry.add(std::move(info));
}

}  // namespace turf::cryhavoc
