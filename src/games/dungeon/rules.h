// Turf War (Brett Cutler, 2010) — the rules kernel.
//
// Implements the whole rulebook for two players: the 28-tile dungeon deck, two six-card monster
// decks, the first-player draw by passage count (ties draw again), hands and draws, tile
// placement with rotation and the "connects to a path" rule, monster placement (never on a
// straight tile; on an empty tile or on top of an opponent's monster the new one defeats),
// influence along straight passages, conflicts per passage, scoring one point per tile per line
// of influence, and the end when every tile is placed. Clause ids (D1.1 ...) refer to
// docs/rules/dungeon.md, which also records how every ambiguity was resolved.
//
// The position is a fixed-size, trivially copyable struct (about 1.5 KB): copying it is a memcpy.
// The dungeon grid is a 32x32 torus: a connected dungeon of 28 tiles spans at most 28 columns and
// 28 rows, so real coordinates (kept per tile) never collide modulo 32, and neither do the empty
// cells next to them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/kernel.h"
#include "core/rng.h"

namespace turf::dungeon {

inline constexpr int kSeats = 2;
inline constexpr int kDeckSize = 28;
inline constexpr int kMonstersPerDeck = 6;
inline constexpr int kMonsters = kSeats * kMonstersPerDeck;
inline constexpr std::uint8_t kNone = 0xFF;

// Directions and passage masks: bit d set = the tile is open on side d.
enum Dir : int { kN = 0, kE = 1, kS = 2, kW = 3 };
inline constexpr int kDx[4] = {0, 1, 0, -1};
inline constexpr int kDy[4] = {1, 0, -1, 0};  // y grows to the north
constexpr int opposite(int d) {
  return (d + 2) & 3;
}
constexpr std::uint8_t bit(int d) {
  return static_cast<std::uint8_t>(1u << d);
}
constexpr std::uint8_t rotate_cw(std::uint8_t m) {
  return static_cast<std::uint8_t>(((m << 1) | (m >> 3)) & 0xF);
}

enum Shape : std::uint8_t { kDeadEnd, kStraight, kCorner, kTee, kCross, kNumShapes };
enum MonsterType : std::uint8_t { kTurtleman, kWereRat, kCraneWife, kNumTypes };
// How lines of influence are counted (R1): one per straight passage through the monster's tile
// (default), or one per open side of its tile, running from the monster to the wall.
inline constexpr std::uint8_t kInfluencePassage = 0;
inline constexpr std::uint8_t kInfluenceDirection = 1;

// Content loaded from data/dungeon/content.json (embedded at build time).
struct ShapeDef {
  std::string id, name;
  std::uint8_t base_mask = 0;
  bool hosts_monsters = true;
  std::array<std::uint8_t, 4> orientations{};  // distinct rotations of base_mask
  int num_orientations = 0;
  int passages = 0;  // sides with passages (D2.2)
  std::string tag;
};
struct MonsterDef {
  std::string id, name;
  char letter = '?';
  int defeats = 0;  // the type this one defeats (D5.4)
  int per_deck = 0;
  std::string tag;
};
struct Mix {
  std::string id;
  std::array<std::uint8_t, kNumShapes> counts{};
  std::string tag, why;
};
struct Content {
  std::array<ShapeDef, kNumShapes> shapes;
  std::array<MonsterDef, kNumTypes> monsters;
  std::array<std::array<bool, kNumTypes>, kNumTypes> beats{};  // beats[a][b]: a defeats b
  // Lookup tables for placement, indexed by a spot's key (need | forbid << 4, see Spot):
  // fit[shape][key] has bit m set when the shape turned to passage mask m fits such a spot;
  // fit_shapes[key] has bit s set when shape s fits it in some rotation.
  std::array<std::array<std::uint16_t, 256>, kNumShapes> fit{};
  std::array<std::uint8_t, 256> fit_shapes{};
  unsigned hosts = 0;                             // bit s: shape s may hold a monster (D5.2)
  std::array<std::uint8_t, kNumTypes> defeats{};  // bit b of defeats[a]: a defeats b (D5.3)
  std::vector<Mix> mixes;
  const Mix& mix(const std::string& id) const;
};
// Every content this process plays with, by slot (Position::content): 0 the game's own, then the
// variants (core/variant.h) in the order they were loaded (game.h: content_slot).
const Content* const* content_table();
// The game's own content (data/dungeon/content.json): the options' choices and the texts.
inline const Content& content() {
  static const Content& c = *content_table()[0];
  return c;
}

// Action ids (stable; documented in docs/rules/dungeon.md, section "Actions").
inline constexpr int kActChooseTile = 0;    // + shape            : take that tile from hand
inline constexpr int kActSetAside = 100;    // + shape            : set an unplaceable tile aside
inline constexpr int kActOrient = 200;      // + passage mask     : the placed tile's passages
inline constexpr int kActPass = 300;        //                      play no monster this turn
inline constexpr int kActCell = 1000;       // + cell code        : where the tile goes
inline constexpr int kActMonster = 10000;   // + cell code        : play the monster there
inline constexpr int kCellCodes = 64 * 64;  // cell code = (y + 32) * 64 + (x + 32)
constexpr int cell_code(int x, int y) {
  return (y + 32) * 64 + (x + 32);
}
constexpr int code_x(int code) {
  return code % 64 - 32;
}
constexpr int code_y(int code) {
  return code / 64 - 32;
}

enum class Step : std::uint8_t {
  kChooseTile,  // D4.1: which tile of the hand to place
  kChooseCell,  // D4.4: where
  kOrient,      // D4.3: which rotation
  kSetAside,    // D4.6: no tile in hand fits anywhere
  kMonster,     // D5.1: play the monster card or pass
  kOver,        // D7.1
};

// An empty cell next to an open passage, with what its neighbours ask of a tile placed there.
struct Spot {
  std::int8_t x, y;
  std::uint8_t need, forbid;  // passage sides required / forbidden by the neighbours
  int key() const { return need | forbid << 4; }
};

// What the rules read off the placed tiles at every step, kept up to date as tiles are placed
// instead of found again by a scan of the board (docs/rules/dungeon.md, "Speed"): the open
// spots and the placed tiles, each in the order of their cell codes. It is a cache,
// not part of the position: positions compare equal whatever their caches hold, and a position
// built by hand (tests, sampled worlds) folds its tiles in when it is first used (tiles
// [covered, num_tiles) are not yet in it). With no tile placed the one spot is the centre
// (D4.2). Each placed tile closes at least one open end and opens at most three, so a 28-tile
// dungeon has at most 4 + 2 * 27 = 58 open spots.
struct BoardCache {
  std::array<Spot, 64> items{};  // items[0] = {0, 0, 0, 0}: the centre
  std::uint8_t size = 1;
  std::uint8_t covered = 0;
  std::uint8_t fit_shapes = (1u << kNumShapes) - 1;  // shapes that fit at least one spot
  // Every placed tile as cell code << 8 | tile index, ascending (so by cell code).
  std::array<std::uint32_t, kDeckSize> by_code{};
  bool operator==(const BoardCache&) const { return true; }
};

struct PlacedTile {
  std::int8_t x = 0, y = 0;
  std::uint8_t shape = 0, mask = 0;
  std::uint8_t top = kNone;  // index into Position::monsters of the top monster, or kNone
  bool operator==(const PlacedTile&) const = default;
};

struct PlayedMonster {
  std::uint8_t tile = 0;  // index into Position::tiles
  std::uint8_t owner = 0, type = 0;
  bool operator==(const PlayedMonster&) const = default;
};

struct Position {
  std::array<std::uint8_t, 1024> grid{};  // torus cell -> tile index + 1, 0 = empty
  std::array<PlacedTile, kDeckSize> tiles{};
  std::uint8_t num_tiles = 0;
  std::array<PlayedMonster, kMonsters> monsters{};  // in order of play
  std::uint8_t num_monsters = 0;

