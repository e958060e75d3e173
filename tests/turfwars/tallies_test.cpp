// Issue 18, "random playouts of turfwars at >= 4.2M actions a second at every player count": the
// kernel keeps tallies of the board (turfs held by type, turfs held, troops on the board, the
// cells each seat holds) with every change of a cell, so that win checks, scoring and legal
// actions never rescan it; it skips win checks of an unchanged position; and its main loop looks
// at no more than two options when it only needs to know whether a decision has a single one.
// These tests compare each shortcut with the full computation after every action of many random
// games at every player count (and under every option that changes play).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.h"
#include "games/turfwars/kernel.h"
#include "games/turfwars/rules.h"

namespace turf::turfwars {
namespace {

struct Recount {
  std::array<std::array<int, kTypes>, kMaxSeats> by_type{};
  std::array<int, kMaxSeats> turfs{}, troops{};
  std::array<std::array<std::uint64_t, 2>, kMaxSeats> cells{};
};

// The tallies from scratch: every cell of the board, whatever the kernel keeps.
Recount recount_board(const Position& p) {
  const Board& b = board_of(p);
  Recount r;
  for (int c = 0; c < kMaxCells; ++c) {
    const int o = p.owner[c];
    if (o < 0) continue;
    EXPECT_LT(o, p.num_seats) << "cell " << c;
    EXPECT_EQ(b.kind[c], kTurfCell) << "a seat holds cell " << c << ", which is no turf";
    if (o >= p.num_seats || b.kind[c] != kTurfCell) continue;
    ++r.by_type[o][b.type[c]];
    ++r.turfs[o];
    r.troops[o] += p.troops[c];
    r.cells[o][c >> 6] |= std::uint64_t{1} << (c & 63);
  }
  return r;
}

void expect_tallies_match(const Position& p, const std::string& where) {
  const Recount r = recount_board(p);
  for (int s = 0; s < kMaxSeats; ++s) {
    for (int t = 0; t < kTypes; ++t)
      ASSERT_EQ(p.held_type[s][t], r.by_type[s][t]) << where << ": seat " << s << " type " << t;
    ASSERT_EQ(p.held[s], r.turfs[s]) << where << ": turfs of seat " << s;
    ASSERT_EQ(p.on_board[s], r.troops[s]) << where << ": troops of seat " << s;
    ASSERT_EQ(p.held_cells[s], r.cells[s]) << where << ": cells of seat " << s;
    ASSERT_EQ(turfs_of(p, s), r.turfs[s]) << where;
    ASSERT_EQ(troops_of(p, s), r.troops[s]) << where;
    if (s < p.num_seats) {
      ASSERT_EQ(home_turfs_of(p, s), r.by_type[s][p.seats[s].home]) << where;
      bool all = true;
      for (int t = 0; t < kTypes; ++t) all &= r.by_type[s][t] > 0;
      ASSERT_EQ(rainbow(p, s), all) << where;
    }
  }
}

bool stable(const Position& p) {
  return !p.war.active && p.phase >= Phase::kPreEvent && p.phase <= Phase::kSpend;
}

// Game g's options: every option that changes play, in turn.
Setup varied(int players, int g) {
  Setup s;
  s.players = players;
  s.cost = static_cast<Cost>(g % kNumCosts);
  s.one_faction = g % 3 == 1;
  s.bloodlust_half = g % 4 == 2;
  s.mind_control = g % 5 != 3;
  return s;
}

void play_and_compare(int players, int games, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<int> legal;
  kernel::Acts all, few;
  long actions = 0, checked = 0;
  for (int g = 0; g < games; ++g) {
    Position p;
    setup(p, varied(players, g), rng.next());
    expect_tallies_match(p, "set-up");
    while (!p.over()) {
      const std::string where = std::to_string(players) + " players, game " + std::to_string(g) +
                                ", action " + std::to_string(actions);
      // The main loop's short list tells none, one (the same) and several apart as gen does.
      kernel::gen(p, all);
      kernel::gen_few(p, few);
      ASSERT_GT(all.n, 0) << where;
      ASSERT_EQ(few.n == 1, all.n == 1) << where;
      if (all.n == 1) {
        ASSERT_EQ(few.a[0], all.a[0]) << where;
      }
      // No win was missed by a skipped check: a full check of the decision finds none.
      if (stable(p)) {
        Position copy = p;
        ASSERT_FALSE(kernel::check_wins(copy, false)) << where;
        ++checked;
      }
      // A recount from the board gives the tallies kept.
      Position rebuilt = p;
      rebuilt.held_type = {};
      rebuilt.held = {};
      rebuilt.on_board = {};
      rebuilt.held_cells = {};
      rebuilt.secret_bits = {};
      recount(rebuilt);
      ASSERT_TRUE(rebuilt == p) << where;
      // Issue 32: the secret cards' condition bits kept are those of the cards held.
      for (int s = 0; s < kMaxSeats; ++s) {
        std::uint32_t bits = 0;
        if (s < p.num_seats)
          for (int i = 0; i < p.seats[s].num_secrets; ++i)
            bits |= kernel::secret_bit(p, p.seats[s].secrets[i]);
        ASSERT_EQ(p.secret_bits[s], bits) << where << ": seat " << s;
      }

      legal_actions(p, legal);
      apply(p, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      ++actions;
      expect_tallies_match(p, where);
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  EXPECT_GT(actions, games * 50L);
  EXPECT_GT(checked, actions / 4);
}

TEST(TurfWarsFastPlayouts, IncrementalTalliesMatchARecountAfterEveryActionAt2Players) {
  play_and_compare(2, 60, 1802);
}
TEST(TurfWarsFastPlayouts, IncrementalTalliesMatchARecountAfterEveryActionAt3Players) {
  play_and_compare(3, 50, 1803);
}
TEST(TurfWarsFastPlayouts, IncrementalTalliesMatchARecountAfterEveryActionAt4Players) {
  play_and_compare(4, 40, 1804);
}
TEST(TurfWarsFastPlayouts, IncrementalTalliesMatchARecountAfterEveryActionAt5Players) {
  play_and_compare(5, 30, 1805);
}
TEST(TurfWarsFastPlayouts, IncrementalTalliesMatchARecountAfterEveryActionAt6Players) {
  play_and_compare(6, 30, 1806);
}

// Issue 32: legal_actions writes the list straight into the caller's vector (no list copied
// after), the main loop's short list (gen_few) stops at a second option in every step with a
// range or a scan and leaves its few options unsorted, and the spending phase's purchases are
// tested together (buy_mask, with T12.1's exchange read from the hand as two words). After every
// action of random games at every player count: the vector holds gen's list, in its order (E1:
// the random bot picks by index); the short list tells none, one (the same) and several apart as
// the full list does; buy_mask has the bit of each purchase buy_possible allows (T12, T12.1); and
// the kernel's inlined teleporter test is teleporters_active() (T1.5, T6.9).
void play_and_compare_lists(int players, int games, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<int> legal, direct;
  kernel::Acts all, few;
  long actions = 0, buys = 0;
  for (int g = 0; g < games; ++g) {
    Position p;
    setup(p, varied(players, g), rng.next());
    while (!p.over()) {
      const std::string where = std::to_string(players) + " players, game " + std::to_string(g) +
                                ", action " + std::to_string(actions);
      ASSERT_EQ(kernel::tele_on(p), teleporters_active(p)) << where;  // T1.5, T6.9
      kernel::gen(p, all);
      direct.assign(3, -7);  // what the caller's vector held before is cleared
      legal_actions(p, direct);
      ASSERT_EQ(direct, std::vector<int>(all.a.begin(), all.a.begin() + all.n)) << where;
      kernel::gen_few(p, few);
      ASSERT_EQ(few.n == 0, all.n == 0) << where;
      ASSERT_EQ(few.n == 1, all.n == 1) << where;
      if (all.n == 1) {
        ASSERT_EQ(few.a[0], all.a[0]) << where;
      }
      for (int s = 0; s < p.num_seats; ++s) {
        unsigned m = 0;
        for (int item = kBuyTroop; item <= kBuyExchange; ++item)
          if (kernel::buy_possible(p, s, item)) m |= 1u << item;
        ASSERT_EQ(kernel::buy_mask(p, s), m) << where << ": seat " << s;
        buys += m != 0;
        // T7.3: num_held counts the bought action cards the draft merges (run_draft reads it).
        int held = 0;
        for (int t = 0; t < kMaxTemplates; ++t) held += p.seats[s].held[t];
        ASSERT_EQ(held, p.seats[s].num_held) << where << ": seat " << s;
      }
      legal = direct;
      apply(p, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      ++actions;
    }
  }
  EXPECT_GT(actions, games * 50L);
  EXPECT_GT(buys, 0);
}

TEST(TurfWarsFastPlayouts, E1_T12_1_T1_5_TheListWrittenInPlaceTheShortListAndTheBuyMaskAgree) {
  for (int players = 2; players <= 6; ++players)
    play_and_compare_lists(players, 25, 3200 + static_cast<std::uint64_t>(players));
}

// Issue 32: the win check's quick look (wins.cpp) rules a win out mid-round from a cheap test per
// condition held, and the main loop marks lost starting turfs from Position::start_away (kept
// with every change of a cell). After every action of random games, and with the seats' records
// nudged up to where a card can be met, the check with the quick look leaves the same position
// and answer as the full check (R31, E3, T13.1-T13.3), and start_cells and start_away are what
// the seats' starts and the board give (T13.5, R57). At a placement (T5, T8.7), the main loop's
// narrow look after troops placed automatically never rules out a win the full check finds.
void play_and_compare_checks(int players, int games, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<int> legal;
  long actions = 0, wins = 0, nudged_wins = 0, placements = 0, placed_wins = 0;
  auto agree = [&](const Position& at, const std::string& where) {
    Position quick = at, full = at;
    const bool q = kernel::check_wins(quick, false);
    const bool f = kernel::check_wins_full(full, false);
    EXPECT_EQ(q, f) << where;
    EXPECT_TRUE(quick == full) << where;
    return f;
  };
  for (int g = 0; g < games; ++g) {
    Position p;
    setup(p, varied(players, g), rng.next());
    while (!p.over()) {
      const std::string where = std::to_string(players) + " players, game " + std::to_string(g) +
                                ", action " + std::to_string(actions);
      // The starting turfs kept: the seats' starts, and those out of their seat's control and not
      // yet marked lost.
      std::array<std::uint64_t, 2> starts{};
      std::uint8_t away = 0;
      for (int o = 0; o < p.num_seats; ++o) {
        const SeatState& st = p.seats[o];
        if (st.start == kNone) continue;
        starts[st.start >> 6] |= std::uint64_t{1} << (st.start & 63);
        if (!st.start_lost && p.owner[st.start] != o)
          away = static_cast<std::uint8_t>(away | 1u << o);
      }
      ASSERT_EQ(p.start_cells, starts) << where;
      ASSERT_EQ(p.start_away, away) << where;
      // The check with the quick look and the full check, as the position stands and with one
      // seat's record nudged to a card's amount.
      wins += agree(p, where);
      Position n = p;
      SeatState& st = n.seats[rng.below(static_cast<std::uint32_t>(players))];
      switch (rng.below(10)) {
        case 0:
          st.dp = static_cast<std::int16_t>(st.dp + 50);
          break;
        case 1:
          st.wars_won = 5;
          break;
        case 2:
          st.defences_won = 3;
          break;
        case 3:
          st.streak = 3;
          break;
        case 4:
          st.kills = 1;
          break;
        case 5:
          st.killed_mask = static_cast<std::uint8_t>(1u << rng.below(players));
          break;
        case 6:
          st.usurped = static_cast<std::uint8_t>(rng.below(1u << players));
          break;
        case 7:
          st.giant_slain = true;
          break;
        case 8:
          for (int v = 1; v <= 10; ++v) st.hand[v] = 1;
          break;
        default:
          st.dp = static_cast<std::int16_t>(st.dp + 10);
          break;
      }
      nudged_wins += agree(n, where + " (nudged)");
      // Issue 32: the main loop's narrow look after troops placed automatically (R31, T5, T8.7):
      // from a position without a win, one to thirty troops placed into a turf the seat holds;
      // when may_win_placed() rules a win out, the full check finds none either.
      if (stable(p) && p.step == Step::kPlace) {
        Position before = p;
        if (!kernel::check_wins_full(before, false)) {
          legal_actions(p, legal);
          const int seat = p.phase == Phase::kActions ? p.turn.owner : p.to_move;
          Position placed = p;
          const int times = 1 + static_cast<int>(rng.below(30));
          const int a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
          for (int k = 0; k < times && kernel::cube_room(placed, seat) > 0; ++k) {
            kernel::take(placed, a);
            placed.step = Step::kPlace;  // the same decision again
          }
          Position full = placed;
          const bool won = kernel::check_wins_full(full, false);
          const bool may = kernel::may_win_placed(placed, static_cast<std::uint8_t>(1u << seat));
          EXPECT_TRUE(may || !won) << where << " (placed " << times << ")";
          ++placements;
          placed_wins += won;
        }
      }
      if (::testing::Test::HasFailure()) return;
      legal_actions(p, legal);
      apply(p, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      ++actions;
    }
  }
  EXPECT_GT(actions, games * 50L);
  EXPECT_GT(nudged_wins, actions / 50) << "the nudges reach the cards' amounts";
  EXPECT_GE(wins, 0);
  EXPECT_GT(placements, actions / 50);
  EXPECT_GE(placed_wins, 0);
}

TEST(TurfWarsFastPlayouts, R31_E3_T13_5_R57_TheQuickWinLookAndTheStartsKeptAgreeWithTheFullChecks) {
  const int games[kMaxSeats + 1] = {0, 0, 40, 30, 25, 20, 20};
  for (int players = 2; players <= kMaxSeats; ++players)
    play_and_compare_checks(players, games[players], 3200 + static_cast<std::uint64_t>(players));
}

// Issue 32: after an automatic step that changes nothing a win condition reads (inert_step():
// the end of the pre-event phase, the reinforcement phase's passes and end, the event phase's
// steps but the effects on troops and DP (T6.3) and the Maelstrom (T6.5), the ends of the draft,
// the action phase and Bloodlust, and a new round after the end-of-round check, T3), the main
// loop does not repeat the check its run already made (R31); it still marks the seats whose
// secret cards a check consults (E3). apply() as it was, with the loop checking at every such
// moment, checks each inert step's claim (it throws when a step called inert changed what a
// check reads, or a round began with a win). After every action of random games at every player
// count, on the game's position and on a world with a seat's secret card or record changed
// before the decision (as in the worlds the bots sample, where a win may already hold), both
// leave the same position (winners, commit points and all) and the same answer.
bool apply_checking_every_moment(Position& p, int action) {
  const auto before = p.commits;
  p.probed = 0;
  const bool check = !kernel::quiet(p, action);
  kernel::take(p, action);
  kernel::run_without_inert_skips(p, check);
  if (p.probed != 0 || p.over()) ++p.commits;
  return p.commits != before;
}

// The action applied both ways to a copy of `at`; returns the position it leads to.
Position applied_both_ways(const Position& at, int action, const std::string& where) {
  Position fast = at;
  Position plain = at;
  bool plain_commit = false;
  EXPECT_NO_THROW(plain_commit = apply_checking_every_moment(plain, action)) << where;
  EXPECT_EQ(apply(fast, action), plain_commit) << where;
  EXPECT_TRUE(fast == plain) << where;
  return fast;
}

void play_and_compare_skips(int players, int games, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<int> legal;
  long actions = 0, worlds_won = 0;
  const auto cards = static_cast<std::uint32_t>(content().secrets.size());
  for (int g = 0; g < games && !::testing::Test::HasFailure(); ++g) {
    Position p;
    for (setup(p, varied(players, g), rng.next()); !p.over(); ++actions) {
      const std::string where = "game " + std::to_string(g) + " of " + std::to_string(players) +
                                ", action " + std::to_string(actions);
      legal_actions(p, legal);
      const int a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      // Another world: a seat's first secret card drawn anew, or its record pushed up.
      Position w = p;
      SeatState& st = w.seats[rng.below(static_cast<std::uint32_t>(players))];
      const auto change = rng.below(4);
      if (change == 0 && st.num_secrets > 0)
        st.secrets[0] = static_cast<std::uint8_t>(rng.below(cards));
      else if (change == 1)
        st.wars_won = static_cast<std::uint8_t>(st.wars_won + 2);
      else if (change == 2)
        st.dp = static_cast<std::int16_t>(st.dp + 20);
      recount_secrets(w);
      worlds_won += applied_both_ways(w, a, where + " (another world)").over();
      p = applied_both_ways(p, a, where);
      if (::testing::Test::HasFailure()) return;
    }
  }
  EXPECT_GT(actions, games * 50L);
  EXPECT_GT(worlds_won, 0);
}

TEST(TurfWarsFastPlayouts, R31_E3_T3_T6_3_T6_5_NoCheckIsSkippedThatCouldFindAWin) {
  const int games[kMaxSeats + 1] = {0, 0, 30, 25, 20, 15, 15};
  for (int players = 2; players <= kMaxSeats; ++players)
    play_and_compare_skips(players, games[players], 3300 + static_cast<std::uint64_t>(players));
}

// Starting turfs (T2.6) are found from the rings around the other starts: a turf lies in the ring
// of another exactly when that one lies in its ring, on every board.
TEST(TurfWarsFastPlayouts, T2_6_RingsAreSymmetricOnEveryBoard) {
  for (const Board& b : content().boards)
    for (int c : b.turfs)
      for (int r : b.ring[c]) EXPECT_TRUE(b.ring[r].has(c)) << b.id << " " << c << " " << r;
}

// A hand-built position (scenario tests set troops directly): resume() rebuilds the tallies.
TEST(TurfWarsFastPlayouts, ResumeRebuildsTheTalliesOfAHandBuiltBoard) {
  // A random game of four until seat 0 holds two turfs and seat 1 one, between decisions.
  Position p;
  std::vector<int> legal;
  bool found = false;
  for (std::uint64_t seed = 11; seed < 60 && !found; ++seed) {
    setup(p, {4, kSimple, true}, seed);
    Rng rng(seed);
    for (int i = 0; i < 2000 && !p.over(); ++i) {
      if (i >= 40 && stable(p) && turfs_of(p, 0) >= 2 && turfs_of(p, 1) >= 1) {
        found = true;
        break;
      }
      legal_actions(p, legal);
      apply(p, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
  }
  ASSERT_TRUE(found);
  const Board& b = board_of(p);
  // Move every troop of seat 0 onto its first turf by hand, and give seat 1 an empty turf.
  int first = -1, empty = -1, moved = 0;
  for (int c : b.turfs) {
    if (p.owner[c] == 0) {
      if (first < 0) {
        first = c;
      } else {
        moved += p.troops[c];
        p.troops[c] = 0;
        p.owner[c] = -1;
      }
    } else if (p.owner[c] < 0 && empty < 0) {
      empty = c;
    }
  }
  ASSERT_GE(first, 0);
  ASSERT_GE(empty, 0);
  p.troops[first] = static_cast<std::uint8_t>(p.troops[first] + moved);
  p.owner[empty] = 1;
  p.troops[empty] = 3;
  resume(p);
  expect_tallies_match(p, "after resume");
}

}  // namespace
}  // namespace turf::turfwars
