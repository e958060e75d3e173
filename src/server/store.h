// The table store: SQLite in WAL mode with synchronous=FULL (or NORMAL, `turf serve --sync
// normal`), one file (`turf serve --db`).
//
// Tables hold a row each (id, game, options, seed, seats with the SHA-256 of their tokens, never
// the tokens, status); every action is a row (table id, move index, seat, action id). Writes go
// through one writer thread that commits whatever is queued in one transaction (group commit:
// one fsync for many tables) and then runs each write's completion; nothing is acknowledged
// before its commit. The WAL is checkpointed by a thread of its own, off the writer's path.
// Reads use another connection (WAL readers never wait for the writer).
//
// Schema versions (PRAGMA user_version): 0 with tables present is the first schema, which kept
// the seat tokens in clear: opening it hashes them (then VACUUM, so that no page keeps the old
// text); 2 added nothing else; 3 (this one) adds `updated`, the time of a table's last change
// (its creation for tables of older schemas); 4 adds indexes only (tables_lobby, tables_expiry;
// tables_updated goes), so that the lobby and expiry cost does not grow with the stored tables;
// 5 adds a table's `settings` (its pace), `deadline` (index tables_deadline) and `public` (the
// lobby lists public tables only: tables_lobby becomes (public, status), and the tables of older
// schemas are private, reached by their links) and an action's `note` (the table's event told
// with it); a newer version is refused.
//
// What stays on disk (docs/security.md "Memory and the database"): finished tables for good (they
// are the records of the games); an unfinished table until it has had no action for the expiry
// time (`expire`), after which its row and actions are deleted.
#pragma once

#include <sqlite3.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/game.h"

namespace turf::server {

struct StoredSeat {
  std::string kind;  // "human" or "bot"
  std::string name;
  std::string bot;  // bot spec (bots only)
  // Humans only: the seat token (32 hex digits) exists only in a fresh row, for its creator's
  // answer; the store and the tables keep token_hash, its SHA-256 (64 hex digits).
  std::string token;
  std::string token_hash;
  // Humans only: the bot that plays this seat until its player comes back (a turn-based table's
  // "bot" timeout rule); "" when its player does.
  std::string stand_in;
};

struct StoredTable {
  std::string id;
  std::string game;
  std::map<std::string, std::string> options;
  std::uint64_t seed = 0;
  std::vector<StoredSeat> seats;
  std::string created;  // ISO 8601
  std::string updated;  // ISO 8601: creation, or the last action or undo
  std::string status;   // "playing" or "over"
  int moves = 0;
  // How the table is played (docs/protocol.md "Turn-based tables"): {"pace": "live"} or
  // {"pace": "turn", "turn_seconds": N, "on_timeout": "move" | "bot", "timeout_bot": LEVEL}.
  nlohmann::json settings = nlohmann::json::object();
  // When the seat to move runs out of time (Unix seconds), if it can.
  std::optional<std::int64_t> deadline;
  // Listed in the lobby for anyone to watch (and, once over, to replay); else reached only by
  // its links.
  bool listed = false;
  // The id of this finished table's rematch, once one was made ("" none).
  std::string rematch;
  std::vector<std::pair<Seat, Action>> actions;  // filled by load_table / load_unfinished
  // The table's events told with an action (move, the event's JSON: a stand-in's timeout).
  std::vector<std::pair<int, std::string>> notes;
};

// One write: a table created, an action appended, actions taken back, or abandoned tables
// expired.
struct Write {
  enum class Kind { Create, Append, Truncate, Expire, Seats } kind = Kind::Append;
  StoredTable table;  // Create
  // Create: the finished table whose rematch this is; its `rematch` is set in the same
  // transaction ("" none).
  std::string rematch_of;
  std::string table_id;
  int move = 0;  // Append: index of the action; Truncate: keep the first `move` actions
  Seat seat = 0;
  Action action = 0;
  std::string status;  // status after the write ("playing" / "over")
  // Append, Truncate, Seats: the table's deadline after the write (none: NULL).
  std::optional<std::int64_t> deadline;
  std::string note;  // Append: the event told with the action (JSON; "" none)
  // Append, Seats: the seats after the write, when who plays one changed (Seats: always).
  std::optional<std::vector<StoredSeat>> seats;
  // Expire: delete the unfinished tables last changed before this time (ISO 8601), except these
  // (tables in memory); `expired` receives how many were deleted.
  std::string before;
  std::vector<std::string> keep;
  std::shared_ptr<int> expired;
  std::chrono::steady_clock::time_point queued{};  // set by Store::write
};

class Store {
 public:
  static constexpr int kSchema = 6;
  // The queries run per request or connection (store_test checks that indexes serve them): the
  // lobby (public tables only, unfinished first, newest first; index tables_lobby), one table's row
  // (its primary key), its actions (theirs), and the unfinished tables last changed before a time
  // (expiry; index tables_expiry; temp.keep holds the tables in memory).
  static constexpr const char* kLobbyQuery =
      "SELECT id, game, options, seed, seats, created, status, moves, updated, settings,"
      " deadline, public, rematch FROM tables WHERE public = 1 ORDER BY (status = 'over'),"
      " rowid DESC"
      " LIMIT ?";
  static constexpr const char* kRowQuery =
      "SELECT id, game, options, seed, seats, created, status, moves, updated, settings,"
      " deadline, public, rematch FROM tables WHERE id = ?";
  static constexpr const char* kActionsQuery =
      "SELECT seat, action, note FROM actions WHERE table_id = ? ORDER BY move";
  // The tables whose deadline has come, earliest first (index tables_deadline).
  static constexpr const char* kDueQuery =
      "SELECT id, deadline FROM tables WHERE deadline IS NOT NULL AND deadline <= ?"
      " ORDER BY deadline, id LIMIT ?";
  static constexpr const char* kExpiredQuery =
      "SELECT id FROM tables WHERE (status = 'over') = 0 AND updated < ?"
      " AND id NOT IN (SELECT id FROM temp.keep)";
  // Opens (creating when missing, migrating an older schema) the database; throws Error when it
  // cannot. full_sync: synchronous=FULL (an acknowledged write survives a power cut) or NORMAL
  // (it survives the process's crash, kill -9 included, not the machine's).
  explicit Store(const std::string& path, bool full_sync = true);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Queues a write; `done(ok)` runs on the writer thread once it is committed (ok) or failed.
  void write(Write w, std::function<void(bool ok)> done);
  // Writes synchronously (tests, tools): returns once committed.
  bool write_sync(Write w);

