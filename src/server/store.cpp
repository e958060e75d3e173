#include "server/store.h"

#include <iostream>
#include <nlohmann/json.hpp>

#include "core/secret.h"
#include "server/stats.h"
#include "server/table.h"

namespace turf::server {

namespace {

void check(sqlite3* db, int rc, const char* what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW)
    throw Error(std::string("database: ") + what + ": " + sqlite3_errmsg(db));
}

void exec(sqlite3* db, const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    throw Error(std::string("database: ") + msg + " (in: " + sql + ")");
  }
}

sqlite3* open_db(const std::string& path) {
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(
      path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    throw Error("cannot open database '" + path + "': " + msg);
  }
  sqlite3_busy_timeout(db, 5000);
  return db;
}

// A prepared statement, finalized on scope exit.
struct Stmt {
  sqlite3* db;
  sqlite3_stmt* st = nullptr;
  Stmt(sqlite3* d, const char* sql) : db(d) {
    check(db, sqlite3_prepare_v2(db, sql, -1, &st, nullptr), sql);
  }
  ~Stmt() { sqlite3_finalize(st); }
  void reset() {
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
  }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  void text(int i, const std::string& s) {
    check(db, sqlite3_bind_text(st, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT),
          "bind");
  }
  void integer(int i, std::int64_t v) { check(db, sqlite3_bind_int64(st, i, v), "bind"); }
  void maybe(int i, const std::optional<std::int64_t>& v) {
    if (v)
      integer(i, *v);
    else
      check(db, sqlite3_bind_null(st, i), "bind");
  }
  bool step() {
    int rc = sqlite3_step(st);
    check(db, rc, "step");
    return rc == SQLITE_ROW;
  }
  std::string col_text(int i) {
    const auto* p = sqlite3_column_text(st, i);
    return p ? std::string(reinterpret_cast<const char*>(p), sqlite3_column_bytes(st, i)) : "";
  }
  std::int64_t col_int(int i) { return sqlite3_column_int64(st, i); }
};

nlohmann::json seats_json(const std::vector<StoredSeat>& seats) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& s : seats) {
    a.push_back(
        {{"kind", s.kind}, {"name", s.name}, {"bot", s.bot}, {"token_sha256", s.token_hash}});
    if (!s.stand_in.empty()) a.back()["stand_in"] = s.stand_in;
  }
  return a;
}

int user_version(sqlite3* db) {
  Stmt st(db, "PRAGMA user_version");
  return st.step() ? static_cast<int>(st.col_int(0)) : 0;
}

constexpr int kCheckpointPages = 1000;  // SQLite's default auto-checkpoint size

// A UTC time as ISO 8601 ("2026-01-02T03:04:05Z"): such texts sort as the times do.
std::string iso8601(std::chrono::system_clock::time_point t) {
  const std::time_t tt = std::chrono::system_clock::to_time_t(t);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

bool has_column(sqlite3* db, const char* table, const char* column) {
  Stmt st(db, (std::string("PRAGMA table_info(") + table + ")").c_str());
  while (st.step())
    if (st.col_text(1) == column) return true;
  return false;
}

}  // namespace

// The writer's prepared statements (prepared once, reset after each use).
struct Store::Statements {
  Stmt insert_table, insert_action, set_moves, set_seats, set_rematch, truncate, savepoint, release,
      rollback_to;
  explicit Statements(sqlite3* db)
      : insert_table(db,
                     "INSERT INTO tables (id, game, options, seed, seats, created, status, moves,"
                     " updated, settings, deadline, public)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)"),
        insert_action(db,
                      "INSERT INTO actions (table_id, move, seat, action, note)"
                      " VALUES (?, ?, ?, ?, ?)"),
        set_moves(
            db, "UPDATE tables SET moves = ?, status = ?, updated = ?, deadline = ? WHERE id = ?"),
        set_seats(db, "UPDATE tables SET seats = ?, deadline = ? WHERE id = ?"),
        set_rematch(db, "UPDATE tables SET rematch = ? WHERE id = ?"),
        truncate(db, "DELETE FROM actions WHERE table_id = ? AND move >= ?"),
        savepoint(db, "SAVEPOINT w"),
        release(db, "RELEASE w"),
        rollback_to(db, "ROLLBACK TO w") {}
};

