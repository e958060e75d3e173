// Protocol tests against a real `turf serve` on loopback with a real SQLite file
// (docs/protocol.md): create, join, play a whole dungeon game, undo, reconnect, spectate; every
// refusal (wrong token, another seat's action, a spectator acting, stale and illegal actions);
// 10,000 hostile frames; the rate limit; the HTTP API's limits and the static folder.
#include <gtest/gtest.h>

#include <fstream>

#include "harness.h"
#include "server/store.h"
#include "server/table.h"

using namespace turf;
using namespace turf::server_test;

namespace {

json two_humans(const std::string& game = "dungeon") {
  return {{"game", game},
          {"seats", json::array({{{"kind", "human"}, {"name", "Ann"}},
                                 {{"kind", "human"}, {"name", "Bob"}}})}};
}

// All the log steps a connection has received, in order, applying undo truncation.
json accumulated_log(const WsClient& c) {
  json log = json::array();
  for (const auto& text : c.frames()) {
    json f = json::parse(text);
    if (f["type"] != "state") continue;
    const int m = f["move"].get<int>();
    while (!log.empty() && log.back()["move"].get<int>() >= m) log.erase(log.size() - 1);
    for (auto& s : f["log"])
      if (s["move"].get<int>() >= static_cast<int>(log.size())) log.push_back(s);
  }
  return log;
}

}  // namespace

TEST(ServerProtocol, CreateJoinPlayUndoReconnectSpectateDungeon) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"));
  EXPECT_NE(server.first_line().find("turf serve: open http://127.0.0.1:"), std::string::npos);
  json created = create_table(server.port(), two_humans());
  const std::string id = created["id"];
  ASSERT_EQ(id.size(), 32u);
  ASSERT_EQ(created["seats"].size(), 2u);
  const std::string ann = created["seats"][0]["token"], bob = created["seats"][1]["token"];
  EXPECT_EQ(ann.size(), 32u);
  EXPECT_NE(ann, bob);
  EXPECT_NE(created["seats"][0]["join"].get<std::string>().find("#/table/" + id + "/seat/" + ann),
            std::string::npos);
  EXPECT_NE(created["spectate"].get<std::string>().find("#/table/" + id), std::string::npos);

  // A table is private unless made public: the lobby does not list it (its links reach it, and
  // its own entry answers whoever knows its id) ...
  auto lobby = http_request(server.port(), http::verb::get, "/api/tables");
  ASSERT_EQ(lobby.status, 200);
  EXPECT_TRUE(lobby.parsed().empty()) << lobby.body;
  EXPECT_EQ(http_request(server.port(), http::verb::get, "/api/tables/" + id).parsed()["public"],
            false);
  // ... a public one it lists as waiting, without tokens.
  json open = two_humans();
  open["public"] = true;
  const json listed = create_table(server.port(), open);
  lobby = http_request(server.port(), http::verb::get, "/api/tables");
  ASSERT_EQ(lobby.parsed().size(), 1u);
  EXPECT_EQ(lobby.body.find(listed["seats"][0]["token"].get<std::string>()), std::string::npos);
  EXPECT_EQ(lobby.parsed()[0]["id"], listed["id"]);
  EXPECT_EQ(lobby.parsed()[0]["status"], "waiting");
  EXPECT_EQ(lobby.parsed()[0]["public"], true);
  open["public"] = "yes";
  EXPECT_EQ(http_request(server.port(), http::verb::post, "/api/tables", open.dump()).status, 400);

  TableDriver d(server.port(), id);
  d.join(ann);
  d.join(bob);
  const auto spec = d.join("");
  const auto ann2 = d.join(ann);  // a second tab of the same seat
  EXPECT_EQ(d.conn(0).welcome["seat"], 0);
  EXPECT_EQ(d.conn(0).welcome["seats"][1]["name"], "Bob");
  EXPECT_TRUE(d.conn(spec).welcome["seat"].is_null());
  EXPECT_EQ(d.conn(spec).last["view"]["viewer"], "spectator");
  EXPECT_TRUE(d.conn(spec).last["legal"].empty());
  auto entry = http_request(server.port(), http::verb::get, "/api/tables/" + id).parsed();
  EXPECT_EQ(entry["seats"][0]["connected"], true);

  Rng rng(17);
  bool undone = false;
  int steps = 0;
  while (!d.over()) {
    TableDriver::Conn* mover = d.mover();
    ASSERT_NE(mover, nullptr);
    const int k = mover->last["undoable"].get<int>();
    if (!undone && k > 0) {
      // Undo: every connection gets the position k actions back.
      const int m = d.move();
      mover->ws->send(json{{"type", "undo"}});
      for (std::size_t i = 0; i < d.size(); ++i) {
        d.conn(i).last = d.conn(i).ws->recv_type("state");
        EXPECT_EQ(d.conn(i).last["move"].get<int>(), m - k);
      }
      undone = true;
      continue;
    }
    d.step(rng);
    ++steps;
    if (steps == 15) {
      // Reconnect Bob: a fresh connection gets the whole narration and the same position.
      json before = d.conn(1).last;
      json bob_log = accumulated_log(*d.conn(1).ws);
      d.drop(1);
      const auto again = d.join(bob);
      EXPECT_EQ(d.conn(again).last["move"], before["move"]);
      EXPECT_EQ(d.conn(again).last["view"], before["view"]);
      EXPECT_EQ(d.conn(again).last["log"], bob_log);
    }
    ASSERT_LT(steps, 2000);
  }
  EXPECT_TRUE(undone) << "no undoable position came up";
  const json& end = d.state();
  EXPECT_TRUE(end["over"].get<bool>());
  EXPECT_TRUE(end["to_move"].is_null());
  EXPECT_EQ(end["result"]["scores"].size(), 2u);
  EXPECT_EQ(d.conn(ann2 - 1).last["view"], d.conn(0).last["view"]);
  // Every connection's accumulated log equals a fresh connection's full log for its viewer.
  for (std::size_t i = 0; i < d.size(); ++i) {
    TableDriver fresh(server.port(), id);
    const int seat = d.conn(i).seat;
    fresh.join(seat == 0 ? ann : seat == 1 ? bob : "");
    EXPECT_EQ(accumulated_log(*d.conn(i).ws), fresh.conn(0).last["log"]) << "connection " << i;
  }
  auto after = http_request(server.port(), http::verb::get, "/api/tables/" + id).parsed();
  EXPECT_EQ(after["status"], "over");
  // The store holds every action.
  DbTable t = read_db_table(dir.file("turf.db"), id);
  EXPECT_EQ(static_cast<int>(t.actions.size()), end["move"].get<int>());
  EXPECT_EQ(t.status, "over");
  EXPECT_EQ(server.terminate(), 0);
}

