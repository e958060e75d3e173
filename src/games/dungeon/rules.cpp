#include "games/dungeon/rules.h"

#include <algorithm>
#include <cassert>

namespace turf::dungeon {

namespace {

int cell_index(int x, int y) {
  return ((y & 31) << 5) | (x & 31);
}

inline Spot spot_at(const Position& p, int x, int y);

// Adds placed tile t to the open spots in c (tiles are folded in in order). The tile's own cell
// closes. Each empty neighbour is read off the grid again (it gains the tile's side as a need
// or a forbid): one the tile opens onto is a spot, added when new; one behind the tile's wall is
// updated when already a spot. A spot is added by the first folded tile leading there, so a
// neighbour only this tile leads to is new without a look-up. Correct even when later tiles are
// already on the grid (a position built by hand): the spots read off the grid include them.
void fold_tile(const Position& p, BoardCache& c, int t) {
  const PlacedTile& tile = p.tiles[t];
  if (t == 0) c.size = 0;  // the centre (D4.2) is a spot only on an empty table
  for (int i = 0; i < c.size; ++i) {
    if (c.items[i].x == tile.x && c.items[i].y == tile.y) {
      std::copy(c.items.begin() + i + 1, c.items.begin() + c.size, c.items.begin() + i);
      --c.size;
      break;
    }
  }
  for (int d = 0; d < 4; ++d) {
    const int x = tile.x + kDx[d], y = tile.y + kDy[d];
    if (p.grid[cell_index(x, y)]) continue;
    const bool open = tile.mask & bit(d);
    const Spot s = spot_at(p, x, y);
    if (!s.need) continue;  // no passage leads there: not a spot
    int i = c.size;
    if (!open || s.need != bit(opposite(d))) {  // a tile folded in before may lead there
      i = 0;
      while (i < c.size && !(c.items[i].x == x && c.items[i].y == y)) ++i;
    }
    if (i == c.size) {
      if (!open) continue;  // the tile leading there adds it when folded in
      assert(c.size < c.items.size());
      const int code = cell_code(x, y);  // a new spot goes in order of cell code
      for (; i > 0 && cell_code(c.items[i - 1].x, c.items[i - 1].y) > code; --i)
        c.items[i] = c.items[i - 1];
      ++c.size;
    }
    c.items[i] = s;
  }
  // The tile joins the order by cell code (folds run in tile order: t tiles are in it).
  const auto entry = static_cast<std::uint32_t>(cell_code(tile.x, tile.y) << 8 | t);
  int j = t;
  for (; j > 0 && c.by_code[j - 1] > entry; --j) c.by_code[j] = c.by_code[j - 1];
  c.by_code[j] = entry;
  c.covered = static_cast<std::uint8_t>(t + 1);
}

// A cache ahead of its position (tiles were taken away) starts again from the empty table.
[[gnu::cold, gnu::noinline]] void reset(BoardCache& c) {
  c = BoardCache{};
}

void catch_up(const Position& p, BoardCache& c) {
  if (c.covered == p.num_tiles) return;
  while (c.covered < p.num_tiles) fold_tile(p, c, c.covered);
  const auto& fit_shapes = content_of(p).fit_shapes;
  unsigned shapes = 0;
  for (int i = 0; i < c.size; ++i) shapes |= fit_shapes[c.items[i].key()];
  c.fit_shapes = static_cast<std::uint8_t>(shapes);
}

// Calls f with the open spots of p: its cache when up to date, else a caught-up copy (a const
// position is never written, so positions may be read from several threads).
template <class F>
decltype(auto) with_cache(const Position& p, F&& f) {
  if (p.cache.covered == p.num_tiles) return f(p.cache);
  BoardCache c = p.cache;
  if (c.covered > p.num_tiles) reset(c);
  catch_up(p, c);
  return f(static_cast<const BoardCache&>(c));
}

void add_tile(Position& p, int x, int y, int shape, std::uint8_t mask) {
  PlacedTile& t = p.tiles[p.num_tiles];
  t.x = static_cast<std::int8_t>(x);
  t.y = static_cast<std::int8_t>(y);
  t.shape = static_cast<std::uint8_t>(shape);
  t.mask = mask;
  t.top = kNone;
  if (p.cache.covered > p.num_tiles) reset(p.cache);
  p.grid[cell_index(x, y)] = static_cast<std::uint8_t>(++p.num_tiles);
  catch_up(p, p.cache);
}

void remove_from_hand(Position& p, int seat, int shape) {
  auto& h = p.hand[seat];
  for (int i = 0; i < p.hand_size[seat]; ++i) {
    if (h[i] == shape) {
      h[i] = h[p.hand_size[seat] - 1];
      h[--p.hand_size[seat]] = 0;  // dead slots stay zero: equal positions compare equal
      return;
    }
  }
  assert(false && "shape not in hand");
}

unsigned fitting_orientations(const Position& p, const Spot& s, int shape);

// The shapes of `candidates` (a bit set) that fit somewhere now.
unsigned placeable_shapes(const Position& p, unsigned candidates) {
  return with_cache(p, [&](const BoardCache& c) { return candidates & c.fit_shapes; });
}

// Distinct shapes in the mover's hand, as a bit set; `only_placeable` keeps those that fit.
unsigned hand_shapes(const Position& p, bool only_placeable) {
  unsigned set = 0;
  const int s = p.to_move;
  for (int i = 0; i < p.hand_size[s]; ++i) set |= 1u << p.hand[s][i];
  return only_placeable ? placeable_shapes(p, set) : set;
}

int single(unsigned set) {
  return (set && !(set & (set - 1))) ? __builtin_ctz(set) : -1;
}

// The neighbour in direction d (a constant after inlining): its passage or wall toward (x, y).
template <int d>
inline void read_side(const Position& p, int x, int y, unsigned& need, unsigned& forbid) {
  const int g = p.grid[cell_index(x + kDx[d], y + kDy[d])];
  if (!g) return;
  const unsigned open = p.tiles[g - 1].mask >> opposite(d) & 1u;
  need |= open << d;
  forbid |= (open ^ 1u) << d;
}

Spot spot_at(const Position& p, int x, int y) {
  unsigned need = 0, forbid = 0;
  read_side<kN>(p, x, y, need, forbid);
  read_side<kE>(p, x, y, need, forbid);
  read_side<kS>(p, x, y, need, forbid);
  read_side<kW>(p, x, y, need, forbid);
  return Spot{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y),
              static_cast<std::uint8_t>(need), static_cast<std::uint8_t>(forbid)};
}

unsigned fitting_orientations(const Position& p, const Spot& s, int shape) {
  return content_of(p).fit[shape][s.key()];
}

void end_turn(Position& p);
void begin_monster_step(Position& p);

void place_chosen(Position& p, std::uint8_t mask) {
  remove_from_hand(p, p.to_move, p.chosen_shape);
  add_tile(p, p.chosen_x, p.chosen_y, p.chosen_shape, mask);
  p.chosen_shape = kNone;
  p.chosen_x = p.chosen_y = 0;
  begin_monster_step(p);
}

void choose_cell(Position& p, int x, int y) {
  p.chosen_x = static_cast<std::int8_t>(x);
  p.chosen_y = static_cast<std::int8_t>(y);
  const unsigned masks = fitting_orientations(p, spot_at(p, x, y), p.chosen_shape);
  const int only = single(masks);
  if (only >= 0) {
    place_chosen(p, static_cast<std::uint8_t>(only));
  } else {
    p.step = Step::kOrient;
  }
}

// D4.4 with the engine's rule that a sub-decision with one option is taken automatically.
void begin_cell_step(Position& p) {
  catch_up(p, p.cache);
  const auto& fit = content_of(p).fit[p.chosen_shape];
  int found = 0;
  Spot first{};
  for (int i = 0; i < p.cache.size; ++i) {
    const Spot& s = p.cache.items[i];
    if (fit[s.key()]) {
      if (found++ == 0) first = s;
    }
  }
  assert(found > 0);
  if (found == 1) {
    choose_cell(p, first.x, first.y);
  } else {
    p.step = Step::kChooseCell;
  }
}

void set_aside(Position& p, int shape) {
  remove_from_hand(p, p.to_move, shape);
  p.set_aside[p.num_set_aside++] = static_cast<std::uint8_t>(shape);
  begin_monster_step(p);
}

// D4.1, D4.6: which tile to play, or which to set aside when none fits. Always a decision of
// the mover, even with one option (E1, R9): whether the engine could take it alone depends on
// the hidden hand, so skipping it would show the opponent what the hand holds.
void begin_tile_step(Position& p) {
  p.chosen_shape = kNone;
  p.step = hand_shapes(p, true) ? Step::kChooseTile : Step::kSetAside;
}

// D5.1: the monster step happens whenever the mover holds a monster card (a public fact), even
// when its type has nowhere to go: passing is always allowed, and whether the step happens must
// not depend on the hidden type (R9).
void begin_monster_step(Position& p) {
  if (p.monster_hand[p.to_move] != kNone) {
    p.step = Step::kMonster;
  } else {
    end_turn(p);
  }
}

// Takes the last card of a pile, leaving its slot zero (equal positions compare equal).
template <std::size_t N>
std::uint8_t pop(std::array<std::uint8_t, N>& pile, std::uint8_t& size) {
  const std::uint8_t card = pile[--size];
  pile[size] = 0;
  return card;
}

// D3: draw a tile, and a monster when the hand has none.
void start_turn(Position& p) {
  const int s = p.to_move;
  ++p.turn;
  if (p.deck_size > 0) p.hand[s][p.hand_size[s]++] = pop(p.deck, p.deck_size);
  if (p.monster_hand[s] == kNone && p.monster_deck_size[s] > 0)
    p.monster_hand[s] = pop(p.monster_deck[s], p.monster_deck_size[s]);
  assert(p.hand_size[s] > 0);
  begin_tile_step(p);
}

// D7.1: the game ends once every tile is on the table or set aside.
void end_turn(Position& p) {
  if (p.num_tiles + p.num_set_aside == kDeckSize) {
    p.step = Step::kOver;
    return;
  }
  p.to_move ^= 1;
  start_turn(p);
}

void play_monster(Position& p, int tile) {
  const int s = p.to_move;
  PlayedMonster& m = p.monsters[p.num_monsters];
  m.tile = static_cast<std::uint8_t>(tile);
  m.owner = static_cast<std::uint8_t>(s);
  m.type = p.monster_hand[s];
  p.tiles[tile].top = p.num_monsters++;
  p.monster_hand[s] = kNone;
}

}  // namespace

