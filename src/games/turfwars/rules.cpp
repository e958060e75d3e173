// Turf Wars — the rules kernel: troops, turn order, cards and attack targets shared by the phases,
// the round loop, the main loop and apply. The legal actions are in legal.cpp, the phases in
// setup.cpp, events.cpp, actions.cpp, war.cpp, score.cpp and wins.cpp (their shared declarations
// in kernel.h). Clause ids refer to docs/rules/turfwars.md. The kernel is a state machine: apply()
// takes the decision of the seat to move, then run() does every automatic step up to the next
// decision that has a real choice (or whose options depend on something hidden, which is never
// taken automatically).
#include "games/turfwars/rules.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "games/turfwars/kernel.h"

namespace turf::turfwars {

namespace kernel {

// ---------------------------------------------------------------------------------------------
// Troops

// Troops of a seat in play: on the board plus those in a war away from their turf.
int in_transit(const Position& p, int seat) {
  if (!p.war.active) return 0;
  int n = 0;
  for (int i = 0; i < p.war.n_attackers; ++i)
    if (p.war.sides[i].leader == seat) n += p.war.sides[i].committed;
  for (int i = 0; i < p.war.n_sups; ++i)
    if (p.war.sups[i].seat == seat) n += p.war.sups[i].given;
  return n;
}

int troops_in_play(const Position& p, int seat) {
  return troops_of(p, seat) + in_transit(p, seat);
}

int cube_room(const Position& p, int seat) {
  return std::max(0, C(p).troop_cubes - troops_in_play(p, seat));
}

// Adds up to n troops (the 40 cubes cap them, T1.7). Returns how many were added.
int add_troops(Position& p, int seat, int cell, int n) {
  n = std::min(n, cube_room(p, seat));
  if (n <= 0) return 0;
  set_cell(p, cell, seat, p.troops[cell] + n);
  return n;
}

// Kills (or takes away) n troops from a cell; killer is the seat causing it, or kNone.
void remove_troops(Position& p, int cell, int n, int killer) {
  if (n <= 0 || p.owner[cell] < 0) return;
  n = std::min<int>(n, p.troops[cell]);
  const int o = p.owner[cell];
  p.seats[o].last_killer = static_cast<std::uint8_t>(killer);
  set_troops(p, cell, p.troops[cell] - n);
}

// Moves troops between two cells of one seat (or into an empty cell).
void move_troops(Position& p, int from, int to, int n) {
  const int o = p.owner[from];
  set_troops(p, from, p.troops[from] - n);
  set_cell(p, to, o, p.troops[to] + n);
}

// ---------------------------------------------------------------------------------------------
// Turn order (T3.2): from the FTT holder to the left, skipping eliminated players.

void build_order(Position& p, int first) {
  p.n_order = 0;
  for (int k = 0; k < p.num_seats; ++k) {
    const int s = (first + k) % p.num_seats;
    if (active(p, s)) p.order[p.n_order++] = static_cast<std::uint8_t>(s);
  }
  p.cursor = 0;
  p.sub = 0;
}

// ---------------------------------------------------------------------------------------------
// Cards

// A card leaves a hand face up: every viewer's knowledge of it shrinks (R11).
void forget_public(Position& p, int seat, int t) {
  if (t == kZero) return;
  for (int v = 0; v < p.num_seats; ++v)
    if (p.seats[v].known[seat][t] > 0) --p.seats[v].known[seat][t];
}

// A card leaves a hand unseen by all but `witness`: the others only know that some card left.
void forget_private(Position& p, int seat, int t, int witness) {
  for (int v = 0; v < p.num_seats; ++v) {
    if (v == seat) continue;
    auto& k = p.seats[v].known[seat];
    if (v == witness) {
      if (k[t] > 0) --k[t];
    } else {
      for (int u = 1; u < kCombatTypes; ++u)
        if (k[u] > 0) --k[u];
    }
  }
}

int draw_combat(Position& p) {
  if (p.combat_deck_size == 0) {
    for (int t = 1; t < kCombatTypes; ++t)
      for (int k = 0; k < p.combat_discard[t]; ++k)
        p.combat_deck[p.combat_deck_size++] = static_cast<std::uint8_t>(t);
    p.combat_discard = {};
    p.rng.shuffle(p.combat_deck.begin(), p.combat_deck.begin() + p.combat_deck_size);
    ++p.commits;
  }
  if (p.combat_deck_size == 0) return kNone;
  ++p.commits;
  return p.combat_deck[--p.combat_deck_size];
}

int combat_available(const Position& p) {
  int n = p.combat_deck_size;
  for (int t = 1; t < kCombatTypes; ++t) n += p.combat_discard[t];
  return n;
}

void discard_combat(Position& p, int t) {
  if (t != kZero && t != kNone) ++p.combat_discard[t];
}

int action_available(const Position& p) {
  return p.action_deck_size + p.hidden_discard_size + [&] {
    int n = 0;
    for (int t = 0; t < kMaxTemplates; ++t) n += p.action_discard[t];
    return n;
  }();
}

int draw_action(Position& p) {
  if (p.action_deck_size == 0) {
    // R13: both discard piles are shuffled into a new deck; what anyone knew of them is moot.
    for (int t = 0; t < kMaxTemplates; ++t) {
      for (int k = 0; k < p.action_discard[t] + p.hidden_discard[t]; ++k)
        p.action_deck[p.action_deck_size++] = static_cast<std::uint8_t>(t);
    }
    p.action_discard = {};
    p.hidden_discard = {};
    p.hidden_discard_size = 0;
    for (auto& s : p.seats) s.known_discard = {};
    p.rng.shuffle(p.action_deck.begin(), p.action_deck.begin() + p.action_deck_size);
  }
  if (p.action_deck_size == 0) return kNone;
  ++p.commits;
  return p.action_deck[--p.action_deck_size];
}

// ---------------------------------------------------------------------------------------------
// Events and attacks

bool attackable(const Position& p, int attacker, int cell) {
  const Board& b = board_of(p);
  if (b.kind[cell] != kTurfCell || p.owner[cell] == attacker) return false;
  const EventDef* e = event_for(p, attacker);
  if (e && e->attack_ban == b.type[cell]) return false;
  const int o = p.owner[cell];
  // R25: Lizard Folk staying out of Mind Control cannot be attacked that round.
  if (o >= 0 && p.seats[o].opted_out && p.event != kNone && C(p).events[p.event].mind_control)
    return false;
  return true;
}

const BoardMasks* all_masks() {
  static const std::vector<BoardMasks> all = [] {
    std::vector<BoardMasks> v;
    for (const Board& b : content().boards) {  // a variant keeps the boards (content_slot)
      BoardMasks& m = v.emplace_back();
      auto set = [](const auto& cells) {
        CellMask r{};
        for (int c : cells) r[c >> 6] |= std::uint64_t{1} << (c & 63);
        return r;
      };
      for (int c = 0; c < kMaxCells; ++c) {
        m.adj[c] = set(b.adj[c]);
        m.adj_tele[c] = set(b.adj_tele[c]);
        m.reach2[c] = set(b.reach2[c]);
        m.reach2_tele[c] = set(b.reach2_tele[c]);
      }
      m.turfs = {};
      m.of_type = {};
      for (int c : b.turfs) {
        m.turfs[c >> 6] |= std::uint64_t{1} << (c & 63);
        m.of_type[b.type[c]][c >> 6] |= std::uint64_t{1} << (c & 63);
      }
    }
    return v;
  }();
  return all.data();
}

bool reaches_two(const Position& p, int seat, const ActionTemplate& t, int source) {
  if (t.kind == ActionKind::kStrike) return true;
  const Ability& a = ability_in(p, seat);
  return t.kind == ActionKind::kAttack && a.attack_range >= 2 &&
         (a.attack_range_from == kNone || board_of(p).type[source] == a.attack_range_from);
}

bool has_card_target(const Position& p, int seat, const ActionTemplate& t, int source) {
  return card_reach(p, seat, t).meets_from(source, card_target_mask(p, seat, t));
}

// Mind Control (T6.6): the next player to the left taking part decides a player's action.
int controller_of(const Position& p, int seat) {
  const EventDef* e = event_for(p, seat);
  if (!e || !e->mind_control) return seat;
  for (int k = 1; k < p.num_seats; ++k) {
    const int s = (seat + k) % p.num_seats;
    if (active(p, s) && !p.seats[s].opted_out) return s;
  }
  return seat;
}

// ---------------------------------------------------------------------------------------------
// Decisions

// Steps whose options depend on hidden information: never taken automatically (E1).
bool auto_ok(Step s) {
  switch (s) {
    case Step::kChooseFaction:
    case Step::kDraftPick:
    case Step::kCombatCard:
    case Step::kKeepCombat:
    case Step::kExchange:
    case Step::kFury:
    case Step::kTieSupport:
    case Step::kOptOut:
      return false;
    default:
      return true;
  }
}

int owned_count(const Position& p, int seat) {
  return turfs_of(p, seat);
}

bool can_place(const Position& p, int seat) {
  return owned_count(p, seat) > 0 && cube_room(p, seat) > 0;
}

// Transfers (Defensive Maneuvers, Gryphons): from any controlled turf to another (T8.6).
bool can_transfer(const Position& p, int seat) {
  return owned_count(p, seat) >= 2;
}

// ---------------------------------------------------------------------------------------------
// The round (T3)

void begin_round(Position& p) {
  p.ftt_steals = 0;
  p.phase = Phase::kPreEvent;
  build_order(p, p.ftt);
  p.turn = Turn{};
}

void end_round(Position& p) {
  if (check_wins(p, true)) return;
  if (p.round >= C(p).rounds) {
    enter_tiebreak(p);
    return;
  }
  ++p.round;
  ++p.rounds_played;
  begin_round(p);
}

}  // namespace kernel

using namespace kernel;

// ---------------------------------------------------------------------------------------------
// Public helpers

void recount(Position& p) {
  const Board& b = board_of(p);
  p.held_type = {};
  p.held = {};
  p.on_board = {};
  p.held_cells = {};
  for (int c : b.turfs) {
    const int o = p.owner[c];
    if (o < 0 || o >= kMaxSeats) continue;
    ++p.held_type[o][b.type[c]];
    ++p.held[o];
    p.held_cells[o][c >> 6] |= std::uint64_t{1} << (c & 63);
    p.on_board[o] = static_cast<std::uint16_t>(p.on_board[o] + p.troops[c]);
  }
  p.start_cells = {};
  for (int s = 0; s < p.num_seats; ++s)
    if (p.seats[s].start != kNone)
      p.start_cells[p.seats[s].start >> 6] |= std::uint64_t{1} << (p.seats[s].start & 63);
  refresh_start_away(p);
  recount_secrets(p);
}

bool rainbow(const Position& p, int seat) {
  if (static_cast<unsigned>(seat) >= kMaxSeats) return false;
  for (int t = 0; t < kTypes; ++t)
    if (p.held_type[seat][t] == 0) return false;
  return true;
}

int hand_size(const SeatState& s) {
  return hand_total(s);
}

const Ability& ability_of(const Position& p, int seat) {
  return kernel::ability_in(p, seat);
}

bool teleporters_active(const Position& p) {
  if (!board_of(p).has_teleporters || p.round < 2) return false;
  return !(p.event != kNone && C(p).events[p.event].teleporters_off);
}

namespace kernel {

// Decisions after which no win condition can newly hold (R31), so the check can wait for the
// next change: drafting, choosing a faction, staying out, the Maelstrom's direction (the cards
// pass in the automatic steps that follow), joining a war, and purchases that only spend DP.
bool quiet(const Position& p, int a) {
  switch (p.step) {
    case Step::kDraftPick:
    case Step::kChooseFaction:
    case Step::kOptOut:
    case Step::kDirection:
    case Step::kJoin:
      return true;
    case Step::kBuy:
      return a == kActPass || a == kActBuy + kBuyFtt || a == kActBuy + kBuyExchange ||
             a == kActBuy + kBuyActions || a == kActBuy + kBuyTroop;
    case Step::kExchange:
      return p.sub == 3;  // the first card given: nothing is drawn yet
    default:
      return false;
  }
}

// T13.5, R57: "if you ... lost it during the course of the game, that's a zero". Looked at
// between the steps of the game (outside a war, whose committed troops are away from their turfs
// until it ends), so every time a seat is without its starting turf is seen before any later
// step could win it back.
// Only the seats in Position::start_away can be newly marked (the others hold their start, have
// none, or are marked already), and marking them empties it.
void note_lost_starts(Position& p) {
  if (p.start_away == 0 || p.war.active || p.phase < Phase::kPreEvent) return;
  for (int s = 0; s < p.num_seats; ++s)
    if (p.start_away >> s & 1) p.seats[s].start_lost = true;
  p.start_away = 0;
}

// Speed (issue 32): whether the automatic step just taken in phase `before` (at p.sub
// `sub_before`, in a war or not) changed nothing a win condition reads (R31): the end of the
// pre-event phase, the reinforcement phase's passes and its end (the troops are placed by
// decisions), the event phase's steps but the immediate effects on troops and DP (T6.3) and the
// Maelstrom's passing of combat cards (T6.5) (a round shift changes only what is checked at a
// round's end), the end of the draft (T7) and of the action phase and Bloodlust (outside a Turf
// War), and the start of a round after end_round() (T3).
bool inert_step(const Position& p, Phase before, int sub_before, bool in_war) {
  switch (before) {
    case Phase::kPreEvent:
      return p.phase == Phase::kReinforce;
    case Phase::kReinforce:
      return true;
    case Phase::kEvent: {
      if (sub_before != 2 && sub_before != 3) return true;
      if (p.event == kNone) return false;
      const EventDef& e = C(p).events[p.event];
      return sub_before == 2 ? e.troops_each_turf == 0 && e.dp_each == 0 : e.pass_cards == 0;
    }
    case Phase::kDraft:
    case Phase::kActions:
    case Phase::kBloodlust:
      return !in_war && p.phase != before;
    case Phase::kSpend:
      return p.phase == Phase::kPreEvent;
    default:
      return false;
  }
}

namespace {
// What a check in the middle of a round reads (R31, T13.1-T13.3): the board, the seats' homes,
// nemeses, secret cards, combat cards and records, and who is out. Only the loop without the
// shortcut compares it, around every step inert_step() calls inert (tests).
bool same_for_wins(const Position& a, const Position& b) {
  if (a.num_seats != b.num_seats || a.board != b.board || a.owner != b.owner ||
      a.troops != b.troops || a.held_type != b.held_type || a.held != b.held ||
      a.on_board != b.on_board || a.held_cells != b.held_cells || a.secret_bits != b.secret_bits ||
      a.fresh_out != b.fresh_out || a.over() != b.over())
    return false;
  for (int s = 0; s < a.num_seats; ++s) {
    const SeatState &x = a.seats[s], &y = b.seats[s];
    if (x.eliminated != y.eliminated || x.home != y.home || x.nemesis != y.nemesis ||
        x.start != y.start || x.num_secrets != y.num_secrets || x.secrets != y.secrets ||
        x.hand != y.hand || x.dp != y.dp || x.wars_won != y.wars_won ||
        x.defences_won != y.defences_won || x.streak != y.streak || x.usurped != y.usurped ||
        x.giant_slain != y.giant_slain || x.kills != y.kills || x.killed_mask != y.killed_mask)
      return false;
  }
  return true;
}
}  // namespace

// The main loop: automatic work until a decision or the end. Wins are checked (R31) after the
// decision that started the run, after every step taken automatically, when a phase or a Turf War
// ends, and before a decision is handed out: every moment a condition can newly hold.
//
// Speed: `check` marks those moments; `changed` whether anything a win condition reads may have
// changed since the last full check. At a moment with nothing changed the check's result is known
// (no win: the last one found none), so only its other effect is kept: the seats whose secret
// cards it consults are marked (E3), exactly as the full check would mark them. The automatic
// steps of the pre-event, reinforcement and spending phases only move through the turn order,
// except the Dryads' troops (T4, a change of the troops on the board) and the end of the round
// (which checks at once, and changes the phase); a quiet decision taken automatically changes
// nothing a win condition reads either (see quiet()). After a check in this run found no win, a
// step inert_step() calls inert leaves `changed` as it was (issue 32); kSkipInert false keeps the
// loop as it was before that, checking the claim at every such step (tests).
template <bool kSkipInert>
void run_loop(Position& p, bool check) {
  Acts acts;
  bool changed = check;
  auto stable = [&] {
    return !p.war.active && p.phase >= Phase::kPreEvent && p.phase <= Phase::kSpend;
  };
  // The troops on the board of every seat, as two words (12 bytes).
  auto troops_now = [&] {
    static_assert(sizeof(p.on_board) == 12);
    std::uint64_t lo = 0;
    std::uint32_t hi = 0;
    std::memcpy(&lo, p.on_board.data(), 8);
    std::memcpy(&hi, reinterpret_cast<const char*>(p.on_board.data()) + 8, 4);
    return std::pair<std::uint64_t, std::uint32_t>(lo, hi);
  };
  // `verified`: a check in this run found no win, and nothing changed since but `placed`: the
  // seats that placed troops into turfs they held by decisions taken automatically. Only their
  // troop conditions can then newly hold (may_win_placed()). This world's own check, never one
  // made before this run (a sampled world may differ in its secret cards).
  bool verified = false;
  std::uint8_t placed = 0;
  auto check_now = [&] {  // true when the game ended or went to the tie-break
    check = false;
    if (!changed && (placed == 0 || !may_win_placed(p, placed))) {
      placed = 0;
      p.probed |= secret_holders(p);
      return false;
    }
    changed = false;
    placed = 0;
    const bool over = check_wins(p, false);
    verified = !over;
    return over;
  };
  for (int guard = 0; guard < 100000; ++guard) {
    if (p.phase == Phase::kOver) {
      p.step = Step::kOver;
      return;
    }
    note_lost_starts(p);
    if (check && stable() && check_now()) continue;
    const Phase before = p.phase;
    const int sub_before = p.sub;
    const bool in_war = p.war.active;
    const auto troops_before = troops_now();
    [[maybe_unused]] Position copy_before;
    if constexpr (!kSkipInert) copy_before = p;
    bool decision = false;
    switch (p.phase) {
      case Phase::kFactions:
        if (p.cursor < p.num_seats) {
          decide(p, Step::kChooseFaction, p.cursor);
          decision = true;
        } else {
          reveal_factions(p);
        }
        break;
      case Phase::kStarts:
        if (p.cursor < p.n_order) {
          decide(p, Step::kChooseStart, p.order[p.cursor]);
          decision = true;
        } else {
          p.round = 1;
          p.rounds_played = 1;
          begin_round(p);
        }
        break;
      case Phase::kPreEvent:
        decision = run_pre_event(p);
        break;
      case Phase::kReinforce:
        decision = run_reinforce(p);
        break;
      case Phase::kEvent:
        decision = run_event(p);
        break;
      case Phase::kDraft:
        decision = run_draft(p);
        break;
      case Phase::kActions:
        decision = run_actions(p);
        break;
      case Phase::kBloodlust:
        decision = run_bloodlust(p);
        break;
      case Phase::kScore:
        run_score(p);
        break;
      case Phase::kSpend:
        decision = run_spend(p);
        break;
      case Phase::kTieBreak:
        decision = run_tiebreak(p);
        break;
      case Phase::kOver:
        break;
    }
    // Automatic work outside the action phase can change troops and DP (wars are checked when they
    // end; the draft and the reveals change nothing a win condition reads).
    const bool ended = p.phase != before || (in_war && !p.war.active);
    const bool step_checked = !decision && before != Phase::kActions &&
                              before != Phase::kBloodlust && before != Phase::kDraft;
    if constexpr (!kSkipInert) {
      // The claim the shortcut rests on (a new round rests on end_round()'s own check instead).
      if ((ended || step_checked) && before != Phase::kSpend &&
          inert_step(p, before, sub_before, in_war) && !same_for_wins(copy_before, p))
        throw std::logic_error("turfwars: a step called inert changed what a win check reads");
      if (before == Phase::kSpend && p.phase == Phase::kPreEvent) {
        Position q = p;
        if (check_wins_full(q, false) || q.fresh_out != p.fresh_out)
          throw std::logic_error("turfwars: a round began with a win a check would find");
      }
    }
    if (ended || step_checked) {
      check = true;
      // A new round: end_round()'s check found no win (else the game or the round would have
      // ended; a check at a round's end consults every condition one in its middle does), and
      // begin_round() changes nothing a win condition reads.
      if (kSkipInert && before == Phase::kSpend && p.phase == Phase::kPreEvent) {
        verified = true;
        changed = false;
        placed = 0;
      }
      if (kSkipInert && verified && inert_step(p, before, sub_before, in_war)) {
        // Nothing a win condition reads changed: a check now would repeat this run's last one.
      } else if (ended ||
                 !(before == Phase::kPreEvent || before == Phase::kReinforce ||
                   before == Phase::kSpend) ||
                 troops_now() != troops_before) {
        changed = true;
      }
    }
    if (!decision) continue;
    if (auto_ok(p.step)) {
      gen_few(p, acts);
      if (acts.n == 1) {
        // A troop placed into a turf held (T5, T8.7) changes only its seat's troops (R31).
        if (p.step == Step::kPlace && verified && !changed && p.fresh_out == 0)
          placed = static_cast<std::uint8_t>(
              placed | 1u << (p.phase == Phase::kActions ? p.turn.owner : p.to_move));
        else if (!quiet(p, acts.a[0]))
          changed = true;
        if (acts.a[0] != kActPass)  // told in narration (issue 23); passing changes nothing
          log_step(p, p.to_move, static_cast<std::uint8_t>(p.step),
                   p.phase == Phase::kActions && (!p.war.active || p.step == Step::kCommit)
                       ? p.turn.owner
                       : -1,
                   acts.a[0]);
        take(p, acts.a[0]);
        check = true;
        continue;
      }
      if (acts.n == 0) throw std::logic_error("turfwars: a decision without options");
    }
    if (check && stable() && check_now()) continue;
    return;
  }
  throw std::logic_error("turfwars: the automatic steps do not terminate");
}

void run(Position& p, bool check) {
  run_loop<true>(p, check);
}

void run_without_inert_skips(Position& p, bool check) {
  run_loop<false>(p, check);
}

// ---------------------------------------------------------------------------------------------
// Apply

void take(Position& p, int a) {
  const int s = p.to_move;
  SeatState& st = p.seats[s];
  Turn& tn = p.turn;
  War& w = p.war;
  const Content& c = C(p);
  const int cell = a - kActCell;
  const int num = a - kActCount;
  switch (p.step) {
    case Step::kChooseFaction:
      st.chosen = static_cast<std::uint8_t>(a - kActFaction);
      ++p.cursor;
      break;
    case Step::kChooseStart:
      st.start = static_cast<std::uint8_t>(cell);
      p.start_cells[cell >> 6] |= std::uint64_t{1} << (cell & 63);
      add_troops(p, s, cell, c.start_troops);
      refresh_start_away(p);
      ++p.cursor;
      break;
    case Step::kClone:
      if (a != kActPass) st.clone = static_cast<std::uint8_t>(a - kActFaction);
      break;
    case Step::kDeclareHome:
      st.home = static_cast<std::uint8_t>(a - kActType);
      if (p.phase == Phase::kEvent) ++p.cursor;
      break;
    case Step::kManeuverFrom:
      if (a == kActPass)
        tn.left = 0;
      else
        tn.from = static_cast<std::uint8_t>(cell);
      break;
    case Step::kManeuverTo:
      tn.target = static_cast<std::uint8_t>(cell);
      break;
    case Step::kManeuverCount:
      move_troops(p, tn.from, tn.target, num);
      tn.from = tn.target = kNone;
      --tn.left;
      break;
    case Step::kPlace: {
      const int seat = p.phase == Phase::kActions ? tn.owner : s;
      add_troops(p, seat, cell, 1);
      --p.count;
      break;
    }
    case Step::kOptOut:
      st.opted_out = a == kActStayOut;
      ++p.cursor;
      break;
    case Step::kDirection:
      p.direction = a == kActLeft ? 1 : -1;
      break;
    case Step::kDraftPick:
      st.pick = static_cast<std::uint8_t>(a - kActCard);
      --p.packet[st.pick];
      --p.packet_size;
      ++p.draft_cursor;
      break;
    case Step::kSource:
      if (tn.bloodlust) {
        tn.source = static_cast<std::uint8_t>(cell);
        break;
      }
      if (tmpl_of(p).kind == ActionKind::kTeleport) {
        tn.source = static_cast<std::uint8_t>(cell);
        p.sub = kMsTeleTarget;
        break;
      }
      tn.decl_source[tn.cursor] = static_cast<std::uint8_t>(cell);
      break;
    case Step::kTarget:
      if (tn.bloodlust) {
        const std::uint8_t leaders[1] = {static_cast<std::uint8_t>(tn.owner)};
        const std::uint8_t sources[1] = {tn.source};
        start_war(p, leaders, sources, 1, cell);
        p.sub = 2;
        break;
      }
      if (tmpl_of(p).kind == ActionKind::kTeleport) {
        const int n = p.troops[tn.source];
        move_troops(p, tn.source, cell, n);
        log_step(p, tn.owner, kStepEnter, tn.owner, cell, n);
        p.sub = kMsDone;
        break;
      }
      tn.decl_target[tn.cursor] = static_cast<std::uint8_t>(cell);
      ++tn.cursor;
      break;
    case Step::kCommit: {
      WarSide& side = w.sides[w.cursor];
      side.committed = static_cast<std::uint8_t>(num);
      set_troops(p, side.source, p.troops[side.source] - num);
      ++w.cursor;
      break;
    }
    case Step::kJoin:
      if (a != kActPass) {
        const int leader = a - kActSeat;
        for (int side = 0; side < w.n_sides; ++side)
          if (w.sides[side].leader == leader) add_supporter(p, s, side, false);
      }
      ++w.cursor;
      break;
    case Step::kPull:
      if (a == kActPass)
        w.pull_from = kNone;
      else
        w.pull_from = static_cast<std::uint8_t>(cell);
      break;
    case Step::kPullCount:
      move_troops(p, w.pull_from, w.target, num);
      w.pull_from = kNone;
      break;
    case Step::kLure: {
      if (a != kActPass) {
        const int victim = a - kActSeat;
        const int from = most_populous(p, victim);
        const int k = std::min<int>(ability_in(p, s).lure, p.troops[from] - 1);
        const int added = std::min(k, cube_room(p, s));
        remove_troops(p, from, added, s);
        set_cell(p, w.target, p.owner[w.target], p.troops[w.target] + added);
        w.lured = static_cast<std::uint8_t>(added);  // lured troops are committed (R20)
      }
      break;
    }
    case Step::kDefendCommit:
      w.sides[defender_side(w)].committed = static_cast<std::uint8_t>(num);
      break;
    case Step::kSupportTurf: {
      int i = 0;
      for (int k = 0; k < w.n_sups; ++k)
        if (w.sups[k].seat == s) i = k;
      give_support(p, i, cell);
      break;
    }
    case Step::kCombatCard: {
      const int t = a - kActCombat;
      --st.hand[t];
      st.facedown = static_cast<std::uint8_t>(t);
      ++w.card_cursor;
      break;
    }
    case Step::kCallHelp: {
      const int o = a - kActSeat;
      --w.calls;
      add_supporter(p, o, defender_side(w), true);
      w.stage = kWsCallMatch;
      break;
    }
    case Step::kRetreat:
      do_retreat(p, cell);
      w.stage = kWsMoveIn;
      break;
    case Step::kFury: {  // T10.4: the winner loses the card's value from its committed troops
      if (a != kActPass) {
        const int t = a - kActCombat;
        --st.hand[t];
        forget_public(p, s, t);
        discard_combat(p, t);
        const int k = std::min<int>(c.combat[t].value, w.survivors);
        w.survivors = static_cast<std::uint8_t>(w.survivors - k);
        remove_troops(p, w.target, k, s);
        p.last_war.fury_lost = static_cast<std::uint8_t>(p.last_war.fury_lost + k);
        int rest = c.combat[t].value - k;
        for (int i = w.n_contribs - 1; i >= 0 && rest > 0; --i) {
          Contribution& ctb = w.contribs[i];
          if (w.sups[ctb.sup].side != w.winner || ctb.n == 0) continue;
          const int x = std::min<int>(rest, ctb.n);
          ctb.n = static_cast<std::uint8_t>(ctb.n - x);
          w.sups[ctb.sup].given = static_cast<std::uint8_t>(w.sups[ctb.sup].given - x);
          p.seats[w.sups[ctb.sup].seat].last_killer = static_cast<std::uint8_t>(s);
          p.last_war.fury_lost = static_cast<std::uint8_t>(p.last_war.fury_lost + x);
          rest -= x;
        }
      }
      ++w.fury_cursor;
      break;
    }
    case Step::kRampage:
      if (a == kActPass) {
        p.sub = kMsDone;
      } else {
        --tn.rampage_left;
        const std::uint8_t leaders[1] = {static_cast<std::uint8_t>(tn.owner)};
        const std::uint8_t sources[1] = {tn.target};
        start_war(p, leaders, sources, 1, cell);
        p.sub = kMsAttack;
      }
      break;
    case Step::kBuy:
      switch (a == kActPass ? -1 : a - kActBuy) {
        case -1:
          ++p.cursor;
          p.sub = 0;
          break;
        case kBuyTroop:
          st.dp = static_cast<std::int16_t>(st.dp - c.price_troop);
          p.count = 1;
          p.sub = 1;
          break;
        case kBuySecret:
          st.dp = static_cast<std::int16_t>(st.dp - c.price_secret);
          draw_secret(p, s);
          break;
        case kBuyActions:
          st.dp = static_cast<std::int16_t>(st.dp - c.price_actions);
          for (int k = 0; k < c.actions_bought; ++k) {
            const int t = draw_action(p);
            if (t == kNone) break;
            ++st.held[t];
            ++st.num_held;
          }
          break;
        case kBuyCombat:
          st.dp = static_cast<std::int16_t>(st.dp - c.price_combat);
          st.drawn[0] = static_cast<std::uint8_t>(draw_combat(p));
          st.drawn[1] = static_cast<std::uint8_t>(draw_combat(p));
          p.sub = 2;
          break;
        case kBuyFtt:
          st.dp = static_cast<std::int16_t>(st.dp - ftt_price(p, s));
          p.ftt = static_cast<std::uint8_t>(s);
          ++p.ftt_steals;
          break;
        case kBuyExchange:
          p.sub = 3;
          break;
      }
      break;
    case Step::kKeepCombat: {
      const int t = a - kActCombat;
      const int other = st.drawn[0] == t ? st.drawn[1] : st.drawn[0];
      ++st.hand[t];
      discard_combat(p, other);  // face up (R12)
      ++p.commits;               // E3: the card discarded face up is revealed to everyone
      st.drawn = {kNone, kNone};
      p.sub = 0;
      break;
    }
    case Step::kExchange: {
      const int t = a - kActCombat;
      --st.hand[t];
      forget_public(p, s, t);
      discard_combat(p, t);
      if (p.sub == 3) {
        p.sub = 4;
      } else {
        const int d = draw_combat(p);
        if (d != kNone) ++st.hand[d];
        p.sub = 0;
      }
      break;
    }
    case Step::kTieSupport:
      if (a != kActPass)
        p.tie_support[a - kActSeat] += static_cast<std::uint8_t>(std::min(255, troops_of(p, s)));
      ++p.cursor;
      break;
    case Step::kOver:
      break;
  }
}

}  // namespace kernel

// ---------------------------------------------------------------------------------------------
// Entry points

void legal_actions(const Position& p, std::vector<int>& out) {
  out.clear();
  if (p.over()) return;
  gen(p, out);
}

bool is_legal(const Position& p, int action) {
  if (p.over()) return false;
  Acts acts;
  gen(p, acts);
  for (int i = 0; i < acts.n; ++i)
    if (acts.a[i] == action) return true;
  return false;
}

void resume(Position& p) {
  recount(p);
  run(p, true);
}

// E3: a commit point when randomness was drawn or something hidden revealed, also when a win
// check consulted any seat's secret cards (whether one fired is then known: undoing would probe
// them, and the others learn that the mover's own did not fire), or the game ended (every secret
// card is shown, R44).
bool apply(Position& p, int action) {
  const auto before = p.commits;
  p.probed = 0;
  const bool check = !quiet(p, action);
  take(p, action);
  run(p, check);
  if (p.probed != 0 || p.over()) ++p.commits;
  return p.commits != before;
}

int length_bound(const Setup& s) {
  const Content& c = *content_table()[s.content];
  const int n = s.players;
  const Board& b = c.board_for(n);
  const int rounds = c.rounds + 1;  // one round can be given back (T6 Turn Back Time)
  // Decisions in one war: joins, pull (2), lure, defender commit, supporters' turfs, cards,
  // calls, retreat, fury, attacker commits.
  const int support_turfs = c.troop_cubes / 2 + 1;
  const int war = n + 4 + n * support_turfs + n + n + 1 + n + n;
  // Per seat and round, outside wars: pre-event (clone, declare, transfers), reinforcements,
  // event decisions, the draft, the action's own decisions and rampage choices, bloodlust.
  const int pre = 2 + 3 * 4 + 1;
  const int place = c.reinforcements + 2 + 2;
  const int event = 5;
  const int action = 3 * 3 + 1 + 3 + (c.rampage_extra + 1) * 2;
  const int wars_per_seat = c.rampage_extra + 1 + 1;
  const int per_round = n * (pre + place + event + 1 + action + 3) + n * wars_per_seat * war;
  // Spending: every purchase costs at least price_troop DP (bounded by every DP ever earned),
  // exchanges by the cards that can enter hands; each takes at most three decisions.
  const int income = b.num_turfs / 2 + b.num_turfs / kTypes + c.rainbow_bonus + 2 +
                     wars_per_seat * n * (c.support_paid_loss + 2);
  const int purchases = rounds * n * (income / c.price_troop + 1);
  const int exchanges = n * c.combat_hand + purchases + rounds * n * wars_per_seat;
  return 2 * n + rounds * (per_round + n) + 3 * purchases + 3 * exchanges + n + 16;
}

}  // namespace turf::turfwars

static_assert(std::is_trivially_copyable_v<turf::turfwars::Position>,
              "the position must copy as plain memory");