Store::Store(const std::string& path, bool full_sync) {
  wdb_ = open_db(path);
  const char* sync = full_sync ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL";
  try {
    exec(wdb_, "PRAGMA journal_mode=WAL");
    exec(wdb_, sync);
    migrate(path);
    rdb_ = open_db(path);
    exec(rdb_, sync);
    cdb_ = open_db(path);
    exec(cdb_, sync);
  } catch (...) {
    sqlite3_close(wdb_);
    sqlite3_close(rdb_);
    sqlite3_close(cdb_);
    throw;
  }
  // Checkpoints leave the writer's path: the writer only reports the WAL's length.
  sqlite3_wal_hook(
      wdb_,
      [](void* self, sqlite3*, const char*, int pages) -> int {
        // On the writer thread, after each commit: ask for a checkpoint each time the WAL has
        // grown by kCheckpointPages (a checkpoint that races with the writer may leave a few
        // frames behind; the WAL starts over once one catches up).
        auto* store = static_cast<Store*>(self);
        if (pages < store->cp_asked_at_) store->cp_asked_at_ = 0;  // the WAL started over
        store->wal_now_ = pages;
        if (pages >= store->cp_asked_at_ + kCheckpointPages) {
          store->cp_asked_at_ = pages;
          {
            std::lock_guard lock(store->cp_mutex_);
            store->wal_pages_ = pages;
          }
          store->cp_cv_.notify_one();
        }
        return SQLITE_OK;
      },
      this);
  writer_ = std::thread([this] { run_writer(); });
  checkpointer_ = std::thread([this] { run_checkpointer(); });
}

