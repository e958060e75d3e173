// Cry Havoc: the engine adapter — the turf::State over the rules kernel with action labels and
// JSON (state.cpp), the seat view and world sampling (the wall, view.cpp), and registration
// (register.cpp). Implements the whole game for 2-4 players with the options `factions` (random or
// fixed seating of the factions) and `extra_skills`.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/kernel_state.h"
#include "games/cryhavoc/rules.h"

namespace turf::cryhavoc {

// The kernel's State (core/kernel_state.h) with the game's words (state.cpp) and wall (view.cpp).
class CryHavocState final : public KernelState<Kernel, CryHavocState> {
 public:
  using KernelState::KernelState;

  std::string action_label(Action a) const override;
  std::string public_label(Action a) const override;
  void action_to_json(Action a, nlohmann::json& out) const override;
  std::shared_ptr<const ViewData> make_view_data(Seat viewer) const override;

 private:
  friend class CryHavocView;
};

// What one seat knows privately: its hand, what is left in its deck (not the order), the cards
// it is choosing between, its Matrix cards, the cards it saw go back into terrain decks, and the
// tokens it looked at.
struct SeatPrivate {
  std::vector<std::uint8_t> hand;                 // sorted card defs
  std::array<std::uint8_t, kMaxCardDefs> deck{};  // counts per card def
  std::vector<std::uint8_t> limbo;                // draw 2 keep 1
  std::array<std::array<std::uint8_t, kMatrixCapacity>, kMaxRegions> matrix{};  // Machines
  std::array<std::uint8_t, kMaxCardDefs> seen_in_terrain{};
  std::uint32_t peek_explore = 0, peek_trog = 0;
  std::array<std::uint8_t, kMaxRegions> explore{}, trog{};  // identities of the peeked tokens
};

// A view: a copy of the public position, the viewer's private knowledge, and for the omniscient
// viewer the whole position. Nothing else.
class CryHavocView final : public ViewData {
 public:
  CryHavocView(const CryHavocState& state, Seat viewer);

  void to_json(nlohmann::json& out) const override;
  std::unique_ptr<State> sample_world(Rng& rng) const override;
  void sample_world_into(State& out, Rng& rng) const override;
  bool ambiguous() const override;

  const GameInfo* game = nullptr;
  Seat viewer = kSpectator;
  int move_number = 0, undo_floor = 0;
  Public pub;
  // The cards known to lie at the bottom of each terrain deck (put there face up by the Matrix).
  std::array<std::array<std::uint8_t, kTerrainDeckSize>, kTerrains> terrain_bottom{};
  std::optional<SeatPrivate> mine;  // the viewer's, when it is a seat
  std::optional<Position> all;      // omniscient only
};

std::string faction_name(int faction);
std::string faction_id(int faction);
std::string terrain_name(int terrain);
std::string objective_name(int objective);
std::string region_name(const Position& p, int region);
// Why the viewer cannot play a card of its hand as a tactics card now ("" when it can, or when
// no tactics card is being played by that seat now) (issue 16).
std::string tactic_unplayable(const Public& pub, Seat seat, int def);

// A seat's result in words for end screens (GameInfo::result_words), from the finished game's
// view, in the game's own unit: "34 VP; at the end it held 5 regions, worth 9 VP in crystals",
// with ", ahead on prisoners (3 to 1)" where equal VP are decided by C10.6.
std::string result_words(const View& final_view, Seat seat);

// Shared by the adapter's files (state.cpp): a step's id ("tactics", as in the view JSON and
// GameInfo::step_name), a card definition's id, and a region's definition on the table's map.
const char* step_name(Step s);
const std::string& card_id(int def);
const RegionDef& region_def(const Public& pub, int region);

// Registers the game (called from games/all_games.cpp).
void register_game(Registry& registry);
// The evaluation for bots (eval.cpp): estimated final VP per seat.
void evaluate_into(const State& state, std::vector<double>& out);
// Narration of a step for one viewer (narrate.cpp; core/narration.h).
void narrate(const View& before, const NarratedAction& act, const View& after,
             std::vector<Narration>& out);
// The public counters narration accounts for (narrate.cpp; GameInfo::tally): "units/<faction>"
// on the map (the battle board included), "control/<region>/<faction>", "battles", "explorations",
// "trog_tokens", "events", "nests_placed", "scorings".
std::map<std::string, int> tally(const State& state);
// Card texts (cards.cpp): factions, skills, structures, cards, objectives, events, tokens; those
// of the content in a slot (content_slot) for a variant.
nlohmann::json card_texts(int slot = 0);
// Content variants (core/variant.h): the slot of a patch in content_table(), loading it the first
// time (throws Error naming what does not fit), and the JSON document a patch applies to (the
// sections of data/cryhavoc/{cards,factions,maps,tokens}.json side by side).
int content_slot(const nlohmann::json& patch);
const nlohmann::json& content_document();
// What puts seat a ahead of seat b at the end when their VP are equal (C10.6), in words: "more
// prisoners (2 to 1)" or "later on the initiative track"; "" when their VP differ (narrate.cpp).
std::string tie_break_words(const Standing& st, int a, int b);
// The end of the game in one sentence: the winner, its VP, and the tie-break only where one
// decided first place (narrate.cpp; the drawing's last line).
std::string winner_sentence(const Public& pub, const std::function<std::string(int seat)>& name);

// Terminal drawing (draw.cpp), and the decision the seat to move faces as a sentence (also in
// the view JSON as "prompt").
std::string draw(const View& view, const DrawStyle& style);
std::string prompt(const Public& pub);

}  // namespace turf::cryhavoc
