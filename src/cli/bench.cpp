// `turf bench`: random-playout throughput (one core, all cores), MCTS iterations per second
// against the rollouts alone from the same positions, and the play signature.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>

#include "bots/mcts.h"
#include "cli/commands.h"
#include "core/playout.h"
#include "core/view.h"

namespace turf::cli {

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

std::string human(double v) {
  char buf[32];
  if (v >= 1e6)
    std::snprintf(buf, sizeof buf, "%.2fM", v / 1e6);
  else if (v >= 1e3)
    std::snprintf(buf, sizeof buf, "%.1fk", v / 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

// The bench's positions: the middle of seeded random games, at a real decision (nullptr when
// the game ended first).
std::unique_ptr<State> bench_position(const GameInfo& g, const Options& options, int k) {
  std::vector<Action> legal;
  auto s = g.create(options, 77 + k);
  Rng r(k);
  const int stop = 6 + 10 * k;
  for (int i = 0; i < stop && !s->terminal(); ++i) {
    s->legal_actions(legal);
    s->apply_unchecked(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  while (!s->terminal()) {  // a real decision
    s->legal_actions(legal);
    if (legal.size() > 1) break;
    s->apply_unchecked(legal[0]);
  }
  if (s->terminal()) return nullptr;
  return s;
}

// MCTS iterations per second on the bench's positions.
double mcts_rate(const GameInfo& g, const Options& options, MctsConfig config, int threads,
                 double seconds) {
  config.iterations = 0;
  config.seconds = seconds;
  config.threads = threads;
  long iterations = 0;
  double spent = 0;
  for (int k = 0; k < 4; ++k) {
    const auto s = bench_position(g, options, k);
    if (!s) continue;
    MctsBot bot(config, 5 + k);
    bot.choose(s->view(s->to_move(), false));
    iterations += bot.last_stats().iterations;
    spent += bot.last_stats().seconds;
  }
  return spent > 0 ? iterations / spent : 0;
}

// One thread, the same positions and views: MCTS iterations against the rollouts alone (a world
// sampled from the same view, rolled out with the same policy and cut-off from the view's
// position, and valued; no tree), timed in alternating slices so that both see the same load.
struct Paired {
  double iterations_per_s = 0, rollouts_per_s = 0;
  double ratio() const {  // time of an iteration over time of a rollout
    return iterations_per_s > 0 ? rollouts_per_s / iterations_per_s : 0;
  }
};

Paired mcts_vs_rollout(const GameInfo& g, const Options& options, MctsConfig config,
                       double seconds) {
  using Clock = std::chrono::steady_clock;
  config.iterations = 0;
  config.seconds = 0;
  config.threads = 1;
  long iterations = 0, rollouts = 0;
  double tree_s = 0, rollout_s = 0;
  for (int k = 0; k < 4; ++k) {
    const auto s = bench_position(g, options, k);
    if (!s) continue;
    const View view = s->view(s->to_move(), false);
    MctsSearch tree(view, config, 5 + static_cast<std::uint64_t>(k));
    MctsSearch plain(view, config, 5 + static_cast<std::uint64_t>(k));
    const int slice = 16;
    double spent = 0;
    while (spent < seconds / 4) {
      auto t0 = Clock::now();
      for (int i = 0; i < slice; ++i) tree.iterate();
      auto t1 = Clock::now();
      for (int i = 0; i < slice; ++i) plain.rollout_only();
      auto t2 = Clock::now();
      const double a = std::chrono::duration<double>(t1 - t0).count();
      const double b = std::chrono::duration<double>(t2 - t1).count();
      tree_s += a, rollout_s += b, spent += a + b;
    }
    iterations += tree.iterations();
    rollouts += plain.iterations();
  }
  Paired p;
  if (tree_s > 0) p.iterations_per_s = static_cast<double>(iterations) / tree_s;
  if (rollout_s > 0) p.rollouts_per_s = static_cast<double>(rollouts) / rollout_s;
  return p;
}

}  // namespace

int bench(const BenchArgs& args) {
  const auto& reg = Registry::instance();
  std::vector<const GameInfo*> games;
  if (args.game.empty())
    for (const auto& g : reg.games()) games.push_back(g.get());
  else
    games.push_back(&reg.find(args.game));
  const int hw = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int threads = args.threads > 0 ? args.threads : hw;
  MctsConfig mcts_config;
  if (args.mcts) {
    const auto bot = make_bot(args.mcts_bot, 1);
    const auto* m = dynamic_cast<const MctsBot*>(bot.get());
    if (!m) throw Error("--mcts-bot must be an mcts spec, not '" + args.mcts_bot + "'");
    mcts_config = m->config();
  }

  nlohmann::json out = nlohmann::json::array();
  if (!args.json)
    std::printf("%-10s %7s %10s %12s %12s %12s %12s  %s\n", "game", "players", "games/s",
                "actions/s", "actions/s", "per core", "length", "signature");
  if (!args.json)
    std::printf("%-10s %7s %10s %12s %12s %12s %12s\n", "", "", "(1 core)", "(1 core)",
                ("(" + std::to_string(threads) + " thr)").c_str(), "", "(mean)");
  for (const GameInfo* g : games) {
    const std::string signature = bench_signature(*g, kSignatureGames);
    for (int players = g->min_players; players <= g->max_players; ++players) {
      const Options options = g->resolve({{"players", std::to_string(players)}});
      std::vector<double> gps, aps, par, len, m1, mall, pit, prs, pratio;
      for (int r = 0; r < args.repeat; ++r) {
        const auto one = measure_random_games(*g, options, args.seconds, 1, 1000 + r);
        gps.push_back(one.games_per_s());
        aps.push_back(one.actions_per_s());
        len.push_back(static_cast<double>(one.actions) / static_cast<double>(one.games));
        const auto all = measure_random_games(*g, options, args.seconds, threads, 2000 + r);
        par.push_back(all.actions_per_s());
        if (args.mcts) {
          m1.push_back(mcts_rate(*g, options, mcts_config, 1, args.seconds / 4));
          mall.push_back(mcts_rate(*g, options, mcts_config, threads, args.seconds / 4));
          const Paired p = mcts_vs_rollout(*g, options, mcts_config, args.seconds);
          pit.push_back(p.iterations_per_s);
          prs.push_back(p.rollouts_per_s);
          pratio.push_back(p.ratio());
        }
      }
      const double m_par = median(par);
      if (args.json) {
        out.push_back({{"game", g->id},
                       {"players", players},
                       {"games_per_s_1core", median(gps)},
                       {"actions_per_s_1core", median(aps)},
                       {"threads", threads},
                       {"actions_per_s_all", m_par},
                       {"actions_per_s_per_core_all", m_par / threads},
                       {"mean_length", median(len)},
                       {"mcts_iterations_per_s_1thread", args.mcts ? median(m1) : 0.0},
                       {"mcts_iterations_per_s_all", args.mcts ? median(mall) : 0.0},
                       {"mcts_bot", args.mcts ? args.mcts_bot : ""},
                       // One thread, same positions, alternating slices: iterations against
                       // the rollouts alone, and the time of one over the other.
                       {"mcts_paired_iterations_per_s", args.mcts ? median(pit) : 0.0},
                       {"mcts_paired_rollouts_per_s", args.mcts ? median(prs) : 0.0},
                       {"mcts_iteration_over_rollout", args.mcts ? median(pratio) : 0.0},
                       {"repeat", args.repeat},
                       {"seconds_each", args.seconds},
                       {"signature", signature}});
      } else {
        std::printf("%-10s %7d %10s %12s %12s %12s %12.1f  %s\n", g->id.c_str(), players,
                    human(median(gps)).c_str(), human(median(aps)).c_str(), human(m_par).c_str(),
                    human(m_par / threads).c_str(), median(len), signature.c_str());
        if (args.mcts) {
          std::printf("%-10s %7s   MCTS iterations/s: %s on 1 thread, %s on %d threads (%s)\n", "",
                      "", human(median(m1)).c_str(), human(median(mall)).c_str(), threads,
                      args.mcts_bot.c_str());
          std::printf(
              "%-10s %7s   same positions, 1 thread: %s iterations/s, %s rollouts alone/s,"
              " iteration/rollout time %.3f\n",
              "", "", human(median(pit)).c_str(), human(median(prs)).c_str(), median(pratio));
        }
      }
    }
  }
  if (args.json)
    std::cout << out.dump(2) << "\n";
  else
    std::printf("medians of %d runs of %.2fs; hardware threads: %d\n", args.repeat, args.seconds,
                hw);
  return 0;
}

}  // namespace turf::cli
