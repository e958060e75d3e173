// Unit tests of the server's parts without the network: the store (a real SQLite file), the
// table (tokens, refusals, undo, narration kept per viewer), static paths and the bot presets.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "bots/agent.h"
#include "bots/presets.h"
#include "core/secret.h"
#include "harness.h"
#include "server/server.h"
#include "server/store.h"
#include "server/table.h"

using namespace turf;
using namespace turf::server;
using turf::server_test::TempDir;

namespace {
StoredTable dungeon_row() {
  return new_table_row(nlohmann::json::parse(
      R"({"game":"dungeon","seats":[{"kind":"human","name":"Ann"},{"kind":"human","name":"Bob"}]})"));
}
}  // namespace

TEST(ServerTable, TokensAndIdsAreFreshHexAndComparedWhole) {
  StoredTable a = dungeon_row(), b = dungeon_row();
  EXPECT_TRUE(is_hex32(a.id));
  EXPECT_NE(a.id, b.id);
  EXPECT_NE(a.seed, b.seed);
  EXPECT_NE(a.seats[0].token, a.seats[1].token);
  Table t(a);
  EXPECT_EQ(t.seat_of_token(a.seats[0].token), std::optional<Seat>(0));
  EXPECT_EQ(t.seat_of_token(a.seats[1].token), std::optional<Seat>(1));
  EXPECT_FALSE(t.seat_of_token(b.seats[0].token));
  EXPECT_FALSE(t.seat_of_token(a.seats[0].token.substr(0, 31)));
  EXPECT_FALSE(t.seat_of_token(""));
  EXPECT_TRUE(constant_time_equal("abc", "abc"));
  EXPECT_FALSE(constant_time_equal("abc", "abd"));
  EXPECT_FALSE(constant_time_equal("abc", "abcd"));
}

TEST(ServerTable, RefusalsUndoAndNarrationPerViewer) {
  const StoredTable row = dungeon_row();
  Table t(row);
  const Seat mover = t.match().state().to_move();
  const Seat other = 1 - mover;
  const Action a = t.match().view(mover).legal().front().id;
  EXPECT_EQ(t.check_act(kSpectator, a, 0), "spectator");
  EXPECT_EQ(t.check_act(other, a, 0), "not_your_turn");
  EXPECT_EQ(t.check_act(mover, a, 1), "stale");
  EXPECT_EQ(t.check_act(mover, 123456, 0), "illegal");
  EXPECT_EQ(t.check_act(mover, a, 0), "");
  EXPECT_EQ(t.check_undo(mover), "cannot_undo");
  (void)t.state_frame(0, 0, 0);  // seat 0 connected from the start: narrated incrementally
  Rng rng(4);
  bool undone = false;
  for (int i = 0; i < 60 && !t.over(); ++i) {
    const Seat s = t.match().state().to_move();
    if (!undone && t.check_undo(s).empty()) {
      const int before = t.moves();
      const int n = t.undo(s);
      EXPECT_EQ(t.moves(), before - n);
      ASSERT_TRUE(t.take_write());  // the change hook's write: a truncation
      undone = true;
    }
    // the lobby entry says whose turn it is (issue 30: "my tables" puts "your turn" first)
    EXPECT_EQ(t.lobby_entry({})["to_move"], s);
    EXPECT_GE(t.lobby_entry({})["updated"].get<std::string>(), row.created);
    const auto legal = t.match().view(s).legal();
    EXPECT_EQ(t.act(s, legal[rng.below(static_cast<std::uint32_t>(legal.size()))].id, t.moves()),
              "");
    const auto w = t.take_write();
    ASSERT_TRUE(w);
    EXPECT_EQ(w->move, t.moves() - 1);
    EXPECT_EQ(w->seat, s);
  }
  EXPECT_TRUE(undone);
  if (t.over()) {
    EXPECT_TRUE(t.lobby_entry({})["to_move"].is_null());
  }
  // Incremental narration equals a full replay's, for every viewer.
  for (Seat v : {0, 1, kSpectator}) {
    const auto full = narrate_history(t.match(), v);
    const auto log = t.state_frame(v, 0, 0)["log"];
    ASSERT_EQ(log.size(), full.size());
    for (std::size_t i = 0; i < full.size(); ++i) {
      nlohmann::json lines = nlohmann::json::array();
      for (const auto& n : full[i]) lines.push_back(n.to_json());
      EXPECT_EQ(log[i]["lines"], lines);
    }
  }
  auto frame = t.state_frame(kSpectator, 0, 0);
  EXPECT_TRUE(frame["legal"].empty());
  EXPECT_EQ(frame["view"], t.match().view(kSpectator).to_json());
  EXPECT_EQ(t.welcome(kSpectator).dump().find(row.seats[0].token), std::string::npos);
  EXPECT_EQ(t.welcome(kSpectator).dump().find(row.seats[0].token_hash), std::string::npos);
  // The table keeps the hash of each token, never the token.
  EXPECT_TRUE(t.row().seats[0].token.empty());
  EXPECT_EQ(t.row().seats[0].token_hash, sha256_hex(row.seats[0].token));
}

