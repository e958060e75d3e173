// The table server's bots through the table layer (src/table/): a spec beyond the server's
// limits is refused, programs sit only when the server allows them, and a program seated at a
// table plays it to the end against a person, against the real binary on loopback.
#include <gtest/gtest.h>

#include "harness.h"

using namespace turf;
using namespace turf::server_test;

namespace {

json ext_body(const std::string& game) {
  return {{"game", game},
          {"seats", json::array({{{"kind", "human"}},
                                 {{"kind", "bot"},
                                  {"bot", "ext:/usr/bin/python3 " + std::string(TURF_SOURCE_DIR) +
                                              "/examples/bots/random_bot.py"}}})}};
}

}  // namespace

TEST(ServerBots, LimitsAndProgramsNeedTheFlag) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"));
  const int p = server.port();
  for (const char* bot : {"greedy:worlds=10000,budget=100000000", "mcts:iters=2000,rollout=greedy",
                          "mcts:time=6s", "mcts:threads=2"}) {
    const json body = {
        {"game", "cryhavoc"},
        {"seats", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", bot}}})}};
    auto a = http_request(p, http::verb::post, "/api/tables", body.dump());
    EXPECT_EQ(a.status, 400) << bot;
    EXPECT_NE(a.body.find("on this server"), std::string::npos) << a.body;
  }
  auto a = http_request(p, http::verb::post, "/api/tables", ext_body("dungeon").dump());
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(a.body.find("--allow-ext-bots"), std::string::npos) << a.body;
  EXPECT_TRUE(http_request(p, http::verb::get, "/api/tables").parsed().empty());
}

TEST(ServerBots, AProgramPlaysATableToTheEnd) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"), {"--allow-ext-bots"});
  for (const char* game : {"dungeon", "yard", "turfwars", "cryhavoc"}) {
    const json created = create_table(server.port(), ext_body(game));
    ASSERT_TRUE(created.contains("id")) << created.dump();
    EXPECT_EQ(created["seats"][1]["name"], "Bot 2");
    TableDriver d(server.port(), created["id"]);
    d.join(created["seats"][0]["token"]);
    Rng rng(6);
    d.play(rng, 5000);
    EXPECT_TRUE(d.over()) << game;
  }
  EXPECT_TRUE(server.alive());
}
