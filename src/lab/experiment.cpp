#include "lab/experiment.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include "core/match.h"
#include "core/parallel.h"
#include "core/text.h"
#include "lab/sim.h"
#include "lab/stats.h"

namespace turf::lab {

namespace {

std::string cell_label(const Options& cell, const std::vector<Sweep>& sweeps) {
  std::string s;
  for (const auto& sw : sweeps)
    s += (s.empty() ? "" : ",") + sw.key + "=" +
         (sw.key == "variant" ? variant_label(cell.get(sw.key)) : cell.get(sw.key));
  return s.empty() ? "all games" : s;
}

// The outcome share of each seat: 1/k for each of the k seats ranked first, else 0.
std::vector<double> shares(const GameLine& g) {
  const auto ranking = g.at("ranking").get<std::vector<int>>();
  const double top = static_cast<double>(std::count(ranking.begin(), ranking.end(), 0));
  std::vector<double> out(ranking.size());
  for (std::size_t s = 0; s < ranking.size(); ++s) out[s] = ranking[s] == 0 ? 1.0 / top : 0.0;
  return out;
}

struct Histogram {
  double lo = 0, width = 1;
  std::vector<long> bins;
};

Histogram make_histogram(const std::vector<double>& values, double lo, double hi) {
  Histogram h;
  const double range = hi - lo;
  h.width = range <= 60 ? 1.0 : std::ceil(range / 40.0);
  h.lo = std::floor(lo / h.width) * h.width;
  const int n = static_cast<int>(std::floor((hi - h.lo) / h.width)) + 1;
  h.bins.assign(static_cast<std::size_t>(std::max(1, n)), 0);
  for (double v : values) {
    const int b = std::clamp(static_cast<int>(std::floor((v - h.lo) / h.width)), 0, n - 1);
    ++h.bins[static_cast<std::size_t>(b)];
  }
  return h;
}

nlohmann::json histogram_json(const Histogram& h) {
  return {{"lo", h.lo}, {"width", h.width}, {"bins", h.bins}};
}

double quantile(std::vector<double> v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
  return v[std::min(v.size() - 1, k == 0 ? 0 : k - 1)];
}

nlohmann::json share_json(double sum, double n) {
  const auto ci = wilson(sum, n);
  return {{"value", n > 0 ? sum / n : 0.0}, {"ci95", {ci.low, ci.high}}, {"n", n}, {"sum", sum}};
}

nlohmann::json moments_json(const Moments& m) {
  return {{"mean", m.mean}, {"sd", m.stddev()}, {"ci95", m.ci95()}, {"n", m.n}};
}

// The differences a designer wants to see: 5 percentage points, at 80% power and 5% (two-sided).
constexpr double kAlpha = 0.05, kPower = 0.8, kDetect = 0.05;

// Two-proportion z-test of a against b (shares with counts), with the difference in percentage
// points, its Newcombe interval, and the games per cell a 5-point difference from b would need.
nlohmann::json compare_shares(double sa, double na, double sb, double nb) {
  const double pa = sa / na, pb = sb / nb;
  const double pooled = (sa + sb) / (na + nb);
  const double se = std::sqrt(std::max(1e-300, pooled * (1 - pooled) * (1 / na + 1 / nb)));
  const double z = (pa - pb) / se;
  const double p = pooled > 0 && pooled < 1 ? normal_two_sided_p(z) : 1.0;
  const auto ci = newcombe_difference(sa, na, sb, nb);
  const auto [p1, p2] = towards_half(pb, kDetect);
  return {{"difference", pa - pb},
          {"ci95", {ci.low, ci.high}},
          {"interval", "newcombe"},
          {"points", 100 * (pa - pb)},
          {"points_ci95", {100 * ci.low, 100 * ci.high}},
          {"games_needed_5_points", std::ceil(games_needed_two(p1, p2, kAlpha, kPower))},
          {"p_value", p}};
}

// Welch's test of two means (normal approximation: our samples are large).
nlohmann::json compare_means(const Moments& a, const Moments& b) {
  const double se =
      std::sqrt(a.variance() / std::max(1.0, a.n) + b.variance() / std::max(1.0, b.n));
  const double d = a.mean - b.mean;
  const double p = se > 0 ? normal_two_sided_p(d / se) : (d == 0 ? 1.0 : 0.0);
  return {{"difference", d},
          {"ci95", {d - 1.96 * se, d + 1.96 * se}},
          {"interval", "normal"},
          {"p_value", p}};
}

// A win share (sum of shares over n seats) against the fair share: a one-sample z-test, with the
// difference in percentage points and the seats needed to detect 5 points above the fair share.
nlohmann::json against_fair(double sum, double n, double fair) {
  const double v = sum / n;
  const double se = std::sqrt(fair * (1 - fair) / n);
  const auto ci = wilson(sum, n);
  return {{"value", v},
          {"ci95", {ci.low, ci.high}},
          {"n", n},
          {"fair", fair},
          {"points", 100 * (v - fair)},
          {"games_needed_5_points",
           std::ceil(games_needed_one(fair, std::min(1.0, fair + kDetect), kAlpha, kPower))},
          {"p_value", se > 0 ? normal_two_sided_p((v - fair) / se) : 1.0}};
}

// Corrects a family of tests in place (adds p_holm and p_bh and the three verdicts to each) and
// returns its counts: tests run, false alarms expected at 5% uncorrected, significant
// uncorrected, after Holm and after Benjamini-Hochberg.
nlohmann::json correct_family(nlohmann::json& tests) {
  std::vector<double> p;
  for (const auto& t : tests) p.push_back(t["p_value"].get<double>());
  const auto holm = holm_adjust(p), bh = bh_adjust(p);
  long raw = 0, nholm = 0, nbh = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    auto& t = tests[i];
    t["p_holm"] = holm[i];
    t["p_bh"] = bh[i];
    t["significant_uncorrected"] = p[i] < kAlpha;
    t["significant_holm"] = holm[i] < kAlpha;
    t["significant_bh"] = bh[i] < kAlpha;
    raw += p[i] < kAlpha, nholm += holm[i] < kAlpha, nbh += bh[i] < kAlpha;
  }
  return {{"tests", p.size()},
          {"alpha", kAlpha},
          {"expected_false_alarms", kAlpha * static_cast<double>(p.size())},
          {"significant_uncorrected", raw},
          {"significant_holm", nholm},
          {"significant_bh", nbh}};
}

// The observations of an SPRT subject in one game (one per matching seat).
void observations(const std::string& subject, const GameLine& g, std::vector<double>& out) {
  out.clear();
  const auto sh = shares(g);
  if (subject.rfind("seat", 0) == 0 && subject.find('=') == std::string::npos) {
    const std::size_t s = static_cast<std::size_t>(std::stoi(subject.substr(4)));
    if (s < sh.size()) out.push_back(sh[s]);
    return;
  }
  const auto eq = subject.find('=');
  const std::string key = subject.substr(0, eq), value = subject.substr(eq + 1);
  if (key == "agent") {
    const auto seats = g.at("seats").get<std::vector<std::string>>();
    for (std::size_t s = 0; s < seats.size(); ++s)
      if (seats[s] == value) out.push_back(sh[s]);
    return;
  }
  const auto& attrs = g.at("attributes");
  for (std::size_t s = 0; s < attrs.size() && s < sh.size(); ++s)
    if (attrs[s].contains(key) && attrs[s][key] == value) out.push_back(sh[s]);
}

}  // namespace

