// Turf War (dungeon): the observation tensor of a seat's view (issue 26; docs/api.md), and the
// size of the action space. Built from the DungeonView alone. Seats are relative: "me" is the
// observing seat, "rival" the other one. The board is a list of the placed tiles in the order
// they were placed (coordinates relative to the first tile at 0,0; a connected dungeon of 28
// tiles spans at most 27 steps each way).
#include <array>

#include "core/observation.h"
#include "core/view.h"
#include "games/dungeon/game.h"

namespace turf::dungeon {

namespace {

constexpr int kVersion = 1;
constexpr int kTileFeatures = 17;
constexpr int kSeatFeatures = 7;
constexpr double kCoord = 28.0;

struct Layout {
  ObsSpec spec;
  int status, mix, my_step, chosen_tile, chosen_cell, my_hand, my_monster, seats, deck, unseen,
      aside, board;
};

Layout make_layout(int) {
  Layout l;
  const int mixes = static_cast<int>(content().mixes.size());
  ObsBuilder b(kVersion);
  l.status = b.add("status", 6,
                   "my turn; game over; I was the first player; influence=direction; the mover "
                   "has placed its tile and may play a monster; turns started",
                   "0 or 1 (turns: count / 28)");
  l.mix = b.add("tiles_mix", mixes, "the option tiles, in the order of data/dungeon/content.json",
                "one-hot");
  l.my_step = b.add("my_step", 5,
                    "my decision in progress: choose a tile, its cell, its rotation, set a tile "
                    "aside, play a monster (all 0 when it is not my turn)",
                    "one-hot");
  l.chosen_tile = b.add("my_chosen_tile", kNumShapes,
                        "the shape I have taken from my hand this turn (dead end, straight, L, "
                        "T, cross)",
                        "one-hot");
  l.chosen_cell = b.add("my_chosen_cell", 2, "x, y of the cell I chose for it (orient step)",
                        "coordinate / 28", -1.0f, 1.0f);
  l.my_hand = b.add("my_hand", kNumShapes, "tiles in my hand per shape", "count / 2");
  l.my_monster = b.add("my_monster", kNumTypes,
                       "the monster card in my hand (Turtleman, Were-Rat, Crane Wife)", "one-hot");
  l.seats = b.add("seats", kSeats * kSeatFeatures,
                  "per seat (me, rival): tiles in hand, holds a monster card, monster cards "
                  "left in its deck, points now, monsters played per type (3)",
                  "hand / 2, 0 or 1, deck / 6, points / 50 (clipped), played / 6");
  l.deck = b.add("deck", 1, "tiles left in the dungeon deck", "count / 28");
  l.unseen =
      b.add("unseen_tiles", kNumShapes,
            "tiles I have not seen, per shape (the deck and the rival's hand)", "count / 28");
  l.aside = b.add("set_aside", kNumShapes, "tiles set aside, per shape", "count / 28");
  l.board = b.add("board", kDeckSize * kTileFeatures,
                  "per placed tile in the order of placement (28 slots): present, x, y, shape "
                  "(5), open N, E, S, W, top monster mine, top monster the rival's, top monster "
                  "type (3), monsters on the tile",
                  "0 or 1; coordinates / 28; one-hot; monsters / 4 (clipped)", -1.0f, 1.0f);
  l.spec = b.spec();
  return l;
}

using Layouts = ObsLayouts<Layout, make_layout, 2, 2>;

void observe(const View& view, float* out) {
  const Layout& l = Layouts::of(2);
  const Seat me = observing_seat(view);
  const auto& v = view.as<DungeonView>();
  ObsWriter w(out, l.spec.size);
  const auto rel = [me](int s) { return relative_seat(s, me, kSeats); };

  w.flag(l.status + 0, view.my_turn());
  w.flag(l.status + 1, v.over);
  w.flag(l.status + 2, v.first_player == me);
  w.flag(l.status + 3, v.influence == kInfluenceDirection);
  w.flag(l.status + 4, v.monster_step);
  w.scaled(l.status + 5, v.turn, kDeckSize);
  w.one_hot(l.mix, static_cast<int>(content().mixes.size()), v.mix_index);

  if (v.step && view.my_turn()) {
    int step = -1;
    switch (*v.step) {
      case Step::kChooseTile:
        step = 0;
        break;
      case Step::kChooseCell:
        step = 1;
        break;
      case Step::kOrient:
        step = 2;
        break;
      case Step::kSetAside:
        step = 3;
        break;
      case Step::kMonster:
        step = 4;
        break;
      case Step::kOver:
        break;
    }
    w.one_hot(l.my_step, 5, step);
    if (v.chosen_shape != kNone) w.one_hot(l.chosen_tile, kNumShapes, v.chosen_shape);
    if (*v.step == Step::kOrient) {
      w.signed_scaled(l.chosen_cell + 0, v.chosen_x, kCoord);
      w.signed_scaled(l.chosen_cell + 1, v.chosen_y, kCoord);
    }
  }

  const auto& mine = v.seats[me];
  std::array<int, kNumShapes> unseen{};
  for (int s = 0; s < kNumShapes; ++s) unseen[s] = v.content_used().mixes[v.mix_index].counts[s];
  if (mine.hand)
    for (auto shape : *mine.hand) {
      out[l.my_hand + shape] += 0.5f;
      --unseen[shape];
    }
  if (mine.monster && *mine.monster != kNone) w.one_hot(l.my_monster, kNumTypes, *mine.monster);

  std::array<std::array<int, kNumTypes>, kSeats> played{};
  for (const auto& m : v.monsters) ++played[m.owner][m.type];
  for (int s = 0; s < kSeats; ++s) {
    const auto& si = v.seats[s];
    const int at = l.seats + rel(s) * kSeatFeatures;
    w.scaled(at + 0, si.hand_count, 2);
    w.flag(at + 1, si.has_monster);
    w.scaled(at + 2, si.monster_deck_count, kMonstersPerDeck);
    w.scaled(at + 3, si.score, 50);
    for (int t = 0; t < kNumTypes; ++t) w.scaled(at + 4 + t, played[s][t], kMonstersPerDeck);
  }
  w.scaled(l.deck, v.deck_count, kDeckSize);
  for (auto shape : v.set_aside) {
    out[l.aside + shape] += 1.0f / kDeckSize;
    --unseen[shape];
  }

  std::array<int, kDeckSize> on_tile{};
  for (const auto& m : v.monsters) ++on_tile[m.tile];
  for (std::size_t t = 0; t < v.tiles.size() && t < static_cast<std::size_t>(kDeckSize); ++t) {
    const PlacedTile& tile = v.tiles[t];
    --unseen[tile.shape];
    const int at = l.board + static_cast<int>(t) * kTileFeatures;
    w.set(at + 0, 1.0f);
    w.signed_scaled(at + 1, tile.x, kCoord);
    w.signed_scaled(at + 2, tile.y, kCoord);
    w.one_hot(at + 3, kNumShapes, tile.shape);
    for (int d = 0; d < 4; ++d) w.flag(at + 8 + d, (tile.mask & bit(d)) != 0);
    if (tile.top != kNone) {
      const PlayedMonster& m = v.monsters[tile.top];
      w.one_hot(at + 12, 2, rel(m.owner));
      w.one_hot(at + 14, kNumTypes, m.type);
    }
    w.scaled(at + 16, on_tile[t], 4);
  }
  for (int s = 0; s < kNumShapes; ++s) w.scaled(l.unseen + s, unseen[s], kDeckSize);
}

}  // namespace

void register_observation(Registry& registry) {
  add_observation(registry, "dungeon", Layouts::spec, observe, kActMonster + kCellCodes);
}

}  // namespace turf::dungeon