  std::array<std::uint8_t, kDeckSize> deck{};  // shapes; drawn from the back
  std::uint8_t deck_size = 0;
  std::array<std::array<std::uint8_t, 2>, kSeats> hand{};  // shapes
  std::array<std::uint8_t, kSeats> hand_size{};
  std::array<std::array<std::uint8_t, kMonstersPerDeck>, kSeats> monster_deck{};
  std::array<std::uint8_t, kSeats> monster_deck_size{};
  std::array<std::uint8_t, kSeats> monster_hand{kNone, kNone};  // type or kNone
  std::array<std::uint8_t, kDeckSize> set_aside{};
  std::uint8_t num_set_aside = 0;

  std::array<std::uint8_t, kNumShapes> mix{};  // tile counts of the deck in use
  std::uint8_t mix_index = 0;
  std::uint8_t content = 0;  // the content played: 0 the game's own, else a variant (content_slot)
  std::uint8_t influence = 0;  // kInfluencePassage or kInfluenceDirection (R1, option influence)
  // First-player draw (D2.2): the latest rounds, each {seat 0's shape, seat 1's shape}.
  std::array<std::array<std::uint8_t, 2>, 6> first_draws{};
  std::uint8_t num_first_draws = 0;
  std::uint8_t first_draw_rounds = 0;

