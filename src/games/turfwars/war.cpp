// Turf Wars kernel: Turf Wars (T9, T10): commitments, voluntary and forced support, the
// Unicorns' pull and the Sirens' lure, the Rangers' volley, combat cards and their reveal, Cry
// for Help and its chains, resolution and the cost of winning, the retreat, Hell Hath No Fury,
// the after-win abilities and the records win conditions read.
#include <algorithm>
#include <array>

#include "games/turfwars/kernel.h"

namespace turf::turfwars::kernel {

void start_war(Position& p, const std::uint8_t* leaders, const std::uint8_t* sources, int n,
               int target) {
  War& w = p.war;
  w = War{};
  w.active = true;
  w.target = static_cast<std::uint8_t>(target);
  w.n_attackers = static_cast<std::uint8_t>(n);
  for (int i = 0; i < n; ++i) {
    w.sides[i].leader = static_cast<std::int8_t>(leaders[i]);
    w.sides[i].source = sources[i];
    w.called_mask |= 1ull << leaders[i];
  }
  w.n_sides = static_cast<std::uint8_t>(n);
  w.stage = kWsCommit;
  w.cursor = 0;
}

// Becomes a real Turf War (an occupied target or several attackers) after the commitments.
void war_add_defender(Position& p) {
  War& w = p.war;
  const int d = p.owner[w.target];
  w.has_defender = true;
  w.sides[w.n_sides].leader = static_cast<std::int8_t>(d);
  w.sides[w.n_sides].source = w.target;
  ++w.n_sides;
  w.called_mask |= 1ull << d;
  w.lone_defender = p.troops[w.target] == 1;
  for (int i = 0; i < w.n_attackers; ++i) p.seats[w.sides[i].leader].attacked_rival = true;
}

int side_value(const Position& p, int side) {
  const War& w = p.war;
  const WarSide& s = w.sides[side];
  int v = s.committed;
  if (s.card != kNone && s.card >= 1 && s.card <= 10) v += s.card;
  for (int i = 0; i < w.n_sups; ++i) {
    const Supporter& u = w.sups[i];
    if (u.side != side) continue;
    v += u.given;
    if (u.card != kNone && u.card >= 1 && u.card <= 10) v += u.card;
  }
  const int leader = s.leader;
  const Ability& a = ability_in(p, leader);
  const EventDef* e = event_for(p, leader);
  if (side == defender_side(w)) {
    v += a.defend_bonus_any + a.defend_bonus_type[board_of(p).type[w.target]];
    if (e) v += e->defend_bonus;
  } else {
    v += a.attack_bonus;
    if (e) v += e->attack_bonus;
  }
  return v;
}

int side_committed(const War& w, int side) {
  int n = w.sides[side].committed;
  for (int i = 0; i < w.n_sups; ++i)
    if (w.sups[i].side == side) n += w.sups[i].given;
  return n;
}

// Takes up to n troops off a winning side: its leader's survivors first, then its supporters in
// reverse order of contribution (R18). at_cell: where the leader's survivors stand (kNone: in
// transit). Returns how many were taken.
int take_from_side(Position& p, int side, int n, int at_cell, int killer) {
  War& w = p.war;
  int taken = 0;
  WarSide& s = w.sides[side];
  const int from_leader = std::min<int>(n, s.committed);
  if (from_leader > 0) {
    s.committed = static_cast<std::uint8_t>(s.committed - from_leader);
    if (at_cell != kNone)
      remove_troops(p, at_cell, from_leader, killer);
    else
      p.seats[s.leader].last_killer = static_cast<std::uint8_t>(killer);
    taken += from_leader;
  }
  for (int i = w.n_contribs - 1; i >= 0 && taken < n; --i) {
    Contribution& c = w.contribs[i];
    if (w.sups[c.sup].side != side || c.n == 0) continue;
    const int k = std::min<int>(n - taken, c.n);
    c.n = static_cast<std::uint8_t>(c.n - k);
    w.sups[c.sup].given = static_cast<std::uint8_t>(w.sups[c.sup].given - k);
    p.seats[w.sups[c.sup].seat].last_killer = static_cast<std::uint8_t>(killer);
    taken += k;
  }
  return taken;
}

// The minimum loss of one that the simple and balanced costs set (T10.2, T10.3), or 0: none
// under the other costs, and none for a defender winning a turf that held a single troop when it
// was attacked (the rulebook's note after the cost variants, T10.5, R17).
int minimum_loss(const Position& p, int winner) {
  const War& w = p.war;
  if (p.cost != kSimple && p.cost != kBalanced) return 0;
  return winner == defender_side(w) && w.lone_defender ? 0 : 1;
}

// The cost of winning (T10), before the cap at the committed troops (R51).
int winning_cost(const Position& p, int winner) {
  const War& w = p.war;
  int lost = 0;
  for (int s = 0; s < w.n_sides; ++s)
    if (s != winner) lost += side_committed(w, s);
  const int own = side_committed(w, winner);
  const int least = minimum_loss(p, winner);
  switch (static_cast<Cost>(p.cost)) {
    case kWinnerTakesAll:
    case kFury:
      return 0;
    case kSimple:
      return std::max(least, lost / 3);
    case kBalanced:
      return std::min(std::max(least, lost / 2), std::max(least, own / 3));
    default:
      return 0;
  }
}

int most_populous(const Position& p, int seat) {
  int best = -1;
  scan_held(p, seat, [&](int c) {
    if (best < 0 || p.troops[c] > p.troops[best]) best = c;
    return false;
  });
  return best;
}

bool can_give_support(const Position& p, int seat) {
  return scan_held(p, seat, [&](int c) { return p.troops[c] >= 2; });
}

// The voluntary-support rules in force for a seat wishing to join (T9.2).
bool may_join(const Position& p, int seat, int side) {
  const War& w = p.war;
  if (!active(p, seat) || in_war(w, seat) || !can_give_support(p, seat)) return false;
  const int leader = w.sides[side].leader;
  const EventDef* e = event_for(p, seat);
  const EventDef* le = event_for(p, leader);
  if (e && e->support_allowed && le && le->support_allowed) return true;
  return side == defender_side(w) && ability_in(p, seat).champion;
}

int draw_from_hand(Position& p, int seat) {
  SeatState& s = p.seats[seat];
  const int total = hand_total(s);
  if (total == 0) return kNone;
  int r = static_cast<int>(p.rng.below(static_cast<std::uint32_t>(total)));
  ++p.commits;
  for (int t = 0; t < kCombatTypes; ++t) {
    if (r < s.hand[t]) return t;
    r -= s.hand[t];
  }
  return kNone;
}

// A supporter's random card is played for the side it supports (T9.7).
void supporter_card(Position& p, int i) {
  War& w = p.war;
  Supporter& u = w.sups[i];
  const int t = draw_from_hand(p, u.seat);
  if (t == kNone) return;
  --p.seats[u.seat].hand[t];
  forget_public(p, u.seat, t);
  u.card = static_cast<std::uint8_t>(t);
  if (t == kNegate) w.cancelled = true;
  if (t == kCryForHelp && u.side == defender_side(w) && p.num_seats > 2) ++w.calls;
}

// The troops a supporter must bring: its ally's committed count (T9.7 step 1).
void add_supporter(Position& p, int seat, int side, bool forced) {
  War& w = p.war;
  Supporter& u = w.sups[w.n_sups++];
  u.seat = static_cast<std::int8_t>(seat);
  u.side = static_cast<std::uint8_t>(side);
  u.need = w.sides[side].committed;
  u.forced = forced;
  w.called_mask |= 1ull << seat;
}

void give_support(Position& p, int i, int cell) {
  War& w = p.war;
  Supporter& u = w.sups[i];
  const int k = std::min<int>(u.need - u.given, p.troops[cell] - 1);
  if (k <= 0) return;
  set_cell(p, cell, p.owner[cell], p.troops[cell] - k);
  u.given = static_cast<std::uint8_t>(u.given + k);
  w.contribs[w.n_contribs++] = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(cell),
                                static_cast<std::uint8_t>(k)};
}

