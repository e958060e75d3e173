// Turf Wars: what the kernel's source files share (rules.cpp: troops, cards, the main loop and
// apply; legal.cpp: legal actions; setup.cpp: set-up; events.cpp: pre-event abilities,
// reinforcements and the event; actions.cpp: the draft, the actions and Bloodlust; war.cpp: Turf
// Wars; score.cpp: scoring and spending; wins.cpp: the ways to win, eliminations and the
// tie-break). Not part of the game's interface: the adapter, views and tests use rules.h.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "games/turfwars/rules.h"

namespace turf::turfwars::kernel {

// ---------------------------------------------------------------------------------------------
// Small helpers

struct Acts {
  std::array<int, 192> a;  // only the first n are meaningful (no zeroing per call)
  int n = 0;
  void add(int x) { a[n++] = x; }
  int size() const { return n; }
  void sort() { std::sort(a.begin(), a.begin() + n); }
};

// ---- small helpers ---------------------------------------------------------------------------

// In an anonymous namespace, each file keeps its own copy of the reference: read directly, not
// through the shared library's global offset table (as an inline function's static would be).
// The content the position plays with (content_of, Position::content).
namespace {
inline const Content& C(const Position& p) {
  static const Content* const* const table = content_table();
  return *table[p.content];
}
}  // namespace

// ability_of() inlined where the kernel reads it (speed): the seat's faction ability, the cloned
// one for the Doppelgangers (T4.2), none while an event in force switches abilities off (unless
// the seat stayed out of it).
namespace {
const Ability kNoAbilityHere{};
inline const Ability& ability_in(const Position& p, int seat) {
  const SeatState& s = p.seats[seat];
  if (s.faction == kNone) return kNoAbilityHere;
  const Content& c = C(p);
  if (p.event != kNone && !s.opted_out && c.events[p.event].abilities_off) return kNoAbilityHere;
  const Faction& f = c.factions[s.faction];
  if (f.ability.clone) return s.clone == kNone ? kNoAbilityHere : c.factions[s.clone].ability;
  return f.ability;
}
}  // namespace

inline const EventDef* event_for(const Position& p, int seat) {
  if (p.event == kNone) return nullptr;
  if (seat >= 0 && p.seats[seat].opted_out) return nullptr;
  return &C(p).events[p.event];
}

inline bool abilities_on(const Position& p, int seat) {
  const EventDef* e = event_for(p, seat);
  return !(e && e->abilities_off);
}

inline const Faction* base_faction(const Position& p, int seat) {
  const auto f = p.seats[seat].faction;
  return f == kNone ? nullptr : &C(p).factions[f];
}

// Notes a step for narration (Position::auto_log).
inline void log_step(Position& p, int seat, std::uint8_t step, int owner, int action, int n = 0) {
  p.auto_log[p.auto_seq++ % kAutoLog] = {
      static_cast<std::uint8_t>(seat),    step,
      static_cast<std::uint8_t>(p.phase), static_cast<std::int8_t>(owner),
      static_cast<std::uint8_t>(n),       static_cast<std::uint16_t>(action)};
}

inline bool active(const Position& p, int seat) {
  return !p.seats[seat].eliminated;
}

// teleporters_active() inlined where the kernel reads it (speed): T1.5, the teleporters link their
// turfs from round 2 on, unless Teleporter Storm switches them off (T6.9).
inline bool tele_on(const Position& p) {
  if (!board_of(p).has_teleporters || p.round < 2) return false;
  return !(p.event != kNone && C(p).events[p.event].teleporters_off);
}

template <class F>
void for_each_neighbour(const Position& p, int cell, F f) {
  const Board& b = board_of(p);
  if (tele_on(p)) {
    for (int a : b.adj_tele[cell]) f(a);
  } else {
    for (int a : b.adj[cell]) f(a);
  }
}

template <class F>
void for_each_reach2(const Position& p, int cell, F f) {
  const Board& b = board_of(p);
  if (tele_on(p)) {
    for (int a : b.reach2_tele[cell]) f(a);
  } else {
    for (int a : b.reach2[cell]) f(a);
  }
}

// ---- troops, turn order, cards (rules.cpp) ---------------------------------------------------

// The seats whose starting turf is out of their control and not yet marked lost
// (Position::start_away, T13.5 R57), from the board.
inline void refresh_start_away(Position& p) {
  std::uint8_t m = 0;
  for (int s = 0; s < p.num_seats; ++s) {
    const SeatState& st = p.seats[s];
    if (st.start != kNone && !st.start_lost && p.owner[st.start] != s)
      m = static_cast<std::uint8_t>(m | 1u << s);
  }
  p.start_away = m;
}

// The one way the kernel changes a cell: its owner (-1 empty) and troops together, keeping the
// board tallies (Position::held_type, held, on_board) in step. Troops count for their owner only.
inline void set_cell(Position& p, int cell, int owner, int troops) {
  const int t = board_of(p).turf_type[cell];
  const int was = p.owner[cell];
  if (was >= 0) {
    p.on_board[was] = static_cast<std::uint16_t>(p.on_board[was] - p.troops[cell]);
    --p.held[was];
    --p.held_type[was][t];
    p.held_cells[was][cell >> 6] &= ~(std::uint64_t{1} << (cell & 63));
  }
  p.owner[cell] = static_cast<std::int8_t>(owner);
  p.troops[cell] = static_cast<std::uint8_t>(troops);
  if (owner >= 0) {
    p.on_board[owner] = static_cast<std::uint16_t>(p.on_board[owner] + troops);
    ++p.held[owner];
    ++p.held_type[owner][t];
    p.held_cells[owner][cell >> 6] |= std::uint64_t{1} << (cell & 63);
  }
  if (p.start_cells[cell >> 6] >> (cell & 63) & 1) refresh_start_away(p);
}
// The cells a seat holds, ascending (the order of Board::turfs); f(cell) returns true to stop.
// Returns whether f stopped.
template <class F>
bool scan_held(const Position& p, int seat, F f) {
  if (static_cast<unsigned>(seat) >= kMaxSeats) return false;
  for (int w = 0; w < 2; ++w)
    for (std::uint64_t m = p.held_cells[seat][w]; m != 0; m &= m - 1)
      if (f(w * 64 + std::countr_zero(m))) return true;
  return false;
}
// The same owner with another number of troops; none left empties the cell.
inline void set_troops(Position& p, int cell, int troops) {
  set_cell(p, cell, troops == 0 ? -1 : p.owner[cell], troops);
}

int in_transit(const Position& p, int seat);
int troops_in_play(const Position& p, int seat);
int cube_room(const Position& p, int seat);
int add_troops(Position& p, int seat, int cell, int n);
void remove_troops(Position& p, int cell, int n, int killer);
void move_troops(Position& p, int from, int to, int n);
void build_order(Position& p, int first);
inline int hand_total(const SeatState& s) {
  int n = 0;
  for (int t = 0; t < kCombatTypes; ++t) n += s.hand[t];
  return n;
}
void forget_public(Position& p, int seat, int t);
void forget_private(Position& p, int seat, int t, int witness);
int draw_combat(Position& p);
int combat_available(const Position& p);
void discard_combat(Position& p, int t);
int action_available(const Position& p);
int draw_action(Position& p);

// ---- attacks (rules.cpp) ---------------------------------------------------------------------

bool attackable(const Position& p, int attacker, int cell);
bool reaches_two(const Position& p, int seat, const ActionTemplate& t, int source);

// Speed (issue 32): the board's neighbourhoods as bit sets over the cells, built once per board,
// so that "has this source a target" is an intersection instead of a walk over its neighbours.
using CellMask = std::array<std::uint64_t, 2>;
struct BoardMasks {
  std::array<CellMask, kMaxCells> adj, adj_tele, reach2, reach2_tele;  // as Board's lists
  std::array<CellMask, kTypes> of_type;                                // the turfs of a type
  CellMask turfs;
};
// Every board's, built once (indexed by Position::board).
const BoardMasks* all_masks();
// Inlined where it is read (speed): in an anonymous namespace, as C(p).
namespace {
inline const BoardMasks& masks_of(const Position& p) {
  static const BoardMasks* const all = all_masks();
  return all[p.board];
}
}  // namespace
inline bool meets(const CellMask& a, const CellMask& b) {
  return ((a[0] & b[0]) | (a[1] & b[1])) != 0;
}
// The cells attackable(p, attacker, cell) accepts, as a bit set.
inline CellMask attackable_mask(const Position& p, int attacker) {
  const BoardMasks& m = masks_of(p);
  CellMask r = m.turfs;
  const auto& own = p.held_cells[attacker];
  r[0] &= ~own[0];
  r[1] &= ~own[1];
  const EventDef* e = event_for(p, attacker);
  if (e && e->attack_ban < kTypes) {
    r[0] &= ~m.of_type[e->attack_ban][0];
    r[1] &= ~m.of_type[e->attack_ban][1];
  }
  // R25: Lizard Folk staying out of Mind Control cannot be attacked that round.
  if (p.event != kNone && C(p).events[p.event].mind_control)
    for (int o = 0; o < p.num_seats; ++o)
      if (p.seats[o].opted_out) {
        r[0] &= ~p.held_cells[o][0];
        r[1] &= ~p.held_cells[o][1];
      }
  return r;
}
// The cells an Attack or Strike card of `t` may target (card_targets' test on each cell).
inline CellMask card_target_mask(const Position& p, int seat, const ActionTemplate& t) {
  CellMask r = attackable_mask(p, seat);
  const CellMask& type = masks_of(p).of_type[t.turf];
  r[0] &= type[0];
  r[1] &= type[1];
  return r;
}
// Where an Attack or Strike card of `t` reaches from its sources (card_targets' reach), read once
// per seat and card: its neighbours, or the turfs within two steps from every source (Strike) or
// from the sources of one type (reaches_two()).
struct CardReach {
  static constexpr std::uint8_t kAll = 0xFE;
  const CellMask* one;
  const CellMask* two;
  const std::uint8_t* type;   // the board's turf types
  std::uint8_t from = kNone;  // sources reaching two: kAll, a turf type, or kNone
  // Whether the source reaches a cell of `targets`.
  bool meets_from(int source, const CellMask& targets) const {
    const bool far = from == kAll || (from != kNone && type[source] == from);
    return meets((far ? two : one)[source], targets);
  }
};
inline CardReach card_reach(const Position& p, int seat, const ActionTemplate& t) {
  const BoardMasks& m = masks_of(p);
  const bool tele = tele_on(p);
  CardReach r{tele ? m.adj_tele.data() : m.adj.data(),
              tele ? m.reach2_tele.data() : m.reach2.data(), board_of(p).type.data()};
  if (t.kind == ActionKind::kStrike) {
    r.from = CardReach::kAll;
  } else if (t.kind == ActionKind::kAttack) {
    const Ability& a = ability_in(p, seat);
    if (a.attack_range >= 2)
      r.from = a.attack_range_from == kNone ? CardReach::kAll : a.attack_range_from;
  }
  return r;
}
// Targets of an Attack or Strike card from a source (T8.2, T8.3).
template <class F>
void card_targets(const Position& p, int seat, const ActionTemplate& t, int source, F f) {
  const Board& b = board_of(p);
  auto visit = [&](int c) {
    if (b.type[c] == t.turf && attackable(p, seat, c)) f(c);
  };
  if (reaches_two(p, seat, t, source))
    for_each_reach2(p, source, visit);
  else
    for_each_neighbour(p, source, visit);
}
bool has_card_target(const Position& p, int seat, const ActionTemplate& t, int source);
// Bloodlust and Rampage targets: adjacent turfs of any type (T6 R22, R21).
template <class F>
void adjacent_targets(const Position& p, int seat, int source, bool occupied_only, F f) {
  for_each_neighbour(p, source, [&](int c) {
    if (!attackable(p, seat, c)) return;
    if (occupied_only && p.owner[c] < 0) return;
    f(c);
  });
}
int controller_of(const Position& p, int seat);

// ---- decisions and the main loop (rules.cpp) -------------------------------------------------

inline void decide(Position& p, Step s, int seat) {
  p.step = s;
  p.to_move = static_cast<std::uint8_t>(seat);
}
bool auto_ok(Step s);
int owned_count(const Position& p, int seat);
bool can_place(const Position& p, int seat);
bool can_transfer(const Position& p, int seat);
inline int ceil_half(int n) {
  return (n + 1) / 2;
}
void gen(const Position& p, Acts& out);
// The same, written into `out` (which the caller clears).
void gen(const Position& p, std::vector<int>& out);
void gen_few(const Position& p, Acts& out);
void take(Position& p, int a);
// Decisions after which no win condition can newly hold (R31); apply() checks after the others.
bool quiet(const Position& p, int a);
void run(Position& p, bool check);
// Speed (issue 32): whether an automatic step of the main loop, taken in phase `before` at
// p.sub `sub_before`, in a war or not, changed nothing a win condition reads (R31); after such a
// step the loop does not repeat a check its run already made. The same loop without that
// shortcut, for tests.
bool inert_step(const Position& p, Phase before, int sub_before, bool in_war);
void run_without_inert_skips(Position& p, bool check);
void begin_round(Position& p);
void end_round(Position& p);

// ---- set-up (setup.cpp) ----------------------------------------------------------------------

void deal_combat(Position& p);
void draw_secret(Position& p, int seat);
void reveal_factions(Position& p);
// Starting turfs (T2.6 and R4's fall-backs), ascending; f(cell) returns true to stop.
template <class F>
void start_options(const Position& p, int seat, F f) {
  const Board& b = board_of(p);
  // Cells at or around (the ring, diagonals included, is symmetric) another seat's start.
  std::array<std::uint64_t, 2> near{};
  auto mark = [&](int c) { near[c >> 6] |= std::uint64_t{1} << (c & 63); };
  for (int o = 0; o < p.num_seats; ++o) {
    const int st = p.seats[o].start;
    if (o == seat || st == kNone) continue;
    mark(st);
    for (int r : b.ring[st]) mark(r);
  }
  auto free_of_starts = [&](int c) { return p.owner[c] < 0 && !(near[c >> 6] >> (c & 63) & 1); };
  const int home = p.seats[seat].home;
  for (int tier = 0; tier < 4; ++tier) {
    bool any = false;
    for (int c : b.turfs) {
      const bool type_ok = tier == 1 || tier == 3 || b.type[c] == home;
      const bool spacing_ok = tier >= 2 ? p.owner[c] < 0 : free_of_starts(c);
      if (type_ok && spacing_ok) {
        any = true;
        if (f(c)) return;
      }
    }
    if (any) return;
  }
}

// ---- events (events.cpp) ---------------------------------------------------------------------

bool run_pre_event(Position& p);
bool run_reinforce(Position& p);
bool run_event(Position& p);

// ---- the draft and the actions (actions.cpp) -------------------------------------------------

enum MemberStage : std::uint8_t {
  kMsStart,
  kMsAttack,  // the war machine runs (p.war)
  kMsAfter,   // rampage choice
  kMsTeleSource,
  kMsTeleTarget,
  kMsManeuver,
  kMsReinforce,
  kMsDone,
};

inline const ActionTemplate& tmpl_of(const Position& p) {
  return C(p).templates[p.turn.tmpl];
}

inline bool valid_source(const Position& p, int seat, int cell) {
  return p.owner[cell] == seat && p.troops[cell] > 0;
}
bool card_has_any(const Position& p, int seat, const ActionTemplate& t);
bool teleport_has_any(const Position& p, int seat, const ActionTemplate& t);
bool target_in_range(const Position& p, int seat, const ActionTemplate& t, int source, int target);
void after_action_phase(Position& p);
bool run_draft(Position& p);
bool run_actions(Position& p);
bool bloodlust_has_any(const Position& p, int s);
bool run_bloodlust(Position& p);
void after_attack(Position& p, int winner_seat, bool won);

// ---- Turf Wars (war.cpp) ---------------------------------------------------------------------

enum WarStage : std::uint8_t {
  kWsCommit,
  kWsJoin,
  kWsPull,
  kWsLure,
  kWsDefend,
  kWsMatch,
  kWsVolley,
  kWsCards,
  kWsReveal,
  kWsSupCards,
  kWsCalls,
  kWsCallMatch,
  kWsCallCard,
  kWsResolve,
  kWsRetreat,
  kWsMoveIn,
  kWsFury,
  kWsAfter,
};

inline int defender_side(const War& w) {
  return w.has_defender ? w.n_sides - 1 : -1;
}

inline bool in_war(const War& w, int seat) {
  return w.called_mask >> seat & 1;
}
void start_war(Position& p, const std::uint8_t* leaders, const std::uint8_t* sources, int n,
               int target);
int side_committed(const War& w, int side);
int most_populous(const Position& p, int seat);
bool may_join(const Position& p, int seat, int side);
void add_supporter(Position& p, int seat, int side, bool forced);
void give_support(Position& p, int i, int cell);
void do_retreat(Position& p, int to);
bool run_war(Position& p);

// ---- scoring and spending (score.cpp) --------------------------------------------------------

void run_score(Position& p);
int ftt_price(const Position& p, int seat);
bool buy_possible(const Position& p, int seat, int item);
unsigned buy_mask(const Position& p, int seat);
bool run_spend(Position& p);

// ---- wins, eliminations and the tie-break (wins.cpp) -----------------------------------------

struct Keys {
  int dp, turfs, start, troops, support;
};
Keys keys_of(const Position& p, int s);
bool undefeated(const Position& p, int seat);
bool check_wins(Position& p, bool end_of_round);
// Speed (issue 32): whether a win may hold, mid-round, when since a check that found none the
// only change was troops placed into turfs that the seats `seats` held (T5, T8.7): no turf changed
// hands, so only those seats' troop conditions (Strength in Numbers, Fortress, Homeland) can newly
// hold. False only when the full check would find no win either.
bool may_win_placed(const Position& p, std::uint8_t seats);
// A secret card's bit in Position::secret_bits: its condition's, 0 for one that holds only at the
// end of a round.
std::uint32_t secret_bit(const Position& p, int card);
// The same without the quick look that rules a win out mid-round (tests compare the two).
bool check_wins_full(Position& p, bool end_of_round);
std::uint8_t secret_holders(const Position& p);
void check_eliminations(Position& p);
void enter_tiebreak(Position& p);
bool run_tiebreak(Position& p);

}  // namespace turf::turfwars::kernel