void Store::migrate(const std::string& path) {
  const int version = user_version(wdb_);
  bool has_tables = false;
  {
    Stmt has(wdb_, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'tables'");
    has.step();
    has_tables = has.col_int(0) > 0;
  }
  if (version == kSchema) return;
  if (version > kSchema)
    throw Error("database '" + path + "' has schema version " + std::to_string(version) +
                "; this turf serve reads versions up to " + std::to_string(kSchema) +
                " (use the turf that wrote it, or a newer one)");
  if (version != 0 && version != 2 && version != 3 && version != 4)
    throw Error("database '" + path + "' has schema version " + std::to_string(version) +
                ", which no turf wrote");
  exec(wdb_, "BEGIN IMMEDIATE");
  int hashed = 0;
  try {
    exec(wdb_,
         "CREATE TABLE IF NOT EXISTS tables ("
         " id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,"
         " seed INTEGER NOT NULL, seats TEXT NOT NULL, created TEXT NOT NULL,"
         " status TEXT NOT NULL, moves INTEGER NOT NULL DEFAULT 0,"
         " updated TEXT NOT NULL DEFAULT '');"
         "CREATE TABLE IF NOT EXISTS actions ("
         " table_id TEXT NOT NULL, move INTEGER NOT NULL, seat INTEGER NOT NULL,"
         " action INTEGER NOT NULL, PRIMARY KEY (table_id, move)) WITHOUT ROWID;"
         "CREATE INDEX IF NOT EXISTS tables_status ON tables(status, created);");
    // Schemas 1 and 2 had no `updated`: a table's creation stands for its last change.
    if (!has_column(wdb_, "tables", "updated")) {
      exec(wdb_, "ALTER TABLE tables ADD COLUMN updated TEXT NOT NULL DEFAULT ''");
      exec(wdb_, "UPDATE tables SET updated = created");
    }
    // Schema 4: indexes that serve the lobby's order (unfinished first, newest first: the
    // index's rowids, read backwards) and expiry (unfinished, by last change), so that neither
    // reads every stored table. `tables_updated` (status, updated) served neither (status !=).
    exec(wdb_,
         "DROP INDEX IF EXISTS tables_updated;"
         "CREATE INDEX IF NOT EXISTS tables_expiry ON tables((status = 'over'), updated)");
    // Schema 5: a table's pace and deadline, an action's note; whether the lobby lists a table
    // (the tables of older schemas are private: they were made when the lobby listed every
    // table, and their players have their links). The lobby's index leads with it: public
    // tables, unfinished first, newest first.
    if (!has_column(wdb_, "tables", "settings"))
      exec(wdb_,
           "ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';"
           "ALTER TABLE tables ADD COLUMN deadline INTEGER;");
    if (!has_column(wdb_, "actions", "note"))
      exec(wdb_, "ALTER TABLE actions ADD COLUMN note TEXT");
    if (!has_column(wdb_, "tables", "public"))
      exec(wdb_, "ALTER TABLE tables ADD COLUMN public INTEGER NOT NULL DEFAULT 0");
    // Schema 6: a finished table's rematch, so that it outlives the table's time in memory.
    if (!has_column(wdb_, "tables", "rematch"))
      exec(wdb_, "ALTER TABLE tables ADD COLUMN rematch TEXT");
    exec(wdb_,
         "DROP INDEX IF EXISTS tables_lobby;"
         "CREATE INDEX tables_lobby ON tables(public, (status = 'over') DESC);"
         "CREATE INDEX IF NOT EXISTS tables_deadline ON tables(deadline, id)"
         " WHERE deadline IS NOT NULL");
    if (version == 0 && has_tables) {
      // Schema 1 kept each human seat's token in clear in the seats column: keep its SHA-256.
      std::vector<std::pair<std::string, std::string>> rows;
      {
        Stmt st(wdb_, "SELECT id, seats FROM tables");
        while (st.step()) rows.emplace_back(st.col_text(0), st.col_text(1));
      }
      Stmt up(wdb_, "UPDATE tables SET seats = ? WHERE id = ?");
      for (const auto& [id, text] : rows) {
        auto seats = nlohmann::json::parse(text, nullptr, false);
        if (!seats.is_array())
          throw Error("database '" + path + "': table " + id +
                      " has unreadable seats; it cannot be migrated to schema " +
                      std::to_string(kSchema));
        for (auto& seat : seats) {
          if (!seat.is_object() || !seat.contains("token")) continue;
          const auto& token = seat["token"];
          seat["token_sha256"] = token.is_string() && is_hex32(token.get<std::string>())
                                     ? sha256_hex(token.get<std::string>())
                                     : std::string();
          seat.erase("token");
        }
        up.reset();
        up.text(1, seats.dump());
        up.text(2, id);
        up.step();
        ++hashed;
      }
    }
    exec(wdb_, ("PRAGMA user_version=" + std::to_string(kSchema)).c_str());
    exec(wdb_, "COMMIT");
  } catch (...) {
    sqlite3_exec(wdb_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  if (version == 0 && has_tables) {
    // No page of the file, the free ones included, nor the WAL may keep a token in clear.
    exec(wdb_, "VACUUM");
    exec(wdb_, "PRAGMA wal_checkpoint(TRUNCATE)");
    std::cerr << "turf serve: database " << path << " migrated to schema " << kSchema << ": the "
              << "seat tokens of " << hashed << " table(s) replaced by their SHA-256\n";
  }
}

Store::~Store() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  writer_.join();
  {
    std::lock_guard lock(cp_mutex_);
    cp_stopping_ = true;
  }
  cp_cv_.notify_all();
  checkpointer_.join();
  sqlite3_close(cdb_);
  sqlite3_close(rdb_);
  sqlite3_close(wdb_);
}

void Store::run_checkpointer() {
  for (;;) {
    {
      std::unique_lock lock(cp_mutex_);
      cp_cv_.wait(lock, [&] { return cp_stopping_ || wal_pages_ >= kCheckpointPages; });
      if (cp_stopping_) return;
      wal_pages_ = 0;
    }
    // PASSIVE: copies what it can without waiting for (or blocking) the writer. Frames the
    // writer appended meanwhile are copied by another pass (each shorter than the last), so that
    // the checkpoint catches up and the WAL can start over.
    for (int pass = 0; pass < 8; ++pass) {
      const auto t0 = std::chrono::steady_clock::now();
      int log = 0, done = 0;
      const int rc =
          sqlite3_wal_checkpoint_v2(cdb_, nullptr, SQLITE_CHECKPOINT_PASSIVE, &log, &done);
      server_stats().checkpoint.record(std::chrono::steady_clock::now() - t0);
      if (rc != SQLITE_OK || done >= log) break;
      std::lock_guard lock(cp_mutex_);
      if (cp_stopping_) return;
    }
  }
}

void Store::write(Write w, std::function<void(bool)> done) {
  w.queued = std::chrono::steady_clock::now();
  {
    std::lock_guard lock(mutex_);
    queue_.emplace_back(std::move(w), std::move(done));
  }
  cv_.notify_one();
}

bool Store::write_sync(Write w) {
  std::mutex m;
  std::condition_variable cv;
  std::optional<bool> result;
  write(std::move(w), [&](bool ok) {
    std::lock_guard lock(m);
    result = ok;
    cv.notify_one();
  });
  std::unique_lock lock(m);
  cv.wait(lock, [&] { return result.has_value(); });
  return *result;
}

bool Store::apply_seats(Statements& stmts, const Write& w) {
  Stmt& st = stmts.set_seats;
  st.reset();
  st.text(1, seats_json(*w.seats).dump());
  st.maybe(2, w.deadline);
  st.text(3, w.table_id);
  st.step();
  return sqlite3_changes(wdb_) == 1;
}

bool Store::apply(Statements& stmts, const Write& w, const std::string& now) {
  switch (w.kind) {
    case Write::Kind::Create: {
      Stmt& st = stmts.insert_table;
      st.reset();
      st.text(1, w.table.id);
      st.text(2, w.table.game);
      st.text(3, nlohmann::json(w.table.options).dump());
      st.integer(4, static_cast<std::int64_t>(w.table.seed));
      st.text(5, seats_json(w.table.seats).dump());
      st.text(6, w.table.created);
      st.text(7, w.status.empty() ? "playing" : w.status);
      st.text(8, w.table.created.empty() ? now : w.table.created);
      st.text(9, w.table.settings.dump());
      st.maybe(10, w.deadline);
      st.integer(11, w.table.listed ? 1 : 0);
      st.step();
      if (!w.rematch_of.empty()) {
        Stmt& r = stmts.set_rematch;
        r.reset();
        r.text(1, w.table.id);
        r.text(2, w.rematch_of);
        r.step();
      }
      // An imported record comes with its actions (a finished table).
      for (std::size_t i = 0; i < w.table.actions.size(); ++i) {
        Stmt& a = stmts.insert_action;
        a.reset();
        a.text(1, w.table.id);
        a.integer(2, static_cast<std::int64_t>(i));
        a.integer(3, w.table.actions[i].first);
        a.integer(4, w.table.actions[i].second);
        check(wdb_, sqlite3_bind_null(a.st, 5), "bind");
        a.step();
      }
      if (!w.table.actions.empty()) {
        Stmt& up = stmts.set_moves;
        up.reset();
        up.integer(1, static_cast<std::int64_t>(w.table.actions.size()));
        up.text(2, w.status.empty() ? "playing" : w.status);
        up.text(3, w.table.created.empty() ? now : w.table.created);
        up.maybe(4, std::nullopt);
        up.text(5, w.table.id);
        up.step();
      }
      return true;
    }
    case Write::Kind::Append: {
      Stmt& st = stmts.insert_action;
      st.reset();
      st.text(1, w.table_id);
      st.integer(2, w.move);
      st.integer(3, w.seat);
      st.integer(4, w.action);
      if (w.note.empty())
        check(wdb_, sqlite3_bind_null(st.st, 5), "bind");
      else
        st.text(5, w.note);
      st.step();
      Stmt& up = stmts.set_moves;
      up.reset();
      up.integer(1, w.move + 1);
      up.text(2, w.status);
      up.text(3, now);
      up.maybe(4, w.deadline);
      up.text(5, w.table_id);
      up.step();
      if (sqlite3_changes(wdb_) != 1) return false;
      return !w.seats || apply_seats(stmts, w);
    }
    case Write::Kind::Seats:
      return w.seats && apply_seats(stmts, w);
    case Write::Kind::Truncate: {
      Stmt& st = stmts.truncate;
      st.reset();
      st.text(1, w.table_id);
      st.integer(2, w.move);
      st.step();
      Stmt& up = stmts.set_moves;
      up.reset();
      up.integer(1, w.move);
      up.text(2, w.status);
      up.text(3, now);
      up.maybe(4, w.deadline);
      up.text(5, w.table_id);
      up.step();
      return sqlite3_changes(wdb_) == 1;
    }
    case Write::Kind::Expire: {
      // Rare (at start and once an hour): statements prepared here.
      exec(wdb_, "CREATE TEMP TABLE IF NOT EXISTS keep (id TEXT PRIMARY KEY)");
      exec(wdb_, "DELETE FROM temp.keep");
      Stmt keep(wdb_, "INSERT OR IGNORE INTO temp.keep (id) VALUES (?)");
      for (const auto& id : w.keep) {
        keep.reset();
        keep.text(1, id);
        keep.step();
      }
      const char* doomed = kExpiredQuery;
      Stmt actions(wdb_,
                   (std::string("DELETE FROM actions WHERE table_id IN (") + doomed + ")").c_str());
      actions.text(1, w.before);
      actions.step();
      Stmt tables(wdb_, (std::string("DELETE FROM tables WHERE id IN (") + doomed + ")").c_str());
      tables.text(1, w.before);
      tables.step();
      if (w.expired) *w.expired = sqlite3_changes(wdb_);
      exec(wdb_, "DELETE FROM temp.keep");
      return true;
    }
  }
  return false;
}

void Store::run_writer() {
  std::optional<Statements> stmts;
  try {
    stmts.emplace(wdb_);
  } catch (const Error& e) {
    std::cerr << "turf serve: " << e.what() << "\n";  // every write will fail (and say so)
  }
  auto run = [&](Stmt& st) {
    st.reset();
    st.step();
  };
  std::vector<std::pair<Write, std::function<void(bool)>>> batch;
  auto& stats = server_stats();
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty() && stopping_) return;
      batch.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(queue_.end()));
      queue_.clear();
    }
    // One transaction for the batch; a savepoint per write so that one failing write (a
    // constraint) fails alone.
    std::vector<char> ok(batch.size(), 0);
    bool committed = false;
    const auto t0 = std::chrono::steady_clock::now();
    for (const auto& b : batch) stats.queued.record(t0 - b.first.queued);
    stats.batch.record(std::chrono::microseconds(batch.size()));
    try {
      if (!stmts) throw Error("database: the writer's statements could not be prepared");
      exec(wdb_, "BEGIN IMMEDIATE");
      const std::string now = now_iso8601();
      for (std::size_t i = 0; i < batch.size(); ++i) {
        run(stmts->savepoint);
        try {
          ok[i] = apply(*stmts, batch[i].first, now);
        } catch (const Error&) {
          ok[i] = 0;
        }
        if (!ok[i]) run(stmts->rollback_to);
        run(stmts->release);
      }
      const auto c0 = std::chrono::steady_clock::now();
      exec(wdb_, "COMMIT");
      const auto c1 = std::chrono::steady_clock::now();
      stats.fsync.record(c1 - c0);
      stats.commit.record(c1 - t0);
      committed = true;
    } catch (const Error&) {
      sqlite3_exec(wdb_, "ROLLBACK", nullptr, nullptr, nullptr);
    }
    ++transactions_;
    for (std::size_t i = 0; i < batch.size(); ++i) {
      const bool good = committed && ok[i];
      if (good) ++commits_;
      if (batch[i].second) batch[i].second(good);
    }
    batch.clear();
    if (wal_now_ >= 16 * kCheckpointPages) {
      // The checkpointer never caught up with a busy writer: finish here, between two batches
      // and after this one's completions (the frames left are few: it copied the rest).
      const auto c0 = std::chrono::steady_clock::now();
      sqlite3_wal_checkpoint_v2(wdb_, nullptr, SQLITE_CHECKPOINT_PASSIVE, nullptr, nullptr);
      stats.wcheckpoint.record(std::chrono::steady_clock::now() - c0);
      wal_now_ = 0;
    }
  }
}

