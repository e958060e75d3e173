// The game-agnostic rules contract.
//
// Every game registers a GameInfo (id, title, player range, options, rules text, factory) and
// implements State. Everything outside the games (the CLI, bots, the balance lab, tests) works
// through these types only. The contract:
//   * to_move() says which seat decides now; legal_actions() lists its choices, never empty
//     before the end; apply() rejects an illegal action with an Error and changes nothing.
//   * All randomness lives inside the state (our own Rng, seeded at creation), so game id +
//     options + seed + action list reproduce a game exactly.
//   * Actions are stable integers per game (documented in docs/rules/<game>.md) with a human
//     label and a JSON form. Multi-part decisions are split into sub-decisions.
//   * view(seat) is the only thing bots and front ends ever receive: a View is built from
//     (state, seat) by copying what that seat may know, and holds no pointer back to the state.
//   * undo_floor() marks the last commit point (randomness drawn, hidden information revealed).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.h"

namespace turf {

using Action = std::int32_t;
using Seat = int;

inline constexpr Seat kNobody = -1;      // to_move() of a finished game
inline constexpr Seat kSpectator = -2;   // a viewer who sees only public information
inline constexpr Seat kOmniscient = -3;  // an analyst who sees everything

// Every error caused by input (unknown game, bad option, illegal action, malformed record).
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// " (did you mean 'x'?)" naming the candidate closest to word by edit distance, when one is
// close enough to be a likely typo; "" otherwise.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

// ---------------------------------------------------------------------------------------------
// Options

struct OptionSpec {
  // Variant: "base" or a content variant's text (core/variant.h), checked by
  // GameInfo::load_variant.
  enum class Kind { Integer, Choice, Variant };
  std::string name;
  Kind kind = Kind::Choice;
  std::string default_value;
  std::vector<std::string> choices;  // Kind::Choice
  int min = 0, max = 0;              // Kind::Integer, inclusive
  std::string help;  // a short first sentence, then each choice by its label (never its id)
  // How a player reads each choice (the lobby's menu), in the order of `choices`; empty: each
  // made from its id by choice_label ("after-round-5" -> "After round 5").
  std::vector<std::string> labels = {};

  // "2..6" or "a|b|c".
  std::string allowed_text() const;
  // The label of choices[i].
  std::string label(std::size_t i) const;
};

// A choice id as a player reads it: '_' and '-' become spaces, the first letter a capital
// ("dead_ends" -> "Dead ends", "when-events-run-out" -> "When events run out").
std::string choice_label(std::string_view id);

// Resolved option values: every option of the game, defaults filled in, all validated.
class Options {
 public:
  Options() = default;
  explicit Options(std::map<std::string, std::string> values) : values_(std::move(values)) {}

  const std::string& get(const std::string& name) const;
  int get_int(const std::string& name) const;
  int players() const { return get_int("players"); }
  const std::map<std::string, std::string>& values() const { return values_; }
  // "players=2,tiles=standard"
  std::string to_string() const;
  bool operator==(const Options&) const = default;

