// The crash test: kill -9 the server mid-game (with an action in flight), restart it on the same
// database, and the game continues with every acknowledged action; a table with a bot resumes
// its bot after the restart. The seat tokens at rest: only their hashes are in the database.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "core/secret.h"
#include "harness.h"
#include "server/store.h"
#include "server/table.h"

using namespace turf;
using namespace turf::server_test;

TEST(ServerCrash, KillNineLosesNoAcknowledgedAction) {
  TempDir dir;
  const std::string db = dir.file("turf.db");
  json tables[2];
  std::string tok[2][2];
  json acknowledged[2];  // the last state frame each table's seat 0 received before the kill
  json told[2] = {json::array(), json::array()};  // the narration seat 0 was told
  std::vector<std::vector<int>> actions(2);
  {
    ServerProcess server(db);
    for (int t = 0; t < 2; ++t) {
      tables[t] = create_table(
          server.port(), {{"game", t == 0 ? "dungeon" : "yard"},
                          {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}}})}});
      tok[t][0] = tables[t]["seats"][0]["token"];
      tok[t][1] = tables[t]["seats"][1]["token"];
    }
    TableDriver d0(server.port(), tables[0]["id"]), d1(server.port(), tables[1]["id"]);
    TableDriver* d[2] = {&d0, &d1};
    Rng rng(5);
    for (int t = 0; t < 2; ++t) {
      d[t]->join(tok[t][0]);
      d[t]->join(tok[t][1]);
      for (int i = 0; i < 12 + 7 * t; ++i) d[t]->step(rng);
      acknowledged[t] = d[t]->conn(0).last;
      for (const auto& text : d[t]->conn(0).ws->frames()) {
        json f = json::parse(text);
        if (f["type"] == "state")
          for (auto& step : f["log"]) told[t].push_back(step);
      }
    }
    // One more action in flight on table 0, then kill -9 at once.
    TableDriver::Conn* mover = d0.mover();
    ASSERT_NE(mover, nullptr);
    mover->ws->send(
        json{{"type", "act"}, {"action", mover->last["legal"][0]["id"]}, {"move", d0.move()}});
    server.kill9();
  }
  ServerProcess server(db);
  EXPECT_NE(server.first_line().find("open http://"), std::string::npos);
  for (int t = 0; t < 2; ++t) {
    SCOPED_TRACE("table " + std::to_string(t));
    TableDriver d(server.port(), tables[t]["id"]);
    d.join(tok[t][0]);
    d.join(tok[t][1]);
    const int acked = acknowledged[t]["move"].get<int>();
    // Every acknowledged action is there (the one in flight may or may not be).
    EXPECT_GE(d.move(), acked);
    EXPECT_LE(d.move(), acked + (t == 0 ? 1 : 0));
    // The acknowledged history is unchanged: the narration up to the acknowledged move.
    const json& log = d.conn(0).last["log"];
    ASSERT_GE(static_cast<int>(log.size()), acked);
    ASSERT_EQ(static_cast<int>(told[t].size()), acked);
    for (int i = 0; i < acked; ++i) EXPECT_EQ(log[i], told[t][i]) << "step " << i;
    if (d.move() == acked) {
      EXPECT_EQ(d.conn(0).last["view"], acknowledged[t]["view"]);
    }
    // The game continues to its end.
    Rng rng(11 + t);
    d.play(rng, 5000);
    EXPECT_TRUE(d.over());
    EXPECT_EQ(read_db_table(db, tables[t]["id"]).status, "over");
  }
}

