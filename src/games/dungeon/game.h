// Turf War (dungeon): the engine adapter — the turf::State over the rules kernel with action labels
// and JSON (state.cpp), the seat view and world sampling (the wall, view.cpp), and registration
// (register.cpp).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/kernel_state.h"
#include "games/dungeon/rules.h"

namespace turf::dungeon {

// The kernel's State (core/kernel_state.h) with the game's words (state.cpp) and wall (view.cpp).
class DungeonState final : public KernelState<Kernel, DungeonState> {
 public:
  DungeonState(const GameInfo* info, const Position& pos) : KernelState(info, pos) {
    sync_cache(pos_);  // a position built by hand (a sampled world) brings an empty cache
  }

  std::string action_label(Action a) const override;
  std::string public_label(Action a) const override;
  void action_to_json(Action a, nlohmann::json& out) const override;
  std::shared_ptr<const ViewData> make_view_data(Seat viewer) const override;

 private:
  friend class DungeonView;
};

// What one viewer may know. Public facts are copied for everyone; a hand only for its owner
// (and the omniscient viewer); deck orders and the generator only for the omniscient viewer.
class DungeonView final : public ViewData {
 public:
  DungeonView(const DungeonState& state, Seat viewer);

  void to_json(nlohmann::json& out) const override;
  std::unique_ptr<State> sample_world(Rng& rng) const override;
  void sample_world_into(State& out, Rng& rng) const override;
  bool ambiguous() const override;
  // The board as a position (tiles, monsters, the rules of influence), nothing hidden in it.
  void board_into(Position& p) const;

  struct SeatInfo {
    int hand_count = 0;
    bool has_monster = false;
    int monster_deck_count = 0;
    int score = 0;
    std::optional<std::vector<std::uint8_t>> hand;          // known to this viewer
    std::optional<std::uint8_t> monster;                    // known to this viewer (kNone: no card)
    std::optional<std::vector<std::uint8_t>> monster_deck;  // order; omniscient only
  };

  const GameInfo* game = nullptr;
  Seat viewer = kSpectator;
  int mix_index = 0;
  int content = 0;  // the content's slot (Position::content)
  const Content& content_used() const { return *content_table()[content]; }
  int influence = kInfluencePassage;
  int first_player = 0;
  int first_draw_rounds = 0;
  std::vector<std::array<std::uint8_t, 2>> first_draws;
  int to_move = 0;
  int turn = 0;
  int move_number = 0, undo_floor = 0;
  bool over = false;
  bool monster_step = false;  // the mover has placed its tile and may play its monster
  std::vector<PlacedTile> tiles;
  std::vector<PlayedMonster> monsters;
  std::vector<std::uint8_t> set_aside;
  int deck_count = 0;
  std::array<SeatInfo, kSeats> seats;
  // The mover's unfinished tile decision, when the viewer is the mover (or omniscient).
  std::optional<Step> step;
  std::uint8_t chosen_shape = kNone;
  int chosen_x = 0, chosen_y = 0;
  std::optional<std::vector<std::uint8_t>> deck_order;  // omniscient only
  std::optional<Rng> rng;                               // omniscient only
};

// Shape names for labels ("L", "T", "cross", ...), passage masks as "NES".
std::string shape_label(int shape);
std::string passages_text(std::uint8_t mask);
// A step's id ("choose_cell"), as in the view JSON and GameInfo::step_name.
const char* step_name(Step s);

// A seat's result in words for end screens (GameInfo::result_words), from the finished game's
// view: its points and the monsters that scored them, "14 points: 6 by the Turtleman at 0,1, 5
// by the Crane Wife at 2,0 and 3 by the Were-Rat at 1,-1".
std::string result_words(const View& final_view, Seat seat);

// Content variants (core/variant.h): the slot of a patch in content_table(), loading it the first
// time (throws Error naming what does not fit), and the JSON document a patch applies to.
int content_slot(const nlohmann::json& patch);
const nlohmann::json& content_document();

// Registers the game (called from games/all_games.cpp).
void register_game(Registry& registry);
// The evaluation for bots (games/dungeon/eval.cpp): estimated final points per seat.
void evaluate_into(const State& state, std::vector<double>& out);
// Narration of one step from the viewer's views (games/dungeon/narrate.cpp; core/narration.h).
void narrate(const View& before, const NarratedAction& act, const View& after,
             std::vector<Narration>& out);
// Card texts: every tile shape and monster (games/dungeon/cards.cpp); with a variant's patch, as
// the variant has them.
nlohmann::json cards(const nlohmann::json* patch = nullptr);
// Terminal drawing (games/dungeon/draw.cpp).
std::string draw(const View& view, const DrawStyle& style);

}  // namespace turf::dungeon