// The lobby entry says who left a seat and how long ago (away_s), for a page to tell the others
// (issue 29); a seat nobody has held since the table was loaded has none, nor one held now.
TEST(ServerProtocol, TheLobbyEntrySaysSinceWhenASeatIsAway) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"));
  json body = two_humans("yard");
  body["options"] = {{"players", 3}};
  body["public"] = true;
  body["seats"].push_back({{"kind", "human"}, {"name", "Cy"}});
  json created = create_table(server.port(), body);
  const std::string id = created["id"];
  auto entry = [&] {
    return http_request(server.port(), http::verb::get, "/api/tables/" + id).parsed();
  };
  TableDriver d(server.port(), id);
  d.join(created["seats"][0]["token"]);
  d.join(created["seats"][1]["token"]);
  json e = entry();
  for (int s = 0; s < 3; ++s) EXPECT_FALSE(e["seats"][s].contains("away_s")) << e.dump();
  EXPECT_EQ(e["seats"][1]["connected"], true);
  d.drop(1);  // Bob closes his page
  for (int polls = 0; entry()["seats"][1]["connected"] == true; ++polls)
    ASSERT_LT(polls, 5000) << "the server never saw Bob leave";
  e = entry();
  ASSERT_TRUE(e["seats"][1].contains("away_s")) << e.dump();
  EXPECT_GE(e["seats"][1]["away_s"].get<long>(), 0);
  EXPECT_LT(e["seats"][1]["away_s"].get<long>(), 600);
  EXPECT_FALSE(e["seats"][0].contains("away_s")) << "Ann is here";
  EXPECT_FALSE(e["seats"][2].contains("away_s")) << "Cy never came: no time to tell";
  EXPECT_EQ(e["seats"][2]["connected"], false);
  // The whole lobby says the same; Bob back, and it is gone.
  auto lobby = http_request(server.port(), http::verb::get, "/api/tables").parsed();
  EXPECT_TRUE(lobby[0]["seats"][1].contains("away_s")) << lobby.dump();
  d.join(created["seats"][1]["token"]);
  e = entry();
  EXPECT_EQ(e["seats"][1]["connected"], true);
  EXPECT_FALSE(e["seats"][1].contains("away_s")) << e.dump();
}

// Issue 30: a finished table's rematch. Same game, options, seats and names, a fresh deal; each
// person's old link token opens their seat there; asked once, told to every connection, and to a
// hello after it; a spectator cannot ask, nor anyone before the end.
TEST(ServerProtocol, ARematchIsOneNewTableWhereEachLinkOpensItsSeat) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"));
  json body = two_humans("yard");
  body["options"] = {{"players", 3}, {"edition", "1"}};
  body["seats"].push_back({{"kind", "bot"}, {"bot", "random"}, {"name", "Rex"}});
  json created = create_table(server.port(), body);
  const std::string id = created["id"];
  const std::string ann = created["seats"][0]["token"], bob = created["seats"][1]["token"];
  TableDriver d(server.port(), id);
  d.join(ann);
  d.join(bob);
  d.join("");  // a spectator
  // before the end: refused, nothing made (asked on a connection of its own: the driver's
  // connections must not skip the state frames a bot's first move may send meanwhile)
  {
    WsClient early(server.port());
    early.send(json{{"type", "hello"}, {"table", id}, {"token", ann}});
    early.recv_type("welcome");
    early.send(json{{"type", "rematch"}});
    EXPECT_EQ(early.recv_type("error")["code"], "not_your_turn");
  }
  Rng rng(30);
  d.play(rng);
  ASSERT_TRUE(d.over());
  d.conn(2).ws->send(json{{"type", "rematch"}});
  EXPECT_EQ(d.conn(2).ws->recv_type("error")["code"], "spectator");
  d.conn(1).ws->send(json{{"type", "rematch"}});
  std::string made;
  for (std::size_t i = 0; i < 3; ++i) {
    const json r = d.conn(i).ws->recv_type("rematch");
    ASSERT_TRUE(r["table"].is_string());
    if (made.empty()) made = r["table"];
    EXPECT_EQ(r["table"], made);
    EXPECT_FALSE(r.contains("token")) << "no token travels: each link keeps its own";
  }
  EXPECT_NE(made, id);
  d.conn(0).ws->send(json{{"type", "rematch"}});  // Ann asks too: the same table
  EXPECT_EQ(d.conn(0).ws->recv_type("rematch")["table"], made);
  // the lobby entry names it; the new table is the same game with the same seats, not played yet
  auto entry = [&](const std::string& t) {
    return http_request(server.port(), http::verb::get, "/api/tables/" + t).parsed();
  };
  EXPECT_EQ(entry(id)["rematch"], made);
  const json again = entry(made);
  EXPECT_EQ(again["game"], "yard");
  EXPECT_EQ(again["options"]["edition"], "1");
  ASSERT_EQ(again["seats"].size(), 3u);
  for (int s = 0; s < 3; ++s) {
    EXPECT_EQ(again["seats"][s]["name"], created["seats"][s]["name"]);
    EXPECT_EQ(again["seats"][s]["kind"], created["seats"][s]["kind"]);
  }
  EXPECT_TRUE(again["rematch"].is_null());
  // each old link opens its own seat at the rematch, and a hello at the old table is told of it
  TableDriver r(server.port(), made);
  r.join(bob);
  EXPECT_EQ(r.conn(0).seat, 1);
  r.join(ann);
  EXPECT_EQ(r.conn(1).seat, 0);
  WsClient late(server.port());
  late.send(json{{"type", "hello"}, {"table", id}, {"token", bob}});
  EXPECT_EQ(late.recv_type("rematch")["table"], made);
  // the rematch is stored: its row survives a restart of the server
  EXPECT_EQ(read_db_table(dir.file("turf.db"), made).status, "playing");
  r.play(rng);
  EXPECT_TRUE(r.over());
  // the old table's row names its rematch (schema 6): after kill -9 a hello at the old table is
  // told the same one, and its lobby entry names it; a new ask makes no other
  EXPECT_EQ(read_db_table(dir.file("turf.db"), id).rematch, made);
  server.kill9();
  ServerProcess restarted(dir.file("turf.db"));
  WsClient back(restarted.port());
  back.send(json{{"type", "hello"}, {"table", id}, {"token", ann}});
  EXPECT_EQ(back.recv_type("rematch")["table"], made);
  back.send(json{{"type", "rematch"}});
  EXPECT_EQ(back.recv_type("rematch")["table"], made);
  EXPECT_EQ(
      http_request(restarted.port(), http::verb::get, "/api/tables/" + id).parsed()["rematch"],
      made);
}