// FIPS 180-4 examples (NIST's SHA-256 example values) and lengths around the padding boundaries
// (55, 56, 63, 64, 65, 119, 120 bytes of (7i+3) mod 256, values from Python's hashlib).
TEST(ServerTokens, Sha256MatchesFips180AndHashlib) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  const std::pair<int, const char*> lengths[] = {
      {55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"},
      {56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"},
      {63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"},
      {64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"},
      {65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"},
      {119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"},
      {120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"}};
  for (const auto& [n, hex] : lengths) {
    std::string data;
    for (int i = 0; i < n; ++i) data += static_cast<char>((i * 7 + 3) % 256);
    EXPECT_EQ(sha256_hex(data), hex) << n << " bytes";
  }
  EXPECT_EQ(sha256_hex("0123456789abcdef0123456789abcdef"),
            "3eb1bd439947eb762998e566ccc2e099c791118b2f40579cc4f7da2b5061b7f9");
}

// Which pages may open the WebSocket (the policy; the server's answers are in protocol_test).
TEST(ServerOrigin, NormalisedOriginsAndThePolicy) {
  EXPECT_EQ(normalize_origin("http://127.0.0.1:8080"), "http://127.0.0.1:8080");
  EXPECT_EQ(normalize_origin("HTTP://LocalHost:8080/"), "http://localhost:8080");
  EXPECT_EQ(normalize_origin("https://turf.example.org"), "https://turf.example.org:443");
  EXPECT_EQ(normalize_origin("http://[::1]:80"), "http://[::1]:80");
  EXPECT_EQ(normalize_origin("http://turf.example.org"), "http://turf.example.org:80");
  for (const char* bad :
       {"null", "", "ftp://x", "http://", "http://a:b", "http://a:0", "http://a:65536",
        "http://a/b", "http://u@a", "http://a:80:81", "http://[::1", "http://a b", "http://[zz]",
        "file://", "http://a?x", "http://a#x", "ws://a"})
    EXPECT_EQ(normalize_origin(bad), "") << bad;

  OriginPolicy loop("127.0.0.1", 8080, {});
  for (const char* ok : {"http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080"})
    EXPECT_TRUE(loop.allows(ok, "127.0.0.1:8080")) << ok;
  for (const char* no :
       {"http://127.0.0.1:8081", "https://127.0.0.1:8080", "http://evil.example",
        "http://localhost.evil.example:8080", "http://127.0.0.1:8080@evil.example", "null"})
    EXPECT_FALSE(loop.allows(no, "127.0.0.1:8080")) << no;
  // Another site's page does not become allowed by the Host header it cannot choose anyway.
  EXPECT_FALSE(loop.allows("http://evil.example:8080", "evil.example:8080"));

  OriginPolicy lan("192.168.1.5", 80, {"https://turf.example.org"});
  EXPECT_TRUE(lan.allows("http://192.168.1.5", "192.168.1.5"));
  EXPECT_TRUE(lan.allows("https://turf.example.org:443", "192.168.1.5"));
  EXPECT_FALSE(lan.allows("http://localhost", "localhost"));  // not a loopback server
  EXPECT_FALSE(lan.allows("http://turf.example.org", "192.168.1.5"));

  // On every address: the page's host:port must be the one it connects to.
  OriginPolicy any("0.0.0.0", 8080, {});
  EXPECT_TRUE(any.allows("http://turf.lan:8080", "turf.lan:8080"));
  EXPECT_FALSE(any.allows("http://evil.example:8080", "turf.lan:8080"));
  EXPECT_FALSE(any.allows("http://turf.lan:8081", "turf.lan:8080"));

  EXPECT_THROW(OriginPolicy("127.0.0.1", 8080, {"turf.example.org"}), Error);
  EXPECT_THROW(OriginPolicy("127.0.0.1", 8080, {"*"}), Error);
}

TEST(ServerTable, CreateRequestsAreValidated) {
  auto bad = [](const char* body) {
    EXPECT_THROW(new_table_row(nlohmann::json::parse(body)), Error) << body;
  };
  bad(R"([])");
  bad(R"({"game":3,"seats":[]})");
  bad(R"({"game":"dungeon"})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"human"},{"kind":"human"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"genius"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"hrad"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"human"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"mcts:time=60s"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"mcts:iters=90000000"}]})");
  // Every bot parameter has a bound here (table::BotLimits::server), and programs need the flag.
  bad(R"({"game":"cryhavoc","seats":[{"kind":"human"},{"kind":"bot","bot":"greedy:worlds=10000,budget=100000000"}]})");
  bad(R"({"game":"cryhavoc","seats":[{"kind":"human"},{"kind":"bot","bot":"mcts:iters=2000,rollout=greedy"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"ext:./my-bot"}]})");
  bad(R"({"game":"dungeon","options":{"tiles":"huge"},"seats":[{"kind":"human"},{"kind":"human"}]})");
  bad(R"({"game":"dungeon","options":{"tiles":[1]},"seats":[{"kind":"human"},{"kind":"human"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human","name":7},{"kind":"human"}]})");
  // names that pass for a tag, another seat or a placeholder, or hide or reorder characters
  for (const char* name :
       {"Player 2 (bot)", "Ann (you)", "{P2}", "Ann [host]", "<b>Ann</b>", "Player 2", "player2",
        "Ann\u202e", "A\u200bnn", "\u2066Ann", "Ann\u00ad", "Ann\t", "xxxxxxxxxxxxxxxxxxxxxxxxx",
        "\xff", "\xc0\xaf", "\xed\xa0\x80"}) {
    nlohmann::json body = {
        {"game", "dungeon"},
        {"seats", {{{"kind", "human"}, {"name", name}}, {{"kind", "human"}, {"name", "Bob"}}}}};
    EXPECT_THROW(new_table_row(body), Error) << name;
  }
  bad(R"({"game":"dungeon","seats":[{"kind":"human","name":"Ann"},{"kind":"bot","name":"ann"}]})");
  for (const char* name :
       {"Zo\u00eb", "\u674e\u96f7", "Ann-Marie O'Neil", "Player 1", "xxxxxxxxxxxxxxxxxxxxxxxx"}) {
    nlohmann::json body = {
        {"game", "dungeon"},
        {"seats", {{{"kind", "human"}, {"name", name}}, {{"kind", "human"}, {"name", "Bob"}}}}};
    EXPECT_EQ(new_table_row(body).seats[0].name, name);
  }
  auto row = new_table_row(nlohmann::json::parse(
      R"({"game":"yard","options":{"players":3},"seats":[{"kind":"human"},{"kind":"bot","bot":"hard"},{"kind":"bot","bot":"random"}]})"));
  EXPECT_EQ(row.seats[1].bot, bot_preset("yard", "hard"));
  EXPECT_EQ(row.options.at("players"), "3");
  // Unnamed seats by the table layer's one rule, in the server's form (docs/protocol.md).
  EXPECT_EQ(row.seats[0].name, "Player 1");
  EXPECT_EQ(row.seats[1].name, "Bot 2");
  EXPECT_EQ(row.seats[2].name, "Bot 3");
  // A server started with --ext-bot NAME=COMMAND seats that program by its name, and no other.
  const auto limits = table::BotLimits::server(std::make_shared<std::vector<NamedProgram>>(
      std::vector<NamedProgram>{{"my-bot", {"/usr/bin/python3", "my_bot.py"}}}));
  const auto ext = new_table_row(
      nlohmann::json::parse(
          R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"ext:my-bot"}]})"),
      limits);
  EXPECT_EQ(ext.seats[1].bot, "ext:my-bot");
  EXPECT_THROW(
      new_table_row(
          nlohmann::json::parse(
              R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"ext:./my-bot"}]})"),
          limits),
      Error);
}

