// A table of `turf serve`: the table layer's Table (a Match, its seats, bots, stories) with what
// only the server has: the stored row, the seat tokens, the frames. Independent of the network:
// the hub (hub.h) drives it and the tests call it directly.
//
// Every frame built here comes from a viewer's View (View::to_json) and its story (the table
// layer's, kept incrementally for each viewer that ever connected); the Match's state is never
// serialised.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/match.h"
#include "core/narration.h"
#include "server/store.h"
#include "table/table.h"

namespace turf::server {

// Error codes of the protocol (docs/protocol.md) that the server itself gives; a refusal of the
// table layer (not your turn, stale, illegal, cannot undo, spectator) is spelt by
// table::refusal_code, once.
namespace code {
inline constexpr const char* kBadFrame = "bad_frame";
inline constexpr const char* kTooLarge = "too_large";
inline constexpr const char* kRateLimited = "rate_limited";
inline constexpr const char* kBadToken = "bad_token";
inline constexpr const char* kNoTable = "no_table";
inline constexpr const char* kUnavailable = "unavailable";  // stored, but cannot be loaded now
inline constexpr const char* kServerError = "server_error";
inline constexpr const char* kNotAway = "not_away";  // a replace the table cannot do
}  // namespace code

// True for exactly 32 lowercase hex digits.
bool is_hex32(std::string_view s);
nlohmann::json error_frame(const std::string& code, const std::string& message);

// Who is at a seat of a table in memory: its live connections, and for a seat nobody holds now
// whose last connection closed while the table was in memory, how many seconds ago (-1: it has
// not had one since the table was loaded).
struct SeatPresence {
  int connections = 0;
  long away_seconds = -1;
};

// How a table is played (StoredTable::settings; docs/protocol.md "Turn-based tables").
struct Pace {
  static constexpr int kMinTurnSeconds = 3600;            // 1 hour
  static constexpr int kMaxTurnSeconds = 14 * 24 * 3600;  // 14 days
  static constexpr int kDefaultTurnSeconds = 24 * 3600;
  // A live table's clock: a time per move (the seat to move's turn), 10 s to 1 hour.
  static constexpr int kMinMoveSeconds = 10;
  static constexpr int kMaxMoveSeconds = 3600;
  static constexpr int kDefaultMoveSeconds = 60;
  // A live table's Fischer clock: a budget for the whole game (1 min to 2 h) and an increment
  // added after each of the seat's turns (0 to 2 min).
  static constexpr int kMinBudgetSeconds = 60;
  static constexpr int kMaxBudgetSeconds = 7200;
  static constexpr int kDefaultBudgetSeconds = 600;
  static constexpr int kMaxIncrementSeconds = 120;
  static constexpr int kDefaultIncrementSeconds = 5;
  bool turn_based = false;
  int turn_seconds = kDefaultTurnSeconds;
  int move_seconds = 0;       // a live table's time per move (0: no such clock)
  int budget_seconds = 0;     // a live table's Fischer budget (0: no such clock)
  int increment_seconds = 0;  // with a budget
  table::StandIn on_timeout = table::StandIn::kOnce;  // "move" once, or "bot" from now on
  std::string timeout_bot = "normal";                 // a bot level
  // From a create request's fields ("pace", "turn_seconds", "clock", "move_seconds",
  // "on_timeout", "timeout_bot"):
  // throws Error with a message for the client.
  static Pace from_request(const nlohmann::json& body);
  // From a stored row's settings (a row of an older schema, or without them: live).
  static Pace from_settings(const nlohmann::json& settings);
  nlohmann::json to_json() const;
  // Whether a deadline runs for the seat to move, and how long it is.
  bool timed() const { return turn_based || move_seconds > 0 || budget_seconds > 0; }
  bool fischer() const { return budget_seconds > 0; }
  int seconds() const { return turn_based ? turn_seconds : move_seconds; }
};

class Table {
 public:
  // Builds the match from a stored table and replays its actions, with its bots (the table layer,
  // src/table/table.h: agents built once, for as long as the table lives, seeded from the OS,
  // within the limits; `seeds` kFromMatch only under turf serve --test-seeds). Throws Error when
  // the row is inconsistent (unknown game, bad options, an illegal action) or a bot is beyond the
  // limits.
  explicit Table(StoredTable row, const table::BotLimits& limits = table::BotLimits::server(),
                 table::SeedRule seeds = table::SeedRule::kFromOs);

