#include "python/vec_env.h"

#include <algorithm>
#include <cstring>

#include "bots/presets.h"
#include "core/view.h"

namespace turf {

namespace {
constexpr int kLegalRoom = 512;
}  // namespace

VecEnv::VecEnv(const VecEnvConfig& c)
    : info_(&Registry::instance().find(c.game)),
      options_(info_->resolve(c.options)),
      n_(c.n),
      players_(options_.players()),
      actions_(0),
      observations_(c.observations),
      masks_(c.masks),
      fixed_learner_(c.learner_seat),
      rng_(c.seed),
      min_width_(c.legal_ids) {
  if (n_ < 1 || n_ > 1 << 20) throw Error("n must be in 1..1048576, not " + std::to_string(n_));
  if (!info_->action_space || !info_->observe || !info_->observation_spec)
    throw Error(info_->id + " has no observation tensors");
  if (c.legal_ids < 0 || c.legal_ids > 4096)
    throw Error("legal_ids must be in 0..4096, not " + std::to_string(c.legal_ids));
  actions_ = info_->action_space(options_);
  if (observations_) obs_size_ = info_->observation_spec(options_).size;
  if (!c.opponent.empty()) {
    opponent_spec_ = c.opponent == "random" ? "random" : resolve_bot_spec(info_->id, c.opponent);
    if (opponent_spec_ == "human") throw Error("the opponent must be a bot, not 'human'");
    opponent_random_ = opponent_spec_ == "random";
    if (fixed_learner_ < -1 || fixed_learner_ >= players_)
      throw Error("seat must be in 0.." + std::to_string(players_ - 1) + " or random");
    make_bot(opponent_spec_, 0);  // checks the spec now: a bad one is an error here
  }
  states_.resize(n_);
  seeds_.assign(n_, 0);
  // Room for every legal list a game reaches (none of ours has 512 legal actions at once), so that
  // stepping never grows one.
  const std::size_t room = static_cast<std::size_t>(std::min(actions_, kLegalRoom));
  legal_.resize(n_);
  for (auto& l : legal_) l.reserve(room);
  scratch_.reserve(room);
  bots_.resize(n_);
  obs_.assign(static_cast<std::size_t>(n_) * obs_size_, 0.0f);
  if (masks_) mask_.assign(static_cast<std::size_t>(n_) * actions_, 0);
  if (has_legal_ids()) {
    count_.assign(n_, 0);
    ids_.reserve(static_cast<std::size_t>(n_) * std::max<std::size_t>(room, min_width_));
  }
  rewards_.assign(static_cast<std::size_t>(n_) * players_, 0.0f);
  terminated_.assign(n_, 0);
  truncated_.assign(n_, 0);
  to_move_.assign(n_, 0);
  learner_.assign(n_, 0);
  length_.assign(n_, 0);
  final_obs_.assign(static_cast<std::size_t>(n_) * obs_size_, 0.0f);
  final_seat_.assign(n_, 0);
  final_length_.assign(n_, 0);
  final_ranking_.assign(static_cast<std::size_t>(n_) * players_, 0);
  final_scores_.assign(static_cast<std::size_t>(n_) * players_, 0.0);
  reset(c.seed);
}

void VecEnv::rank_rewards(const std::vector<int>& ranking, float* out) {
  const int p = static_cast<int>(ranking.size());
  for (int s = 0; s < p; ++s) {
    int score = 0;
    for (int o = 0; o < p; ++o) score += (ranking[o] > ranking[s]) - (ranking[o] < ranking[s]);
    out[s] = static_cast<float>(score) / static_cast<float>(p - 1);
  }
}

void VecEnv::reset(std::uint64_t seed) {
  rng_.reseed(seed);
  std::fill(rewards_.begin(), rewards_.end(), 0.0f);
  std::fill(terminated_.begin(), terminated_.end(), 0);
  std::fill(mask_.begin(), mask_.end(), 0);
  for (auto& l : legal_) l.clear();
  for (int i = 0; i < n_; ++i) new_episode(i);
  write_ids();
}

void VecEnv::write_ids() {
  if (!has_legal_ids()) return;
  std::size_t width = static_cast<std::size_t>(min_width_);
  for (const auto& l : legal_) width = std::max(width, l.size());
  // Grows only when a step is wider than any before (the room reserved at construction covers
  // every game of ours), so that a warm VecEnv does not allocate here.
  ids_.resize(std::max(ids_.size(), static_cast<std::size_t>(n_) * width));
  ids_width_ = static_cast<int>(width);
  for (int i = 0; i < n_; ++i) {
    const auto& l = legal_[i];
    std::int32_t* row = ids_.data() + static_cast<std::size_t>(i) * width;
    std::copy(l.begin(), l.end(), row);
    std::fill(row + l.size(), row + width, -1);
    count_[i] = static_cast<std::int32_t>(l.size());
  }
}

void VecEnv::new_episode(int i) {
  seeds_[i] = rng_.next();
  states_[i] = info_->create(options_, seeds_[i]);
  length_[i] = 0;
  if (has_opponent()) {
    learner_[i] = fixed_learner_ >= 0
                      ? fixed_learner_
                      : static_cast<int>(rng_.below(static_cast<std::uint32_t>(players_)));
    if (!opponent_random_) {
      bots_[i].clear();
      for (int s = 0; s < players_; ++s)
        bots_[i].push_back(s == learner_[i] ? nullptr : make_bot(opponent_spec_, rng_.next()));
    }
    play_opponents(i);
  }
  refresh(i);
}

Action VecEnv::opponent_choice(int i, Seat seat) {
  if (opponent_random_) {
    // The random bot's choice (bots/random_bot.h) without building a View: uniform over the
    // legal actions, from the VecEnv's generator.
    return scratch_[rng_.below(static_cast<std::uint32_t>(scratch_.size()))];
  }
  return bots_[i][seat]->choose(states_[i]->view(seat, false));
}

void VecEnv::play_opponents(int i) {
  State& s = *states_[i];
  while (!s.terminal() && s.to_move() != learner_[i]) {
    if (opponent_random_) s.legal_actions(scratch_);
    s.apply_unchecked(opponent_choice(i, s.to_move()));
    ++length_[i];
  }
}

void VecEnv::refresh(int i) {
  State& s = *states_[i];
  std::int8_t* m = masks_ ? mask_.data() + static_cast<std::size_t>(i) * actions_ : nullptr;
  if (m)
    for (Action a : legal_[i]) m[a] = 0;
  s.legal_actions(legal_[i]);
  if (m)
    for (Action a : legal_[i]) m[a] = 1;
  const Seat mover = s.to_move();
  to_move_[i] = mover;
  if (observations_) {
    View v(&s.game(), mover, mover, s.terminal(), s.move_number(), {}, s.make_view_data(mover));
    info_->observe(v, obs_.data() + static_cast<std::size_t>(i) * obs_size_);
  }
}

void VecEnv::step(const std::int64_t* actions) {
  for (int i = 0; i < n_; ++i) {
    const std::int64_t a = actions[i];
    bool legal = false;
    if (a >= 0 && a < actions_) {
      if (masks_)
        legal = mask_[static_cast<std::size_t>(i) * actions_ + a] != 0;
      else
        legal = std::find(legal_[i].begin(), legal_[i].end(), static_cast<Action>(a)) !=
                legal_[i].end();
    }
    if (!legal)
      throw Error("game " + std::to_string(i) + ": action " + std::to_string(a) +
                  " is not legal for seat " + std::to_string(to_move_[i]));
  }
  std::fill(rewards_.begin(), rewards_.end(), 0.0f);
  for (int i = 0; i < n_; ++i) {
    State& s = *states_[i];
    const Seat actor = to_move_[i];  // the learner, with an opponent
    s.apply_unchecked(static_cast<Action>(actions[i]));
    ++length_[i];
    if (has_opponent()) play_opponents(i);
    terminated_[i] = s.terminal();
    if (s.terminal()) {
      const std::vector<int> ranking = s.ranking();
      rank_rewards(ranking, rewards_.data() + static_cast<std::size_t>(i) * players_);
      keep_final(i, actor, ranking);
      new_episode(i);
    } else {
      refresh(i);
    }
  }
  write_ids();
}

void VecEnv::keep_final(int i, Seat seat, const std::vector<int>& ranking) {
  const State& s = *states_[i];
  final_seat_[i] = seat;
  final_length_[i] = length_[i];
  const std::vector<double> scores = s.scores();
  for (int p = 0; p < players_; ++p) {
    final_ranking_[static_cast<std::size_t>(i) * players_ + p] = ranking[p];
    final_scores_[static_cast<std::size_t>(i) * players_ + p] = scores[p];
  }
  if (observations_) {
    View v(&s.game(), seat, s.to_move(), true, s.move_number(), {}, s.make_view_data(seat));
    info_->observe(v, final_obs_.data() + static_cast<std::size_t>(i) * obs_size_);
  }
}

void VecEnv::sample_actions(std::int64_t* out) {
  for (int i = 0; i < n_; ++i) {
    const auto& legal = legal_[i];
    out[i] = legal[rng_.below(static_cast<std::uint32_t>(legal.size()))];
  }
}

}  // namespace turf