// Issue 30: a finished table's replay, move by move, is what a spectator saw live (the
// spectator's view, its narration, the result at the end), a seat's view or everything hidden
// (view=all) once the game is over; an unfinished table has none.
TEST(ServerProtocol, AReplayIsWhatASpectatorSawAtEachMove) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"));
  json created = create_table(server.port(), two_humans("dungeon"));
  const std::string id = created["id"];
  auto get = [&](const std::string& target) {
    return http_request(server.port(), http::verb::get, target);
  };
  TableDriver d(server.port(), id);
  d.join(created["seats"][0]["token"]);
  d.join(created["seats"][1]["token"]);
  const std::size_t spec = d.join("");
  EXPECT_EQ(get("/api/tables/" + id + "/replay").status, 400) << "not over yet";
  std::vector<json> seen{d.conn(spec).last}, ann{d.conn(0).last};
  Rng rng(12);
  while (!d.over()) {
    d.step(rng);
    seen.push_back(d.conn(spec).last);
    ann.push_back(d.conn(0).last);
  }
  const int total = d.move();
  ASSERT_EQ(static_cast<int>(seen.size()), total + 1);
  for (int k = 0; k <= total; ++k) {
    const auto r = get("/api/tables/" + id + "/replay?at=" + std::to_string(k));
    ASSERT_EQ(r.status, 200) << r.body;
    const json j = r.parsed();
    EXPECT_EQ(j["moves"], total);
    EXPECT_EQ(j["welcome"]["seat"], nullptr);
    const json& st = j["state"];
    EXPECT_EQ(st["move"], k);
    EXPECT_EQ(st["view"], seen[k]["view"]) << "move " << k;
    EXPECT_EQ(st["to_move"], seen[k]["to_move"]);
    EXPECT_EQ(st["over"], seen[k]["over"]);
    EXPECT_TRUE(st["legal"].empty());
    EXPECT_NE(st["view"], d.conn(0).last["view"]);
    ASSERT_EQ(st["log"].size(), static_cast<std::size_t>(k));
    // once the game is over, a seat's view of any move is anyone's: Ann's, as she saw it
    const json as_ann =
        get("/api/tables/" + id + "/replay?view=0&at=" + std::to_string(k)).parsed();
    EXPECT_EQ(as_ann["welcome"]["seat"], 0);
    EXPECT_EQ(as_ann["state"]["view"], ann[k]["view"]) << "move " << k;
    EXPECT_EQ(as_ann["state"]["log"].size(), static_cast<std::size_t>(k));
  }
  // the log of the whole replay is the spectator's live log
  const json end = get("/api/tables/" + id + "/replay").parsed();
  EXPECT_EQ(end["state"]["move"], total);
  EXPECT_EQ(end["state"]["result"], d.conn(spec).last["result"]);
  // and everything that was hidden (view=all): the omniscient view of the stored game at move k
  server::Store store(dir.file("turf.db"));
  const auto row = store.load_table(id);
  ASSERT_TRUE(row);
  for (int k = 0; k <= total; k += std::max(1, total / 7)) {
    server::StoredTable upto = *row;
    upto.actions.resize(static_cast<std::size_t>(k));
    upto.status = "playing";
    const server::Table at_k(upto);
    const json all = get("/api/tables/" + id + "/replay?view=all&at=" + std::to_string(k)).parsed();
    EXPECT_EQ(all["welcome"]["seat"], nullptr);
    EXPECT_EQ(all["state"]["view"], at_k.match().view(kOmniscient, true).to_json()) << "move " << k;
    EXPECT_NE(all["state"]["view"], seen[k]["view"]);
    EXPECT_EQ(all["state"]["log"].size(), static_cast<std::size_t>(k));
  }
  for (const char* bad :
       {"?at=-1", "?at=99999", "?at=x", "?move=1", "?at=1&at=2", "?view=2", "?view=0&view=1",
        "?view=", "?at=1&", "?view=-1", "?at=all", "?view=everything", "?view=all&view=0"})
    EXPECT_EQ(get("/api/tables/" + id + "/replay" + bad).status, 400) << bad;
  EXPECT_EQ(get("/api/tables/" + std::string(32, 'a') + "/replay").status, 404);
}

