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
  std::string agent = "human";  // "human" or a bot spec
  std::string name;             // display name
};

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
  // Rebuilds a match from a record, replaying and checking every action. Throws Error with a
  // clear message for a malformed or inconsistent record.
  static Match from_record(const nlohmann::json& record);
  // A full record from a file (the sealed record of a match in progress is refused: it opens with
  // its key through load_match, core/live_record.h).
  static Match load(const std::string& path);
  // The agents of a loaded record come from a file: before they are run as bots, refuse any spec
  // that asks for more than a local game should (threads beyond this machine's cores, over 60 s
  // a move, over 10^7 iterations or budget) or a program to run ("ext:...": only the command
  // line starts programs). Throws Error naming the seat.
  void check_record_agents() const;
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
// Text from a file made safe to print: control characters (C0, DEL, C1: terminal escapes) are
// removed and the text is cut to max_bytes on a UTF-8 boundary.
std::string sanitize_text(std::string_view text, std::size_t max_bytes);
// Writes atomically (temporary file, then rename); throws Error when it cannot.
void write_file(const std::string& path, const std::string& text);
// Parses JSON text, throwing Error (with `what` in the message) when malformed.
nlohmann::json parse_json(const std::string& text, const std::string& what);

}  // namespace turf