bool support_done(const Position& p, int i) {
  const Supporter& u = p.war.sups[i];
  return u.given >= u.need || !can_give_support(p, u.seat) || p.war.n_contribs >= 47;
}

void after_attack(Position& p, int winner_seat, bool won);

// Ends a war: cards to the discard (the Zero back to its owner), surviving supporters home.
void war_cleanup(Position& p) {
  War& w = p.war;
  for (int s = 0; s < w.n_sides; ++s) {
    const int t = w.sides[s].card;
    if (t == kZero)
      p.seats[w.sides[s].leader].hand[kZero] = 1;
    else
      discard_combat(p, t);
  }
  for (int i = 0; i < w.n_sups; ++i) {
    const int t = w.sups[i].card;
    if (t == kZero)
      p.seats[w.sups[i].seat].hand[kZero] = 1;
    else
      discard_combat(p, t);
  }
  for (int i = 0; i < w.n_contribs; ++i) {
    const Contribution& c = w.contribs[i];
    if (c.n == 0) continue;
    set_cell(p, c.cell, w.sups[c.sup].seat, p.troops[c.cell] + c.n);
  }
  w.n_contribs = 0;
  for (int i = 0; i < w.n_sups; ++i) w.sups[i].given = 0;
  w.active = false;
}

// Cancelled (Negate Attack) or a tie among attackers: attackers go home (T9.6, R16).
void bounce(Position& p, int side) {
  War& w = p.war;
  WarSide& s = w.sides[side];
  if (s.committed) {
    set_cell(p, s.source, s.leader, p.troops[s.source] + s.committed);
    s.committed = 0;
  }
}

