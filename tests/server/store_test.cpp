// The store's side of the memory and disk policy (docs/security.md "Memory and the database"):
// each table's time of last change, abandoned unfinished tables expired after the expiry time
// (finished ones kept), the row of one table read without its actions, and schema 2 databases
// given `updated` from their creation time. A real SQLite file each.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>

#include "harness.h"
#include "server/store.h"
#include "server/table.h"

using namespace turf;
using namespace turf::server;
using turf::server_test::TempDir;

namespace {

StoredTable row_created(const std::string& created) {
  StoredTable row = new_table_row(nlohmann::json::parse(
      R"({"game":"dungeon","seats":[{"kind":"human","name":"Ann"},{"kind":"human"}]})"));
  row.created = created;
  return row;
}

bool create(Store& store, const StoredTable& row, const std::string& status = "playing") {
  Write w;
  w.kind = Write::Kind::Create;
  w.table = row;
  w.status = status;
  return store.write_sync(w);
}

// Plays `n` random actions of a stored table (the Table follows them).
void play(Store& store, Table& t, int n, Rng& rng) {
  for (int i = 0; i < n && !t.over(); ++i) {
    const Seat s = t.match().state().to_move();
    const auto legal = t.match().view(s).legal();
    const Action a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))].id;
    ASSERT_EQ(t.act(s, a, t.moves()), "");
    const auto w = t.take_write();
    ASSERT_TRUE(w.has_value());
    ASSERT_TRUE(store.write_sync(*w));
  }
}

long long count(const std::string& db, const std::string& sql) {
  sqlite3* h = nullptr;
  sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(h, sql.c_str(), -1, &st, nullptr);
  long long n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
  sqlite3_finalize(st);
  sqlite3_close(h);
  return n;
}

}  // namespace

TEST(ServerStore, AbandonedTablesExpireFinishedOnesStay) {
  TempDir dir;
  const std::string db = dir.file("s.db");
  Store store(db);
  const std::string long_ago = "2020-01-01T00:00:00Z";
  const StoredTable abandoned = row_created(long_ago), kept = row_created(long_ago),
                    finished = row_created(long_ago), fresh = row_created(now_iso8601()),
                    revived = row_created(long_ago);
  ASSERT_TRUE(create(store, abandoned));
  ASSERT_TRUE(create(store, kept));
  ASSERT_TRUE(create(store, finished, "over"));
  ASSERT_TRUE(create(store, fresh));
  ASSERT_TRUE(create(store, revived));
  Rng rng(5);
  Table a(abandoned), r(revived);
  // The abandoned table had actions long ago: they go with it. (Its `updated` is set back.)
  play(store, a, 6, rng);
  {
    sqlite3* h = nullptr;
    sqlite3_open(db.c_str(), &h);
    sqlite3_exec(
        h,
        ("UPDATE tables SET updated = '" + long_ago + "' WHERE id = '" + abandoned.id + "'")
            .c_str(),
        nullptr, nullptr, nullptr);
    sqlite3_close(h);
  }
  // An action today makes an old table recent.
  play(store, r, 1, rng);
  EXPECT_GT(store.load_row(revived.id)->updated, long_ago);
  EXPECT_EQ(store.load_row(kept.id)->updated, long_ago);
  EXPECT_EQ(count(db, "SELECT count(*) FROM actions WHERE table_id = '" + abandoned.id + "'"), 6);

  EXPECT_EQ(store.expire(std::chrono::hours(24 * 30), {kept.id}), 1);
  EXPECT_FALSE(store.load_row(abandoned.id));
  EXPECT_FALSE(store.load_table(abandoned.id));
  EXPECT_EQ(count(db, "SELECT count(*) FROM actions WHERE table_id = '" + abandoned.id + "'"), 0);
  for (const auto* t : {&kept, &finished, &fresh, &revived})
    EXPECT_TRUE(store.load_row(t->id)) << "expired a table it must keep";
  // Again: nothing more (the kept one is still in memory; the others are recent or finished).
  EXPECT_EQ(store.expire(std::chrono::hours(24 * 30), {kept.id}), 0);
  EXPECT_EQ(store.expire(std::chrono::hours(24 * 30), {}), 1);  // no longer kept
  EXPECT_TRUE(store.load_row(finished.id));
  // A row without its actions: the lobby entry of a table not in memory.
  auto row = store.load_row(revived.id);
  ASSERT_TRUE(row);
  EXPECT_EQ(row->moves, 1);
  EXPECT_TRUE(row->actions.empty());
  EXPECT_EQ(store.load_table(revived.id)->actions.size(), 1u);
}