Variant read_variant(const GameInfo& game, const std::string& arg) {
  const auto eq = arg.find('=');
  std::string path = eq == std::string::npos ? arg : arg.substr(eq + 1);
  std::string name = eq == std::string::npos ? std::string() : arg.substr(0, eq);
  if (name.empty()) {
    name =
        path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    if (const auto dot = name.rfind('.'); dot != std::string::npos && dot > 0) name.resize(dot);
  }
  if (path.empty()) throw Error("--variant takes NAME=FILE, not '" + arg + "'");
  if (!game.load_variant) throw Error("game '" + game.id + "' has no content variants yet");
  check_variant_name(name);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read the variant file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  nlohmann::json patch;
  try {
    patch = nlohmann::json::parse(text.str());
  } catch (const nlohmann::json::parse_error& e) {
    throw Error(path + ": not JSON (" + json_error_words(e.what()) + ")");
  }
  try {
    game.load_variant(patch);
  } catch (const Error& e) {
    throw Error(path + ": variant '" + name + "': " + e.what());
  }
  return {name, patch};
}

// ---------------------------------------------------------------------------------------------
// Parsing

Until parse_until(const std::string& text) {
  const std::string usage =
      " (write it like \"seat0 winrate != 0.5\", \"order=first winrate < 0.5 by 0.03\" or "
      "\"agent=greedy winrate > 0.6\")";
  std::istringstream in(text);
  Until u;
  u.text = text;
  std::string metric, op;
  if (!(in >> u.subject >> metric >> op >> u.p0))
    throw Error("cannot read --until \"" + text + "\"" + usage);
  if (metric != "winrate")
    throw Error("--until: only 'winrate' can be tested, not '" + metric + "'" + usage);
  if (op == "!=")
    u.op = '!';
  else if (op == "<" || op == ">")
    u.op = op[0];
  else
    throw Error("--until: the comparison must be !=, < or >, not '" + op + "'" + usage);
  std::string word;
  while (in >> word) {
    double v = 0;
    if (!(in >> v)) throw Error("--until: '" + word + "' needs a number" + usage);
    if (word == "by")
      u.delta = v;
    else if (word == "alpha")
      u.alpha = v;
    else if (word == "beta")
      u.beta = v;
    else
      throw Error("--until: unknown word '" + word + "' (by, alpha, beta)" + usage);
  }
  const bool seat = u.subject.rfind("seat", 0) == 0 && u.subject.size() > 4 &&
                    std::all_of(u.subject.begin() + 4, u.subject.end(), ::isdigit);
  if (!seat && u.subject.find('=') == std::string::npos)
    throw Error("--until: the subject must be seatN, agent=SPEC or an attribute key=value, not '" +
                u.subject + "'" + usage);
  if (!(u.p0 > 0 && u.p0 < 1)) throw Error("--until: the win rate must be between 0 and 1");
  if (!(u.delta > 0) || u.p0 + u.delta >= 1 || u.p0 - u.delta <= 0)
    throw Error("--until: 'by' must be positive and keep the alternatives between 0 and 1");
  if (!(u.alpha > 0 && u.alpha < 0.5 && u.beta > 0 && u.beta < 0.5))
    throw Error("--until: alpha and beta must be between 0 and 0.5");
  return u;
}

