// VecEnv: n games of one kind stepped together in C++ (issue 26; docs/api.md, "VecEnv").
//
// The Python module wraps it (turf.VecEnv): its buffers become numpy arrays without a copy, and
// step() runs with the GIL released. Every game auto-resets when it ends. Without an opponent the
// seat to move in each game is the one observed and acting (self-play); with one, the learner
// plays one seat (fixed, or drawn per episode) and the built-in bot plays every other seat inside
// step(), so each step returns at the learner's next decision.
//
// The observation and the legal mask of a game are those of the seat that decides next, built
// from its View only (GameInfo::observe). Nothing on the stepping path allocates once warm: the
// states, the legal lists and the buffers are reused (the mask is updated by clearing the
// previous legal ids, not the whole row), except a game's set-up at an auto-reset (the game's
// factory), a bot other than "random" choosing for an opponent, and the View the observation is
// built from (the game's view constructor; see docs/performance.md). The test
// VecEnvAllocation.* counts them.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bots/agent.h"
#include "core/game.h"
#include "core/rng.h"

namespace turf {

struct VecEnvConfig {
  std::string game;
  std::map<std::string, std::string> options;
  int n = 1;
  std::uint64_t seed = 0;
  bool observations = true;
  bool masks = true;
  std::string opponent;  // "" for self-play; "random" or any bot spec or level
  int learner_seat = 0;  // with an opponent: the learner's seat, or -1 for one drawn per episode
  // The legal ids of each game as a padded (n, width) list with counts, besides or instead of the
  // mask: 0 for none; otherwise the width's least value (the width is this value or the most
  // legal actions any game has at this step, whichever is larger).
  int legal_ids = 0;
};

class VecEnv {
 public:
  explicit VecEnv(const VecEnvConfig& config);

  int n() const { return n_; }
  int players() const { return players_; }
  int obs_size() const { return obs_size_; }
  int action_space() const { return actions_; }
  const GameInfo& game() const { return *info_; }
  const Options& options() const { return options_; }
  bool has_opponent() const { return !opponent_spec_.empty(); }

  // Starts every game afresh from `seed` (the seeds of the games are drawn from it).
  void reset(std::uint64_t seed);
  // One action per game (ids of the seat that decides in it). Every action is checked before any
  // is applied: an illegal one throws Error naming the game and changes nothing.
  void step(const std::int64_t* actions);
  // A uniformly random legal action for every game, from the VecEnv's own generator.
  void sample_actions(std::int64_t* out);

  // Buffers (row-major; sizes fixed at construction).
  float* obs() { return obs_.data(); }          // n x obs_size (when observations)
  std::int8_t* mask() { return mask_.data(); }  // n x action_space (when masks)
  // n x ids_width(): the legal ids of each game in the game's order, then -1 (when legal_ids).
  // The width may change from step to step, and so may this address.
  std::int32_t* legal_ids() { return ids_.data(); }
  int ids_width() const { return ids_width_; }
  std::int32_t* legal_count() { return count_.data(); }  // n: legal ids of each game
  bool has_legal_ids() const { return min_width_ > 0; }
  float* rewards() { return rewards_.data(); }               // n x players, this step only
  std::uint8_t* terminated() { return terminated_.data(); }  // n: the game ended this step
  std::uint8_t* truncated() { return truncated_.data(); }    // n: always 0 (rules end games)
  std::int32_t* to_move() { return to_move_.data(); }        // n: the seat deciding now
  std::int32_t* learner() { return learner_.data(); }        // n: the learner's seat
  std::int32_t* episode_length() { return length_.data(); }  // n: actions in the game so far
  // What a game that ended on the last step finished with (Gymnasium's same-step autoreset: the
  // buffers above already describe the next episode). Row i is written on the step where
  // terminated()[i] is set and left as it is on other steps.
  float* final_obs() {
    return final_obs_.data();
  }  // n x obs_size: the final position, as seen
     // by final_seat (when observations)
  std::int32_t* final_seat() {
    return final_seat_.data();
  }                                                                // n: the seat that acted (the
                                                                   // learner with an opponent)
  std::int32_t* final_length() { return final_length_.data(); }    // n: actions in the game
  std::int32_t* final_ranking() { return final_ranking_.data(); }  // n x players (0 = first)
  double* final_scores() { return final_scores_.data(); }          // n x players (State::scores)
  // The true state of game i (omniscient: the Python module guards it).
  const State& state(int i) const { return *states_[i]; }

  // The reward of each seat at the end of a game (docs/api.md, "Rewards"): +1 for each seat
  // ranked below it, -1 for each seat ranked above it, divided by players - 1. Zero-sum.
  static void rank_rewards(const std::vector<int>& ranking, float* out);

 private:
  void new_episode(int i);
  void keep_final(int i, Seat seat, const std::vector<int>& ranking);
  void play_opponents(int i);
  void refresh(int i);
  void write_ids();
  Action opponent_choice(int i, Seat seat);

  const GameInfo* info_;
  Options options_;
  int n_, players_, obs_size_ = 0, actions_;
  bool observations_, masks_;
  std::string opponent_spec_;
  bool opponent_random_ = false;
  int fixed_learner_;
  Rng rng_;
  std::vector<std::unique_ptr<State>> states_;
  std::vector<std::uint64_t> seeds_;
  std::vector<std::vector<Action>> legal_;                 // the ids set in each mask row
  std::vector<Action> scratch_;                            // an opponent's legal actions
  std::vector<std::vector<std::unique_ptr<Agent>>> bots_;  // [game][seat], opponents only
  std::vector<float> obs_;
  std::vector<std::int8_t> mask_;
  int min_width_ = 0, ids_width_ = 0;
  std::vector<std::int32_t> ids_, count_;  // grown to the widest step seen, never shrunk
  std::vector<float> rewards_;
  std::vector<std::uint8_t> terminated_, truncated_;
  std::vector<std::int32_t> to_move_, learner_, length_;
  std::vector<float> final_obs_;
  std::vector<std::int32_t> final_seat_, final_length_, final_ranking_;
  std::vector<double> final_scores_;
};

}  // namespace turf
