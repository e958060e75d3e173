#include "bots/mcts.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <thread>

#include "bots/eval.h"
#include "core/parallel.h"

namespace turf {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kMaxNodes = 4'000'000;  // per tree; beyond it the tree stops growing
constexpr std::size_t kLegalReserve = 4096;   // legal-action buffers: a game's widest decision

// log(n) for the availability counts UCB meets most, computed once with std::log (so the scores
// are the same doubles as calling std::log every time).
constexpr int kLogTable = 1 << 16;
const std::vector<double>& log_table() {
  static const std::vector<double> t = [] {
    std::vector<double> v(kLogTable);
    for (int i = 1; i < kLogTable; ++i)
      v[static_cast<std::size_t>(i)] = std::log(static_cast<double>(i));
    return v;
  }();
  return t;
}

// A number as short as it reads back exactly ("0.3", not "0.300000").
std::string number_text(double x) {
  char buf[32];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    if (std::strtod(buf, nullptr) == x) break;
  }
  return buf;
}

std::string seconds_text(double s) {
  if (s < 1 && s * 1000 == std::floor(s * 1000))
    return std::to_string(static_cast<long>(s * 1000)) + "ms";
  std::string t = std::to_string(s);
  t.erase(t.find_last_not_of('0') + 1);
  if (t.back() == '.') t.pop_back();
  return t + "s";
}

}  // namespace

MctsSearch::MctsSearch(const View& view, const MctsConfig& config, std::uint64_t seed,
                       long reserve_nodes)
    : view_(view), config_(config), rng_(seed) {
  if (config.rollout == MctsConfig::Rollout::kPolicy && view.game().rollout_policy)
    policy_ = &view.game().rollout_policy;
  nodes_.reserve(std::clamp<std::size_t>(static_cast<std::size_t>(std::max(0L, reserve_nodes)),
                                         1024, kMaxNodes));
  nodes_.push_back(Node{});
  legal_.reserve(kLegalReserve);
  sorted_.reserve(kLegalReserve);
  untried_.reserve(kLegalReserve);
  tried_.reserve(kLegalReserve);
  path_.reserve(1024);
  log_table();
}

MctsSearch::~MctsSearch() = default;

State& MctsSearch::sample() {
  if (world_)
    view_.sample_world_into(*world_, rng_);
  else
    world_ = view_.sample_world(rng_);
  return *world_;
}

void MctsSearch::iterate() {
  State& s = sample();
  const double* logs = log_table().data();
  const double mix = config_.mix, fade = config_.mix_fade;
  if (mix > 0 && seats_ == 0) {  // the first iteration: size the minimax values
    seats_ = s.num_seats();
    const std::size_t n = nodes_.capacity() * static_cast<std::size_t>(seats_);
    heur_.reserve(n);
    leaf_.reserve(n);
    heur_.assign(nodes_.size() * static_cast<std::size_t>(seats_), 0.0);
    leaf_.assign(heur_.size(), 0.0);
  }
  const std::size_t seats = static_cast<std::size_t>(seats_);
  path_.clear();
  path_.push_back(0);
  int node = 0;
  while (!s.terminal()) {
    s.legal_actions(legal_);
    sorted_ = legal_;
    if (!std::is_sorted(sorted_.begin(), sorted_.end())) std::sort(sorted_.begin(), sorted_.end());
    tried_.assign(sorted_.size(), 0);
    int best = -1;
    double best_score = -std::numeric_limits<double>::infinity();
    for (int c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      Node& ch = nodes_[c];
      const auto it = std::lower_bound(sorted_.begin(), sorted_.end(), ch.action);
      if (it == sorted_.end() || *it != ch.action) continue;  // not available here
      tried_[static_cast<std::size_t>(it - sorted_.begin())] = 1;
      ++ch.avail;
      const double log_avail =
          ch.avail < kLogTable ? logs[ch.avail] : std::log(static_cast<double>(ch.avail));
      double q = ch.mean;
      if (mix > 0) {  // the weight fades as the child's own rollouts accumulate
        const double w = fade > 0 ? mix * fade / (fade + ch.visits) : mix;
        q = (1 - w) * ch.mean + w * heur_[static_cast<std::size_t>(c) * seats + ch.mover];
      }
      const double score = q + config_.exploration * std::sqrt(log_avail / ch.visits);
      if (score > best_score) best_score = score, best = c;
    }
    // Expand an untried action, if any (in the order of the legal list, picked at random).
    untried_.clear();
    for (std::size_t i = 0; i < sorted_.size(); ++i)
      if (!tried_[i]) untried_.push_back(sorted_[i]);
    if (!untried_.empty() && nodes_.size() < kMaxNodes) {
      const Action a = untried_[rng_.below(static_cast<std::uint32_t>(untried_.size()))];
      Node child;
      child.action = a;
      child.mover = s.to_move();
      child.next_sibling = nodes_[node].first_child;
      child.avail = 1;
      nodes_.push_back(child);
      if (mix > 0) {  // within the reserve for an iteration budget: no allocation
        heur_.resize(nodes_.size() * seats, 0.0);
        leaf_.resize(heur_.size(), 0.0);
      }
      const int id = static_cast<int>(nodes_.size()) - 1;
      nodes_[node].first_child = id;
      s.apply_unchecked(a);
      ++actions_;
      path_.push_back(id);
      break;
    }
    if (best < 0) break;  // the tree is full and nothing here was tried: roll out from here
    s.apply_unchecked(nodes_[best].action);
    ++actions_;
    node = best;
    path_.push_back(node);
  }
  if (mix > 0) minimax_backup(s);
  rollout(s, config_.cutoff);
  values(s);
  ++nodes_[0].visits;
  for (std::size_t i = 1; i < path_.size(); ++i) {
    Node& n = nodes_[static_cast<std::size_t>(path_[i])];
    ++n.visits;
    n.value += values_[static_cast<std::size_t>(n.mover)];
    n.mean = n.value / n.visits;
  }
  ++iterations_;
}