StoredTable Store::read_row(sqlite3_stmt* st) {
  auto text = [&](int i) {
    const auto* p = sqlite3_column_text(st, i);
    return p ? std::string(reinterpret_cast<const char*>(p), sqlite3_column_bytes(st, i)) : "";
  };
  StoredTable t;
  t.id = text(0);
  t.game = text(1);
  auto opts = nlohmann::json::parse(text(2), nullptr, false);
  if (opts.is_object())
    for (auto& [k, v] : opts.items())
      if (v.is_string()) t.options[k] = v.get<std::string>();
  t.seed = static_cast<std::uint64_t>(sqlite3_column_int64(st, 3));
  auto seats = nlohmann::json::parse(text(4), nullptr, false);
  if (seats.is_array())
    for (auto& s : seats)
      t.seats.push_back({s.value("kind", ""), s.value("name", ""), s.value("bot", ""), "",
                         s.value("token_sha256", ""), s.value("stand_in", "")});
  t.created = text(5);
  t.status = text(6);
  t.moves = static_cast<int>(sqlite3_column_int64(st, 7));
  t.updated = text(8);
  auto settings = nlohmann::json::parse(text(9), nullptr, false);
  if (settings.is_object()) t.settings = std::move(settings);
  if (sqlite3_column_type(st, 10) != SQLITE_NULL) t.deadline = sqlite3_column_int64(st, 10);
  t.listed = sqlite3_column_int64(st, 11) != 0;
  t.rematch = text(12);
  return t;
}

