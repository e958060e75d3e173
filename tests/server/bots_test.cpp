// The table server's bots through the table layer (src/table/): a spec beyond the server's
// limits is refused; programs sit only by the names the operator gave at start (--ext-bot
// NAME=COMMAND), never as a command line from a client (no shell runs, nothing is written); a
// named program plays a table to the end against a person; when a program fails, every player and
// spectator is told, by the failure's class only; and the server answers only for the host names
// it serves (DNS rebinding). Against the real binary on loopback.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "harness.h"

using namespace turf;
using namespace turf::server_test;

namespace {

std::string python(const std::string& script, const std::string& args = "") {
  return "/usr/bin/python3 " + std::string(TURF_SOURCE_DIR) + "/" + script +
         (args.empty() ? "" : " " + args);
}

json seats_with(const std::string& bot) {
  return json::array({{{"kind", "human"}}, {{"kind", "bot"}, {"bot", bot}}});
}

json body(const std::string& game, const std::string& bot) {
  return {{"game", game}, {"seats", seats_with(bot)}};
}

// Every narration line the connection was sent, in order.
std::vector<json> lines_seen(const WsClient& ws) {
  std::vector<json> out;
  for (const auto& f : ws.frames()) {
    const json j = json::parse(f);
    if (j.value("type", "") != "state") continue;
    for (const auto& step : j["log"])
      for (const auto& l : step["lines"]) out.push_back(l);
  }
  return out;
}

}  // namespace

TEST(ServerBots, LimitsAndProgramsOnlyByTheOperatorsNames) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"));
  const int p = server.port();
  for (const char* bot : {"greedy:worlds=10000,budget=100000000", "mcts:iters=2000,rollout=greedy",
                          "mcts:time=6s", "mcts:threads=2"}) {
    auto a = http_request(p, http::verb::post, "/api/tables", body("cryhavoc", bot).dump());
    EXPECT_EQ(a.status, 400) << bot;
    EXPECT_NE(a.body.find("on this server"), std::string::npos) << a.body;
  }
  // A server whose operator named no program seats none.
  auto a = http_request(p, http::verb::post, "/api/tables",
                        body("dungeon", "ext:" + python("examples/bots/random_bot.py")).dump());
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(a.body.find("--ext-bot NAME=COMMAND"), std::string::npos) << a.body;
  EXPECT_TRUE(http_request(p, http::verb::get, "/api/tables").parsed().empty());
  for (const auto& g : http_request(p, http::verb::get, "/api/games").parsed())
    EXPECT_TRUE(g["programs"].empty());
}

// The hole of --allow-ext-bots: a client's "ext:COMMAND" ran through /bin/sh. Now a table names
// a program; a command line is refused and runs nothing.
TEST(ServerBots, AShellLineFromAClientIsRefusedAndRunsNothing) {
  TempDir dir;
  const std::string written = dir.file("pwned");
  ServerProcess server(dir.file("turf.db"),
                       {"--ext-bot", "rnd=" + python("examples/bots/random_bot.py")});
  const int p = server.port();
  for (const std::string& bot : std::vector<std::string>{
           "ext:id > " + written, "ext:touch " + written, "ext:/bin/sh -c 'id > " + written + "'",
           "ext:rnd; touch " + written, "ext:rnd && touch " + written,
           "ext:" + python("examples/bots/random_bot.py")}) {
    auto a = http_request(p, http::verb::post, "/api/tables", body("dungeon", bot).dump());
    EXPECT_EQ(a.status, 400) << bot;
    EXPECT_NE(a.body.find("offers no program named"), std::string::npos) << a.body;
    // The names the client may ask for, never the operator's commands.
    EXPECT_NE(a.body.find("(ext:NAME with one of: rnd)"), std::string::npos) << a.body;
  }
  EXPECT_TRUE(http_request(p, http::verb::get, "/api/tables").parsed().empty());
  // The server answers the refusal before it would start anything: nothing was.
  EXPECT_FALSE(std::filesystem::exists(written));
  EXPECT_TRUE(server.alive());
}

TEST(ServerBots, AnUnknownNameIsRefusedWithDidYouMean) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"),
                       {"--ext-bot", "rnd=" + python("examples/bots/random_bot.py"), "--ext-bot",
                        "greedy-py=" + python("examples/bots/greedy_bot.py")});
  auto a = http_request(server.port(), http::verb::post, "/api/tables",
                        body("yard", "ext:greedy_py").dump());
  EXPECT_EQ(a.status, 400);
  EXPECT_NE(a.body.find("did you mean 'greedy-py'"), std::string::npos) << a.body;
  EXPECT_NE(a.body.find("rnd, greedy-py"), std::string::npos) << a.body;
  // The catalogue offers them by name, never by command.
  const auto games = http_request(server.port(), http::verb::get, "/api/games");
  for (const auto& g : games.parsed())
    EXPECT_EQ(g["programs"], (json{{{"name", "rnd"}, {"bot", "ext:rnd"}},
                                   {{"name", "greedy-py"}, {"bot", "ext:greedy-py"}}}));
  EXPECT_EQ(games.body.find("python3"), std::string::npos);
}