// The database written at main 6b013de (schema 2) becomes schema 3: every table's `updated` is
// its creation time, and expiry by that time works on it.
TEST(ServerStore, SchemaTwoTablesGetTheirCreationAsLastChange) {
  TempDir dir;
  const std::string db = dir.file("old.db");
  std::filesystem::copy_file(std::string(TURF_FIXTURES) + "/main-6b013de/tables.db", db);
  {
    Store store(db);
    // Schema 5: tables of older schemas are private (the lobby lists none of them) ...
    EXPECT_TRUE(store.list_tables(10).empty());
    {  // (listed here, to read them back)
      sqlite3* h = nullptr;
      ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
      ASSERT_EQ(sqlite3_exec(h, "UPDATE tables SET public = 1", nullptr, nullptr, nullptr),
                SQLITE_OK);
      sqlite3_close(h);
    }
    const auto rows = store.list_tables(10);
    ASSERT_EQ(rows.size(), 3u);
    for (const auto& r : rows) {
      EXPECT_EQ(r.updated, r.created) << r.id;
      EXPECT_EQ(store.load_table(r.id)->actions.size(), static_cast<std::size_t>(r.moves));
    }
    // Made in 2026: nothing is older than a day there... unless the expiry time is zero.
    EXPECT_EQ(store.expire(std::chrono::hours(24 * 365 * 100), {}), 0);
  }
  EXPECT_EQ(count(db, "PRAGMA user_version"), Store::kSchema);
  Store store(db);                                          // opens again without migrating
  EXPECT_EQ(store.expire(std::chrono::seconds(0), {}), 2);  // the two unfinished ones
  EXPECT_EQ(store.list_tables(10).size(), 1u);
  EXPECT_EQ(count(db, "SELECT count(*) FROM actions"), 87);
}

namespace {

// The plan SQLite picks for `sql` on the database open in `h`, one line per step.
std::string query_plan(sqlite3* h, const std::string& sql) {
  sqlite3_stmt* st = nullptr;
  if (sqlite3_prepare_v2(h, ("EXPLAIN QUERY PLAN " + sql).c_str(), -1, &st, nullptr) != SQLITE_OK)
    return std::string("cannot prepare: ") + sqlite3_errmsg(h);
  std::string plan;
  while (sqlite3_step(st) == SQLITE_ROW)
    plan += reinterpret_cast<const char*>(sqlite3_column_text(st, 3)) + std::string("\n");
  sqlite3_finalize(st);
  return plan;
}

// Whether an index serves every step of the plan: no scan of a whole table, no sort.
bool indexed(const std::string& plan) {
  std::size_t at = 0;
  for (std::size_t end; (end = plan.find('\n', at)) != std::string::npos; at = end + 1) {
    const std::string line = plan.substr(at, end - at);
    if (line.find("TEMP B-TREE") != std::string::npos) return false;
    if (line.find("SCAN") != std::string::npos && line.find("USING") == std::string::npos)
      return false;
  }
  return !plan.empty();
}

void exec_sql(sqlite3* h, const std::string& sql) {
  char* err = nullptr;
  ASSERT_EQ(sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &err), SQLITE_OK)
      << err << " in " << sql;
}

// Runs `sql` on the database file `db` (closed) with a connection of its own.
void exec_db(const std::string& db, const std::string& sql) {
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  exec_sql(h, sql);
  sqlite3_close(h);
}

// A database of this schema in `dir`, then `sql` run on it.
std::string new_db(const TempDir& dir, const std::string& name, const std::string& sql) {
  const std::string db = dir.file(name);
  { Store store(db); }
  exec_db(db, sql);
  return db;
}

// Checks that the per-request queries of the store use indexes on the database `db` (closed).
void expect_indexed_queries(const std::string& db) {
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  exec_sql(h, "CREATE TEMP TABLE IF NOT EXISTS keep (id TEXT PRIMARY KEY)");
  const std::string lobby = query_plan(h, Store::kLobbyQuery);
  EXPECT_TRUE(indexed(lobby)) << lobby;
  EXPECT_NE(lobby.find("tables_lobby"), std::string::npos) << lobby;
  const std::string row = query_plan(h, Store::kRowQuery);
  EXPECT_TRUE(indexed(row)) << row;
  EXPECT_NE(row.find("SEARCH tables"), std::string::npos) << row;
  const std::string actions = query_plan(h, Store::kActionsQuery);
  EXPECT_TRUE(indexed(actions)) << actions;
  EXPECT_NE(actions.find("SEARCH actions"), std::string::npos) << actions;
  const std::string due = query_plan(h, Store::kDueQuery);
  EXPECT_TRUE(indexed(due)) << due;
  EXPECT_NE(due.find("tables_deadline"), std::string::npos) << due;
  for (const char* what :
       {"DELETE FROM actions WHERE table_id IN (", "DELETE FROM tables WHERE id IN ("}) {
    const std::string expired = query_plan(h, what + std::string(Store::kExpiredQuery) + ")");
    EXPECT_TRUE(indexed(expired)) << expired;
    EXPECT_NE(expired.find("SEARCH tables USING INDEX tables_expiry"), std::string::npos)
        << expired;
  }
  sqlite3_close(h);
}

}  // namespace

