// Cry Havoc: the wall — a seat's view (the public position and the viewer's private knowledge,
// nothing else copied in), its JSON, and the worlds consistent with it (everything hidden from the
// viewer re-dealt from what it cannot have seen) for search bots.
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
  const Content& c = content_of(pub);
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
    if (R.control != kNone) x["control"] = faction_id(R.control);
    if (units_in(R)) {
      nlohmann::json u = nlohmann::json::object();
      for (int f = 0; f < kFactions; ++f)
        if (R.units[f]) u[faction_id(f)] = R.units[f];
      x["units"] = std::move(u);
    }
    if (pub.hq_faction[r] != kNone) x["hq"] = faction_id(pub.hq_faction[r]);
    if (R.battle) {
      x["battle"] = R.battle;
      x["attacker"] = faction_id(R.attacker);
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
    reserve[faction_id(f)] = pub.reserve[f];
    nlohmann::json held = nlohmann::json::object();
    for (int g = 0; g < kFactions; ++g)
      if (pub.prisoners[f][g]) held[faction_id(g)] = pub.prisoners[f][g];
    if (!held.empty()) prisoners[faction_id(f)] = std::move(held);
  }
  j["reserve"] = std::move(reserve);
  j["prisoners"] = std::move(prisoners);
  auto& seats = j["seats"] = nlohmann::json::array();
  for (int s = 0; s < pub.players; ++s) {
    const SeatState& st = pub.seats[s];
    nlohmann::json x = {{"faction", faction_id(st.faction)},
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
      sides.push_back({{"faction", faction_id(b.side[side])},
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
  const MapDef& m = content_of(pub).maps[pub.map];
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
      sc[m.regions[r].id]["exploration"] = content_of(pub).explores[me.explore[r]].id;
    if (me.peek_trog & bit(r))
      sc[m.regions[r].id]["trog"] = pub.regions[r].trog == 2
                                        ? content_of(pub).nests[me.trog[r]].id
                                        : content_of(pub).war_parties[me.trog[r]].id;
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
  const Content& c = content_of(pub);
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
  const Content& c = content_of(pub);
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
  const Content& c = content_of(pub);
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
        why[content_of(pub).cards[d].id] = r;
    if (!why.empty()) j["you"]["unplayable"] = std::move(why);
  }
  if (!all) return;
  const Position& p = *all;
  const Content& c = content_of(pub);
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

}  // namespace turf::cryhavoc