// ---------------------------------------------------------------------------------------------

void setup(Position& p, const Setup& s, std::uint64_t seed) {
  const int mix_index = s.mix_index, influence = s.influence;
  const auto slot = static_cast<std::uint8_t>(s.content);
  p = Position{};
  p.content = slot;
  p.influence = static_cast<std::uint8_t>(influence);
  p.rng.reseed(seed);
  const Content& c = content_of(p);
  const Mix& mix = c.mixes.at(static_cast<std::size_t>(mix_index));
  p.mix = mix.counts;
  p.mix_index = static_cast<std::uint8_t>(mix_index);
  for (int s = 0; s < kNumShapes; ++s)
    for (int k = 0; k < mix.counts[s]; ++k) p.deck[p.deck_size++] = static_cast<std::uint8_t>(s);
  assert(p.deck_size == kDeckSize);

  // D2.1: each player shuffles a monster deck.
  for (int seat = 0; seat < kSeats; ++seat) {
    for (int t = 0; t < kNumTypes; ++t)
      for (int k = 0; k < c.monsters[t].per_deck; ++k)
        p.monster_deck[seat][p.monster_deck_size[seat]++] = static_cast<std::uint8_t>(t);
    p.rng.shuffle(p.monster_deck[seat].begin(),
                  p.monster_deck[seat].begin() + p.monster_deck_size[seat]);
  }

  // D2.2: each player draws a tile; most sides with passages goes first; a tie draws again.
  p.rng.shuffle(p.deck.begin(), p.deck.end());
  int left = kDeckSize;
  for (;;) {
    if (left < 2) {
      p.rng.shuffle(p.deck.begin(), p.deck.end());
      left = kDeckSize;
    }
    const std::uint8_t a = p.deck[--left];
    const std::uint8_t b = p.deck[--left];
    ++p.first_draw_rounds;
    if (p.num_first_draws == p.first_draws.size()) {
      std::rotate(p.first_draws.begin(), p.first_draws.begin() + 1, p.first_draws.end());
      --p.num_first_draws;
    }
    p.first_draws[p.num_first_draws++] = {a, b};
    const int pa = c.shapes[a].passages, pb = c.shapes[b].passages;
    if (pa != pb) {
      p.first_player = pa > pb ? 0 : 1;
      break;
    }
  }

  // D2.3: the drawn tiles go back, the deck is shuffled, each draws a monster and a tile.
  p.rng.shuffle(p.deck.begin(), p.deck.end());
  for (int k = 0; k < kSeats; ++k) {
    const int seat = (p.first_player + k) % kSeats;
    p.monster_hand[seat] = pop(p.monster_deck[seat], p.monster_deck_size[seat]);
    p.hand[seat][p.hand_size[seat]++] = pop(p.deck, p.deck_size);
  }
  p.to_move = p.first_player;
  start_turn(p);
}

