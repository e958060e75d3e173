// `turf arena`: tournaments between bots, with win rates, confidence intervals and Elo.
// Results go to a JSON lines file, one game a line with its record; running the same command
// again with the same --out resumes (finished games are not played again), and
// `turf arena report FILE...` merges files into one table.
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <thread>

#include "bots/agent.h"
#include "bots/external.h"
#include "bots/presets.h"
#include "cli/commands.h"
#include "cli/lines.h"
#include "cli/progress.h"
#include "core/match.h"
#include "core/parallel.h"
#include "lab/arena.h"
#include "lab/sim.h"

namespace turf::cli {

namespace {

std::string signed_int(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.0f", v);
  return buf;
}

void print_table(const lab::ArenaTable& t, long games, bool json) {
  if (json) {
    nlohmann::json j;
    j["games"] = games;
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
      const auto& r = t.rows[i];
      nlohmann::json h;
      for (std::size_t k = 0; k < t.rows.size(); ++k)
        if (t.pair_games[i][k] > 0)
          h[t.rows[k].agent] = {{"score", t.head_to_head[i][k]}, {"games", t.pair_games[i][k]}};
      j["agents"].push_back({{"agent", r.agent},
                             {"games", r.games},
                             {"wins", r.wins},
                             {"draws", r.draws},
                             {"losses", r.losses},
                             {"win_rate", r.games ? r.share / r.games : 0},
                             {"win_rate_ci95", {r.share_ci.low, r.share_ci.high}},
                             {"elo", r.elo},
                             {"elo_ci95", {r.elo_ci.low, r.elo_ci.high}},
                             {"head_to_head", h}});
    }
    std::cout << j.dump(2) << "\n";
    return;
  }
  std::size_t w = 5;
  for (const auto& r : t.rows) w = std::max(w, r.agent.size());
  std::printf("%-*s %6s %6s %6s %6s %9s %16s %6s %16s\n", static_cast<int>(w), "agent", "games",
              "wins", "draws", "losses", "win rate", "95% CI", "Elo", "95% CI");
  for (const auto& r : t.rows) {
    std::printf("%-*s %6ld %6.0f %6.0f %6.0f %9.3f   [%.3f, %.3f] %6s %7s..%-7s\n",
                static_cast<int>(w), r.agent.c_str(), r.games, r.wins, r.draws, r.losses,
                r.games ? r.share / r.games : 0.0, r.share_ci.low, r.share_ci.high,
                signed_int(r.elo).c_str(), signed_int(r.elo_ci.low).c_str(),
                signed_int(r.elo_ci.high).c_str());
  }
  if (t.rows.size() > 2) {
    std::printf("\nhead to head (score of the row against the column):\n%-*s", static_cast<int>(w),
                "");
    for (std::size_t k = 0; k < t.rows.size(); ++k) std::printf(" %8zu", k + 1);
    std::printf("\n");
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
      std::printf("%-*s", static_cast<int>(w),
                  (std::to_string(i + 1) + " " + t.rows[i].agent).c_str());
      for (std::size_t k = 0; k < t.rows.size(); ++k) {
        if (t.pair_games[i][k] > 0)
          std::printf(" %8.3f", t.head_to_head[i][k]);
        else
          std::printf(" %8s", "-");
      }
      std::printf("\n");
    }
  }
  std::printf(
      "%ld games; Elo by Bradley-Terry over every pair of seats, 95%% intervals by bootstrap\n",
      games);
}

lab::ArenaGame from_line(const nlohmann::json& j) {
  if (!j.is_object()) throw std::runtime_error("not a JSON object");
  lab::ArenaGame g;
  if (!j.contains("index") || !j["index"].is_number_integer())
    throw std::runtime_error("'index' must be an integer");
  g.index = j.at("index").get<long>();
  g.seats = j.at("seats").get<std::vector<std::string>>();
  g.scores = j.at("scores").get<std::vector<double>>();
  g.ranking = j.at("ranking").get<std::vector<int>>();
  if (g.seats.size() != g.ranking.size() || g.seats.size() != g.scores.size() || g.seats.empty())
    throw std::runtime_error("seats, scores and ranking differ in length");
  for (int r : g.ranking)
    if (r < 0 || r >= static_cast<int>(g.ranking.size()))
      throw std::runtime_error("a rank is out of range");
  return g;
}