TEST(ServerProtocol, RefusalsChangeNothing) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"));
  json created = create_table(server.port(), two_humans());
  const std::string id = created["id"];
  const std::string tok[2] = {created["seats"][0]["token"], created["seats"][1]["token"]};
  TableDriver d(server.port(), id);
  d.join(tok[0]);
  d.join(tok[1]);
  const auto spec = d.join("");
  Rng rng(3);
  for (int i = 0; i < 5; ++i) d.step(rng);
  const json before = d.state();
  const int mover = before["to_move"].get<int>();
  const int other = 1 - mover;
  const int m = d.move();
  const auto& legal = d.conn(mover).last["legal"];
  const json any = legal[0]["id"];

  auto expect_error = [](WsClient& c, const json& frame, const std::string& code) {
    c.send(frame);
    json r = c.recv();
    EXPECT_EQ(r["type"], "error") << frame.dump();
    EXPECT_EQ(r["code"], code) << frame.dump() << " -> " << r.dump();
  };
  {
    WsClient c(server.port());
    expect_error(c, {{"type", "act"}, {"action", any}, {"move", m}}, "bad_frame");  // no hello
    expect_error(c,
                 {{"type", "hello"}, {"table", id}, {"token", "0123456789abcdef0123456789abcdef"}},
                 "bad_token");
    expect_error(c,
                 {{"type", "hello"},
                  {"table", id},
                  {"token", tok[0].substr(0, 31) + (tok[0][31] == 'a' ? "b" : "a")}},
                 "bad_token");
    expect_error(c, {{"type", "hello"}, {"table", id}, {"token", "x"}}, "bad_token");
    expect_error(c, {{"type", "hello"}, {"table", "0123456789abcdef0123456789abcdef"}}, "no_table");
    expect_error(c, {{"type", "hello"}, {"table", "../../etc/passwd"}}, "bad_frame");
    expect_error(c, {{"type", "hello"}, {"table", id}, {"token", 12}}, "bad_frame");
  }
  // Another seat's action, a spectator acting, a stale move, an illegal action, undo refused.
  expect_error(*d.conn(other).ws, {{"type", "act"}, {"action", any}, {"move", m}}, "not_your_turn");
  expect_error(*d.conn(other).ws, {{"type", "undo"}}, "not_your_turn");
  expect_error(*d.conn(spec).ws, {{"type", "act"}, {"action", any}, {"move", m}}, "spectator");
  expect_error(*d.conn(spec).ws, {{"type", "undo"}}, "spectator");
  expect_error(*d.conn(mover).ws, {{"type", "act"}, {"action", any}, {"move", m + 1}}, "stale");
  expect_error(*d.conn(mover).ws, {{"type", "act"}, {"action", any}, {"move", m - 1}}, "stale");
  expect_error(*d.conn(mover).ws, {{"type", "act"}, {"action", 987654}, {"move", m}}, "illegal");
  expect_error(*d.conn(mover).ws, {{"type", "act"}, {"action", -1}, {"move", m}}, "illegal");
  expect_error(*d.conn(mover).ws, {{"type", "act"}, {"action", "1"}, {"move", m}}, "bad_frame");
  expect_error(*d.conn(mover).ws, {{"type", "hello"}, {"table", id}, {"token", tok[other]}},
               "bad_frame");
  if (d.conn(mover).last["undoable"].get<int>() == 0) {
    expect_error(*d.conn(mover).ws, {{"type", "undo"}}, "cannot_undo");
  }
  // A seat's token never acts for the other seat: the mover's connection is bound to its seat.
  // Nothing changed: fresh connections see the same position, the store the same actions.
  for (int s = 0; s < 2; ++s) {
    TableDriver fresh(server.port(), id);
    fresh.join(tok[s]);
    EXPECT_EQ(fresh.state()["move"], m);
    EXPECT_EQ(fresh.state()["view"], d.conn(s).last["view"]);
  }
  EXPECT_EQ(static_cast<int>(read_db_table(dir.file("turf.db"), id).actions.size()), m);
  // And the game goes on.
  d.step(rng);
  EXPECT_EQ(d.move(), m + 1);
}

