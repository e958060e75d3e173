// Turf Wars kernel: the ways to win (T13): domination, nemesis, secret wins and their priorities,
// eliminations, the end by points, the tie-break chain, and the final scores and ranking.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <memory>
#include <mutex>
#include <vector>

#include "core/variant.h"
#include "games/turfwars/kernel.h"

namespace turf::turfwars::kernel {

namespace {

bool holds_secret(const Position& p, int seat, Condition c) {
  const SeatState& s = p.seats[seat];
  for (int i = 0; i < s.num_secrets; ++i)
    if (C(p).secrets[s.secrets[i]].condition == c) return true;
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

// What a seat holds on the board: counts from the position's tallies (kept with every change of
// a cell), the largest stack from a branch-free scan masked by the board's per-cell tables. The
// Encircle test is costlier and runs only for a seat that holds it, once per check.
struct Tally {
  const Position* p = nullptr;
  const Board* b = nullptr;
  mutable int encircled = 0, encircle_known = 0, encircle_amount = -1;
  explicit Tally(const Position& pos) : p(&pos), b(&board_of(pos)) {}
  int turfs(int seat) const { return p->held[seat]; }
  int troops(int seat) const { return p->on_board[seat]; }
  int occupied() const {
    int n = 0;
    for (int s = 0; s < p->num_seats; ++s) n += p->held[s];
    return n;
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
  int of_type(int seat, int type) const { return p->held_type[seat][type]; }
  // Whether the seat encircles a rival turf; the first amount asked for is used for every seat.
  bool encircles_(int seat, int amount) const {
    if (encircle_amount < 0) encircle_amount = amount;
    if (!(encircle_known >> seat & 1)) {
      encircle_known |= 1 << seat;
      // Encircling takes at least `amount` turfs (a full ring of at least that many).
      if (p->held[seat] >= encircle_amount && encircles(*p, seat, encircle_amount))
        encircled |= 1 << seat;
    }
    return encircled >> seat & 1;
  }
};

// Whether the secret card is achieved now. end_of_round: conditions checked only then.
bool secret_met(const Position& p, const Tally& tally, int seat, const SecretDef& d,
                bool end_of_round) {
  const SeatState& s = p.seats[seat];
  const Board& b = *tally.b;
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
    case Condition::kTurfTroopsAtLeast:  // no stack can exceed the seat's troops on the board
      return tally.troops(seat) >= d.amount && tally.max_turf(seat) >= d.amount;
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

// ---- the quick look (speed) ------------------------------------------------------------------
// A check in the middle of a round (R31) almost never finds a win. The quick look tells that none
// can hold from cheap tests that never miss one: per condition, the test with the least amount of
// any card of that condition (every amount is a threshold: a card met with a larger one is met
// with the least), and nothing for the conditions that hold only at the end of a round (T13.4
// Undefeated; Guardian, Tyrant and Pacifist; Homeland from a round on). When it cannot rule a win
// out, the full check decides as before.
constexpr int kConditions = static_cast<int>(Condition::kAnyKill) + 1;
constexpr std::uint32_t cbit(Condition c) {
  return std::uint32_t{1} << static_cast<int>(c);
}

struct Quick {
  std::array<std::uint32_t, 256> bit{};  // per secret card: its condition's bit, 0 if mid-round
  std::array<int, kConditions> least{};  // per condition: the least amount of its cards
  std::array<int, 8> sides{};            // Kill a Neighbour: the sides of its cards
  int n_sides = 0;
  // Per board and cell: the ring (Encircle) as a bit set over the cells.
  std::vector<std::array<std::array<std::uint64_t, 2>, kMaxCells>> ring;
};

Quick build_quick(const Content& c) {
  Quick q;
  q.least.fill(1 << 20);
  for (std::size_t i = 0; i < c.secrets.size() && i < q.bit.size(); ++i) {
    const SecretDef& d = c.secrets[i];
    const int k = static_cast<int>(d.condition);
    switch (d.condition) {
      case Condition::kUndefeated:
      case Condition::kGuardian:
      case Condition::kTyrant:
      case Condition::kPacifist:
        continue;  // never in the middle of a round
      case Condition::kHomeland:
        if (d.from_round > 0) continue;
        break;
      case Condition::kKillNeighbour: {
        bool known = false;
        for (int j = 0; j < q.n_sides; ++j) known |= q.sides[j] == d.side;
        if (!known && q.n_sides < static_cast<int>(q.sides.size())) q.sides[q.n_sides++] = d.side;
        if (!known && q.n_sides == static_cast<int>(q.sides.size())) q.least[k] = 0;  // any kill
        break;
      }
      default:
        break;
    }
    q.bit[i] = cbit(d.condition);
    q.least[k] = std::min(q.least[k], d.amount);
  }
  for (const Board& b : c.boards) {
    auto& r = q.ring.emplace_back();
    for (int cell = 0; cell < kMaxCells; ++cell) {
      r[cell] = {};
      for (int x : b.ring[cell]) r[cell][x >> 6] |= std::uint64_t{1} << (x & 63);
    }
  }
  return q;
}

// One per content (a variant may change the secret cards' amounts), built the first time a
// position of that content is checked and kept for the life of the process (as the contents are).
struct QuickSlots {
  std::array<std::atomic<const Quick*>, kMaxVariantSlots> built{};
  std::array<std::unique_ptr<const Quick>, kMaxVariantSlots> owned{};
  std::mutex mutex;
};
QuickSlots& quick_slots() {
  static QuickSlots s;
  return s;
}
[[gnu::noinline]] const Quick& build_quick_slot(int slot) {
  QuickSlots& s = quick_slots();
  std::lock_guard lock(s.mutex);
  if (!s.owned[slot]) {
    s.owned[slot] = std::make_unique<const Quick>(build_quick(*content_table()[slot]));
    s.built[slot].store(s.owned[slot].get(), std::memory_order_release);
  }
  return *s.owned[slot];
}
// Inlined where it is read: one load and a test, without a call, once built.
[[gnu::always_inline]] inline const Quick& quick(const Position& p) {
  static QuickSlots& s = quick_slots();
  const Quick* q = s.built[p.content].load(std::memory_order_acquire);
  return q ? *q : build_quick_slot(p.content);
}

// Whether a seat holding the conditions `m` (Quick::bit) may meet one now, mid-round.
bool may_meet(const Position& p, const Quick& q, int seat, std::uint32_t m) {
  const SeatState& s = p.seats[seat];
  for (; m != 0; m &= m - 1) {
    const int k = std::countr_zero(m);
    const int least = q.least[k];
    switch (static_cast<Condition>(k)) {
      case Condition::kTroopsAtLeast:
        if (p.on_board[seat] >= least) return true;
        break;
      case Condition::kKillNeighbour:
        if (s.killed_mask == 0) break;
        if (least == 0) return true;
        for (int j = 0; j < q.n_sides; ++j) {
          const int target = ((seat + q.sides[j]) % p.num_seats + p.num_seats) % p.num_seats;
          if (target != seat && (s.killed_mask >> target & 1)) return true;
        }
        break;
      case Condition::kEncircle: {
        if (p.held[seat] < least) break;
        // A rival turf whose ring has at least that many turfs, all the seat's (encircles()).
        const auto& ring = q.ring[p.board];
        const Board& b = board_of(p);
        const auto& mine = p.held_cells[seat];
        for (int w = 0; w < 2; ++w) {
          std::uint64_t rivals = 0;
          for (int o = 0; o < p.num_seats; ++o)
            if (o != seat) rivals |= p.held_cells[o][w];
          for (; rivals != 0; rivals &= rivals - 1) {
            const int c = w * 64 + std::countr_zero(rivals);
            if (b.ring[c].n >= least && (ring[c][0] & ~mine[0]) == 0 &&
                (ring[c][1] & ~mine[1]) == 0)
              return true;
          }
        }
        break;
      }
      case Condition::kUnstoppable:
        if (s.streak >= least) return true;
        break;
      case Condition::kDefencesWonAtLeast:
        if (s.defences_won >= least) return true;
        break;
      case Condition::kEachTypeAtLeast: {
        int fewest = p.held_type[seat][0];
        for (int t = 1; t < kTypes; ++t) fewest = std::min<int>(fewest, p.held_type[seat][t]);
        if (fewest >= least) return true;
        break;
      }
      case Condition::kCardRun: {
        bool all = true;
        for (int v = 1; v <= least && all; ++v) all = s.hand[v] != 0;
        if (all) return true;
        break;
      }
      case Condition::kTurfsAtLeast:
        if (p.held[seat] >= least) return true;
        break;
      case Condition::kDpAtLeast:
        if (s.dp >= least) return true;
        break;
      case Condition::kWarsWonAtLeast:
        if (s.wars_won >= least) return true;
        break;
      case Condition::kTurfTroopsAtLeast:
        if (p.on_board[seat] >= least &&
            scan_held(p, seat, [&](int c) { return p.troops[c] >= least; }))
          return true;
        break;
      case Condition::kUsurp:
        if (__builtin_popcount(s.usurped) >= std::min<int>(least, p.num_seats - 1)) return true;
        break;
      case Condition::kGiantSlayer:
        if (s.giant_slain) return true;
        break;
      case Condition::kAnyKill:
        if (s.kills > 0) return true;
        break;
      default:  // Homeland without a round (the others never get a bit): the full check
        return true;
    }
  }
  return false;
}

// The quick look over every seat a check consults, with what the full check notes when it finds
// nothing: false when no win can hold now (mid-round); `holders` gets the seats whose secret cards
// a check consults (secret_holders()), `alive` the seats still in.
bool may_win(const Position& p, std::uint8_t& holders, int& alive) {
  const Quick& q = quick(p);
  const int domination = board_of(p).domination;
  const int n = p.num_seats;
  for (int s = 0; s < n; ++s) {
    const SeatState& st = p.seats[s];
    alive += !st.eliminated;
    if (st.eliminated && !(p.fresh_out >> s & 1)) continue;
    if (p.held_type[s][st.home] >= domination) return true;
    if (st.nemesis != kNone && (st.killed_mask >> st.nemesis & 1)) return true;
    if (st.num_secrets == 0) continue;
    holders = static_cast<std::uint8_t>(holders | 1u << s);
    const std::uint32_t m = p.secret_bits[s];  // the conditions of its cards (secret_bit())
    if (m != 0 && may_meet(p, q, s, m)) return true;
  }
  return false;
}

}  // namespace

// may_meet()'s tests of the troop conditions (kept apart so that may_meet stays inlined in the
// full quick look); Homeland, when it has a bit, is left to the full check.
bool may_win_placed(const Position& p, std::uint8_t seats) {
  const Quick& q = quick(p);
  constexpr auto kTroops = static_cast<int>(Condition::kTroopsAtLeast);
  constexpr auto kTurfTroops = static_cast<int>(Condition::kTurfTroopsAtLeast);
  for (; seats != 0; seats &= static_cast<std::uint8_t>(seats - 1)) {
    const int s = std::countr_zero(seats);
    const std::uint32_t m = p.secret_bits[s];
    if (m & cbit(Condition::kHomeland)) return true;
    if ((m & cbit(Condition::kTroopsAtLeast)) && p.on_board[s] >= q.least[kTroops]) return true;
    const int least = q.least[kTurfTroops];
    if ((m & cbit(Condition::kTurfTroopsAtLeast)) && p.on_board[s] >= least &&
        scan_held(p, s, [&](int c) { return p.troops[c] >= least; }))
      return true;
  }
  return false;
}

std::uint32_t secret_bit(const Position& p, int card) {
  const Quick& q = quick(p);
  return static_cast<unsigned>(card) < q.bit.size() ? q.bit[card] : 0;
}

bool undefeated(const Position& p, int seat) {
  const SeatState& s = p.seats[seat];
  return active(p, seat) && holds_secret(p, seat, Condition::kUndefeated) && s.attacks_won > 0 &&
         s.wars_lost == 0;
}

// Ends the game with the given winners (T13.1). Undefeated holders win alongside (T13.4).
// Undefeated holders join the winners when the game ends (T13.4); their card is noted for the
// end's words.
std::uint8_t with_undefeated(Position& p, std::uint8_t winners) {
  for (int s = 0; s < p.num_seats; ++s)
    if (undefeated(p, s) && !(winners >> s & 1)) {
      winners |= static_cast<std::uint8_t>(1u << s);
      for (int i = 0; i < p.seats[s].num_secrets; ++i)
        if (C(p).secrets[p.seats[s].secrets[i]].condition == Condition::kUndefeated)
          p.win_card[s] = p.seats[s].secrets[i];
    }
  return winners;
}

void finish(Position& p, std::uint8_t winners, WinType type) {
  winners = with_undefeated(p, winners);
  p.winners = winners;
  p.win_type = type;
  p.phase = Phase::kOver;
  p.step = Step::kOver;
  p.war.active = false;
  ++p.commits;  // the winners reveal their secret cards
}

// The seats whose secret cards a win check consults: those still in with a secret card (E3).
std::uint8_t secret_holders(const Position& p) {
  std::uint8_t m = 0;
  for (int s = 0; s < p.num_seats; ++s)
    if ((!p.seats[s].eliminated || (p.fresh_out >> s & 1)) && p.seats[s].num_secrets > 0)
      m = static_cast<std::uint8_t>(m | 1u << s);
  return m;
}

// Checks every instant win condition (T13.1-T13.3); returns true when the game ended.
bool check_wins(Position& p, bool end_of_round) {
  if (p.over()) return true;
  std::uint8_t holders = 0;
  int alive = 0;
  if (!end_of_round && !may_win(p, holders, alive)) {
    // No win holds: what the full check below does when it finds none (E3, R53, R29).
    p.probed |= holders;
    p.fresh_out = 0;
    if (alive < 2) {
      enter_tiebreak(p);
      return true;
    }
    return false;
  }
  return check_wins_full(p, end_of_round);
}

// The full check (every card of every seat consulted).
bool check_wins_full(Position& p, bool end_of_round) {
  if (p.over()) return true;
  std::uint8_t main = 0, low = 0;
  WinType type = WinType::kNone;
  const Tally tally(p);
  const SecretDef* const defs = C(p).secrets.data();
  const int domination = board_of(p).domination;
  const Position& cp = p;  // read only below: the seen-secret bits are written once at the end
  std::uint8_t probed = 0;
  int alive = 0;
  std::array<std::uint8_t, kMaxSeats> met_card, unstoppable_card;  // for the end's words
  met_card.fill(kNone);
  unstoppable_card.fill(kNone);
  for (int s = 0; s < cp.num_seats; ++s) {
    const SeatState& st = cp.seats[s];
    if (st.eliminated && !(cp.fresh_out >> s & 1)) continue;
    alive += !st.eliminated;
    const auto bit = static_cast<std::uint8_t>(1u << s);
    const bool dominates = cp.held_type[s][st.home] >= domination;
    const bool nemesis = st.nemesis != kNone && (st.killed_mask >> st.nemesis & 1);
    if (dominates || nemesis) {
      main |= bit;
      if (type == WinType::kNone) type = dominates ? WinType::kDomination : WinType::kNemesis;
    }
    if (st.num_secrets == 0) continue;
    probed |= bit;  // E3: a hidden condition is consulted
    for (int i = 0; i < st.num_secrets; ++i) {
      const SecretDef& d = defs[st.secrets[i]];
      if (!secret_met(cp, tally, s, d, end_of_round)) continue;
      if (d.condition == Condition::kUnstoppable) {
        low |= bit;
        if (unstoppable_card[s] == kNone) unstoppable_card[s] = st.secrets[i];
      } else {
        main |= bit;
        if (type == WinType::kNone || type == WinType::kPoints) type = WinType::kSecret;
        if (met_card[s] == kNone) met_card[s] = st.secrets[i];
      }
    }
  }
  p.probed |= probed;
  p.fresh_out = 0;
  // R30: Unstoppable yields to any other win at the same moment.
  if (main) {
    for (int s = 0; s < p.num_seats; ++s)
      if (main >> s & 1) p.win_card[s] = met_card[s];
    finish(p, main, type);
    return true;
  }
  if (low) {
    for (int s = 0; s < p.num_seats; ++s)
      if (low >> s & 1) p.win_card[s] = unstoppable_card[s];
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
    p.fresh_out = static_cast<std::uint8_t>(p.fresh_out | 1u << s);
    const int k = st.last_killer;
    if (k != kNone && k != s) {
      p.seats[k].killed_mask |= static_cast<std::uint8_t>(1u << s);
      ++p.seats[k].kills;
    }
  }
}

Keys keys_of(const Position& p, int s) {
  const SeatState& st = p.seats[s];
  Keys k{};
  k.dp = st.dp;
  k.turfs = turfs_of(p, s);
  k.start = st.start != kNone && !st.start_lost && p.owner[st.start] == s ? p.troops[st.start] : 0;
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
  // Only the players still in the war are ranked for the win (R29); if nobody is left (the last
  // two eliminated at once), everyone is.
  bool anyone_in = false;
  for (int s = 0; s < p.num_seats; ++s) anyone_in |= active(p, s);
  for (int s = 0; s < p.num_seats; ++s) {
    if (anyone_in && !active(p, s)) continue;
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

bool run_tiebreak(Position& p) {
  if (p.sub == 0) {
    p.sub = 1;
    p.count = tied_top(p, false);
    if (__builtin_popcount(p.count) < 2) {
      p.phase = Phase::kOver;
      p.step = Step::kOver;
      p.win_type = WinType::kPoints;
      p.winners = with_undefeated(p, p.count);
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
  p.winners = with_undefeated(p, tied);
  if (p.winners != tied) p.win_type = WinType::kSecret;
  return false;
}
}  // namespace turf::turfwars::kernel

namespace turf::turfwars {

using namespace kernel;

void recount_secrets(Position& p) {
  p.secret_bits = {};
  for (int s = 0; s < p.num_seats; ++s)
    for (int i = 0; i < p.seats[s].num_secrets; ++i)
      p.secret_bits[s] |= secret_bit(p, p.seats[s].secrets[i]);
}

// ---------------------------------------------------------------------------------------------
// The end

// R32: the ranking key. DP; instant winners (who share first place) all have 100 more than the
// most DP anyone has. R29: an eliminated player ranks below every player still in the war: the
// keys of the eliminated are lowered together, in order, below the lowest key of those still in.
// The ranking (final_ranks) and the bots' value of an ended game (eval.cpp) read it; the scores
// a player sees are the DP themselves (E4).
std::array<double, kMaxSeats> ranking_keys(const Position& p) {
  std::array<double, kMaxSeats> v{};
  const bool instant = p.over() && p.win_type != WinType::kPoints;
  int most = 0;
  for (int s = 0; s < p.num_seats; ++s) most = std::max<int>(most, p.seats[s].dp);
  for (int s = 0; s < p.num_seats; ++s)
    v[s] = (instant && (p.winners >> s & 1)) ? 100.0 + most : p.seats[s].dp;
  // R29: the eliminated are shifted down together, keeping their order, until the best of them
  // scores one less than the lowest player still in.
  bool anyone_in = false, anyone_out = false;
  double lowest_in = 0, highest_out = 0;
  for (int s = 0; s < p.num_seats; ++s) {
    if (active(p, s) || (instant && (p.winners >> s & 1))) {  // a winner is never shifted (R53)
      lowest_in = anyone_in ? std::min(lowest_in, v[s]) : v[s];
      anyone_in = true;
    } else {
      highest_out = anyone_out ? std::max(highest_out, v[s]) : v[s];
      anyone_out = true;
    }
  }
  const double shift = std::max(0.0, highest_out - (lowest_in - 1));
  if (anyone_in && anyone_out)
    for (int s = 0; s < p.num_seats; ++s)
      if (!active(p, s) && !(instant && (p.winners >> s & 1))) v[s] -= shift;
  return v;
}

void ranking_keys_into(const Position& p, std::vector<double>& out) {
  const auto v = ranking_keys(p);
  out.assign(v.begin(), v.begin() + p.num_seats);
}

std::array<int, kMaxSeats> final_ranks(const Position& p) {
  const auto sc = ranking_keys(p);
  std::array<int, kMaxSeats> rank{};
  const bool instant = p.over() && p.win_type != WinType::kPoints;
  auto better = [&](int a, int b) {  // a strictly ahead of b
    const bool wa = p.winners >> a & 1, wb = p.winners >> b & 1;
    if (wa != wb) return wa;
    if (wa && instant) return false;  // instant winners share first place (R30)
    if (active(p, a) != active(p, b)) return active(p, a);  // R29
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

}  // namespace turf::turfwars
