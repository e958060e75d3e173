#include "bots/greedy.h"

#include <limits>

#include "bots/eval.h"

namespace turf {

std::string GreedyBot::spec() const {
  return "greedy:worlds=" + std::to_string(config_.worlds) +
         ",budget=" + std::to_string(config_.budget);
}

// The best lead `me` can reach by the end of its own turn from s (s is consumed).
double GreedyBot::finish_turn(State& s, Seat me, int& budget) {
  if (s.terminal() || s.to_move() != me) return lead(evaluate(s), me);
  std::vector<Action> legal;
  s.legal_actions(legal);
  if (budget <= 0) {  // out of budget: finish the turn at random
    s.apply_unchecked(legal[rng_.below(static_cast<std::uint32_t>(legal.size()))]);
    return finish_turn(s, me, budget);
  }
  double best = -std::numeric_limits<double>::infinity();
  auto child = s.clone();
  for (Action a : legal) {
    --budget;
    child->copy_from(s);
    child->apply_unchecked(a);
    best = std::max(best, finish_turn(*child, me, budget));
  }
  return best;
}

Action GreedyBot::choose(const View& view) {
  const auto& legal = view.legal();
  if (legal.size() == 1) return legal[0].id;
  const Seat me = view.viewer();
  std::vector<double> total(legal.size(), 0.0);
  for (int w = 0; w < config_.worlds; ++w) {
    const auto world = view.sample_world(rng_);
    auto s = world->clone();
    for (std::size_t i = 0; i < legal.size(); ++i) {
      s->copy_from(*world);
      s->apply_unchecked(legal[i].id);
      int budget = config_.budget;
      total[i] += finish_turn(*s, me, budget);
    }
  }
  // The best average; ties go to a random one of the best (the seeded generator keeps it
  // reproducible).
  double best = -std::numeric_limits<double>::infinity();
  std::vector<std::size_t> ties;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    if (total[i] > best + 1e-9) {
      best = total[i];
      ties.assign(1, i);
    } else if (total[i] > best - 1e-9) {
      ties.push_back(i);
    }
  }
  return legal[ties[rng_.below(static_cast<std::uint32_t>(ties.size()))]].id;
}

}  // namespace turf