TEST(ServerBots, ANamedProgramPlaysATableToTheEnd) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"),
                       {"--ext-bot", "rnd=" + python("examples/bots/random_bot.py")});
  for (const char* game : {"dungeon", "yard", "turfwars", "cryhavoc"}) {
    const json created = create_table(server.port(), body(game, "ext:rnd"));
    ASSERT_TRUE(created.contains("id")) << created.dump();
    EXPECT_EQ(created["seats"][1]["name"], "Bot 2");
    TableDriver d(server.port(), created["id"]);
    d.join(created["seats"][0]["token"]);
    Rng rng(6);
    d.play(rng, 5000);
    EXPECT_TRUE(d.over()) << game;
    for (const auto& l : lines_seen(*d.conn(0).ws)) EXPECT_NE(l["kind"], "bot_takeover");
  }
  EXPECT_TRUE(server.alive());
}

// A program that fails: the fallback plays on, and the player and a spectator read it in the log,
// told by the failure's class. The program wrote its own view where its answer belonged (so the
// failure's text, for the operator, quotes it): none of that reaches the table.
TEST(ServerBots, PlayersAndSpectatorsAreToldWhenAProgramFails) {
  TempDir dir;
  ServerProcess server(
      dir.file("turf.db"),
      {"--ext-bot", "echo=" + python("tests/external/hostile_bot.py", "echo_view 1")});
  const json created = create_table(server.port(), body("dungeon", "ext:echo"));
  TableDriver d(server.port(), created["id"]);
  d.join(created["seats"][0]["token"]);
  d.join("");  // a spectator
  Rng rng(3);
  d.play(rng, 5000);
  ASSERT_TRUE(d.over());
  for (std::size_t c = 0; c < d.size(); ++c) {
    int told = 0;
    for (const auto& l : lines_seen(*d.conn(c).ws)) {
      if (l["kind"] != "bot_takeover") {
        EXPECT_EQ(l.dump().find("seen"), std::string::npos);
        continue;
      }
      ++told;
      EXPECT_EQ(l["seats"], json{1});
      EXPECT_EQ(l["data"], (json{{"reason", "protocol"}, {"fallback", "greedy"}}));
      EXPECT_EQ(
          l["text"],
          "{P2}'s program broke the protocol: the built-in greedy bot plays for {P2} from now "
          "on.");
    }
    EXPECT_EQ(told, 1) << "connection " << c;
  }
}

// `--allow-ext-bots` is gone: it is an error that says what to use instead.
TEST(ServerBots, TheOldFlagIsAnErrorPointingAtExtBot) {
  TempDir dir;
  const std::string err = dir.file("err");
  const std::string cmd = std::string(TURF_BIN) + " serve --port 0 --db " + dir.file("t.db") +
                          " --allow-ext-bots >/dev/null 2>" + err;
  const int status = std::system(cmd.c_str());
  EXPECT_EQ(WEXITSTATUS(status), 2);
  std::ifstream in(err);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(text.find("error: --allow-ext-bots is gone"), std::string::npos) << text;
  EXPECT_NE(text.find("--ext-bot NAME=COMMAND"), std::string::npos) << text;
  // A bad --ext-bot is an input error before the server starts.
  const std::string bad = std::string(TURF_BIN) + " serve --port 0 --db " + dir.file("t.db") +
                          " --ext-bot 'x=/no/such/bot' >/dev/null 2>" + err;
  EXPECT_EQ(WEXITSTATUS(std::system(bad.c_str())), 2);
  std::ifstream in2(err);
  const std::string text2((std::istreambuf_iterator<char>(in2)), {});
  EXPECT_NE(text2.find("is not an executable file"), std::string::npos) << text2;
}

