// Memory, disk and bot time of `turf serve` against a real server on loopback (docs/security.md
// "Memory and the database", "Bot time"): unwatched tables leave memory and come back at the next
// hello, a finished table is answered from the store, a table of bots only plays while someone
// watches, abandoned tables expire at start, and a human's table gets its bot's answer at once
// while bot-only tables run the heaviest bots allowed. Every loop is bounded.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <thread>

#include "harness.h"

using namespace turf;
using namespace turf::server_test;

namespace {

int live_tables(int port) {
  return http_request(port, http::verb::get, "/api/stats").parsed()["live_tables"].get<int>();
}

// Polls until the server holds `n` tables in memory (at most `seconds`); returns the last count.
int wait_live(int port, int n, double seconds) {
  int now = -1;
  for (int i = 0; i < static_cast<int>(seconds * 20); ++i) {
    now = live_tables(port);
    if (now == n) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return now;
}

json bots_only(const std::string& bot, const std::string& game = "dungeon") {
  return {
      {"game", game},
      {"seats", json::array({{{"kind", "bot"}, {"bot", bot}}, {{"kind", "bot"}, {"bot", bot}}})}};
}

}  // namespace

// An unwatched, unfinished table leaves memory after the idle time (`--idle-minutes`, 0.02 here:
// 1.2 s) and comes back at the next hello with its moves; the lobby entry of a table not in memory
// comes from the store and does not load it.
TEST(ServerMemory, IdleTablesLeaveMemoryAndComeBackAtHello) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"), {"--stats", "--idle-minutes", "0.02"});
  const int port = server.port();
  json created = create_table(
      port,
      {{"game", "dungeon"}, {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}}})}});
  const std::string id = created["id"];
  EXPECT_EQ(live_tables(port), 1);
  {
    TableDriver d(port, id);
    d.join(created["seats"][0]["token"]);
    d.join(created["seats"][1]["token"]);
    Rng rng(4);
    for (int i = 0; i < 3; ++i) d.step(rng);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    EXPECT_EQ(live_tables(port), 1) << "a watched table left memory";
  }
  EXPECT_EQ(wait_live(port, 0, 60.0), 0) << "an unwatched table stayed in memory";
  auto entry = http_request(port, http::verb::get, "/api/tables/" + id);
  ASSERT_EQ(entry.status, 200);
  EXPECT_EQ(entry.parsed()["moves"], 3);
  EXPECT_EQ(live_tables(port), 0) << "GET /api/tables/ID loaded the table";
  // The table comes back on a work thread (the I/O thread serves everyone meanwhile): hellos
  // that arrive together, one of them closed before its answer, a wrong token, a second hello on
  // the same connection while the first loads; one table comes back, each hello is answered once.
  {
    auto early = std::make_unique<WsClient>(port);
    early->send(json{{"type", "hello"}, {"table", id}, {"token", created["seats"][1]["token"]}});
    early.reset();  // gone before the table is in memory
    WsClient wrong(port), twice(port);
    wrong.send(json{{"type", "hello"}, {"table", id}, {"token", "not-a-token"}});
    twice.send(json{{"type", "hello"}, {"table", id}});
    twice.send(json{{"type", "hello"}, {"table", id}});
    EXPECT_EQ(wrong.recv_type("error")["code"], "bad_token");
    // the second hello is refused, before or after the first one's welcome (the table may have
    // come back for another hello already)
    EXPECT_EQ(twice.recv_type("error")["code"], "bad_frame");
    const auto welcomed = [&] {
      for (const auto& f : twice.frames())
        if (json::parse(f).value("type", "") == "welcome") return true;
      return false;
    };
    if (!welcomed()) twice.recv_type("welcome");
    int welcomes = 0;
    for (const auto& f : twice.frames()) welcomes += json::parse(f).value("type", "") == "welcome";
    EXPECT_EQ(welcomes, 1);
  }
  TableDriver again(port, id);
  again.join(created["seats"][0]["token"]);
  again.join(created["seats"][1]["token"]);
  EXPECT_EQ(again.move(), 3);
  EXPECT_EQ(live_tables(port), 1);
  Rng rng(5);
  again.step(rng);  // it plays on
  EXPECT_EQ(again.move(), 4);
  EXPECT_TRUE(server.alive());
}