void Store::read_actions(StoredTable& t) {
  Stmt st(rdb_, kActionsQuery);
  st.text(1, t.id);
  while (st.step()) {
    if (sqlite3_column_type(st.st, 2) != SQLITE_NULL)
      t.notes.emplace_back(static_cast<int>(t.actions.size()), st.col_text(2));
    t.actions.emplace_back(static_cast<Seat>(st.col_int(0)), static_cast<Action>(st.col_int(1)));
  }
}

static const char* kColumns =
    "SELECT id, game, options, seed, seats, created, status, moves, updated, settings, deadline,"
    " public, rematch FROM tables";

std::vector<StoredTable> Store::load_unfinished() {
  std::lock_guard lock(read_mutex_);
  exec(rdb_, "BEGIN");
  std::vector<StoredTable> out;
  try {
    Stmt st(rdb_, (std::string(kColumns) + " WHERE status != 'over' ORDER BY created").c_str());
    while (st.step()) out.push_back(read_row(st.st));
    for (auto& t : out) read_actions(t);
  } catch (...) {
    sqlite3_exec(rdb_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  exec(rdb_, "COMMIT");
  return out;
}

std::optional<StoredTable> Store::load_table(const std::string& id) {
  std::lock_guard lock(read_mutex_);
  exec(rdb_, "BEGIN");
  std::optional<StoredTable> out;
  try {
    Stmt st(rdb_, kRowQuery);
    st.text(1, id);
    if (st.step()) {
      out = read_row(st.st);
      read_actions(*out);
    }
  } catch (...) {
    sqlite3_exec(rdb_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
  exec(rdb_, "COMMIT");
  return out;
}

std::optional<StoredTable> Store::load_row(const std::string& id) {
  std::lock_guard lock(read_mutex_);
  Stmt st(rdb_, kRowQuery);
  st.text(1, id);
  if (!st.step()) return std::nullopt;
  return read_row(st.st);
}

int Store::expire(std::chrono::seconds age, const std::vector<std::string>& keep) {
  Write w;
  w.kind = Write::Kind::Expire;
  w.before = iso8601(std::chrono::system_clock::now() - age);
  w.keep = keep;
  w.expired = std::make_shared<int>(0);
  auto count = w.expired;
  if (!write_sync(std::move(w))) throw Error("database: abandoned tables could not be expired");
  return *count;
}

std::vector<StoredTable> Store::list_tables(int limit) {
  std::lock_guard lock(read_mutex_);
  Stmt st(rdb_, kLobbyQuery);
  st.integer(1, limit);
  std::vector<StoredTable> out;
  while (st.step()) out.push_back(read_row(st.st));
  return out;
}

std::vector<std::pair<std::string, std::int64_t>> Store::due(std::int64_t now, int limit) {
  std::lock_guard lock(read_mutex_);
  Stmt st(rdb_, kDueQuery);
  st.integer(1, now);
  st.integer(2, limit);
  std::vector<std::pair<std::string, std::int64_t>> out;
  while (st.step()) out.emplace_back(st.col_text(0), st.col_int(1));
  return out;
}

}  // namespace turf::server