// With many stored tables, the lobby, a table's row and actions, and expiry each read through an
// index (EXPLAIN QUERY PLAN: no scan of the whole table, no sort): their cost does not grow with
// the number of stored tables. The lobby reads about as many rows as it shows.
TEST(ServerStore, PerRequestQueriesUseIndexes) {
  TempDir dir;
  const std::string db =
      new_db(dir, "many.db",
             "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)"
             " INSERT INTO tables (id, game, options, seed, seats, created, status, moves, updated,"
             " public) SELECT printf('%032x', i), 'dungeon', '{}', i, '[]', '2026-01-01T00:00:00Z',"
             " CASE WHEN i % 7 = 0 THEN 'playing' ELSE 'over' END, 3, '2026-01-01T00:00:00Z',"
             " i % 2 FROM n; ANALYZE");  // (the plans hold with statistics too)
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  sqlite3_stmt* st = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(h, Store::kLobbyQuery, -1, &st, nullptr), SQLITE_OK);
  sqlite3_bind_int(st, 1, 10);
  int rows = 0;
  while (sqlite3_step(st) == SQLITE_ROW) ++rows;
  EXPECT_EQ(rows, 10);
  // Virtual machine steps: a few dozen a row shown, not a few for each of the 3,000 stored.
  EXPECT_LT(sqlite3_stmt_status(st, SQLITE_STMTSTATUS_VM_STEP, 0), 1000);
  EXPECT_EQ(sqlite3_stmt_status(st, SQLITE_STMTSTATUS_SORT, 0), 0);
  sqlite3_finalize(st);
  sqlite3_close(h);
  expect_indexed_queries(db);
}

// Databases of schema 3 (and 2: the fixture) get the indexes when they are opened.
TEST(ServerStore, OlderSchemasGetTheIndexes) {
  TempDir dir;
  // Schema 3 as it was written.
  const std::string three =
      new_db(dir, "three.db",
             "DROP INDEX tables_lobby; DROP INDEX tables_expiry;"
             " CREATE INDEX tables_updated ON tables(status, updated); PRAGMA user_version=3");
  const std::string two = dir.file("two.db");
  std::filesystem::copy_file(std::string(TURF_FIXTURES) + "/main-6b013de/tables.db", two);
  for (const auto& db : {three, two}) {
    { Store store(db); }
    EXPECT_EQ(count(db, "PRAGMA user_version"), Store::kSchema) << db;
    const std::string named = "SELECT count(*) FROM sqlite_master WHERE name = ";
    EXPECT_EQ(count(db, named + "'tables_lobby'"), 1) << db;
    EXPECT_EQ(count(db, named + "'tables_expiry'"), 1) << db;
    EXPECT_EQ(count(db, named + "'tables_updated'"), 0) << db;
    expect_indexed_queries(db);
  }
  Store store(two);
  EXPECT_TRUE(store.list_tables(10).empty());  // private: made before a table could be public
  EXPECT_EQ(count(two, "SELECT count(*) FROM tables"), 3);
}

// The lobby's order is as before: unfinished tables first, newest first, then finished ones,
// newest first; the limit keeps the first. Only public tables are listed.
TEST(ServerStore, LobbyOrderIsUnfinishedFirstThenNewestFirst) {
  TempDir dir;
  Store store(dir.file("order.db"));
  std::vector<std::string> ids;
  const char* statuses[] = {"playing", "over", "playing", "over", "over", "playing"};
  for (const char* status : statuses) {
    StoredTable row = row_created(now_iso8601());
    row.listed = true;
    ASSERT_TRUE(create(store, row, status));
    ids.push_back(row.id);
  }
  auto listed = [&](int limit) {
    std::vector<std::string> out;
    for (const auto& r : store.list_tables(limit)) out.push_back(r.id);
    return out;
  };
  const std::vector<std::string> all = {ids[5], ids[2], ids[0], ids[4], ids[3], ids[1]};
  EXPECT_EQ(listed(10), all);
  EXPECT_EQ(listed(2), std::vector<std::string>(all.begin(), all.begin() + 2));
  EXPECT_EQ(listed(4), std::vector<std::string>(all.begin(), all.begin() + 4));
  // A table that finishes moves to the finished ones, in its place by age.
  Write w;
  w.kind = Write::Kind::Truncate;
  w.table_id = ids[2];
  w.move = 0;
  w.status = "over";
  ASSERT_TRUE(store.write_sync(w));
  EXPECT_EQ(listed(10), (std::vector<std::string>{ids[5], ids[0], ids[4], ids[3], ids[2], ids[1]}));
  StoredTable hidden = row_created(now_iso8601());  // private: not listed
  ASSERT_TRUE(create(store, hidden, "playing"));
  EXPECT_EQ(listed(10).size(), 6u);
  EXPECT_TRUE(store.load_row(hidden.id));
}
