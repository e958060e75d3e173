// Turf Wars kernel: the draft (T7), the actions in priority order (T8) with their declarations,
// sources and targets, Rampage's extra attacks, and Bloodlust after the actions (T6).
#include <algorithm>
#include <array>

#include "games/turfwars/kernel.h"

namespace turf::turfwars::kernel {

void after_action_phase(Position& p) {
  p.draft_state = 0;
  // R13: what each seat passed on and nobody after it took lies in the face-down discard.
  for (int i = 0; i < p.n_draft; ++i) {
    SeatState& s = p.seats[p.draft_order[i]];
    if (!s.has_received) continue;
    // Speed (issue 32): every card received is added in one plain loop (vectorised), then the
    // picks are taken out one by one: its own, and each later seat's while one is left of it.
    for (int t = 0; t < kMaxTemplates; ++t)
      s.known_discard[t] = static_cast<std::uint8_t>(s.known_discard[t] + s.received[t]);
    std::array<std::uint8_t, kMaxSeats> out{};  // the cards taken out so far
    int n_out = 0;
    auto left = [&](int t) {
      int n = s.received[t];
      for (int k = 0; k < n_out; ++k) n -= out[k] == t;
      return n;
    };
    auto take_out = [&](int t) {
      --s.known_discard[t];
      out[n_out++] = static_cast<std::uint8_t>(t);
    };
    if (s.pick != kNone) take_out(s.pick);
    for (int j = i + 1; j < p.n_draft; ++j) {
      const SeatState& o = p.seats[p.draft_order[j]];
      if (o.pick != kNone && left(o.pick) > 0) take_out(o.pick);
    }
  }
  const EventDef* e = p.event == kNone ? nullptr : &C(p).events[p.event];
  if (e && e->forced_attack) {
    p.phase = Phase::kBloodlust;
    build_order(p, p.ftt);
  } else {
    p.phase = Phase::kScore;
  }
}

bool card_has_any(const Position& p, int seat, const ActionTemplate& t) {
  const CellMask targets = card_target_mask(p, seat, t);
  if (targets[0] == 0 && targets[1] == 0) return false;
  const CardReach reach = card_reach(p, seat, t);
  return scan_held(p, seat,
                   [&](int c) { return valid_source(p, seat, c) && reach.meets_from(c, targets); });
}

bool teleport_has_any(const Position& p, int seat, const ActionTemplate& t) {
  if (owned_count(p, seat) == 0) return false;
  for (int c : board_of(p).by_type[t.turf])
    if (p.owner[c] < 0) return true;
  return false;
}

bool target_in_range(const Position& p, int seat, const ActionTemplate& t, int source, int target) {
  if (target < 0 || target >= kMaxCells) return false;
  const CellMask m = card_target_mask(p, seat, t);
  CellMask one{};
  one[target >> 6] = (m[target >> 6] >> (target & 63) & 1) << (target & 63);
  return (one[0] | one[1]) != 0 && card_reach(p, seat, t).meets_from(source, one);
}

// The draft (T7).
bool run_draft(Position& p) {
  const Content& c = C(p);
  if (p.sub == 0) {
    for (auto& s : p.seats) {
      s.pick = kNone;
      s.revealed = false;
      s.has_received = false;
      s.received = {};
      s.merged = 0;
    }
    build_order(p, p.ftt);
    p.draft_order = p.order;
    p.n_draft = p.n_order;
    p.packet = {};
    p.packet_size = 0;
    const int n = c.draft_extra + p.n_order;
    for (int k = 0; k < n; ++k) {
      const int t = draw_action(p);
      if (t == kNone) break;
      ++p.packet[t];
      ++p.packet_size;
    }
    p.drawn_for_draft = p.packet_size;
    p.draft_state = 1;
    p.draft_cursor = 0;
    p.sub = 1;
  }
  while (p.draft_cursor < p.n_draft) {
    const int s = p.draft_order[p.draft_cursor];
    SeatState& st = p.seats[s];
    if (!st.has_received) {  // bought cards join the packet (T7.3, R14)
      // num_held counts the cards in held (most seats bought none): a plain loop, vectorised.
      if (st.num_held != 0) {
        for (int t = 0; t < kMaxTemplates; ++t)
          p.packet[t] = static_cast<std::uint8_t>(p.packet[t] + st.held[t]);
        p.packet_size = static_cast<std::uint8_t>(p.packet_size + st.num_held);
        st.held = {};
      }
      st.merged = st.num_held;
      st.num_held = 0;
      st.received = p.packet;
      st.has_received = true;
      ++p.commits;  // E3: the packet passed on shows this seat cards hidden from it until now
    }
    if (p.packet_size == 0) {
      ++p.draft_cursor;
      continue;
    }
    decide(p, Step::kDraftPick, s);
    return true;
  }
  for (int t = 0; t < kMaxTemplates; ++t) {  // the rest is discarded face down (R13)
    p.hidden_discard[t] = static_cast<std::uint8_t>(p.hidden_discard[t] + p.packet[t]);
  }
  p.hidden_discard_size = static_cast<std::uint8_t>(p.hidden_discard_size + p.packet_size);
  p.packet = {};
  p.packet_size = 0;
  p.draft_state = 2;
  p.phase = Phase::kActions;
  p.turn = Turn{};
  p.sub = 0;
  return false;
}

// Starts the action of group member `cursor` (T8).
bool start_member(Position& p) {
  Turn& tn = p.turn;
  const int s = tn.group[tn.cursor];
  tn.owner = static_cast<std::int8_t>(s);
  tn.controller = static_cast<std::int8_t>(controller_of(p, s));
  tn.rampage_left = static_cast<std::uint8_t>(C(p).rampage_extra);
  tn.source = tn.target = tn.from = kNone;
  const ActionTemplate& t = tmpl_of(p);
  if (p.seats[s].eliminated) {
    p.sub = kMsDone;
    return false;
  }
  switch (t.kind) {
    case ActionKind::kAttack:
    case ActionKind::kStrike: {
      const int src = tn.decl_source[tn.cursor], tgt = tn.decl_target[tn.cursor];
      if (src == kNone || !valid_source(p, s, src) || !target_in_range(p, s, t, src, tgt)) {
        p.sub = kMsDone;  // passed, or the declared attack became void (R15)
        return false;
      }
      std::array<std::uint8_t, kMaxSeats> leaders{}, sources{};
      int n = 0;
      leaders[n] = static_cast<std::uint8_t>(s);
      sources[n++] = static_cast<std::uint8_t>(src);
      // Every other attack of this priority on the same turf joins this one: one Turf War with
      // every attacker, against each other on an empty turf (T9.8) and against the defender on an
      // occupied one (T9.1, R50).
      for (int j = tn.cursor + 1; j < tn.n_group; ++j) {
        const int h = tn.group[j];
        const int hs = tn.decl_source[j];
        if (tn.decl_target[j] != tgt || hs == kNone || p.seats[h].eliminated) continue;
        if (!valid_source(p, h, hs) || !target_in_range(p, h, t, hs, tgt)) continue;
        leaders[n] = static_cast<std::uint8_t>(h);
        sources[n++] = static_cast<std::uint8_t>(hs);
        tn.decl_source[j] = kNone;  // handled here
      }
      start_war(p, leaders.data(), sources.data(), n, tgt);
      p.sub = kMsAttack;
      return false;
    }
    case ActionKind::kTeleport:
      p.sub = kMsTeleSource;
      return false;
    case ActionKind::kManeuver:
      tn.left = static_cast<std::uint8_t>(t.amount);
      p.sub = kMsManeuver;
      return false;
    case ActionKind::kReinforce:
      p.count = static_cast<std::uint8_t>(t.amount);
      p.sub = kMsReinforce;
      return false;
  }
  return false;
}

// A revealed card with no legal use is discarded without a decision (R35); told in narration.
void log_unused(Position& p, int seat) {
  log_step(p, seat, kStepUnused, seat, p.turn.tmpl);
}

bool run_actions(Position& p) {
  Turn& tn = p.turn;
  const Content& c = C(p);
  if (p.war.active) return run_war(p);
  if (tn.n_group == 0 || (!tn.declaring && tn.cursor >= tn.n_group)) {
    // The next priority (T8.1): reveal every card of the lowest priority still hidden.
    int best = kNone;
    for (int s = 0; s < p.num_seats; ++s) {
      const SeatState& st = p.seats[s];
      if (st.pick != kNone && !st.revealed && (best == kNone || st.pick < best)) best = st.pick;
    }
    if (best == kNone) {
      after_action_phase(p);
      return false;
    }
    tn = Turn{};
    tn.tmpl = static_cast<std::uint8_t>(best);
    tn.priority = static_cast<std::uint8_t>(c.templates[best].priority);
    for (int k = 0; k < p.num_seats; ++k) {
      const int s = (p.ftt + k) % p.num_seats;
      SeatState& st = p.seats[s];
      if (st.pick == best && !st.revealed) {
        st.revealed = true;
        ++p.action_discard[best];
        tn.group[tn.n_group++] = static_cast<std::uint8_t>(s);
        log_step(p, s, kStepReveal, s, best);
      }
    }
    ++p.commits;
    const ActionKind k = c.templates[best].kind;
    tn.declaring = k == ActionKind::kAttack || k == ActionKind::kStrike;
    for (int i = 0; i < kMaxSeats; ++i) tn.decl_source[i] = tn.decl_target[i] = kNone;
    tn.cursor = 0;
    p.sub = kMsStart;
    return false;
  }
  const ActionTemplate& t = tmpl_of(p);
  if (tn.declaring) {  // T8.4: every attacker of the priority declares before any resolves
    while (tn.cursor < tn.n_group) {
      const int s = tn.group[tn.cursor];
      if (p.seats[s].eliminated || !card_has_any(p, s, t)) {
        if (!p.seats[s].eliminated) log_unused(p, s);
        ++tn.cursor;
        continue;
      }
      tn.owner = static_cast<std::int8_t>(s);
      tn.controller = static_cast<std::int8_t>(controller_of(p, s));
      decide(p, tn.decl_source[tn.cursor] == kNone ? Step::kSource : Step::kTarget, tn.controller);
      return true;
    }
    tn.declaring = false;
    tn.cursor = 0;
    p.sub = kMsStart;
    return false;
  }
  const int s = tn.group[tn.cursor];
  switch (p.sub) {
    case kMsStart:
      return start_member(p);
    case kMsAttack:
      p.sub = kMsDone;
      return false;
    case kMsAfter:
      if (tn.rampage_left > 0 && p.owner[tn.target] == tn.owner) {
        bool any = false;
        adjacent_targets(p, tn.owner, tn.target, false, [&](int) { any = true; });
        if (any) {
          decide(p, Step::kRampage, tn.controller);
          return true;
        }
      }
      p.sub = kMsDone;
      return false;
    case kMsTeleSource:
      if (!teleport_has_any(p, s, t)) {
        if (!p.seats[s].eliminated) log_unused(p, s);
        p.sub = kMsDone;
        return false;
      }
      decide(p, Step::kSource, tn.controller);
      return true;
    case kMsTeleTarget:
      decide(p, Step::kTarget, tn.controller);
      return true;
    case kMsManeuver:
      if (tn.left > 0 && can_transfer(p, s)) {
        decide(p,
               tn.from == kNone     ? Step::kManeuverFrom
               : tn.target == kNone ? Step::kManeuverTo
                                    : Step::kManeuverCount,
               tn.controller);
        return true;
      }
      if (tn.left == t.amount && !p.seats[s].eliminated) log_unused(p, s);  // not one transfer
      p.sub = kMsDone;
      return false;
    case kMsReinforce:
      if (p.count > 0 && can_place(p, s)) {
        decide(p, Step::kPlace, tn.controller);
        return true;
      }
      if (p.count == t.amount && !p.seats[s].eliminated) log_unused(p, s);  // not one troop
      p.sub = kMsDone;
      return false;
    default:
      ++tn.cursor;
      p.sub = kMsStart;
      return false;
  }
}

// Bloodlust (T6.8, R22): after the actions each player taking part must attack an adjacent turf
// (any adjacent turf it does not hold; only a rival's under bloodlust=half).
bool bloodlust_has_any(const Position& p, int s) {
  return scan_held(p, s, [&](int c) {
    if (!valid_source(p, s, c)) return false;
    bool any = false;
    adjacent_targets(p, s, c, p.bloodlust_half, [&](int) { any = true; });
    return any;
  });
}

bool run_bloodlust(Position& p) {
  if (p.war.active) return run_war(p);
  Turn& tn = p.turn;
  while (p.cursor < p.n_order) {
    const int s = p.order[p.cursor];
    if (p.sub == 0) {
      if (!active(p, s) || p.seats[s].opted_out || !bloodlust_has_any(p, s)) {
        ++p.cursor;
        continue;
      }
      tn = Turn{};
      tn.bloodlust = true;
      tn.owner = tn.controller = static_cast<std::int8_t>(s);
      tn.source = kNone;
      p.sub = 1;
    }
    if (p.sub == 1) {  // choosing the source, then the target
      decide(p, tn.source == kNone ? Step::kSource : Step::kTarget, s);
      return true;
    }
    p.sub = 0;  // the war has ended
    ++p.cursor;
  }
  p.phase = Phase::kScore;
  return false;
}

// Rampage bookkeeping after an attack or a war (T6 Rampage, R21).
void after_attack(Position& p, int winner_seat, bool won) {
  Turn& tn = p.turn;
  if (p.phase != Phase::kActions) return;
  const EventDef* e = winner_seat >= 0 ? event_for(p, winner_seat) : nullptr;
  if (won && e && e->rampage) {
    if (winner_seat != tn.owner) {  // the other attacker of a shared empty turf won (T9.8)
      tn.owner = static_cast<std::int8_t>(winner_seat);
      tn.controller = static_cast<std::int8_t>(controller_of(p, winner_seat));
    }
    tn.target = p.war.target;
    p.sub = kMsAfter;
  } else {
    p.sub = kMsDone;
  }
}
}  // namespace turf::turfwars::kernel
