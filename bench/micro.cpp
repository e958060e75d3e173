// Micro-benchmarks (Google Benchmark) of the engine's hot paths, per registered game.
// Run: build/release/bench/turf_benchmarks --benchmark_repetitions=5
// --benchmark_report_aggregates_only
#include <benchmark/benchmark.h>

#include "core/playout.h"
#include "core/view.h"

namespace turf {
namespace {

const GameInfo& game(const char* id) {
  return Registry::instance().find(id);
}

// Positions from the middle of seeded random games.
std::vector<std::unique_ptr<State>> midgames(const GameInfo& g, int n) {
  std::vector<std::unique_ptr<State>> out;
  std::vector<Action> buf;
  for (int i = 0; i < n; ++i) {
    auto s = g.create(g.resolve({}), 100 + i);
    Rng r(i);
    const int stop = 20 + i % 20;
    for (int k = 0; k < stop && !s->terminal(); ++k) {
      s->legal_actions(buf);
      s->apply_unchecked(buf[r.below(static_cast<std::uint32_t>(buf.size()))]);
    }
    out.push_back(std::move(s));
  }
  return out;
}

void RandomGame(benchmark::State& st, const char* id) {
  const GameInfo& g = game(id);
  const Options o = g.resolve({});
  Rng r(1);
  std::vector<Action> buf;
  long actions = 0;
  for (auto _ : st) {
    auto s = g.create(o, r.next());
    actions += random_playout(*s, r, buf);
  }
  st.counters["actions/s"] =
      benchmark::Counter(static_cast<double>(actions), benchmark::Counter::kIsRate);
}

void LegalActions(benchmark::State& st, const char* id) {
  auto states = midgames(game(id), 64);
  std::vector<Action> buf;
  std::size_t i = 0;
  for (auto _ : st) {
    states[i++ & 63]->legal_actions(buf);
    benchmark::DoNotOptimize(buf.data());
  }
}

void Clone(benchmark::State& st, const char* id) {
  auto states = midgames(game(id), 64);
  auto scratch = states[0]->clone();
  std::size_t i = 0;
  for (auto _ : st) {
    scratch->copy_from(*states[i++ & 63]);
    benchmark::DoNotOptimize(scratch.get());
  }
}

void SeatView(benchmark::State& st, const char* id) {
  auto states = midgames(game(id), 64);
  std::size_t i = 0;
  for (auto _ : st) {
    const State& s = *states[i++ & 63];
    auto v = s.make_view_data(s.terminal() ? 0 : s.to_move());
    benchmark::DoNotOptimize(v.get());
  }
}

void SampleWorld(benchmark::State& st, const char* id) {
  auto states = midgames(game(id), 64);
  std::vector<View> views;
  for (const auto& s : states) views.push_back(s->view(s->terminal() ? 0 : s->to_move()));
  Rng r(5);
  std::size_t i = 0;
  for (auto _ : st) {
    auto w = views[i++ & 63].sample_world(r);
    benchmark::DoNotOptimize(w.get());
  }
}

void Scores(benchmark::State& st, const char* id) {
  auto states = midgames(game(id), 64);
  std::size_t i = 0;
  for (auto _ : st) {
    auto v = states[i++ & 63]->scores();
    benchmark::DoNotOptimize(v.data());
  }
}

BENCHMARK_CAPTURE(RandomGame, dungeon, "dungeon");
BENCHMARK_CAPTURE(LegalActions, dungeon, "dungeon");
BENCHMARK_CAPTURE(Clone, dungeon, "dungeon");
BENCHMARK_CAPTURE(SeatView, dungeon, "dungeon");
BENCHMARK_CAPTURE(SampleWorld, dungeon, "dungeon");
BENCHMARK_CAPTURE(Scores, dungeon, "dungeon");

}  // namespace
}  // namespace turf

BENCHMARK_MAIN();
