// Information-Set Monte Carlo Tree Search, single observer (Cowling, Powley & Whitehouse 2012).
//
// Every iteration samples a fresh world from the bot's own view (so the bot never sees what its
// seat cannot see), then walks one tree of action sequences from the bot's decision: every
// seat's decisions are in the tree, as the bot sees them. A child is only eligible when its
// action is legal in the sampled world; UCB uses the number of times the child was available
// instead of the parent's visits. Leaves are expanded one action at a time; a rollout (random or
// greedy) plays on to the end, or to a cut-off where the game's evaluation gives each seat a
// value in [0, 1]. Each node accumulates the value of the seat that chose its action. Rollouts
// follow the game's rollout policy (GameInfo::rollout_policy) where it gives one. With `mix`
// (implicit minimax backups), every node also keeps each seat's value by the game's evaluation,
// backed up as max^n over its children, and UCB blends it in with a weight that fades as the
// child's own rollouts accumulate (docs/ai.md, yard, "Passive play at low budgets").
//
// Budgets: iterations or wall time. Root-parallel: each thread grows its own tree from the same
// root, with its own generator; the root visit counts are summed. With an iteration budget and a
// seed, the bot plays the same moves on every run, whatever the thread count's timing.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "bots/agent.h"
#include "bots/config.h"

namespace turf {

struct MctsStats {
  long iterations = 0;
  double seconds = 0;
  long nodes = 0;
};

class MctsBot final : public Agent {
 public:
  MctsBot(MctsConfig config, std::uint64_t seed) : config_(config), rng_(seed) {}
  Action choose(const View& view) override;
  std::string spec() const override;
  const MctsStats& last_stats() const { return stats_; }
  const MctsConfig& config() const { return config_; }

 private:
  MctsConfig config_;
  Rng rng_;
  MctsStats stats_;
};

// One tree, grown by one thread from one view (MctsBot runs one per thread; the bench and the
// allocation test drive one directly). An iteration allocates nothing: the sampled world is one
// state refilled in place (ViewData::sample_world_into), the legal-action, flag, path and value
// buffers are reused, and the nodes are reserved up front for an iteration budget (an iteration
// adds at most one node); with a time budget the node array grows by doubling.
class MctsSearch {
 public:
  // reserve_nodes: nodes to reserve now (the iteration budget plus one, at most the tree's cap).
  MctsSearch(const View& view, const MctsConfig& config, std::uint64_t seed,
             long reserve_nodes = 0);
  ~MctsSearch();
  MctsSearch(const MctsSearch&) = delete;
  MctsSearch& operator=(const MctsSearch&) = delete;

  // One iteration: sample a world, descend and expand the tree, roll out, back up.
  void iterate();
  // The rollout alone (for the bench): sample a world from the same view, roll it out with the
  // same policy from the view's position, and value it; no tree. It stops after `cutoff` actions
  // (0: at the end; -1: the configured cut-off).
  void rollout_only(int cutoff = -1);

  // Visits and summed values of each root child, added by action into `out`.
  void root_visits(std::map<Action, std::pair<long, double>>& out) const;
  // mix: each root child's implicit minimax value for the seat that chose it (its mover), by
  // action, into `out` (replacing what was there); empty when mix is off.
  void root_minimax(std::map<Action, double>& out) const;
  // mix: how many interior nodes (below the root) do not hold the values of the child whose
  // mover rates it highest (a consistency check for tests; 0 after every iteration).
  long minimax_violations() const;
  long iterations() const { return iterations_; }
  long nodes() const { return static_cast<long>(nodes_.size()); }
  // Actions applied to sampled worlds so far (tree and rollouts).
  long actions() const { return actions_; }

 private:
  struct Node {
    Action action = 0;
    Seat mover = kNobody;  // the seat that chose `action`
    int first_child = -1;
    int next_sibling = -1;
    int visits = 0;
    int avail = 0;     // how often this child's action was legal when its parent was visited
    double value = 0;  // sum of the mover's values
    double mean = 0;   // value / visits, kept at every back-up (selection reads it)
    int evals = 0;     // mix: evaluations summed in leaf_ while this node was a leaf
  };
  void minimax_backup(const State& leaf);
  State& sample();
  void rollout(State& s, int cutoff);
  Action greedy_pick(const State& s);
  void values(const State& s);

  const View& view_;
  const MctsConfig& config_;
  Rng rng_;
  const std::function<Action(const State&, const std::vector<Action>&, Rng&)>* policy_ = nullptr;
  std::vector<Node> nodes_;
  std::vector<int> path_;
  std::vector<Action> legal_, sorted_, untried_;
  std::vector<char> tried_;
  std::vector<double> values_, eval_;
  // mix: per node, `seats_` values each: the implicit minimax value (heur_) and the summed leaf
  // evaluations (leaf_); hvals_ is the leaf's evaluation this iteration.
  int seats_ = 0;
  std::vector<double> heur_, leaf_, hvals_;
  std::unique_ptr<State> world_;    // the sampled world, refilled every iteration
  std::unique_ptr<State> scratch_;  // greedy rollouts' one-ply look-ahead
  long iterations_ = 0;
  long actions_ = 0;
};

}  // namespace turf
