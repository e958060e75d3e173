// Cry Havoc kernel: the battle resolution phase (C8): battles in token order, wiped-out sides,
// the crystal, units on the three objectives, alternating tactics cards until a pass, Region
// Control, Capture Prisoners, Attrition, survivors, retreats, and the neutral Trogs of 2-3 player
// games (played by the seat to the left of the attacker, nesting instead of holding regions).
#include <algorithm>
#include <cassert>

#include "games/cryhavoc/kernel.h"

namespace turf::cryhavoc {

bool save_from_kill(Position& p, int faction) {
  RegionState& R = p.pub.regions[p.pub.battle.region];
  if (R.medic == 0 || R.medic_for != faction) return false;
  --R.medic;
  return true;
}

namespace {

bool neutral(const Position& p, int f) {
  return f == kTrogs && p.pub.trogs_neutral;
}

int total(const std::array<std::uint8_t, kObjectives>& a) {
  return a[0] + a[1] + a[2];
}

void next_battle(Position& p);
void resolve_next(Position& p);

void end_battle(Position& p) {
  const CauseScope cause(p, Cause::kBattle);
  Public& pub = p.pub;
  RegionState& R = pub.regions[pub.battle.region];
  R.battle = 0;  // C8.12
  R.attacker = kNone;
  R.distraction = kNone;
  R.medic = 0;
  R.medic_for = kNone;
  pub.battle = BattleState{};
  pub.pending = 0;
  next_battle(p);
}

// C8.2: a side was wiped out before its battle: no battle, the other side takes the region.
// `defender`: the side the attacker faced (kNone when unknown).
void wiped(Position& p, int r, int defender) {
  const CauseScope cause(p, Cause::kBattle);
  Public& pub = p.pub;
  RegionState& R = pub.regions[r];
  const int att = R.attacker;
  const int def = enemy_faction_in(p, r, att);
  const int taker = R.units[att] == 0 ? (def != kNone && !neutral(p, def) ? def : kNone)
                    : def == kNone    ? att
                                      : kNone;
  note(p, Fact::kNoBattle, r, att, def != kNone ? def : defender, kNone, taker);
  if (R.units[att] == 0 && def != kNone) {
    if (neutral(p, def)) {  // R: neutral Trogs hold no region; they nest as when they win
      note_units(p, kTrogs, r, -R.units[kTrogs]);
      pub.reserve[kTrogs] = static_cast<std::uint8_t>(pub.reserve[kTrogs] + R.units[kTrogs]);
      R.units[kTrogs] = 0;
      set_control(p, r, kNone);
      place_nest(p, r);
    } else {
      set_control(p, r, def);
    }
  } else if (R.units[att] > 0 && def == kNone) {
    set_control(p, r, att);
  }
  R.battle = 0;
  R.attacker = kNone;
  R.distraction = kNone;
  R.medic = 0;
  R.medic_for = kNone;
}

void begin_place(Position& p, int side) {
  Public& pub = p.pub;
  BattleState& b = pub.battle;
  for (; side < 2; ++side) {
    if (pub.regions[b.region].units[b.side[side]] > 0) {
      pub.step = Step::kPlace;
      b.placing = static_cast<std::uint8_t>(side);
      b.sub = 0;
      pub.to_move = b.seat[side];
      return;
    }
  }
  // C8.4: tactics cards, the attacker first.
  b.turn = 0;
  b.passed = {false, false};
  pub.step = Step::kTactics;
  pub.to_move = b.seat[0];
}

bool start_battle(Position& p, int r) {
  const CauseScope cause(p, Cause::kBattle);
  Public& pub = p.pub;
  RegionState& R = pub.regions[r];
  const int att = R.attacker;
  const int def = enemy_faction_in(p, r, att);
  if (R.units[att] == 0 || def == kNone) {
    wiped(p, r, kNone);
    return false;
  }
  // The Artillery token fires once as the battle begins, then leaves. It fires before step A:
  // when it kills the last unit of a side, C8.2 applies and there is no battle (R33).
  int shot = kNone;  // the side the Artillery fired at (told after the battle's own fact)
  if (R.artillery && (att == kHumans || def == kHumans)) {
    shot = att == kHumans ? def : att;
    for (int k = 0; k < kArtilleryKills && R.units[shot] > 0; ++k) {
      --R.units[shot];
      ++pub.reserve[shot];
      note_units(p, shot, r, -1);
    }
    R.artillery = 0;
    ++pub.artillery_left;
    if (R.units[shot] == 0) {
      note(p, Fact::kArtillery, r, shot);
      wiped(p, r, shot);
      return false;
    }
  }
  BattleState& b = pub.battle;
  b = BattleState{};
  b.region = static_cast<std::uint8_t>(r);
  b.side = {static_cast<std::uint8_t>(att), static_cast<std::uint8_t>(def)};
  const int att_seat = pub.faction_seat[att];
  b.seat[0] = static_cast<std::uint8_t>(att_seat);
  // C8.5: the seat to the left of the attacker plays the neutral Trogs.
  b.seat[1] = static_cast<std::uint8_t>(neutral(p, def) ? (att_seat + 1) % pub.players
                                                        : pub.faction_seat[def]);
  ++pub.battles;
  if (def == kTrogs) ++pub.trog_battles;
  note(p, Fact::kBattle, r, att, def, R.battle);
  if (shot != kNone) note(p, Fact::kArtillery, r, shot);
  R.crystals = static_cast<std::uint8_t>(R.crystals + 1);  // C8.3 step A
  const int humans = side_of(p, kHumans);
  if (humans != kNone) {
    if (R.watchtower) b.strength[humans][kControl] = kWatchtowerStrength;
  }
  b.order = {kControl, kPrisoners, kAttrition};
  if (R.distraction != kNone) {  // Distraction: the chosen objective first
    b.order[0] = R.distraction;
    int k = 1;
    for (int o = 0; o < kObjectives; ++o)
      if (o != R.distraction) b.order[k++] = static_cast<std::uint8_t>(o);
  }
  begin_place(p, 0);
  return true;
}

void next_battle(Position& p) {
  const CauseScope cause(p, Cause::kBattle);
  Public& pub = p.pub;
  const int n = the_map(p).num_regions;
  for (;;) {
    int best = -1;
    for (int r = 0; r < n; ++r)
      if (pub.regions[r].battle && (best < 0 || pub.regions[r].battle < pub.regions[best].battle))
        best = r;
    if (best < 0) break;
    if (start_battle(p, best)) return;  // C8.1: lowest token first
  }
  begin_prisoners(p);
}

// C8.7: the objective's fact first, then the prisoner.
void capture(Position& p, int capturer, int objective) {
  BattleState& b = p.pub.battle;
  note(p, Fact::kObjective, b.region, kPrisoners, b.value[0][kPrisoners], b.value[1][kPrisoners],
       capturer);
  --b.board[1 - capturer][objective];
  ++p.pub.prisoners[b.side[capturer]][b.side[1 - capturer]];
  note_units(p, b.side[1 - capturer], b.region, -1);
}

void kill_on_board(Position& p, int killer, int objective) {
  BattleState& b = p.pub.battle;
  if (save_from_kill(p, b.side[1 - killer])) return;  // Medic Team: the unit stays
  --b.board[1 - killer][objective];
  ++p.pub.reserve[b.side[1 - killer]];
  ++b.killed[killer];
  note_units(p, b.side[1 - killer], b.region, -1);
  gain_vp(p, b.side[killer], kKillVp);  // C8.8: 1 VP a kill
}

// C8.8: Attrition's fact, once its kills are made.
void note_attrition(Position& p) {
  const BattleState& b = p.pub.battle;
  note(p, Fact::kObjective, b.region, kAttrition, b.value[0][kAttrition], b.value[1][kAttrition],
       b.killed[0], b.killed[1]);
}

// C8.8 when attrition does not resolve last (Distraction): the killers choose, attacker first.
bool next_kill_choice(Position& p) {
  Public& pub = p.pub;
  BattleState& b = pub.battle;
  while (b.kills_side < 2) {
    const int k = b.kills_side;
    if (b.kills[k] > 0 && total(b.board[1 - k]) > 0) {
      pub.step = Step::kKill;
      pub.to_move = b.seat[k];
      return true;
    }
    b.kills[k] = 0;
    ++b.kills_side;
  }
  return false;
}

void finish_battle(Position& p);

void resolve_next(Position& p) {
  const CauseScope cause(p, Cause::kBattle);
  Public& pub = p.pub;
  BattleState& b = pub.battle;
  while (b.next < kObjectives) {
    const int o = b.order[b.next++];
    const int c0 = b.board[0][o] + b.strength[0][o], c1 = b.board[1][o] + b.strength[1][o];
    b.value[0][o] = static_cast<std::uint8_t>(c0);
    b.value[1][o] = static_cast<std::uint8_t>(c1);
    if (o == kControl) {  // C8.6: most units; the defender wins ties
      const int w = c0 > c1 ? 0 : 1;
      b.winner = static_cast<std::uint8_t>(w);
      note(p, Fact::kObjective, b.region, kControl, c0, c1, w);
      if (neutral(p, b.side[w])) {
        set_control(p, b.region, kNone);  // neutral Trogs take no control and no VP (C8.11)
      } else {
        set_control(p, b.region, b.side[w]);
        gain_vp(p, b.side[w], kRegionControlVp);
      }
    } else if (o == kPrisoners) {  // C8.7: a tie captures nobody
      if (c0 == c1) {
        note(p, Fact::kObjective, b.region, kPrisoners, c0, c1, kNone);
        continue;
      }
      const int cap = c0 > c1 ? 0 : 1;
      int spaces = 0, only = 0;
      for (int q = 0; q < kObjectives; ++q)
        if (b.board[1 - cap][q] > 0) ++spaces, only = q;
      if (spaces == 0) note(p, Fact::kObjective, b.region, kPrisoners, c0, c1, kNone);
      if (spaces == 1) capture(p, cap, only);
      if (spaces >= 2) {
        b.capturer = static_cast<std::uint8_t>(cap);
        pub.step = Step::kCapture;
        pub.to_move = b.seat[cap];
        return;
      }
    } else {  // C8.8: attrition, both sides at once
      b.kills = {static_cast<std::uint8_t>(c0), static_cast<std::uint8_t>(c1)};
      if (b.next == kObjectives) {
        // Last: which units die no longer matters, so they are taken in objective order.
        std::array<int, 2> k{std::min(c0, total(b.board[1])), std::min(c1, total(b.board[0]))};
        for (int side = 0; side < 2; ++side)
          for (int q = 0; q < kObjectives && k[side] > 0; ++q)
            while (k[side] > 0 && b.board[1 - side][q] > 0) {
              kill_on_board(p, side, q);
              --k[side];
            }
        b.kills = {};
        note_attrition(p);
      } else {
        b.kills_side = 0;
        if (next_kill_choice(p)) return;
        note_attrition(p);
      }
    }
  }
  finish_battle(p);
}

// C8.9-C8.11: survivors back, the loser retreats.
void finish_battle(Position& p) {
  const CauseScope cause(p, Cause::kBattle);
  Public& pub = p.pub;
  BattleState& b = pub.battle;
  const int r = b.region;
  RegionState& R = pub.regions[r];
  const int w = b.winner, l = 1 - w;
  const int fw = b.side[w], fl = b.side[l];
  const int sw = total(b.board[w]);
  const int sl = total(b.board[l]);
  b.board[w] = {};
  if (neutral(p, fw)) {  // C8.11: the Trogs leave and nest where they won
    pub.reserve[kTrogs] = static_cast<std::uint8_t>(pub.reserve[kTrogs] + sw);
    note_units(p, kTrogs, r, -sw);
    set_control(p, r, kNone);
    place_nest(p, r);
  } else {
    R.units[fw] = static_cast<std::uint8_t>(R.units[fw] + sw);
  }
  if (sl == 0) {
    note(p, Fact::kBattleEnd, r, w, fl, kNone, 0, 0);
    end_battle(p);
    return;
  }
  const MapDef& m = the_map(p);
  pub.pending = 0;
  if (neutral(p, fl)) {  // C8.11: retreating Trogs leave and nest next door
    pub.reserve[kTrogs] = static_cast<std::uint8_t>(pub.reserve[kTrogs] + sl);
    b.board[l] = {};
    if (pub.nest_supply > 0) {
      for (int q = 0; q < m.num_regions; ++q) {
        const RegionState& Q = pub.regions[q];
        // R34: not into a region whose battle is still to come, unless the option says so.
        if ((m.regions[r].adj & bit(q)) && Q.control == kNone && !is_hq(p, q) && !Q.trog &&
            (!Q.battle || pub.nest_into_battles))
          pub.pending |= bit(q);
      }
    }
    const bool choose = popcount(pub.pending) >= 2;
    note(p, Fact::kBattleEnd, r, w, fl, kNone, choose ? 1 : 0, sl);
    note_units(p, kTrogs, r, -sl);
    if (choose) {
      pub.step = Step::kNest;
      pub.to_move = b.seat[l];
      return;
    }
    if (pub.pending) place_nest(p, __builtin_ctz(pub.pending));
    end_battle(p);
    return;
  }
  const std::uint32_t nb = neighbours(p, r, fl);
  for (int q = 0; q < m.num_regions; ++q)
    if ((nb & bit(q)) && pub.regions[q].control == fl && !pub.regions[q].battle)
      pub.pending |= bit(q);
  if (popcount(pub.pending) >= 2) {
    note(p, Fact::kBattleEnd, r, w, fl, kNone, 1, sl);
    pub.step = Step::kRetreat;
    pub.to_move = b.seat[l];
    return;
  }
  if (pub.pending) {
    const int q = __builtin_ctz(pub.pending);
    pub.regions[q].units[fl] = static_cast<std::uint8_t>(pub.regions[q].units[fl] + sl);
    note(p, Fact::kBattleEnd, r, w, fl, q, 0, sl);
  } else {
    pub.reserve[fl] = static_cast<std::uint8_t>(pub.reserve[fl] + sl);  // nowhere to go
    note(p, Fact::kBattleEnd, r, w, fl, kNone, 0, sl);
    note_units(p, fl, r, -sl);
  }
  b.board[l] = {};
  end_battle(p);
}

}  // namespace

int side_of(const Position& p, int faction) {
  const BattleState& b = p.pub.battle;
  if (b.region == kNone) return kNone;
  if (b.side[0] == faction) return 0;
  if (b.side[1] == faction) return 1;
  return kNone;
}

void begin_battles(Position& p) {
  next_battle(p);
}

bool can_play_tactic(const Position& p, int seat, int def) {
  (void)seat;
  const CardDef& c = card(p, def);
  if (c.battle.empty()) return false;
  const int r = p.pub.battle.region;
  return c.terrain < 0 || the_map(p).regions[r].terrain == c.terrain;  // C8.4
}

void tactics_next(Position& p) {
  Public& pub = p.pub;
  BattleState& b = pub.battle;
  if (!b.passed[1 - b.turn]) b.turn = static_cast<std::uint8_t>(1 - b.turn);
  pub.step = Step::kTactics;
  pub.to_move = b.seat[b.turn];
}

void battle_legal(const Position& p, std::vector<int>& out) {
  const Public& pub = p.pub;
  const BattleState& b = pub.battle;
  const int r = b.region;
  switch (pub.step) {
    case Step::kPlace: {
      // Units still in the region (those already put on Region Control have left it).
      const int u = pub.regions[r].units[b.side[b.placing]];
      for (int k = 0; k <= u; ++k) out.push_back(kActNumber + k);
      break;
    }
    case Step::kTactics: {
      const int s = pub.to_move;
      out.push_back(kActPass);
      int last = -1;
      for (int i = 0; i < pub.seats[s].hand; ++i) {
        const int d = p.hid.hand[s][i];
        if (d != last && can_play_tactic(p, s, d)) out.push_back(kActCard + d);
        last = d;
      }
      // The Matrix: stored cards of the battle region's terrain, for the Machines' own side.
      if (b.side[b.turn] == kMachines && pub.faction_seat[kMachines] == s) {
        const int t = the_map(p).regions[r].terrain;
        std::uint64_t defs = 0;
        for (int q = 0; q < the_map(p).num_regions; ++q)
          for (int i = 0; i < pub.regions[q].matrix; ++i)
            if (pub.regions[q].matrix_terrain[i] == t)
              defs |= std::uint64_t{1} << p.hid.matrix[q][i];
        for (int d = 0; d < kMaxCardDefs; ++d)
          if (defs >> d & 1) out.push_back(kActMatrixCard + d);
      }
      break;
    }
    case Step::kCapture:
    case Step::kKill: {
      const int enemy = 1 - (pub.step == Step::kCapture ? b.capturer : b.kills_side);
      for (int o = 0; o < kObjectives; ++o)
        if (b.board[enemy][o] > 0) out.push_back(kActObjective + o);
      break;
    }
    case Step::kRetreat:
    case Step::kNest:
      for (int q = 0; q < the_map(p).num_regions; ++q)
        if (pub.pending & bit(q)) out.push_back(kActRegion + q);
      break;
    default:
      break;
  }
}

void battle_apply(Position& p, int a) {
  Public& pub = p.pub;
  BattleState& b = pub.battle;
  RegionState& R = pub.regions[b.region];
  switch (pub.step) {
    case Step::kPlace: {
      const int side = b.placing, f = b.side[side];
      const int k = a - kActNumber;
      b.board[side][b.sub == 0 ? kControl : kPrisoners] = static_cast<std::uint8_t>(k);
      R.units[f] = static_cast<std::uint8_t>(R.units[f] - k);
      if (b.sub == 0 && R.units[f] > 0) {
        b.sub = 1;  // then Capture Prisoners
        return;
      }
      b.board[side][kAttrition] = R.units[f];  // the rest (C8.3)
      R.units[f] = 0;
      begin_place(p, side + 1);
      break;
    }
    case Step::kTactics: {
      const int s = pub.to_move;
      const int f = b.side[b.turn];
      if (a == kActPass) {
        b.passed[b.turn] = true;
        if (b.passed[1 - b.turn]) {
          resolve_next(p);
        } else {
          b.turn = static_cast<std::uint8_t>(1 - b.turn);
          pub.to_move = b.seat[b.turn];
        }
        return;
      }
      if (a >= kActMatrixCard && a < kActBuyBack) {
        const int d = a - kActMatrixCard;
        for (int q = 0; q < the_map(p).num_regions; ++q) {
          RegionState& Q = pub.regions[q];
          int i = 0;
          while (i < Q.matrix && p.hid.matrix[q][i] != d) ++i;
          if (i == Q.matrix) continue;
          for (int k = i; k + 1 < Q.matrix; ++k) {
            p.hid.matrix[q][k] = p.hid.matrix[q][k + 1];
            Q.matrix_terrain[k] = Q.matrix_terrain[k + 1];
          }
          --Q.matrix;
          p.hid.matrix[q][Q.matrix] = 0;
          Q.matrix_terrain[Q.matrix] = 0;
          break;
        }
        bottom_of_terrain_deck(p, d);  // found: used Matrix cards go under their deck
        ++p.hid.reveals;
        pub.resume = Resume::kTactics;
        push_effect(p, card(p, d).battle, s, f, b.region, false);
        run_effects(p);
        return;
      }
      const int d = a - kActCard;
      play_from_hand(p, s, d);
      pub.resume = Resume::kTactics;
      push_effect(p, card(p, d).battle, s, f, b.region, false);
      run_effects(p);
      return;
    }
    case Step::kCapture:
      capture(p, b.capturer, a - kActObjective);
      resolve_next(p);
      return;
    case Step::kKill:
      kill_on_board(p, b.kills_side, a - kActObjective);
      --b.kills[b.kills_side];
      if (!next_kill_choice(p)) {
        note_attrition(p);
        resolve_next(p);
      }
      return;
    case Step::kRetreat: {
      const int l = 1 - b.winner, fl = b.side[l], q = a - kActRegion;
      pub.regions[q].units[fl] =
          static_cast<std::uint8_t>(pub.regions[q].units[fl] + total(b.board[l]));
      b.board[l] = {};
      end_battle(p);
      return;
    }
    case Step::kNest:
      place_nest(p, a - kActRegion);
      end_battle(p);
      return;
    default:
      assert(false);
  }
}

}  // namespace turf::cryhavoc