  std::uint8_t first_player = 0;
  std::uint8_t to_move = 0;
  Step step = Step::kChooseTile;
  std::uint8_t turn = 0;  // turns started so far
  std::uint8_t chosen_shape = kNone;
  std::int8_t chosen_x = 0, chosen_y = 0;
  Rng rng;
  BoardCache cache;  // derived from the tiles; ignored by ==

  bool operator==(const Position&) const = default;

  int tile_at(int x, int y) const { return grid[((y & 31) << 5) | (x & 31)] - 1; }
  bool over() const { return step == Step::kOver; }
};

// The content a position is played with (its slot in content_table()); inline: the kernel reads
// it at every step.
inline const Content& content_of(const Position& p) {
  static const Content* const* const table = content_table();
  return *table[p.content];
}

// Set-up (D2): shuffles, the first-player draw and the opening hands.
struct Setup {
  int mix_index = 0;                  // the mix of tiles (content().mixes, the option "tiles")
  int influence = kInfluencePassage;  // R1 (the option "influence")
  int content = 0;                    // the option "variant": the content's slot (content_slot)
};
void setup(Position& p, const Setup& s, std::uint64_t seed);

// Legal actions of p.to_move, ascending by id. `out` is cleared first.
void legal_actions(const Position& p, std::vector<int>& out);
bool is_legal(const Position& p, int action);
// Applies a legal action; advances through forced steps and turn changes. Returns true when the
// action started a new turn (a tile was drawn: a commit point).
bool apply(Position& p, int action);

// Points per seat now (D6; the option influence, R1).
std::array<int, kSeats> score(const Position& p);
// The points the top monster of each tile scores now, by tile index (0 where none): score()
// summed per owner.
std::array<int, kDeckSize> points_by_tile(const Position& p);
// Length in tiles of the passage through tile t along the horizontal (axis 0) or vertical
// (axis 1) line; 0 when the tile has no opening on that axis (D6.1).
int passage_length(const Position& p, int t, int axis);

// Where the chosen shape could go, with the fitting rotations (helpers for legal moves and UIs).
// Every empty cell next to an open passage (at most 4 per tile), fixed capacity: no allocation.
struct SpotList {
  std::array<Spot, 4 * kDeckSize> items;
  int size = 0;
  const Spot* begin() const { return items.data(); }
  const Spot* end() const { return items.data() + size; }
};
void open_spots(const Position& p, SpotList& out);
// The same found by a scan of every placed tile (the reference the cache is tested against).
void open_spots_rescan(const Position& p, SpotList& out);
// Folds the tiles not yet in p.cache into it (after building a position by hand).
void sync_cache(Position& p);
bool fits(const Spot& s, std::uint8_t mask);
bool placeable(const Position& p, int shape);
bool can_play_monster_on(const Position& p, int seat, int type, int tile);

// Tiles (shapes) not yet visible anywhere on the table: the deck plus every hand.
std::array<int, kNumShapes> unplaced_counts(const Position& p);
// Turns a mid-turn mover back to the start of its tile step (used when re-dealing a hand).
void restart_tile_step(Position& p);

// The kernel contract (core/kernel.h): points by D6, ranked by points (a tie shares first place).
struct Kernel {
  using Position = dungeon::Position;
  using Setup = dungeon::Setup;
  static constexpr int kMaxSeats = kSeats;
  static void setup(Position& p, const Setup& s, std::uint64_t seed) { dungeon::setup(p, s, seed); }
  static int seats(const Position&) { return kSeats; }
  static bool over(const Position& p) { return p.over(); }
  static int to_move(const Position& p) { return p.to_move; }
  static void legal_actions(const Position& p, std::vector<int>& out) {
    dungeon::legal_actions(p, out);
  }
  static bool is_legal(const Position& p, int a) { return dungeon::is_legal(p, a); }
  static bool apply(Position& p, int a) { return dungeon::apply(p, a); }  // a tile drawn (D3)
  static void outcome(const Position& p, Outcome& out) {
    const auto s = score(p);
    out.seats = kSeats;
    for (int i = 0; i < kSeats; ++i) out.points[i] = s[i];
    out.rank_by_points();
  }
  // 28 turns, each at most: choose tile, choose cell, rotation, monster.
  static int length_bound(const Position&) { return kDeckSize * 4; }
};
static_assert(RulesKernel<Kernel>);

}  // namespace turf::dungeon
