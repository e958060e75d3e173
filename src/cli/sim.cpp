// `turf sim`: the balance lab's batch simulation, and `turf sim merge` for shards.
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "bots/agent.h"
#include "cli/commands.h"
#include "cli/lines.h"
#include "cli/progress.h"
#include "core/match.h"
#include "core/variant.h"
#include "lab/experiment.h"
#include "lab/report.h"
#include "table/seats.h"

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

// Per-card answers of a cell: the cards whose users won most and least often against the other
// seats (all of them when there are few; the report lists every card).
void print_cards(const nlohmann::json& c) {
  if (!c.contains("cards")) return;
  std::vector<const nlohmann::json*> rows;
  for (const auto& k : c["cards"])
    if (k.contains("difference")) rows.push_back(&k);
  if (rows.empty()) return;
  std::printf(
      "  cards: win share of the seats that used each against the seats that did not\n"
      "  (association, not cause: a sweep that changes the card is the causal test)\n");
  const std::size_t shown = 5;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows.size() > 2 * shown + 2 && i == shown) {
      std::printf("    ... %zu more (the report lists every card) ...\n", rows.size() - 2 * shown);
      i = rows.size() - shown;
    }
    const auto& k = *rows[i];
    const std::string name =
        k["name"].get<std::string>() + " (" + k["kind"].get<std::string>() + ")";
    std::printf(
        "    %-30s used in %3.0f%% of games   %6.3f vs %.3f  %+6.1f points [%+.1f, %+.1f]\n",
        name.c_str(), 100 * k["games"]["value"].get<double>(),
        k["users_win_share"]["value"].get<double>(), k["others_win_share"]["value"].get<double>(),
        100 * k["difference"].get<double>(), 100 * k["difference_ci95"][0].get<double>(),
        100 * k["difference_ci95"][1].get<double>());
  }
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
    print_cards(c);
  }
  // How many tests, how many false alarms chance alone would give, and what survives.
  auto counts = [&](const char* family) {
    if (!s.contains("multiple_testing")) return;
    const auto& m = s["multiple_testing"][family];
    std::printf(
        "  %ld tests; at 5%% each, about %.1f false alarms are expected by chance alone.\n"
        "  Significant: %ld uncorrected, %ld after Holm (any difference at all), %ld after "
        "Benjamini-Hochberg (which ones to look at).\n",
        m["tests"].get<long>(), m["expected_false_alarms"].get<double>(),
        m["significant_uncorrected"].get<long>(), m["significant_holm"].get<long>(),
        m["significant_bh"].get<long>());
  };
  auto marks = [](const nlohmann::json& t) {
    return std::string(t["significant_holm"].get<bool>()          ? "  **"
                       : t["significant_bh"].get<bool>()          ? "  *"
                       : t["significant_uncorrected"].get<bool>() ? "  (uncorrected only)"
                                                                  : "");
  };
  if (s.contains("fair_share_tests") && !s["fair_share_tests"].empty()) {
    std::printf("\nAgainst the fair share (every seat and seat attribute, one test each):\n");
    counts("fair_share");
    bool any = false;
    for (const auto& t : s["fair_share_tests"]) {
      if (!t["significant_uncorrected"].get<bool>()) continue;
      any = true;
      std::printf("  %-22s %-24s %6.3f vs %.3f  %+6.1f points  p=%.4f  Holm %.4f  BH %.4f%s\n",
                  t["cell_label"].get<std::string>().c_str(),
                  t["subject"].get<std::string>().c_str(), t["value"].get<double>(),
                  t["fair"].get<double>(), t["points"].get<double>(), t["p_value"].get<double>(),
                  t["p_holm"].get<double>(), t["p_bh"].get<double>(), marks(t).c_str());
    }
    if (any) std::printf("  (** significant after Holm, * after Benjamini-Hochberg only)\n");
    const auto& first = s["fair_share_tests"][0];
    std::printf(
        "  A seat needs about %.0f games to show a 5-point edge over a fair share of %.3f "
        "(80%% power, 5%% two-sided).\n",
        first["games_needed_5_points"].get<double>(), first["fair"].get<double>());
  }
  bool header = false;
  for (const auto& t : s["comparisons"]) {
    if (!header) {
      std::printf("\nDifferences from the baseline (%s):\n",
                  t["baseline_label"].get<std::string>().c_str());
      counts("comparisons");
    }
    header = true;
    if (t.contains("points"))
      std::printf(
          "  %-22s %-28s %+6.1f points [%+.1f, %+.1f]  p=%.4f  Holm %.4f  BH %.4f  "
          "(%.0f games a cell for 5 points)%s\n",
          t["cell_label"].get<std::string>().c_str(), t["metric"].get<std::string>().c_str(),
          t["points"].get<double>(), t["points_ci95"][0].get<double>(),
          t["points_ci95"][1].get<double>(), t["p_value"].get<double>(), t["p_holm"].get<double>(),
          t["p_bh"].get<double>(), t["games_needed_5_points"].get<double>(), marks(t).c_str());
    else
      std::printf("  %-22s %-28s %+8.3f  [%+.3f, %+.3f]  p=%.4f  Holm %.4f  BH %.4f%s\n",
                  t["cell_label"].get<std::string>().c_str(),
                  t["metric"].get<std::string>().c_str(), t["difference"].get<double>(),
                  t["ci95"][0].get<double>(), t["ci95"][1].get<double>(),
                  t["p_value"].get<double>(), t["p_holm"].get<double>(), t["p_bh"].get<double>(),
                  marks(t).c_str());
  }
  if (header)
    std::printf(
        "  (** significant after Holm, * after Benjamini-Hochberg only; two-proportion z-tests "
        "with Newcombe intervals for shares, Welch tests for means)\n");
  if (s.contains("sprt"))
    for (const auto& d : s["sprt"])
      std::printf("\nSequential test \"%s\" [%s]: %s after %ld games (estimate %.3f %s)\n",
                  d["until"].get<std::string>().c_str(), d["cell_label"].get<std::string>().c_str(),
                  d["meaning"].get<std::string>().c_str(), d["games"].get<long>(),
                  d["estimate"].get<double>(), ci(nlohmann::json{{"ci95", d["ci95"]}}).c_str());
}

