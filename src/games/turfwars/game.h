// Turf Wars (Cray Cray Games): the engine adapter — the turf::State over the rules kernel and the
// labels and JSON of actions (state.cpp), the seat view with world sampling (E2, view.cpp), and
// registration (register.cpp). Implements every player count (2-6) and the options (cost variant,
// Mind Control on or off, factions chosen or dealt).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/kernel_state.h"
#include "games/turfwars/rules.h"

namespace turf::turfwars {

// The kernel's State (core/kernel_state.h) with the game's words (state.cpp) and wall (view.cpp).
class TurfWarsState final : public KernelState<Kernel, TurfWarsState> {
 public:
  using KernelState::KernelState;

  std::string action_label(Action a) const override;
  std::string public_label(Action a) const override;
  void action_to_json(Action a, nlohmann::json& out) const override;
  std::shared_ptr<const ViewData> make_view_data(Seat viewer) const override;

 private:
  friend class TurfWarsView;
};

// What one viewer may know: the position with everything hidden from the viewer overwritten by
// fixed placeholders (other hands, secret cards, drafted cards not yet revealed, the packets
// others saw, deck orders, the generator), plus the public counts of those hidden things.
// Nothing hidden is copied in, so nothing hidden can leak out (E2).
class TurfWarsView final : public ViewData {
 public:
  TurfWarsView(const TurfWarsState& state, Seat viewer);

  void to_json(nlohmann::json& out) const override;
  std::unique_ptr<State> sample_world(Rng& rng) const override;
  void sample_world_into(State& out, Rng& rng) const override;
  bool ambiguous() const override { return viewer != kOmniscient; }

  const GameInfo* game = nullptr;
  Seat viewer = kSpectator;
  int move_number = 0, undo_floor = 0;
  Position pos;                                      // redacted
  std::array<std::uint8_t, kMaxSeats> hand_count{};  // combat cards in hand
  std::array<bool, kMaxSeats> facedown{};            // a combat card lies face down
  std::array<bool, kMaxSeats> picked{};              // has drafted this round
  std::array<bool, kMaxSeats> drawn{};               // holds two bought combat cards to choose
  bool sees_packet = false;                          // the viewer is the seat picking now
};

// Overwrites in p everything the viewer may not know (used by the view and by tests).
void redact(Position& p, Seat viewer);
// Cell names ("B3": column letter, row number from the top) and card names, for labels.
std::string cell_name(const Position& p, int cell);
std::string template_label(const Position& p, int t);
std::string combat_label(const Position& p, int t);
// The board as text rows, one token per cell ("#", "T", "-", "F", "F3@1"), as in the view JSON.
std::vector<std::string> board_rows(const Position& p);

// Ids shared by the adapter's files (state.cpp): the cost variants' option values, a step's id
// ("draft_pick", as in the view JSON and GameInfo::step_name) and a win type's id.
extern const char* const kCostIds[kNumCosts];
const char* step_name(Step s);
const char* win_name(WinType w);

// Content variants (core/variant.h): the slot of a patch in content_table(), loading it the first
// time (throws Error naming what does not fit), and the JSON document a patch applies to.
int content_slot(const nlohmann::json& patch);
const nlohmann::json& content_document();

// Registers the game (called from games/all_games.cpp).
void register_game(Registry& registry);
// The evaluation for bots (games/turfwars/eval.cpp): estimated final points per seat.
void evaluate_into(const State& state, std::vector<double>& out);
// The rollout policy for search bots (eval.cpp): uniform, except that a home declaration (the
// Geomancer's in phase 1, everyone's under Exile) takes a type the seat holds most turfs of.
Action rollout_choice(const State& state, const std::vector<Action>& legal, Rng& rng);
// Narration of a step for one viewer (games/turfwars/narrate.cpp; core/narration.h).
void narrate(const View& before, const NarratedAction& act, const View& after,
             std::vector<Narration>& out);
// Card texts (games/turfwars/cards.cpp): factions, events, secret wins, action and combat cards,
// purchases; and the id of an action card template (its name as an id, "attack_forest").
// `slot`: the content played (content_slot; 0: the game's own).
nlohmann::json card_texts(int slot = 0);
// A seat's result in words for end screens, from the finished game's view (GameInfo::result_words):
// "won by home turf domination (33 DP)", "21 DP", "eliminated, 4 DP" (games/turfwars/narrate.cpp).
std::string result_words(const View& final_view, Seat seat);
std::string action_card_id(int t);
// Terminal drawing (games/turfwars/draw.cpp), and the decision the seat to move faces as a
// sentence ("Play a combat card face down ..."), also in the view JSON as "prompt".
std::string draw(const View& view, const DrawStyle& style);
std::string prompt(const Position& p);
// Why a combat card the seat holds cannot be played now ("" when it can, or is not held).
std::string unplayable_reason(const Position& p, int seat, int t);

}  // namespace turf::turfwars