// Implicit minimax: the node this iteration stopped at (before its rollout) adds the
// evaluation of this sampled world to its mean; every node above it on the path takes the
// values of its child whose mover rates it best. The root's own value is never read.
void MctsSearch::minimax_backup(const State& leaf) {
  const std::size_t seats = static_cast<std::size_t>(seats_);
  const std::size_t last = static_cast<std::size_t>(path_.back());
  Node& n = nodes_[last];
  if (n.first_child < 0 && last != 0) {
    seat_values(leaf, hvals_, eval_);
    ++n.evals;
    double* sum = &leaf_[last * seats];
    double* h = &heur_[last * seats];
    for (std::size_t i = 0; i < seats; ++i) {
      sum[i] += hvals_[i];
      h[i] = sum[i] / n.evals;
    }
  }
  for (std::size_t k = path_.size() - 1; k-- > 1;) {
    const std::size_t id = static_cast<std::size_t>(path_[k]);
    int best = -1;
    double best_value = -std::numeric_limits<double>::infinity();
    for (int c = nodes_[id].first_child; c >= 0; c = nodes_[c].next_sibling) {
      const double v = heur_[static_cast<std::size_t>(c) * seats + nodes_[c].mover];
      if (v > best_value) best_value = v, best = c;
    }
    if (best < 0) continue;
    std::copy_n(&heur_[static_cast<std::size_t>(best) * seats], seats, &heur_[id * seats]);
  }
}

void MctsSearch::rollout_only(int cutoff) {
  State& s = sample();
  rollout(s, cutoff < 0 ? config_.cutoff : cutoff);
  values(s);
  ++iterations_;
}

void MctsSearch::root_visits(std::map<Action, std::pair<long, double>>& out) const {
  for (int c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling) {
    auto& e = out[nodes_[c].action];
    e.first += nodes_[c].visits;
    e.second += nodes_[c].value;
  }
}

void MctsSearch::root_minimax(std::map<Action, double>& out) const {
  out.clear();
  if (seats_ == 0) return;
  for (int c = nodes_[0].first_child; c >= 0; c = nodes_[c].next_sibling)
    out[nodes_[c].action] = heur_[static_cast<std::size_t>(c) * static_cast<std::size_t>(seats_) +
                                  static_cast<std::size_t>(nodes_[c].mover)];
}

long MctsSearch::minimax_violations() const {
  if (seats_ == 0) return 0;
  const std::size_t seats = static_cast<std::size_t>(seats_);
  long bad = 0;
  for (std::size_t id = 1; id < nodes_.size(); ++id) {
    int best = -1;
    for (int c = nodes_[id].first_child; c >= 0; c = nodes_[c].next_sibling) {
      const std::size_t at = static_cast<std::size_t>(c) * seats;
      if (best < 0 || heur_[at + nodes_[c].mover] >
                          heur_[static_cast<std::size_t>(best) * seats + nodes_[best].mover])
        best = c;
    }
    if (best < 0) continue;
    bad += !std::equal(&heur_[id * seats], &heur_[id * seats] + seats,
                       &heur_[static_cast<std::size_t>(best) * seats]);
  }
  return bad;
}

