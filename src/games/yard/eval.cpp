// The yard evaluation for bots: an estimate of each seat's final points. The points now (Yard and
// Sway), plus what the position is likely to add before the end:
//   * each unswayed Neighbor in the row, in proportion to how far the seat is towards its
//     Criteria and Bribe (squared, so that being close counts much more than having started);
//   * open Places (cards can be played there), money, and cards held in hand or Garage at part of
//     their value (they still need a Home turn and a Place).
// Everything but the points now fades as the Neighbor row empties.
#include <algorithm>
#include <cmath>

#include "games/yard/game.h"

namespace turf::yard {

namespace {

// Weights in VP, chosen by hand; docs/rules/yard.md ("Bots") measures the bots that use them.
constexpr double kNeighborShare = 0.6;  // of a Neighbor's VP when its requirements are met
constexpr double kOpenPlace = 0.4;      // an empty Place, up to kOpenPlacesCounted
constexpr int kOpenPlacesCounted = 4;
constexpr double kMoneyVp = 0.12;     // per $, up to kMoneyCounted
constexpr int kMoneyCounted = 25;     // enough for Maximilian and a card
constexpr double kHeldShare = 0.5;    // of a held card's own VP
constexpr double kHeldPest = 1.0;     // a Pest in hand or Garage will cost a rival about this
constexpr double kHeldScoring = 2.0;  // a held card that scores by counting (Gnome, Flamingo ...)

double ratio(int have, int need) {
  return need <= 0 ? 1.0 : std::min(1.0, static_cast<double>(have) / need);
}

// How far a seat is towards a Neighbor, in [0, 1]: the product of its Criteria and Bribe ratios.
double progress(const Position& p, int seat, const NeighborDef& d) {
  const Player& pl = p.players[seat];
  const Criteria& c = d.criteria;
  double r = 1.0;
  for (int s = 0; s < kNumSymbols; ++s)
    if (c.symbols[s]) r *= ratio(yard_symbols(pl, s), c.symbols[s]);
  if (c.cards) r *= ratio(pl.yard_size, c.cards);
  if (c.places) r *= ratio(yard_places(pl), c.places);
  if (c.grass) r *= ratio(grass_count(pl), c.grass);
  if (c.tallest) r *= ratio(tallest_pile(pl), c.tallest);
  const BribeNeeds need = bribe_needs(d.bribe);
  r *=
      ratio(pl.money, need.money) * ratio(pl.yard_size, need.yard) * ratio(pl.hand_size, need.hand);
  if (has_no_sway_card(pl)) r *= 0.5;  // a Skunk must go first
  return r;
}

double held_value(const CardDef& d) {
  if (d.is(kEvent) || d.is(kTool)) return 0.0;  // Tools come back: their effects count when used
  if (d.is(kPest)) return kHeldPest;
  if (d.vp_rule != VpRule::kFlat) return kHeldScoring;
  return kHeldShare * std::max(0, d.vp) + 0.3 * d.places;
}

}  // namespace

void evaluate_into(const State& state, std::vector<double>& v) {
  const Position& p = dynamic_cast<const YardState&>(state).position();
  const Content& c = content();
  v.assign(static_cast<std::size_t>(p.seats), 0.0);
  for (int s = 0; s < p.seats; ++s) v[s] = score(p, s);
  if (p.over()) return;
  // How much of the game is left: Neighbors still to sway out of all that will be.
  const int total = kRowSlots + (p.seats - 2);
  int swayed = 0;
  for (int s = 0; s < p.seats; ++s) swayed += neighbors_swayed(p.players[s]);
  const double left = std::clamp(1.0 - static_cast<double>(swayed) / total, 0.0, 1.0);
  for (int s = 0; s < p.seats; ++s) {
    const Player& pl = p.players[s];
    double extra = 0;
    for (int i = 0; i < p.row_size; ++i) {
      const NeighborDef& d = c.neighbors[p.row[i]];
      const double r = progress(p, s, d);
      extra += kNeighborShare * d.vp * r * r;
    }
    int open = 0;
    for (int q = 0; q < kPiles; ++q) open += std::max(0, pile_places(pl, q) - pile_cards(pl, q));
    extra += kOpenPlace * std::min(open, kOpenPlacesCounted);
    extra += kMoneyVp * std::min<int>(pl.money, kMoneyCounted);
    for (int k = 0; k < static_cast<int>(c.cards.size()); ++k) {
      const int held = pl.hand[k] + pl.garage[k];
      if (held) extra += held * held_value(c.cards[k]);
    }
    v[s] += extra * (0.3 + 0.7 * left);
  }
}

}  // namespace turf::yard