  const std::string& id() const { return row_.id; }
  const Match& match() const { return table_.match(); }
  const StoredTable& row() const { return row_; }  // seats, tokens, seed: server side only
  int moves() const { return table_.moves(); }
  bool over() const { return table_.over(); }
  std::string status() const { return over() ? "over" : "playing"; }
  int num_seats() const { return table_.num_seats(); }

  // The human seat whose token this is: the token's SHA-256 compared in constant time with every
  // seat's stored hash.
  std::optional<Seat> seat_of_token(std::string_view token) const;

  // Why `seat` (a seat or kSpectator) may not take action `a` having seen move `move`: an error
  // code (code::*), or "" when it may.
  std::string check_act(Seat seat, Action a, int move) const;
  // Why `seat` may not undo now ("" when it may).
  std::string check_undo(Seat seat) const;
  // Applies the action (an error code when refused, "" when applied; its write is then ready:
  // take_write).
  std::string act(Seat seat, Action a, int move);
  // Takes back every action the seat to move may (check_undo first); returns how many.
  int undo(Seat seat);
  // The bot's decision to run elsewhere (table::Table::bot_turn) and its answer, back on the I/O
  // thread ("" when played; its write is then ready).
  std::optional<table::BotTurn> bot_turn() { return table_.bot_turn(); }
  std::string complete(const table::BotTurn& turn, std::optional<Action> answer);
  // Stops the bot decisions in flight (shutdown, the table leaving memory).
  void stop_bots() { table_.stop_bots(); }
  // The store's write for the latest change (the table's change hook fills it), once.
  std::optional<Write> take_write();

  const Pace& pace() const { return pace_; }
  // When the seat to move runs out of time (Unix seconds), if it does: kept by the hub.
  const std::optional<std::int64_t>& deadline() const { return row_.deadline; }
  // After a change, at wall time `now`: a turn-based table, or a live one with a clock, whose
  // player is to move has a deadline, set when that seat came to move (kept while the same seat
  // acts on: the time is per turn, not per action); any other has none. Returns it.
  std::optional<std::int64_t> update_deadline(std::int64_t now);
  // The human seat to move (a turn-based table's), if any: whose deadline counts.
  std::optional<Seat> human_to_move() const;
  // The deadline passed: the table's timeout rule hands the seat to move to its stand-in bot
  // (table::Table::stand_in); its turn to run like any bot turn. Nothing when no player is to
  // move or a decision is in flight.
  std::optional<table::BotTurn> time_out();
  // The seat a stand-in plays from now on is its player's again (their link came back); its
  // write is then ready (take_write). False when no stand-in plays it.
  bool take_back(Seat seat);
  // Seat `by`'s player asked a bot (the table's timeout_bot) to play seat `seat`, whose player
  // left the table, until that player's link comes back (table::Table::replace); its write is
  // then ready. False when the seat cannot be handed over now.
  bool replace(Seat seat, Seat by);

  // The table made as this one's rematch ("" when none yet; stored with the table, schema 6).
  const std::string& rematch() const { return rematch_; }
  void set_rematch(std::string id) { rematch_ = std::move(id); }

  nlohmann::json welcome(Seat viewer) const;
  // The state frame for `viewer` carrying the narration steps from index `from_step` on.
  // `now`: the wall time (Unix seconds) the frame's "deadline_in" counts from.
  nlohmann::json state_frame(Seat viewer, int from_step, std::int64_t now);
  // With a Fischer clock: adds each seat's time left after the change to the store's write of an
  // action (its note), from which a reloaded table takes them back.
  void stamp_clocks(Write& w) const;
  // The lobby entry; `seats[s]` says who is at seat s now.
  nlohmann::json lobby_entry(const std::vector<SeatPresence>& seats) const;

