// `turf bench`: random-playout throughput (one core, all cores), MCTS iterations per second
// against the rollouts alone from the same positions, and the play signature.
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>

#include "bots/mcts.h"
#include "cli/commands.h"
#include "core/playout.h"
#include "core/view.h"
#include "table/limits.h"

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

// CPU seconds used by the calling thread: the paired figures below count the time the thread
// ran, not the time other processes held the core (this machine is shared).
double thread_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// One thread, the same positions and views: MCTS iterations against the rollouts alone (a world
// sampled from the same view, rolled out with the same policy from the view's position, and
// valued; no tree), timed in alternating slices of thread CPU time. Without a
// cut-off both play to the end; with one, an iteration applies its tree path plus the cut-off,
// so the rollouts alone are cut off after as many actions as the iterations applied on average
// so far: the same game work, without the tree.
struct Paired {
  double iterations_per_s = 0, rollouts_per_s = 0;
  double actions_per_iteration = 0;
  double ratio() const {  // time of an iteration over time of a rollout
    return iterations_per_s > 0 ? rollouts_per_s / iterations_per_s : 0;
  }
};

Paired mcts_vs_rollout(const GameInfo& g, const Options& options, MctsConfig config,
                       double seconds) {
  config.iterations = 0;
  config.seconds = 0;
  config.threads = 1;
  long iterations = 0, rollouts = 0, actions = 0;
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
      const double t0 = thread_seconds();
      for (int i = 0; i < slice; ++i) tree.iterate();
      const double t1 = thread_seconds();
      const int cutoff = config.cutoff > 0
                             ? static_cast<int>(static_cast<double>(tree.actions()) /
                                                    static_cast<double>(tree.iterations()) +
                                                0.5)
                             : 0;
      for (int i = 0; i < slice; ++i) plain.rollout_only(cutoff);
      const double t2 = thread_seconds();
      const double a = t1 - t0, b = t2 - t1;
      tree_s += a, rollout_s += b, spent += a + b;
    }
    iterations += tree.iterations();
    rollouts += plain.iterations();
    actions += tree.actions();
  }
  Paired p;
  if (tree_s > 0) p.iterations_per_s = static_cast<double>(iterations) / tree_s;
  if (rollout_s > 0) p.rollouts_per_s = static_cast<double>(rollouts) / rollout_s;
  if (iterations > 0) p.actions_per_iteration = static_cast<double>(actions) / iterations;
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
  if (args.players) {
    if (games.size() != 1) throw Error("--players needs a game (turf bench GAME --players N)");
    if (args.players < games[0]->min_players || args.players > games[0]->max_players)
      throw Error(games[0]->id + " is for " + std::to_string(games[0]->min_players) +
                  (games[0]->min_players == games[0]->max_players
                       ? ""
                       : " to " + std::to_string(games[0]->max_players)) +
                  " players, not " + std::to_string(args.players));
  }
  const int hw = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int threads = args.threads > 0 ? args.threads : hw;
  MctsConfig mcts_config;
  if (args.mcts) {
    const BotConfig bot = parse_bot_config(args.mcts_bot);
    if (bot.kind != "mcts")
      throw Error("--mcts-bot must be an mcts spec, not '" + args.mcts_bot + "'");
    table::BotLimits::cli().check(bot);
    mcts_config = bot.mcts;
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
      if (args.players && players != args.players) continue;
      const Options options = g->resolve({{"players", std::to_string(players)}});
      std::vector<double> gps, aps, par, len, m1, mall, pit, prs, pratio, pact;
      long counted = 0;  // random-playout actions applied in every measurement (Ir per action)
      for (int r = 0; r < args.repeat; ++r) {
        const auto one = measure_random_games(*g, options, args.seconds, 1, 1000 + r);
        gps.push_back(one.games_per_s());
        aps.push_back(one.actions_per_s());
        len.push_back(static_cast<double>(one.actions) / static_cast<double>(one.games));
        const auto all = measure_random_games(*g, options, args.seconds, threads, 2000 + r);
        counted += one.actions + all.actions;
        par.push_back(all.actions_per_s());
        if (args.mcts) {
          m1.push_back(mcts_rate(*g, options, mcts_config, 1, args.seconds / 4));
          mall.push_back(mcts_rate(*g, options, mcts_config, threads, args.seconds / 4));
          const Paired p = mcts_vs_rollout(*g, options, mcts_config, args.seconds);
          pit.push_back(p.iterations_per_s);
          prs.push_back(p.rollouts_per_s);
          pratio.push_back(p.ratio());
          pact.push_back(p.actions_per_iteration);
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
                       {"mcts_actions_per_iteration", args.mcts ? median(pact) : 0.0},
                       {"repeat", args.repeat},
                       {"seconds_each", args.seconds},
                       {"actions_counted", counted},
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
              " iteration/rollout time %.3f (%.1f actions an iteration)\n",
              "", "", human(median(pit)).c_str(), human(median(prs)).c_str(), median(pratio),
              median(pact));
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