  // Reads (any thread but the writer; serialised by a mutex).
  std::vector<StoredTable> load_unfinished();
  std::optional<StoredTable> load_table(const std::string& id);
  // The row of one table without its actions (the lobby entry of a table not in memory).
  std::optional<StoredTable> load_row(const std::string& id);
  // Deletes the unfinished tables (and their actions) last changed more than `age` ago, except
  // those in `keep`; returns how many. Through the writer (ordered with every other write).
  int expire(std::chrono::seconds age, const std::vector<std::string>& keep);
  // Lobby rows (no actions), open tables first, newest first.
  std::vector<StoredTable> list_tables(int limit);
  // The ids of the tables whose deadline is at or before `now` (Unix seconds), earliest first.
  std::vector<std::pair<std::string, std::int64_t>> due(std::int64_t now, int limit);

  // Writes committed so far, and transactions (fsyncs) used for them.
  std::uint64_t commits() const { return commits_; }
  std::uint64_t transactions() const { return transactions_; }

 private:
  void run_writer();
  void run_checkpointer();
  struct Statements;
  bool apply(Statements& st, const Write& w, const std::string& now);
  bool apply_seats(Statements& st, const Write& w);
  void migrate(const std::string& path);
  StoredTable read_row(sqlite3_stmt* st);
  void read_actions(StoredTable& t);

  sqlite3* wdb_ = nullptr;  // writer connection (writer thread only)
  sqlite3* rdb_ = nullptr;  // reader connection
  std::mutex read_mutex_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::pair<Write, std::function<void(bool)>>> queue_;
  bool stopping_ = false;
  std::atomic<std::uint64_t> commits_{0}, transactions_{0};
  std::thread writer_;
  // Checkpoints: the writer says how long the WAL is; the checkpointer copies it back.
  sqlite3* cdb_ = nullptr;  // checkpointer connection
  std::mutex cp_mutex_;
  std::condition_variable cp_cv_;
  int wal_pages_ = 0;  // the WAL's length when the checkpointer was last asked
  bool cp_stopping_ = false;
  int wal_now_ = 0;      // writer thread: the WAL's length after its last commit
  int cp_asked_at_ = 0;  // writer thread: the length at which it last asked for a checkpoint
  std::thread checkpointer_;
};

}  // namespace turf::server
