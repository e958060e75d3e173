// The kernel contract (core/kernel.h, issue 32): every game's kernel satisfies the concept, the
// concept refuses kernels that stray from it, and the adapter written once (core/kernel_state.h)
// says what the kernel says.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "core/kernel.h"
#include "core/kernel_state.h"
#include "core/rng.h"
#include "games/cryhavoc/game.h"
#include "games/dungeon/game.h"
#include "games/turfwars/game.h"
#include "games/yard/game.h"

namespace turf {
namespace {

// Every game of the house keeps the contract (each rules.h asserts it too).
static_assert(RulesKernel<dungeon::Kernel>);
static_assert(RulesKernel<yard::Kernel>);
static_assert(RulesKernel<turfwars::Kernel>);
static_assert(RulesKernel<cryhavoc::Kernel>);

// Each game's State is the adapter over its kernel, not a fifth dialect.
static_assert(
    std::is_base_of_v<KernelState<dungeon::Kernel, dungeon::DungeonState>, dungeon::DungeonState>);
static_assert(std::is_base_of_v<KernelState<yard::Kernel, yard::YardState>, yard::YardState>);
static_assert(std::is_base_of_v<KernelState<turfwars::Kernel, turfwars::TurfWarsState>,
                                turfwars::TurfWarsState>);
static_assert(std::is_base_of_v<KernelState<cryhavoc::Kernel, cryhavoc::CryHavocState>,
                                cryhavoc::CryHavocState>);

// The concept refuses what drifts: a well-formed kernel passes, and each one-line departure from
// it (the dialects issue 32 found) fails.
struct GoodPos {
  int n = 0;
  bool operator==(const GoodPos&) const = default;
};
struct GoodSetup {};
template <class Pos>
struct KernelOver {
  using Position = Pos;
  using Setup = GoodSetup;
  static constexpr int kMaxSeats = 2;
  static void setup(Position&, const Setup&, std::uint64_t) {}
  static int seats(const Position&) { return 2; }
  static bool over(const Position&) { return false; }
  static int to_move(const Position&) { return 0; }
  static void legal_actions(const Position&, std::vector<int>&) {}
  static bool is_legal(const Position&, int) { return true; }
  static bool apply(Position&, int) { return false; }
  static void outcome(const Position&, Outcome&) {}
  static int length_bound(const Position&) { return 1; }
};
using Good = KernelOver<GoodPos>;
static_assert(RulesKernel<Good>);

struct ApplyReturnsVoid : Good {  // yard's old dialect: no undo point from apply
  static void apply(Position&, int) {}
};
static_assert(!RulesKernel<ApplyReturnsVoid>);

struct SetupTakesLooseArguments : Good {  // dungeon's and yard's old set-ups
  static void setup(Position&, int, std::uint64_t) {}
};
static_assert(!RulesKernel<SetupTakesLooseArguments>);

struct HeapPos {
  std::vector<int> cards;  // a position must copy as a memcpy (search copies it every iteration)
  bool operator==(const HeapPos&) const = default;
};
static_assert(!RulesKernel<KernelOver<HeapPos>>);

struct ScoresAsAVector : Good {  // four scoring APIs: one outcome POD instead
  static std::vector<double> outcome(const Position&) { return {}; }
};
static_assert(!RulesKernel<ScoresAsAVector>);

struct TooManySeats : Good {
  static constexpr int kMaxSeats = kMaxKernelSeats + 1;
};
static_assert(!RulesKernel<TooManySeats>);

// ---------------------------------------------------------------------------------------------
// Played through the kernel alone: the contract's promises hold in seeded random games of every
// game and player count.

template <class K>
void play_through_the_kernel(const std::string& name, const typename K::Setup& setup,
                             std::uint64_t seed) {
  SCOPED_TRACE(name + " seed " + std::to_string(seed));
  typename K::Position p, again;
  K::setup(p, setup, seed);
  K::setup(again, setup, seed);
  EXPECT_TRUE(p == again) << "set-up is a function of the set-up and the seed";
  const int seats = K::seats(p);
  ASSERT_GE(seats, 1);
  ASSERT_LE(seats, K::kMaxSeats);
  const int bound = K::length_bound(p);
  Rng rng(seed ^ 0x5eedu);
  std::vector<int> legal;
  int steps = 0;
  while (!K::over(p)) {
    ASSERT_LT(steps, bound) << "the game outlasts its length bound";
    const int mover = K::to_move(p);
    ASSERT_GE(mover, 0);
    ASSERT_LT(mover, seats);
    K::legal_actions(p, legal);
    ASSERT_FALSE(legal.empty()) << "no legal action before the end, step " << steps;
    for (int a : legal) ASSERT_TRUE(K::is_legal(p, a)) << "listed but not legal: " << a;
    const int a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    // A position is its bytes: a copy made with memcpy plays on exactly as the original does.
    typename K::Position copy;
    std::memcpy(static_cast<void*>(&copy), static_cast<const void*>(&p), sizeof p);
    const bool undo_point = K::apply(p, a);
    const bool copy_undo_point = K::apply(copy, a);
    ASSERT_EQ(undo_point, copy_undo_point);
    ASSERT_TRUE(copy == p) << "apply is a function of the position and the action";
    ++steps;
  }
  K::legal_actions(p, legal);
  EXPECT_TRUE(legal.empty()) << "legal actions after the end";
  Outcome o;
  K::outcome(p, o);
  ASSERT_EQ(o.seats, seats);
  bool someone_first = false;
  for (int s = 0; s < seats; ++s) {
    EXPECT_GE(o.ranks[s], 0);
    EXPECT_LT(o.ranks[s], seats);
    someone_first |= o.ranks[s] == 0;
  }
  EXPECT_TRUE(someone_first);
  // Competition ranking: a seat's rank is the number of seats strictly ahead of it.
  for (int a = 0; a < seats; ++a) {
    int ahead = 0;
    for (int b = 0; b < seats; ++b) ahead += o.ranks[b] < o.ranks[a];
    EXPECT_EQ(o.ranks[a], ahead) << "seat " << a;
  }
  std::vector<double> shares;
  o.win_shares(shares);
  double total = 0;
  for (double x : shares) total += x;
  EXPECT_NEAR(total, 1.0, 1e-12);
}

// Seeds 1..seeds at every player count from lo to hi, the other choices as in `base`.
template <class K>
void play_every_count(const std::string& name, int lo, int hi, std::uint64_t seeds,
                      typename K::Setup base = {}) {
  for (std::uint64_t seed = 1; seed <= seeds; ++seed)
    for (int players = lo; players <= hi; ++players) {
      base.players = players;
      play_through_the_kernel<K>(name + " " + std::to_string(players) + "p", base, seed);
    }
}

TEST(KernelContract, DungeonPlaysThroughTheKernelAlone) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed)
    for (int influence : {dungeon::kInfluencePassage, dungeon::kInfluenceDirection})
      play_through_the_kernel<dungeon::Kernel>("dungeon", {0, influence}, seed);
}

