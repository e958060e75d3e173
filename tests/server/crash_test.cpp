// The crash test: kill -9 the server mid-game (with an action in flight), restart it on the same
// database, and the game continues with every acknowledged action; a table with a bot resumes
// its bot after the restart.
#include <gtest/gtest.h>

#include "harness.h"

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
