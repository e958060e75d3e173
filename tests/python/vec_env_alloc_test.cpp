// Issue 26 (speed): the VecEnv's stepping path allocates nothing of its own, in every game and
// player count, with and without a random opponent, the legal mask and the padded legal ids
// included. Counted with replaced operator new/delete.
//
// A step in which some game ended also sets a new game up (the game's factory allocates the new
// state), so only steps in which no game ended are counted. With observations, each game's step
// builds the View the observation comes from (the game's view constructor allocates); the test
// requires the VecEnv to add nothing to what building those views costs alone.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game.h"
#include "core/view.h"
#include "python/vec_env.h"

#include "alloc_count.h"

namespace turf {
namespace {

struct Case {
  std::string game;
  int players;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const auto& g : Registry::instance().games())
    for (int p = g->min_players; p <= g->max_players; ++p) out.push_back({g->id, p});
  return out;
}

// Allocations of the steps in which no game ended, and how many such steps there were.
struct Count {
  long allocations = 0, steps = 0;
};

Count count_steps(VecEnv& env, int steps, long* view_allocations = nullptr) {
  std::vector<std::int64_t> actions(env.n());
  Count c;
  for (int k = 0; k < steps; ++k) {
    env.sample_actions(actions.data());
    g_allocations = 0;
    g_counting = true;
    env.step(actions.data());
    g_counting = false;
    const long made = g_allocations;
    bool ended = false;
    for (int i = 0; i < env.n(); ++i) ended = ended || env.terminated()[i];
    if (ended) continue;
    if (view_allocations) {
      // What the views of the seats deciding now cost alone: the step built the same ones.
      g_allocations = 0;
      g_counting = true;
      for (int i = 0; i < env.n(); ++i) {
        const State& s = env.state(i);
        const View v(&s.game(), s.to_move(), s.to_move(), s.terminal(), s.move_number(), {},
                     s.make_view_data(s.to_move()));
      }
      g_counting = false;
      *view_allocations += g_allocations;
    }
    c.allocations += made;
    ++c.steps;
  }
  return c;
}

TEST(VecEnvAllocation, NoneWhileStepping) {
  for (const auto& c : cases()) {
    for (const std::string opponent : {"", "random"}) {
      VecEnvConfig config;
      config.game = c.game;
      config.options = {{"players", std::to_string(c.players)}};
      config.n = 4;
      config.seed = 11;
      config.observations = false;
      config.opponent = opponent;
      config.legal_ids = 1;  // the padded ids are written too
      VecEnv env(config);
      count_steps(env, 50);  // warm-up: the legal lists reach their sizes
      const Count n = count_steps(env, 400);
      EXPECT_GT(n.steps, 100) << c.game << " " << c.players;
      EXPECT_EQ(n.allocations, 0) << c.game << " players=" << c.players << " opponent='" << opponent
                                  << "': " << n.allocations << " allocations in " << n.steps
                                  << " steps";
    }
  }
}

TEST(VecEnvAllocation, ObservationsOnlyWhatTheViewsCost) {
  for (const auto& c : cases()) {
    VecEnvConfig config;
    config.game = c.game;
    config.options = {{"players", std::to_string(c.players)}};
    config.n = 4;
    config.seed = 5;
    VecEnv env(config);
    count_steps(env, 50);
    long views = 0;
    const Count n = count_steps(env, 300, &views);
    EXPECT_GT(n.steps, 100) << c.game << " " << c.players;
    EXPECT_EQ(n.allocations, views) << c.game << " players=" << c.players;
  }
}

}  // namespace
}  // namespace turf
