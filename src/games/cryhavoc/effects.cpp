// Cry Havoc kernel: the effect vocabulary (docs/rules/cryhavoc.md, section Effects). Every card,
// structure, skill, event and exploration token is a list of steps; a step that needs a choice
// stops the queue (Step::kEffect) until the deciding seat chooses, and a step with nothing to act
// on does nothing (C5.6: a card may be played even if its effect does nothing).
#include <algorithm>
#include <cassert>

#include "games/cryhavoc/kernel.h"

namespace turf::cryhavoc {

namespace {

bool needs_choice(Op op) {
  switch (op) {
    case Op::kDeploy:
    case Op::kHarvest:
    case Op::kKillAnywhere:
    case Op::kCaptureAdjacent:
    case Op::kShred:
    case Op::kArtillery:
    case Op::kWatchtower:
    case Op::kMatrix:
    case Op::kFly:
    case Op::kTeleport:
    case Op::kPhaseStep:
    case Op::kExplore:
    case Op::kDiscard:
    case Op::kSpecialForces:
    case Op::kRedeploy:
    case Op::kDisassemble:
    case Op::kAssemble:
    case Op::kFreeActivate:
    case Op::kDistraction:
    case Op::kMedic:
    case Op::kWithdraw:
    case Op::kKidnap:
    case Op::kAncientCrystals:
    case Op::kBReinforce:
    case Op::kBKill:
    case Op::kBShift:
    case Op::kBPush:
      return true;
    default:
      return false;
  }
}

std::uint32_t own_regions(const Position& p, int f) {
  std::uint32_t m = 0;
  for (int r = 0; r < the_map(p).num_regions; ++r)
    if (p.pub.regions[r].units[f] > 0) m |= bit(r);
  return m;
}

std::uint32_t adjacent_to(const Position& p, std::uint32_t regions) {
  std::uint32_t m = 0;
  for (int r = 0; r < the_map(p).num_regions; ++r)
    if (regions & bit(r)) m |= the_map(p).regions[r].adj;
  return m;
}

// A region you occupy outside HQs and battles (deploy, harvest, explore targets).
bool occupied_field(const Position& p, int r, int f) {
  return p.pub.regions[r].units[f] > 0 && !is_hq(p, r) && !is_battle(p, r);
}

// A region a jump (Gate, Phase Step) may end in.
bool jump_target(const Position& p, int r, int f) {
  if (is_hq(p, r) || is_battle(p, r)) return false;
  if (contested(p, r, f)) return tokens_in_use(p) < kBattleTokens;
  return true;
}

void add_enemy_units(const Position& p, int r, int f, Sink& out) {
  for (int g = 0; g < kFactions; ++g)
    if (g != f && p.pub.regions[r].units[g] > 0) out.add(kActUnit + r * 4 + g);
}

bool structure_buildable_free(const Position& p, int r, int f) {
  for (int k = 0; k < C(p).factions[f].num_structures; ++k)
    if (can_build_at(p, f * kStructTypes + k, r, f, false)) return true;
  return false;
}

bool has_withdraw_target(const Position& p, int r, int f) {
  const std::uint32_t nb = neighbours(p, r, f);
  for (int q = 0; q < the_map(p).num_regions; ++q)
    if ((nb & bit(q)) && p.pub.regions[q].control == f && !is_battle(p, q)) return true;
  return false;
}

int battle_side(const Position& p, int f) {
  return side_of(p, f);
}

void pop_front(Public& pub) {
  for (int i = 0; i + 1 < pub.queue_size; ++i) pub.queue[i] = pub.queue[i + 1];
  pub.queue[--pub.queue_size] = PendingStep{};
}

void kill_unit(Position& p, int r, int g) {
  --p.pub.regions[r].units[g];
  ++p.pub.reserve[g];
  note_units(p, g, r, -1);
}

void capture_unit(Position& p, int r, int captor, int g) {
  --p.pub.regions[r].units[g];
  ++p.pub.prisoners[captor][g];
  note_units(p, g, r, -1);
}

void move_units(Position& p, int from, int to, int f, int k) {
  p.pub.regions[from].units[f] = static_cast<std::uint8_t>(p.pub.regions[from].units[f] - k);
  p.pub.regions[to].units[f] = static_cast<std::uint8_t>(p.pub.regions[to].units[f] + k);
}

void remove_structure(Position& p, int sid, int r) {
  RegionState& R = p.pub.regions[r];
  R.structures &= ~bit(sid);
  --p.pub.seats[p.pub.faction_seat[sid / kStructTypes]].built[sid % kStructTypes];
  if (sid == kMachines * kStructTypes + 0) {  // a Matrix: its cards go under their decks, face up
    for (int i = 0; i < R.matrix; ++i) {
      bottom_of_terrain_deck(p, p.hid.matrix[r][i]);
      p.hid.matrix[r][i] = 0;
      R.matrix_terrain[i] = 0;
    }
    R.matrix = 0;
    ++p.hid.reveals;
  }
}

// Executes a step that takes no choice.
void execute_simple(Position& p, const PendingStep& ps) {
  Public& pub = p.pub;
  const int f = ps.faction, s = ps.seat, n = ps.step.n;
  const int regions = the_map(p).num_regions;
  switch (ps.step.op) {
    case Op::kVp:
      gain_vp(p, f, n);
      break;
    case Op::kDraw:
      if (s != kNone) draw_cards(p, s, n);
      break;
    case Op::kRecruit: {
      const int k = std::min<int>(n, pub.reserve[f]);
      const int at = pub.seats[pub.faction_seat[f]].hq;
      RegionState& hq = pub.regions[at];
      hq.units[f] = static_cast<std::uint8_t>(hq.units[f] + k);
      pub.reserve[f] = static_cast<std::uint8_t>(pub.reserve[f] - k);
      note_units(p, f, at, k);
      break;
    }
    case Op::kInitiative: {  // C3.3: take the first space, the others move right
      auto& up = pub.upcoming;
      int at = 0;
      while (up[at] != s) ++at;
      for (int i = at; i > 0; --i) up[i] = up[i - 1];
      up[0] = static_cast<std::uint8_t>(s);
      break;
    }
    case Op::kCrystalHere:
      pub.regions[ps.source].crystals =
          static_cast<std::uint8_t>(pub.regions[ps.source].crystals + n);
      break;
    case Op::kUnitsHere: {
      const int k = std::min<int>(n, pub.reserve[f]);
      pub.regions[ps.source].units[f] =
          static_cast<std::uint8_t>(pub.regions[ps.source].units[f] + k);
      pub.reserve[f] = static_cast<std::uint8_t>(pub.reserve[f] - k);
      note_units(p, f, ps.source, k);
      break;
    }
    case Op::kExtractHere: {
      const int k = std::min<int>(n, pub.regions[ps.source].crystals);
      pub.regions[ps.source].crystals =
          static_cast<std::uint8_t>(pub.regions[ps.source].crystals - k);
      pub.seats[s].store = static_cast<std::uint8_t>(pub.seats[s].store + k);
      break;
    }
    case Op::kStoreToVp:
      if (pub.seats[s].store >= n) {
        pub.seats[s].store = static_cast<std::uint8_t>(pub.seats[s].store - n);
        gain_vp(p, f, ps.step.m);
      }
      break;
    case Op::kPayStore:
      pub.seats[s].store = static_cast<std::uint8_t>(std::max(0, pub.seats[s].store - n));
      break;
    case Op::kPeek: {  // Scouting: the face-down tokens next to your units
      const std::uint32_t near = adjacent_to(p, own_regions(p, f));
      for (int r = 0; r < regions; ++r) {
        if (!(near & bit(r))) continue;
        if (pub.regions[r].explore) p.hid.peek_explore[s] |= bit(r);
        if (pub.regions[r].trog) p.hid.peek_trog[s] |= bit(r);
      }
      ++p.hid.reveals;
      break;
    }
    case Op::kAirDrop: {
      const int k = pub.last_card == kNone ? 0 : card(p, pub.last_card).recruit;
      if (k == 0) break;
      PendingStep d = ps;
      d.step = EffectStep{Op::kDeploy, static_cast<std::int8_t>(k), 0, CardFilter::kAny};
      d.count = 0;
      for (int i = pub.queue_size; i > 0; --i) pub.queue[i] = pub.queue[i - 1];
      pub.queue[0] = d;
      ++pub.queue_size;
      break;
    }
    case Op::kMoveBonus:
      pub.move_bonus = true;
      break;
    case Op::kActionBonus:
      pub.action_bonus = static_cast<std::uint8_t>(pub.action_bonus + n);
      break;
    case Op::kAllRecruit:
      for (int k = 0; k < pub.players; ++k) {
        const int q = pub.initiative[k];
        PendingStep r = ps;
        r.step = EffectStep{Op::kRecruit, static_cast<std::int8_t>(n), 0, CardFilter::kAny};
        r.seat = static_cast<std::uint8_t>(q);
        r.faction = pub.seats[q].faction;
        execute_simple(p, r);
      }
      break;
    case Op::kCrystalRain:
      for (int r = 0; r < regions; ++r)
        if (!is_hq(p, r) && pub.regions[r].crystals == 0) pub.regions[r].crystals = 1;
      break;
    case Op::kAllDraw:
      for (int k = 0; k < pub.players; ++k) draw_cards(p, pub.initiative[k], n);
      break;
    case Op::kTrogMigration:
      if (pub.trogs_neutral) {
        for (int r = 0; r < regions; ++r) {
          const RegionState& R = pub.regions[r];
          if (!is_hq(p, r) && R.control == kNone && units_in(R) == 0 && !R.trog && !R.battle &&
              R.crystals >= kMigrationCrystals)
            place_nest(p, r);
        }
      } else {
        PendingStep r = ps;
        r.step = EffectStep{Op::kRecruit, ps.step.n, 0, CardFilter::kAny};  // n from the data
        r.seat = pub.faction_seat[kTrogs];
        r.faction = kTrogs;
        execute_simple(p, r);
      }
      break;
    case Op::kTremor:
      for (int r = 0; r < regions; ++r)
        if (pub.regions[r].crystals >= kTremorCrystals) --pub.regions[r].crystals;
      break;
    case Op::kWindfall: {
      int low = 1 << 30;
      for (int q = 0; q < pub.players; ++q) low = std::min<int>(low, pub.seats[q].vp);
      for (int q = 0; q < pub.players; ++q)
        if (pub.seats[q].vp == low) gain_vp(p, pub.seats[q].faction, n);
      break;
    }
    case Op::kBStrength: {
      const int side = battle_side(p, f);
      if (side != kNone)
        pub.battle.strength[side][ps.step.m] =
            static_cast<std::uint8_t>(pub.battle.strength[side][ps.step.m] + n);
      break;
    }
    default:
      assert(false && "a choice step reached execute_simple");
      break;
  }
}

}  // namespace

bool effect_optional(Op op) {
  return op == Op::kBShift || op == Op::kBPush;
}

void effect_options(const Position& p, const PendingStep& ps, Sink& out) {
  const Public& pub = p.pub;
  const int f = ps.faction, s = ps.seat;
  const int n = the_map(p).num_regions;
  const MapDef& m = the_map(p);
  switch (ps.step.op) {
    case Op::kDeploy:
      if (pub.reserve[f] == 0) return;
      for (int r = 0; r < n; ++r)
        if (occupied_field(p, r, f)) out.add(kActRegion + r);
      break;
    case Op::kHarvest:  // m: crystals that must stay in the region
      for (int r = 0; r < n; ++r)
        if (occupied_field(p, r, f) && pub.regions[r].crystals > ps.step.m) out.add(kActRegion + r);
      break;
    case Op::kExplore:
      if (pub.explore_unused == 0) return;
      for (int r = 0; r < n; ++r)
        if (occupied_field(p, r, f)) out.add(kActRegion + r);
      break;
    case Op::kKillAnywhere:
      for (int r = 0; r < n; ++r)
        if (!is_hq(p, r)) add_enemy_units(p, r, f, out);
      break;
    case Op::kCaptureAdjacent: {
      const std::uint32_t near = adjacent_to(p, own_regions(p, f));
      for (int r = 0; r < n; ++r)
        if ((near & bit(r)) && !is_hq(p, r) && !is_battle(p, r)) add_enemy_units(p, r, f, out);
      break;
    }
    case Op::kKidnap: {
      if (pub.last_card == kNone) return;
      const int t = card_terrain(p, pub.last_card);
      const std::uint32_t own = own_regions(p, f), near = own | adjacent_to(p, own);
      for (int r = 0; r < n; ++r)
        if (m.regions[r].terrain == t && (near & bit(r)) && !is_hq(p, r) && !is_battle(p, r))
          add_enemy_units(p, r, f, out);
      break;
    }
    case Op::kShred:
      for (int r = 0; r < n; ++r)
        if ((m.regions[ps.source].adj & bit(r)) && !is_hq(p, r) && pub.regions[r].crystals > 0 &&
            pub.regions[r].control != f)
          out.add(kActRegion + r);
      break;
    case Op::kArtillery:
    case Op::kWatchtower: {
      const bool art = ps.step.op == Op::kArtillery;
      if ((art ? pub.artillery_left : pub.watchtower_left) == 0) return;
      const std::uint32_t where = m.regions[ps.source].adj | bit(ps.source);
      for (int r = 0; r < n; ++r)
        if ((where & bit(r)) && !is_hq(p, r) &&
            !(art ? pub.regions[r].artillery : pub.regions[r].watchtower))
          out.add(kActRegion + r);
      break;
    }
    case Op::kMatrix:
      if (pub.regions[ps.source].matrix >= kMatrixCapacity) return;
      for (int t = 0; t < kTerrains; ++t)
        if (pub.terrain_count[t] > 0) out.add(kActTerrainDeck + t);
      break;
    case Op::kFly:
    case Op::kTeleport: {
      const int here = pub.regions[ps.source].units[f];
      if (here == 0) return;
      if (ps.stage == 1) {
        for (int k = 1; k <= std::min<int>(ps.step.n, here); ++k) out.add(kActNumber + k);
        return;
      }
      for (int r = 0; r < n; ++r) {
        if (r == ps.source) continue;
        if (ps.step.op == Op::kFly) {
          const RegionState& R = pub.regions[r];
          if (units_in(R) == 0 && !R.trog && !is_hq(p, r) && !is_battle(p, r))
            out.add(kActRegion + r);
        } else if (m.dist[ps.source][r] <= ps.step.m && jump_target(p, r, f)) {
          out.add(kActRegion + r);
        }
      }
      break;
    }
    case Op::kPhaseStep:
      for (int a = 0; a < n; ++a) {
        if (pub.regions[a].units[f] == 0 || is_battle(p, a)) continue;
        for (int b = 0; b < n; ++b)
          if (b != a && m.dist[a][b] <= ps.step.m && jump_target(p, b, f))
            out.add(kActStep + a * 24 + b);
      }
      break;
    case Op::kDiscard: {
      int last = -1;
      for (int i = 0; i < pub.seats[s].hand; ++i) {
        const int d = p.hid.hand[s][i];
        if (d == last) continue;
        last = d;
        const CardDef& c = card(p, d);
        if (ps.step.filter == CardFilter::kRecruit && c.recruit == 0) continue;
        if (ps.step.filter == CardFilter::kTerrain && c.terrain < 0) continue;
        out.add(kActCard + d);
      }
      break;
    }
    case Op::kSpecialForces:
      if (ps.stage == 0) {
        if (removable_units(p, f) < kSpecialForcesCost) return;
        for (int r = 0; r < n; ++r)
          if (is_battle(p, r) && pub.regions[r].units[f] > 0) out.add(kActRegion + r);
      } else if (ps.stage == 1) {
        for (int k = 1; k <= 2; ++k)
          if (removable_units(p, f) >= kSpecialForcesCost * k) out.add(kActNumber + k);
      } else {
        for (int r = 0; r < n; ++r)
          if (pub.regions[r].units[f] > 0 && !is_battle(p, r)) out.add(kActRegion + r);
      }
      break;
    case Op::kRedeploy:
      if (ps.stage == 0) {
        for (int k = 0; k < C(p).factions[f].num_structures; ++k) {
          const int sid = f * kStructTypes + k;
          for (int r = 0; r < n; ++r) {
            const RegionState& R = pub.regions[r];
            if (!(R.structures & bit(sid)) || R.control != f || is_battle(p, r)) continue;
            bool dest = false;
            for (int q = 0; q < n; ++q)
              dest |= (m.regions[r].adj & bit(q)) && pub.regions[q].control == f && !is_hq(p, q) &&
                      !is_battle(p, q) && !(pub.regions[q].structures & bit(sid));
            if (dest) out.add(kActStructure + sid * 24 + r);
          }
        }
      } else {
        const int sid = ps.b;
        for (int q = 0; q < n; ++q)
          if ((m.regions[ps.a].adj & bit(q)) && pub.regions[q].control == f && !is_hq(p, q) &&
              !is_battle(p, q) && !(pub.regions[q].structures & bit(sid)))
            out.add(kActRegion + q);
      }
      break;
    case Op::kDisassemble:
      for (int k = 0; k < C(p).factions[f].num_structures; ++k) {
        const int sid = f * kStructTypes + k;
        for (int r = 0; r < n; ++r)
          if ((pub.regions[r].structures & bit(sid)) && pub.regions[r].control == f &&
              !is_battle(p, r))
            out.add(kActStructure + sid * 24 + r);
      }
      break;
    case Op::kAssemble:
      if (ps.stage == 0) {
        for (int r = 0; r < n; ++r)
          if (pub.regions[r].control == f && pub.regions[r].units[f] >= kAssembleUnits &&
              !is_hq(p, r) && !is_battle(p, r) && structure_buildable_free(p, r, f))
            out.add(kActRegion + r);
      } else {
        for (int k = 0; k < C(p).factions[f].num_structures; ++k)
          if (can_build_at(p, f * kStructTypes + k, ps.a, f, false))
            out.add(kActBuildType + f * kStructTypes + k);
      }
      break;
    case Op::kFreeActivate:
      for (int k = 0; k < C(p).factions[f].num_structures; ++k) {
        const int sid = f * kStructTypes + k;
        for (int r = 0; r < n; ++r)
          if (can_activate(p, sid, r, f) &&
              effect_feasible(p, C(p).structures[sid].effect, s, f, r, false))
            out.add(kActStructure + sid * 24 + r);
      }
      break;
    case Op::kDistraction:
      if (ps.stage == 0) {
        for (int r = 0; r < n; ++r)
          if (is_battle(p, r) && pub.regions[r].units[f] > 0) out.add(kActRegion + r);
      } else {
        for (int o = 0; o < kObjectives; ++o) out.add(kActObjective + o);
      }
      break;
    case Op::kWithdraw:
      if (ps.stage == 0) {
        for (int r = 0; r < n; ++r)
          if (is_battle(p, r) && pub.regions[r].units[f] > 0 && has_withdraw_target(p, r, f))
            out.add(kActRegion + r);
      } else {
        const std::uint32_t nb = neighbours(p, ps.a, f);
        for (int q = 0; q < n; ++q)
          if ((nb & bit(q)) && pub.regions[q].control == f && !is_battle(p, q))
            out.add(kActRegion + q);
      }
      break;
    case Op::kAncientCrystals:
      for (int r = 0; r < n; ++r)
        if (pub.regions[r].control == f && !is_hq(p, r)) out.add(kActRegion + r);
      break;
    case Op::kMedic:  // a battle of yours not already covered
      for (int r = 0; r < n; ++r)
        if (is_battle(p, r) && pub.regions[r].units[f] > 0 && pub.regions[r].medic == 0)
          out.add(kActRegion + r);
      break;
    case Op::kBReinforce:
      if (pub.reserve[f] == 0 || battle_side(p, f) == kNone) return;
      for (int o = 0; o < kObjectives; ++o) out.add(kActObjective + o);
      break;
    case Op::kBKill: {
      const int side = battle_side(p, f);
      if (side == kNone) return;
      for (int o = 0; o < kObjectives; ++o)
        if (pub.battle.board[1 - side][o] > 0) out.add(kActObjective + o);
      break;
    }
    case Op::kBShift:
    case Op::kBPush: {
      const int side = battle_side(p, f);
      if (side == kNone) return;
      const int who = ps.step.op == Op::kBShift ? side : 1 - side;
      const int base = ps.step.op == Op::kBShift ? kActShift : kActPush;
      out.add(kActDone);
      for (int a = 0; a < kObjectives; ++a) {
        if (pub.battle.board[who][a] == 0) continue;
        for (int b = 0; b < kObjectives; ++b)
          if (b != a) out.add(base + a * 3 + b);
      }
      break;
    }
    default:
      break;
  }
}

void push_effect(Position& p, const Effect& e, int seat, int faction, int source, bool front) {
  Public& pub = p.pub;
  if (front) {
    const int k = e.size;
    assert(pub.queue_size + k <= static_cast<int>(pub.queue.size()));
    for (int i = pub.queue_size - 1; i >= 0; --i) pub.queue[i + k] = pub.queue[i];
    for (int i = 0; i < k; ++i) {
      PendingStep ps;
      ps.step = e.steps[i];
      ps.seat = static_cast<std::uint8_t>(seat);
      ps.faction = static_cast<std::uint8_t>(faction);
      ps.source = static_cast<std::uint8_t>(source);
      pub.queue[i] = ps;
    }
    pub.queue_size = static_cast<std::uint8_t>(pub.queue_size + k);
    return;
  }
  for (int i = 0; i < e.size; ++i) {
    if (pub.queue_size == pub.queue.size()) return;  // never reached: effects are short
    PendingStep& ps = pub.queue[pub.queue_size++];
    ps = PendingStep{};
    ps.step = e.steps[i];
    ps.seat = static_cast<std::uint8_t>(seat);
    ps.faction = static_cast<std::uint8_t>(faction);
    ps.source = static_cast<std::uint8_t>(source);
  }
}

void run_effects(Position& p) {
  Public& pub = p.pub;
  while (pub.queue_size > 0) {
    const PendingStep& ps = pub.queue[0];
    if (needs_choice(ps.step.op)) {
      Sink count;
      effect_options(p, ps, count);
      if (count.n > (effect_optional(ps.step.op) ? 1 : 0)) {
        pub.step = Step::kEffect;
        pub.to_move = ps.seat;
        return;
      }
      pop_front(pub);  // nothing to act on: the step does nothing
      continue;
    }
    const PendingStep copy = ps;
    pop_front(pub);
    execute_simple(p, copy);
  }
  pub.last_card = kNone;
  resume_after_effects(p);
}

void run_now(Position& p, const Effect& e, int seat, int faction, int source) {
  for (int i = 0; i < e.size; ++i) {
    PendingStep ps;
    ps.step = e.steps[i];
    ps.seat = static_cast<std::uint8_t>(seat);
    ps.faction = static_cast<std::uint8_t>(faction);
    ps.source = static_cast<std::uint8_t>(source);
    assert(!needs_choice(ps.step.op));
    execute_simple(p, ps);
  }
}

void effect_choose(Position& p, int a) {
  Public& pub = p.pub;
  PendingStep& ps = pub.queue[0];
  const int f = ps.faction, s = ps.seat;
  bool done = true;
  switch (ps.step.op) {
    case Op::kDeploy: {
      const int r = a - kActRegion;
      ++pub.regions[r].units[f];
      --pub.reserve[f];
      note_units(p, f, r, 1);
      done = ++ps.count >= ps.step.n;
      break;
    }
    case Op::kHarvest: {
      const int r = a - kActRegion;
      --pub.regions[r].crystals;
      ++pub.seats[s].store;
      done = ++ps.count >= ps.step.n;
      break;
    }
    case Op::kExplore: {  // Recon Team: a random token from those not on the map
      const int r = a - kActRegion;
      const int i = static_cast<int>(p.rng.below(pub.explore_unused));
      const int def = p.hid.explore_unused[i];
      for (int k = i; k + 1 < pub.explore_unused; ++k)
        p.hid.explore_unused[k] = p.hid.explore_unused[k + 1];
      p.hid.explore_unused[--pub.explore_unused] = 0;
      pub.revealed_explores[pub.num_revealed_explores++] = static_cast<std::uint8_t>(def);
      ++p.hid.reveals;
      const PendingStep copy = ps;
      pop_front(pub);
      {
        const CauseScope cause(p, Cause::kExploration);
        note(p, Fact::kExploration, def, r, copy.faction);
        run_now(p, C(p).explores[def].effect, copy.seat, copy.faction, r);
      }
      run_effects(p);
      return;
    }
    case Op::kKillAnywhere: {
      const int u = a - kActUnit;
      kill_unit(p, u / 4, u % 4);
      break;
    }
    case Op::kCaptureAdjacent:
    case Op::kKidnap: {
      const int u = a - kActUnit;
      capture_unit(p, u / 4, f, u % 4);
      break;
    }
    case Op::kShred: {
      const int r = a - kActRegion;
      --pub.regions[r].crystals;
      ++pub.regions[ps.source].crystals;
      break;
    }
    case Op::kArtillery:
      pub.regions[a - kActRegion].artillery = 1;
      --pub.artillery_left;
      break;
    case Op::kWatchtower:
      pub.regions[a - kActRegion].watchtower = 1;
      --pub.watchtower_left;
      break;
    case Op::kMatrix: {  // found: draw 1 terrain card face down onto the Matrix
      const int t = a - kActTerrainDeck;
      RegionState& R = pub.regions[ps.source];
      const int d = p.hid.terrain[t][--pub.terrain_count[t]];
      p.hid.terrain[t][pub.terrain_count[t]] = 0;
      pub.terrain_bottom[t] = std::min(pub.terrain_bottom[t], pub.terrain_count[t]);
      seen_clear(p, t, s);
      if (p.hid.seen_in_terrain[s][d] > 0) --p.hid.seen_in_terrain[s][d];
      p.hid.matrix[ps.source][R.matrix] = static_cast<std::uint8_t>(d);
      R.matrix_terrain[R.matrix++] = static_cast<std::uint8_t>(t);
      ++p.hid.reveals;
      break;
    }
    case Op::kFly:
    case Op::kTeleport: {
      const int here = pub.regions[ps.source].units[f];
      int k = 0;
      if (ps.stage == 0) {
        ps.a = static_cast<std::uint8_t>(a - kActRegion);
        if (std::min<int>(ps.step.n, here) > 1) {
          ps.stage = 1;
          done = false;
          break;
        }
        k = 1;
      } else {
        k = a - kActNumber;
      }
      move_units(p, ps.source, ps.a, f, k);
      arrive(p, f, ps.a);
      break;
    }
    case Op::kPhaseStep: {
      const int from = (a - kActStep) / 24, to = (a - kActStep) % 24;
      move_units(p, from, to, f, 1);
      arrive(p, f, to);
      break;
    }
    case Op::kDiscard:
      play_from_hand(p, s, a - kActCard);
      pub.last_card = static_cast<std::uint8_t>(a - kActCard);
      break;
    case Op::kSpecialForces:
      if (ps.stage == 0) {
        ps.a = static_cast<std::uint8_t>(a - kActRegion);
        ps.stage = 1;
        done = false;
      } else if (ps.stage == 1) {
        ps.b = static_cast<std::uint8_t>(a - kActNumber);
        ps.count = static_cast<std::uint8_t>(kSpecialForcesCost * ps.b);
        ps.stage = 2;
        done = false;
      } else {
        kill_unit(p, a - kActRegion, f);  // back to the reserve
        if (--ps.count > 0) {
          done = false;
        } else {
          const int k = std::min<int>(ps.b, pub.reserve[f]);
          pub.regions[ps.a].units[f] = static_cast<std::uint8_t>(pub.regions[ps.a].units[f] + k);
          pub.reserve[f] = static_cast<std::uint8_t>(pub.reserve[f] - k);
          note_units(p, f, ps.a, k);
        }
      }
      break;
    case Op::kRedeploy:
      if (ps.stage == 0) {
        const int x = a - kActStructure;
        ps.b = static_cast<std::uint8_t>(x / 24);
        ps.a = static_cast<std::uint8_t>(x % 24);
        ps.stage = 1;
        done = false;
      } else {
        const int to = a - kActRegion;
        RegionState& A = pub.regions[ps.a];
        RegionState& B = pub.regions[to];
        A.structures &= ~bit(ps.b);
        B.structures |= bit(ps.b);
        if (ps.b == kMachines * kStructTypes + 0) {  // a Matrix keeps its cards
          std::swap(p.hid.matrix[ps.a], p.hid.matrix[to]);
          std::swap(A.matrix, B.matrix);
          std::swap(A.matrix_terrain, B.matrix_terrain);
        }
      }
      break;
    case Op::kDisassemble: {
      const int x = a - kActStructure;
      const int r = x % 24;
      remove_structure(p, x / 24, r);
      const int k = std::min<int>(kDisassembleUnits, pub.reserve[f]);
      pub.regions[r].units[f] = static_cast<std::uint8_t>(pub.regions[r].units[f] + k);
      pub.reserve[f] = static_cast<std::uint8_t>(pub.reserve[f] - k);
      note_units(p, f, r, k);
      break;
    }
    case Op::kAssemble:
      if (ps.stage == 0) {
        ps.a = static_cast<std::uint8_t>(a - kActRegion);
        ps.stage = 1;
        done = false;
      } else {
        const int sid = a - kActBuildType;
        RegionState& R = pub.regions[ps.a];
        R.units[f] = static_cast<std::uint8_t>(R.units[f] - kAssembleUnits);
        pub.reserve[f] = static_cast<std::uint8_t>(pub.reserve[f] + kAssembleUnits);
        note_units(p, f, ps.a, -kAssembleUnits);
        R.structures |= bit(sid);
        ++pub.seats[s].built[sid % kStructTypes];
      }
      break;
    case Op::kFreeActivate: {
      const int x = a - kActStructure;
      const int sid = x / 24, r = x % 24;
      pub.activated[r] |= bit(sid);
      const PendingStep copy = ps;
      pop_front(pub);
      push_effect(p, C(p).structures[sid].effect, copy.seat, copy.faction, r, true);
      run_effects(p);
      return;
    }
    case Op::kMedic:
      pub.regions[a - kActRegion].medic = static_cast<std::uint8_t>(ps.step.n);
      pub.regions[a - kActRegion].medic_for = static_cast<std::uint8_t>(f);
      break;
    case Op::kDistraction:
      if (ps.stage == 0) {
        ps.a = static_cast<std::uint8_t>(a - kActRegion);
        ps.stage = 1;
        done = false;
      } else {
        pub.regions[ps.a].distraction = static_cast<std::uint8_t>(a - kActObjective);
      }
      break;
    case Op::kWithdraw:
      if (ps.stage == 0) {
        ps.a = static_cast<std::uint8_t>(a - kActRegion);
        ps.stage = 1;
        done = false;
      } else {
        move_units(p, ps.a, a - kActRegion, f, pub.regions[ps.a].units[f]);
      }
      break;
    case Op::kAncientCrystals:
      pub.seats[s].ancient = static_cast<std::uint8_t>(a - kActRegion);
      break;
    case Op::kBReinforce: {
      const int side = battle_side(p, f);
      ++pub.battle.board[side][a - kActObjective];
      --pub.reserve[f];
      note_units(p, f, pub.battle.region, 1);
      done = ++ps.count >= ps.step.n;
      break;
    }
    case Op::kBKill: {
      const int side = battle_side(p, f);
      const int enemy = pub.battle.side[1 - side];
      if (save_from_kill(p, enemy)) {  // Medic Team: the unit stays
        done = ++ps.count >= ps.step.n;
        break;
      }
      --pub.battle.board[1 - side][a - kActObjective];
      ++pub.reserve[enemy];
      note_units(p, enemy, pub.battle.region, -1);
      done = ++ps.count >= ps.step.n;
      break;
    }
    case Op::kBShift:
    case Op::kBPush: {
      if (a == kActDone) break;
      const int side = battle_side(p, f);
      const int who = ps.step.op == Op::kBShift ? side : 1 - side;
      const int x = a - (ps.step.op == Op::kBShift ? kActShift : kActPush);
      --pub.battle.board[who][x / 3];
      ++pub.battle.board[who][x % 3];
      done = ++ps.count >= ps.step.n;
      break;
    }
    default:
      assert(false);
      break;
  }
  if (done) pop_front(pub);
  run_effects(p);
}

bool effect_feasible(const Position& p, const Effect& e, int seat, int faction, int source,
                     bool before_action, int paid) {
  const Public& pub = p.pub;
  for (int i = paid == kNone ? 0 : 1; i < e.size; ++i) {
    const EffectStep& st = e.steps[i];
    PendingStep ps;
    ps.step = st;
    ps.seat = static_cast<std::uint8_t>(seat);
    ps.faction = static_cast<std::uint8_t>(faction);
    ps.source = static_cast<std::uint8_t>(source);
    switch (st.op) {
      case Op::kMoveBonus:
      case Op::kActionBonus:
        if (!before_action) return false;
        continue;
      case Op::kDraw:
        if (pub.seats[seat].deck + pub.seats[seat].discard_n == 0) return false;
        continue;
      case Op::kRecruit:
      case Op::kUnitsHere:
        if (pub.reserve[faction] == 0) return false;
        continue;
      case Op::kExtractHere:
        if (pub.regions[source].crystals == 0) return false;
        continue;
      case Op::kStoreToVp:
      case Op::kPayStore:
        if (pub.seats[seat].store < st.n) return false;
        continue;
      case Op::kPeek: {
        const std::uint32_t near = adjacent_to(p, own_regions(p, faction));
        bool any = false;
        for (int r = 0; r < the_map(p).num_regions; ++r)
          if (near & bit(r))
            any |= (pub.regions[r].explore && !(p.hid.peek_explore[seat] & bit(r))) ||
                   (pub.regions[r].trog && !(p.hid.peek_trog[seat] & bit(r)));
        if (!any) return false;
        continue;
      }
      case Op::kAirDrop: {
        if (paid != kNone && card(p, paid).recruit == 0) return false;
        PendingStep d = ps;
        d.step = EffectStep{Op::kDeploy, 1, 0, CardFilter::kAny};
        Sink c;
        effect_options(p, d, c);
        if (c.n == 0) return false;
        continue;
      }
      case Op::kKidnap: {
        // Needs a terrain card in hand whose terrain has a target (the discard step before).
        bool any = false;
        for (int h = 0; h < pub.seats[seat].hand && !any; ++h) {
          const int d = paid == kNone ? p.hid.hand[seat][h] : paid;
          const int t = card_terrain(p, d);
          if (t == kNone) continue;
          const std::uint32_t own = own_regions(p, faction), near = own | adjacent_to(p, own);
          for (int r = 0; r < the_map(p).num_regions && !any; ++r)
            if (the_map(p).regions[r].terrain == t && (near & bit(r)) && !is_hq(p, r) &&
                !is_battle(p, r) && enemy_faction_in(p, r, faction) != kNone)
              any = true;
        }
        if (!any) return false;
        continue;
      }
      default:
        break;
    }
    if (needs_choice(st.op)) {
      Sink c;
      effect_options(p, ps, c);
      if (c.n <= (effect_optional(st.op) ? 1 : 0)) return false;
    }
  }
  return true;
}

}  // namespace turf::cryhavoc
