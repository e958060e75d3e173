// Narration: what happened, told to one viewer (issue 16).
//
// A step of a match is narrated for a viewer from what that viewer sees: its view before the
// action, the action as that viewer knows it (the full label for the mover, the public label for
// everyone else) and its view after. A game's narrate hook receives nothing else, so narration
// cannot carry what the viewer's views do not hold: it passes through the same wall as views.
// Anything a viewer must be told (a war's revealed cards, an event and what it did) must be
// public in the view after the step, for example as a "last resolution" record kept by the game.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/view.h"

namespace turf {

class Match;

// One narrated fact. `text` is one sentence in the game's words; seats appear in it as
// "{P1}".."{P6}" (1-based), which front ends replace by display names (render_narration).
struct Narration {
  std::string kind;         // "action", "tile_placed", "war", "event", "scoring", "game_over", ...
  std::vector<Seat> seats;  // the seats it concerns (0-based)
  nlohmann::json data = nlohmann::json::object();  // structured facts: card ids, numbers
  std::string text;
  nlohmann::json to_json() const;
};

// The step being narrated, as the viewer knows it.
struct NarratedAction {
  Seat mover = kNobody;  // the seat that acted
  std::string label;     // full label when the viewer is the mover (or omniscient), else public
  int move_number = 0;   // index of the action in the match history (0-based)
};

// Narration of one step for one viewer. Uses the game's narrate hook; games without one (or
// steps the hook leaves silent) get one "action" line: "{Pn}: <label>".
std::vector<Narration> narrate_step(const View& before, const NarratedAction& act,
                                    const View& after);

// One viewer's story of a match: the narration of every step as that viewer saw it, kept up to
// date one step at a time (the one place a step is narrated for a viewer: the table layer keeps
// one per viewer that asks, src/table/table.h; narrate_history replays a match into one). Around
// each action applied to the state `s` at move `move`:
//     const NarratedAction heard = story.hear(s, a, move);  // before: the label it knows
//     s.apply(a);
//     story.tell(heard, s);                                  // after: narrates the step
class Story {
 public:
  // The story so far of a match (replays it once from the start).
  Story(const Match& match, Seat viewer);
  Seat viewer() const { return viewer_; }
  // steps()[i] is the narration of history()[i].
  const std::vector<std::vector<Narration>>& steps() const { return steps_; }
  // The action `a` about to be applied to `s` (as move `move`) as this viewer knows it: the full
  // label for the mover and the omniscient viewer, the public label for everyone else.
  NarratedAction hear(const State& s, Action a, int move) const;
  // After the action: narrates the step from the viewer's view before it to its view of `after`.
  void tell(const NarratedAction& heard, const State& after);
  // After actions were taken back, leaving `moves` of them: drops the later steps.
  void rewind(int moves, const State& now);
  // A line told with step `step` (0-based) that no view holds: an event of the table, not of the
  // game, the same for every viewer (a seat's program failed and a built-in bot plays on:
  // table/table.h). It goes first in the step; nothing when the story has no such step.
  void note(std::size_t step, Narration line);

 private:
  Seat viewer_;
  View seen_;  // the viewer's (unlabelled) view after the latest step
  std::vector<std::vector<Narration>> steps_;
};

// The narration of every step of a match as `viewer` saw it (replays the match once).
// Element i holds the narration of history()[i].
std::vector<std::vector<Narration>> narrate_history(const Match& match, Seat viewer);

// The public narration of every step, as records carry it (docs/architecture.md, "Records"): the
// spectator's narration (what every seat is told, nothing a single seat was told alone), one JSON
// array per history entry, each line Narration::to_json() plus "said", the sentence with the
// seats' names. Replays the match once.
nlohmann::json public_narration_json(const Match& match);

// "{P1}" -> names[0], ...; numbers past names.size() become player_name (core/match.h).
std::string render_narration(const std::string& text, const std::vector<std::string>& names);

}  // namespace turf