// A table of bots only plays while someone watches; once it is over and nobody watches it, it
// leaves memory at once (it was kept for good before), and answers from the store.
TEST(ServerMemory, BotOnlyTablesPlayWhileWatchedAndLeaveWhenDone) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"), {"--stats"});
  const int port = server.port();
  json created = create_table(port, bots_only("random"));
  const std::string id = created["id"];
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  EXPECT_EQ(http_request(port, http::verb::get, "/api/tables/" + id).parsed()["moves"], 0)
      << "bots played with nobody watching";
  {
    WsClient watcher(port);
    watcher.send(json{{"type", "hello"}, {"table", id}});
    bool over = false;
    for (int i = 0; i < 2000 && !over; ++i) over = watcher.recv_type("state")["over"].get<bool>();
    ASSERT_TRUE(over);
  }
  EXPECT_EQ(wait_live(port, 0, 60.0), 0) << "a finished table stayed in memory";
  auto entry = http_request(port, http::verb::get, "/api/tables/" + id).parsed();
  EXPECT_EQ(entry["status"], "over");
  EXPECT_EQ(live_tables(port), 0);
}

// At start, unfinished tables without an action for the expiry time (`--expire-days`, 30) are
// deleted; finished ones stay; nothing is loaded into memory until someone says hello.
TEST(ServerMemory, AbandonedTablesExpireAtStart) {
  TempDir dir;
  const std::string db = dir.file("turf.db");
  std::string abandoned, recent, finished;
  {
    ServerProcess server(db);
    const json two = {{"game", "dungeon"},
                      {"seats", json::array({{{"kind", "human"}}, {{"kind", "human"}}})}};
    abandoned = create_table(server.port(), two)["id"];
    recent = create_table(server.port(), two)["id"];
    finished = create_table(server.port(), bots_only("random"))["id"];
    WsClient watcher(server.port());
    watcher.send(json{{"type", "hello"}, {"table", finished}});
    bool over = false;
    for (int i = 0; i < 2000 && !over; ++i) over = watcher.recv_type("state")["over"].get<bool>();
    ASSERT_TRUE(over);
  }
  {
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
    for (const auto& id : {abandoned, finished})
      sqlite3_exec(
          h, ("UPDATE tables SET updated = '2020-01-01T00:00:00Z' WHERE id = '" + id + "'").c_str(),
          nullptr, nullptr, nullptr);
    sqlite3_close(h);
  }
  ServerProcess server(db, {"--stats"});
  EXPECT_EQ(live_tables(server.port()), 0);
  EXPECT_EQ(http_request(server.port(), http::verb::get, "/api/tables/" + abandoned).status, 404);
  EXPECT_EQ(http_request(server.port(), http::verb::get, "/api/tables/" + recent).status, 200);
  EXPECT_EQ(http_request(server.port(), http::verb::get, "/api/tables/" + finished).status, 200);
  EXPECT_EQ(read_db_table(db, abandoned).status, "");
}

// Six bot-only tables with the heaviest bot a client may ask for (mcts:time=5s) pushed another
// player's `normal` answer from 0.05 s to 15 s. Now a human table's decision goes first and
// bot-only decisions have threads of their own at nice 19: with 2 bot threads and 6 such tables
// thinking, the bot of a human table still answers each turn in well under a second.
TEST(ServerMemory, AHumansBotAnswersWhileBotOnlyTablesThink) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"), {"--bot-threads", "2"});
  const int port = server.port();
  std::vector<std::unique_ptr<WsClient>> watchers;
  for (int i = 0; i < 6; ++i) {
    const std::string id = create_table(port, bots_only("mcts:time=5s"))["id"];
    watchers.push_back(std::make_unique<WsClient>(port));
    watchers.back()->send(json{{"type", "hello"}, {"table", id}});
    watchers.back()->recv_type("state");
  }
  json created = create_table(
      port, {{"game", "dungeon"},
             {"seats", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "normal"}}})}});
  TableDriver d(port, created["id"]);
  d.join(created["seats"][0]["token"]);
  Rng rng(12);
  double worst = 0;
  int turns = 0;
  for (int i = 0; i < 40 && !d.over() && turns < 4; ++i) {
    if (!d.mover()) {
      // The bot's turn: time it from the last human action to the frame where it is done.
      const auto t0 = std::chrono::steady_clock::now();
      while (!d.over() && !d.mover()) d.conn(0).last = d.conn(0).ws->recv_type("state");
      worst = std::max(
          worst, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      ++turns;
      continue;
    }
    d.step(rng);
  }
  EXPECT_GE(turns, 2);
  RecordProperty("worst_bot_turn_seconds", std::to_string(worst));
  EXPECT_LT(worst, 2.0) << "the human's table waited for the bot-only tables";
}