std::pair<int, int> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  int k = 0, n = 0;
  try {
    if (slash == std::string::npos) throw std::invalid_argument("");
    std::size_t used = 0;
    k = std::stoi(text.substr(0, slash), &used);
    if (used != slash) throw std::invalid_argument("");
    n = std::stoi(text.substr(slash + 1), &used);
    if (used != text.size() - slash - 1) throw std::invalid_argument("");
  } catch (const std::exception&) {
    throw Error("--shard must look like K/N (for example 2/8), not '" + text + "'");
  }
  if (n < 1 || k < 1 || k > n) throw Error("--shard K/N needs 1 <= K <= N, not '" + text + "'");
  return {k - 1, n};
}

Sweep parse_sweep(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw Error("--sweep must look like key=v1,v2,..., not '" + text + "'");
  Sweep s{trim(text.substr(0, eq)), split(text.substr(eq + 1), ',')};
  std::set<std::string> seen;
  for (const auto& v : s.values)
    if (v.empty() || !seen.insert(v).second)
      throw Error("--sweep " + s.key + ": values must be distinct and non-empty");
  return s;
}

// ---------------------------------------------------------------------------------------------
// Experiment

std::vector<Options> Experiment::cells() const {
  std::set<std::string> keys;
  for (const auto& s : sweeps) {
    if (!keys.insert(s.key).second) throw Error("--sweep " + s.key + " is given twice");
    if (base_options.count(s.key)) throw Error("option '" + s.key + "' is both set and swept");
  }
  std::vector<std::map<std::string, std::string>> grid = {base_options};
  for (const auto& s : sweeps) {
    std::vector<std::map<std::string, std::string>> next;
    for (const auto& g : grid)
      for (const auto& v : s.values) {
        auto cell = g;
        cell[s.key] = v;
        next.push_back(std::move(cell));
      }
    grid = std::move(next);
  }
  std::vector<Options> out;
  for (auto& g : grid) {
    const auto v = g.find("variant");
    if (v != g.end() && v->second != kBaseVariant) {
      const auto it = variants.find(v->second);
      if (it == variants.end()) {
        std::vector<std::string> names = {std::string(kBaseVariant)};
        for (const auto& [name, _] : variants) names.push_back(name);
        throw Error("no variant '" + v->second + "' was given (--variant " + v->second + "=FILE)" +
                    did_you_mean(v->second, names));
      }
      v->second = variant_option_text({it->first, it->second});
    }
    out.push_back(game->resolve(g));
  }
  return out;
}

std::vector<std::string> Experiment::seats_for(const Options& cell) const {
  const int n = cell.players();
  if (seats.size() == 1) return std::vector<std::string>(static_cast<std::size_t>(n), seats[0]);
  if (static_cast<int>(seats.size()) != n)
    throw Error(game->id + " with players=" + std::to_string(n) + " needs " + std::to_string(n) +
                " seats in --seats (or one spec for every seat), not " +
                std::to_string(seats.size()));
  return seats;
}

std::pair<long, long> Experiment::index_range() const {
  return {games * shard / shards, games * (shard + 1) / shards};
}

nlohmann::json Experiment::to_json() const {
  nlohmann::json j = {{"game", game->id},        {"rules_version", game->rules_version},
                      {"options", base_options}, {"seats", seats},
                      {"games", games},          {"seed", seed}};
  j["cards"] = cards;
  auto& sw = j["sweeps"] = nlohmann::json::array();
  for (const auto& s : sweeps) sw.push_back({{"key", s.key}, {"values", s.values}});
  if (until) j["until"] = until->text;
  if (!variants.empty()) j["variants"] = variants;
  return j;
}

Experiment Experiment::from_json(const nlohmann::json& j) {
  Experiment e;
  try {
    e.game = &Registry::instance().find(j.at("game").get<std::string>());
    if (j.at("rules_version") != e.game->rules_version)
      throw Error("the experiment was run under rules " + j.at("rules_version").get<std::string>() +
                  "; this build plays " + e.game->rules_version);
    e.base_options = j.at("options").get<std::map<std::string, std::string>>();
    e.seats = j.at("seats").get<std::vector<std::string>>();
    e.games = j.at("games").get<long>();
    e.seed = j.at("seed").get<std::uint64_t>();
    e.cards = j.value("cards", false);
    for (const auto& s : j.at("sweeps"))
      e.sweeps.push_back({s.at("key"), s.at("values").get<std::vector<std::string>>()});
    if (j.contains("until")) e.until = parse_until(j["until"].get<std::string>());
    if (j.contains("variants"))
      e.variants = j.at("variants").get<std::map<std::string, nlohmann::json>>();
  } catch (const nlohmann::json::exception& ex) {
    throw Error(std::string("experiment description is malformed: ") + ex.what());
  }
  return e;
}

// ---------------------------------------------------------------------------------------------
// Running

namespace {

GameLine make_line(int cell, const Options& options, long index, const GameResult& r,
                   const std::vector<std::string>& seats, bool keep_record) {
  GameLine j = {{"cell", cell},
                {"cell_options", options.values()},
                {"index", index},
                {"seed", r.seed},
                {"seats", seats},
                {"scores", r.scores},
                {"ranking", r.ranking},
                {"length", r.length},
                {"attributes", r.attributes},
                {"counters", r.counters}};
  if (!r.uses.empty()) j["uses"] = r.uses;
  if (!r.game_uses.empty()) j["game_uses"] = r.game_uses;
  if (keep_record) j["record"] = nlohmann::json::parse(r.record);
  return j;
}

}  // namespace

