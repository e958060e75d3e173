// Content variants at the table server (docs/lab.md "Variants", docs/protocol.md): a table plays
// only the variants the operator offers (turf serve --variant GAME:NAME=FILE), asked for by name
// or by text; a client's own patch is refused before any content is loaded (each distinct variant
// holds its content for the life of the process), in a new table and in an imported record. The
// catalogue lists the offered names, never their patches; a table keeps its variant through a
// kill -9. Against the real binary on loopback with a real SQLite file.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "core/variant.h"
#include "harness.h"

using namespace turf;
using namespace turf::server_test;

namespace {

const std::string kLure3 =
    std::string(TURF_SOURCE_DIR) + "/examples/variants/turfwars-sirens-lure-3.json";

json read_json(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}

json table_body(const json& variant) {
  return {{"game", "turfwars"},
          {"options", {{"variant", variant}}},
          {"seats", json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", "random"}}})}};
}

json variant_option(const json& games, const std::string& game) {
  for (const auto& g : games)
    if (g["id"] == game)
      for (const auto& o : g["options"])
        if (o["name"] == "variant") return o;
  return nullptr;
}

// The option text of the example file as the server stores it.
std::string lure3_text(const std::string& name) {
  return variant_option_text({name, read_json(kLure3)});
}

}  // namespace

TEST(ServerVariants, WithoutAnOfferEveryTablePlaysTheGamesOwnContent) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"));
  const int p = server.port();
  auto a = http_request(p, http::verb::post, "/api/tables", table_body(lure3_text("lure3")).dump());
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(a.body.find("with its own content only"), std::string::npos) << a.body;
  // A game without variants has no such option at all.
  json yard = table_body("lure3");
  yard["game"] = "yard";
  a = http_request(p, http::verb::post, "/api/tables", yard.dump());
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(a.body.find("has no option 'variant'"), std::string::npos) << a.body;
  EXPECT_TRUE(http_request(p, http::verb::get, "/api/tables").parsed().empty());
  // The catalogue: only the game's own.
  const json games = http_request(p, http::verb::get, "/api/games").parsed();
  for (const char* g : {"turfwars", "dungeon"})
    EXPECT_EQ(variant_option(games, g)["choices"], json::array({"base"})) << g;
  // "base" is the default, asked for or not.
  const json created = create_table(p, table_body("base"));
  ASSERT_TRUE(created.contains("id")) << created.dump();
  TableDriver d(p, created["id"]);
  d.join(created["seats"][0]["token"]);
  EXPECT_EQ(d.conn(0).welcome["options"]["variant"], "base");
  EXPECT_TRUE(server.alive());
}

TEST(ServerVariants, AnOfferedVariantIsPlayedByNameAndNoOtherIs) {
  TempDir dir;
  const std::string db = dir.file("turf.db");
  std::string id, token;
  {
    ServerProcess server(db, {"--variant", "turfwars:lure3=" + kLure3});
    const int p = server.port();
    // The catalogue names it, never its patch.
    const auto games = http_request(p, http::verb::get, "/api/games");
    EXPECT_EQ(variant_option(games.parsed(), "turfwars")["choices"],
              json::array({"base", "lure3"}));
    EXPECT_EQ(variant_option(games.parsed(), "dungeon")["choices"], json::array({"base"}));
    EXPECT_EQ(games.body.find("lure up to 3"), std::string::npos);
    // Its card texts, for the table's hover: the variant's own; the base's unchanged.
    const auto cards = http_request(p, http::verb::get, "/api/games/turfwars/cards?variant=lure3");
    EXPECT_EQ(cards.status, 200);
    EXPECT_NE(cards.body.find("lure up to 3 troops"), std::string::npos);
    const auto base = http_request(p, http::verb::get, "/api/games/turfwars/cards");
    EXPECT_EQ(base.body.find("lure up to 3 troops"), std::string::npos);
    EXPECT_EQ(http_request(p, http::verb::get, "/api/games/turfwars/cards?variant=base").body,
              base.body);
    for (const char* q : {"?variant=lure-3", "?variant=", "?x=1", "?variant=lure3&x=1"})
      EXPECT_EQ(
          http_request(p, http::verb::get, std::string("/api/games/turfwars/cards") + q).status,
          404)
          << q;
    EXPECT_EQ(http_request(p, http::verb::get, "/api/games/dungeon/cards?variant=lure3").status,
              404);
    // By name: the table stores and plays the variant's text.
    const json created = create_table(p, table_body("lure3"));
    ASSERT_TRUE(created.contains("id")) << created.dump();
    id = created["id"];
    token = created["seats"][0]["token"];
    TableDriver d(p, id);
    d.join(token);
    EXPECT_EQ(d.conn(0).welcome["options"]["variant"], lure3_text("lure3"));
    Rng rng(4);
    d.play(rng, 6);
    // By its text, however it is written: the same variant.
    json spaced = json::parse(lure3_text("lure3"));
    const json again = create_table(p, table_body(spaced.dump(2)));
    EXPECT_TRUE(again.contains("id")) << again.dump();
    // A name it does not offer, with "did you mean"; a patch of the client's own; the offered
    // variant's patch under another name: refused, and no table is made.
    const std::size_t tables = http_request(p, http::verb::get, "/api/tables").parsed().size();
    auto a = http_request(p, http::verb::post, "/api/tables", table_body("lure-3").dump());
    EXPECT_EQ(a.status, 400);
    EXPECT_NE(a.body.find("offers no variant 'lure-3'"), std::string::npos) << a.body;
    EXPECT_NE(a.body.find("did you mean 'lure3'"), std::string::npos) << a.body;
    EXPECT_NE(a.body.find("; it offers: base, lure3"), std::string::npos) << a.body;
    json own = read_json(kLure3);
    own["factions"]["sirens"]["ability"][0]["amount"] = 9;
    for (const std::string& v : {variant_option_text({"lure3", own}), lure3_text("mine")}) {
      a = http_request(p, http::verb::post, "/api/tables", table_body(v).dump());
      EXPECT_EQ(a.status, 400) << v;
      EXPECT_NE(a.body.find("offers no such variant; it offers: base, lure3"), std::string::npos)
          << a.body;
    }
    // Nor does an imported record bring one.
    const json record = {{"game", "turfwars"},
                         {"options", {{"variant", variant_option_text({"lure3", own})}}},
                         {"seed", 1},
                         {"seats", json::array({{{"agent", "human"}}, {{"agent", "random"}}})},
                         {"actions", json::array()}};
    a = http_request(p, http::verb::post, "/api/records", record.dump());
    EXPECT_EQ(a.status, 400);
    EXPECT_NE(a.body.find("offers no such variant"), std::string::npos) << a.body;
    EXPECT_EQ(http_request(p, http::verb::get, "/api/tables").parsed().size(), tables);
    server.kill9();
  }
  // After kill -9, on a server that no longer offers it: the stored table plays on with its
  // variant (what was made is kept), while new tables cannot ask for it.
  ServerProcess server(db);
  TableDriver d(server.port(), id);
  d.join(token);
  EXPECT_EQ(d.conn(0).welcome["options"]["variant"], lure3_text("lure3"));
  EXPECT_GE(d.move(), 6);
  Rng rng(5);
  d.play(rng, 20000);
  EXPECT_TRUE(d.over());
  auto a = http_request(server.port(), http::verb::post, "/api/tables", table_body("lure3").dump());
  EXPECT_EQ(a.status, 400);
  EXPECT_TRUE(server.alive());
}

namespace {

// Copies a stored table row under new ids with other options (a table that an earlier run of the
// server made with a variant it offered then): the server is stopped while this runs.
void copy_table_row(const std::string& db, const std::string& from,
                    const std::vector<std::pair<std::string, std::string>>& ids_and_options) {
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  auto sql = [&](const std::string& text, const std::vector<std::string>& args) {
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(h, text.c_str(), -1, &st, nullptr), SQLITE_OK) << text;
    for (std::size_t i = 0; i < args.size(); ++i)
      sqlite3_bind_text(st, static_cast<int>(i + 1), args[i].c_str(), -1, SQLITE_TRANSIENT);
    EXPECT_EQ(sqlite3_step(st), SQLITE_DONE) << text << ": " << sqlite3_errmsg(h);
    sqlite3_finalize(st);
  };
  for (const auto& [id, options] : ids_and_options) {
    sql("CREATE TEMP TABLE copy AS SELECT * FROM tables WHERE id = ?", {from});
    sql("UPDATE copy SET id = ?, options = ?", {id, options});
    sql("INSERT INTO tables SELECT * FROM copy", {});
    sql("DROP TABLE copy", {});
  }
  sqlite3_close(h);
}

}  // namespace