namespace {

int war_attacker_controller(const Position& p, int side) {
  const int leader = p.war.sides[side].leader;
  if (p.turn.bloodlust || p.phase != Phase::kActions) return leader;
  return controller_of(p, leader);
}

bool may_play_card(const Position& p, int side) {
  const War& w = p.war;
  const int leader = w.sides[side].leader;
  const EventDef* e = event_for(p, leader);
  if (e && e->no_combat_cards) return false;
  if (side == defender_side(w)) {  // Krakens (T9.5, FAQ)
    for (int i = 0; i < w.n_attackers; ++i) {
      const int k = ability_in(p, w.sides[i].leader).silence_defender;
      if (k > 0 && p.troops[w.target] <= k) return false;
    }
  }
  return true;
}

// The war as it is fought, for the public record (issue 16); losses and retreat follow.
void report_war(Position& p) {
  const War& w = p.war;
  WarReport& r = p.last_war;
  r = WarReport{};
  r.number = static_cast<std::uint16_t>(p.wars_fought + 1);  // record_war counts it
  r.target = w.target;
  r.n_sides = w.n_sides;
  r.n_attackers = w.n_attackers;
  r.has_defender = w.has_defender;
  for (int s = 0; s < w.n_sides; ++s) {
    r.leader[s] = w.sides[s].leader;
    r.committed[s] = static_cast<std::uint8_t>(side_committed(w, s));
    r.card[s] = w.sides[s].card;
    r.value[s] = static_cast<std::uint8_t>(std::max(0, side_value(p, s)));
    r.volleyed[s] = w.volleyed[s];
  }
  r.cancelled = w.cancelled;
  log_step(p, r.leader[0], kStepWar, -1, r.number);
  r.n_sups = w.n_sups;
  for (int i = 0; i < w.n_sups; ++i) {
    r.sup_seat[i] = w.sups[i].seat;
    r.sup_side[i] = w.sups[i].side;
    r.sup_given[i] = w.sups[i].given;
    r.sup_card[i] = w.sups[i].card;
    r.sup_forced[i] = w.sups[i].forced;
  }
}

// Resolution (T9.9): the winner, the losses, the cost.
void resolve_war(Position& p) {
  War& w = p.war;
  std::array<int, kMaxSeats> value{};
  int best = -1, nbest = 0, winner = -1;
  for (int s = 0; s < w.n_sides; ++s) {
    value[s] = side_value(p, s);
    if (value[s] > best) {
      best = value[s];
      winner = s;
      nbest = 1;
    } else if (value[s] == best) {
      ++nbest;
    }
  }
  if (w.has_defender) {
    // An attacker wins only with a value above the defender's and every other attacker's; a tie
    // with the defender goes to the defender (T9.9); a tie between attackers above the defender
    // is a stand-off, as on an empty turf (T9.10, R54).
    const int d = defender_side(w);
    if (value[d] >= best)
      winner = d;
    else if (nbest > 1)
      winner = -1;
  } else if (nbest > 1) {
    winner = -1;  // R16: a tie at the top among attackers: nobody enters
  }
  w.winner = static_cast<std::int8_t>(winner);
  p.last_war.winner = w.winner;
  w.tied = 0;
  if (winner < 0)
    for (int s = 0; s < w.n_sides; ++s)
      if (value[s] == best) w.tied = static_cast<std::uint8_t>(w.tied | 1u << s);
  const int killer = winner >= 0 ? w.sides[winner].leader : kNone;
  const int cost = winner >= 0 ? winning_cost(p, winner) : 0;  // before any troop is taken
  int killed = 0;
  for (int s = 0; s < w.n_sides; ++s) {
    if (s == winner) continue;
    if (w.tied >> s & 1) {  // the tied attackers go home
      bounce(p, s);
      continue;
    }
    const int cell = s == defender_side(w) ? w.target : kNone;
    const int taken = take_from_side(p, s, side_committed(w, s), cell, killer);  // T9.10
    killed += taken;
    p.last_war.lost[s] = static_cast<std::uint8_t>(taken);
  }
  w.killed = static_cast<std::uint8_t>(killed);
  if (winner >= 0) {
    const bool defender = w.has_defender && winner == defender_side(w);
    const int cell = defender ? w.target : kNone;
    int paid = take_from_side(p, winner, cost, cell, kNone);  // T10, capped at committed (R51)
    // A winning defender that committed nothing still pays the minimum, from the turf (R51).
    if (defender && paid < minimum_loss(p, winner) && p.troops[w.target] > 0) {
      remove_troops(p, w.target, minimum_loss(p, winner) - paid, kNone);
      paid = minimum_loss(p, winner);
    }
    p.last_war.lost[winner] = static_cast<std::uint8_t>(paid);
    w.survivors = w.sides[winner].committed;
  }
}

void record_war(Position& p) {
  War& w = p.war;
  ++p.wars_fought;
  const int winner = w.winner;
  p.last_war.number = p.wars_fought;
  p.last_war.winner = w.winner;
  p.last_war.cancelled = w.cancelled;
  p.last_war.done = true;
  const Content& c = C(p);
  for (int s = 0; s < w.n_sides; ++s) {
    SeatState& st = p.seats[w.sides[s].leader];
    const bool attacker = s < w.n_attackers;
    if (w.cancelled) continue;
    if (s == winner) {
      ++st.wars_won;
      if (attacker) {
        ++st.attacks_won;
        if (st.streak_round + 1 == p.rounds_played)
          ++st.streak;
        else if (st.streak_round != p.rounds_played)
          st.streak = 1;
        st.streak_round = p.rounds_played;
      } else {
        ++st.defences_won;
      }
    } else if (winner >= 0 || !(w.tied >> s & 1)) {
      ++st.wars_lost;  // beaten (below a tie at the top too, R16, R54)
    }
  }
  // Giant Slayer: an attacker winning against many times its own committed troops (T15.3).
  if (!w.cancelled && winner >= 0 && winner < w.n_attackers && w.has_defender &&
      w.fought[winner] > 0 && w.fought[defender_side(w)] >= c.giant_ratio * w.fought[winner] &&
      w.fought[defender_side(w)] >= c.giant_troops)
    p.seats[w.sides[winner].leader].giant_slain = true;
  // Usurper: an attacker winning the defender's own starting turf from it.
  if (!w.cancelled && winner >= 0 && winner < w.n_attackers && w.has_defender) {
    const int d = w.sides[defender_side(w)].leader;
    if (p.seats[d].start == w.target)
      p.seats[w.sides[winner].leader].usurped |= static_cast<std::uint8_t>(1u << d);
  }
  // Payments for forced support (T11.1): one DP after a win, two after a loss.
  if (w.has_defender) {
    const int d = defender_side(w);
    const bool lost = !w.cancelled && winner != d;
    for (int i = 0; i < w.n_sups; ++i) {
      const Supporter& u = w.sups[i];
      if (!u.forced || p.num_owed >= static_cast<int>(p.owed.size())) continue;
      p.owed[p.num_owed++] = {
          static_cast<std::uint8_t>(w.sides[d].leader), static_cast<std::uint8_t>(u.seat),
          static_cast<std::uint8_t>(lost ? c.support_paid_loss : c.support_paid_win)};
    }
  }
}

// After-win abilities (T9.12): steal, plunder, raise the dead.
void after_win_abilities(Position& p) {
  War& w = p.war;
  if (w.cancelled || w.winner < 0) return;
  const int ws = w.sides[w.winner].leader;
  const Ability& a = ability_in(p, ws);
  int loser = -1;
  for (int s = 0; s < w.n_sides; ++s)
    if (s != w.winner && (loser < 0 || s == defender_side(w))) loser = w.sides[s].leader;
  if (loser < 0) return;
  if (a.steal_on_win) {
    SeatState& v = p.seats[loser];
    const int total = hand_total(v) - v.hand[kZero];
    if (total > 0) {
      int r = static_cast<int>(p.rng.below(static_cast<std::uint32_t>(total)));
      ++p.commits;
      for (int t = 1; t < kCombatTypes; ++t) {
        if (r < v.hand[t]) {
          --v.hand[t];
          forget_private(p, loser, t, ws);
          ++p.seats[ws].hand[t];
          ++p.seats[loser].known[ws][t];
          p.last_war.stolen = 1;
          break;
        }
        r -= v.hand[t];
      }
    }
  }
  if (a.plunder > 0 && w.winner < w.n_attackers && w.has_defender) {
    const int k = std::min<int>(a.plunder, std::max<int>(0, p.seats[loser].dp));
    p.seats[loser].dp = static_cast<std::int16_t>(p.seats[loser].dp - k);
    p.seats[ws].dp = static_cast<std::int16_t>(p.seats[ws].dp + k);
    p.last_war.plunder = static_cast<std::uint8_t>(k);
  }
  if (a.raise_dead > 0 && p.owner[w.target] == ws) {
    const int before = p.troops[w.target];
    add_troops(p, ws, w.target, w.killed / a.raise_dead);
    p.last_war.raised = static_cast<std::uint8_t>(p.troops[w.target] - before);
  }
}

// The retreat (T9.10): uncommitted defenders to one adjacent controlled turf, losing half.
bool retreat_options(const Position& p, int seat, int from) {
  bool any = false;
  for_each_neighbour(p, from, [&](int c) { any |= p.owner[c] == seat; });
  return any;
}

}  // namespace