bool run_stream(const Experiment& e, int threads, bool keep_records, const std::vector<long>& done,
                const std::vector<std::vector<GameLine>>& prior,
                const std::function<void(GameLine&&)>& sink, const std::function<bool()>& stop,
                nlohmann::json* sprt, const std::function<void(long, long)>& progress) {
  const auto cells = e.cells();
  std::vector<std::vector<std::string>> seats;
  for (const auto& c : cells) seats.push_back(e.seats_for(c));
  if (e.until && e.shards > 1)
    throw Error("--until cannot be combined with --shard (a sequential test needs every game)");
  const auto [begin, end] = e.index_range();
  const long per_cell = end - begin;
  const long ncells = static_cast<long>(cells.size());
  const long total = per_cell * ncells;
  if (static_cast<long>(done.size()) != ncells) throw Error("resume: the cell count differs");
  long already = 0;
  for (long d : done) already += d;
  std::atomic<long> finished{already};

  // Plays tasks [from, to) in parallel, where task t is game (cell_of(t), index_of(t)), and
  // delivers the lines in task order through `deliver`. Returns false when stopped early.
  auto play_tasks = [&](long from, long to, auto cell_of, auto index_of, auto deliver) {
    std::mutex mutex;
    std::map<long, GameLine> waiting;  // finished ahead of an unfinished task
    long next = from;
    bool stopped = false;
    struct Stop {};
    try {
      parallel_for(to - from, threads, [&](long k) {
        if (stop && stop()) throw Stop{};
        const long t = from + k;
        const auto c = static_cast<std::size_t>(cell_of(t));
        const long index = index_of(t);
        const auto r =
            play_game(*e.game, cells[c], seats[c],
                      mix_seed(e.seed, static_cast<std::uint64_t>(index)), keep_records, e.cards);
        GameLine line = make_line(static_cast<int>(c), cells[c], index, r, seats[c], keep_records);
        std::lock_guard<std::mutex> lock(mutex);
        waiting.emplace(t, std::move(line));
        while (!waiting.empty() && waiting.begin()->first == next) {
          deliver(std::move(waiting.begin()->second));
          waiting.erase(waiting.begin());
          ++next;
        }
        const long d = finished.fetch_add(1) + 1;
        if (progress) progress(d, total);
      });
    } catch (const Stop&) {
      stopped = true;
    }
    return !stopped && next == to;
  };

  if (!e.until) {
    // Tasks cell by cell: the delivered prefix is done[0] + done[1] + ... (full cells first).
    for (std::size_t c = 0; c < done.size(); ++c) {
      if (done[c] < 0 || done[c] > per_cell)
        throw Error("resume: cell " + std::to_string(c) + " holds too many games");
      if (c > 0 && done[c] > 0 && done[c - 1] != per_cell)
        throw Error("resume: cell " + std::to_string(c - 1) + " is incomplete but a later one " +
                    "started");
    }
    if (per_cell == 0) return true;
    return play_tasks(
        already, total, [&](long t) { return t / per_cell; },
        [&](long t) { return begin + t % per_cell; }, [&](GameLine&& l) { sink(std::move(l)); });
  }

  // Sequential: per cell, batches in index order until the test decides.
  nlohmann::json decisions = nlohmann::json::array();
  const long batch = std::max(16L, 8L * threads);
  for (int c = 0; c < static_cast<int>(ncells); ++c) {
    std::vector<GameLine> lines = prior.size() > static_cast<std::size_t>(c)
                                      ? prior[static_cast<std::size_t>(c)]
                                      : std::vector<GameLine>();
    for (auto& l : lines) l.erase("record");
    if (static_cast<long>(lines.size()) != done[static_cast<std::size_t>(c)])
      throw Error("resume: the earlier lines of cell " + std::to_string(c) + " are missing");
    nlohmann::json decision;
    if (!lines.empty()) decision = sprt_decide(*e.until, lines);
    for (long from = begin + static_cast<long>(lines.size());
         from < end && (decision.is_null() || decision["decision"] == "undecided"); from += batch) {
      const long to = std::min(end, from + batch);
      std::vector<GameLine> fresh;
      const bool complete = play_tasks(
          from, to, [&](long) { return c; }, [&](long t) { return t; },
          [&](GameLine&& l) { fresh.push_back(std::move(l)); });
      const std::size_t before = lines.size();
      for (const auto& l : fresh) {
        GameLine light = l;
        light.erase("record");
        lines.push_back(std::move(light));
      }
      if (lines.empty()) return false;  // stopped before any game of the cell
      decision = sprt_decide(*e.until, lines);
      // The games after the decision do not count.
      const long used = decision["games"].get<long>();
      for (std::size_t i = 0; i < fresh.size() && static_cast<long>(before + i) < used; ++i)
        sink(std::move(fresh[i]));
      lines.resize(static_cast<std::size_t>(used));
      if (!complete && decision["decision"] == "undecided") return false;
    }
    if (decision.is_null()) continue;
    decision["cell"] = c;
    decision["cell_label"] = cell_label(cells[static_cast<std::size_t>(c)], e.sweeps);
    decisions.push_back(decision);
  }
  if (sprt) *sprt = decisions;
  return true;
}

