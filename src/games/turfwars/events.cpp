// Turf Wars kernel: the first phases of a round: pre-event abilities (T4), reinforcements (T5)
// and the event (T6): Lizard Folk staying out, immediate effects, the Maelstrom, Exile and Rally.
#include <algorithm>
#include <array>

#include "games/turfwars/kernel.h"

namespace turf::turfwars::kernel {

// Pre-event phase (T4).
bool run_pre_event(Position& p) {
  if (p.cursor >= p.n_order) {
    p.phase = Phase::kReinforce;
    build_order(p, p.ftt);
    p.count = kNone;
    return false;
  }
  const int s = p.order[p.cursor];
  SeatState& st = p.seats[s];
  if (st.eliminated) {
    ++p.cursor;
    p.sub = 0;
    return false;
  }
  const Faction* f = base_faction(p, s);
  // Speed (issue 32): the seat's steps that need no decision follow one another in one call (each
  // was a turn of the main loop with a win check); none of them changes what a win condition
  // reads, except the Dryads' troops, after which the main loop still checks at once (R31).
  switch (p.sub) {
    case 0:  // Doppelgangers choose whom to clone (R8)
      st.clone = kNone;
      p.sub = 1;
      if (f && f->ability.clone && abilities_on(p, s)) {
        decide(p, Step::kClone, s);
        return true;
      }
      [[fallthrough]];
    case 1: {  // Dryads' troops
      const Ability& a = ability_in(p, s);
      p.sub = 2;
      p.turn.left = static_cast<std::uint8_t>(a.pre_event_maneuver);
      p.turn.from = p.turn.target = kNone;
      if (a.pre_event_troops > 0) {
        const int before = p.on_board[s];
        for (int c : board_of(p).by_type[a.pre_event_turf])
          if (p.owner[c] == s) add_troops(p, s, c, a.pre_event_troops);
        if (p.last_pre_event.rounds_played != p.rounds_played)
          p.last_pre_event = PreEventReport{p.rounds_played, {}};
        p.last_pre_event.troops[s] = static_cast<std::uint8_t>(p.on_board[s] - before);
        return false;
      }
      [[fallthrough]];
    }
    case 2:  // Gryphons' transfers
      if (p.turn.left > 0 && can_transfer(p, s)) {
        decide(p,
               p.turn.from == kNone     ? Step::kManeuverFrom
               : p.turn.target == kNone ? Step::kManeuverTo
                                        : Step::kManeuverCount,
               s);
        return true;
      }
      p.turn.left = 0;
      p.sub = 3;
      [[fallthrough]];
    case 3:  // Geomancer declares a home turf
      p.sub = 4;
      if (ability_in(p, s).declare_home) {
        p.count = kNone;  // any type, the current one included
        decide(p, Step::kDeclareHome, s);
        return true;
      }
      [[fallthrough]];
    default:
      ++p.cursor;
      p.sub = 0;
      return false;
  }
}

// Speed (issue 32): the seats with nothing (more) to place are passed in one call, up to the next
// placement or the end of the phase (each was a turn of the main loop with a win check, and
// passing a seat changes nothing a win condition reads, R31).
bool run_reinforce(Position& p) {
  while (p.cursor < p.n_order) {
    const int s = p.order[p.cursor];
    if (p.count == kNone) {
      p.count =
          p.seats[s].eliminated
              ? 0
              : static_cast<std::uint8_t>(C(p).reinforcements + ability_in(p, s).reinforce_bonus);
    }
    if (p.count > 0 && can_place(p, s)) {
      decide(p, Step::kPlace, s);
      return true;
    }
    p.count = kNone;
    ++p.cursor;
  }
  p.phase = Phase::kEvent;
  p.sub = 0;
  return false;
}

namespace {

// Maelstrom (T6.5): two random cards each to the next player taking part in the called direction.
void maelstrom(Position& p, int amount) {
  std::array<std::array<std::uint8_t, kCombatTypes>, kMaxSeats> passing{};
  std::array<int, kMaxSeats> to{};
  auto in_circle = [&](int s) { return active(p, s) && !p.seats[s].opted_out; };
  for (int s = 0; s < p.num_seats; ++s) {
    to[s] = -1;
    if (!in_circle(s)) continue;
    for (int k = 1; k < p.num_seats; ++k) {
      const int o = ((s + p.direction * k) % p.num_seats + p.num_seats) % p.num_seats;
      if (in_circle(o)) {
        to[s] = o;
        break;
      }
    }
    if (to[s] < 0) continue;
    for (int k = 0; k < amount; ++k) {
      SeatState& st = p.seats[s];
      const int total = hand_total(st) - st.hand[kZero];
      if (total == 0) break;
      int r = static_cast<int>(p.rng.below(static_cast<std::uint32_t>(total)));
      ++p.commits;
      for (int t = 1; t < kCombatTypes; ++t) {
        if (r < st.hand[t]) {
          --st.hand[t];
          ++passing[s][t];
          break;
        }
        r -= st.hand[t];
      }
    }
  }
  // The cards leave every hand before any arrives: a passer's knowledge of what it gave is not
  // blurred by what the receiver gives on (R11).
  for (int s = 0; s < p.num_seats; ++s)
    for (int t = 1; t < kCombatTypes; ++t)
      for (int k = 0; to[s] >= 0 && k < passing[s][t]; ++k) forget_private(p, s, t, to[s]);
  for (int s = 0; s < p.num_seats; ++s) {
    if (to[s] < 0) continue;
    for (int t = 1; t < kCombatTypes; ++t) {
      p.seats[to[s]].hand[t] = static_cast<std::uint8_t>(p.seats[to[s]].hand[t] + passing[s][t]);
      p.seats[s].known[to[s]][t] =
          static_cast<std::uint8_t>(p.seats[s].known[to[s]][t] + passing[s][t]);
    }
  }
  p.last_event.passed = true;
}

}  // namespace

bool run_event(Position& p) {
  const Content& c = C(p);
  switch (p.sub) {
    case 0: {  // reveal (T6.1); the previous event ends
      for (auto& s : p.seats) s.opted_out = false;
      if (p.event_deck_size == 0) {
        p.event = kNone;
        p.phase = Phase::kDraft;
        p.sub = 0;
        return false;
      }
      p.event = p.event_deck[--p.event_deck_size];
      p.events_seen[p.num_events_seen++] = p.event;
      p.last_event = EventReport{};
      p.last_event.number = p.num_events_seen;
      p.last_event.round = p.round;
      for (int st = 0; st < p.num_seats; ++st) {
        p.last_event.dp[st] = p.seats[st].dp;
        p.last_event.troops[st] = static_cast<std::int16_t>(troops_of(p, st));
      }
      ++p.commits;
      build_order(p, p.ftt);
      p.sub = 1;
      return false;
    }
    case 1: {  // Lizard Folk may stay out (T6.2, R24)
      const EventDef& e = c.events[p.event];
      while (p.cursor < p.n_order) {
        const int s = p.order[p.cursor];
        const Faction* f = base_faction(p, s);
        bool can = f && f->ability.event_opt_out;
        if (f && f->ability.clone && p.seats[s].clone != kNone)
          can = c.factions[p.seats[s].clone].ability.event_opt_out;
        if (can && e.opt_out && e.has_effect() && active(p, s)) {
          decide(p, Step::kOptOut, s);
          return true;
        }
        ++p.cursor;
      }
      p.sub = 2;
      return false;
    }
    case 2: {  // immediate effects (T6.3)
      const EventDef& e = c.events[p.event];
      if (e.round_shift)
        p.round = static_cast<std::uint8_t>(std::clamp(p.round + e.round_shift, 1, c.rounds));
      if (e.troops_each_turf) {
        for (int cell : board_of(p).turfs) {
          const int o = p.owner[cell];
          if (o < 0 || p.seats[o].opted_out || p.troops[cell] < e.troops_min) continue;
          if (e.troops_each_turf > 0)
            add_troops(p, o, cell, e.troops_each_turf);
          else
            remove_troops(p, cell, -e.troops_each_turf, kNone);
        }
        check_eliminations(p);
      }
      if (e.dp_each)
        for (int s = 0; s < p.num_seats; ++s)
          if (active(p, s) && !p.seats[s].opted_out)
            p.seats[s].dp = static_cast<std::int16_t>(p.seats[s].dp + e.dp_each);
      p.sub = 3;
      if (e.pass_cards && active(p, p.ftt)) {
        decide(p, Step::kDirection, p.ftt);
        return true;
      }
      return false;
    }
    case 3: {
      const EventDef& e = c.events[p.event];
      if (e.pass_cards) maelstrom(p, e.pass_cards);
      build_order(p, p.ftt);
      p.sub = 4;
      return false;
    }
    case 4: {  // Exile: new home turfs in turn order (T6.4)
      const EventDef& e = c.events[p.event];
      while (e.new_home && p.cursor < p.n_order) {
        const int s = p.order[p.cursor];
        if (active(p, s) && !p.seats[s].opted_out) {
          p.count = p.seats[s].home;  // excluded
          decide(p, Step::kDeclareHome, s);
          return true;
        }
        ++p.cursor;
      }
      build_order(p, p.ftt);
      p.count = kNone;
      p.sub = 5;
      return false;
    }
    case 5: {  // Rally: placements in turn order
      const EventDef& e = c.events[p.event];
      while (e.place_troops && p.cursor < p.n_order) {
        const int s = p.order[p.cursor];
        if (p.count == kNone)
          p.count =
              active(p, s) && !p.seats[s].opted_out ? static_cast<std::uint8_t>(e.place_troops) : 0;
        if (p.count > 0 && can_place(p, s)) {
          decide(p, Step::kPlace, s);
          return true;
        }
        p.count = kNone;
        ++p.cursor;
      }
      p.last_event.done = true;
      for (int st = 0; st < p.num_seats; ++st) {
        p.last_event.dp[st] = static_cast<std::int16_t>(p.seats[st].dp - p.last_event.dp[st]);
        p.last_event.troops[st] =
            static_cast<std::int16_t>(troops_of(p, st) - p.last_event.troops[st]);
      }
      p.phase = Phase::kDraft;
      p.sub = 0;
      return false;
    }
  }
  return false;
}
}  // namespace turf::turfwars::kernel
