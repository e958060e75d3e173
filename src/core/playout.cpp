#include "core/playout.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>

#include "core/parallel.h"

namespace turf {

long random_playout(State& state, Rng& rng, std::vector<Action>& buf, std::vector<Action>* trace) {
  long n = 0;
  while (!state.terminal()) {
    state.legal_actions(buf);
    const Action a = buf[rng.below(static_cast<std::uint32_t>(buf.size()))];
    if (trace) trace->push_back(a);
    state.apply_unchecked(a);
    ++n;
  }
  return n;
}

Throughput measure_random_games(const GameInfo& game, const Options& options, double min_seconds,
                                int threads, std::uint64_t seed) {
  using Clock = std::chrono::steady_clock;
  std::atomic<long> games{0}, actions{0};
  std::atomic<bool> stop{false};
  const auto start = Clock::now();
  auto work = [&](int t) {
    Rng rng(mix_seed(seed, static_cast<std::uint64_t>(t)));
    std::vector<Action> buf;
    buf.reserve(256);
    long g = 0, a = 0;
    while (!stop.load(std::memory_order_relaxed)) {
      for (int k = 0; k < 16; ++k) {
        auto s = game.create(options, rng.next());
        a += random_playout(*s, rng, buf);
        ++g;
      }
      if (t == 0 && std::chrono::duration<double>(Clock::now() - start).count() >= min_seconds)
        stop = true;
    }
    games += g;
    actions += a;
  };
  {
    std::vector<std::jthread> pool;
    start_threads(pool, threads, work);  // out of threads or memory: measure with fewer
    work(0);
  }  // joined here
  Throughput r;
  r.games = games;
  r.actions = actions;
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

namespace {
void fnv(std::uint64_t& h, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) {
    h ^= (v >> (8 * i)) & 0xFF;
    h *= 0x100000001B3ULL;
  }
}
}  // namespace

std::string bench_signature(const GameInfo& game, int games) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  std::vector<Action> buf, trace;
  for (int players = game.min_players; players <= game.max_players; ++players) {
    const Options options = game.resolve({{"players", std::to_string(players)}});
    for (int g = 0; g < games; ++g) {
      const std::uint64_t seed = mix_seed(0x7475726662656E63ULL, static_cast<std::uint64_t>(g));
      auto s = game.create(options, seed);
      Rng rng(seed ^ 0x5EED);
      trace.clear();
      random_playout(*s, rng, buf, &trace);
      for (Action a : trace) fnv(h, static_cast<std::uint64_t>(a));
      for (double v : s->scores()) fnv(h, static_cast<std::uint64_t>(std::llround(v * 1000)));
    }
  }
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(h));
  return out;
}

}  // namespace turf