RunResult run(const Experiment& e, int threads, bool keep_records,
              const std::function<void(long, long)>& progress) {
  RunResult result;
  const auto ncells = e.cells().size();
  run_stream(
      e, threads, keep_records, std::vector<long>(ncells, 0),
      std::vector<std::vector<GameLine>>(ncells),
      [&](GameLine&& l) { result.lines.push_back(std::move(l)); }, {},
      e.until ? &result.sprt : nullptr, progress);
  return result;
}

namespace {

[[noreturn]] void bad_line(const std::string& what) {
  throw Error(what);
}

const nlohmann::json& need(const GameLine& l, const char* key) {
  if (!l.contains(key)) bad_line(std::string("no '") + key + "' field");
  return l.at(key);
}

}  // namespace

void validate_line(const Experiment& e, const GameLine& l) {
  if (!l.is_object()) bad_line("not a JSON object");
  const auto& cell = need(l, "cell");
  const auto cells = e.cells();
  if (!cell.is_number_integer() || cell.get<std::int64_t>() < 0 ||
      cell.get<std::int64_t>() >= static_cast<std::int64_t>(cells.size()))
    bad_line("'cell' must be an integer from 0 to " + std::to_string(cells.size() - 1));
  const auto& index = need(l, "index");
  if (!index.is_number_integer() || index.get<std::int64_t>() < 0 ||
      index.get<std::int64_t>() >= e.games)
    bad_line("'index' must be an integer from 0 to " + std::to_string(e.games - 1));
  if (!need(l, "seed").is_number_unsigned() && !need(l, "seed").is_number_integer())
    bad_line("'seed' must be an integer");
  const auto n = static_cast<std::size_t>(cells[cell.get<std::size_t>()].players());
  const auto& seats = need(l, "seats");
  if (!seats.is_array() || seats.size() != n)
    bad_line("'seats' must be an array of " + std::to_string(n) + " bot specs");
  for (const auto& s : seats)
    if (!s.is_string()) bad_line("'seats' must hold strings");
  const auto& scores = need(l, "scores");
  if (!scores.is_array() || scores.size() != n)
    bad_line("'scores' must be an array of " + std::to_string(n) + " numbers");
  for (const auto& s : scores)
    if (!s.is_number() || !std::isfinite(s.get<double>())) bad_line("'scores' must hold numbers");
  const auto& ranking = need(l, "ranking");
  if (!ranking.is_array() || ranking.size() != n)
    bad_line("'ranking' must be an array of " + std::to_string(n) + " ranks");
  bool first = false;
  for (const auto& r : ranking) {
    if (!r.is_number_integer() || r.get<std::int64_t>() < 0 ||
        r.get<std::int64_t>() >= static_cast<std::int64_t>(n))
      bad_line("'ranking' must hold ranks from 0 to " + std::to_string(n - 1));
    first = first || r.get<std::int64_t>() == 0;
  }
  if (!first) bad_line("'ranking' names no seat first (rank 0)");
  const auto& length = need(l, "length");
  if (!length.is_number_integer() || length.get<std::int64_t>() < 0)
    bad_line("'length' must be a non-negative integer");
  const auto& attrs = need(l, "attributes");
  if (!attrs.is_array() || attrs.size() > n)
    bad_line("'attributes' must be an array of at most " + std::to_string(n) + " objects");
  for (const auto& a : attrs) {
    if (!a.is_object()) bad_line("'attributes' must hold objects");
    for (const auto& [k, v] : a.items())
      if (!v.is_string()) bad_line("attribute '" + k + "' must be a string");
  }
  if (l.contains("counters")) {
    if (!l["counters"].is_object()) bad_line("'counters' must be an object");
    for (const auto& [k, v] : l["counters"].items())
      if (!v.is_number() || !std::isfinite(v.get<double>()))
        bad_line("counter '" + k + "' must be a number");
  }
  // card id -> verb -> a positive count (whose: "the uses", "the game's uses").
  auto check_uses = [](const nlohmann::json& cards, const std::string& whose) {
    for (const auto& [card, verbs] : cards.items()) {
      if (!verbs.is_object()) bad_line(whose + " of '" + card + "' must be an object");
      for (const auto& [verb, k] : verbs.items())
        if (!k.is_number_integer() || k.get<std::int64_t>() < 1)
          bad_line(whose + " of '" + card + "' (" + verb + ") must be a positive integer");
    }
  };
  if (l.contains("uses")) {
    const auto& uses = l["uses"];
    if (!uses.is_array() || uses.size() != n) bad_line("'uses' must hold one object per seat");
    for (const auto& seat : uses) {
      if (!seat.is_object()) bad_line("'uses' must hold one object per seat");
      check_uses(seat, "the uses");
    }
  }
  if (l.contains("game_uses")) {
    if (!l["game_uses"].is_object()) bad_line("'game_uses' must be an object");
    check_uses(l["game_uses"], "the game's uses");
  }
  if (l.contains("record") && !l["record"].is_object()) bad_line("'record' must be an object");
}

