// Turning a game's evaluation into what search needs: a value per seat in [0, 1].
#pragma once

#include <cmath>
#include <vector>

#include "core/game.h"

namespace turf {

// The game's evaluation, or the current scores when the game has none.
inline std::vector<double> evaluate(const State& s) {
  const auto& f = s.game().evaluate;
  return f ? f(s) : s.scores();
}

// How good the state is for each seat, in [0, 1]: the final outcome when the game is over,
// otherwise a logistic of each seat's lead over its strongest rival.
inline void seat_values(const State& s, std::vector<double>& out) {
  if (s.terminal()) {
    out = s.outcome();
    return;
  }
  const auto e = evaluate(s);
  const double scale = s.game().eval_scale;
  out.assign(e.size(), 0.0);
  for (std::size_t i = 0; i < e.size(); ++i) {
    double best_other = -1e300;
    for (std::size_t j = 0; j < e.size(); ++j)
      if (j != i) best_other = std::max(best_other, e[j]);
    out[i] = 1.0 / (1.0 + std::exp(-(e[i] - best_other) / scale));
  }
}

// A seat's lead over its strongest rival (points), for greedy comparisons.
inline double lead(const std::vector<double>& e, Seat seat) {
  double best_other = -1e300;
  for (std::size_t j = 0; j < e.size(); ++j)
    if (static_cast<Seat>(j) != seat) best_other = std::max(best_other, e[j]);
  return e[static_cast<std::size_t>(seat)] - best_other;
}

}  // namespace turf