TEST(ServerProtocol, TenThousandHostileFramesAreRefused) {
  TempDir dir;
  // No rate limit here: every one of the hostile frames must reach validation; and the client
  // that never says hello is kept for the test's length (not closed after the handshake time).
  ServerProcess server(dir.file("turf.db"), {"--rate", "1000000000", "--burst", "1000000000",
                                             "--handshake-timeout", "300"});
  json created = create_table(server.port(), two_humans());
  const std::string id = created["id"];
  const std::string tok[2] = {created["seats"][0]["token"], created["seats"][1]["token"]};
  TableDriver d(server.port(), id);
  d.join(tok[0]);
  d.join(tok[1]);
  d.join("");
  Rng rng(99);
  for (int i = 0; i < 4; ++i) d.step(rng);
  const json before = d.state();
  const int m = d.move();
  const int mover = before["to_move"].get<int>();
  const int other = 1 - mover;
  const json legal = d.conn(mover).last["legal"];

  // The hostile client holds the other seat's token: the strongest position for an attacker.
  WsClient evil(server.port());
  evil.send(json{{"type", "hello"}, {"table", id}, {"token", tok[other]}});
  evil.recv_type("state");
  WsClient anon(server.port());  // and one that never says hello

  const std::vector<std::string> valid = {
      json{{"type", "act"}, {"action", legal[0]["id"]}, {"move", m}}.dump(),
      json{{"type", "undo"}}.dump(),
      json{{"type", "hello"}, {"table", id}, {"token", tok[mover]}}.dump(),
      json{{"type", "hello"}, {"table", id}}.dump(),
  };
  const std::vector<std::string> wrong_types = {
      R"({"type":"act","action":"3","move":0})",
      R"({"type":"act","action":1.5,"move":0})",
      R"({"type":"act","action":null,"move":0})",
      R"({"type":"act","action":[1],"move":0})",
      R"({"type":"act","action":1,"move":-1})",
      R"({"type":"act","action":1e30,"move":1})",
      R"({"type":"act","action":99999999999999999999,"move":1})",
      R"({"type":7})",
      R"({"type":null})",
      R"({"action":1})",
      R"([])",
      R"("act")",
      R"(null)",
      R"(true)",
      R"(12)",
      R"({})",
      "",
      R"({"type":"act","action":1,"move":{"$gt":0}})",
      R"({"type":"ACT"})",
      R"({"type":"hello","table":{}})",
      R"({"type":"act","action":1,"move":1,"type":"undo"})",
      R"({"type":"act")",
      std::string(5000, '[') + std::string(5000, ']'),
      std::string(8000, '{'),
      R"({"type":"hello","table":"0000000000000000000000000000000g"})",
  };
  auto mutate = [&](std::string s) {
    const int edits = 1 + static_cast<int>(rng.below(4));
    for (int e = 0; e < edits && !s.empty(); ++e) {
      const auto pos = rng.below(static_cast<std::uint32_t>(s.size()));
      switch (rng.below(3)) {
        case 0:
          s[pos] = static_cast<char>(0x20 + rng.below(95));
          break;
        case 1:
          s.erase(pos, 1);
          break;
        default:
          s.insert(pos, 1, static_cast<char>(0x20 + rng.below(95)));
      }
    }
    return s;
  };
  int errors = 0, pongs = 0;
  const int n = 10000;
  for (int i = 0; i < n; ++i) {
    std::string frame;
    switch (rng.below(6)) {
      case 0: {  // random printable bytes
        const auto len = rng.below(300);
        for (std::uint32_t k = 0; k < len; ++k) frame += static_cast<char>(0x20 + rng.below(95));
        break;
      }
      case 1:
        frame = mutate(valid[rng.below(static_cast<std::uint32_t>(valid.size()))]);
        break;
      case 2:
        frame = wrong_types[rng.below(static_cast<std::uint32_t>(wrong_types.size()))];
        break;
      case 3:  // a valid-looking frame that is not this seat's to send
        frame = valid[rng.below(static_cast<std::uint32_t>(valid.size()))];
        break;
      case 4:  // too large (over 16 KiB)
        frame = rng.below(10) == 0 ? std::string(16 * 1024 + 1 + rng.below(50000), ' ')
                                   : json{{"type", "act"},
                                          {"action", static_cast<int>(rng.below(100000))},
                                          {"move", static_cast<int>(rng.below(1000))}}
                                         .dump();
        break;
      default:
        frame = json{{"type", "act"}, {"action", static_cast<int>(rng.below(2000))}, {"move", m}}
                    .dump();
    }
    // The anonymous client never gets a hello (a well-formed one would seat it).
    const json parsed = json::parse(frame, nullptr, false);
    const bool hello = parsed.is_object() && parsed.contains("type") && parsed["type"] == "hello";
    WsClient& target = rng.below(8) == 0 && !hello ? anon : evil;
    target.send(frame);
    json r = target.recv();
    if (r["type"] == "error") {
      ++errors;
      EXPECT_NE(r["code"], "server_error");
    } else {
      // Only a frame that is, after all, a ping may be answered otherwise.
      json f = json::parse(frame, nullptr, false);
      EXPECT_TRUE(r["type"] == "pong" && f.is_object() && f.value("type", "") == "ping") << frame;
      ++pongs;
    }
  }
  EXPECT_EQ(errors + pongs, n);
  EXPECT_GT(errors, n - 50);
  // Frames over the hard cap, and invalid UTF-8, end that connection only.
  {
    WsClient big(server.port());
    big.send_may_be_cut(std::string(2 << 20, 'x'));  // the server may close before it is all sent
    EXPECT_FALSE(big.recv_text(std::chrono::seconds(60)).has_value());
    WsClient utf(server.port());
    utf.send(std::string("{\"type\":\"ping\xff\xfe\"}"));
    EXPECT_FALSE(utf.recv_text(std::chrono::seconds(60)).has_value());
  }
  EXPECT_TRUE(server.alive());
  // Nothing changed, and the game goes on.
  for (int s = 0; s < 2; ++s) {
    TableDriver fresh(server.port(), id);
    fresh.join(tok[s]);
    EXPECT_EQ(fresh.state()["move"], m);
    EXPECT_EQ(fresh.state()["view"], d.conn(s).last["view"]);
  }
  EXPECT_EQ(static_cast<int>(read_db_table(dir.file("turf.db"), id).actions.size()), m);
  d.step(rng);
  EXPECT_EQ(d.move(), m + 1);
}