nlohmann::json sprt_decide(const Until& u, const std::vector<GameLine>& lines) {
  // Wald's SPRT on win shares (a draw counts as a fractional win). For "!=" two one-sided
  // tests at alpha/2 run side by side: H1 when either accepts its alternative, H0 when both
  // have accepted the null.
  struct OneSided {
    double p1, llr = 0, upper, lower;
    int state = 0;  // 0 running, 1 accepted H1, -1 accepted H0
  };
  std::vector<OneSided> tests;
  const double a = u.op == '!' ? u.alpha / 2 : u.alpha;
  auto make = [&](double p1) {
    return OneSided{p1, 0, std::log((1 - u.beta) / a), std::log(u.beta / (1 - a)), 0};
  };
  if (u.op == '>' || u.op == '!') tests.push_back(make(u.p0 + u.delta));
  if (u.op == '<' || u.op == '!') tests.push_back(make(u.p0 - u.delta));
  double sum = 0, n = 0;
  std::vector<double> obs;
  std::string decision = "undecided";
  long used = static_cast<long>(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    observations(u.subject, lines[i], obs);
    for (double x : obs) {
      sum += x, n += 1;
      for (auto& t : tests) {
        if (t.state != 0) continue;
        t.llr += x * std::log(t.p1 / u.p0) + (1 - x) * std::log((1 - t.p1) / (1 - u.p0));
        if (t.llr >= t.upper)
          t.state = 1;
        else if (t.llr <= t.lower)
          t.state = -1;
      }
    }
    const bool h1 =
        std::any_of(tests.begin(), tests.end(), [](const auto& t) { return t.state == 1; });
    const bool h0 =
        std::all_of(tests.begin(), tests.end(), [](const auto& t) { return t.state == -1; });
    if (h1 || h0) {
      decision = h1 ? "H1" : "H0";
      used = static_cast<long>(i) + 1;
      break;
    }
  }
  const char* op = u.op == '!' ? "!=" : u.op == '<' ? "<" : ">";
  std::string meaning;
  if (decision == "H1")
    meaning = u.subject + " win rate " + op + " " + std::to_string(u.p0).substr(0, 5);
  else if (decision == "H0")
    meaning = u.subject + " win rate is within " + std::to_string(u.delta).substr(0, 5) + " of " +
              std::to_string(u.p0).substr(0, 5) + " (no difference that large)";
  else
    meaning = "not decided within the games allowed";
  const auto ci = wilson(sum, n);
  nlohmann::json llrs = nlohmann::json::array();
  for (const auto& t : tests)
    llrs.push_back({{"alternative", t.p1}, {"llr", t.llr}, {"lower", t.lower}, {"upper", t.upper}});
  if (n == 0) throw Error("--until: no game has a seat matching '" + u.subject + "'");
  return {{"until", u.text},   {"decision", decision}, {"meaning", meaning},        {"games", used},
          {"observations", n}, {"estimate", sum / n},  {"ci95", {ci.low, ci.high}}, {"tests", llrs},
          {"alpha", u.alpha},  {"beta", u.beta}};
}

// ---------------------------------------------------------------------------------------------
// Summary

struct Summary::Impl {
  struct CellStats {
    double n = 0, draws = 0;
    std::vector<double> seat_share;
    std::vector<Moments> seat_score;
    std::vector<std::vector<double>> seat_scores;
    std::map<std::string, std::pair<double, double>> agent;  // spec -> (share, seats)
    std::map<std::pair<std::string, std::string>, std::pair<double, double>> attr;  // -> (share, n)
    Moments length;
    std::vector<double> lengths;
    std::map<std::string, Moments> counters;
    std::vector<std::string> seats;
    // Per card (GameInfo::cards id): the games in which a seat used it, the uses by verb, and
    // the win share summed over the seats that used it (per game) and their count.
    struct Card {
      double games = 0, users = 0, user_share = 0;
      std::map<std::string, double> verbs;
    };
    std::map<std::string, Card> cards;
    bool has_uses = false;
  };
  const Experiment* e = nullptr;
  std::vector<Options> cells;
  std::vector<CellStats> stats;
  double smin = 1e300, smax = -1e300, lmin = 1e300, lmax = -1e300;
};

Summary::Summary(const Experiment& e) : impl_(std::make_unique<Impl>()) {
  impl_->e = &e;
  impl_->cells = e.cells();
  impl_->stats.resize(impl_->cells.size());
}
Summary::~Summary() = default;

