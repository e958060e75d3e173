// Turf Wars: the observation tensor of a seat's view (issue 26; docs/api.md), and the size of
// the action space. Built from the TurfWarsView alone: its position is redacted for the viewer
// (redact(), game.h), so every field read here is something the seat may know. Seats are
// relative: block 0 is the observing seat, then the seats after it in seat order. Cells are
// row * size + column on the board for the player count (5x5, 7x7 or 9x9); factions, events,
// secret wins and action-card templates are numbered in the order of data/turfwars/content.json
// (templates ascending by priority), as in the action ids.
#include <array>

#include "core/observation.h"
#include "core/view.h"
#include "games/turfwars/game.h"

namespace turf::turfwars {

namespace {

constexpr int kVersion = 1;
constexpr int kPhases = static_cast<int>(Phase::kOver) + 1;
constexpr int kSteps = static_cast<int>(Step::kOver) + 1;
constexpr int kCellKinds = 4;

struct Layout {
  ObsSpec spec;
  int players = 0, cells = 0, factions = 0, events = 0, secrets = 0, templates = 0;
  int status, phase, step, event, events_seen, board, seats, war, turn, discards, mine;
  int cell_size = 0, seat_size = 0, war_seat_size = 0;
  // Offsets in a seat block.
  int s_faction = 0, s_home = 0, s_flags = 0, s_pick = 0;
  // Offsets in my block.
  int m_hand = 0, m_facedown = 0, m_drawn = 0, m_secrets = 0, m_held = 0, m_received = 0,
      m_packet = 0, m_pick = 0, m_known_discard = 0, m_known = 0, m_nemesis = 0, m_dealt = 0,
      m_chosen = 0;
};

constexpr int kSeatFlags = 17;

Layout make_layout(int players) {
  // The base content: a variant changes no count (core/variant.h), so the layout is the same.
  const Content& c = content();
  Layout l;
  l.players = players;
  const Board& board = c.board_for(players);
  l.cells = board.size * board.size;
  l.factions = static_cast<int>(c.factions.size());
  l.events = static_cast<int>(c.events.size());
  l.secrets = static_cast<int>(c.secrets.size());
  l.templates = static_cast<int>(c.templates.size());
  const int P = players, F = l.factions, T = l.templates;
  ObsBuilder b(kVersion);
  l.status = b.add("status", 12,
                   "my turn; game over; round; I hold the First Turn Token; Maelstrom direction "
                   "is right; Mind Control on; factions dealt; bloodlust=half; cost variant "
                   "(winner_takes_all, simple, balanced, fury)",
                   "0 or 1; round / 10; one-hot");
  l.phase = b.add("phase", kPhases,
                  "the phase (factions, starts, pre-event, reinforce, event, draft, actions, "
                  "bloodlust, score, spend, tie-break, over)",
                  "one-hot");
  l.step = b.add("step", kSteps,
                 "the decision being made, by whoever decides (the Step list of "
                 "src/games/turfwars/rules.h, in order)",
                 "one-hot");
  l.event = b.add("event", l.events, "the event in force", "one-hot");
  l.events_seen = b.add("events_seen", l.events, "events revealed so far", "0 or 1");
  l.cell_size = kCellKinds + kTypes + P + 1 + 4;
  l.board = b.add("board", l.cells * l.cell_size,
                  "per cell (row * size + column): cell kind (turf, dead, teleporter, off "
                  "board), turf type (6), owner per relative seat, troops, the target of the "
                  "war being fought, the source and the target of the action being resolved, "
                  "some seat's starting turf",
                  "one-hot; troops / 10 (clipped); 0 or 1");
  l.s_faction = 1;
  l.s_home = l.s_faction + F;
  l.s_flags = l.s_home + kTypes;
  l.s_pick = l.s_flags + kSeatFlags;
  l.seat_size = l.s_pick + T;
  l.seats = b.add("seats", P * l.seat_size,
                  "per seat (me first): DP; faction; home turf type; eliminated, combat cards "
                  "in hand, a combat card face down, has drafted, holds two bought combat cards, "
                  "secret wins held, action cards held, wars won, wars lost, attacks won, "
                  "defences won, kills, turfs held, troops on the board, home turfs held, holds "
                  "the FTT, revealed its draft pick; the revealed pick",
                  "DP / 60 (clipped); one-hot; 0 or 1; hand / 8; secrets / 12; held / 9; "
                  "records / 10, kills / 20; turfs / board turfs; troops / 40; one-hot");
  l.war_seat_size = 4 + kCombatTypes;
  l.war = b.add("war", 3 + P * l.war_seat_size,
                "the Turf War in progress: active, attackers, has a defender; per seat (me "
                "first): leads an attack, leads the defence, supports, troops committed, its "
                "revealed combat card (0 Zero, 1-10, Negate Attack, Cry for Help)",
                "0 or 1; attackers / 6; committed / 20; one-hot");
  l.turn = b.add("action", T + P + 1,
                 "the action card being resolved: its template, its owner per relative seat, "
                 "transfers or placements left",
                 "one-hot; left / 10 (clipped)");
  l.discards = b.add("discards", kCombatTypes + T,
                     "combat cards in the face-up discard per type; played action cards per "
                     "template",
                     "count / 8 (clipped); count / 3 (clipped)");
  l.m_hand = 0;
  l.m_facedown = l.m_hand + kCombatTypes;
  l.m_drawn = l.m_facedown + kCombatTypes;
  l.m_secrets = l.m_drawn + kCombatTypes;
  l.m_held = l.m_secrets + l.secrets;
  l.m_received = l.m_held + T;
  l.m_packet = l.m_received + T;
  l.m_pick = l.m_packet + T;
  l.m_known_discard = l.m_pick + T;
  l.m_known = l.m_known_discard + T;
  l.m_nemesis = l.m_known + P * kCombatTypes;
  l.m_dealt = l.m_nemesis + P;
  l.m_chosen = l.m_dealt + F;
  l.mine = b.add("mine", l.m_chosen + F,
                 "what only I know: my combat cards per type, my face-down card, the two "
                 "bought cards to choose from, my secret wins (per card), action cards held, "
                 "the draft packet I received, the packet in front of me, my pick, action "
                 "cards I know lie face down in the discard, combat cards I know each seat "
                 "holds (per seat, me first, per type), my nemesis seat, the faction cards "
                 "dealt to me, the faction I chose",
                 "count / 8 (clipped); one-hot; count / 2; 0 or 1; count / 3 (clipped); "
                 "one-hot; count / 3 (clipped); count / 8 (clipped); one-hot; 0 or 1; one-hot");
  l.spec = b.spec();
  return l;
}

using Layouts = ObsLayouts<Layout, make_layout, 2, kMaxSeats>;

void observe(const View& view, float* out) {
  const Seat me = observing_seat(view);
  const auto& v = view.as<TurfWarsView>();
  const Position& p = v.pos;
  const int P = p.num_seats;
  const Layout& l = Layouts::of(P);
  ObsWriter w(out, l.spec.size);
  const auto rel = [&](int s) { return relative_seat(s, me, P); };
  const Board& board = board_of(p);

  w.flag(l.status + 0, view.my_turn());
  w.flag(l.status + 1, p.over());
  w.scaled(l.status + 2, p.round, 10);
  w.flag(l.status + 3, p.ftt == me);
  w.flag(l.status + 4, p.direction < 0);
  w.flag(l.status + 5, p.mind_control_on);
  w.flag(l.status + 6, p.one_faction);
  w.flag(l.status + 7, p.bloodlust_half);
  w.one_hot(l.status + 8, 4, p.cost);
  w.one_hot(l.phase, kPhases, static_cast<int>(p.phase));
  w.one_hot(l.step, kSteps, static_cast<int>(p.step));
  if (p.event != kNone) w.one_hot(l.event, l.events, p.event);
  for (int i = 0; i < p.num_events_seen; ++i) w.one_hot(l.events_seen, l.events, p.events_seen[i]);

  for (int cell = 0; cell < l.cells; ++cell) {
    const int at = l.board + cell * l.cell_size;
    w.one_hot(at, kCellKinds, board.kind[cell]);
    if (board.kind[cell] == kTurfCell) w.one_hot(at + kCellKinds, kTypes, board.type[cell]);
    if (p.owner[cell] >= 0) w.one_hot(at + kCellKinds + kTypes, P, rel(p.owner[cell]));
    w.scaled(at + kCellKinds + kTypes + P, p.troops[cell], 10);
  }
  // Markers after the troops: 0 war target, 1 action source, 2 action target, 3 a starting turf.
  const int markers = kCellKinds + kTypes + P + 1;
  const auto mark = [&](int cell, int k) {
    if (cell >= 0 && cell < l.cells) w.set(l.board + cell * l.cell_size + markers + k, 1.0f);
  };
  if (p.war.active) mark(p.war.target, 0);
  if (p.turn.tmpl != kNone) {
    mark(p.turn.source, 1);
    mark(p.turn.target, 2);
  }
  for (int s = 0; s < P; ++s)
    if (p.seats[s].start != kNone) mark(p.seats[s].start, 3);

  for (int s = 0; s < P; ++s) {
    const SeatState& st = p.seats[s];
    const int at = l.seats + rel(s) * l.seat_size;
    w.scaled(at + 0, st.dp, 60);
    if (st.faction != kNone) w.one_hot(at + l.s_faction, l.factions, st.faction);
    if (st.faction != kNone) w.one_hot(at + l.s_home, kTypes, st.home);
    const int f = at + l.s_flags;
    w.flag(f + 0, st.eliminated);
    w.scaled(f + 1, v.hand_count[s], 8);
    w.flag(f + 2, v.facedown[s]);
    w.flag(f + 3, v.picked[s]);
    w.flag(f + 4, v.drawn[s]);
    w.scaled(f + 5, st.num_secrets, kMaxSecretsHeld);
    w.scaled(f + 6, st.num_held, 9);
    w.scaled(f + 7, st.wars_won, 10);
    w.scaled(f + 8, st.wars_lost, 10);
    w.scaled(f + 9, st.attacks_won, 10);
    w.scaled(f + 10, st.defences_won, 10);
    w.scaled(f + 11, st.kills, 20);
    w.scaled(f + 12, turfs_of(p, s), board.num_turfs);
    w.scaled(f + 13, troops_of(p, s), 40);
    w.scaled(f + 14, st.faction != kNone ? home_turfs_of(p, s) : 0, board.num_turfs);
    w.flag(f + 15, p.ftt == s);
    const bool shown = st.revealed && st.pick != kNone;
    w.flag(f + 16, shown);
    if (shown) w.one_hot(at + l.s_pick, l.templates, st.pick);
  }

  if (p.war.active) {
    const War& war = p.war;
    w.set(l.war + 0, 1.0f);
    w.scaled(l.war + 1, war.n_attackers, kMaxSeats);
    w.flag(l.war + 2, war.has_defender);
    for (int side = 0; side < war.n_sides; ++side) {
      const WarSide& ws = war.sides[side];
      if (ws.leader < 0 || ws.leader >= P) continue;
      const int at = l.war + 3 + rel(ws.leader) * l.war_seat_size;
      const bool defender = war.has_defender && side == war.n_sides - 1;
      w.set(at + (defender ? 1 : 0), 1.0f);
      w.scaled(at + 3, ws.committed, 20);
      if (war.revealed && ws.card != kNone) w.one_hot(at + 4, kCombatTypes, ws.card);
    }
    for (int i = 0; i < war.n_sups; ++i) {
      const Supporter& sup = war.sups[i];
      if (sup.seat < 0 || sup.seat >= P) continue;
      w.set(l.war + 3 + rel(sup.seat) * l.war_seat_size + 2, 1.0f);
    }
  }
  if (p.turn.tmpl != kNone) {
    w.one_hot(l.turn, l.templates, p.turn.tmpl);
    if (p.turn.owner >= 0) w.one_hot(l.turn + l.templates, P, rel(p.turn.owner));
    w.scaled(l.turn + l.templates + P, p.turn.left, 10);
  }
  for (int t = 0; t < kCombatTypes; ++t) w.scaled(l.discards + t, p.combat_discard[t], 8);
  for (int t = 0; t < l.templates; ++t)
    w.scaled(l.discards + kCombatTypes + t, p.action_discard[t], 3);

  const SeatState& my = p.seats[me];
  const int m = l.mine;
  for (int t = 0; t < kCombatTypes; ++t) w.scaled(m + l.m_hand + t, my.hand[t], 8);
  if (my.facedown != kNone) w.one_hot(m + l.m_facedown, kCombatTypes, my.facedown);
  for (auto d : my.drawn)
    if (d != kNone && d < kCombatTypes) out[m + l.m_drawn + d] += 0.5f;
  for (int i = 0; i < my.num_secrets && i < kMaxSecretsHeld; ++i)
    w.one_hot(m + l.m_secrets, l.secrets, my.secrets[i]);
  for (int t = 0; t < l.templates; ++t) {
    w.scaled(m + l.m_held + t, my.held[t], 3);
    if (my.has_received) w.scaled(m + l.m_received + t, my.received[t], 3);
    w.scaled(m + l.m_known_discard + t, my.known_discard[t], 3);
  }
  if (v.sees_packet)
    for (int i = 0; i < p.packet_size; ++i)
      if (p.packet[i] < l.templates)
        out[m + l.m_packet + p.packet[i]] =
            std::min(1.0f, out[m + l.m_packet + p.packet[i]] + 1.0f / 3);
  if (my.pick != kNone) w.one_hot(m + l.m_pick, l.templates, my.pick);
  for (int s = 0; s < P; ++s)
    for (int t = 0; t < kCombatTypes; ++t)
      w.scaled(m + l.m_known + rel(s) * kCombatTypes + t, my.known[s][t], 8);
  if (my.nemesis != kNone && my.nemesis < P) w.one_hot(m + l.m_nemesis, P, rel(my.nemesis));
  for (auto f : my.dealt)
    if (f != kNone) w.one_hot(m + l.m_dealt, l.factions, f);
  if (my.chosen != kNone) w.one_hot(m + l.m_chosen, l.factions, my.chosen);
}

}  // namespace

void register_observation(Registry& registry) {
  add_observation(registry, "turfwars", Layouts::spec, observe, kActStayOut + 1);
}

}  // namespace turf::turfwars