TEST(KernelContract, YardPlaysThroughTheKernelAlone) {
  for (int edition : {1, 2})
    play_every_count<yard::Kernel>("yard edition " + std::to_string(edition), 2, 4, 4,
                                   {2, edition});
}

TEST(KernelContract, TurfWarsPlaysThroughTheKernelAlone) {
  play_every_count<turfwars::Kernel>("turfwars", 2, 6, 4);
}

TEST(KernelContract, CryHavocPlaysThroughTheKernelAlone) {
  play_every_count<cryhavoc::Kernel>("cryhavoc", 2, 4, 4);
}

// The adapter says what the kernel says: scores are the outcome's points, the ranking its ranks,
// the win shares follow the ranks, and a step the kernel calls an undo point moves the floor.
TEST(KernelContract, TheAdapterReadsEverythingFromTheKernel) {
  for (const auto& info : Registry::instance().games()) {
    for (int players = info->min_players; players <= info->max_players; ++players) {
      const Options options = info->resolve({{"players", std::to_string(players)}});
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        SCOPED_TRACE(info->id + " " + std::to_string(players) + "p seed " + std::to_string(seed));
        auto state = new_game(*info, options, seed);
        Rng rng(seed);
        std::vector<Action> legal;
        std::vector<double> shares;
        while (!state->terminal()) {
          state->legal_actions(legal);
          const int floor_before = state->undo_floor();
          state->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
          EXPECT_TRUE(state->undo_floor() == floor_before ||
                      state->undo_floor() == state->move_number());
        }
        EXPECT_EQ(state->to_move(), kNobody);
        EXPECT_FALSE(state->is_legal(0));
        const auto scores = state->scores();
        const auto ranking = state->ranking();
        ASSERT_EQ(static_cast<int>(scores.size()), players);
        ASSERT_EQ(static_cast<int>(ranking.size()), players);
        state->outcome_into(shares);
        EXPECT_EQ(shares, state->outcome());
        for (int s = 0; s < players; ++s) EXPECT_EQ(shares[s] > 0, ranking[s] == 0);
      }
    }
  }
}

}  // namespace
}  // namespace turf
