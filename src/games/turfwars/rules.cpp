// Turf Wars — the rules kernel: set-up, the round loop, actions, Turf Wars, scoring, spending and
// the end. Clause ids refer to docs/rules/turfwars.md. The kernel is a state machine: apply()
// takes the decision of the seat to move, then run() does every automatic step up to the next
// decision that has a real choice (or whose options depend on something hidden, which is never
// taken automatically).
#include "games/turfwars/rules.h"

#include <algorithm>
#include <stdexcept>
#include <type_traits>

namespace turf::turfwars {

namespace {

// ---------------------------------------------------------------------------------------------
// Small helpers

struct Acts {
  std::array<int, 192> a;  // only the first n are meaningful (no zeroing per call)
  int n = 0;
  void add(int x) { a[n++] = x; }
};

void gen(const Position& p, Acts& out);
void take(Position& p, int a);

const Content& C() {
  static const Content& c = content();
  return c;
}

const EventDef* event_for(const Position& p, int seat) {
  if (p.event == kNone) return nullptr;
  if (seat >= 0 && p.seats[seat].opted_out) return nullptr;
  return &C().events[p.event];
}

bool abilities_on(const Position& p, int seat) {
  const EventDef* e = event_for(p, seat);
  return !(e && e->abilities_off);
}

const Faction* base_faction(const Position& p, int seat) {
  const auto f = p.seats[seat].faction;
  return f == kNone ? nullptr : &C().factions[f];
}

bool active(const Position& p, int seat) {
  return !p.seats[seat].eliminated;
}

template <class F>
void for_each_neighbour(const Position& p, int cell, F f) {
  const Board& b = board_of(p);
  if (teleporters_active(p)) {
    for (int a : b.adj_tele[cell]) f(a);
  } else {
    for (int a : b.adj[cell]) f(a);
  }
}

template <class F>
void for_each_reach2(const Position& p, int cell, F f) {
  const Board& b = board_of(p);
  if (teleporters_active(p)) {
    for (int a : b.reach2_tele[cell]) f(a);
  } else {
    for (int a : b.reach2[cell]) f(a);
  }
}

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
  return std::max(0, C().troop_cubes - troops_in_play(p, seat));
}

// Adds up to n troops (the 40 cubes cap them, T1.7). Returns how many were added.
int add_troops(Position& p, int seat, int cell, int n) {
  n = std::min(n, cube_room(p, seat));
  if (n <= 0) return 0;
  p.troops[cell] = static_cast<std::uint8_t>(p.troops[cell] + n);
  p.owner[cell] = static_cast<std::int8_t>(seat);
  return n;
}

// Kills (or takes away) n troops from a cell; killer is the seat causing it, or kNone.
void remove_troops(Position& p, int cell, int n, int killer) {
  if (n <= 0 || p.owner[cell] < 0) return;
  n = std::min<int>(n, p.troops[cell]);
  const int o = p.owner[cell];
  p.troops[cell] = static_cast<std::uint8_t>(p.troops[cell] - n);
  p.seats[o].last_killer = static_cast<std::uint8_t>(killer);
  if (p.troops[cell] == 0) p.owner[cell] = -1;
}

// Moves troops between two cells of one seat (or into an empty cell).
void move_troops(Position& p, int from, int to, int n) {
  const int o = p.owner[from];
  p.troops[from] = static_cast<std::uint8_t>(p.troops[from] - n);
  if (p.troops[from] == 0) p.owner[from] = -1;
  p.troops[to] = static_cast<std::uint8_t>(p.troops[to] + n);
  p.owner[to] = static_cast<std::int8_t>(o);
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

int hand_total(const SeatState& s) {
  int n = 0;
  for (int t = 0; t < kCombatTypes; ++t) n += s.hand[t];
  return n;
}

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
  if (o >= 0 && p.seats[o].opted_out && p.event != kNone && C().events[p.event].mind_control)
    return false;
  return true;
}

bool reaches_two(const Position& p, int seat, const ActionTemplate& t, int source) {
  if (t.kind == ActionKind::kStrike) return true;
  const Ability& a = ability_of(p, seat);
  return t.kind == ActionKind::kAttack && a.attack_range >= 2 &&
         (a.attack_range_from == kNone || board_of(p).type[source] == a.attack_range_from);
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

bool has_card_target(const Position& p, int seat, const ActionTemplate& t, int source) {
  bool any = false;
  card_targets(p, seat, t, source, [&](int) { any = true; });
  return any;
}

// Bloodlust and Rampage targets: adjacent turfs of any type (T6 R22, R21).
template <class F>
void adjacent_targets(const Position& p, int seat, int source, bool occupied_only, F f) {
  for_each_neighbour(p, source, [&](int c) {
    if (!attackable(p, seat, c)) return;
    if (occupied_only && p.owner[c] < 0) return;
    f(c);
  });
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
// Win conditions (T13)

bool holds_secret(const Position& p, int seat, Condition c) {
  const SeatState& s = p.seats[seat];
  for (int i = 0; i < s.num_secrets; ++i)
    if (C().secrets[s.secrets[i]].condition == c) return true;
  return false;
}

bool encircles(const Position& p, int seat, int amount) {
  const Board& b = board_of(p);
  for (int c : b.turfs) {
    if (p.owner[c] < 0 || p.owner[c] == seat || b.ring[c].n < amount) continue;
    bool all = true;
    for (int r : b.ring[c])
      if (p.owner[r] != seat) {
        all = false;
        break;
      }
    if (all) return true;
  }
  return false;
}

// What a seat holds on the board, computed on demand (branch-free scans over every cell, masked
// by the board's per-cell tables, which the compiler vectorises) and remembered for one check.
// The Encircle test is costlier and runs only for a seat that holds it.
struct Tally {
  const Position* p = nullptr;
  const Board* b = nullptr;
  mutable std::array<int, kMaxSeats> turfs_, troops_;
  mutable int occupied_ = -1;
  mutable int encircled = 0, encircle_known = 0, encircle_amount = -1;
  explicit Tally(const Position& pos) : p(&pos), b(&board_of(pos)) {
    turfs_.fill(-1);
    troops_.fill(-1);
  }
  int turfs(int seat) const {
    if (turfs_[seat] < 0) turfs_[seat] = turfs_of(*p, seat);
    return turfs_[seat];
  }
  int troops(int seat) const {
    if (troops_[seat] < 0) troops_[seat] = troops_of(*p, seat);
    return troops_[seat];
  }
  int occupied() const {
    if (occupied_ < 0) {
      std::uint8_t n = 0;
      for (int c = 0; c < kMaxCells; ++c)
        n = static_cast<std::uint8_t>(n + ((p->owner[c] >= 0) & b->is_turf[c]));
      occupied_ = n;
    }
    return occupied_;
  }
  int max_turf(int seat) const {
    const auto o = static_cast<std::int8_t>(seat);
    std::uint8_t m = 0;
    for (int c = 0; c < kMaxCells; ++c) {
      const auto mask = static_cast<std::uint8_t>(-((p->owner[c] == o) & b->is_turf[c]));
      m = std::max(m, static_cast<std::uint8_t>(p->troops[c] & mask));
    }
    return m;
  }
  int of_type(int seat, int type) const {
    const auto o = static_cast<std::int8_t>(seat);
    const auto t = static_cast<std::uint8_t>(type);
    std::uint8_t n = 0;
    for (int c = 0; c < kMaxCells; ++c)
      n = static_cast<std::uint8_t>(n +
                                    (static_cast<int>(p->owner[c] == o) & (b->turf_type[c] == t)));
    return n;
  }
  // Whether the seat encircles a rival turf; the first amount asked for is used for every seat.
  bool encircles_(int seat, int amount) const {
    if (encircle_amount < 0) encircle_amount = amount;
    if (!(encircle_known >> seat & 1)) {
      encircle_known |= 1 << seat;
      if (encircles(*p, seat, encircle_amount)) encircled |= 1 << seat;
    }
    return encircled >> seat & 1;
  }
};

// Whether the secret card is achieved now. end_of_round: conditions checked only then.
bool secret_met(const Position& p, const Tally& tally, int seat, const SecretDef& d,
                bool end_of_round) {
  const SeatState& s = p.seats[seat];
  const Board& b = board_of(p);
  switch (d.condition) {
    case Condition::kTroopsAtLeast:
      return tally.troops(seat) >= d.amount;
    case Condition::kKillNeighbour: {
      const int target = (seat + d.side + p.num_seats) % p.num_seats;
      return target != seat && (s.killed_mask >> target & 1);
    }
    case Condition::kEncircle:
      return tally.encircles_(seat, d.amount);
    case Condition::kUndefeated:
      return false;  // at the end only (T13.4)
    case Condition::kUnstoppable:
      return s.streak >= d.amount;
    case Condition::kDefencesWonAtLeast:
      return s.defences_won >= d.amount;
    case Condition::kEachTypeAtLeast:
      for (int t = 0; t < kTypes; ++t)
        if (tally.of_type(seat, t) < d.amount) return false;
      return true;
    case Condition::kCardRun:
      for (int v = 1; v <= d.amount; ++v)
        if (s.hand[v] == 0) return false;
      return true;
    case Condition::kGuardian: {
      if (!end_of_round || p.round < d.from_round) return false;
      for (int c : b.by_type[d.turf])
        if (p.owner[c] >= 0) return false;
      int guards = 0;
      for (int c : b.turfs) {
        if (p.owner[c] != seat) continue;
        bool next_to = false;
        for (int a : b.adj[c]) next_to |= b.type[a] == d.turf;
        guards += next_to;
      }
      return guards >= d.amount;
    }
    case Condition::kTurfsAtLeast:
      return tally.turfs(seat) >= d.amount;
    case Condition::kDpAtLeast:
      return s.dp >= d.amount;
    case Condition::kWarsWonAtLeast:
      return s.wars_won >= d.amount;
    case Condition::kTurfTroopsAtLeast:
      return tally.max_turf(seat) >= d.amount;
    case Condition::kUsurp:  // that many different players (all the others, if fewer)
      return __builtin_popcount(s.usurped) >= std::min<int>(d.amount, p.num_seats - 1);
    case Condition::kGiantSlayer:
      return s.giant_slain;
    case Condition::kHomeland: {
      // The starting turf and every turf within `amount` steps (1: next to it; 2: the turfs a
      // Strike reaches), each with at least `troops` troops; with from_round, only at the end of
      // a round from then on.
      if (d.from_round > 0 && (!end_of_round || p.round < d.from_round)) return false;
      if (s.start == kNone || p.owner[s.start] != seat) return false;
      if (p.troops[s.start] < d.troops) return false;
      auto all_held = [&](const auto& cells) {
        for (int a : cells)
          if (p.owner[a] != seat || p.troops[a] < d.troops) return false;
        return true;
      };
      return d.amount >= 2 ? all_held(b.reach2[s.start]) : all_held(b.adj[s.start]);
    }
    case Condition::kTyrant:
      return end_of_round && p.round >= d.from_round &&
             tally.turfs(seat) > tally.occupied() - tally.turfs(seat);
    case Condition::kPacifist: {
      if (!end_of_round || p.round < d.from_round || s.attacked_rival) return false;
      for (int o = 0; o < p.num_seats; ++o)
        if (o != seat && tally.turfs(o) >= tally.turfs(seat)) return false;
      return true;
    }
    case Condition::kAnyKill:
      return s.kills > 0;
  }
  return false;
}

bool undefeated(const Position& p, int seat) {
  const SeatState& s = p.seats[seat];
  return active(p, seat) && holds_secret(p, seat, Condition::kUndefeated) && s.attacks_won > 0 &&
         s.wars_lost == 0;
}

void enter_tiebreak(Position& p);

// Ends the game with the given winners (T13.1). Undefeated holders win alongside (T13.4).
void finish(Position& p, std::uint8_t winners, WinType type) {
  for (int s = 0; s < p.num_seats; ++s)
    if (undefeated(p, s)) winners |= static_cast<std::uint8_t>(1u << s);
  p.winners = winners;
  p.win_type = type;
  p.phase = Phase::kOver;
  p.step = Step::kOver;
  p.war.active = false;
  ++p.commits;  // the winners reveal their secret cards
}

// Checks every instant win condition (T13.1-T13.3); returns true when the game ended.
bool check_wins(Position& p, bool end_of_round) {
  if (p.over()) return true;
  std::uint8_t main = 0, low = 0;
  WinType type = WinType::kNone;
  const Board& b = board_of(p);
  const Tally tally(p);
  int alive = 0;
  for (int s = 0; s < p.num_seats; ++s) {
    if (!active(p, s)) continue;
    ++alive;
    const SeatState& st = p.seats[s];
    const auto bit = static_cast<std::uint8_t>(1u << s);
    if (home_turfs_of(p, s) >= b.domination) {
      main |= bit;
      if (type == WinType::kNone) type = WinType::kDomination;
    }
    if (st.nemesis != kNone && (st.killed_mask >> st.nemesis & 1)) {
      main |= bit;
      if (type == WinType::kNone) type = WinType::kNemesis;
    }
    for (int i = 0; i < st.num_secrets; ++i) {
      const SecretDef& d = C().secrets[st.secrets[i]];
      if (!secret_met(p, tally, s, d, end_of_round)) continue;
      if (d.condition == Condition::kUnstoppable) {
        low |= bit;
      } else {
        main |= bit;
        if (type == WinType::kNone || type == WinType::kPoints) type = WinType::kSecret;
      }
    }
  }
  // R30: Unstoppable yields to any other win at the same moment.
  if (main) {
    finish(p, main, type);
    return true;
  }
  if (low) {
    finish(p, low, WinType::kSecret);
    return true;
  }
  if (alive < 2) {  // R29: a lone survivor ends the game; points decide
    enter_tiebreak(p);
    return true;
  }
  return false;
}

// Eliminations after troops died (T9.11): the killing blow belongs to the last killer.
void check_eliminations(Position& p) {
  for (int s = 0; s < p.num_seats; ++s) {
    SeatState& st = p.seats[s];
    if (st.eliminated || st.faction == kNone || troops_in_play(p, s) > 0) continue;
    st.eliminated = true;
    const int k = st.last_killer;
    if (k != kNone && k != s) {
      p.seats[k].killed_mask |= static_cast<std::uint8_t>(1u << s);
      ++p.seats[k].kills;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The end by points and the tie-break chain (T13.5)

struct Keys {
  int dp, turfs, start, troops, support;
};

Keys keys_of(const Position& p, int s) {
  const SeatState& st = p.seats[s];
  Keys k{};
  k.dp = st.dp;
  k.turfs = turfs_of(p, s);
  k.start = st.start != kNone && p.owner[st.start] == s ? p.troops[st.start] : 0;
  k.troops = troops_of(p, s);
  k.support = p.tie_support[s];
  return k;
}

// Seats tied for first on DP, turfs, start troops and troops (the first three steps).
std::uint8_t tied_top(const Position& p, bool with_support) {
  std::uint8_t mask = 0;
  Keys best{-1, -1, -1, -1, -1};
  auto cmp = [&](const Keys& a, const Keys& b) {
    if (a.dp != b.dp) return a.dp < b.dp ? -1 : 1;
    if (a.turfs != b.turfs) return a.turfs < b.turfs ? -1 : 1;
    if (a.start != b.start) return a.start < b.start ? -1 : 1;
    if (a.troops != b.troops) return a.troops < b.troops ? -1 : 1;
    if (with_support && a.support != b.support) return a.support < b.support ? -1 : 1;
    return 0;
  };
  for (int s = 0; s < p.num_seats; ++s) {
    const Keys k = keys_of(p, s);
    const int c = mask ? cmp(k, best) : 1;
    if (c > 0) {
      best = k;
      mask = static_cast<std::uint8_t>(1u << s);
    } else if (c == 0) {
      mask |= static_cast<std::uint8_t>(1u << s);
    }
  }
  return mask;
}

void enter_tiebreak(Position& p) {
  p.war.active = false;
  p.phase = Phase::kTieBreak;
  p.tie_support = {};
  build_order(p, p.ftt);
  p.sub = 0;
}

// ---------------------------------------------------------------------------------------------
// Set-up (T2)

void deal_combat(Position& p) {
  const Content& c = C();
  p.combat_deck_size = 0;
  for (int t = 1; t <= 10; ++t)
    for (int k = 0; k < c.combat[t].count; ++k)
      p.combat_deck[p.combat_deck_size++] = static_cast<std::uint8_t>(t);
  for (int k = 0; k < p.num_seats; ++k) p.combat_deck[p.combat_deck_size++] = kCryForHelp;
  for (int k = 0; k < c.negate_in_play[p.num_seats]; ++k)
    p.combat_deck[p.combat_deck_size++] = kNegate;
  p.rng.shuffle(p.combat_deck.begin(), p.combat_deck.begin() + p.combat_deck_size);
  for (int s = 0; s < p.num_seats; ++s) {
    p.seats[s].hand = {};
    p.seats[s].hand[kZero] = 1;
    for (int k = 0; k < c.combat_hand; ++k) {
      const int t = draw_combat(p);
      if (t != kNone) ++p.seats[s].hand[t];
    }
  }
}

void draw_secret(Position& p, int seat) {
  SeatState& s = p.seats[seat];
  if (p.secret_deck_size == 0 || s.num_secrets >= kMaxSecretsHeld) return;
  s.secrets[s.num_secrets++] = p.secret_deck[--p.secret_deck_size];
  ++p.commits;
}

// After every faction is chosen: reveal, FTT, combat cards, nemeses, secret wins (T2.2-T2.5).
void reveal_factions(Position& p) {
  ++p.commits;
  int pixies = -1;
  for (int s = 0; s < p.num_seats; ++s) {
    SeatState& st = p.seats[s];
    st.faction = st.chosen;
    st.home = static_cast<std::uint8_t>(C().factions[st.faction].home);
    if (C().factions[st.faction].ability.first_turn_token) pixies = s;
  }
  p.ftt =
      static_cast<std::uint8_t>(pixies >= 0 ? pixies : static_cast<int>(p.rng.below(p.num_seats)));
  deal_combat(p);
  for (int s = 0; s < p.num_seats; ++s) {
    SeatState& st = p.seats[s];
    if (p.num_seats == 2) {
      st.nemesis = static_cast<std::uint8_t>(1 - s);
      continue;
    }
    const int nem = C().factions[st.faction].nemesis;
    for (int o = 0; o < p.num_seats; ++o)
      if (o != s && p.seats[o].faction == nem) st.nemesis = static_cast<std::uint8_t>(o);
  }
  build_order(p, p.ftt);
  for (int i = 0; i < p.n_order; ++i)
    if (p.seats[p.order[i]].nemesis == kNone) draw_secret(p, p.order[i]);
  p.phase = Phase::kStarts;
  build_order(p, p.ftt);
}

// Starting turfs (T2.6 and R4's fall-backs).
template <class F>
void start_options(const Position& p, int seat, F f) {
  const Board& b = board_of(p);
  auto free_of_starts = [&](int c) {
    if (p.owner[c] >= 0) return false;
    for (int o = 0; o < p.num_seats; ++o) {
      const int st = p.seats[o].start;
      if (o != seat && st != kNone && (st == c || b.ring[c].has(st))) return false;
    }
    return true;
  };
  const int home = p.seats[seat].home;
  for (int tier = 0; tier < 4; ++tier) {
    bool any = false;
    for (int c : b.turfs) {
      const bool type_ok = tier == 1 || tier == 3 || b.type[c] == home;
      const bool spacing_ok = tier >= 2 ? p.owner[c] < 0 : free_of_starts(c);
      if (type_ok && spacing_ok) {
        any = true;
        f(c);
      }
    }
    if (any) return;
  }
}

// ---------------------------------------------------------------------------------------------
// Decisions

void decide(Position& p, Step s, int seat) {
  p.step = s;
  p.to_move = static_cast<std::uint8_t>(seat);
}

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

int ceil_half(int n) {
  return (n + 1) / 2;
}

// ---------------------------------------------------------------------------------------------
// War (T9)

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

int defender_side(const War& w) {
  return w.has_defender ? w.n_sides - 1 : -1;
}

bool in_war(const War& w, int seat) {
  return w.called_mask >> seat & 1;
}

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
  const Ability& a = ability_of(p, leader);
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

// The cost of winning (T10).
int winning_cost(const Position& p, int winner) {
  const War& w = p.war;
  int lost = 0;
  for (int s = 0; s < w.n_sides; ++s)
    if (s != winner) lost += side_committed(w, s);
  const int own = side_committed(w, winner);
  switch (static_cast<Cost>(p.cost)) {
    case kWinnerTakesAll:
    case kFury:
      return 0;
    case kSimple:
      return std::max(1, lost / 3);
    case kBalanced:
      if (winner == defender_side(w) && w.lone_defender)  // T10.3's exception (R17)
        return std::min(lost / 2, own / 3);
      return std::min(std::max(1, lost / 2), std::max(1, own / 3));
    default:
      return 0;
  }
}

int most_populous(const Position& p, int seat) {
  int best = -1;
  for (int c : board_of(p).turfs)
    if (p.owner[c] == seat && (best < 0 || p.troops[c] > p.troops[best])) best = c;
  return best;
}

bool can_give_support(const Position& p, int seat) {
  for (int c : board_of(p).turfs)
    if (p.owner[c] == seat && p.troops[c] >= 2) return true;
  return false;
}

// The voluntary-support rules in force for a seat wishing to join (T9.2).
bool may_join(const Position& p, int seat, int side) {
  const War& w = p.war;
  if (!active(p, seat) || in_war(w, seat) || !can_give_support(p, seat)) return false;
  const int leader = w.sides[side].leader;
  const EventDef* e = event_for(p, seat);
  const EventDef* le = event_for(p, leader);
  if (e && e->support_allowed && le && le->support_allowed) return true;
  return side == defender_side(w) && ability_of(p, seat).champion;
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
  p.troops[cell] = static_cast<std::uint8_t>(p.troops[cell] - k);
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
    p.troops[c.cell] = static_cast<std::uint8_t>(p.troops[c.cell] + c.n);
    p.owner[c.cell] = w.sups[c.sup].seat;
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
    p.troops[s.source] = static_cast<std::uint8_t>(p.troops[s.source] + s.committed);
    p.owner[s.source] = s.leader;
    s.committed = 0;
  }
}

// ---------------------------------------------------------------------------------------------
// The phases

void begin_round(Position& p) {
  p.ftt_steals = 0;
  p.phase = Phase::kPreEvent;
  build_order(p, p.ftt);
  p.turn = Turn{};
}

void end_round(Position& p) {
  if (check_wins(p, true)) return;
  if (p.round >= C().rounds) {
    enter_tiebreak(p);
    return;
  }
  ++p.round;
  ++p.rounds_played;
  begin_round(p);
}

void after_action_phase(Position& p) {
  p.draft_state = 0;
  // R13: what each seat passed on and nobody after it took lies in the face-down discard.
  for (int i = 0; i < p.n_draft; ++i) {
    SeatState& s = p.seats[p.draft_order[i]];
    if (!s.has_received) continue;
    std::array<int, kMaxTemplates> left{};
    for (int t = 0; t < kMaxTemplates; ++t) left[t] = s.received[t];
    if (s.pick != kNone) --left[s.pick];
    for (int j = i + 1; j < p.n_draft; ++j) {
      const SeatState& o = p.seats[p.draft_order[j]];
      if (o.pick != kNone && left[o.pick] > 0) --left[o.pick];
    }
    for (int t = 0; t < kMaxTemplates; ++t)
      s.known_discard[t] = static_cast<std::uint8_t>(s.known_discard[t] + left[t]);
  }
  const EventDef* e = p.event == kNone ? nullptr : &C().events[p.event];
  if (e && e->forced_attack) {
    p.phase = Phase::kBloodlust;
    build_order(p, p.ftt);
  } else {
    p.phase = Phase::kScore;
  }
}

// ---- the current action (T8) ----------------------------------------------------------------

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

const ActionTemplate& tmpl_of(const Position& p) {
  return C().templates[p.turn.tmpl];
}

bool valid_source(const Position& p, int seat, int cell) {
  return p.owner[cell] == seat && p.troops[cell] > 0;
}

bool card_has_any(const Position& p, int seat, const ActionTemplate& t) {
  for (int c : board_of(p).turfs)
    if (valid_source(p, seat, c) && has_card_target(p, seat, t, c)) return true;
  return false;
}

bool teleport_has_any(const Position& p, int seat, const ActionTemplate& t) {
  if (owned_count(p, seat) == 0) return false;
  for (int c : board_of(p).by_type[t.turf])
    if (p.owner[c] < 0) return true;
  return false;
}

bool target_in_range(const Position& p, int seat, const ActionTemplate& t, int source, int target) {
  bool found = false;
  card_targets(p, seat, t, source, [&](int c) { found |= c == target; });
  return found;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Public helpers

const Board& board_of(const Position& p) {
  return C().boards[p.board];
}

// These scan every cell without branches (the board's per-cell tables mask the non-turf cells),
// which the compiler vectorises. The narrow accumulators cannot overflow: at most kMaxCells (81)
// turfs of 255 troops each. A seat outside the int8 range owns nothing.
int turfs_of(const Position& p, int seat) {
  if (seat != static_cast<std::int8_t>(seat)) return 0;
  const Board& b = board_of(p);
  const auto o = static_cast<std::int8_t>(seat);
  std::uint8_t n = 0;
  for (int c = 0; c < kMaxCells; ++c)
    n = static_cast<std::uint8_t>(n + ((p.owner[c] == o) & b.is_turf[c]));
  return n;
}

int troops_of(const Position& p, int seat) {
  if (seat != static_cast<std::int8_t>(seat)) return 0;
  const Board& b = board_of(p);
  const auto o = static_cast<std::int8_t>(seat);
  std::uint16_t n = 0;
  for (int c = 0; c < kMaxCells; ++c) {
    const auto mask = static_cast<std::uint8_t>(-((p.owner[c] == o) & b.is_turf[c]));
    n = static_cast<std::uint16_t>(n + (p.troops[c] & mask));
  }
  return n;
}

int home_turfs_of(const Position& p, int seat) {
  if (seat != static_cast<std::int8_t>(seat)) return 0;
  const Board& b = board_of(p);
  const auto o = static_cast<std::int8_t>(seat);
  const auto home = p.seats[seat].home;
  std::uint8_t n = 0;
  for (int c = 0; c < kMaxCells; ++c)
    n = static_cast<std::uint8_t>(n +
                                  (static_cast<int>(p.owner[c] == o) & (b.turf_type[c] == home)));
  return n;
}

bool rainbow(const Position& p, int seat) {
  const Board& b = board_of(p);
  for (int t = 0; t < kTypes; ++t) {
    bool any = false;
    for (int c : b.by_type[t]) any |= p.owner[c] == seat;
    if (!any) return false;
  }
  return true;
}

int hand_size(const SeatState& s) {
  return hand_total(s);
}

const Ability& ability_of(const Position& p, int seat) {
  static const Ability none;
  const SeatState& s = p.seats[seat];
  if (s.faction == kNone || !abilities_on(p, seat)) return none;
  const Faction& f = C().factions[s.faction];
  if (f.ability.clone) return s.clone == kNone ? none : C().factions[s.clone].ability;
  return f.ability;
}

bool teleporters_active(const Position& p) {
  if (!board_of(p).has_teleporters || p.round < 2) return false;
  return !(p.event != kNone && C().events[p.event].teleporters_off);
}

namespace {

// ---------------------------------------------------------------------------------------------
// The state machine: each handler does automatic work and returns true once it has set a
// decision (p.step, p.to_move), false to be called again.

bool run_war(Position& p);

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
  switch (p.sub) {
    case 0:  // Doppelgangers choose whom to clone (R8)
      st.clone = kNone;
      p.sub = 1;
      if (f && f->ability.clone && abilities_on(p, s)) {
        decide(p, Step::kClone, s);
        return true;
      }
      return false;
    case 1: {  // Dryads' troops
      const Ability& a = ability_of(p, s);
      if (a.pre_event_troops > 0) {
        for (int c : board_of(p).by_type[a.pre_event_turf])
          if (p.owner[c] == s) add_troops(p, s, c, a.pre_event_troops);
      }
      p.sub = 2;
      p.turn.left = static_cast<std::uint8_t>(a.pre_event_maneuver);
      p.turn.from = p.turn.target = kNone;
      return false;
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
      return false;
    case 3:  // Geomancer declares a home turf
      p.sub = 4;
      if (ability_of(p, s).declare_home) {
        p.count = kNone;  // any type, the current one included
        decide(p, Step::kDeclareHome, s);
        return true;
      }
      return false;
    default:
      ++p.cursor;
      p.sub = 0;
      return false;
  }
}

bool run_reinforce(Position& p) {
  if (p.cursor >= p.n_order) {
    p.phase = Phase::kEvent;
    p.sub = 0;
    return false;
  }
  const int s = p.order[p.cursor];
  if (p.count == kNone) {
    p.count =
        p.seats[s].eliminated
            ? 0
            : static_cast<std::uint8_t>(C().reinforcements + ability_of(p, s).reinforce_bonus);
  }
  if (p.count > 0 && can_place(p, s)) {
    decide(p, Step::kPlace, s);
    return true;
  }
  p.count = kNone;
  ++p.cursor;
  return false;
}

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
}

bool run_event(Position& p) {
  const Content& c = C();
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

// The draft (T7).
bool run_draft(Position& p) {
  const Content& c = C();
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
      for (int t = 0; t < kMaxTemplates; ++t) {
        p.packet[t] = static_cast<std::uint8_t>(p.packet[t] + st.held[t]);
        p.packet_size = static_cast<std::uint8_t>(p.packet_size + st.held[t]);
      }
      st.merged = st.num_held;
      st.held = {};
      st.num_held = 0;
      st.received = p.packet;
      st.has_received = true;
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
  tn.rampage_left = static_cast<std::uint8_t>(C().rampage_extra);
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
      if (p.owner[tgt] < 0) {  // two attackers on one empty turf (T9.8)
        for (int j = tn.cursor + 1; j < tn.n_group; ++j) {
          const int h = tn.group[j];
          const int hs = tn.decl_source[j];
          if (tn.decl_target[j] != tgt || hs == kNone || p.seats[h].eliminated) continue;
          if (!valid_source(p, h, hs) || !target_in_range(p, h, t, hs, tgt)) continue;
          leaders[n] = static_cast<std::uint8_t>(h);
          sources[n++] = static_cast<std::uint8_t>(hs);
          tn.decl_source[j] = kNone;  // handled here
        }
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

bool run_actions(Position& p) {
  Turn& tn = p.turn;
  const Content& c = C();
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
      p.sub = kMsDone;
      return false;
    case kMsReinforce:
      if (p.count > 0 && can_place(p, s)) {
        decide(p, Step::kPlace, tn.controller);
        return true;
      }
      p.sub = kMsDone;
      return false;
    default:
      ++tn.cursor;
      p.sub = kMsStart;
      return false;
  }
}

// Bloodlust (T6, R22): after the actions each player taking part must attack a rival.
bool bloodlust_has_any(const Position& p, int s) {
  for (int c : board_of(p).turfs) {
    if (!valid_source(p, s, c)) continue;
    bool any = false;
    adjacent_targets(p, s, c, true, [&](int) { any = true; });
    if (any) return true;
  }
  return false;
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

// Scoring (T11).
void run_score(Position& p) {
  const Content& c = C();
  p.last_score = ScoreReport{};
  p.last_score.round = p.round;
  for (int s = 0; s < p.num_seats; ++s) {
    if (!active(p, s)) continue;
    int gain = turfs_of(p, s) / 2 + home_turfs_of(p, s);
    if (rainbow(p, s)) gain += c.rainbow_bonus;
    p.seats[s].dp = static_cast<std::int16_t>(p.seats[s].dp + gain);
    p.last_score.turfs[s] = static_cast<std::uint8_t>(turfs_of(p, s));
    p.last_score.home[s] = static_cast<std::uint8_t>(home_turfs_of(p, s));
    p.last_score.rainbow[s] = rainbow(p, s);
    p.last_score.gain[s] = static_cast<std::uint8_t>(gain);
  }
  for (int i = 0; i < p.num_owed; ++i) {  // R19: support is paid after the round's points
    const auto& o = p.owed[i];
    const int amount = std::min<int>(o[2], std::max<int>(0, p.seats[o[0]].dp));
    p.seats[o[0]].dp = static_cast<std::int16_t>(p.seats[o[0]].dp - amount);
    p.seats[o[1]].dp = static_cast<std::int16_t>(p.seats[o[1]].dp + amount);
    p.last_score.support[o[0]] = static_cast<std::int16_t>(p.last_score.support[o[0]] - amount);
    p.last_score.support[o[1]] = static_cast<std::int16_t>(p.last_score.support[o[1]] + amount);
  }
  p.num_owed = 0;
  p.phase = Phase::kSpend;
  build_order(p, p.ftt);
}

int ftt_price(const Position& p, int seat) {
  return std::max(0, C().price_ftt + p.ftt_steals - ability_of(p, seat).ftt_discount);
}

bool buy_possible(const Position& p, int seat, int item) {
  const Content& c = C();
  const SeatState& s = p.seats[seat];
  switch (item) {
    case kBuyTroop:
      return s.dp >= c.price_troop && can_place(p, seat);
    case kBuySecret:
      return s.dp >= c.price_secret && p.secret_deck_size > 0 && s.num_secrets < kMaxSecretsHeld;
    case kBuyActions:
      return s.dp >= c.price_actions && s.num_held + c.actions_bought <= c.held_action_cap &&
             action_available(p) >= c.actions_bought;
    case kBuyCombat:
      return s.dp >= c.price_combat && combat_available(p) >= 2;
    case kBuyFtt:
      return p.ftt != seat && s.dp >= ftt_price(p, seat);
    case kBuyExchange:
      return hand_total(s) - s.hand[kZero] >= 2 && combat_available(p) >= 1;
  }
  return false;
}

bool run_spend(Position& p) {
  while (p.cursor < p.n_order) {
    const int s = p.order[p.cursor];
    if (!active(p, s)) {
      ++p.cursor;
      continue;
    }
    if (p.sub == 1) {  // a bought troop to place
      if (p.count > 0 && can_place(p, s)) {
        decide(p, Step::kPlace, s);
        return true;
      }
      p.sub = 0;
    }
    if (p.sub == 2) {
      decide(p, Step::kKeepCombat, s);
      return true;
    }
    if (p.sub == 3 || p.sub == 4) {
      decide(p, Step::kExchange, s);
      return true;
    }
    decide(p, Step::kBuy, s);
    return true;
  }
  end_round(p);
  return false;
}

bool run_tiebreak(Position& p) {
  if (p.sub == 0) {
    p.sub = 1;
    p.count = tied_top(p, false);
    if (__builtin_popcount(p.count) < 2) {
      p.phase = Phase::kOver;
      p.step = Step::kOver;
      p.win_type = WinType::kPoints;
      p.winners = p.count;
      for (int s = 0; s < p.num_seats; ++s)
        if (undefeated(p, s)) p.winners |= static_cast<std::uint8_t>(1u << s);
      if (p.winners != p.count) p.win_type = WinType::kSecret;
      return false;
    }
  }
  // Step 4: the other players pledge their troops to a tied player (T13.5).
  while (p.cursor < p.n_order) {
    const int s = p.order[p.cursor];
    if (!(p.count >> s & 1) && active(p, s) && troops_of(p, s) > 0) {
      decide(p, Step::kTieSupport, s);
      return true;
    }
    ++p.cursor;
  }
  std::uint8_t tied = tied_top(p, true);
  if (__builtin_popcount(tied) >= 2) {  // step 5: rock, paper, scissors as a seeded draw
    int k = static_cast<int>(p.rng.below(static_cast<std::uint32_t>(__builtin_popcount(tied))));
    ++p.commits;
    for (int s = 0; s < p.num_seats; ++s)
      if (tied >> s & 1) {
        if (k-- == 0) {
          p.rps_winner = static_cast<std::uint8_t>(s);
          tied = static_cast<std::uint8_t>(1u << s);
          break;
        }
      }
  }
  p.phase = Phase::kOver;
  p.step = Step::kOver;
  p.win_type = WinType::kPoints;
  p.winners = tied;
  for (int s = 0; s < p.num_seats; ++s)
    if (undefeated(p, s)) p.winners |= static_cast<std::uint8_t>(1u << s);
  if (p.winners != tied) p.win_type = WinType::kSecret;
  return false;
}

// ---- the war machine --------------------------------------------------------------------

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
      const int k = ability_of(p, w.sides[i].leader).silence_defender;
      if (k > 0 && p.troops[w.target] <= k) return false;
    }
  }
  return true;
}

// Resolution (T9.9): the winner, the losses, the cost.
// The war as it is fought, for the public record (issue 16); losses and retreat follow.
void report_war(Position& p) {
  const War& w = p.war;
  WarReport& r = p.last_war;
  r = WarReport{};
  r.target = w.target;
  r.n_sides = w.n_sides;
  r.n_attackers = w.n_attackers;
  r.has_defender = w.has_defender;
  for (int s = 0; s < w.n_sides; ++s) {
    r.leader[s] = w.sides[s].leader;
    r.committed[s] = static_cast<std::uint8_t>(side_committed(w, s));
    r.card[s] = w.sides[s].card;
    r.value[s] = static_cast<std::uint8_t>(std::max(0, side_value(p, s)));
  }
  r.n_sups = w.n_sups;
  for (int i = 0; i < w.n_sups; ++i) {
    r.sup_seat[i] = w.sups[i].seat;
    r.sup_side[i] = w.sups[i].side;
    r.sup_given[i] = w.sups[i].given;
    r.sup_card[i] = w.sups[i].card;
  }
}

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
    winner = value[0] > value[1] ? 0 : 1;  // ties go to the defender (T9.9)
  } else if (nbest > 1) {
    winner = -1;  // R16: a tie at the top among attackers: nobody enters
  }
  w.winner = static_cast<std::int8_t>(winner);
  const int killer = winner >= 0 ? w.sides[winner].leader : kNone;
  const int cost = winner >= 0 ? winning_cost(p, winner) : 0;  // before any troop is taken
  int killed = 0;
  for (int s = 0; s < w.n_sides; ++s) {
    if (s == winner) continue;
    if (winner < 0 && value[s] == best) {  // the tied attackers go home
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
    const int cell = winner == defender_side(w) ? w.target : kNone;
    p.last_war.lost[winner] =
        static_cast<std::uint8_t>(take_from_side(p, winner, cost, cell, kNone));  // T10
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
  const Content& c = C();
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
    } else if (winner >= 0) {
      ++st.wars_lost;
    }
  }
  // Giant Slayer: an attacker winning against many times its own committed troops (T15.3).
  if (!w.cancelled && winner >= 0 && winner < w.n_attackers && w.has_defender && w.att_fought > 0 &&
      w.def_fought >= c.giant_ratio * w.att_fought && w.def_fought >= c.giant_troops)
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
  const Ability& a = ability_of(p, ws);
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
  }
  if (a.raise_dead > 0 && p.owner[w.target] == ws)
    add_troops(p, ws, w.target, w.killed / a.raise_dead);
}

// The retreat (T9.10): uncommitted defenders to one adjacent controlled turf, losing half.
bool retreat_options(const Position& p, int seat, int from) {
  bool any = false;
  for_each_neighbour(p, from, [&](int c) { any |= p.owner[c] == seat; });
  return any;
}

void do_retreat(Position& p, int to) {
  War& w = p.war;
  const int d = w.sides[defender_side(w)].leader;
  const int attacker = w.sides[w.winner].leader;
  const int n = p.troops[w.target];
  const int lost = ability_of(p, d).no_retreat_penalty ? 0 : n / 2;
  remove_troops(p, w.target, n, attacker);
  p.last_war.retreat_to = static_cast<std::uint8_t>(to);
  p.last_war.retreat_moved = static_cast<std::uint8_t>(to != kNone ? n - lost : 0);
  p.last_war.retreat_lost = static_cast<std::uint8_t>(to != kNone ? lost : n);
  if (to != kNone && n - lost > 0) {
    p.troops[to] = static_cast<std::uint8_t>(p.troops[to] + n - lost);
    p.owner[to] = static_cast<std::int8_t>(d);
  }
}

bool fury_possible(const Position& p, int side) {
  const War& w = p.war;
  const SeatState& s = p.seats[w.sides[side].leader];
  const int non_zero = hand_total(s) - s.hand[kZero];
  return non_zero > 0;
}

bool run_war(Position& p) {
  War& w = p.war;
  const Content& c = C();
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
        p.troops[w.target] = s.committed;
        p.owner[w.target] = s.leader;
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
      if (ability_of(p, d).defend_pull && retreat_options(p, d, w.target)) {
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
      if (ability_of(p, d).lure > 0) {
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
        const int v = ability_of(p, w.sides[s].leader).volley;
        if (v <= 0) continue;
        for (int o = 0; o < w.n_sides; ++o) {
          if (o == s) continue;
          if (w.has_defender && s < w.n_attackers && o != defender_side(w)) continue;
          const int k = std::min<int>(v, w.sides[o].committed);
          if (k <= 0) continue;
          w.sides[o].committed = static_cast<std::uint8_t>(w.sides[o].committed - k);
          if (o == defender_side(w))
            remove_troops(p, w.target, k, w.sides[s].leader);
          else
            p.seats[w.sides[o].leader].last_killer = static_cast<std::uint8_t>(w.sides[s].leader);
        }
      }
      // remembered for Giant Slayer: committed troops as they fight
      w.att_fought = static_cast<std::uint8_t>(side_committed(w, 0));
      w.def_fought =
          static_cast<std::uint8_t>(w.has_defender ? side_committed(w, defender_side(w)) : 0);
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
          p.troops[w.target] = static_cast<std::uint8_t>(p.troops[w.target] + s.committed);
          p.owner[w.target] = s.leader;
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

}  // namespace

namespace {

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

// The main loop: automatic work until a decision or the end. Wins are checked (R31) after the
// decision that started the run, after every step taken automatically, when a phase or a Turf War
// ends, and before a decision is handed out: every moment a condition can newly hold.
void run(Position& p, bool check) {
  Acts acts;
  auto stable = [&] {
    return !p.war.active && p.phase >= Phase::kPreEvent && p.phase <= Phase::kSpend;
  };
  for (int guard = 0; guard < 100000; ++guard) {
    if (p.phase == Phase::kOver) {
      p.step = Step::kOver;
      return;
    }
    if (check && stable()) {
      check = false;
      if (check_wins(p, false)) continue;
    }
    const Phase before = p.phase;
    const bool in_war = p.war.active;
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
    if (p.phase != before || (in_war && !p.war.active)) check = true;
    if (!decision && before != Phase::kActions && before != Phase::kBloodlust &&
        before != Phase::kDraft)
      check = true;
    if (!decision) continue;
    if (auto_ok(p.step)) {
      gen(p, acts);
      if (acts.n == 1) {
        take(p, acts.a[0]);
        check = true;
        continue;
      }
      if (acts.n == 0) throw std::logic_error("turfwars: a decision without options");
    }
    if (check && stable()) {
      check = false;
      if (check_wins(p, false)) continue;
    }
    return;
  }
  throw std::logic_error("turfwars: the automatic steps do not terminate");
}

// ---------------------------------------------------------------------------------------------
// Legal actions

void gen(const Position& p, Acts& out) {
  out.n = 0;
  const int s = p.to_move;
  const Board& b = board_of(p);
  const SeatState& st = p.seats[s];
  const Turn& tn = p.turn;
  const War& w = p.war;
  auto cells_if = [&](auto pred) {
    for (int c : b.turfs)
      if (pred(c)) out.add(kActCell + c);
  };
  switch (p.step) {
    case Step::kChooseFaction: {
      const int a = std::min(st.dealt[0], st.dealt[1]), z = std::max(st.dealt[0], st.dealt[1]);
      out.add(kActFaction + a);
      if (z != a) out.add(kActFaction + z);
      break;
    }
    case Step::kChooseStart:
      start_options(p, s, [&](int c) { out.add(kActCell + c); });
      break;
    case Step::kClone:
      for (int f = 0; f < static_cast<int>(C().factions.size()); ++f) {
        bool in_play = false;
        for (int o = 0; o < p.num_seats; ++o)
          in_play |= o != s && active(p, o) && p.seats[o].faction == f;
        if (in_play) out.add(kActFaction + f);
      }
      if (out.n == 0) out.add(kActPass);
      break;
    case Step::kDeclareHome:
      for (int t = 0; t < kTypes; ++t)
        if (t != p.count) out.add(kActType + t);
      break;
    case Step::kManeuverFrom: {
      const int seat = p.phase == Phase::kActions ? tn.owner : s;
      cells_if([&](int c) { return p.owner[c] == seat && p.troops[c] > 0; });
      out.add(kActPass);
      break;
    }
    case Step::kManeuverTo: {
      const int seat = p.phase == Phase::kActions ? tn.owner : s;
      cells_if([&](int c) { return p.owner[c] == seat && c != tn.from; });
      break;
    }
    case Step::kManeuverCount:
      for (int n = 1; n <= p.troops[tn.from]; ++n) out.add(kActCount + n);
      break;
    case Step::kPlace: {
      const int seat = p.phase == Phase::kActions ? tn.owner : s;
      cells_if([&](int c) { return p.owner[c] == seat; });
      break;
    }
    case Step::kOptOut:
      out.add(kActTakePart);
      out.add(kActStayOut);
      break;
    case Step::kDirection:
      out.add(kActLeft);
      out.add(kActRight);
      break;
    case Step::kDraftPick:
      for (int t = 0; t < kMaxTemplates; ++t)
        if (p.packet[t]) out.add(kActCard + t);
      break;
    case Step::kSource: {
      const int seat = tn.owner;
      if (tn.bloodlust) {
        cells_if([&](int c) {
          if (!valid_source(p, seat, c)) return false;
          bool any = false;
          adjacent_targets(p, seat, c, true, [&](int) { any = true; });
          return any;
        });
        break;
      }
      const ActionTemplate& t = tmpl_of(p);
      if (t.kind == ActionKind::kTeleport)
        cells_if([&](int c) { return p.owner[c] == seat; });
      else
        cells_if([&](int c) { return valid_source(p, seat, c) && has_card_target(p, seat, t, c); });
      out.add(kActPass);
      break;
    }
    case Step::kTarget: {
      const int seat = tn.owner;
      if (tn.bloodlust) {
        adjacent_targets(p, seat, tn.source, true, [&](int c) { out.add(kActCell + c); });
        std::sort(out.a.begin(), out.a.begin() + out.n);
        break;
      }
      const ActionTemplate& t = tmpl_of(p);
      if (t.kind == ActionKind::kTeleport) {
        for (int c : b.by_type[t.turf])
          if (p.owner[c] < 0) out.add(kActCell + c);
      } else {
        card_targets(p, seat, t, tn.decl_source[tn.cursor], [&](int c) { out.add(kActCell + c); });
      }
      std::sort(out.a.begin(), out.a.begin() + out.n);
      break;
    }
    case Step::kCommit: {
      const WarSide& side = w.sides[w.cursor];
      const int have = p.troops[side.source];
      const int min = tn.bloodlust ? ceil_half(have) : 1;
      for (int n = min; n <= have; ++n) out.add(kActCount + n);
      break;
    }
    case Step::kJoin: {
      for (int side = 0; side < w.n_sides; ++side)
        if (may_join(p, s, side)) out.add(kActSeat + w.sides[side].leader);
      std::sort(out.a.begin(), out.a.begin() + out.n);
      out.add(kActPass);
      break;
    }
    case Step::kPull:
      for_each_neighbour(p, w.target, [&](int c) {
        if (p.owner[c] == s) out.add(kActCell + c);
      });
      std::sort(out.a.begin(), out.a.begin() + out.n);
      out.add(kActPass);
      break;
    case Step::kPullCount:
      for (int n = 1; n <= p.troops[w.pull_from]; ++n) out.add(kActCount + n);
      break;
    case Step::kLure:
      for (int o = 0; o < p.num_seats; ++o) {
        const int m = most_populous(p, o);
        if (!in_war(w, o) && active(p, o) && m >= 0 && p.troops[m] >= 2) out.add(kActSeat + o);
      }
      out.add(kActPass);
      break;
    case Step::kDefendCommit: {
      const int lured = w.lured;
      for (int n = lured; n <= p.troops[w.target]; ++n) out.add(kActCount + n);
      break;
    }
    case Step::kSupportTurf:
      cells_if([&](int c) { return p.owner[c] == s && p.troops[c] >= 2; });
      break;
    case Step::kCombatCard: {
      int side = 0;
      for (int i = 0; i < w.n_sides; ++i)
        if (w.sides[i].leader == s) side = i;
      for (int t = 0; t < kCombatTypes; ++t) {
        if (!st.hand[t]) continue;
        if (t == kCryForHelp && (side != defender_side(w) || p.num_seats <= 2)) continue;
        out.add(kActCombat + t);
      }
      break;
    }
    case Step::kCallHelp:
      for (int o = 0; o < p.num_seats; ++o)
        if (active(p, o) && !in_war(w, o)) out.add(kActSeat + o);
      break;
    case Step::kRetreat:
      for_each_neighbour(p, w.target, [&](int c) {
        if (p.owner[c] == s) out.add(kActCell + c);
      });
      std::sort(out.a.begin(), out.a.begin() + out.n);
      break;
    case Step::kFury:
      for (int t = 1; t <= 10; ++t)
        if (st.hand[t]) out.add(kActCombat + t);
      out.add(kActPass);
      break;
    case Step::kRampage:
      adjacent_targets(p, tn.owner, tn.target, false, [&](int c) { out.add(kActCell + c); });
      std::sort(out.a.begin(), out.a.begin() + out.n);
      out.add(kActPass);
      break;
    case Step::kBuy:
      for (int i = 0; i < kNumBuys; ++i)
        if (buy_possible(p, s, i)) out.add(kActBuy + i);
      out.add(kActPass);
      break;
    case Step::kKeepCombat: {
      const int a = std::min(st.drawn[0], st.drawn[1]), z = std::max(st.drawn[0], st.drawn[1]);
      out.add(kActCombat + a);
      if (z != a) out.add(kActCombat + z);
      break;
    }
    case Step::kExchange:
      for (int t = 1; t < kCombatTypes; ++t)
        if (st.hand[t]) out.add(kActCombat + t);
      break;
    case Step::kTieSupport:
      for (int o = 0; o < p.num_seats; ++o)
        if (p.count >> o & 1) out.add(kActSeat + o);
      out.add(kActPass);
      break;
    case Step::kOver:
      break;
  }
}

// ---------------------------------------------------------------------------------------------
// Apply

void take(Position& p, int a) {
  const int s = p.to_move;
  SeatState& st = p.seats[s];
  Turn& tn = p.turn;
  War& w = p.war;
  const Content& c = C();
  const int cell = a - kActCell;
  const int num = a - kActCount;
  switch (p.step) {
    case Step::kChooseFaction:
      st.chosen = static_cast<std::uint8_t>(a - kActFaction);
      ++p.cursor;
      break;
    case Step::kChooseStart:
      st.start = static_cast<std::uint8_t>(cell);
      add_troops(p, s, cell, c.start_troops);
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
        if (a == kActPass)
          p.sub = kMsDone;
        else {
          tn.source = static_cast<std::uint8_t>(cell);
          p.sub = kMsTeleTarget;
        }
        break;
      }
      if (a == kActPass) {
        tn.decl_source[tn.cursor] = kNone;
        ++tn.cursor;
      } else {
        tn.decl_source[tn.cursor] = static_cast<std::uint8_t>(cell);
      }
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
        move_troops(p, tn.source, cell, p.troops[tn.source]);
        p.sub = kMsDone;
        break;
      }
      tn.decl_target[tn.cursor] = static_cast<std::uint8_t>(cell);
      ++tn.cursor;
      break;
    case Step::kCommit: {
      WarSide& side = w.sides[w.cursor];
      side.committed = static_cast<std::uint8_t>(num);
      p.troops[side.source] = static_cast<std::uint8_t>(p.troops[side.source] - num);
      if (p.troops[side.source] == 0) p.owner[side.source] = -1;
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
        const int k = std::min<int>(ability_of(p, s).lure, p.troops[from] - 1);
        const int added = std::min(k, cube_room(p, s));
        remove_troops(p, from, added, s);
        p.troops[w.target] = static_cast<std::uint8_t>(p.troops[w.target] + added);
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
        int rest = c.combat[t].value - k;
        for (int i = w.n_contribs - 1; i >= 0 && rest > 0; --i) {
          Contribution& ctb = w.contribs[i];
          if (w.sups[ctb.sup].side != w.winner || ctb.n == 0) continue;
          const int x = std::min<int>(rest, ctb.n);
          ctb.n = static_cast<std::uint8_t>(ctb.n - x);
          w.sups[ctb.sup].given = static_cast<std::uint8_t>(w.sups[ctb.sup].given - x);
          p.seats[w.sups[ctb.sup].seat].last_killer = static_cast<std::uint8_t>(s);
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

}  // namespace

// ---------------------------------------------------------------------------------------------
// Entry points

void setup(Position& p, const Setup& s, std::uint64_t seed) {
  const Content& c = C();
  p = Position{};
  p.rng.reseed(seed);
  p.num_seats = static_cast<std::uint8_t>(s.players);
  p.cost = s.cost;
  p.mind_control_on = s.mind_control;
  const Board& b = c.board_for(s.players);
  for (std::size_t i = 0; i < c.boards.size(); ++i)
    if (&c.boards[i] == &b) p.board = static_cast<std::uint8_t>(i);
  p.owner.fill(-1);
  // Decks (T2.1-T2.4).
  for (std::size_t e = 0; e < c.events.size(); ++e)
    if (!c.events[e].optional || s.mind_control)
      p.event_deck[p.event_deck_size++] = static_cast<std::uint8_t>(e);
  p.rng.shuffle(p.event_deck.begin(), p.event_deck.begin() + p.event_deck_size);
  for (std::size_t k = 0; k < c.secrets.size(); ++k)
    p.secret_deck[p.secret_deck_size++] = static_cast<std::uint8_t>(k);
  p.rng.shuffle(p.secret_deck.begin(), p.secret_deck.begin() + p.secret_deck_size);
  for (std::size_t t = 0; t < c.templates.size(); ++t)
    for (int k = 0; k < c.templates[t].count; ++k)
      p.action_deck[p.action_deck_size++] = static_cast<std::uint8_t>(t);
  p.rng.shuffle(p.action_deck.begin(), p.action_deck.begin() + p.action_deck_size);
  for (std::size_t f = 0; f < c.factions.size(); ++f)
    p.faction_deck[p.faction_deck_size++] = static_cast<std::uint8_t>(f);
  p.rng.shuffle(p.faction_deck.begin(), p.faction_deck.begin() + p.faction_deck_size);
  p.one_faction = s.one_faction;
  for (int seat = 0; seat < s.players; ++seat)
    for (int k = 0; k < (s.one_faction ? 1 : 2); ++k)
      p.seats[seat].dealt[k] = p.faction_deck[--p.faction_deck_size];
  p.phase = Phase::kFactions;
  p.cursor = 0;
  if (s.one_faction) {  // nothing to choose: the dealt card is the faction, revealed at once
    for (int seat = 0; seat < s.players; ++seat) p.seats[seat].chosen = p.seats[seat].dealt[0];
    p.cursor = p.num_seats;
  }
  run(p, true);
}

void legal_actions(const Position& p, std::vector<int>& out) {
  out.clear();
  if (p.over()) return;
  Acts acts;
  gen(p, acts);
  out.assign(acts.a.begin(), acts.a.begin() + acts.n);
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
  run(p, true);
}

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

bool apply(Position& p, int action) {
  const auto before = p.commits;
  const bool check = !quiet(p, action);
  take(p, action);
  run(p, check);
  return p.commits != before;
}

// ---------------------------------------------------------------------------------------------
// The end

// E4, R32: DP; instant winners (who share first place) all score 100 more than the most DP
// anyone has, so that scores and the ranking agree.
std::vector<double> final_scores(const Position& p) {
  std::vector<double> v(p.num_seats);
  const bool instant = p.over() && p.win_type != WinType::kPoints;
  int most = 0;
  for (int s = 0; s < p.num_seats; ++s) most = std::max<int>(most, p.seats[s].dp);
  for (int s = 0; s < p.num_seats; ++s)
    v[s] = (instant && (p.winners >> s & 1)) ? 100.0 + most : p.seats[s].dp;
  return v;
}

std::vector<int> final_ranking(const Position& p) {
  const auto sc = final_scores(p);
  std::vector<int> rank(p.num_seats, 0);
  const bool instant = p.over() && p.win_type != WinType::kPoints;
  auto better = [&](int a, int b) {  // a strictly ahead of b
    const bool wa = p.winners >> a & 1, wb = p.winners >> b & 1;
    if (wa != wb) return wa;
    if (wa && instant) return false;  // instant winners share first place (R30)
    if (sc[a] != sc[b]) return sc[a] > sc[b];
    const Keys ka = keys_of(p, a), kb = keys_of(p, b);
    if (ka.turfs != kb.turfs) return ka.turfs > kb.turfs;
    if (ka.start != kb.start) return ka.start > kb.start;
    if (ka.troops != kb.troops) return ka.troops > kb.troops;
    if (ka.support != kb.support) return ka.support > kb.support;
    return p.rps_winner == a;
  };
  for (int a = 0; a < p.num_seats; ++a)
    for (int b = 0; b < p.num_seats; ++b)
      if (b != a && better(b, a)) ++rank[a];
  return rank;
}

int length_bound(const Setup& s) {
  const Content& c = C();
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
