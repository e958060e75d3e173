// How long a bot takes to decide, for choosing the presets (docs/ai.md): plays whole games with
// the measured bot in one seat (seat g mod players in game g) and the opponent spec in the others,
// and times every decision of the measured bot that has more than one legal action. Prints the
// median, 90th percentile and largest time, both wall clock and the thread's CPU time (the CPU
// time is what the bot would take on an idle core of this machine, whatever the load).
//
//   turf_decision_times GAME PLAYERS BOT OPPONENT GAMES [SEED]
//   turf_decision_times turfwars 6 mcts:iters=20000,cutoff=12 greedy 2
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "bots/agent.h"
#include "core/game.h"
#include "core/match.h"
#include "core/rng.h"

namespace {

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

}  // namespace

int main(int argc, char** argv) {
  using namespace turf;
  if (argc < 6) {
    std::fprintf(stderr,
                 "error: usage: turf_decision_times GAME PLAYERS BOT OPPONENT GAMES [SEED]\n");
    return 2;
  }
  try {
    const GameInfo& game = Registry::instance().find(argv[1]);
    const Options options = game.resolve({{"players", argv[2]}});
    const int players = options.players();
    const std::string bot = argv[3], opponent = argv[4];
    char* end = nullptr;
    const long games = std::strtol(argv[5], &end, 10);
    if (*end != '\0' || games < 1 || games > 100000)
      throw Error(std::string("GAMES must be a number from 1 to 100000, not '") + argv[5] + "'");
    const std::uint64_t seed = argc > 6 ? std::strtoull(argv[6], nullptr, 10) : 1;
    make_bot(bot, 0);
    make_bot(opponent, 0);
    std::vector<double> wall, cpu;
    for (long g = 0; g < games; ++g) {
      const std::uint64_t game_seed = mix_seed(seed, static_cast<std::uint64_t>(g));
      const Seat me = static_cast<Seat>(g % players);
      std::vector<SeatInfo> seats;
      std::vector<std::unique_ptr<Agent>> agents;
      for (int s = 0; s < players; ++s) {
        const std::string& spec = s == me ? bot : opponent;
        seats.push_back({spec, spec});
        agents.push_back(make_bot(spec, mix_seed(game_seed, static_cast<std::uint64_t>(s) + 1)));
      }
      Match m(game, options, game_seed, std::move(seats));
      while (!m.over()) {
        const Seat s = m.state().to_move();
        const View v = m.view(s, false);
        if (s != me || v.legal().size() < 2) {
          m.apply(agents[static_cast<std::size_t>(s)]->choose(v));
          continue;
        }
        const auto w0 = std::chrono::steady_clock::now();
        const double c0 = thread_cpu_seconds();
        const Action a = agents[static_cast<std::size_t>(s)]->choose(v);
        cpu.push_back(thread_cpu_seconds() - c0);
        wall.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count());
        m.apply(a);
      }
    }
    std::printf("%s players=%d bot=%s opponent=%s games=%ld decisions=%zu\n", argv[1], players,
                bot.c_str(), opponent.c_str(), games, cpu.size());
    std::printf("cpu  ms: median %.1f  p90 %.1f  max %.1f\n", 1e3 * quantile(cpu, 0.5),
                1e3 * quantile(cpu, 0.9), 1e3 * quantile(cpu, 1.0));
    std::printf("wall ms: median %.1f  p90 %.1f  max %.1f\n", 1e3 * quantile(wall, 0.5),
                1e3 * quantile(wall, 0.9), 1e3 * quantile(wall, 1.0));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
  return 0;
}
