// The kernel contract: what every game's rules kernel (src/games/<id>/rules.h) is, checked by the
// compiler (issue 32; docs/architecture.md "The kernel contract").
//
// A kernel is the rules and nothing else: a position, a set-up, the legal actions, the step, and
// the end. It knows no options, no labels, no views and no JSON (a rules.h includes nothing of
// core/game.h); the engine adapter (core/kernel_state.h) writes the turf::State around it once,
// and the game adds only its words (state.cpp) and its wall (view.cpp).
//
// A game names its kernel with a struct of static members, in its rules.h:
//
//   struct Kernel {
//     using Position = ...;  // the whole game in one trivially copyable struct (no heap)
//     using Setup = ...;     // the set-up's choices, already resolved from the options
//     static constexpr int kMaxSeats = ...;
//     static void setup(Position&, const Setup&, std::uint64_t seed);
//     static int seats(const Position&);
//     static bool over(const Position&);
//     static int to_move(const Position&);           // the seat deciding now (before the end)
//     static void legal_actions(const Position&, std::vector<int>& out);  // cleared first
//     static bool is_legal(const Position&, int action);
//     static bool apply(Position&, int action);      // true: an undo point (randomness drawn or
//                                                    // hidden facts revealed)
//     static void outcome(const Position&, Outcome& out);  // the points and the ranking
//     static int length_bound(const Position&);      // the most actions any such game takes
//   };
//   static_assert(turf::RulesKernel<Kernel>);
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace turf {

// The most seats any game of the house seats (Turf Wars: 6). A kernel's own bound is at most this.
inline constexpr int kMaxKernelSeats = 6;

// How a game stands, or ended: each seat's points in the game's own unit (points, DP, VP) and its
// rank (0 = first; tied seats share a rank). Where the rules let a seat with fewer points win
// (a Turf Wars instant win), the ranks say so, not the points.
struct Outcome {
  int seats = 0;
  std::array<int, kMaxKernelSeats> points{};
  std::array<int, kMaxKernelSeats> ranks{};

  // Each seat's share of the win: 1/k for each of the k seats ranked first, else 0.
  template <class Out>
  void win_shares(Out& out) const {
    int winners = 0;
    for (int s = 0; s < seats; ++s) winners += ranks[s] == 0;
    out.assign(static_cast<std::size_t>(seats), 0.0);
    for (int s = 0; s < seats; ++s)
      if (ranks[s] == 0) out[s] = 1.0 / static_cast<double>(winners);
  }
  // Ranks from the points alone, higher first (games whose ranking follows their points).
  void rank_by_points() {
    for (int a = 0; a < seats; ++a) {
      ranks[a] = 0;
      for (int b = 0; b < seats; ++b) ranks[a] += points[b] > points[a];
    }
  }
};
static_assert(std::is_trivially_copyable_v<Outcome>);

// The contract. A game whose kernel strays from it fails to compile where its State is declared
// (KernelState<K> requires it) and at the static_assert beside its Kernel.
template <class K>
concept RulesKernel = std::is_trivially_copyable_v<typename K::Position> &&
                      std::is_default_constructible_v<typename K::Position> &&
                      std::equality_comparable<typename K::Position> &&
                      std::is_default_constructible_v<typename K::Setup> &&
                      (K::kMaxSeats >= 1 && K::kMaxSeats <= kMaxKernelSeats) &&
                      requires(typename K::Position& p, const typename K::Position& cp,
                               const typename K::Setup& setup, std::uint64_t seed, int action,
                               std::vector<int>& actions, Outcome& outcome) {
  { K::setup(p, setup, seed) } -> std::same_as<void>;
  { K::seats(cp) } -> std::same_as<int>;
  { K::over(cp) } -> std::same_as<bool>;
  { K::to_move(cp) } -> std::same_as<int>;
  { K::legal_actions(cp, actions) } -> std::same_as<void>;
  { K::is_legal(cp, action) } -> std::same_as<bool>;
  { K::apply(p, action) } -> std::same_as<bool>;
  { K::outcome(cp, outcome) } -> std::same_as<void>;
  { K::length_bound(cp) } -> std::same_as<int>;
};

}  // namespace turf