// DNS rebinding: a page whose name was made to point at the server sends that name as Host.
// Bound to every address, the server answers for IP addresses, localhost and the names it was
// given; bound to loopback, for loopback's names.
TEST(ServerHost, ARequestForANameItDoesNotServeIsRefused) {
  TempDir dir;
  ServerProcess any(dir.file("a.db"), {"--host", "0.0.0.0", "--allow-host", "turf.local"});
  ServerProcess loop(dir.file("b.db"));
  const auto with_host = [](int port, const std::string& host, http::verb verb = http::verb::get,
                            const std::string& target = "/api/tables", Headers extra = {}) {
    Headers h{{"Host", host}};
    h.insert(h.end(), extra.begin(), extra.end());
    return http_request(port, verb, target,
                        verb == http::verb::post ? body("dungeon", "random").dump() : "", h);
  };
  const int pa = any.port(), pl = loop.port();
  const std::string a = ":" + std::to_string(pa), l = ":" + std::to_string(pl);
  for (const std::string& host :
       std::vector<std::string>{"127.0.0.1" + a, "10.1.2.3" + a, "[::1]" + a, "localhost" + a,
                                "turf.local" + a, "TURF.local" + a})
    EXPECT_EQ(with_host(pa, host).status, 200) << host;
  for (const std::string& host :
       std::vector<std::string>{"attacker.example" + a, "127.0.0.1.nip.io" + a, "127.1" + a,
                                "10.1.2.3:1", "turf.local:1", "evil" + a})
    EXPECT_EQ(with_host(pa, host).status, 403) << host;
  for (const std::string& host :
       std::vector<std::string>{"127.0.0.1" + l, "localhost" + l, "[::1]" + l})
    EXPECT_EQ(with_host(pl, host).status, 200) << host;
  for (const std::string& host :
       std::vector<std::string>{"attacker.example" + l, "10.1.2.3" + l, "127.0.0.1:1"})
    EXPECT_EQ(with_host(pl, host).status, 403) << host;
  // The rebinding page's POST (its Origin matches the Host it sends) and WebSocket upgrade.
  const auto post =
      with_host(pa, "attacker.example" + a, http::verb::post, "/api/tables",
                {{"Origin", "http://attacker.example" + a}, {"Content-Type", "application/json"}});
  EXPECT_EQ(post.status, 403);
  EXPECT_NE(post.body.find("--allow-host"), std::string::npos) << post.body;
  const auto upgrade = with_host(pa, "attacker.example" + a, http::verb::get, "/ws",
                                 {{"Origin", "http://attacker.example" + a},
                                  {"Connection", "Upgrade"},
                                  {"Upgrade", "websocket"},
                                  {"Sec-WebSocket-Version", "13"},
                                  {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="}});
  EXPECT_EQ(upgrade.status, 403);
  EXPECT_TRUE(http_request(pa, http::verb::get, "/api/tables").parsed().empty());
  // The name it was given is a page of its own: it may create a table.
  const auto mine =
      with_host(pa, "turf.local" + a, http::verb::post, "/api/tables",
                {{"Origin", "http://turf.local" + a}, {"Content-Type", "application/json"}});
  EXPECT_EQ(mine.status, 201) << mine.body;
}

// Bot time is shared per decision, not per address (docs/security.md "Bot time"): with one bot
// thread, a table whose bot searches for its 5 s does not hold up another table's quick bot, whose
// answer comes within a few 50 ms slices while the long search is still going.
TEST(ServerBots, ALongSearchAtOneTableDoesNotHoldUpAnotherTablesBot) {
  TempDir dir;
  ServerProcess server(dir.file("turf.db"), {"--bot-threads", "1"});
  Rng rng(4);
  // Cry Havoc's set-up: every decision has several choices, so the search runs its whole time.
  const json long_table = create_table(server.port(), body("cryhavoc", "mcts:time=5s"));
  ASSERT_TRUE(long_table.contains("id")) << long_table.dump();
  TableDriver thinking(server.port(), long_table["id"]);
  thinking.join(long_table["seats"][0]["token"]);
  while (thinking.state()["to_move"] == 0) thinking.step(rng);  // until its bot searches
  ASSERT_EQ(thinking.state()["to_move"], 1);
  const int thinking_at = thinking.move();

  const json quick_table = create_table(server.port(), body("dungeon", "easy"));
  ASSERT_TRUE(quick_table.contains("id")) << quick_table.dump();
  TableDriver quick(server.port(), quick_table["id"]);
  quick.join(quick_table["seats"][0]["token"]);
  for (;;) {
    quick.sync();
    if (quick.state()["to_move"] == 1) break;
    quick.step(rng);  // the person's turn
  }
  const auto asked = std::chrono::steady_clock::now();
  quick.step(rng);  // reads the quick bot's answer
  std::cout
      << "the quick bot answered in "
      << std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - asked).count()
      << " ms\n";
  // ... while the search at the other table has not answered yet (it runs its 5 s)
  TableDriver look(server.port(), long_table["id"]);
  look.join("");
  EXPECT_EQ(look.move(), thinking_at);
  EXPECT_EQ(look.state()["to_move"], 1);
  EXPECT_TRUE(server.alive());
}