struct Line {
  nlohmann::json json;
  long number = 0;
};

// Reads the JSON lines of a results file, one at a time (no size limit on the file; 64 MiB on a
// line). A last line cut off by a killed run is skipped with a warning and its start returned
// in *torn (so that a resumed run can cut it off before appending); any other broken line is an
// error naming the file and line.
std::vector<Line> read_lines(const std::string& path,
                             std::optional<std::uintmax_t>* torn = nullptr) {
  std::vector<Line> out;
  LineReader reader(path);
  std::string text;
  bool complete = false;
  while (reader.next(text, complete)) {
    if (text.empty()) continue;
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (!j.is_discarded() && j.is_object() && complete) {
      out.push_back({std::move(j), reader.number()});
      continue;
    }
    const long number = reader.number();
    const auto start = reader.start();
    bool last = !complete;
    if (!last) {
      std::string rest;
      bool more = false;
      last = true;
      while (reader.next(rest, more))
        if (!rest.empty()) last = false;
    }
    if (!last) throw Error(path + ":" + std::to_string(number) + ": not a JSON object");
    std::fprintf(stderr, "warning: %s:%ld: ignoring an unfinished last line\n", path.c_str(),
                 number);
    if (torn) *torn = start;
    break;
  }
  return out;
}

}  // namespace

