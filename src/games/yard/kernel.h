// Turf War (yard): what the kernel's source files share (rules.cpp: set-up, the turn, playing,
// buying, restocking, Events, swaying, legal actions and apply; effects.cpp: the effect programs
// of cards and Bribes, stepped, listed and decided). Not part of the game's interface: the
// adapter, views and tests use rules.h.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include "games/yard/rules.h"

namespace turf::yard::kernel {

// The small helpers are internal to each file that includes this header (an anonymous namespace):
// their static tables are then read directly, not through the shared library's global offset
// table, and calls to them inline as they did when the kernel was one file.
namespace {

// The card table, looked up once (content() lives in another file and is called very often).
inline const CardDef& card(int k) {
  static const CardDef* const cards = content().cards.data();
  return cards[k];
}

inline int num_kinds() {
  static const int n = static_cast<int>(content().cards.size());
  return n;
}

// What the hot loops ask of a card kind, as bits per kind (bit k = kind k), read once from the
// card table (issue 32: the legal lists walk only the kinds held, not every kind of card).
struct KindFacts {
  std::uint64_t event = 0, tool = 0, pest = 0;  // Symbols
  std::uint64_t start = 0, end = 0, home = 0;   // a Start, End or Home program
  std::array<std::int8_t, kMaxKinds> slack{};   // Places the card adds, less itself
  std::array<std::uint64_t, 256> afford{};      // kinds costing at most $i (the last: all)
  // What a card adds to the tally of its Yard (YardTally, Y6.1), one byte a field: its symbols
  // (byte s: Symbol s), its Places (byte kPlacesByte), a Skunk (byte kNoSwayByte). No sum
  // reaches 256 (fewer cards exist, with at most a few Places each).
  std::array<std::uint64_t, kMaxKinds> tally{};
};
inline constexpr int kPlacesByte = kNumSymbols, kNoSwayByte = kNumSymbols + 1;
inline const KindFacts& facts() {
  static const KindFacts f = [] {
    KindFacts r;
    const auto& cards = content().cards;
    for (int k = 0; k < static_cast<int>(cards.size()); ++k) {
      const CardDef& d = cards[k];
      const std::uint64_t b = 1ull << k;
      if (d.is(kEvent)) r.event |= b;
      if (d.is(kTool)) r.tool |= b;
      if (d.is(kPest)) r.pest |= b;
      if (!d.programs[kOnStart].empty()) r.start |= b;
      if (!d.programs[kOnEnd].empty()) r.end |= b;
      if (!d.programs[kOnHome].empty()) r.home |= b;
      r.slack[k] = static_cast<std::int8_t>(d.places - 1);
      for (int y = 0; y < kNumSymbols; ++y)
        if (d.is(y)) r.tally[k] |= 1ull << (8 * y);
      r.tally[k] |= static_cast<std::uint64_t>(d.places) << (8 * kPlacesByte);
      r.tally[k] |= static_cast<std::uint64_t>(d.no_sway) << (8 * kNoSwayByte);
      for (int i = 0; i < 256; ++i)
        if (d.cost <= i) r.afford[i] |= b;  // costs are at most $60 (content.cpp)
    }
    // YardTally sums these a byte a field: every sum must stay below 128 (every card that
    // exists in one Yard, with the nine Grass Piles).
    std::array<int, kMaxKinds> copies{};
    for (int k = 0; k < static_cast<int>(cards.size()); ++k)
      copies[k] = std::max(cards[k].count[0], cards[k].count[1]);
    for (auto k : content().starting_hand) copies[k] += kMaxSeats;
    int n = 0, places = kPiles;
    for (int k = 0; k < static_cast<int>(cards.size()); ++k) {
      n += copies[k];
      places += copies[k] * cards[k].places;
    }
    if (n >= 128 || places >= 128) throw std::logic_error("yard: too many cards for the tally");
    return r;
  }();
  return f;
}

// The kinds whose count is not zero, as bits (bit k = counts[k] != 0). Counts stay below 128
// (fewer cards exist), so adding 0x7F to a byte sets its high bit exactly when it is not zero,
// without a carry into the next. Word w's high bits go to bit 8i + w for kind 8w + i, and an 8x8
// bit transpose (three delta swaps) puts kind k at bit k.
inline std::uint64_t held(const std::array<std::uint8_t, kMaxKinds>& counts) {
  static_assert(kMaxKinds == 64);
  std::uint64_t y = 0;
  for (int w = 0; w < 8; ++w) {
    std::uint64_t x;
    std::memcpy(&x, counts.data() + 8 * w, sizeof x);
    y |= ((x + 0x7F7F7F7F7F7F7F7Full) & 0x8080808080808080ull) >> (7 - w);
  }
  std::uint64_t t = (y ^ (y >> 7)) & 0x00AA00AA00AA00AAull;
  y ^= t ^ (t << 7);
  t = (y ^ (y >> 14)) & 0x0000CCCC0000CCCCull;
  y ^= t ^ (t << 14);
  t = (y ^ (y >> 28)) & 0x00000000F0F0F0F0ull;
  y ^= t ^ (t << 28);
  return y;
}

// The kinds of card affordable with `money` (Y4.2).
inline std::uint64_t affordable(int money) {
  return facts().afford[money < 255 ? money : 255];
}

inline int lowest(std::uint64_t m) {
  return __builtin_ctzll(m);
}

inline std::uint16_t pile_bit(int pile) {
  return static_cast<std::uint16_t>(1u << pile);
}

// ---- Yards ------------------------------------------------------------------------------------

inline void yard_add(Player& pl, int pile, std::uint8_t entry) {
  if (pl.yard_size >= kYardCap) throw std::logic_error("yard: a Yard overflowed");
  pl.yard[pl.yard_size] = entry;
  pl.yard_pile[pl.yard_size] = static_cast<std::uint8_t>(pile);
  ++pl.yard_size;
}

// Removes entry i (unused slots stay zero, so equal positions compare equal).
inline std::uint8_t yard_remove(Player& pl, int i) {
  const std::uint8_t e = pl.yard[i];
  for (int j = i; j + 1 < pl.yard_size; ++j) {
    pl.yard[j] = pl.yard[j + 1];
    pl.yard_pile[j] = pl.yard_pile[j + 1];
  }
  --pl.yard_size;
  pl.yard[pl.yard_size] = 0;
  pl.yard_pile[pl.yard_size] = 0;
  return e;
}

inline void to_trash(Position& p, int k) {
  ++p.trash[k];
  ++p.trash_size;
}

// Y8.3 (edition 2) and R6: a done Event, or one met while setting up, goes to the bottom.
inline void put_at_bottom(Position& p, int k) {
  if (p.deck_size >= kDeckCap) throw std::logic_error("yard: the Store deck overflowed");
  for (int i = p.deck_size; i > 0; --i) p.deck[i] = p.deck[i - 1];
  p.deck[0] = static_cast<std::uint8_t>(k);
  ++p.deck_size;
  ++p.deck_known;
}

// Index of the card `depth` places below the top of `pile`, or -1.
inline int pile_at_depth(const Player& pl, int pile, int depth) {
  for (int i = pl.yard_size - 1; i >= 0; --i)
    if (pl.yard_pile[i] == pile && depth-- == 0) return i;
  return -1;
}

// Cards and Places per Pile in one pass.
struct PileStats {
  std::array<int, kPiles> cards{}, places{};
  explicit PileStats(const Player& pl) {
    for (int q = 0; q < kPiles; ++q) places[q] = (pl.grass >> q) & 1;
    for (int i = 0; i < pl.yard_size; ++i) {
      ++cards[pl.yard_pile[i]];
      places[pl.yard_pile[i]] += card(pl.yard[i] & kKindMask).places;
    }
  }
  bool open(int q) const { return places[q] > cards[q]; }
};

// Y5.2 from the per-kind table: per Pile, its Grass and the Places of its cards less the cards;
// a Pile is open (more Places than cards, PileStats::open) while this is above zero.
struct PileSlack {
  std::array<int, kPiles> slack{};
  explicit PileSlack(const Player& pl) {
    for (int q = 0; q < kPiles; ++q) slack[q] = (pl.grass >> q) & 1;
    const KindFacts& kf = facts();
    for (int i = 0; i < pl.yard_size; ++i)
      slack[pl.yard_pile[i]] += kf.slack[pl.yard[i] & kKindMask];
  }
  bool open(int q) const { return slack[q] > 0; }
  bool any_open() const {
    for (int q = 0; q < kPiles; ++q)
      if (open(q)) return true;
    return false;
  }
};

// ---- Frames -----------------------------------------------------------------------------------

inline Frame& top(Position& p) {
  return p.frames[p.nframes - 1];
}

inline Frame& push(Position& p) {
  if (p.nframes >= kMaxFrames) throw std::logic_error("yard: too many effects in progress");
  Frame& f = p.frames[p.nframes++];
  f = Frame{};
  return f;
}

inline void pop(Position& p) {
  p.frames[--p.nframes] = Frame{};
}

inline const Program& program_of(const Frame& f) {
  if (f.timing == kBribe) return content().neighbors[f.kind].bribe;
  return card(f.kind).programs[f.timing];
}

inline void init_step(Frame& f) {
  const Program& pr = program_of(f);
  f.sub = 0;
  f.aux = 0;
  f.count = f.step < pr.size ? pr.steps[f.step].n : 0;
}

inline void next_step(Frame& f) {
  ++f.step;
  init_step(f);
}

inline void push_program(Position& p, int kind, int timing, int actor, int yard, int pile) {
  Frame& f = push(p);
  f.type = FrameType::kProgram;
  f.kind = static_cast<std::uint8_t>(kind);
  f.timing = static_cast<std::uint8_t>(timing);
  f.actor = static_cast<std::uint8_t>(actor);
  f.yard = static_cast<std::uint8_t>(yard);
  f.pile = static_cast<std::uint8_t>(pile);
  init_step(f);
}

inline void push_play(Position& p, PlayCtx ctx, int actor, int yard, int pile, int kind,
                      int stage) {
  Frame& f = push(p);
  f.type = FrameType::kPlay;
  f.timing = ctx;
  f.actor = static_cast<std::uint8_t>(actor);
  f.yard = static_cast<std::uint8_t>(yard);
  f.pile = static_cast<std::uint8_t>(pile);
  f.kind = static_cast<std::uint8_t>(kind);
  f.step = static_cast<std::uint8_t>(stage);
}

inline void push_restock(Position& p) {
  Frame& f = push(p);
  f.type = FrameType::kRestock;
  f.actor = p.turn_player;
}

// ---- Playing cards (Y5) -----------------------------------------------------------------------

// Y5.5: cards go into a rival's Yard only while that rival is Away.
inline bool may_target(const Position& p, int actor, int yard) {
  return yard == actor || p.players[yard].away;
}

// Y5.1-Y5.3: Tools (edition 1) and Pests ignore Places; the others need an open Pile.
inline bool ignores_places(int k) {
  return card(k).is(kTool) || card(k).is(kPest);
}

// kStealGarage takes any card but a Tool (R25).
inline bool stealable(int k) {
  return !card(k).is(kTool);
}

inline std::uint16_t dirt_mask(const Player& pl) {
  return static_cast<std::uint16_t>(~pl.grass & ((1u << kPiles) - 1));
}

}  // namespace

// ---- Shared between the files -----------------------------------------------------------------

// rules.cpp: whether `actor` could play some card of its hand in context `ctx` now.
bool any_playable(const Position& p, int actor, int ctx, const Frame* f);
// effects.cpp: runs the top Program frame as far as it goes without a decision (false when its
// actor must decide), and carries out the decision `a` of its current step (the decisions a step
// offers are listed with the other legal actions, in rules.cpp).
bool step_program(Position& p);
void decide_program(Position& p, int a);

}  // namespace turf::yard::kernel
