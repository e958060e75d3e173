// `turf sim`: the balance lab's batch simulation, and `turf sim merge` for shards.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>
#include <thread>

#include "bots/agent.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "core/match.h"
#include "lab/experiment.h"
#include "lab/report.h"

namespace turf::cli {

namespace {

namespace fs = std::filesystem;

std::string pct(double v) {
  char b[16];
  std::snprintf(b, sizeof b, "%.3f", v);
  return b;
}

std::string ci(const nlohmann::json& share) {
  return "[" + pct(share["ci95"][0].get<double>()) + ", " + pct(share["ci95"][1].get<double>()) +
         "]";
}

void print_summary(const nlohmann::json& s) {
  const auto& e = s["experiment"];
  std::printf("%s  seats %s  seed %llu\n", e["game"].get<std::string>().c_str(),
              e["seats"].dump().c_str(),
              static_cast<unsigned long long>(e["seed"].get<std::uint64_t>()));
  for (const auto& c : s["cells"]) {
    std::printf("\n== %s  (%.0f games)\n", c["label"].get<std::string>().c_str(),
                c["games"].get<double>());
    std::printf("  %-26s %9s %16s %18s\n", "seat / attribute", "win share", "95% CI", "mean score");
    for (const auto& seat : c["seats"]) {
      const auto& w = seat["win_share"];
      char sc[48];
      std::snprintf(sc, sizeof sc, "%8.2f ±%.2f", seat["score"]["mean"].get<double>(),
                    seat["score"]["ci95"].get<double>());
      std::printf("  %-26s %9s %16s %18s\n",
                  ("seat " + std::to_string(seat["seat"].get<int>()) + " " +
                   seat["agent"].get<std::string>())
                      .c_str(),
                  pct(w["value"]).c_str(), ci(w).c_str(), sc);
    }
    if (c["agents"].size() > 1)
      for (const auto& a : c["agents"])
        std::printf("  %-26s %9s %16s\n", ("agent " + a["agent"].get<std::string>()).c_str(),
                    pct(a["win_share"]["value"]).c_str(), ci(a["win_share"]).c_str());
    for (const auto& a : c["attributes"])
      std::printf("  %-26s %9s %16s   n=%.0f\n",
                  (a["key"].get<std::string>() + "=" + a["value"].get<std::string>()).c_str(),
                  pct(a["win_share"]["value"]).c_str(), ci(a["win_share"]).c_str(),
                  a["win_share"]["n"].get<double>());
    std::printf("  %-26s %9s %16s\n", "draws", pct(c["draw_rate"]["value"]).c_str(),
                ci(c["draw_rate"]).c_str());
    const auto& len = c["length"];
    std::printf("  length: mean %.1f ±%.1f, median %.0f, 10%%-90%% %.0f-%.0f actions\n",
                len["mean"].get<double>(), len["ci95"].get<double>(), len["median"].get<double>(),
                len["p10"].get<double>(), len["p90"].get<double>());
    for (const auto& k : c["counters"])
      std::printf("  %-26s mean %.3f ±%.3f\n", k["name"].get<std::string>().c_str(),
                  k["value"]["mean"].get<double>(), k["value"]["ci95"].get<double>());
  }
  bool header = false;
  for (const auto& t : s["comparisons"]) {
    if (!header)
      std::printf("\nDifferences from the baseline (%s):\n",
                  t["baseline_label"].get<std::string>().c_str());
    header = true;
    std::printf("  %-22s %-28s %+8.3f  [%+.3f, %+.3f]  p=%.4f%s\n",
                t["cell_label"].get<std::string>().c_str(), t["metric"].get<std::string>().c_str(),
                t["difference"].get<double>(), t["ci95"][0].get<double>(),
                t["ci95"][1].get<double>(), t["p_value"].get<double>(),
                t["significant"].get<bool>() ? "  *" : "");
  }
  if (header) std::printf("  (* significant at 5%%; two-proportion z-tests and Welch tests)\n");
  if (s.contains("sprt"))
    for (const auto& d : s["sprt"])
      std::printf("\nSequential test \"%s\" [%s]: %s after %ld games (estimate %.3f %s)\n",
                  d["until"].get<std::string>().c_str(), d["cell_label"].get<std::string>().c_str(),
                  d["meaning"].get<std::string>().c_str(), d["games"].get<long>(),
                  d["estimate"].get<double>(), ci(nlohmann::json{{"ci95", d["ci95"]}}).c_str());
}

void write_outputs(const nlohmann::json& summary, const std::vector<lab::GameLine>* lines,
                   const nlohmann::json* experiment, const std::string& dir,
                   const std::string& report) {
  if (!dir.empty()) {
    fs::create_directories(dir);
    if (experiment)
      write_file((fs::path(dir) / "experiment.json").string(), experiment->dump(2) + "\n");
    if (lines) {
      std::string text;
      for (const auto& l : *lines) text += l.dump() + "\n";
      write_file((fs::path(dir) / "games.jsonl").string(), text);
    }
    write_file((fs::path(dir) / "summary.json").string(), summary.dump(2) + "\n");
  }
  if (!report.empty()) {
    const auto parent = fs::path(report).parent_path();
    if (!parent.empty()) fs::create_directories(parent);
    write_file(report, lab::html_report(summary));
  }
}

std::vector<lab::GameLine> read_lines(const std::string& path) {
  std::vector<lab::GameLine> out;
  std::istringstream in(read_file(path));
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty()) continue;
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("cell") || !j.contains("index") ||
        !j.contains("ranking"))
      throw Error(path + ": line " + std::to_string(n) + " is not a game line");
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

int sim(const SimArgs& args) {
  lab::Experiment e;
  e.game = &Registry::instance().find(args.game);
  e.base_options = parse_option_list(args.options);
  e.seats = split_seat_specs(args.seats);
  for (const auto& s : e.seats) {
    if (s == "human") throw Error("the simulator plays bots only; 'human' cannot take a seat");
    make_bot(s, 0);  // validates
  }
  e.games = args.games;
  e.seed = args.seed;
  for (const auto& s : args.sweeps) e.sweeps.push_back(lab::parse_sweep(s));
  if (!args.shard.empty()) std::tie(e.shard, e.shards) = lab::parse_shard(args.shard);
  if (!args.until.empty()) e.until = lab::parse_until(args.until);
  for (const auto& c : e.cells()) e.seats_for(c);  // validates every cell up front
  const int threads = args.threads > 0
                          ? args.threads
                          : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));

  const auto range = e.index_range();
  Progress progress(static_cast<long>(e.cells().size()) * (range.second - range.first));
  const auto result = lab::run(e, threads, !args.out.empty() && !args.no_records,
                               [&](long d, long) { progress.update(d); });
  nlohmann::json summary = lab::summarize(e, result.lines);
  if (!result.sprt.is_null()) summary["sprt"] = result.sprt;
  if (e.shards > 1) summary["shard"] = {e.shard + 1, e.shards};
  nlohmann::json experiment = e.to_json();
  experiment["shard"] = {e.shard + 1, e.shards};
  write_outputs(summary, &result.lines, &experiment, args.out, args.report);
  if (args.json)
    std::cout << summary.dump(2) << "\n";
  else
    print_summary(summary);
  return 0;
}