 private:
  void write_seats();  // the store's write of who plays each seat
  // A Fischer clock: each seat's time left (whole seconds) at the start of its turn, and when the
  // turn of deadline_seat_ began (Unix seconds).
  std::vector<std::int64_t> banks_;
  std::int64_t turn_start_ = 0;
  nlohmann::json deadline_json() const;
  nlohmann::json clocks_json(std::int64_t now) const;
  nlohmann::json stand_ins_json() const;
  StoredTable row_;
  Pace pace_;
  std::optional<Seat> deadline_seat_;  // the seat whose time the deadline counts
  table::Table table_;
  std::optional<Write> write_;
  std::string rematch_;
};

// The create request body (docs/protocol.md) validated into a new table row (fresh id, seed and
// tokens); its seats through the table layer (table::plan_seat within `limits`, names by
// table::name_seats). With `allow_seed` (turf serve --test-seeds only) the body may fix the seed
// ("seed": 0 to 2^53); otherwise "seed" is refused. Throws Error with a message for the client.
// A content variant the operator offers (turf serve --variant GAME:NAME=FILE, docs/lab.md
// "Variants"): a table may play it, asked for by its name or its option text. No other variant is
// played on a server: each distinct one holds its content for the life of the process (at most 31),
// so a client's own patches could use them up and load the server's CPU with loader work.
struct OfferedVariant {
  std::string game;      // a game id
  std::string name;      // as the lobby shows it
  std::string option;    // variant_option_text: the option value stored with a table
  nlohmann::json cards;  // its card texts (GameInfo::cards_for): GET /api/games/ID/cards?variant=
};
using OfferedVariants = std::vector<OfferedVariant>;

StoredTable new_table_row(const nlohmann::json& body,
                          const table::BotLimits& limits = table::BotLimits::server(),
                          bool allow_seed = false, const OfferedVariants& variants = {});

// A finished game's record, as a page sends what it read of a `turf` record file (POST
// /api/records, docs/protocol.md): {game, options, seed (a number or its decimal text), seats:
// [{name, agent}], actions: [action ids]}, at most kMaxRecordActions actions. Checked by playing
// it (an unknown game or option, a bad name, an illegal action, a game not over: Error), it
// becomes a finished private table's row with its actions: names kept, a person's seat holds no
// token (nobody can sit there), every other seat is a bot seat ("random": the record's bots are
// not run again, and no program of the record is ever started).
inline constexpr int kMaxRecordActions = 4000;
StoredTable record_row(const nlohmann::json& body, const OfferedVariants& variants = {});

// A finished table's replay at move `at` (GET /api/tables/ID/replay?at=K, docs/protocol.md):
// {welcome, state, moves} as `viewer` (a seat, or kSpectator) saw them live, built from the
// stored row and its actions (the first `at` replayed; -1: the end); kOmniscient: everything
// hidden, every hand and deck (the welcome's seat is then null). Only a finished table has one,
// and only then a seat's view, or all of them, is anyone's to see: throws Error otherwise, or
// when `at` or `viewer` is out of range.
nlohmann::json replay_json(const StoredTable& row, int at, Seat viewer = kSpectator);

// "about": the first paragraph of a game's rules text.
std::string game_about(const GameInfo& game);
// The catalogue of GET /api/games; `programs`: the names of the operator's programs (turf serve
// --ext-bot), listed in every game's "programs" as bot choices ("ext:NAME"), never their commands;
// `variants`: the offered content variants, as the choices of a game's "variant" option ("base"
// first), never their patches.
nlohmann::json games_json(const std::vector<std::string>& programs = {},
                          const OfferedVariants& variants = {});
// The card texts of a game (GameInfo::cards, as `turf cards GAME --json` prints them), built once
// per game: what the browser table shows on hover and tap.
const nlohmann::json& game_cards_json(const GameInfo& game);

}  // namespace turf::server