TEST(ServerProtocol, RateLimitRefusesAFloodAndClosesOnlyThatConnection) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"), {"--rate", "20", "--burst", "40"});  // the defaults
  WsClient flood(server.port());
  // The server closes this connection part way (repeated abuse): later writes may be cut.
  for (int i = 0; i < 400; ++i) flood.send_may_be_cut(json{{"type", "ping"}}.dump());
  int pongs = 0, limited = 0;
  // Ends when the server closes the connection; the bound is for a machine that stalls.
  while (auto t = flood.recv_text(std::chrono::seconds(60))) {
    json f = json::parse(*t);
    if (f["type"] == "pong") ++pongs;
    if (f["type"] == "error" && f["code"] == "rate_limited") ++limited;
  }
  EXPECT_GE(pongs, 40);
  EXPECT_LE(pongs, 60);
  EXPECT_GE(limited, 100);
  EXPECT_TRUE(flood.closed());  // repeated abuse closes that connection
  WsClient calm(server.port());
  calm.send(json{{"type", "ping"}});
  EXPECT_EQ(calm.recv()["type"], "pong");
  EXPECT_TRUE(server.alive());
}

TEST(ServerHttp, ApiValidatesAndLimits) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"));
  const int p = server.port();
  auto games = http_request(p, http::verb::get, "/api/games");
  ASSERT_EQ(games.status, 200);
  EXPECT_EQ(games.parsed()[0]["id"], "dungeon");
  EXPECT_TRUE(games.parsed()[0]["bots"].contains("hard"));
  // Every game's card texts, for the browser table's hover and tap.
  for (const auto& g : games.parsed()) {
    auto cards =
        http_request(p, http::verb::get, "/api/games/" + g["id"].get<std::string>() + "/cards");
    ASSERT_EQ(cards.status, 200) << g["id"];
    ASSERT_FALSE(cards.parsed().empty()) << g["id"];
    EXPECT_TRUE(cards.parsed()[0].contains("text")) << g["id"];
  }
  EXPECT_EQ(http_request(p, http::verb::get, "/api/games/dungon/cards").status, 404);
  EXPECT_EQ(http_request(p, http::verb::get, "/api/games/dungeon/rules").status, 404);
  EXPECT_EQ(http_request(p, http::verb::get, "/api/games/dungeon").status, 404);
  EXPECT_EQ(http_request(p, http::verb::post, "/api/games/dungeon/cards", "{}").status, 405);
  EXPECT_EQ(http_request(p, http::verb::post, "/api/tables", "{not json").status, 400);
  EXPECT_EQ(http_request(p, http::verb::post, "/api/tables", std::string(20000, ' ')).status, 413);
  auto bad = http_request(p, http::verb::post, "/api/tables", R"({"game":"dungon","seats":[]})");
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body.find("unknown game"), std::string::npos);
  auto count = http_request(p, http::verb::post, "/api/tables",
                            R"({"game":"dungeon","seats":[{"kind":"human"}]})");
  EXPECT_EQ(count.status, 400);
  EXPECT_NE(count.body.find("needs 2 seats"), std::string::npos);
  EXPECT_EQ(
      http_request(
          p, http::verb::post, "/api/tables",
          R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"mcts:threads=64"}]})")
          .status,
      400);
  EXPECT_EQ(http_request(p, http::verb::post, "/api/tables",
                         R"({"game":"dungeon","seats":[{"kind":"alien"},{"kind":"human"}]})")
                .status,
            400);
  EXPECT_EQ(http_request(p, http::verb::get, "/api/tables/0123").status, 404);
  EXPECT_EQ(http_request(p, http::verb::get, "/api/tables/0123456789abcdef0123456789abcdef").status,
            404);
  EXPECT_EQ(http_request(p, http::verb::delete_, "/api/tables").status, 405);
  // Nothing was created by the refused requests.
  EXPECT_TRUE(http_request(p, http::verb::get, "/api/tables").parsed().empty());
  // Names that hide characters, pass for a tag, run long or repeat another seat's (ignoring case)
  // are refused (table::seat_name and name_seats: one rule); a bot preset plays by
  // itself under a plain default name.
  for (const std::string& name :
       {std::string("Ann\x01\nB"), std::string(100, 'x'), std::string("Player 2 (bot)"),
        std::string("Ann\u202e"), std::string("bot 2")})  // the bot's default name
    EXPECT_EQ(http_request(p, http::verb::post, "/api/tables",
                           json{{"game", "dungeon"},
                                {"seats", json::array({{{"kind", "human"}, {"name", name}},
                                                       {{"kind", "bot"}, {"bot", "easy"}}})}}
                               .dump())
                  .status,
              400)
        << name;
  json made = create_table(p, {{"game", "dungeon"},
                               {"seats", json::array({{{"kind", "human"}, {"name", "  Ann   Lee "}},
                                                      {{"kind", "bot"}, {"bot", "easy"}}})}});
  EXPECT_EQ(made["seats"][0]["name"], "Ann Lee");
  EXPECT_EQ(made["seats"][1]["name"], "Bot 2");
  EXPECT_FALSE(made["seats"][1].contains("token"));
}

