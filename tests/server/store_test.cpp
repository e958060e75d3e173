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