// turf serve --test-seeds (hidden; the browser tests): a create request may fix the deal's seed.
// Any other server refuses the field, so that no client picks a deal it has studied.
TEST(ServerTable, ASeedIsTakenOnlyByATestServer) {
  const auto body = nlohmann::json::parse(
      R"({"game":"dungeon","seed":12345,"seats":[{"kind":"human"},{"kind":"bot","bot":"random"}]})");
  EXPECT_THROW(new_table_row(body), Error);
  const auto limits = table::BotLimits::server();
  EXPECT_EQ(new_table_row(body, limits, true).seed, 12345u);
  for (const char* seed : {"-1", "1.5", "\"7\"", "9007199254740993", "null"}) {
    auto b = body;
    b["seed"] = nlohmann::json::parse(seed);
    EXPECT_THROW(new_table_row(b, limits, true), Error) << seed;
  }
  // without the field a test server deals from the OS as any other
  auto plain = body;
  plain.erase("seed");
  EXPECT_NE(new_table_row(plain, limits, true).seed, new_table_row(plain, limits, true).seed);
}

TEST(ServerStore, WritesSurviveReopeningAndTruncate) {
  TempDir dir;
  const std::string path = dir.file("s.db");
  StoredTable row = dungeon_row();
  Table t(row);
  {
    Store store(path);
    Write c;
    c.kind = Write::Kind::Create;
    c.table = row;
    c.status = "playing";
    ASSERT_TRUE(store.write_sync(c));
    EXPECT_FALSE(store.write_sync(c));  // the same id twice: refused, the rest stands
    Rng rng(2);
    for (int i = 0; i < 10; ++i) {
      const Seat s = t.match().state().to_move();
      const auto legal = t.match().view(s).legal();
      const Action a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))].id;
      Write w;
      w.table_id = row.id;
      w.move = t.moves();
      w.seat = s;
      w.action = a;
      w.status = "playing";
      ASSERT_EQ(t.act(s, a, t.moves()), "");
      ASSERT_TRUE(store.write_sync(w));
    }
    Write again;  // a move index already stored is refused
    again.table_id = row.id;
    again.move = 3;
    again.status = "playing";
    EXPECT_FALSE(store.write_sync(again));
    Write cut;
    cut.kind = Write::Kind::Truncate;
    cut.table_id = row.id;
    cut.move = 8;
    cut.status = "playing";
    ASSERT_TRUE(store.write_sync(cut));
  }
  Store store(path);
  auto loaded = store.load_table(row.id);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->seed, row.seed);
  // Only the token's hash is stored; it still finds the seat.
  EXPECT_TRUE(loaded->seats[1].token.empty());
  EXPECT_EQ(loaded->seats[1].token_hash, row.seats[1].token_hash);
  EXPECT_EQ(Table(*loaded).seat_of_token(row.seats[1].token), std::optional<Seat>(1));
  ASSERT_EQ(loaded->actions.size(), 8u);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(loaded->actions[i].first, t.match().history()[i].seat);
    EXPECT_EQ(loaded->actions[i].second, t.match().history()[i].id);
  }
  EXPECT_EQ(store.load_unfinished().size(), 1u);
  Table again(*loaded);  // replays through Match
  EXPECT_EQ(again.moves(), 8);
  EXPECT_FALSE(store.load_table("0123456789abcdef0123456789abcdef"));
}