void sync_cache(Position& p) {
  if (p.cache.covered > p.num_tiles) reset(p.cache);
  catch_up(p, p.cache);
}

void open_spots(const Position& p, SpotList& out) {
  with_cache(p, [&](const BoardCache& c) {
    out.size = c.size;
    std::copy(c.items.begin(), c.items.begin() + c.size, out.items.begin());
  });
}

void open_spots_rescan(const Position& p, SpotList& out) {
  out.size = 0;
  if (p.num_tiles == 0) {
    out.items[out.size++] = Spot{0, 0, 0, 0};  // D4.2: the first tile goes in the centre
    return;
  }
  std::uint64_t seen[16] = {};
  for (int t = 0; t < p.num_tiles; ++t) {
    const PlacedTile& tile = p.tiles[t];
    for (int d = 0; d < 4; ++d) {
      if (!(tile.mask & bit(d))) continue;
      const int x = tile.x + kDx[d], y = tile.y + kDy[d];
      const int idx = cell_index(x, y);
      if (p.grid[idx] || (seen[idx >> 6] >> (idx & 63) & 1)) continue;
      seen[idx >> 6] |= std::uint64_t{1} << (idx & 63);
      out.items[out.size++] = spot_at(p, x, y);
    }
  }
}

bool fits(const Spot& s, std::uint8_t mask) {
  return (mask & s.need) == s.need && !(mask & s.forbid);
}

