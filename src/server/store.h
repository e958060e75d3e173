// The table store: SQLite in WAL mode with synchronous=FULL, one file (`turf serve --db`).
//
// Tables hold a row each (id, game, options, seed, seats with their tokens, status); every
// action is a row (table id, move index, seat, action id). Writes go through one writer thread
// that commits whatever is queued in one transaction (group commit: one fsync for many tables)
// and then runs each write's completion; nothing is acknowledged before its commit. Reads use a
// second connection (WAL readers never wait for the writer).
#pragma once

#include <sqlite3.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/game.h"

namespace turf::server {

struct StoredSeat {
  std::string kind;  // "human" or "bot"
  std::string name;
  std::string bot;    // bot spec (bots only)
  std::string token;  // hex (humans only)
};

struct StoredTable {
  std::string id;
  std::string game;
  std::map<std::string, std::string> options;
  std::uint64_t seed = 0;
  std::vector<StoredSeat> seats;
  std::string created;  // ISO 8601
  std::string status;   // "playing" or "over"
  int moves = 0;
  std::vector<std::pair<Seat, Action>> actions;  // filled by load_table / load_unfinished
};

// One write: a table created, an action appended, actions taken back.
struct Write {
  enum class Kind { Create, Append, Truncate } kind = Kind::Append;
  StoredTable table;  // Create
  std::string table_id;
  int move = 0;  // Append: index of the action; Truncate: keep the first `move` actions
  Seat seat = 0;
  Action action = 0;
  std::string status;  // status after the write ("playing" / "over")
};

class Store {
 public:
  // Opens (creating when missing) the database; throws Error when it cannot.
  explicit Store(const std::string& path);
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
  // Lobby rows (no actions), open tables first, newest first.
  std::vector<StoredTable> list_tables(int limit);

  // Writes committed so far, and transactions (fsyncs) used for them.
  std::uint64_t commits() const { return commits_; }
  std::uint64_t transactions() const { return transactions_; }

 private:
  void run_writer();
  bool apply(const Write& w);
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
};

}  // namespace turf::server
