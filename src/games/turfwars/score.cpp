// Turf Wars kernel: scoring (T11) and spending DP (T12).
#include <algorithm>
#include <cstring>

#include "games/turfwars/kernel.h"

namespace turf::turfwars::kernel {

// Scoring (T11).
void run_score(Position& p) {
  const Content& c = C(p);
  p.last_score = ScoreReport{};
  p.last_score.round = p.round;
  p.last_score.seq =
      p.rounds_played;  // the round counter can repeat (You Really Can Turn Back Time)
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
  return std::max(0, C(p).price_ftt + p.ftt_steals - ability_in(p, seat).ftt_discount);
}

bool buy_possible(const Position& p, int seat, int item) {
  const Content& c = C(p);
  const SeatState& s = p.seats[seat];
  switch (item) {
    case kBuyTroop:
      return s.dp >= c.price_troop && can_place(p, seat);
    case kBuySecret:
      return s.dp >= c.price_secret && p.secret_deck_size > 0 && s.num_secrets < kMaxSecretsHeld;
    case kBuyActions:  // the deck alone mostly has enough: the piles are counted only if not
      return s.dp >= c.price_actions && s.num_held + c.actions_bought <= c.held_action_cap &&
             (p.action_deck_size + p.hidden_discard_size >= c.actions_bought ||
              action_available(p) >= c.actions_bought);
    case kBuyCombat:
      return s.dp >= c.price_combat && (p.combat_deck_size >= 2 || combat_available(p) >= 2);
    case kBuyFtt:
      return p.ftt != seat && s.dp >= ftt_price(p, seat);
    case kBuyExchange:
      return hand_total(s) - s.hand[kZero] >= 2 &&
             (p.combat_deck_size >= 1 || combat_available(p) >= 1);
  }
  return false;
}

// Whether the seat holds two combat cards other than the Zero (T12.1's exchange gives two): the
// counts of types 1 to 12 read as two words, without a loop.
namespace {
bool two_to_give(const SeatState& s) {
  static_assert(kCombatTypes == 13 && kZero == 0);
  std::uint64_t lo = 0;  // the counts of types 1 to 8, a byte each
  std::uint32_t hi = 0;  // 9 to 12
  std::memcpy(&lo, s.hand.data() + 1, 8);
  std::memcpy(&hi, s.hand.data() + 9, 4);
  if (((lo & 0xFEFEFEFEFEFEFEFEull) | (hi & 0xFEFEFEFEu)) != 0) return true;  // two of a type
  // Every count is 0 or 1: two set bits in all.
  return (lo & (lo - 1)) != 0 || (hi & (hi - 1)) != 0 || (lo != 0 && hi != 0);
}
}  // namespace

// Every buy_possible(p, seat, i) at once, bit i (the tests in the same order, shared work once).
unsigned buy_mask(const Position& p, int seat) {
  const Content& c = C(p);
  const SeatState& s = p.seats[seat];
  const int dp = s.dp;
  unsigned m = 0;
  if (dp >= c.price_troop && can_place(p, seat)) m |= 1u << kBuyTroop;
  if (dp >= c.price_secret && p.secret_deck_size > 0 && s.num_secrets < kMaxSecretsHeld)
    m |= 1u << kBuySecret;
  if (dp >= c.price_actions && s.num_held + c.actions_bought <= c.held_action_cap &&
      (p.action_deck_size + p.hidden_discard_size >= c.actions_bought ||
       action_available(p) >= c.actions_bought))
    m |= 1u << kBuyActions;
  const int combat = p.combat_deck_size >= 2 ? 2 : combat_available(p);
  if (dp >= c.price_combat && combat >= 2) m |= 1u << kBuyCombat;
  // The largest discount bounds the price from below: most of the time the ability is not read.
  const int most_off = c.most_ftt_discount;
  if (p.ftt != seat && dp >= c.price_ftt + p.ftt_steals - most_off && dp >= ftt_price(p, seat))
    m |= 1u << kBuyFtt;
  if (combat >= 1 && two_to_give(s)) m |= 1u << kBuyExchange;
  return m;
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
}  // namespace turf::turfwars::kernel
