#include "lab/arena.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/rng.h"

namespace turf::lab {

Schedule Schedule::make(int agents, int seats, long at_least, std::uint64_t seed) {
  Schedule s;
  s.agents = agents;
  s.seats = seats;
  s.seed = seed;
  if (seats == 2 && agents >= 2) {
    const long pairs = static_cast<long>(agents) * (agents - 1) / 2;
    long per_pair = (at_least + pairs - 1) / pairs;
    per_pair += per_pair % 2;  // both seat orders equally often
    s.games = per_pair * pairs;
  } else {
    const long block = std::max(1, agents);
    s.games = (at_least + block - 1) / block * block;
  }
  return s;
}

std::vector<int> Schedule::seating(long g) const {
  std::vector<int> out(static_cast<std::size_t>(seats));
  if (seats == 2 && agents >= 2) {
    const long pairs = static_cast<long>(agents) * (agents - 1) / 2;
    const long per_pair = games / pairs;
    long pair = g / per_pair;
    const long k = g % per_pair;
    int i = 0;
    while (pair >= agents - 1 - i) pair -= agents - 1 - i, ++i;
    const int j = i + 1 + static_cast<int>(pair);
    out[0] = k % 2 ? j : i;
    out[1] = k % 2 ? i : j;
    return out;
  }
  const long block = g / agents, k = g % agents;
  std::vector<int> order(static_cast<std::size_t>(agents));
  std::iota(order.begin(), order.end(), 0);
  Rng rng(mix_seed(seed, 0x5EA7ull + static_cast<std::uint64_t>(block)));
  rng.shuffle(order.begin(), order.end());
  for (int s = 0; s < seats; ++s)
    out[static_cast<std::size_t>(s)] = order[static_cast<std::size_t>((k + s) % agents)];
  return out;
}

std::vector<double> bradley_terry_elo(const std::vector<std::vector<double>>& wins,
                                      const std::vector<std::vector<double>>& games, int anchor) {
  const std::size_t n = wins.size();
  std::vector<double> gamma(n, 1.0);
  for (int iter = 0; iter < 2000; ++iter) {
    double change = 0;
    for (std::size_t i = 0; i < n; ++i) {
      double w = 0, denom = 0;
      for (std::size_t j = 0; j < n; ++j) {
        if (i == j || games[i][j] <= 0) continue;
        w += wins[i][j];
        denom += games[i][j] / (gamma[i] + gamma[j]);
      }
      if (denom <= 0) continue;
      const double next = std::max(1e-12, w / denom);
      change = std::max(change, std::fabs(std::log(next / gamma[i])));
      gamma[i] = next;
    }
    if (change < 1e-10) break;
  }
  std::vector<double> elo(n);
  for (std::size_t i = 0; i < n; ++i) elo[i] = 400.0 * std::log10(gamma[i]);
  double offset = 0;
  if (anchor >= 0) {
    offset = elo[static_cast<std::size_t>(anchor)];
  } else {
    for (double e : elo) offset += e / static_cast<double>(n);
  }
  for (double& e : elo) e -= offset;
  return elo;
}

namespace {

struct Pairwise {
  std::vector<std::vector<double>> wins, games;
  explicit Pairwise(std::size_t n)
      : wins(n, std::vector<double>(n, 0)), games(n, std::vector<double>(n, 0)) {}
  void add(const ArenaGame& g, const std::map<std::string, int>& id, double weight) {
    for (std::size_t a = 0; a < g.seats.size(); ++a)
      for (std::size_t b = a + 1; b < g.seats.size(); ++b) {
        const int i = id.at(g.seats[a]), j = id.at(g.seats[b]);
        if (i == j) continue;
        const double r = g.ranking[a] < g.ranking[b]    ? 1.0
                         : g.ranking[a] == g.ranking[b] ? 0.5
                                                        : 0.0;
        wins[i][j] += weight * r;
        wins[j][i] += weight * (1 - r);
        games[i][j] += weight;
        games[j][i] += weight;
      }
  }
  std::vector<double> elo(int anchor) const {
    auto w = wins;
    auto g = games;
    for (std::size_t i = 0; i < w.size(); ++i)  // one virtual draw per pair that met: a prior
      for (std::size_t j = 0; j < w.size(); ++j)
        if (i != j && games[i][j] > 0) w[i][j] += 0.5, g[i][j] += 1;
    return bradley_terry_elo(w, g, anchor);
  }
};

}  // namespace

ArenaTable arena_table(const std::vector<ArenaGame>& games, const std::vector<std::string>& agents,
                       std::uint64_t seed, int bootstrap) {
  std::map<std::string, int> id;
  for (std::size_t i = 0; i < agents.size(); ++i) id[agents[i]] = static_cast<int>(i);
  const std::size_t n = agents.size();
  ArenaTable t;
  t.rows.resize(n);
  for (std::size_t i = 0; i < n; ++i) t.rows[i].agent = agents[i];
  Pairwise pw(n);
  for (const auto& g : games) {
    const int top = static_cast<int>(std::count(g.ranking.begin(), g.ranking.end(), 0));
    for (std::size_t s = 0; s < g.seats.size(); ++s) {
      AgentRow& r = t.rows[static_cast<std::size_t>(id.at(g.seats[s]))];
      ++r.games;
      if (g.ranking[s] == 0 && top == 1)
        r.wins += 1;
      else if (g.ranking[s] == 0)
        r.draws += 1;
      else
        r.losses += 1;
      r.share += g.ranking[s] == 0 ? 1.0 / top : 0.0;
    }
    pw.add(g, id, 1.0);
  }
  int anchor = -1;
  for (std::size_t i = 0; i < n; ++i)
    if (agents[i] == "random") anchor = static_cast<int>(i);
  const auto elo = pw.elo(anchor);
  std::vector<std::vector<double>> samples(n);
  Rng rng(seed);
  for (int b = 0; b < bootstrap && !games.empty(); ++b) {
    Pairwise boot(n);
    for (std::size_t k = 0; k < games.size(); ++k)
      boot.add(games[rng.below(static_cast<std::uint32_t>(games.size()))], id, 1.0);
    const auto e = boot.elo(anchor);
    for (std::size_t i = 0; i < n; ++i) samples[i].push_back(e[i]);
  }
  for (std::size_t i = 0; i < n; ++i) {
    AgentRow& r = t.rows[i];
    r.share_ci = wilson(r.share, static_cast<double>(r.games));
    r.elo = elo[i];
    if (!samples[i].empty()) {
      auto& v = samples[i];
      std::sort(v.begin(), v.end());
      r.elo_ci = {v[static_cast<std::size_t>(0.025 * (v.size() - 1))],
                  v[static_cast<std::size_t>(0.975 * (v.size() - 1))]};
    }
  }
  t.head_to_head.assign(n, std::vector<double>(n, 0));
  t.pair_games.assign(n, std::vector<long>(n, 0));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      t.pair_games[i][j] = static_cast<long>(pw.games[i][j]);
      t.head_to_head[i][j] = pw.games[i][j] > 0 ? pw.wins[i][j] / pw.games[i][j] : 0;
    }
  return t;
}

}  // namespace turf::lab
