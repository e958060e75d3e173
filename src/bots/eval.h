// Turning a game's evaluation into what search needs: a value per seat in [0, 1].
#pragma once

#include <cmath>
#include <vector>

#include "core/game.h"

namespace turf {

// The game's evaluation written into `out` (reusing its storage: nothing is allocated once it
// has the seats' size), or the current scores when the game has none.
inline void evaluate_into(const State& s, std::vector<double>& out) {
  const GameInfo& g = s.game();
  if (g.evaluate_into)
    g.evaluate_into(s, out);
  else
    out = s.scores();
}

// The same, returned (for callers off the search's hot path).
inline std::vector<double> evaluate(const State& s) {
  std::vector<double> v;
  evaluate_into(s, v);
  return v;
}

// How good the state is for each seat, in [0, 1]: the final outcome when the game is over,
// otherwise a logistic of each seat's lead over its strongest rival. `e` is scratch for the
// evaluation; with it reused, nothing is allocated (search calls this every iteration).
inline void seat_values(const State& s, std::vector<double>& out, std::vector<double>& e) {
  if (s.terminal()) {
    s.outcome_into(out);
    return;
  }
  evaluate_into(s, e);
  const double scale = s.game().eval_scale;
  out.assign(e.size(), 0.0);
  for (std::size_t i = 0; i < e.size(); ++i) {
    double best_other = -1e300;
    for (std::size_t j = 0; j < e.size(); ++j)
      if (j != i) best_other = std::max(best_other, e[j]);
    out[i] = 1.0 / (1.0 + std::exp(-(e[i] - best_other) / scale));
  }
}

inline void seat_values(const State& s, std::vector<double>& out) {
  std::vector<double> e;
  seat_values(s, out, e);
}

// A seat's lead over its strongest rival (points), for greedy comparisons.
inline double lead(const std::vector<double>& e, Seat seat) {
  double best_other = -1e300;
  for (std::size_t j = 0; j < e.size(); ++j)
    if (static_cast<Seat>(j) != seat) best_other = std::max(best_other, e[j]);
  return e[static_cast<std::size_t>(seat)] - best_other;
}

}  // namespace turf