 private:
  std::map<std::string, std::string> values_;
};

// ---------------------------------------------------------------------------------------------
// Views

class State;
class View;
struct Narration;       // core/narration.h
struct NarratedAction;  // core/narration.h

// The game-specific part of a view. A game builds it from (state, seat), copying only what that
// seat may know, so it cannot leak what it never holds.
class ViewData {
 public:
  virtual ~ViewData() = default;
  // Game-specific fields, added to the view's JSON object.
  virtual void to_json(nlohmann::json& out) const = 0;
  // A complete state consistent with this view: everything the viewer cannot see is re-dealt
  // using rng (hidden cards, deck orders, the state's own generator).
  virtual std::unique_ptr<State> sample_world(Rng& rng) const = 0;
  // The same world, written into `out` (a state of this game, e.g. an earlier sample) and reusing
  // its storage: no allocation. Draws exactly what sample_world draws from rng, so both give the
  // same world for the same generator state (search bots refill one state every iteration).
  virtual void sample_world_into(State& out, Rng& rng) const = 0;
  // True when more than one state fits this view (something hidden could be otherwise).
  virtual bool ambiguous() const = 0;
};

struct DrawStyle {
  bool colour = true;   // ANSI colours
  bool unicode = true;  // box-drawing characters; plain ASCII otherwise
  std::vector<std::string> seat_names;
  bool wide = false;  // room to spare: rivals' areas in full, not compacted (turf play --wide)
};

// ---------------------------------------------------------------------------------------------
// Observation tensors (issue 26; docs/api.md; core/observation.h builds them)

// One named slice of an observation vector: what it holds and how it is scaled.
struct ObsField {
  std::string name;         // "my_hand"
  int offset = 0;           // first float
  int size = 0;             // floats
  float low = 0, high = 1;  // bounds of every float in the slice
  std::string meaning;      // what the slice holds, in words
  std::string scale;        // how a value becomes a float ("one-hot", "count / 28", "0 or 1")
};

// The fixed layout of a game's observation for given options: a flat float32 vector.
struct ObsSpec {
  int version = 0;  // bumped whenever the layout or the meaning of a field changes
  int size = 0;     // floats
  std::vector<ObsField> fields;
};

// ---------------------------------------------------------------------------------------------
// Games

struct GameInfo {
  std::string id;             // "dungeon"
  std::string title;          // "Turf War (Brett Cutler, 2010)"
  std::string summary;        // one line
  std::string rules_version;  // bumped whenever play changes
  int min_players = 2, max_players = 2;
  std::vector<OptionSpec> options;  // always holds "players"
  std::string_view rules_text;      // docs/rules/<id>.md, embedded at build time

  // Creates the initial state (set-up already done, using seed).
  std::function<std::unique_ptr<State>(const Options&, std::uint64_t seed)> create;
  // Terminal drawing of a view (presentation; optional).
  std::function<std::string(const View&, const DrawStyle&)> draw;
  // Evaluation for bots (optional; bots fall back to the scores): an estimate of each seat's
  // final points in this (sampled) state, written into `out` (resized to the seats) reusing its
  // storage, as search calls it at every cut-off; and the point difference that makes one seat
  // a clear favourite (the logistic scale). `evaluate`/`evaluate_into` in bots/eval.h call it.
  std::function<void(const State&, std::vector<double>& out)> evaluate_into;
  double eval_scale = 10.0;
  // The default policy of search bots' rollouts (optional): picks one of `legal` (the legal
  // actions of the seat to move in a sampled world, more than one) with `rng`. Games give one
  // where a uniform pick misplays a decision so badly that cut-off evaluations are skewed (the
  // Turf Wars Geomancer declaring a home it holds no turf of); without one, rollouts are uniform.
  std::function<Action(const State&, const std::vector<Action>& legal, Rng& rng)> rollout_policy;
  // Narration of one step for one viewer (optional; core/narration.h): appends what the viewer
  // learns, computed only from its views before and after and the action as it knows it.
  std::function<void(const View& before, const NarratedAction& act, const View& after,
                     std::vector<Narration>& out)>
      narrate;
  // Public counters the game's narration accounts for (optional; issue 23): units on the map,
  // control, battles fought ... by name. Every change of one of them in a step, and of
  // "score/<seat>" (scores()[seat]), is carried by exactly one line of that step's narration as
  // data["changes"][name] = the change. The conformance suite checks, at every step of seeded
  // games, that the changes the spectator is told add up to the changes made
  // (Conformance.NarrationAddsUpToWhatChanged).
  std::function<std::map<std::string, int>(const State&)> tally;
  // Card texts (optional): every card, tile, event, faction, skill, structure, Neighbor and token
  // of the game with its text, as data (issue 16). Each entry is a JSON object with at least
  // "id" (stable, unique within the game, the id views use to name it), "name", "kind" ("tile",
  // "card", "event", "faction", ...), "tag" ("found", "inferred", "designed" or "expansion") and
  // "text" (its effect in a sentence or two, in our words); numbers such as "cost", "points",
  // "priority" or "count" as fields where the card has them, and "cost_unit" ("$", "DP") with a
  // "cost" (front ends print "$6", "4 DP", or "cost 4" without a unit).
  std::function<nlohmann::json()> cards;
  // Content variants (optional; core/variant.h, issue 31): the game's content as one JSON document
  // (what a variant's patch applies to), and the loading of a patch into the contents this process
  // plays with (throws Error naming what does not fit). A game with them has the option "variant".
  std::function<const nlohmann::json&()> content_document;
  std::function<void(const nlohmann::json& patch)> load_variant;
  // The card texts of a variant (as `cards`, from the patched content; optional with variants).
  std::function<nlohmann::json(const nlohmann::json& patch)> variant_cards;
  // A seat's result in words for end screens (optional), read from the view of the finished
  // game, to follow "wins with" or "is second with": "home turf domination: 5 Mountain turfs
  // (33 DP)", "the most DP (21 DP)", "18 DP". Without it, end screens print scores() as points.
  std::function<std::string(const View& final_view, Seat seat)> result_words;
  // Whether ranking() follows scores(): a seat with more points never ranks below one with fewer
  // (the conformance suite checks it). Scores are always the game's own points; where the rules
  // let a seat with fewer points win (a Turf Wars instant win, T13), this is false and the
  // game's own tests check its ranking.
  bool ranking_follows_scores = true;
  // Why an action typed at the table is not legal now, in the player's words (optional): called
  // by View::parse_action with the viewer's view and the typed text (lower case) when no legal
  // action fits it ("Crowbar is in your Garage: ..."); "" when the game has nothing to say.
  std::function<std::string(const View& view, const std::string& typed)> why_not;
  // Seat attributes declared by the game for statistics ("first_player", "faction", ...).
  std::function<std::map<std::string, std::string>(const State&, Seat)> seat_attributes;
  // Seeded random games per player count in the conformance suite (scaled by the environment
  // variable TURF_CONFORMANCE_SCALE, e.g. 0.1 under the sanitizers).
  int conformance_games = 2000;
  // Observation tensors (optional; src/games/<id>/observe.cpp, docs/api.md): the layout for the
  // given options (it lives as long as the program), and the observation of a view written into
  // `out` (spec.size floats) from the view alone: a seat's view gives that seat's observation and
  // nothing it may not know.
  std::function<const ObsSpec&(const Options&)> observation_spec;
  std::function<void(const View& view, float* out)> observe;
  // The size of the action space for the given options: the largest action id any state can
  // have + 1 (legal masks, docs/api.md).
  std::function<int(const Options&)> action_space;
  // The step being decided, for programs at a seat (docs/bots.md "The step and the pass"): the
  // game's own name of the decision in progress ("choose_cell", "home_or_away", "commit"), read
  // from the view of the seat to move (optional: "decision" without it).
  std::function<std::string(const View& view)> step_name;
  // The ids that decline what a step offers (no monster, done, stop, stay out, end the move, no
  // more tactics), in order of preference: the first of them that is legal is the step's pass
  // (decision_step in core/view.h).
  std::vector<Action> pass_actions;
  // Per-game counters worth reporting, read at the end of a game ("tiles_set_aside", ...).
  std::function<std::map<std::string, double>(const State&)> counters;

