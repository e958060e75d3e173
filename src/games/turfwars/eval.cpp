// Turf Wars evaluation for bots: an estimate of each seat's ranking key (DP, plus 100 for an
// instant win as in ranking_keys, T13, R32). It adds to the DP held now: the income of the turfs
// held for the scorings left (T11, a turf counted as half a DP plus one for a home turf), the
// rainbow bonus, the troops and combat cards as resources, and a share of the instant win for how
// close the seat is to dominating its home turfs, to wiping out its nemesis and to meeting its
// secret win cards. A Turf War in progress is counted by its likely outcome, so that the troops
// an attack commits are not mistaken for troops lost; a Geomancer's home is the type it will
// declare (T4.2). Also the rollout policy of search bots, which declares homes as the evaluation
// assumes they will be declared and buys nothing in phase 5. Figures: docs/rules/turfwars.md,
// "Bots", and docs/ai.md.
#include <algorithm>
#include <array>
#include <cmath>

#include "games/turfwars/game.h"

namespace turf::turfwars {

namespace {
// Weights (tuned with the arena, docs/rules/turfwars.md "Bots").
constexpr double kWin = 100.0;        // an instant win, as in ranking_keys
constexpr double kDomination = 0.45;  // share of the win at full progress (squared curve)
constexpr double kNemesis = 0.30;     // share of the win for a nemesis about to fall
constexpr double kSecret = 0.35;      // share of the win for a secret card about to be met
constexpr double kTroop = 0.45;       // a troop on the board, in DP
constexpr double kCardPoint = 0.12;   // a point of combat card value in hand, in DP
constexpr double kSpecialCard = 1.5;  // a Negate Attack or Cry for Help in hand, in DP

double clamp01(double x) {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

// How far a seat is towards a secret card, 0 to 1 (1: met or about to be).
double secret_progress(const Position& p, int seat, const SecretDef& d,
                       const std::array<int, kMaxSeats>& turfs,
                       const std::array<int, kMaxSeats>& troops) {
  const SeatState& s = p.seats[seat];
  const Board& b = board_of(p);
  switch (d.condition) {
    case Condition::kTroopsAtLeast:
      return clamp01(static_cast<double>(troops[seat]) / d.amount);
    case Condition::kTurfsAtLeast:
      return clamp01(static_cast<double>(turfs[seat]) / d.amount);
    case Condition::kDpAtLeast:
      return clamp01(static_cast<double>(s.dp) / d.amount);
    case Condition::kWarsWonAtLeast:
      return clamp01(static_cast<double>(s.wars_won) / d.amount);
    case Condition::kDefencesWonAtLeast:
      return clamp01(static_cast<double>(s.defences_won) / d.amount);
    case Condition::kUnstoppable:
      return clamp01(static_cast<double>(s.streak) / d.amount);
    case Condition::kUndefeated:
      return s.wars_lost ? 0.0 : s.attacks_won ? 0.8 : 0.3;
    case Condition::kCardRun: {
      int have = 0;
      for (int v = 1; v <= d.amount; ++v) have += s.hand[v] > 0;
      return clamp01(static_cast<double>(have) / d.amount);
    }
    case Condition::kEachTypeAtLeast: {
      int have = 0;
      for (int t = 0; t < kTypes; ++t) {
        int n = 0;
        for (int c : b.by_type[t]) n += p.owner[c] == seat;
        have += std::min(n, d.amount);
      }
      return clamp01(static_cast<double>(have) / (d.amount * kTypes));
    }
    case Condition::kTyrant: {
      int others = 0;
      for (int o = 0; o < p.num_seats; ++o)
        if (o != seat) others += turfs[o];
      return clamp01(static_cast<double>(turfs[seat]) / (others + 1.0));
    }
    case Condition::kTurfTroopsAtLeast: {
      int m = 0;
      for (int c : b.turfs)
        if (p.owner[c] == seat) m = std::max<int>(m, p.troops[c]);
      return clamp01(static_cast<double>(m) / d.amount);
    }
    case Condition::kUsurp:
      return clamp01(static_cast<double>(__builtin_popcount(s.usurped)) /
                     std::min(d.amount, p.num_seats - 1));
    case Condition::kHomeland: {
      if (s.start == kNone || p.owner[s.start] != seat) return 0.0;
      auto share = [&](const auto& around) {
        int held = 0;
        for (int c : around) held += p.owner[c] == seat && p.troops[c] >= d.troops;
        return clamp01((1.0 + held) / (1.0 + around.n));
      };
      return d.amount >= 2 ? share(b.reach2[s.start]) : share(b.adj[s.start]);
    }
    default:
      return 0.25;  // kills, encirclement, guardians, giant slayer...: hard to tell
  }
}

}  // namespace

Action rollout_choice(const State& state, const std::vector<Action>& legal, Rng& rng) {
  const Position& p = static_cast<const TurfWarsState&>(state).position();
  // Phase 5 purchases (T12): a uniform pick buys at almost every step until the DP run out, and the
  // evaluation values what they buy (a troop 0.45 DP, action cards and the FTT nothing) far below
  // its price, so every rollout through a spending phase threw the seat's DP away, and search read
  // a DP earned before it (this round's home bonus above all) as worth less than nothing. Rollouts
  // keep their DP; the search still weighs every purchase in its own tree.
  if (p.step == Step::kBuy) return kActPass;
  if (p.step != Step::kDeclareHome)
    return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  const Board& b = board_of(p);
  std::array<int, kTypes> held{};
  for (int c : b.turfs) held[b.type[c]] += p.owner[c] == p.to_move;
  Action pick = legal[0];
  int best = -1;
  std::uint32_t ties = 0;
  for (Action a : legal) {
    const int n = held[a - kActType];
    if (n > best) {
      best = n, pick = a, ties = 1;
    } else if (n == best && rng.below(++ties) == 0) {
      pick = a;
    }
  }
  return pick;
}

void evaluate_into(const State& state, std::vector<double>& v) {
  const Position& p = dynamic_cast<const TurfWarsState&>(state).position();
  if (p.over()) return ranking_keys_into(p, v);
  const Content& c = content_of(p);
  const Board& b = board_of(p);
  const int n = p.num_seats;
  v.assign(static_cast<std::size_t>(n), 0.0);
  if (p.phase == Phase::kFactions || p.phase == Phase::kStarts) return;
  const double scorings = std::max(0, c.rounds - p.round) +
                          (p.phase >= Phase::kPreEvent && p.phase <= Phase::kScore ? 1.0 : 0.0);

  // The war in progress: the attacker's chance to take the target (a logistic guess on troops,
  // bonuses aside, with the average card on each side).
  const War& w = p.war;
  double take = 0;  // chance the first attacker takes the target
  if (w.active && w.n_attackers > 0 && !w.cancelled) {
    const int att = w.sides[0].committed;
    const int def = w.has_defender ? p.troops[w.target] : 0;
    take = 1.0 / (1.0 + std::exp(-(att - def - 0.5) / 2.5));
  }

  // Turf counts and troops, the target of a war counted by its likely owner.
  std::array<double, kMaxSeats> turfs{}, home{}, troops{};
  std::array<std::array<double, kTypes>, kMaxSeats> by_type{};
  std::array<int, kMaxSeats> turfs_i{}, troops_i{};
  std::array<std::array<bool, kTypes>, kMaxSeats> types{};
  for (int cell : b.turfs) {
    const int o = p.owner[cell];
    if (o < 0) continue;
    double share = 1.0;
    if (w.active && cell == w.target && w.has_defender) share = 1.0 - take;
    turfs[o] += share;
    by_type[o][b.type[cell]] += share;
    troops[o] += p.troops[cell];
    home[o] += share * (b.type[cell] == p.seats[o].home);
    types[o][b.type[cell]] = true;
    ++turfs_i[o];
    troops_i[o] += p.troops[cell];
  }
  if (w.active && w.n_attackers > 0 && !w.cancelled) {
    const int a = w.sides[0].leader;
    turfs[a] += take;
    by_type[a][b.type[w.target]] += take;
    home[a] += take * (b.type[w.target] == p.seats[a].home);
    for (int i = 0; i < w.n_attackers; ++i) troops[w.sides[i].leader] += w.sides[i].committed;
    for (int i = 0; i < w.n_sups; ++i) troops[w.sups[i].seat] += w.sups[i].given;
  }

  for (int s = 0; s < n; ++s) {
    const SeatState& st = p.seats[s];
    v[s] = st.dp;
    if (st.eliminated || st.faction == kNone) continue;
    bool all_types = true;
    for (int t = 0; t < kTypes; ++t) all_types &= types[s][t];
    // A seat that declares its home turf every phase 1 (the Geomancer, T4.2) will declare the type
    // it holds most: that counts for the scorings after this round's declaration, and for
    // domination (won at once on declaring).
    double future_home = home[s];
    if (ability_of(p, s).declare_home)
      for (int t = 0; t < kTypes; ++t) future_home = std::max(future_home, by_type[s][t]);
    // This round's declaration is made once the seat's phase-1 turn is over (the kernel moves the
    // cursor past it at once): from then on the coming scoring counts the home it declared.
    bool declared = p.phase > Phase::kPreEvent && p.phase <= Phase::kScore;
    if (p.phase == Phase::kPreEvent)
      for (int k = 0; k < p.cursor && k < p.n_order; ++k) declared |= p.order[k] == s;
    const double now_home = declared ? home[s] : future_home;
    const double base = 0.5 * turfs[s] + (all_types ? c.rainbow_bonus : 0);
    const double first = scorings >= 1 ? 1.0 : 0.0;
    v[s] += (base + now_home) * first + (base + future_home) * (scorings - first);
    v[s] += kTroop * troops[s];
    for (int t = 1; t <= 10; ++t) v[s] += kCardPoint * t * st.hand[t];
    v[s] += kSpecialCard * (st.hand[kNegate] + st.hand[kCryForHelp]);
    const double dom = std::min(1.0, future_home / b.domination);
    v[s] += kWin * kDomination * dom * dom;
    if (st.nemesis != kNone && !p.seats[st.nemesis].eliminated) {
      const double left = troops[st.nemesis];
      v[s] += kWin * kNemesis / (1.0 + left);
    }
    double best = 0;
    for (int i = 0; i < st.num_secrets; ++i) {
      const double g = secret_progress(p, s, c.secrets[st.secrets[i]], turfs_i, troops_i);
      best = std::max(best, g);
    }
    v[s] += kWin * kSecret * best * best * best;
  }
  // R29: an eliminated seat ends below every seat still in, as ranking_keys puts it.
  double lowest_in = 0, highest_out = 0;
  bool anyone_in = false, anyone_out = false;
  for (int s = 0; s < n; ++s) {
    if (p.seats[s].faction == kNone) continue;
    if (!p.seats[s].eliminated) {
      lowest_in = anyone_in ? std::min(lowest_in, v[s]) : v[s];
      anyone_in = true;
    } else {
      highest_out = anyone_out ? std::max(highest_out, v[s]) : v[s];
      anyone_out = true;
    }
  }
  if (anyone_in && anyone_out) {
    const double shift = std::max(0.0, highest_out - (lowest_in - 1));
    for (int s = 0; s < n; ++s)
      if (p.seats[s].eliminated) v[s] -= shift;
  }
}

}  // namespace turf::turfwars
