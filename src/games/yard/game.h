// Turf War (yard): the engine adapter — the turf::State over the rules kernel with action labels
// and JSON (state.cpp), the seat view (perfect recall, E2 of docs/rules/yard.md) and world sampling
// (the wall, view.cpp), and registration (register.cpp). Implements every rule of the kernel
// (rules.h) for 2-4 players and both editions.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/kernel_state.h"
#include "games/yard/rules.h"

namespace turf::yard {

// The kernel's State (core/kernel_state.h) with the game's words (state.cpp) and wall (view.cpp).
class YardState final : public KernelState<Kernel, YardState> {
 public:
  using KernelState::KernelState;

  std::string action_label(Action a) const override;
  std::string public_label(Action a) const override;
  void action_to_json(Action a, nlohmann::json& out) const override;
  std::shared_ptr<const ViewData> make_view_data(Seat viewer) const override;

 private:
  friend class YardView;
};

// What one viewer may know (E2: perfect recall). Every card that reaches a hand or a Garage comes
// from a place all players saw (the Store, the Trash, a Yard, a revealed Tool, the starting
// hands), so a seat that remembers the public record knows every hand and Garage; the view keeps
// those deductions. Hidden from every seat and the spectator: the order of the Store deck
// (except the done Events at its bottom, which everyone saw go there) and which Neighbors lie
// face down. The omniscient viewer also gets those and the generator.
class YardView final : public ViewData {
 public:
  YardView(const YardState& state, Seat viewer);

  void to_json(nlohmann::json& out) const override;
  std::unique_ptr<State> sample_world(Rng& rng) const override;
  void sample_world_into(State& out, Rng& rng) const override;
  bool ambiguous() const override;

  const GameInfo* game = nullptr;
  Seat viewer = kSpectator;
  int move_number = 0, undo_floor = 0;
  bool omniscient = false;
  // The position as the viewer knows it. For any viewer but the omniscient one, the hidden part
  // of the Store deck (deck[deck_known, deck_size)) is zeroed, the set-aside Neighbors are kNone
  // and the generator is reset.
  Position pos;
  // The cards in the hidden part of the Store deck, per kind: everything not seen elsewhere
  // (deducible from the public record; checked by YardView.HiddenDeckIsWhatNobodySees).
  std::array<std::uint8_t, kMaxKinds> hidden_deck{};
  // Neighbors that could be face down: not in the row, not in any Sway.
  std::vector<std::uint8_t> neighbor_pool;
};

// Names for labels and drawings: "b2" for a Pile, card and Neighbor names.
std::string pile_name(int pile);
std::string card_name(int kind);
std::string neighbor_name(int n);
// "P2 b2" (a Pile of a seat's Yard; "b2" alone for the mover's own unless absolute), and a phase's
// id as in the view JSON.
std::string where(const Position& p, int seat, int pile, bool absolute);
const char* phase_name(Phase ph);
// A seat's result in words for end screens (GameInfo::result_words), from the finished game's
// view: "31 points: 16 from the Yard (6 of them from the Gazebo), 15 from 3 Neighbors", with ",
// ahead on Neighbors" where equal points are decided by the Sway (Y7.3).
std::string result_words(const View& final_view, Seat seat);
// Describes the decision the mover faces ("Choose a Dirt to turn to Grass (Watering Can)").
std::string decision_text(const Position& p);
// The same as a name ("home_or_away", "play_pile", "grass"): GameInfo::step_name.
std::string step_id(const Position& p);

// Card texts written from the card's data (games/yard/cards.cpp): "Play: Gain $3. Worth 1 VP."
std::string program_text(const Program& pr);
// A card's text; a Tool's rule is the edition's (Y5.1, Y8.1).
std::string card_text(int kind, int edition = 2);
// The card in a few words for the hand and the Store on screen (issue 16): cost, points, Places
// and the gist of each action, e.g. "$3 1VP +1Pl; Play: Grass, +$2".
std::string short_card_text(int kind);
std::string neighbor_card_text(int n);
// Every card and Neighbor with its text (the default edition's); a text that differs in the other
// edition (a Tool's, Y8.1) is also given per edition, as "text_by_option" (cli/cards.cpp).
nlohmann::json cards();
// Why `seat` cannot play card `kind` from its hand now, in a few words ("you are Away: play at
// Home"); empty when it can (games/yard/cards.cpp).
std::string unplayable_reason(const Position& p, int seat, int kind);
// Why an action typed at the table ("play Crowbar", "buy Garden", "sway Amelia", or a bare name)
// is not legal now for the viewer (GameInfo::why_not); "" when there is nothing to add.
std::string why_not(const View& view, const std::string& typed);
// Narration of one step from the viewer's views (games/yard/narrate.cpp; core/narration.h).
void narrate(const View& before, const NarratedAction& act, const View& after,
             std::vector<Narration>& out);

// Registers the game (called from the generated games/all_games.cpp).
void register_game(Registry& registry);
// The evaluation for bots (games/yard/eval.cpp): estimated final points per seat.
void evaluate_into(const State& state, std::vector<double>& out);
// Terminal drawing (games/yard/draw.cpp).
std::string draw(const View& view, const DrawStyle& style);

}  // namespace turf::yard