  const OptionSpec* find_option(std::string_view name) const;
  // The game's entry in the one catalogue that `turf games --json` and `GET /api/games` share:
  // {id, title, summary, rules_version, min_players, max_players, options: [{name, type
  // ("integer" | "choice"), default (a number for integers), help, min and max | choices}]}.
  nlohmann::json catalogue_json() const;
  // The card texts of a game played with these options: its variant's where the option "variant"
  // names one, else `cards` ([] without). Throws Error for a variant that does not fit.
  nlohmann::json cards_for(const Options& options) const;
  // Validates given option values and fills in defaults. Unknown names and bad values are
  // an Error naming the allowed values.
  Options resolve(const std::map<std::string, std::string>& given) const;
};

// ---------------------------------------------------------------------------------------------
// State

class State {
 public:
  explicit State(const GameInfo* info) : info_(info) {}
  virtual ~State() = default;

  const GameInfo& game() const { return *info_; }

  virtual int num_seats() const = 0;
  // The seat that decides now; kNobody once the game is over.
  virtual Seat to_move() const = 0;
  virtual bool terminal() const = 0;
  // The legal actions of to_move(), in a fixed order, without duplicates. `out` is cleared first;
  // reuse the vector to avoid allocation.
  virtual void legal_actions(std::vector<Action>& out) const = 0;
  virtual bool is_legal(Action a) const;