void do_retreat(Position& p, int to) {
  War& w = p.war;
  const int d = w.sides[defender_side(w)].leader;
  const int attacker = w.sides[w.winner].leader;
  const int n = p.troops[w.target];
  const int lost = ability_in(p, d).no_retreat_penalty ? 0 : n / 2;
  remove_troops(p, w.target, n, attacker);
  p.last_war.retreat_to = static_cast<std::uint8_t>(to);
  p.last_war.retreat_moved = static_cast<std::uint8_t>(to != kNone ? n - lost : 0);
  p.last_war.retreat_lost = static_cast<std::uint8_t>(to != kNone ? lost : n);
  if (to != kNone && n - lost > 0) {
    set_cell(p, to, d, p.troops[to] + n - lost);
  }
}

namespace {

bool fury_possible(const Position& p, int side) {
  const War& w = p.war;
  const SeatState& s = p.seats[w.sides[side].leader];
  const int non_zero = hand_total(s) - s.hand[kZero];
  return non_zero > 0;
}

}  // namespace

bool run_war(Position& p) {
  War& w = p.war;
  const Content& c = C(p);
  switch (w.stage) {
    case kWsCommit:
      while (w.cursor < w.n_attackers) {
        WarSide& s = w.sides[w.cursor];
        if (s.committed == 0 && p.troops[s.source] > 0 && p.owner[s.source] == s.leader) {
          decide(p, Step::kCommit, war_attacker_controller(p, w.cursor));
          return true;
        }
        ++w.cursor;
      }
      if (w.n_attackers == 1 && p.owner[w.target] < 0) {  // an empty turf: the troops move in
        const WarSide& s = w.sides[0];
        set_cell(p, w.target, s.leader, s.committed);
        log_step(p, s.leader, kStepEnter, s.leader, w.target, s.committed);
        w.active = false;
        after_attack(p, s.leader, true);
        return false;
      }
      if (p.owner[w.target] >= 0) war_add_defender(p);
      w.stage = kWsJoin;
      w.cursor = 1;
      return false;
    case kWsJoin: {  // voluntary supporters, from the first attacker's left (T9.2)
      const int first = w.sides[0].leader;
      while (w.cursor < p.num_seats) {
        const int s = (first + w.cursor) % p.num_seats;
        bool any = false;
        for (int side = 0; side < w.n_sides; ++side) any |= may_join(p, s, side);
        if (any) {
          decide(p, Step::kJoin, s);
          return true;
        }
        ++w.cursor;
      }
      w.stage = kWsPull;
      return false;
    }
    case kWsPull: {  // Unicorns (T9.3)
      w.stage = kWsLure;
      if (!w.has_defender) return false;
      const int d = w.sides[defender_side(w)].leader;
      if (ability_in(p, d).defend_pull && retreat_options(p, d, w.target)) {
        w.pull_from = kNone;
        decide(p, Step::kPull, d);
        return true;
      }
      return false;
    }
    case kWsLure: {  // Sirens (T9.3)
      if (w.pull_from != kNone) {
        decide(p, Step::kPullCount, w.sides[defender_side(w)].leader);
        return true;
      }
      w.stage = kWsDefend;
      if (!w.has_defender) return false;
      const int d = w.sides[defender_side(w)].leader;
      if (ability_in(p, d).lure > 0) {
        for (int o = 0; o < p.num_seats; ++o)
          if (!in_war(w, o) && active(p, o) && most_populous(p, o) >= 0 &&
              p.troops[most_populous(p, o)] >= 2) {
            decide(p, Step::kLure, d);
            return true;
          }
      }
      return false;
    }
    case kWsDefend:
      w.stage = kWsMatch;
      w.cursor = 0;
      if (w.has_defender) {
        decide(p, Step::kDefendCommit, w.sides[defender_side(w)].leader);
        return true;
      }
      return false;
    case kWsMatch:
      while (w.cursor < w.n_sups) {
        Supporter& u = w.sups[w.cursor];
        if (!u.forced) u.need = w.sides[u.side].committed;
        if (!support_done(p, w.cursor)) {
          decide(p, Step::kSupportTurf, u.seat);
          return true;
        }
        ++w.cursor;
      }
      w.stage = kWsVolley;
      return false;
    case kWsVolley: {  // Rangers (T9.4)
      for (int s = 0; s < w.n_sides; ++s) {
        const int v = ability_in(p, w.sides[s].leader).volley;
        if (v <= 0) continue;
        for (int o = 0; o < w.n_sides; ++o) {
          if (o == s) continue;
          if (w.has_defender && s < w.n_attackers && o != defender_side(w)) continue;
          const int k = std::min<int>(v, w.sides[o].committed);
          if (k <= 0) continue;
          w.sides[o].committed = static_cast<std::uint8_t>(w.sides[o].committed - k);
          w.volleyed[o] = static_cast<std::uint8_t>(w.volleyed[o] + k);
          if (o == defender_side(w))
            remove_troops(p, w.target, k, w.sides[s].leader);
          else
            p.seats[w.sides[o].leader].last_killer = static_cast<std::uint8_t>(w.sides[s].leader);
        }
      }
      // remembered for Giant Slayer: committed troops as they fight
      for (int s = 0; s < w.n_sides; ++s)
        w.fought[s] = static_cast<std::uint8_t>(side_committed(w, s));
      w.card_cursor = 0;
      w.stage = kWsCards;
      return false;
    }
    case kWsCards:
      while (w.card_cursor < w.n_sides) {
        const int side = w.card_cursor;
        const int leader = w.sides[side].leader;
        SeatState& st = p.seats[leader];
        if (!may_play_card(p, side)) {
          ++w.card_cursor;
          continue;
        }
        if (hand_total(st) == 1 && st.hand[kZero] == 1) {  // only the Zero: public knowledge
          st.hand[kZero] = 0;
          st.facedown = kZero;
          ++w.card_cursor;
          continue;
        }
        decide(p, Step::kCombatCard, leader);
        return true;
      }
      w.stage = kWsReveal;
      return false;
    case kWsReveal:  // simultaneous reveal (T9.5)
      ++p.commits;
      w.revealed = true;
      for (int s = 0; s < w.n_sides; ++s) {
        SeatState& st = p.seats[w.sides[s].leader];
        const int t = st.facedown;
        st.facedown = kNone;
        w.sides[s].card = static_cast<std::uint8_t>(t);
        if (t == kNone) continue;
        forget_public(p, w.sides[s].leader, t);
        if (t == kNegate) w.cancelled = true;
        if (t == kCryForHelp && s == defender_side(w) && p.num_seats > 2) ++w.calls;
      }
      w.stage = kWsSupCards;
      w.cursor = 0;
      return false;
    case kWsSupCards:
      if (!w.cancelled)
        for (int i = 0; i < w.n_sups && !w.cancelled; ++i)
          if (w.sups[i].card == kNone && !w.sups[i].forced) supporter_card(p, i);
      w.stage = kWsCalls;
      return false;
    case kWsCalls: {  // Cry for Help and its chain (T9.7)
      if (w.cancelled || w.calls == 0 || !w.has_defender) {
        w.stage = kWsResolve;
        return false;
      }
      bool any = false;
      for (int o = 0; o < p.num_seats; ++o) any |= active(p, o) && !in_war(w, o);
      if (!any || w.n_sups >= kMaxSeats) {
        w.calls = 0;
        w.stage = kWsResolve;
        return false;
      }
      decide(p, Step::kCallHelp, w.sides[defender_side(w)].leader);
      return true;
    }
    case kWsCallMatch: {
      const int i = w.n_sups - 1;
      if (!support_done(p, i)) {
        decide(p, Step::kSupportTurf, w.sups[i].seat);
        return true;
      }
      w.stage = kWsCallCard;
      return false;
    }
    case kWsCallCard:
      supporter_card(p, w.n_sups - 1);
      w.stage = kWsCalls;
      return false;
    case kWsResolve:
      report_war(p);
      if (w.cancelled) {  // Negate Attack: everyone goes home (T9.6)
        for (int s = 0; s < w.n_attackers; ++s) bounce(p, s);
        w.winner = -1;
        record_war(p);
        w.stage = kWsAfter;
        return false;
      }
      resolve_war(p);
      w.stage = kWsRetreat;
      return false;
    case kWsRetreat:
      if (w.winner >= 0 && w.winner < w.n_attackers && w.has_defender && p.troops[w.target] > 0) {
        const int d = w.sides[defender_side(w)].leader;
        if (retreat_options(p, d, w.target)) {
          decide(p, Step::kRetreat, d);
          return true;
        }
        do_retreat(p, kNone);  // nowhere to run: all are lost
      }
      w.stage = kWsMoveIn;
      return false;
    case kWsMoveIn:
      if (w.winner >= 0 && w.winner < w.n_attackers) {
        WarSide& s = w.sides[w.winner];
        if (s.committed > 0) {
          if (p.owner[w.target] >= 0 && p.owner[w.target] != s.leader)
            remove_troops(p, w.target, p.troops[w.target], s.leader);
          set_cell(p, w.target, s.leader, p.troops[w.target] + s.committed);
          s.committed = 0;
        }
      }
      // What remains of the defender's committed troops is in the turf already.
      if (w.has_defender) w.sides[defender_side(w)].committed = 0;
      w.stage = kWsFury;
      w.fury_cursor = 0;
      return false;
    case kWsFury:  // Hell Hath No Fury (T10.4)
      if (p.cost == kFury && w.winner >= 0) {
        while (w.fury_cursor < w.n_sides) {
          const int side = w.fury_cursor;
          if (side != w.winner && fury_possible(p, side)) {
            decide(p, Step::kFury, w.sides[side].leader);
            return true;
          }
          ++w.fury_cursor;
        }
      }
      after_win_abilities(p);
      record_war(p);
      w.stage = kWsAfter;
      return false;
    case kWsAfter: {
      const bool attacker_won = !w.cancelled && w.winner >= 0 && w.winner < w.n_attackers;
      const int ws = attacker_won ? w.sides[w.winner].leader : -1;
      war_cleanup(p);
      check_eliminations(p);
      (void)c;
      after_attack(p, ws, attacker_won);
      return false;
    }
  }
  return false;
}
}  // namespace turf::turfwars::kernel
