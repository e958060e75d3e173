// A table of `turf serve`: a Match, its seats (humans with tokens, bots with specs) and what
// each viewer has been told. Independent of the network: the hub (hub.h) drives it and the
// tests call it directly.
//
// Every frame built here comes from a viewer's View (View::to_json) and its narration
// (narrate_step); the Match's state is never serialised. The narration each viewer has been
// told is kept incrementally (one narrate_step per action for each viewer that ever connected).
#pragma once

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/match.h"
#include "core/narration.h"
#include "server/store.h"

namespace turf::server {

// Error codes of the protocol (docs/protocol.md).
namespace code {
inline constexpr const char* kBadFrame = "bad_frame";
inline constexpr const char* kTooLarge = "too_large";
inline constexpr const char* kRateLimited = "rate_limited";
inline constexpr const char* kBadToken = "bad_token";
inline constexpr const char* kNoTable = "no_table";
inline constexpr const char* kNotYourTurn = "not_your_turn";
inline constexpr const char* kStale = "stale";
inline constexpr const char* kIllegal = "illegal";
inline constexpr const char* kCannotUndo = "cannot_undo";
inline constexpr const char* kSpectator = "spectator";
inline constexpr const char* kServerError = "server_error";
}  // namespace code

// True for exactly 32 lowercase hex digits.
bool is_hex32(std::string_view s);
nlohmann::json error_frame(const std::string& code, const std::string& message);

class Table {
 public:
  // Builds the match from a stored table and replays its actions (throws Error when the row is
  // inconsistent: unknown game, bad options, an illegal action).
  explicit Table(StoredTable row);

  const std::string& id() const { return row_.id; }
  const Match& match() const { return match_; }
  const StoredTable& row() const { return row_; }  // seats, tokens, seed: server side only
  int moves() const { return static_cast<int>(match_.history().size()); }
  bool over() const { return match_.over(); }
  std::string status() const { return over() ? "over" : "playing"; }
  int num_seats() const { return static_cast<int>(row_.seats.size()); }
  bool is_bot(Seat s) const { return row_.seats[s].kind == "bot"; }
  const std::string& bot_spec(Seat s) const { return row_.seats[s].bot; }
  // The bot to move now, if any.
  std::optional<Seat> bot_to_move() const;

  // The human seat whose token this is: the token's SHA-256 compared in constant time with every
  // seat's stored hash.
  std::optional<Seat> seat_of_token(std::string_view token) const;

  // Why `seat` (a seat or kSpectator) may not take action `a` having seen move `move`: an error
  // code, or "" when it may.
  std::string check_act(Seat seat, Action a, int move) const;
  // Why `seat` may not undo now ("" when it may).
  std::string check_undo(Seat seat) const;
  // Applies an action checked by check_act.
  void apply(Action a);
  // Takes back the undoable actions of the seat to move (check_undo first); returns how many.
  int undo();

  nlohmann::json welcome(Seat viewer) const;
  // The state frame for `viewer` carrying the narration steps from index `from_step` on.
  nlohmann::json state_frame(Seat viewer, int from_step);
  // Number of narration steps a viewer has after the latest action (== moves()).
  // The lobby entry; `connected[s]` says whether seat s has a live connection.
  nlohmann::json lobby_entry(const std::vector<int>& connections) const;

  // The narration steps of a viewer (built on first use, then kept up to date).
  const std::vector<nlohmann::json>& steps(Seat viewer);

 private:
  struct Told {
    View last;  // the viewer's (unlabelled) view after the latest action
    std::vector<nlohmann::json> steps;
  };
  Told& told(Seat viewer);

  StoredTable row_;
  Match match_;
  std::map<Seat, Told> told_;
};

// The create request body (docs/protocol.md) validated into a new table row (fresh id, seed and
// tokens). Throws Error with a message for the client.
StoredTable new_table_row(const nlohmann::json& body);

// "about": the first paragraph of a game's rules text.
std::string game_about(const GameInfo& game);
nlohmann::json games_json();
// The card texts of a game (GameInfo::cards, as `turf cards GAME --json` prints them), built once
// per game: what the browser table shows on hover and tap.
const nlohmann::json& game_cards_json(const GameInfo& game);

}  // namespace turf::server
