// Issue 18 (speed): no heap allocation per MCTS iteration, in every game at every player count.
//
// This executable replaces the global operator new/delete with counting versions. Each test
// builds a search on a view from the middle of a seeded random game, warms it up (the first
// iterations create the one sampled world, the greedy look-ahead state and the value buffers),
// then counts every allocation over the next iterations and requires none. The tree's nodes are
// reserved for the whole iteration budget when the search is built (an iteration adds at most one
// node), as MctsBot does for an iteration budget, so node growth is not excused either.
//
// Also here: sampling a world into an existing state gives the same world as sample_world and
// draws the same numbers from the generator (so search plays the same moves as before).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "bots/mcts.h"
#include "core/game.h"
#include "core/view.h"

#include "alloc_count.h"

namespace turf {
namespace {

// Decision points from seeded random games: after `advance` random actions, the next state
// where the mover has a real choice.
std::unique_ptr<State> position(const GameInfo& g, int players, std::uint64_t seed, int advance) {
  auto s = g.create(g.resolve({{"players", std::to_string(players)}}), seed);
  Rng r(seed * 7 + 3);
  std::vector<Action> legal;
  for (int i = 0; i < advance && !s->terminal(); ++i) {
    s->legal_actions(legal);
    s->apply_unchecked(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  while (!s->terminal()) {
    s->legal_actions(legal);
    if (legal.size() > 1) break;
    s->apply_unchecked(legal[0]);
  }
  return s;
}

struct Counted {
  long allocations;
  long iterations;
};

Counted count_iterations(const View& view, const MctsConfig& config, int warm, int counted) {
  MctsSearch search(view, config, 12345, warm + counted + 1);
  for (int i = 0; i < warm; ++i) search.iterate();
  g_allocations = 0;
  g_counting = true;
  for (int i = 0; i < counted; ++i) search.iterate();
  g_counting = false;
  return {g_allocations.load(), search.iterations()};
}

// Every game, every player count, three depths: zero allocations over the counted iterations.
void expect_no_allocation(const MctsConfig& config, int warm, int counted) {
  for (const auto& g : Registry::instance().games()) {
    for (int players = g->min_players; players <= g->max_players; ++players) {
      for (int advance : {0, 15, 60}) {
        const auto s = position(*g, players, 900 + static_cast<std::uint64_t>(advance), advance);
        if (s->terminal()) continue;
        const View view = s->view(s->to_move(), false);
        const Counted c = count_iterations(view, config, warm, counted);
        EXPECT_EQ(c.allocations, 0) << g->id << " players=" << players << " after " << advance
                                    << " random actions: " << c.allocations << " allocations over "
                                    << counted << " iterations";
        EXPECT_EQ(c.iterations, warm + counted);
      }
    }
  }
}

TEST(NoHeapAllocationPerMctsIteration, RolloutsToTheEnd) {
  MctsConfig config;  // the game's rollout policy, played to the end
  expect_no_allocation(config, 100, 200);
}

TEST(NoHeapAllocationPerMctsIteration, CutoffEvaluation) {
  MctsConfig config;
  config.cutoff = 8;  // the game's evaluation at every cut-off
  expect_no_allocation(config, 100, 300);
}

TEST(NoHeapAllocationPerMctsIteration, GreedyRollouts) {
  MctsConfig config;
  config.rollout = MctsConfig::Rollout::kGreedy;  // a state copy and an evaluation per action
  config.cutoff = 4;
  expect_no_allocation(config, 50, 100);
}

TEST(NoHeapAllocationPerMctsIteration, ImplicitMinimaxBackups) {
  MctsConfig config;
  config.cutoff = 8;
  config.mix = 0.3;  // an evaluation at every leaf and minimax values in every node
  expect_no_allocation(config, 100, 300);
}

TEST(NoHeapAllocationPerMctsIteration, ImplicitMinimaxToTheEnd) {
  MctsConfig config;  // rollouts to the end; minimax values from the evaluation
  config.mix = 1;
  config.mix_fade = 0;  // the constant weight
  expect_no_allocation(config, 50, 200);
}

// The counter works: the same window around an allocating call counts it (so a zero above is
// not a counter that never counts).
TEST(NoHeapAllocationPerMctsIteration, TheCounterCounts) {
  const GameInfo& g = *Registry::instance().games().front();
  const auto s = position(g, g.min_players, 5, 10);
  const View view = s->view(s->to_move(), false);
  Rng r(1);
  g_allocations = 0;
  g_counting = true;
  auto world = view.sample_world(r);  // allocates the state
  g_counting = false;
  EXPECT_GE(g_allocations.load(), 1);
  EXPECT_TRUE(world != nullptr);
}

// sample_world_into gives the same world as sample_world and draws the same numbers, whatever
// the target state held before (here a world sampled from another game of the same kind).
TEST(NoHeapAllocationPerMctsIteration, SampleWorldIntoIsSampleWorld) {
  for (const auto& g : Registry::instance().games()) {
    for (int players = g->min_players; players <= g->max_players; ++players) {
      const auto other = position(*g, players, 4242, 30);
      for (int advance : {0, 7, 25, 80, 200}) {
        const auto s = position(*g, players, 300 + static_cast<std::uint64_t>(advance), advance);
        std::vector<Seat> viewers = {kSpectator, kOmniscient};
        for (int seat = 0; seat < s->num_seats(); ++seat) viewers.push_back(seat);
        for (Seat v : viewers) {
          const View view = s->view(v, false);
          Rng first(1);
          auto target = other->view(kOmniscient, false).sample_world(first);
          for (std::uint64_t k = 0; k < 3; ++k) {
            Rng a(77 + k), b(77 + k);
            const auto fresh = view.sample_world(a);
            view.sample_world_into(*target, b);
            EXPECT_TRUE(target->equals(*fresh))
                << g->id << " players=" << players << " advance=" << advance << " viewer=" << v;
            EXPECT_TRUE(a == b) << g->id << ": the two forms drew differently";
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace turf
