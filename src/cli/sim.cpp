// `turf sim`: batch simulation for designers, with confidence intervals.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "bots/agent.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "core/match.h"
#include "core/term.h"
#include "lab/sim.h"
#include "lab/stats.h"

namespace turf::cli {

int sim(const SimArgs& args) {
  const GameInfo& game = Registry::instance().find(args.game);
  lab::SimConfig config;
  config.game = &game;
  config.options = game.resolve(parse_option_list(args.options));
  config.seats = split_seat_specs(args.seats);
  config.games = args.games;
  config.seed = args.seed;
  config.threads = args.threads > 0
                       ? args.threads
                       : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  config.keep_records = !args.out.empty();
  Progress progress(config.games);
  const auto t0 = std::chrono::steady_clock::now();
  const auto results = lab::simulate(config, [&](long d) { progress.update(d); });
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  if (!args.out.empty()) {
    std::string lines;
    for (const auto& r : results) {
      nlohmann::json j = {{"index", r.index},
                          {"seed", r.seed},
                          {"scores", r.scores},
                          {"ranking", r.ranking},
                          {"length", r.length},
                          {"attributes", r.attributes},
                          {"record", nlohmann::json::parse(r.record)}};
      lines += j.dump() + "\n";
    }
    write_file(args.out, lines);
  }

  const int seats = config.options.players();
  const double n = static_cast<double>(results.size());
  std::vector<double> share(seats, 0), wins(seats, 0), draws_at(seats, 0);
  std::vector<lab::Moments> score(seats);
  lab::Moments length;
  double draws = 0;
  std::map<std::string, std::pair<double, double>> by_attr;  // "key=value" -> (share sum, count)
  for (const auto& r : results) {
    int top = 0;
    for (int s = 0; s < seats; ++s) top += r.ranking[s] == 0;
    if (top > 1) draws += 1;
    for (int s = 0; s < seats; ++s) {
      const double w = r.ranking[s] == 0 ? 1.0 / top : 0.0;
      share[s] += w;
      wins[s] += (r.ranking[s] == 0 && top == 1);
      draws_at[s] += (r.ranking[s] == 0 && top > 1);
      score[s].add(r.scores[s]);
      if (s < static_cast<int>(r.attributes.size()))
        for (const auto& [k, v] : r.attributes[s]) {
          auto& a = by_attr[k + "=" + v];
          a.first += w;
          a.second += 1;
        }
    }
    length.add(r.length);
  }

  if (args.json) {
    nlohmann::json j;
    j["game"] = game.id;
    j["options"] = config.options.values();
    j["seats"] = config.seats;
    j["games"] = results.size();
    j["seed"] = config.seed;
    for (int s = 0; s < seats; ++s) {
      const auto ci = lab::wilson(share[s], n);
      j["by_seat"].push_back({{"seat", s},
                              {"agent", config.seats[s]},
                              {"win_share", share[s] / n},
                              {"ci95", {ci.low, ci.high}},
                              {"wins", wins[s]},
                              {"draws", draws_at[s]},
                              {"mean_score", score[s].mean},
                              {"score_ci95", score[s].ci95()}});
    }
    for (const auto& [k, a] : by_attr) {
      const auto ci = lab::wilson(a.first, a.second);
      j["by_attribute"][k] = {
          {"win_share", a.first / a.second}, {"ci95", {ci.low, ci.high}}, {"n", a.second}};
    }
    const auto dci = lab::wilson(draws, n);
    j["draw_rate"] = {{"value", draws / n}, {"ci95", {dci.low, dci.high}}};
    j["mean_length"] = length.mean;
    j["seconds"] = secs;
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::printf("%s  %s  %ld games  seed %llu  %.1fs on %d threads\n", game.id.c_str(),
              config.options.to_string().c_str(), static_cast<long>(results.size()),
              static_cast<unsigned long long>(config.seed), secs, config.threads);
  std::printf("%-5s %-24s %10s %18s %8s %8s %12s\n", "seat", "agent", "win share", "95% CI", "wins",
              "draws", "mean score");
  for (int s = 0; s < seats; ++s) {
    const auto ci = lab::wilson(share[s], n);
    std::printf("%-5d %-24s %10.3f    [%.3f, %.3f] %8.0f %8.0f %7.2f ±%.2f\n", s,
                config.seats[s].c_str(), share[s] / n, ci.low, ci.high, wins[s], draws_at[s],
                score[s].mean, score[s].ci95());
  }
  for (const auto& [k, a] : by_attr) {
    const auto ci = lab::wilson(a.first, a.second);
    std::printf("%-30s %10.3f    [%.3f, %.3f]  n=%.0f\n", k.c_str(), a.first / a.second, ci.low,
                ci.high, a.second);
  }
  const auto dci = lab::wilson(draws, n);
  std::printf("draws %.3f [%.3f, %.3f]   mean length %.1f actions\n", draws / n, dci.low, dci.high,
              length.mean);
  return 0;
}

}  // namespace turf::cli
