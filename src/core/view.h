// A seat's view of a game: exactly what that seat may know, and nothing else.
//
// Bots, terminal and network front ends receive only Views. A View is built by State::view()
// from (state, viewer) and copies what the viewer may know into its own storage (the game's
// ViewData); it holds no reference to the state, so there is nothing else to reach through.
// Search bots that need complete states call sample_world(), which re-deals everything hidden.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace turf {

struct LegalAction {
  Action id = 0;
  std::string label;
  nlohmann::json json;
};

class View {
 public:
  View(const GameInfo* game, Seat viewer, Seat to_move, bool terminal, int move_number,
       std::vector<LegalAction> legal, std::shared_ptr<const ViewData> data)
      : game_(game),
        viewer_(viewer),
        to_move_(to_move),
        terminal_(terminal),
        move_number_(move_number),
        legal_(std::move(legal)),
        data_(std::move(data)) {}

  const GameInfo& game() const { return *game_; }
  Seat viewer() const { return viewer_; }
  Seat to_move() const { return to_move_; }
  bool terminal() const { return terminal_; }
  int move_number() const { return move_number_; }
  // The legal actions, when the viewer is the seat to move (or omniscient); else empty.
  const std::vector<LegalAction>& legal() const { return legal_; }
  bool my_turn() const { return !terminal_ && viewer_ == to_move_; }

  // Finds a legal action by id, JSON text or label, case and spacing aside. A label may be
  // shortened to any part that names one action alone: without its notes in parentheses ("buy
  // Garden" for "buy Garden ($6)"), its last words ("garden"), or words and word beginnings
  // within it ("gno" for "buy Garden Gnome ($6)"). Half of a name ("buy pink" for "buy Pink
  // Flamingo ($3)") is taken only when the game's GameInfo::why_not finds nothing else it could
  // mean: "buy garden" never buys the Gnome. Throws Error otherwise: input that fits several
  // actions names them ("did you mean"), and input that fits none gives the game's reason where
  // it has one or the closest label.
  Action parse_action(const std::string& text) const;

  const ViewData& data() const { return *data_; }
  template <class T>
  const T& as() const {
    return dynamic_cast<const T&>(*data_);
  }

  std::unique_ptr<State> sample_world(Rng& rng) const { return data_->sample_world(rng); }
  // The same world written into `out` (a state of this game), reusing its storage.
  void sample_world_into(State& out, Rng& rng) const { data_->sample_world_into(out, rng); }
  bool ambiguous() const { return data_->ambiguous(); }

  nlohmann::json to_json() const;

 private:
  Action match_label(const std::string& text) const;

  const GameInfo* game_;
  Seat viewer_;
  Seat to_move_;
  bool terminal_;
  int move_number_;
  std::vector<LegalAction> legal_;
  std::shared_ptr<const ViewData> data_;
};

// The decision a seat is asked, the same way in every game (docs/bots.md "The step and the
// pass"): the game's name of the step (GameInfo::step_name; "decision" for a game without one)
// and the legal action that declines it (the first legal one of GameInfo::pass_actions), from
// the view alone. For a view that is not the viewer's turn, pass is empty.
struct DecisionStep {
  std::string name;
  std::optional<Action> pass;
};
DecisionStep decision_step(const View& view);

// "seat 0", "spectator", "omniscient"
std::string viewer_name(Seat viewer);
// Parses "0", "1", ..., "spectator", "omniscient" (throws Error).
Seat parse_viewer(const std::string& text, int num_seats);

}  // namespace turf