int arena(const ArenaArgs& args) {
  const GameInfo& game = Registry::instance().find(args.game);
  const Options options = game.resolve(parse_option_list(args.options));
  auto agents = split_seat_specs(args.agents);
  if (agents.empty() || agents[0].empty()) throw Error("--agents needs at least one bot spec");
  for (auto& a : agents) {
    if (a == "human") throw Error("the arena is for bots; 'human' cannot take part");
    if (is_external_spec(a)) {  // a program (bots/external.h; docs/bots.md)
      parse_external_spec(a);   // validates the spec
      continue;
    }
    a = resolve_bot_spec(game.id, a);  // a level becomes the game's preset
    make_bot(a, 0);                    // validates the spec
  }
  if (std::set<std::string>(agents.begin(), agents.end()).size() != agents.size())
    throw Error("each agent may appear once in --agents (for self-play, give one agent)");
  const int seats = options.players();
  const auto schedule =
      lab::Schedule::make(static_cast<int>(agents.size()), seats, args.games, args.seed);
  const nlohmann::json experiment = {{"game", game.id},
                                     {"rules_version", game.rules_version},
                                     {"options", options.values()},
                                     {"agents", agents},
                                     {"seed", args.seed},
                                     {"games", schedule.games}};

  std::vector<lab::ArenaGame> done;
  std::set<long> have;
  std::error_code ec;
  if (!args.out.empty()) prepare_output_file(args.out);  // before any game
  if (!args.out.empty() && std::filesystem::exists(args.out, ec)) {
    std::optional<std::uintmax_t> torn;
    for (const auto& [j, number] : read_lines(args.out, &torn)) {
      const std::string where = args.out + ":" + std::to_string(number) + ": ";
      if (!j.contains("experiment") || j["experiment"] != experiment) {
        std::string diff;
        if (j.contains("experiment") && j["experiment"].is_object())
          for (const auto& [k, v] : experiment.items())
            if (!j["experiment"].contains(k) || j["experiment"][k] != v)
              diff += (diff.empty() ? "" : ", ") + k;
        throw Error(where + "the file holds another tournament" +
                    (diff.empty() ? std::string() : " (it differs in " + diff + ")") +
                    "; choose another --out to keep experiments apart");
      }
      try {
        auto g = from_line(j);
        if (g.index < 0 || g.index >= schedule.games)
          throw std::runtime_error("game " + std::to_string(g.index) + " is not in the schedule");
        std::vector<std::string> expect;
        for (int a : schedule.seating(g.index))
          expect.push_back(agents[static_cast<std::size_t>(a)]);
        if (g.seats != expect) throw std::runtime_error("the seats differ from the schedule");
        if (have.insert(g.index).second) done.push_back(std::move(g));
      } catch (const std::exception& e) {
        throw Error(where + "a result line is malformed (" + e.what() + ")");
      }
    }
    if (torn) {  // cut the unfinished line off, so that new lines do not continue it
      std::filesystem::resize_file(args.out, *torn, ec);
      if (ec) throw Error("cannot repair '" + args.out + "': " + ec.message());
    }
    if (!done.empty())
      std::fprintf(stderr, "resuming: %zu of %ld games already played\n", done.size(),
                   schedule.games);
  }
  std::vector<long> todo;
  for (long g = 0; g < schedule.games; ++g)
    if (!have.count(g)) todo.push_back(g);

  std::ofstream out;
  if (!args.out.empty()) {
    out.open(args.out, std::ios::app);
    if (!out) throw Error("cannot write '" + args.out + "'");
  }
  const int threads = args.threads > 0
                          ? args.threads
                          : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  Progress progress(schedule.games, static_cast<long>(done.size()));
  std::mutex mutex;
  std::atomic<long> finished{0};
  parallel_for(static_cast<long>(todo.size()), threads, [&](long k) {
    const long g = todo[static_cast<std::size_t>(k)];
    std::vector<std::string> specs;
    for (int a : schedule.seating(g)) specs.push_back(agents[static_cast<std::size_t>(a)]);
    const auto r =
        lab::play_game(game, options, specs, mix_seed(args.seed, static_cast<std::uint64_t>(g)),
                       !args.out.empty());
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (out.is_open()) {
        nlohmann::json line = {
            {"experiment", experiment}, {"index", g},
            {"seats", specs},           {"seed", r.seed},
            {"scores", r.scores},       {"ranking", r.ranking},
            {"length", r.length},       {"record", nlohmann::json::parse(r.record)}};
        out << line.dump() << "\n" << std::flush;
        if (!out) throw Error("cannot write '" + args.out + "' (is the disk full?)");
      }
      done.push_back({g, specs, r.scores, r.ranking});
    }
    progress.update(finished.fetch_add(1) + 1);
  });
  std::sort(done.begin(), done.end(),
            [](const auto& a, const auto& b) { return a.index < b.index; });
  if (!args.json)
    std::printf("%s  %s  agents %zu  seed %llu\n", game.id.c_str(), options.to_string().c_str(),
                agents.size(), static_cast<unsigned long long>(args.seed));
  print_table(lab::arena_table(done, agents, args.seed), static_cast<long>(done.size()), args.json);
  return 0;
}

int arena_report(const std::vector<std::string>& files, bool json) {
  std::vector<lab::ArenaGame> games;
  std::vector<std::string> agents;
  std::set<std::string> seen_agents, seen_games;
  for (const auto& f : files) {
    for (const auto& [j, number] : read_lines(f)) {
      lab::ArenaGame g;
      try {
        g = from_line(j);
      } catch (const std::exception& e) {
        throw Error(f + ":" + std::to_string(number) + ": a result line is malformed (" + e.what() +
                    ")");
      }
      // The same game of the same experiment counts once, however many files hold it.
      const std::string key =
          (j.contains("experiment") ? j["experiment"].dump() : "") + "#" + std::to_string(g.index);
      if (!seen_games.insert(key).second) continue;
      for (const auto& a : g.seats)
        if (seen_agents.insert(a).second) agents.push_back(a);
      games.push_back(std::move(g));
    }
  }
  if (games.empty()) throw Error("no results in the given files");
  print_table(lab::arena_table(games, agents), static_cast<long>(games.size()), json);
  return 0;
}

}  // namespace turf::cli