TEST(ServerStatic, PathsCannotLeaveTheFolder) {
  TempDir dir;
  std::filesystem::create_directories(dir.file("web/a"));
  std::ofstream(dir.file("web/index.html")) << "i";
  std::ofstream(dir.file("web/a/b.js")) << "b";
  std::ofstream(dir.file("out.txt")) << "o";
  const std::string root = std::filesystem::canonical(dir.file("web")).string();
  EXPECT_EQ(static_path(root, "/"), root + "/index.html");
  EXPECT_EQ(static_path(root, "/a/b.js?x=1"), root + "/a/b.js");
  EXPECT_EQ(static_path(root, "/a/"), "");  // no index.html there
  EXPECT_EQ(static_path(root, "/a/%62.js"), root + "/a/b.js");
  for (const char* bad : {"/../out.txt", "/a/../../out.txt", "/%2e%2e/out.txt", "/%2E%2E%2Fout.txt",
                          "/a/%252e%252e/out.txt", "/a/b.js%00", "/a\\..\\..\\out.txt", "//out.txt",
                          "out.txt", "/%zz", "/%2", "/missing"}) {
    EXPECT_EQ(static_path(root, bad), "") << bad;
  }
}

TEST(ServerPresets, EveryGameHasThreeWorkingLevels) {
  for (const auto& g : Registry::instance().games()) {
    for (const auto& level : bot_levels()) {
      const std::string spec = bot_preset(g->id, level);
      EXPECT_NO_THROW(make_bot(spec, 1)) << g->id << " " << level;
    }
  }
  EXPECT_THROW(bot_preset("dungeon", "godlike"), Error);
  EXPECT_THROW(bot_preset("chess", "easy"), Error);
}
