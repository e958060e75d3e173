// The engine adapter written once: a turf::State over any rules kernel that keeps the contract of
// core/kernel.h. A game's State derives from KernelState<Kernel, ItsState> and adds only its words
// (action labels and JSON, state.cpp) and its wall (make_view_data, view.cpp):
//
//   class DungeonState final : public KernelState<Kernel, DungeonState> { ... };
//
// Everything a kernel decides (who moves, the legal actions, the step and its undo point, the
// points, the ranking, the length bound) is read from the kernel here and nowhere else.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/game.h"
#include "core/kernel.h"

namespace turf {

template <RulesKernel K, class D>
class KernelState : public StateBase<D> {
 public:
  using Kernel = K;
  using Position = typename K::Position;
  using Setup = typename K::Setup;

  KernelState(const GameInfo* info, const Position& pos) : StateBase<D>(info), pos_(pos) {}

  int num_seats() const override { return K::seats(pos_); }
  Seat to_move() const override { return K::over(pos_) ? kNobody : K::to_move(pos_); }
  bool terminal() const override { return K::over(pos_); }
  void legal_actions(std::vector<Action>& out) const override { K::legal_actions(pos_, out); }
  bool is_legal(Action a) const override { return !K::over(pos_) && K::is_legal(pos_, a); }
  std::vector<double> scores() const override {
    const Outcome o = outcome_now();
    return std::vector<double>(o.points.begin(), o.points.begin() + o.seats);
  }
  std::vector<int> ranking() const override {
    const Outcome o = outcome_now();
    return std::vector<int>(o.ranks.begin(), o.ranks.begin() + o.seats);
  }
  // As State::outcome, without allocating once `out` has room (search, at every rollout's end).
  void outcome_into(std::vector<double>& out) const override { outcome_now().win_shares(out); }
  int length_bound() const override { return K::length_bound(pos_); }

  // The kernel's outcome as it stands (final once terminal).
  Outcome outcome_now() const {
    Outcome o;
    K::outcome(pos_, o);
    return o;
  }
  const Position& position() const { return pos_; }
  bool same_fields(const D& o) const { return pos_ == o.pos_; }

  // A new game: the kernel's set-up with these choices and seed.
  static std::unique_ptr<State> create(const GameInfo* info, const Setup& setup,
                                       std::uint64_t seed) {
    Position p;
    K::setup(p, setup, seed);
    return std::make_unique<D>(info, p);
  }

 protected:
  void do_apply(Action a) override {
    if (K::apply(pos_, a)) this->commit();
  }

  Position pos_;
};

}  // namespace turf