// One process holds at most 31 variants besides the game's own (core/variant.h): a stored table
// whose variant finds no room left is refused with "unavailable" and words that say it is kept,
// the tables before it play on, and after a restart it opens.
TEST(ServerVariants, AStoredTableWithNoRoomForItsVariantIsKeptAndSaysSo) {
  TempDir dir;
  const std::string db = dir.file("turf.db");
  std::string from;
  {
    ServerProcess server(db, {"--variant", "turfwars:lure3=" + kLure3});
    json body = table_body("lure3");
    body["seats"] = json::array({{{"kind", "human"}}, {{"kind", "human"}}});
    const json created = create_table(server.port(), body);
    ASSERT_TRUE(created.contains("id")) << created.dump();
    from = created["id"];
    EXPECT_EQ(server.terminate(), 0);
  }
  // 32 tables, each with a variant of its own (another price of a troop).
  std::vector<std::pair<std::string, std::string>> copies;
  for (int k = 0; k < kMaxVariantSlots; ++k) {
    char id[33];
    std::snprintf(id, sizeof id, "%032x", k + 1);
    const json patch = {{"constants", {{"price_troop", {{"value", 100 + k}}}}}};
    const json options = {{"players", "2"},
                          {"variant", variant_option_text({"v" + std::to_string(k), patch})}};
    copies.emplace_back(id, options.dump());
  }
  copy_table_row(db, from, copies);
  auto hello = [](int port, const std::string& id) {
    WsClient ws(port);
    ws.send(json{{"type", "hello"}, {"table", id}});
    for (;;) {
      json j = ws.recv();
      if (j["type"] == "welcome" || j["type"] == "error") return j;
    }
  };
  const std::string last = copies.back().first;
  {
    ServerProcess server(db);
    for (int k = 0; k + 1 < kMaxVariantSlots; ++k) {
      const json j = hello(server.port(), copies[k].first);
      ASSERT_EQ(j["type"], "welcome") << k << ": " << j.dump();
      EXPECT_NE(j["options"]["variant"].get<std::string>().find("v" + std::to_string(k)),
                std::string::npos);
    }
    const json refused = hello(server.port(), last);
    EXPECT_EQ(refused["type"], "error") << refused.dump();
    EXPECT_EQ(refused["code"], "unavailable");
    const std::string words = refused["message"];
    EXPECT_NE(words.find("opens again after a restart"), std::string::npos) << words;
    EXPECT_EQ(words.find("variant '"), std::string::npos) << "no internal wording: " << words;
    // It is still listed (kept), and a table whose content is loaded still opens.
    EXPECT_EQ(http_request(server.port(), http::verb::get, "/api/tables/" + last).status, 200);
    EXPECT_EQ(hello(server.port(), copies.front().first)["type"], "welcome");
    // A table that is not stored at all is still "no such table".
    EXPECT_EQ(hello(server.port(), std::string(32, 'f'))["code"], "no_table");
    EXPECT_TRUE(server.alive());
  }
  ServerProcess server(db);
  const json j = hello(server.port(), last);
  EXPECT_EQ(j["type"], "welcome") << j.dump();
}