TEST(ServerHttp, StaticFilesStayInTheirFolder) {
  TempDir dir;
  std::filesystem::create_directories(dir.file("web/assets"));
  std::ofstream(dir.file("web/index.html")) << "<!doctype html><title>turf</title>";
  std::ofstream(dir.file("web/assets/app.js")) << "console.log(1)";
  std::ofstream(dir.file("secret.txt")) << "SECRET";
  std::filesystem::create_symlink(dir.file("secret.txt"), dir.file("web/link.txt"));
  ServerProcess server(dir.file("turf.db"), {"--web", dir.file("web")});
  const int p = server.port();
  auto index = http_request(p, http::verb::get, "/");
  EXPECT_EQ(index.status, 200);
  EXPECT_NE(index.body.find("<title>turf</title>"), std::string::npos);
  EXPECT_EQ(http_request(p, http::verb::get, "/assets/app.js").body, "console.log(1)");
  for (const std::string bad :
       {"/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/..%2fsecret.txt",
        "/%252e%252e/secret.txt", "/index.html%00.js", "/assets/..\\..\\secret.txt", "/link.txt",
        "//etc/passwd", "/assets/%2e%2e/%2e%2e/secret.txt", "/nothing-here"}) {
    auto a = http_request(p, http::verb::get, bad);
    // Refused: not found, a bad request, or a request the HTTP parser does not accept at all.
    EXPECT_TRUE(a.status == 404 || a.status == 400 || a.status == 0) << bad << " " << a.status;
    EXPECT_EQ(a.body.find("SECRET"), std::string::npos) << bad;
  }
  EXPECT_TRUE(server.alive());
}

// ---------------------------------------------------------------------------------------------
// Cross-site WebSocket hijacking: a page of another site may not open the table's WebSocket.

TEST(ServerOrigin, OnlyTheServersOwnPagesOpenTheWebSocket) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"), {"--allow-origin", "https://turf.example.org"});
  const int port = server.port();
  const std::string p = ":" + std::to_string(port);
  // No Origin: not a browser (the load generator, curl, a bot client).
  EXPECT_EQ(ws_upgrade_status(port, ""), 101);
  // The server's own pages, under any loopback name.
  for (const std::string& ok :
       std::vector<std::string>{"http://127.0.0.1" + p, "http://localhost" + p,
                                "HTTP://LOCALHOST" + p + "/", "http://[::1]" + p})
    EXPECT_EQ(ws_upgrade_status(port, ok), 101) << ok;
  // --allow-origin (e.g. a TLS reverse proxy), its default port written or not.
  EXPECT_EQ(ws_upgrade_status(port, "https://turf.example.org"), 101);
  EXPECT_EQ(ws_upgrade_status(port, "https://turf.example.org:443"), 101);
  // Everything else: 403, whatever Host the request names.
  for (const std::string& no : std::vector<std::string>{
           "http://evil.example", "http://evil.example" + p, "null",
           "http://127.0.0.1:" + std::to_string(port + 1), "https://127.0.0.1" + p,
           "http://turf.example.org", "http://127.0.0.1" + p + "@evil.example",
           "http://127.0.0.1.evil.example" + p, "file://", "garbage"}) {
    EXPECT_EQ(ws_upgrade_status(port, no), 403) << no;
    EXPECT_EQ(ws_upgrade_status(port, no, "evil.example" + p), 403) << no;
  }
  // A refused page gets no frame; an allowed one plays.
  EXPECT_THROW(WsClient(port, "http://evil.example"), std::runtime_error);
  json created = create_table(port, two_humans());
  WsClient c(port, "http://localhost" + p);
  c.send(
      json{{"type", "hello"}, {"table", created["id"]}, {"token", created["seats"][0]["token"]}});
  EXPECT_EQ(c.recv_type("welcome")["seat"], 0);
  EXPECT_TRUE(server.alive());
}

TEST(ServerOrigin, BadAllowOriginIsAnError) {
  TempDir dir;
  const std::string cmd = std::string(TURF_BIN) + " serve --port 0 --db " + dir.file("t.db") +
                          " --allow-origin ftp://files.example 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[512];
  while (fgets(buf, sizeof buf, p)) out += buf;
  const int status = pclose(p);
  EXPECT_EQ(WEXITSTATUS(status), 2) << out;
  EXPECT_NE(out.find("error: --allow-origin: 'ftp://files.example' is not an origin"),
            std::string::npos)
      << out;
}

// A binary frame is refused (frames are JSON text): bad_frame, then the connection is closed with
// 1008 (policy violation); nothing changes, even when its bytes are a legal action of the seat.
TEST(ServerProtocol, ABinaryFrameIsRefusedAndClosesThatConnection) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"));
  const json table = create_table(server.port(), two_humans());
  const std::string id = table["id"];
  // The connection of the seat to move, and that seat's first legal action.
  json state;
  auto mover = [&]() -> std::unique_ptr<WsClient> {
    for (const auto& seat : table["seats"]) {
      auto c = std::make_unique<WsClient>(server.port());
      c->send(json{{"type", "hello"}, {"table", id}, {"token", seat["token"]}});
      state = c->recv_type("state");
      if (state["to_move"] == seat["seat"]) return c;
    }
    return nullptr;
  };
  auto binary = mover();
  ASSERT_TRUE(binary);
  const json act = {{"type", "act"}, {"action", state["legal"][0]["id"]}, {"move", state["move"]}};
  ASSERT_TRUE(binary->send_binary(act.dump()));
  const json r = binary->recv();
  EXPECT_EQ(r["type"], "error");
  EXPECT_EQ(r["code"], "bad_frame");
  EXPECT_FALSE(binary->recv_text()) << "the connection stayed open after a binary frame";
  EXPECT_TRUE(binary->closed());
  EXPECT_EQ(binary->close_code(), 1008);
  // Nothing changed: no action stored, a fresh connection sees move 0 and acts with text.
  EXPECT_TRUE(read_db_table(dir.file("turf.db"), id).actions.empty());
  auto text = mover();
  ASSERT_TRUE(text);
  EXPECT_EQ(state["move"], 0);
  text->send(act);
  EXPECT_EQ(text->recv_type("state")["move"], 1);
  EXPECT_EQ(read_db_table(dir.file("turf.db"), id).actions.size(), 1u);
}

