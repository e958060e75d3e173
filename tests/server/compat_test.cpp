// Files written by an earlier build stay readable: a table database written by `turf serve` at
// main 6b013de (hand-written SHA-256 of the seat tokens; tests/fixtures/main-6b013de/README.json
// says how it was made) opens in this build, its tokens still hold their seats, its games go on.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "harness.h"

using namespace turf;
using namespace turf::server_test;

namespace {
json fixture_tables() {
  std::ifstream in(std::string(TURF_FIXTURES) + "/main-6b013de/README.json");
  return json::parse(in)["tables"];
}
}  // namespace

TEST(ServerCompat, ADatabaseWrittenBeforeLibsodiumStillServesItsTables) {
  TempDir dir;
  const std::string db = dir.file("turf.db");
  std::filesystem::copy_file(std::string(TURF_FIXTURES) + "/main-6b013de/tables.db", db);
  const json tables = fixture_tables();
  ServerProcess server(db);
  for (const auto& t : tables) {
    const std::string id = t["id"];
    auto entry = http_request(server.port(), http::verb::get, "/api/tables/" + id);
    ASSERT_EQ(entry.status, 200) << id;
    EXPECT_EQ(entry.parsed()["moves"], t["moves"]) << id;
    EXPECT_EQ(entry.parsed()["status"] == "over", t["status"] == "over") << id;
    // Each stored token still holds its seat, and only its seat.
    for (std::size_t s = 0; s < t["tokens"].size(); ++s) {
      if (t["tokens"][s].is_null()) continue;
      WsClient ws(server.port());
      ws.send(json{{"type", "hello"}, {"table", id}, {"token", t["tokens"][s]}});
      auto welcome = ws.recv_type("welcome");
      EXPECT_EQ(welcome["seat"], static_cast<int>(s)) << id;
      auto state = ws.recv_type("state");
      EXPECT_EQ(state["move"], t["moves"]) << id;
    }
    WsClient bad(server.port());
    std::string wrong = "0123456789abcdef0123456789abcdef";
    bad.send(json{{"type", "hello"}, {"table", id}, {"token", wrong}});
    EXPECT_EQ(bad.recv()["code"], "bad_token");
  }
  // The game with a bot goes on from its 7 stored moves: its human acts, and it is stored.
  const json& t = tables[1];
  TableDriver d(server.port(), t["id"]);
  d.join(t["tokens"][1]);
  ASSERT_EQ(d.move(), 7);
  ASSERT_NE(d.mover(), nullptr);
  Rng rng(3);
  d.step(rng);
  EXPECT_EQ(d.move(), 8);
  EXPECT_EQ(read_db_table(db, t["id"]).actions.size(), 8u);
  // The finished game shows its end to a spectator.
  TableDriver over(server.port(), tables[2]["id"]);
  over.join("");
  EXPECT_TRUE(over.over());
  EXPECT_EQ(over.move(), 87);
}