void MctsSearch::rollout(State& s, int cutoff) {
  for (int steps = 0; !s.terminal(); ++steps) {
    if (cutoff > 0 && steps >= cutoff) return;
    s.legal_actions(legal_);
    Action a = legal_[0];
    if (legal_.size() > 1) {
      if (config_.rollout == MctsConfig::Rollout::kGreedy)
        a = greedy_pick(s);
      else if (policy_)
        a = (*policy_)(s, legal_, rng_);
      else
        a = legal_[rng_.below(static_cast<std::uint32_t>(legal_.size()))];
    }
    s.apply_unchecked(a);
    ++actions_;
  }
}

// The action with the best immediate lead for the mover (ties at random).
Action MctsSearch::greedy_pick(const State& s) {
  if (!scratch_) scratch_ = s.clone();
  const Seat me = s.to_move();
  double best = -std::numeric_limits<double>::infinity();
  Action pick = legal_[0];
  int ties = 0;
  for (Action a : legal_) {
    scratch_->copy_from(s);
    scratch_->apply_unchecked(a);
    evaluate_into(*scratch_, eval_);
    const double v = lead(eval_, me);
    if (v > best + 1e-9) {
      best = v, pick = a, ties = 1;
    } else if (v > best - 1e-9 && rng_.below(static_cast<std::uint32_t>(++ties)) == 0) {
      pick = a;
    }
  }
  return pick;
}

void MctsSearch::values(const State& s) {
  seat_values(s, values_, eval_);
}

std::string MctsBot::spec() const {
  std::string s = "mcts:";
  s += config_.seconds > 0 ? "time=" + seconds_text(config_.seconds)
                           : "iters=" + std::to_string(config_.iterations);
  if (config_.threads != 1) s += ",threads=" + std::to_string(config_.threads);
  if (config_.rollout == MctsConfig::Rollout::kRandom) s += ",rollout=random";
  if (config_.rollout == MctsConfig::Rollout::kGreedy) s += ",rollout=greedy";
  if (config_.cutoff > 0) s += ",cutoff=" + std::to_string(config_.cutoff);
  if (config_.exploration != 0.7) s += ",c=" + std::to_string(config_.exploration);
  if (config_.mix > 0) s += ",mix=" + number_text(config_.mix);
  if (config_.mix > 0 && config_.mix_fade != 100) s += ",fade=" + number_text(config_.mix_fade);
  return s;
}

Action MctsBot::choose(const View& view) {
  const auto& legal = view.legal();
  stats_ = {};
  const std::uint64_t base = rng_.next();
  if (legal.size() == 1) return legal[0].id;
  const int threads = std::max(1, config_.threads);
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(config_.seconds));
  std::vector<std::unique_ptr<MctsSearch>> searches;
  for (int t = 0; t < threads; ++t) {
    const long share = config_.iterations / threads + (t < config_.iterations % threads ? 1 : 0);
    searches.push_back(std::make_unique<MctsSearch>(view, config_,
                                                    mix_seed(base, static_cast<std::uint64_t>(t)),
                                                    config_.seconds > 0 ? 0 : share + 1));
  }
  // A stop signal (Agent::decide) is polled every 8 iterations (every iteration with greedy
  // rollouts, which can take milliseconds each): a relaxed load, and a clock read only when a
  // deadline is set. Stopped, the search answers with what it has.
  const long poll = config_.rollout == MctsConfig::Rollout::kGreedy ? 1 : 8;
  auto run = [&](int t) {
    MctsSearch& search = *searches[static_cast<std::size_t>(t)];
    if (config_.seconds > 0) {
      do {
        for (int k = 0; k < 8; ++k) {
          search.iterate();
          if (poll == 1 && stopping()) return;
        }
      } while (Clock::now() < deadline && !stopping());
    } else {
      const long share = config_.iterations / threads + (t < config_.iterations % threads ? 1 : 0);
      for (long i = 0; i < std::max(1L, share); ++i) {
        search.iterate();
        if ((i + 1) % poll == 0 && stopping()) return;
      }
    }
  };
  {
    std::vector<std::jthread> pool;
    // Threads that could not start run their share here, after its own: the same results.
    const int started = start_threads(pool, threads, run, "mcts");
    run(0);
    for (int t = started; t < threads; ++t) run(t);
  }  // joined here

  std::map<Action, std::pair<long, double>> visits;
  for (const auto& s : searches) {
    s->root_visits(visits);
    stats_.iterations += s->iterations();
    stats_.nodes += s->nodes();
  }
  stats_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  // Most visits; then the better mean value; then the lower action id (map order).
  Action best = legal[0].id;
  long best_visits = -1;
  double best_mean = -1;
  for (const auto& [a, e] : visits) {
    const double mean = e.first ? e.second / static_cast<double>(e.first) : 0;
    if (e.first > best_visits || (e.first == best_visits && mean > best_mean)) {
      best = a, best_visits = e.first, best_mean = mean;
    }
  }
  return best;
}

}  // namespace turf