bool placeable(const Position& p, int shape) {
  return placeable_shapes(p, 1u << shape) != 0;
}

namespace {
bool can_play_on(const Content& c, const Position& p, int seat, int type, const PlacedTile& t) {
  if (!(c.hosts >> t.shape & 1)) return false;  // D5.2
  if (t.top == kNone) return true;              // D5.2
  const PlayedMonster& top = p.monsters[t.top];
  return top.owner != seat && (c.defeats[type] >> top.type & 1);  // D5.3
}
}  // namespace

bool can_play_monster_on(const Position& p, int seat, int type, int tile) {
  return can_play_on(content_of(p), p, seat, type, p.tiles[tile]);
}

void legal_actions(const Position& p, std::vector<int>& out) {
  out.clear();
  const int s = p.to_move;
  switch (p.step) {
    case Step::kChooseTile: {
      unsigned set = hand_shapes(p, true);
      for (int shape = 0; shape < kNumShapes; ++shape)
        if (set & (1u << shape)) out.push_back(kActChooseTile + shape);
      break;
    }
    case Step::kSetAside: {
      unsigned set = hand_shapes(p, false);
      for (int shape = 0; shape < kNumShapes; ++shape)
        if (set & (1u << shape)) out.push_back(kActSetAside + shape);
      break;
    }
    case Step::kChooseCell: {
      const auto& fit = content_of(p).fit[p.chosen_shape];
      with_cache(p, [&](const BoardCache& c) {
        for (int i = 0; i < c.size; ++i) {  // ascending by cell code
          const Spot& sp = c.items[i];
          if (fit[sp.key()]) out.push_back(kActCell + cell_code(sp.x, sp.y));
        }
      });
      break;
    }
    case Step::kOrient: {
      const unsigned masks =
          fitting_orientations(p, spot_at(p, p.chosen_x, p.chosen_y), p.chosen_shape);
      for (unsigned rest = masks; rest; rest &= rest - 1)
        out.push_back(kActOrient + __builtin_ctz(rest));
      break;
    }
    case Step::kMonster: {
      out.push_back(kActPass);
      const Content& c = content_of(p);
      const int type = p.monster_hand[s];
      with_cache(p, [&](const BoardCache& cache) {
        for (int i = 0; i < p.num_tiles; ++i) {  // ascending by cell code
          const std::uint32_t entry = cache.by_code[i];
          if (can_play_on(c, p, s, type, p.tiles[entry & 0xFF]))
            out.push_back(kActMonster + static_cast<int>(entry >> 8));
        }
      });
      break;
    }
    case Step::kOver:
      break;
  }
}