void Summary::add(const GameLine& g) {
  auto& stats = impl_->stats;
  const auto c = static_cast<std::size_t>(g.at("cell").get<int>());
  if (c >= stats.size())
    throw Error("a game line names cell " + std::to_string(c) + ", which the experiment lacks");
  Impl::CellStats& st = stats[c];
  const auto sh = shares(g);
  const auto scores = g.at("scores").get<std::vector<double>>();
  const auto seats = g.at("seats").get<std::vector<std::string>>();
  if (scores.size() != sh.size() || seats.size() != sh.size())
    throw Error("a game line's seats, scores and ranking differ in length");
  if (st.seat_share.empty()) {
    st.seat_share.assign(sh.size(), 0);
    st.seat_score.resize(sh.size());
    st.seat_scores.resize(sh.size());
    st.seats = seats;
  } else if (st.seat_share.size() != sh.size()) {
    throw Error("the game lines of cell " + std::to_string(c) + " differ in their seat count");
  }
  for (double v : scores)
    impl_->smin = std::min(impl_->smin, v), impl_->smax = std::max(impl_->smax, v);
  st.n += 1;
  if (std::count_if(sh.begin(), sh.end(), [](double x) { return x > 0; }) > 1) st.draws += 1;
  for (std::size_t s = 0; s < sh.size(); ++s) {
    st.seat_share[s] += sh[s];
    st.seat_score[s].add(scores[s]);
    st.seat_scores[s].push_back(scores[s]);
    auto& a = st.agent[seats[s]];
    a.first += sh[s], a.second += 1;
    if (s < g.at("attributes").size())
      for (const auto& [k, v] : g.at("attributes")[s].items()) {
        auto& x = st.attr[{k, v.get<std::string>()}];
        x.first += sh[s], x.second += 1;
      }
  }
  const double len = g.at("length").get<double>();
  impl_->lmin = std::min(impl_->lmin, len), impl_->lmax = std::max(impl_->lmax, len);
  st.length.add(len);
  st.lengths.push_back(len);
  if (g.contains("counters"))
    for (const auto& [k, v] : g.at("counters").items()) st.counters[k].add(v.get<double>());
  if (g.contains("uses")) {
    const auto& uses = g.at("uses");
    if (!uses.is_array() || uses.size() != sh.size())
      throw Error("a game line's uses do not have one entry per seat");
    st.has_uses = true;
    std::map<std::string, bool> in_game;
    for (std::size_t s = 0; s < sh.size(); ++s)
      for (const auto& [card, verbs] : uses[s].items()) {
        auto& c = st.cards[card];
        c.users += 1;
        c.user_share += sh[s];
        in_game[card] = true;
        for (const auto& [verb, n] : verbs.items()) c.verbs[verb] += n.get<double>();
      }
    // The cards the game itself played (Events): in the game, with no seat that used them.
    if (g.contains("game_uses"))
      for (const auto& [card, verbs] : g.at("game_uses").items()) {
        in_game[card] = true;
        for (const auto& [verb, n] : verbs.items()) st.cards[card].verbs[verb] += n.get<double>();
      }
    for (const auto& [card, _] : in_game) st.cards[card].games += 1;
  }
}

// Per-card answers (issue 31): for every card of the game, the games it was used in, its uses
// a game by verb, and the win share of the seats that used it against the seats that did not,
// with Newcombe's interval of the difference; sorted by that difference, largest first (cards
// nobody used, or everybody did, last, without a difference). Association, not cause.
nlohmann::json Summary::cards_json(const Impl& impl, std::size_t cell) {
  const Impl::CellStats& st = impl.stats[cell];
  const GameInfo& game = *impl.e->game;
  nlohmann::json out = nlohmann::json::array();
  if (!game.cards) return out;
  const double seats = static_cast<double>(st.seat_share.size());
  double total_share = 0;
  for (double x : st.seat_share) total_share += x;
  const double slots = st.n * seats;
  for (const auto& c : game.cards()) {
    const std::string id = c.at("id").get<std::string>();
    auto it = st.cards.find(id);
    const Impl::CellStats::Card none;
    const auto& k = it == st.cards.end() ? none : it->second;
    nlohmann::json j = {{"id", id},
                        {"name", c.value("name", id)},
                        {"kind", c.value("kind", "")},
                        {"games", share_json(k.games, st.n)},
                        {"seats_using", k.users}};
    auto& verbs = j["uses_per_game"] = nlohmann::json::object();
    for (const auto& [verb, n] : k.verbs) verbs[verb] = st.n > 0 ? n / st.n : 0.0;
    const double others = slots - k.users;
    if (k.users > 0 && others > 0) {
      const double others_share = total_share - k.user_share;
      const auto ci = newcombe_difference(k.user_share, k.users, others_share, others);
      j["users_win_share"] = share_json(k.user_share, k.users);
      j["others_win_share"] = share_json(others_share, others);
      j["difference"] = k.user_share / k.users - others_share / others;
      j["difference_ci95"] = {ci.low, ci.high};
    }
    out.push_back(std::move(j));
  }
  // A total order (ids are unique), so a plain sort is deterministic.
  std::sort(out.begin(), out.end(), [](const nlohmann::json& a, const nlohmann::json& b) {
    const bool ha = a.contains("difference"), hb = b.contains("difference");
    if (ha != hb) return ha;
    const double ka = ha ? a["difference"].get<double>() : a["seats_using"].get<double>();
    const double kb = hb ? b["difference"].get<double>() : b["seats_using"].get<double>();
    if (ka != kb) return ka > kb;
    return a["id"].get<std::string>() < b["id"].get<std::string>();
  });
  return out;
}