int sim_merge(const std::vector<std::string>& dirs, const std::string& out,
              const std::string& report, bool json) {
  std::optional<nlohmann::json> first;
  std::vector<lab::GameLine> lines;
  std::set<std::pair<int, long>> seen;
  for (const auto& dir : dirs) {
    auto ej = parse_json(read_file((fs::path(dir) / "experiment.json").string()),
                         dir + "/experiment.json");
    ej.erase("shard");
    if (!first)
      first = ej;
    else if (*first != ej)
      throw Error(dir + " holds a different experiment than " + dirs.front() +
                  " (only shards of one experiment merge)");
    for (auto& l : read_lines((fs::path(dir) / "games.jsonl").string())) {
      if (!seen.insert({l["cell"].get<int>(), l["index"].get<long>()}).second)
        throw Error(dir + ": game " + l["index"].dump() + " of cell " + l["cell"].dump() +
                    " appears twice");
      lines.push_back(std::move(l));
    }
  }
  if (!first) throw Error("turf sim merge needs at least one directory");
  const lab::Experiment e = lab::Experiment::from_json(*first);
  if (e.until)
    throw Error("experiments with --until run on one machine; there is nothing to merge");
  const long expected = static_cast<long>(e.cells().size()) * e.games;
  if (static_cast<long>(lines.size()) != expected)
    throw Error("the shards hold " + std::to_string(lines.size()) + " of the experiment's " +
                std::to_string(expected) + " games; a shard is missing");
  const nlohmann::json summary = lab::summarize(e, lines);
  nlohmann::json experiment = e.to_json();
  experiment["shard"] = {1, 1};
  std::sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) {
    return std::make_pair(a["cell"].template get<int>(), a["index"].template get<long>()) <
           std::make_pair(b["cell"].template get<int>(), b["index"].template get<long>());
  });
  write_outputs(summary, &lines, &experiment, out, report);
  if (json)
    std::cout << summary.dump(2) << "\n";
  else
    print_summary(summary);
  return 0;
}

}  // namespace turf::cli