volatile std::sig_atomic_t g_interrupted = 0;

extern "C" void on_interrupt(int sig) {
  g_interrupted = sig;
  std::signal(sig, SIG_DFL);  // a second signal ends the process at once
}

// One game line of a games.jsonl file, parsed and checked against the experiment; errors name
// the file and line.
lab::GameLine parse_line(const lab::Experiment& e, const LineReader& r, const std::string& text) {
  const std::string where = r.path() + ":" + std::to_string(r.number()) + ": ";
  auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) throw Error(where + "the line is not valid JSON");
  try {
    lab::validate_line(e, j);
  } catch (const Error& ex) {
    throw Error(where + ex.what());
  }
  return j;
}

std::pair<int, long> key_of(const lab::GameLine& l) {
  return {l["cell"].get<int>(), l["index"].get<long>()};
}

void write_summary(const nlohmann::json& summary, const std::string& dir,
                   const std::string& report) {
  if (!dir.empty()) write_file((fs::path(dir) / "summary.json").string(), summary.dump(2) + "\n");
  if (!report.empty()) write_file(report, lab::html_report(summary));
}

// The settings that make an experiment folder: two runs with the same manifest are the same
// experiment (shard and whether records are kept included).
nlohmann::json manifest_of(const lab::Experiment& e, bool records) {
  nlohmann::json m = e.to_json();
  m["shard"] = {e.shard + 1, e.shards};
  m["records"] = records;
  return m;
}

std::string differences(const nlohmann::json& a, const nlohmann::json& b) {
  std::string out;
  for (const auto& [k, v] : a.items())
    if (!b.contains(k) || b[k] != v) out += (out.empty() ? "" : ", ") + k;
  for (const auto& [k, v] : b.items())
    if (!a.contains(k)) out += (out.empty() ? "" : ", ") + k;
  return out;
}

