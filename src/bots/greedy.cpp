#include "bots/greedy.h"

#include <limits>

#include "bots/eval.h"

namespace turf {

std::string GreedyBot::spec() const {
  return "greedy:worlds=" + std::to_string(config_.worlds) +
         ",budget=" + std::to_string(config_.budget);
}

// The best lead `me` can reach by the end of its own turn from s (s is consumed). A stop signal
// is polled every 256 positions; once it is due the turn is finished at random (the caller drops
// the value).
double GreedyBot::finish_turn(State& s, Seat me, int& budget) {
  if (s.terminal() || s.to_move() != me) return lead(evaluate(s), me);
  std::vector<Action> legal;
  s.legal_actions(legal);
  if (budget <= 0 || ((budget & 255) == 0 && stopping())) {  // out of budget: finish at random
    budget = 0;
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
  // total: over the complete worlds; partial: the world in progress when a stop signal came
  // (its first `evaluated` actions). Stopped, the bot answers from the complete worlds, or from
  // the actions of the first world it evaluated.
  std::vector<double> total(legal.size(), 0.0), partial(legal.size(), 0.0);
  std::size_t evaluated = legal.size();
  for (int w = 0; w < config_.worlds; ++w) {
    const auto world = view.sample_world(rng_);
    auto s = world->clone();
    std::size_t i = 0;
    for (; i < legal.size(); ++i) {
      if (stopping()) break;
      s->copy_from(*world);
      s->apply_unchecked(legal[i].id);
      int budget = config_.budget;
      partial[i] = finish_turn(*s, me, budget);
      if (stopping()) break;
    }
    if (i < legal.size()) {  // stopped in this world
      if (w == 0)
        total.assign(partial.begin(), partial.end()), evaluated = std::max<std::size_t>(i, 1);
      break;
    }
    for (std::size_t k = 0; k < legal.size(); ++k) total[k] += partial[k];
  }
  // The best average; ties go to a random one of the best (the seeded generator keeps it
  // reproducible).
  double best = -std::numeric_limits<double>::infinity();
  std::vector<std::size_t> ties;
  for (std::size_t i = 0; i < evaluated; ++i) {
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