bool is_legal(const Position& p, int action) {
  std::vector<int> legal;
  legal_actions(p, legal);
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

bool apply(Position& p, int action) {
  const std::uint8_t turn_before = p.turn;
  switch (p.step) {
    case Step::kChooseTile:
      p.chosen_shape = static_cast<std::uint8_t>(action - kActChooseTile);
      begin_cell_step(p);
      break;
    case Step::kSetAside:
      set_aside(p, action - kActSetAside);
      break;
    case Step::kChooseCell:
      choose_cell(p, code_x(action - kActCell), code_y(action - kActCell));
      break;
    case Step::kOrient:
      place_chosen(p, static_cast<std::uint8_t>(action - kActOrient));
      break;
    case Step::kMonster:
      if (action != kActPass) {
        const int code = action - kActMonster;
        play_monster(p, p.tile_at(code_x(code), code_y(code)));
      }
      end_turn(p);
      break;
    case Step::kOver:
      assert(false);
      break;
  }
  return p.turn != turn_before;
}

int passage_length(const Position& p, int t, int axis) {
  const std::uint8_t axis_mask = axis == 0 ? (bit(kE) | bit(kW)) : (bit(kN) | bit(kS));
  if (!(p.tiles[t].mask & axis_mask)) return 0;
  int len = 1;
  for (int d = axis == 0 ? kE : kN; d < 4; d += 2) {
    int cur = t;
    while (p.tiles[cur].mask & bit(d)) {
      const int next = p.tile_at(p.tiles[cur].x + kDx[d], p.tiles[cur].y + kDy[d]);
      if (next < 0 || !(p.tiles[next].mask & bit(opposite(d)))) break;
      cur = next;
      ++len;
    }
  }
  return len;
}

namespace {

// Tiles from t (itself included) going in direction d until a wall: one line under the
// per-direction reading (R1 option influence=direction).
int run_length(const Position& p, int t, int d) {
  int len = 1;
  int cur = t;
  while (p.tiles[cur].mask & bit(d)) {
    const int next = p.tile_at(p.tiles[cur].x + kDx[d], p.tiles[cur].y + kDy[d]);
    if (next < 0 || !(p.tiles[next].mask & bit(opposite(d)))) break;
    cur = next;
    ++len;
  }
  return len;
}

}  // namespace

std::array<int, kSeats> score(const Position& p) {
  const auto by_tile = points_by_tile(p);
  std::array<int, kSeats> pts{};
  for (int t = 0; t < p.num_tiles; ++t)
    if (p.tiles[t].top != kNone) pts[p.monsters[p.tiles[t].top].owner] += by_tile[t];
  return pts;
}

std::array<int, kDeckSize> points_by_tile(const Position& p) {
  std::array<int, kDeckSize> pts{};
  const auto& beats = content_of(p).beats;
  for (int t = 0; t < p.num_tiles; ++t) {
    if (p.tiles[t].top == kNone) continue;
    const PlayedMonster& m = p.monsters[p.tiles[t].top];
    for (int axis = 0; axis < 2; ++axis) {
      const int len = passage_length(p, t, axis);
      if (len == 0) continue;
      // D6.3: the line is lost when an opponent's top monster on the same passage defeats it.
      bool lost = false;
      for (int d = axis == 0 ? kE : kN; d < 4 && !lost; d += 2) {
        int cur = t;
        while (!lost && (p.tiles[cur].mask & bit(d))) {
          const int next = p.tile_at(p.tiles[cur].x + kDx[d], p.tiles[cur].y + kDy[d]);
          if (next < 0 || !(p.tiles[next].mask & bit(opposite(d)))) break;
          cur = next;
          const std::uint8_t top = p.tiles[cur].top;
          if (top != kNone && p.monsters[top].owner != m.owner &&
              beats[p.monsters[top].type][m.type])
            lost = true;
        }
      }
      if (lost) continue;
      if (p.influence == kInfluenceDirection) {
        // R1 (option): one line per open side on this axis, from the monster to the wall.
        for (int d = axis == 0 ? kE : kN; d < 4; d += 2)
          if (p.tiles[t].mask & bit(d)) pts[t] += run_length(p, t, d);
      } else {
        pts[t] += len;  // D6.4
      }
    }
  }
  return pts;
}

std::array<int, kNumShapes> unplaced_counts(const Position& p) {
  std::array<int, kNumShapes> n{};
  for (int s = 0; s < kNumShapes; ++s) n[s] = p.mix[s];
  for (int t = 0; t < p.num_tiles; ++t) --n[p.tiles[t].shape];
  for (int i = 0; i < p.num_set_aside; ++i) --n[p.set_aside[i]];
  return n;
}

void restart_tile_step(Position& p) {
  if (p.step == Step::kMonster || p.step == Step::kOver) return;
  p.chosen_shape = kNone;
  p.chosen_x = p.chosen_y = 0;
  // Without taking any forced step: the board must stay as it is.
  p.step = hand_shapes(p, true) ? Step::kChooseTile : Step::kSetAside;
}

}  // namespace turf::dungeon