void print_json_or_text(const nlohmann::json& summary, bool json) {
  if (json)
    std::cout << summary.dump(2) << "\n";
  else
    print_summary(summary);
}

}  // namespace

int sim(const SimArgs& args) {
  lab::Experiment e;
  e.game = &Registry::instance().find(args.game);
  e.base_options = parse_option_list(args.options);
  e.seats = split_seat_specs(args.seats);
  for (auto& s : e.seats) {  // a level becomes the game's preset; specs within the limits
    const auto plan = table::plan_seat(*e.game, s, table::BotLimits::cli());
    if (plan.kind == table::SeatKind::kHuman)
      throw Error("the simulator plays bots only; 'human' cannot take a seat");
    s = plan.agent;
  }
  e.games = args.games;
  e.seed = args.seed;
  e.cards = !args.no_cards;
  for (const auto& s : args.sweeps) e.sweeps.push_back(lab::parse_sweep(s));
  std::vector<std::string> variant_names;
  for (const auto& v : args.variants) {
    auto variant = lab::read_variant(*e.game, v);
    if (e.variants.count(variant.name))
      throw Error("variant '" + variant.name + "' is given twice");
    variant_names.push_back(variant.name);
    e.variants[variant.name] = std::move(variant.patch);
  }
  const bool variant_named = e.base_options.count("variant") ||
                             std::any_of(e.sweeps.begin(), e.sweeps.end(),
                                         [](const auto& s) { return s.key == "variant"; });
  if (!variant_names.empty() && !variant_named) {  // the variants against the base
    lab::Sweep sweep{"variant", {std::string(kBaseVariant)}};
    sweep.values.insert(sweep.values.end(), variant_names.begin(), variant_names.end());
    e.sweeps.insert(e.sweeps.begin(), std::move(sweep));
  }
  if (!args.shard.empty()) std::tie(e.shard, e.shards) = lab::parse_shard(args.shard);
  if (!args.until.empty()) e.until = lab::parse_until(args.until);
  if (e.until && e.shards > 1)
    throw Error("--until cannot be combined with --shard (a sequential test needs every game)");
  for (const auto& c : e.cells()) e.seats_for(c);  // validates every cell up front
  if (args.resume && args.force) throw Error("give --resume or --force, not both");
  if ((args.resume || args.force) && args.out.empty())
    throw Error(std::string(args.resume ? "--resume" : "--force") + " needs --out DIR");
  const int threads = args.threads > 0
                          ? args.threads
                          : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const auto ncells = e.cells().size();
  const bool keep_records = !args.out.empty() && !args.no_records;

  // Every output is checked before the first game.
  if (!args.report.empty()) prepare_output_file(args.report);
  lab::Summary summary(e);
  std::vector<long> done(ncells, 0);
  std::vector<std::vector<lab::GameLine>> prior(ncells);
  std::ofstream games_out;
  std::string games_path;
  if (!args.out.empty()) {
    prepare_output_dir(args.out);
    const std::string exp_path = (fs::path(args.out) / "experiment.json").string();
    games_path = (fs::path(args.out) / "games.jsonl").string();
    const std::string summary_path = (fs::path(args.out) / "summary.json").string();
    const nlohmann::json manifest = manifest_of(e, keep_records);
    std::error_code ec;
    const bool has_exp = fs::exists(exp_path, ec), has_games = fs::exists(games_path, ec),
               has_summary = fs::exists(summary_path, ec);
    bool resume = false;
    if (!args.force) {
      if (has_exp) {
        const auto old = parse_json(read_file(exp_path), "'" + exp_path + "'");
        if (old != manifest)
          throw Error(args.out + " holds another experiment (it differs in " +
                      differences(old, manifest) +
                      "); choose another --out, or --force to replace it");
        if (!args.resume)
          throw Error(args.out +
                      (has_summary ? " already holds this finished experiment"
                                   : " holds an unfinished run of this experiment") +
                      "; continue it with --resume, or start over with --force");
        resume = true;
      } else if (has_games || has_summary) {
        throw Error(args.out +
                    " holds results without an experiment.json; choose another --out, or "
                    "--force to replace them");
      } else if (args.resume) {
        std::fprintf(stderr, "note: %s holds no experiment yet; starting it\n", args.out.c_str());
      }
    }
    if (!resume) {
      for (const auto& p : {games_path, summary_path}) fs::remove(p, ec);
      write_file(exp_path, manifest.dump(2) + "\n");
    } else {
      fs::remove(summary_path, ec);  // written again at the end
      if (fs::exists(games_path, ec)) {
        LineReader reader(games_path);
        const auto [begin, end] = e.index_range();
        std::string text;
        bool complete = false;
        std::size_t cell = 0;
        while (reader.next(text, complete)) {
          if (!complete) {  // a line cut off by a killed run: drop it
            std::fprintf(stderr, "note: %s:%ld: dropping an unfinished last line\n",
                         games_path.c_str(), reader.number());
            fs::resize_file(games_path, reader.start());
            break;
          }
          if (text.empty()) continue;
          auto line = parse_line(e, reader, text);
          const auto [c, index] = key_of(line);
          while (cell < ncells && static_cast<std::size_t>(c) != cell &&
                 (e.until || done[cell] == end - begin))
            ++cell;
          if (cell >= ncells || static_cast<std::size_t>(c) != cell || index != begin + done[cell])
            throw Error(games_path + ":" + std::to_string(reader.number()) + ": game " +
                        std::to_string(index) + " of cell " + std::to_string(c) +
                        " is out of order (this file was not written by this experiment)");
          ++done[cell];
          if (e.until) {
            line.erase("record");
            prior[cell].push_back(line);
          }
          summary.add(line);
        }
      }
      long have = 0;
      for (long d : done) have += d;
      std::fprintf(stderr, "resuming: %ld games already played\n", have);
    }
    games_out.open(games_path, std::ios::binary | std::ios::app);
    if (!games_out) throw Error("cannot write '" + games_path + "'");
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
  }

  const auto range = e.index_range();
  long already = 0;
  for (long d : done) already += d;
  Progress progress(static_cast<long>(ncells) * (range.second - range.first), already);
  long written = already;
  nlohmann::json sprt;
  const bool complete = lab::run_stream(
      e, threads, keep_records, done, prior,
      [&](lab::GameLine&& line) {
        if (games_out.is_open()) {
          games_out << line.dump() << '\n';
          games_out.flush();
          if (!games_out) throw Error("cannot write '" + games_path + "' (is the disk full?)");
        }
        ++written;
        summary.add(line);
      },
      [&] { return g_interrupted != 0; }, e.until ? &sprt : nullptr,
      [&](long d, long) { progress.update(d - already); });
  if (!complete) {
    std::fflush(stdout);
    std::fprintf(stderr,
                 "\ninterrupted: %ld games are saved in %s; continue with the same command and "
                 "--resume\n",
                 written, games_path.c_str());
    return 130;
  }
  nlohmann::json result = summary.finish();
  if (e.until) result["sprt"] = sprt;
  if (e.shards > 1) result["shard"] = {e.shard + 1, e.shards};
  games_out.close();
  write_summary(result, args.out, args.report);
  print_json_or_text(result, args.json);
  return 0;
}

