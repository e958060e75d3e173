// A match in progress: the state, its history, the seats, and its versioned JSON record.
//
// The record (format "turf-record", version 1) holds the game id, rules version, options, seed,
// seats with their agents, and every action with its seat, label and time (and, in saved files,
// its public narration: record(true)). Replaying it
// reproduces every state exactly; saving and resuming a game go through it. Undo is replay of a
// shorter prefix, limited by the engine's undo points (see undoable()).
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/view.h"

namespace turf {

inline constexpr const char* kRecordFormat = "turf-record";
inline constexpr int kRecordVersion = 1;
inline constexpr const char* kEngineVersion = "turf 0.1.0";

struct SeatInfo {
  std::string agent = "human";  // "human", a bot spec or "ext:COMMAND" (src/table/seats.h)
  std::string name;             // display name (empty: player_name)
};

// "Player 1" for seat 0: the name of a seat nobody named (the one place it is derived).
std::string player_name(Seat seat);

struct ActionEntry {
  Seat seat = 0;
  Action id = 0;
  std::string label;
  std::string time;  // ISO 8601, UTC
};

class Match {
 public:
  Match(const GameInfo& game, Options options, std::uint64_t seed, std::vector<SeatInfo> seats);

  const GameInfo& game() const { return *game_; }
  const Options& options() const { return options_; }
  std::uint64_t seed() const { return seed_; }
  const std::vector<SeatInfo>& seats() const { return seats_; }
  std::vector<SeatInfo>& seats() { return seats_; }
  const std::vector<ActionEntry>& history() const { return history_; }
  // The true state. Only the match runner and analysis tools read it; agents get views.
  const State& state() const { return *state_; }
  View view(Seat viewer, bool labelled = true) const { return state_->view(viewer, labelled); }
  bool over() const { return state_->terminal(); }

  // Applies an action for the seat to move (checked: an illegal one throws and changes nothing).
  void apply(Action a);
  // How many of the latest actions the seat to move may take back now: never past a commit
  // point (randomness, revealed information) nor past another seat's action.
  int undoable() const;
  // Takes back the last n actions (n <= undoable()).
  void undo(int n);
  // The state after the first n actions, replayed from set-up.
  std::unique_ptr<State> state_at(int n) const;

  // The record. With narration, every action also carries "narration": the public (spectator's)
  // narration of that step (core/narration.h public_narration_json), for a reader of the file;
  // it is derived from the actions, so reading a record ignores it (records without it load).
  nlohmann::json record(bool with_narration = false) const;
  // The result once the match is over: {"scores", "ranking"} and, with words and a game that has
  // its own words for results (GameInfo::result_words, read from the public final view),
  // "words": one text per seat. Null while the match is not over.
  nlohmann::json result(bool words = true) const;
  // Rebuilds a match from a record, replaying and checking every action. Throws Error with a
  // clear message for a malformed or inconsistent record.
  static Match from_record(const nlohmann::json& record);
  // A full record from a file (the sealed record of a match in progress is refused: it opens with
  // its key through load_match, core/live_record.h).
  static Match load(const std::string& path);
  // Writes the full record with its narration, in clear (`turf play` writes a match in progress
  // sealed instead: save_match, core/live_record.h).
  void save(const std::string& path) const;

 private:
  const GameInfo* game_;
  Options options_;
  std::uint64_t seed_;
  std::vector<SeatInfo> seats_;
  std::unique_ptr<State> state_;
  std::vector<ActionEntry> history_;
  std::string started_;
  std::string finished_;
};

// Current time as ISO 8601 UTC ("2026-11-22T14:03:05Z").
std::string now_iso8601();
// Reads a whole file of at most max_bytes (regular files and pipes only; a device such as
// /dev/zero or a larger file is refused); throws Error when it cannot.
inline constexpr std::size_t kMaxInputFile = std::size_t{64} << 20;  // 64 MiB
std::string read_file(const std::string& path, std::size_t max_bytes = kMaxInputFile);
// Checks, before any work, that a file can be written at path: creates its parent folders and
// tries the temporary file write_file() uses. Throws Error (an input error) when it cannot.
void prepare_output_file(const std::string& path);
// Creates a folder (and its parents) for output; throws Error when it cannot.
void prepare_output_dir(const std::string& path);
// One UTF-8 character of `text` at byte i: its code point and length; length 0 when the byte
// there starts no valid shortest-form sequence (a stray continuation byte, an 8-bit C1 control
// such as 0x9b, a cut or overlong sequence, a surrogate, anything past U+10FFFF).
struct Utf8Char {
  char32_t cp = 0;
  std::size_t len = 0;
};
Utf8Char decode_utf8(std::string_view text, std::size_t i);
// Characters that must never reach a terminal, a log or another player from text nobody checked:
// C0 and C1 controls and DEL (terminal escapes), and the invisible or direction-changing ones
// (bidi embeddings, overrides and isolates U+202A-U+202E and U+2066-U+2069, the marks U+200E,
// U+200F and U+061C, zero-width characters, the BOM, interlinear annotations): the characters a
// seat's name at the table server may not hold either (docs/protocol.md "Names").
bool unsafe_char(char32_t cp);
// The one sanitiser of untrusted text (a file, an argument, an external bot's output): what is not
// UTF-8 becomes '?', a tab a space, every unsafe_char() is dropped (or replaced by
// `replacement`), and the result is cut to max_bytes on a character boundary.
std::string sanitize_text(std::string_view text, std::size_t max_bytes,
                          std::string_view replacement = "");
// Writes atomically (temporary file, then rename); throws Error when it cannot.
void write_file(const std::string& path, const std::string& text);
// Parses JSON text, throwing Error (with `what` in the message) when malformed.
nlohmann::json parse_json(const std::string& text, const std::string& what);

}  // namespace turf