nlohmann::json Summary::finish() const {
  const Experiment& e = *impl_->e;
  const auto& cells = impl_->cells;
  const auto& stats = impl_->stats;
  const double smin = impl_->smin, smax = impl_->smax, lmin = impl_->lmin, lmax = impl_->lmax;
  nlohmann::json out;
  out["experiment"] = e.to_json();
  out["engine"] = kEngineVersion;
  auto& cells_j = out["cells"] = nlohmann::json::array();
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const Impl::CellStats& st = stats[c];
    nlohmann::json cj = {{"cell", c},
                         {"label", cell_label(cells[c], e.sweeps)},
                         {"options", cells[c].values()},
                         {"games", st.n}};
    auto& seats_j = cj["seats"] = nlohmann::json::array();
    for (std::size_t s = 0; s < st.seat_share.size(); ++s) {
      seats_j.push_back(
          {{"seat", s},
           {"agent", st.seats[s]},
           {"win_share", share_json(st.seat_share[s], st.n)},
           {"score", moments_json(st.seat_score[s])},
           {"score_median", quantile(st.seat_scores[s], 0.5)},
           {"score_histogram", histogram_json(make_histogram(st.seat_scores[s], smin, smax))}});
    }
    auto& agents_j = cj["agents"] = nlohmann::json::array();
    for (const auto& [spec, a] : st.agent)
      agents_j.push_back({{"agent", spec}, {"win_share", share_json(a.first, a.second)}});
    auto& attrs_j = cj["attributes"] = nlohmann::json::array();
    for (const auto& [kv, a] : st.attr)
      attrs_j.push_back(
          {{"key", kv.first}, {"value", kv.second}, {"win_share", share_json(a.first, a.second)}});
    cj["draw_rate"] = share_json(st.draws, st.n);
    cj["length"] = moments_json(st.length);
    cj["length"]["median"] = quantile(st.lengths, 0.5);
    cj["length"]["p10"] = quantile(st.lengths, 0.1);
    cj["length"]["p90"] = quantile(st.lengths, 0.9);
    cj["length"]["min"] =
        st.lengths.empty() ? 0 : *std::min_element(st.lengths.begin(), st.lengths.end());
    cj["length"]["max"] =
        st.lengths.empty() ? 0 : *std::max_element(st.lengths.begin(), st.lengths.end());
    cj["length_histogram"] = histogram_json(make_histogram(st.lengths, lmin, lmax));
    auto& counters_j = cj["counters"] = nlohmann::json::array();
    for (const auto& [k, m] : st.counters)
      counters_j.push_back({{"name", k}, {"value", moments_json(m)}});
    if (st.has_uses) cj["cards"] = cards_json(*impl_, c);
    cells_j.push_back(std::move(cj));
  }

  // Every cell against the baseline (cell 0).
  auto& cmp = out["comparisons"] = nlohmann::json::array();
  for (std::size_t c = 1; c < cells.size(); ++c) {
    const Impl::CellStats &a = stats[c], &b = stats[0];
    if (a.n == 0 || b.n == 0) continue;
    const std::string label = cell_label(cells[c], e.sweeps), base = cell_label(cells[0], e.sweeps);
    auto add = [&](const std::string& metric, nlohmann::json test) {
      test["cell"] = c;
      test["cell_label"] = label;
      test["baseline_label"] = base;
      test["metric"] = metric;
      cmp.push_back(std::move(test));
    };
    for (std::size_t s = 0; s < std::min(a.seat_share.size(), b.seat_share.size()); ++s)
      add("seat " + std::to_string(s) + " win share",
          compare_shares(a.seat_share[s], a.n, b.seat_share[s], b.n));
    for (const auto& [kv, x] : a.attr) {
      auto it = b.attr.find(kv);
      if (it != b.attr.end())
        add(kv.first + "=" + kv.second + " win share",
            compare_shares(x.first, x.second, it->second.first, it->second.second));
    }
    add("draw rate", compare_shares(a.draws, a.n, b.draws, b.n));
    add("mean length", compare_means(a.length, b.length));
    for (std::size_t s = 0; s < std::min(a.seat_score.size(), b.seat_score.size()); ++s)
      add("seat " + std::to_string(s) + " mean score",
          compare_means(a.seat_score[s], b.seat_score[s]));
    // The game's own metrics (GameInfo::counters: win types, eliminations, wars fought, rounds):
    // what a designer's change is meant to move, tested like the rest.
    for (const auto& [k, m] : a.counters) {
      auto it = b.counters.find(k);
      if (it == b.counters.end()) continue;
      std::string words = k;  // "turf_wars" -> "turf wars (mean)"
      std::replace(words.begin(), words.end(), '_', ' ');
      add(words + " (mean)", compare_means(m, it->second));
    }
  }

  // Every seat and every seat attribute of every cell against the fair share (1 / seats).
  auto& fair_j = out["fair_share_tests"] = nlohmann::json::array();
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const Impl::CellStats& st = stats[c];
    if (st.n == 0 || st.seat_share.empty()) continue;
    const double fair = 1.0 / static_cast<double>(st.seat_share.size());
    auto add = [&](const std::string& subject, nlohmann::json test) {
      test["cell"] = c;
      test["cell_label"] = cell_label(cells[c], e.sweeps);
      test["subject"] = subject;
      fair_j.push_back(std::move(test));
    };
    for (std::size_t s = 0; s < st.seat_share.size(); ++s)
      add("seat " + std::to_string(s), against_fair(st.seat_share[s], st.n, fair));
    for (const auto& [kv, a] : st.attr)
      if (a.second > 0) add(kv.first + "=" + kv.second, against_fair(a.first, a.second, fair));
  }
  // Each family corrected on its own: Holm answers "is anything unfair (or changed)?",
  // Benjamini-Hochberg picks out which of the many cells to look at.
  out["multiple_testing"] = {{"fair_share", correct_family(fair_j)},
                             {"comparisons", correct_family(cmp)}};
  return out;
}

nlohmann::json summarize(const Experiment& e, std::vector<GameLine> lines) {
  std::sort(lines.begin(), lines.end(), [](const GameLine& a, const GameLine& b) {
    const int ca = a.at("cell").get<int>(), cb = b.at("cell").get<int>();
    return ca != cb ? ca < cb : a.at("index").get<long>() < b.at("index").get<long>();
  });
  Summary summary(e);
  for (const auto& g : lines) summary.add(g);
  return summary.finish();
}

}  // namespace turf::lab