int sim_merge(const std::vector<std::string>& dirs, const std::string& out,
              const std::string& report, bool json) {
  std::optional<nlohmann::json> first;
  for (const auto& dir : dirs) {
    const std::string path = (fs::path(dir) / "experiment.json").string();
    auto ej = parse_json(read_file(path), "'" + path + "'");
    if (!ej.is_object()) throw Error(path + ": not an experiment description");
    ej.erase("shard");
    ej.erase("records");
    if (!first)
      first = ej;
    else if (*first != ej)
      throw Error(dir + " holds a different experiment than " + dirs.front() +
                  " (only shards of one experiment merge)");
  }
  if (!first) throw Error("turf sim merge needs at least one directory");
  const lab::Experiment e = lab::Experiment::from_json(*first);
  if (e.until)
    throw Error("experiments with --until run on one machine; there is nothing to merge");
  if (!report.empty()) prepare_output_file(report);
  nlohmann::json experiment = e.to_json();
  experiment["shard"] = {1, 1};
  std::ofstream merged;
  std::string merged_tmp;
  if (!out.empty()) {
    prepare_output_dir(out);
    const std::string exp_path = (fs::path(out) / "experiment.json").string();
    std::error_code ec;
    if (fs::exists(exp_path, ec)) {
      auto old = parse_json(read_file(exp_path), "'" + exp_path + "'");
      if (old.is_object()) old.erase("records");
      if (old != experiment) throw Error(out + " holds another experiment; choose another --out");
    }
    merged_tmp = (fs::path(out) / "games.jsonl.tmp").string();
    merged.open(merged_tmp, std::ios::binary | std::ios::trunc);
    if (!merged) throw Error("cannot write '" + merged_tmp + "'");
  }

  // A k-way merge of the shards' files, each in (cell, index) order: one line per shard in
  // memory, whatever the size of the experiment.
  struct Source {
    std::unique_ptr<LineReader> reader;
    std::string text;
    lab::GameLine line;
    bool has = false;
  };
  std::vector<Source> sources(dirs.size());
  auto advance = [&](Source& s) {
    const bool had = s.has;
    const std::pair<int, long> before = had ? key_of(s.line) : std::pair<int, long>{-1, -1};
    bool complete = false;
    s.has = false;
    while (s.reader->next(s.text, complete)) {
      if (s.text.empty()) continue;
      s.line = parse_line(e, *s.reader, s.text);
      if (had && key_of(s.line) <= before)
        throw Error(s.reader->path() + ":" + std::to_string(s.reader->number()) + ": game " +
                    s.line["index"].dump() + " of cell " + s.line["cell"].dump() +
                    (key_of(s.line) == before ? " appears twice" : " is out of order"));
      s.has = true;
      return;
    }
  };
  for (std::size_t i = 0; i < dirs.size(); ++i) {
    sources[i].reader = std::make_unique<LineReader>((fs::path(dirs[i]) / "games.jsonl").string());
    advance(sources[i]);
  }
  lab::Summary summary(e);
  long count = 0;
  std::pair<int, long> last{-1, -1};
  for (;;) {
    Source* next = nullptr;
    for (auto& s : sources)
      if (s.has && (!next || key_of(s.line) < key_of(next->line))) next = &s;
    if (!next) break;
    const auto key = key_of(next->line);
    if (last == key)
      throw Error(next->reader->path() + ":" + std::to_string(next->reader->number()) + ": game " +
                  std::to_string(key.second) + " of cell " + std::to_string(key.first) +
                  " appears twice");
    last = key;
    if (merged.is_open()) {
      merged << next->text << '\n';
      if (!merged) throw Error("cannot write '" + merged_tmp + "' (is the disk full?)");
    }
    summary.add(next->line);
    ++count;
    advance(*next);
  }
  const long expected = static_cast<long>(e.cells().size()) * e.games;
  if (count != expected)
    throw Error("the shards hold " + std::to_string(count) + " of the experiment's " +
                std::to_string(expected) + " games; a shard is missing");
  const nlohmann::json result = summary.finish();
  if (merged.is_open()) {
    merged.close();
    if (!merged) throw Error("cannot write '" + merged_tmp + "'");
    write_file((fs::path(out) / "experiment.json").string(), experiment.dump(2) + "\n");
    std::error_code ec;
    fs::rename(merged_tmp, fs::path(out) / "games.jsonl", ec);
    if (ec) throw Error("cannot write into '" + out + "': " + ec.message());
  }
  write_summary(result, out, report);
  print_json_or_text(result, json);
  return 0;
}

}  // namespace turf::cli