  // Applies a legal action. An illegal one throws Error and leaves the state unchanged.
  void apply(Action a);
  // Applies an action already known to be legal (search, benchmarks).
  void apply_unchecked(Action a) {
    ++moves_;
    do_apply(a);
  }

  // Points per seat so far (final points once terminal).
  virtual std::vector<double> scores() const = 0;
  // Rank per seat, 0 = first; tied seats share a rank. Default: by scores, higher is better.
  virtual std::vector<int> ranking() const;
  // Share of the win per seat: 1/k for each of the k seats ranked first, else 0.
  std::vector<double> outcome() const;
  // The same, written into `out` (reusing its storage). The default calls outcome(); games
  // override it without allocating, for search at the end of every rollout.
  virtual void outcome_into(std::vector<double>& out) const { out = outcome(); }
  // Upper bound on the number of actions in any game with these options.
  virtual int length_bound() const = 0;

  // Number of actions applied since set-up.
  int move_number() const { return moves_; }
  // Actions before this index can never be taken back: since then no randomness was drawn and
  // nothing hidden was revealed.
  int undo_floor() const { return undo_floor_; }

  virtual std::string action_label(Action a) const = 0;
  // What every other seat may learn about the action when it is taken (a hidden choice is
  // described without its secret). Default: the full label.
  virtual std::string public_label(Action a) const { return action_label(a); }
  virtual void action_to_json(Action a, nlohmann::json& out) const = 0;
  // The checked forms, for every caller fed from outside (front ends, records, the table
  // server): an id that is not legal now, or any id once the game is over, throws Error. The
  // virtual forms above assume a legal id (games index tables with it).
  std::string label_of(Action a) const;
  std::string public_label_of(Action a) const;
  void action_json_of(Action a, nlohmann::json& out) const;

  // The viewer may be a seat, kSpectator or kOmniscient. With labelled = false the legal actions
  // carry ids only (no label, no JSON): cheaper, for bots.
  View view(Seat viewer, bool labelled = true) const;
  virtual std::shared_ptr<const ViewData> make_view_data(Seat viewer) const = 0;

  virtual std::unique_ptr<State> clone() const = 0;
  // Becomes a copy of `other` (same game); reuses this object's storage.
  virtual void copy_from(const State& other) = 0;
  virtual bool equals(const State& other) const = 0;

 protected:
  State(const State&) = default;
  State& operator=(const State&) = default;
  virtual void do_apply(Action a) = 0;
  // Called by a game from do_apply when the action drew randomness or revealed hidden facts.
  void commit() { undo_floor_ = moves_; }
  // For sampled worlds, which keep the counters of the view they came from.
  void set_counters(int moves, int undo_floor) {
    moves_ = moves;
    undo_floor_ = undo_floor;
  }
  bool same_base(const State& o) const {
    return info_ == o.info_ && moves_ == o.moves_ && undo_floor_ == o.undo_floor_;
  }

 private:
  const GameInfo* info_;
  int moves_ = 0;
  int undo_floor_ = 0;
};

// Implements clone/copy_from/equals for a game state class D with a copy constructor and an
// equality operator over its own fields.
template <class D>
class StateBase : public State {
 public:
  using State::State;
  std::unique_ptr<State> clone() const override {
    return std::make_unique<D>(static_cast<const D&>(*this));
  }
  void copy_from(const State& other) override {
    static_cast<D&>(*this) = dynamic_cast<const D&>(other);
  }
  bool equals(const State& other) const override {
    const auto* o = dynamic_cast<const D*>(&other);
    return o && same_base(*o) && static_cast<const D&>(*this).same_fields(*o);
  }
};

// ---------------------------------------------------------------------------------------------
// Registry

class Registry {
 public:
  // All games, registered once at start-up.
  static const Registry& instance();
  // Throws Error naming the known games.
  const GameInfo& find(std::string_view id) const;
  const std::vector<std::unique_ptr<GameInfo>>& games() const { return games_; }
  void add(std::unique_ptr<GameInfo> info);

 private:
  std::vector<std::unique_ptr<GameInfo>> games_;
};

// Defined in games/all_games.cpp: adds every game to the registry.
void register_all_games(Registry& registry);

// Convenience: resolve options and create the initial state.
std::unique_ptr<State> new_game(const GameInfo& info, const Options& options, std::uint64_t seed);

}  // namespace turf
