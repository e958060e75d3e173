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

#include "bots/config.h"
#include "core/game.h"
#include "core/match.h"
#include "core/rng.h"
#include "table/table.h"

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
    for (const auto& spec : {bot, opponent})  // specs within the command line's limits
      table::BotLimits::cli().check(parse_bot_config(spec));
    std::vector<double> wall, cpu;
    for (long g = 0; g < games; ++g) {
      const std::uint64_t game_seed = mix_seed(seed, static_cast<std::uint64_t>(g));
      const Seat me = static_cast<Seat>(g % players);
      std::vector<SeatInfo> seats;
      for (int s = 0; s < players; ++s) seats.push_back({s == me ? bot : opponent, ""});
      // The table layer plays the game (agents seeded from the game seed: table::SeedRule).
      table::Table t(Match(game, options, game_seed, std::move(seats)), {});
      while (!t.over()) {
        if (t.to_move() != me) {
          t.play_bot();
          continue;
        }
        auto turn = t.bot_turn();
        const auto w0 = std::chrono::steady_clock::now();
        const double c0 = thread_cpu_seconds();
        const auto answer = turn->run();
        if (turn->view().legal().size() > 1) {  // a real decision
          cpu.push_back(thread_cpu_seconds() - c0);
          wall.push_back(
              std::chrono::duration<double>(std::chrono::steady_clock::now() - w0).count());
        }
        if (t.complete(*turn, answer) != table::Refusal::kNone)
          throw Error("the measured bot chose an action it may not take");
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