TEST(ServerCrash, BotsResumeAfterARestart) {
  TempDir dir;
  const std::string db = dir.file("turf.db");
  json created;
  int acked = 0;
  {
    ServerProcess server(db);
    created = create_table(
        server.port(),
        {{"game", "dungeon"},
         {"seats", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "random"}}})}});
    TableDriver d(server.port(), created["id"]);
    d.join(created["seats"][0]["token"]);
    Rng rng(8);
    for (int i = 0; i < 20 && !d.over(); ++i) d.step(rng);
    acked = d.move();
    server.kill9();
  }
  ServerProcess server(db);
  TableDriver d(server.port(), created["id"]);
  d.join(created["seats"][0]["token"]);
  EXPECT_GE(d.move(), acked);
  Rng rng(9);
  d.play(rng, 5000);  // the bot plays its turns again after the restart
  EXPECT_TRUE(d.over());
}

// ---------------------------------------------------------------------------------------------
// Seat tokens at rest: the database holds only their SHA-256 (docs/security.md).

namespace {

// Every byte of the database's files (the main file, its WAL and shared memory when present).
std::string db_bytes(const std::string& db) {
  std::string all;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::ifstream in(db + suffix, std::ios::binary);
    if (!in) continue;
    std::ostringstream s;
    s << in.rdbuf();
    all += s.str();
  }
  return all;
}

int db_user_version(const std::string& db) {
  sqlite3* h = nullptr;
  sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(h, "PRAGMA user_version", -1, &st, nullptr);
  const int v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int(st, 0) : -1;
  sqlite3_finalize(st);
  sqlite3_close(h);
  return v;
}

void sql(sqlite3* h, const std::string& text) {
  char* err = nullptr;
  if (sqlite3_exec(h, text.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string m = err ? err : "?";
    sqlite3_free(err);
    throw std::runtime_error(m + " in " + text);
  }
}

}  // namespace

TEST(ServerTokens, TheDatabaseHoldsOnlyTheTokensHashes) {
  TempDir dir;
  const std::string db = dir.file("turf.db");
  json created;
  std::string tok[2];
  {
    ServerProcess server(db);
    created = create_table(
        server.port(),
        {{"game", "dungeon"}, {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}}})}});
    tok[0] = created["seats"][0]["token"];
    tok[1] = created["seats"][1]["token"];
    TableDriver d(server.port(), created["id"]);
    d.join(tok[0]);
    d.join(tok[1]);
    Rng rng(3);
    for (int i = 0; i < 6; ++i) d.step(rng);
    // While it runs (the recent pages are in the WAL) ...
    const std::string live = db_bytes(db);
    ASSERT_NE(live.find(std::string(created["id"])), std::string::npos);  // the files are read
    for (const auto& t : tok) {
      EXPECT_EQ(live.find(t), std::string::npos) << "a seat token in the database files";
      EXPECT_NE(live.find(sha256_hex(t)), std::string::npos) << "its hash is stored";
    }
    EXPECT_EQ(server.terminate(), 0);
  }
  // ... and once stopped.
  const std::string rest = db_bytes(db);
  for (const auto& t : tok) {
    EXPECT_EQ(rest.find(t), std::string::npos);
    EXPECT_NE(rest.find(sha256_hex(t)), std::string::npos);
  }
  EXPECT_EQ(db_user_version(db), server::Store::kSchema);
  // The join links still work after a restart: the token is checked against its hash.
  ServerProcess server(db);
  TableDriver d(server.port(), created["id"]);
  d.join(tok[1]);
  d.join(tok[0]);
  EXPECT_EQ(d.conn(0).seat, 1);
  EXPECT_EQ(d.conn(1).seat, 0);
  EXPECT_EQ(d.move(), 6);
  Rng rng(4);
  d.play(rng, 5000);
  EXPECT_TRUE(d.over());
}

