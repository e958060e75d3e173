// Builds dungeon positions by hand for scenario tests.
#pragma once

#include <string>

#include "games/dungeon/rules.h"

namespace turf::dungeon::testing {

inline std::uint8_t mask_of(const std::string& passages) {
  std::uint8_t m = 0;
  for (char c : passages) m |= bit(static_cast<int>(std::string("NESW").find(c)));
  return m;
}

inline int shape_of(std::uint8_t mask) {
  switch (__builtin_popcount(mask)) {
    case 1:
      return kDeadEnd;
    case 2:
      return (mask == 0b0101 || mask == 0b1010) ? kStraight : kCorner;
    case 3:
      return kTee;
    default:
      return kCross;
  }
}

class Board {
 public:
  Board() {
    p.mix = content().mixes[0].counts;
    p.step = Step::kChooseTile;
  }
  // Uses another tile mix of data/dungeon/content.json (e.g. "dead_ends" for boards with dead
  // ends).
  Board& mix(const std::string& id) {
    const auto& mixes = content().mixes;
    for (std::size_t i = 0; i < mixes.size(); ++i)
      if (mixes[i].id == id) {
        p.mix = mixes[i].counts;
        p.mix_index = static_cast<std::uint8_t>(i);
      }
    return *this;
  }
  // Places a tile open on the given sides ("NE") at (x, y).
  Board& tile(int x, int y, const std::string& passages) {
    PlacedTile& t = p.tiles[p.num_tiles];
    t.x = static_cast<std::int8_t>(x);
    t.y = static_cast<std::int8_t>(y);
    t.mask = mask_of(passages);
    t.shape = static_cast<std::uint8_t>(shape_of(t.mask));
    t.top = kNone;
    p.grid[((y & 31) << 5) | (x & 31)] = ++p.num_tiles;
    return *this;
  }
  // Plays a monster on top of the tile at (x, y).
  Board& monster(int x, int y, int owner, int type) {
    const int t = p.tile_at(x, y);
    p.monsters[p.num_monsters] = {static_cast<std::uint8_t>(t), static_cast<std::uint8_t>(owner),
                                  static_cast<std::uint8_t>(type)};
    p.tiles[t].top = p.num_monsters++;
    return *this;
  }
  Board& hand(int seat, std::initializer_list<int> shapes) {
    p.hand_size[seat] = 0;
    for (int s : shapes) p.hand[seat][p.hand_size[seat]++] = static_cast<std::uint8_t>(s);
    return *this;
  }
  // Every tile of the mix not yet on the board or in a hand goes out of the game (set aside), as
  // at the end of a game where the rest could not be placed.
  Board& rest_set_aside() {
    std::array<int, kNumShapes> left{};
    for (int s = 0; s < kNumShapes; ++s) left[s] = p.mix[s];
    for (int t = 0; t < p.num_tiles; ++t) --left[p.tiles[t].shape];
    for (int seat = 0; seat < kSeats; ++seat)
      for (int i = 0; i < p.hand_size[seat]; ++i) --left[p.hand[seat][i]];
    p.num_set_aside = 0;
    p.deck_size = 0;
    for (int s = 0; s < kNumShapes; ++s)
      for (int k = 0; k < left[s]; ++k)
        p.set_aside[p.num_set_aside++] = static_cast<std::uint8_t>(s);
    return *this;
  }
  Board& to_move(int seat) {
    p.to_move = static_cast<std::uint8_t>(seat);
    return *this;
  }
  Position p;
};

}  // namespace turf::dungeon::testing