// WebSocket pings from a client (control frames, which the WebSocket layer answers by itself)
// count against the address's frame budget like text frames: once they have spent it, a text
// frame is rate_limited; 100 refusals in a row (pings included) close the connection, and only it.
TEST(ServerProtocol, ControlFramesCountAgainstTheAddressFrameLimit) {
  TempDir dir;
  // Burst 5 a connection: the address's bucket holds 15 (and refills once in 33 s).
  ServerProcess server(dir.file("turf.db"), {"--rate", "0.01", "--burst", "5"});
  WsClient flood(server.port());
  for (int i = 0; i < 15; ++i) ASSERT_TRUE(flood.send_control_ping());
  flood.send(json{{"type", "ping"}});
  json r = flood.recv();
  EXPECT_EQ(r["type"], "error") << r.dump();
  EXPECT_EQ(r["code"], "rate_limited") << r.dump();
  // 99 more refusals (pings) make 100 in a row: the connection is closed.
  for (int i = 0; i < 99; ++i) flood.send_control_ping();
  int limited = 1;
  // Ends when the server closes the connection; the bound is for a machine that stalls.
  while (auto t = flood.recv_text(std::chrono::seconds(60))) {
    json f = json::parse(*t);
    EXPECT_EQ(f["code"], "rate_limited") << *t;
    ++limited;
  }
  EXPECT_TRUE(flood.closed());
  EXPECT_EQ(flood.close_code(), 1008);
  EXPECT_GE(limited, 99);  // (the bucket may have refilled by one meanwhile)
  EXPECT_LE(limited, 100);
  EXPECT_TRUE(server.alive());
}

// Issue 30: a `turf` record file opens as a replay in the browser: the page sends what it read
// (game, options, seed, seats, action ids) and the server, having played it through, keeps it as
// a finished private table. Each move's frames, from each seat and the spectator, are what
// `turf replay FILE --seat N --at K --json` prints; bad records change nothing.
TEST(ServerProtocol, ARecordFileOpensAsTheReplayTurfReplayShows) {
  TempDir dir;
  const std::string rec = dir.file("game.json");
  auto run = [](const std::string& cmd) {
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    char buf[4096];
    while (p && fgets(buf, sizeof buf, p)) out += buf;
    const int status = p ? pclose(p) : -1;
    EXPECT_EQ(WEXITSTATUS(status), 0) << cmd << "\n" << out;
    return out;
  };
  // (a seed past 2^53: a page sends it as text, which a JavaScript number could not hold)
  run(std::string(TURF_BIN) + " play dungeon --seats random,random --names Rex,Ann" +
      " --seed 18446744073709551557 --record " + rec + " </dev/null >/dev/null");
  std::ifstream in(rec);
  const json record = json::parse(in);
  json body = {{"game", record["game"]},
               {"options", record["options"]},
               {"seed", std::to_string(record["seed"].get<std::uint64_t>())},
               {"seats", json::array()},
               {"actions", json::array()}};
  for (const auto& s : record["seats"])
    body["seats"].push_back({{"name", s["name"]}, {"agent", s["agent"]}});
  for (const auto& a : record["actions"]) body["actions"].push_back(a["id"]);
  ServerProcess server(dir.file("turf.db"));
  auto post = [&](const json& b) {
    return http_request(server.port(), http::verb::post, "/api/records", b.dump());
  };
  // bad records: refused, nothing stored
  json cut = body;
  cut["actions"].erase(cut["actions"].end() - 1);
  json illegal = body;
  illegal["actions"][3] = 999999;
  json wrong_seed = body;
  wrong_seed["seed"] = "-1";
  for (const json& bad : {cut, illegal, wrong_seed, json{{"game", "chess"}}, json::array()})
    EXPECT_EQ(post(bad).status, 400) << post(bad).body;
  EXPECT_EQ(http_request(server.port(), http::verb::get, "/api/records").status, 405);
  const auto made = post(body);
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string id = made.parsed()["id"];
  EXPECT_NE(made.parsed()["replay"].get<std::string>().find("#/replay/" + id), std::string::npos);
  EXPECT_TRUE(http_request(server.port(), http::verb::get, "/api/tables").parsed().empty())
      << "an imported record is private";
  const int total = static_cast<int>(body["actions"].size());
  for (int k = 0; k <= total; k += std::max(1, total / 5)) {
    for (const std::string seat : {"0", "1", "spectator"}) {
      SCOPED_TRACE("move " + std::to_string(k) + ", seat " + seat);
      const std::string q = seat == "spectator" ? "" : "view=" + seat + "&";
      const auto r = http_request(server.port(), http::verb::get,
                                  "/api/tables/" + id + "/replay?" + q + "at=" + std::to_string(k));
      ASSERT_EQ(r.status, 200) << r.body;
      json shown = json::parse(run(std::string(TURF_BIN) + " replay " + rec + " --seat " + seat +
                                   " --at " + std::to_string(k) + " --json"));
      // turf replay adds the last move's narration to the view; the replay's log holds it
      const json told = shown["narration"];
      shown.erase("narration");
      const json got = r.parsed();
      EXPECT_EQ(got["state"]["view"], shown);
      const json& log = got["state"]["log"];
      ASSERT_EQ(log.size(), static_cast<std::size_t>(k)) << r.body.substr(0, 600);
      json texts = json::array(), expected = json::array();
      if (k > 0)
        for (const auto& line : log.back()["lines"]) texts.push_back(line["text"]);
      for (const auto& line : told) expected.push_back(line["text"]);
      EXPECT_EQ(texts, expected);
      EXPECT_EQ(got["welcome"]["seats"][0]["name"], "Rex");
    }
  }
}