// A database of the first schema (tokens in clear) is migrated when the server opens it: the
// tokens are replaced by their hashes, no page keeps them, and their join links still work.
TEST(ServerTokens, FirstSchemaDatabaseIsMigratedAndItsLinksStillWork) {
  TempDir dir;
  const std::string db = dir.file("old.db");
  server::StoredTable row = server::new_table_row(
      {{"game", "dungeon"}, {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}}})}});
  server::Table table(row);
  Rng rng(6);
  {
    // The first schema, exactly as the first turf serve wrote it.
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
    sql(h, "PRAGMA journal_mode=WAL");
    sql(h,
        "CREATE TABLE IF NOT EXISTS tables ("
        " id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL,"
        " seed INTEGER NOT NULL, seats TEXT NOT NULL, created TEXT NOT NULL,"
        " status TEXT NOT NULL, moves INTEGER NOT NULL DEFAULT 0);"
        "CREATE TABLE IF NOT EXISTS actions ("
        " table_id TEXT NOT NULL, move INTEGER NOT NULL, seat INTEGER NOT NULL,"
        " action INTEGER NOT NULL, PRIMARY KEY (table_id, move)) WITHOUT ROWID;"
        "CREATE INDEX IF NOT EXISTS tables_status ON tables(status, created);");
    json seats = json::array();
    for (const auto& s : row.seats)
      seats.push_back({{"kind", s.kind}, {"name", s.name}, {"bot", s.bot}, {"token", s.token}});
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(h,
                       "INSERT INTO tables (id, game, options, seed, seats, created, status, "
                       "moves) VALUES (?, ?, ?, ?, ?, ?, 'playing', 4)",
                       -1, &st, nullptr);
    const std::string options = json(row.options).dump(), seats_text = seats.dump();
    sqlite3_bind_text(st, 1, row.id.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, row.game.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, options.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 4, static_cast<sqlite3_int64>(row.seed));
    sqlite3_bind_text(st, 5, seats_text.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 6, row.created.c_str(), -1, SQLITE_TRANSIENT);
    ASSERT_EQ(sqlite3_step(st), SQLITE_DONE);
    sqlite3_finalize(st);
    for (int m = 0; m < 4; ++m) {
      const Seat s = table.match().state().to_move();
      const auto legal = table.match().view(s).legal();
      const Action a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))].id;
      ASSERT_EQ(table.act(s, a, table.moves()), "");
      sql(h, "INSERT INTO actions VALUES ('" + row.id + "', " + std::to_string(m) + ", " +
                 std::to_string(s) + ", " + std::to_string(a) + ")");
    }
    sqlite3_close(h);
  }
  ASSERT_NE(db_bytes(db).find(row.seats[0].token), std::string::npos);  // in clear before
  ServerProcess server(db);
  TableDriver d(server.port(), row.id);
  d.join(row.seats[0].token);
  d.join(row.seats[1].token);
  EXPECT_EQ(d.conn(0).seat, 0);
  EXPECT_EQ(d.conn(1).seat, 1);
  EXPECT_EQ(d.move(), 4);
  EXPECT_EQ(d.conn(0).last["view"], table.match().view(0).to_json());
  for (const auto& s : row.seats) EXPECT_EQ(db_bytes(db).find(s.token), std::string::npos);
  EXPECT_EQ(db_user_version(db), server::Store::kSchema);
  d.play(rng, 5000);
  EXPECT_TRUE(d.over());
}

// A database of a newer schema is refused with an error, not misread.
TEST(ServerTokens, NewerSchemaIsRefused) {
  TempDir dir;
  const std::string db = dir.file("new.db");
  {
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
    sql(h, "CREATE TABLE tables (id TEXT); PRAGMA user_version=7");
    sqlite3_close(h);
  }
  EXPECT_THROW(server::Store store(db), Error);
  const std::string cmd = std::string(TURF_BIN) + " serve --port 0 --db " + db + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[512];
  while (fgets(buf, sizeof buf, p)) out += buf;
  const int status = pclose(p);
  EXPECT_EQ(WEXITSTATUS(status), 2) << out;
  EXPECT_NE(out.find("error: "), std::string::npos) << out;
  EXPECT_NE(out.find("schema version 7"), std::string::npos) << out;
  EXPECT_EQ(out.find("open http://"), std::string::npos) << out;
}
