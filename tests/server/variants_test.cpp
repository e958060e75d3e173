// Content variants at the table server (docs/lab.md "Variants", docs/protocol.md): a table plays
// only the variants the operator offers (turf serve --variant GAME:NAME=FILE), asked for by name
// or by text; a client's own patch is refused before any content is loaded (each distinct variant
// holds its content for the life of the process), in a new table and in an imported record. The
// catalogue lists the offered names, never their patches; a table keeps its variant through a
// kill -9. Against the real binary on loopback with a real SQLite file.
#include <gtest/gtest.h>

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
