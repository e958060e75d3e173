#include "server/load.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmath>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include <sqlite3.h>

#include "core/game.h"
#include "core/rng.h"
#include "server/stats.h"

namespace turf::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using asio::awaitable;
using asio::use_awaitable;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

struct Target {
  std::string host;
  std::string port;
  // What the Host header says: the server answers only for its own host and port (HostPolicy).
  std::string authority() const { return host + ":" + port; }
};

Target parse_url(const std::string& url) {
  const std::string prefix = "http://";
  if (url.rfind(prefix, 0) != 0) throw Error("--url must look like http://127.0.0.1:8080/");
  std::string rest = url.substr(prefix.size());
  rest = rest.substr(0, rest.find('/'));
  auto colon = rest.rfind(':');
  if (colon == std::string::npos) return {rest, "80"};
  return {rest.substr(0, colon), rest.substr(colon + 1)};
}

// CPU seconds (user + system) a process has used so far.
double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream rest(text.substr(close + 2));
  std::string field;
  double ticks = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i)
    if (i == 14 || i == 15) ticks += std::stod(field);
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

long rss_kib(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return -1;
}

struct Stats {
  std::vector<double> latencies_ms;  // measured window only
  std::map<std::string, std::vector<double>> latencies_by_game;
  std::vector<double> bot_turns_ms;     // a bot's whole turn at a human table, measured window only
  std::vector<double> replays_ms;       // GET .../replay answered, measured window only
  long turn_based = 0, spectators = 0;  // tables of each kind opened
  long replays_total = 0;               // replay requests answered, the whole run
  long actions = 0;                     // measured window only
  long games = 0;
  long errors = 0;
  int open_tables = 0;
  Clock::time_point measure_from, measure_to;
  bool measuring(Clock::time_point t) const { return t >= measure_from && t < measure_to; }
};

using Ws = websocket::stream<beast::tcp_stream>;

awaitable<json> read_json(Ws& ws, beast::flat_buffer& buf) {
  buf.consume(buf.size());
  co_await ws.async_read(buf, use_awaitable);
  co_return json::parse(beast::buffers_to_string(buf.data()));
}

awaitable<json> read_state(Ws& ws, beast::flat_buffer& buf, Stats& stats) {
  for (;;) {
    json f = co_await read_json(ws, buf);
    if (f["type"] == "state") co_return f;
    if (f["type"] == "error") ++stats.errors;
  }
}

// POST /api/tables on a connection of its own (the server closes idle HTTP connections); the
// create answer.
awaitable<json> post_table(const Target& target, const tcp::resolver::results_type& endpoints,
                           const json& body) {
  auto exec = co_await asio::this_coro::executor;
  http::request<http::string_body> req{http::verb::post, "/api/tables", 11};
  req.set(http::field::host, target.authority());
  req.set(http::field::content_type, "application/json");
  req.body() = body.dump();
  req.prepare_payload();
  beast::tcp_stream api(exec);
  co_await api.async_connect(endpoints, use_awaitable);
  co_await http::async_write(api, req, use_awaitable);
  beast::flat_buffer hbuf;
  http::response<http::string_body> res;
  co_await http::async_read(api, hbuf, res, use_awaitable);
  if (res.result() != http::status::created) throw Error("create failed: " + res.body());
  co_return json::parse(res.body());
}

awaitable<json> get_json(const Target& target, const std::string& path);

awaitable<void> run_table(const Target& target, const LoadOptions& o, int index, Stats& stats,
                          Clock::time_point deadline) {
  auto exec = co_await asio::this_coro::executor;
  Rng rng(o.seed * 1000003 + static_cast<std::uint64_t>(index));
  tcp::resolver resolver(exec);
  auto endpoints = co_await resolver.async_resolve(target.host, target.port, use_awaitable);
  asio::steady_timer timer(exec);
  // Spread the ramp: open tables one after the other over o.ramp seconds.
  timer.expires_after(std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(o.ramp * 0.8 * index / std::max(1, o.tables))));
  co_await timer.async_wait(use_awaitable);
  const bool two_humans = index % 2 == 0;
  // With several games, table i plays game (i / 2) mod n: each game gets tables of both kinds.
  const std::string& game = o.games[static_cast<std::size_t>(index / 2) % o.games.size()];
  while (Clock::now() < deadline) {
    json seats = json::array({{{"kind", "human"}, {"name", "load A"}}});
    seats.push_back(two_humans ? json{{"kind", "human"}, {"name", "load B"}}
                               : json{{"kind", "bot"}, {"bot", o.bot}});
    json body = {{"game", game}, {"seats", seats}};
    // the mix: turn-based tables and watched ones, spread over the indexes by their shares
    const auto share = [&](double f, int salt) {
      return f > 0 && std::fmod((index + salt) * 0.6180339887498949, 1.0) < f;
    };
    if (share(o.turn_share, 0)) {
      body["pace"] = "turn";
      ++stats.turn_based;
    }
    const bool watched = share(o.spectator_share, 7);
    json created = co_await post_table(target, endpoints, body);
    struct Seat {
      std::unique_ptr<Ws> ws;
      beast::flat_buffer buf;
      int seat;
      json last;
    };
    std::vector<Seat> clients;
    for (const auto& s : created["seats"]) {
      if (!s.contains("token")) continue;
      Seat c;
      c.seat = s["seat"];
      c.ws = std::make_unique<Ws>(exec);
      co_await beast::get_lowest_layer(*c.ws).async_connect(endpoints, use_awaitable);
      beast::get_lowest_layer(*c.ws).expires_never();
      co_await c.ws->async_handshake(target.authority(), "/ws", use_awaitable);
      c.ws->text(true);
      const std::string hello =
          json{{"type", "hello"}, {"table", created["id"]}, {"token", s["token"]}}.dump();
      co_await c.ws->async_write(asio::buffer(hello), use_awaitable);
      c.last = co_await read_state(*c.ws, c.buf, stats);
      clients.push_back(std::move(c));
    }
    if (watched) {  // a spectator reads every frame (never to move: seat -1)
      Seat c;
      c.seat = -1;
      c.ws = std::make_unique<Ws>(exec);
      co_await beast::get_lowest_layer(*c.ws).async_connect(endpoints, use_awaitable);
      beast::get_lowest_layer(*c.ws).expires_never();
      co_await c.ws->async_handshake(target.authority(), "/ws", use_awaitable);
      c.ws->text(true);
      const std::string hello = json{{"type", "hello"}, {"table", created["id"]}}.dump();
      co_await c.ws->async_write(asio::buffer(hello), use_awaitable);
      c.last = co_await read_state(*c.ws, c.buf, stats);
      clients.push_back(std::move(c));
      ++stats.spectators;
    }
    ++stats.open_tables;
    Clock::time_point bot_turn_from{};
    while (!clients[0].last["over"].get<bool>() && Clock::now() < deadline) {
      const int m = clients[0].last["move"];
      const json& tm = clients[0].last["to_move"];
      Seat* mover = nullptr;
      for (auto& c : clients)
        if (!tm.is_null() && c.seat == tm.get<int>()) mover = &c;
      Clock::time_point sent{};
      if (mover) {
        timer.expires_after(std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(2.0 * o.think * rng.unit())));
        co_await timer.async_wait(use_awaitable);
        const auto& legal = mover->last["legal"];
        const auto& pick = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        const std::string act = json{{"type", "act"}, {"action", pick["id"]}, {"move", m}}.dump();
        sent = Clock::now();
        co_await mover->ws->async_write(asio::buffer(act), use_awaitable);
        mover->last = co_await read_state(*mover->ws, mover->buf, stats);
        const auto got = Clock::now();
        if (stats.measuring(sent)) {
          const double ms = std::chrono::duration<double, std::milli>(got - sent).count();
          stats.latencies_ms.push_back(ms);
          if (o.games.size() > 1) stats.latencies_by_game[game].push_back(ms);
          ++stats.actions;
        }
      }
      for (auto& c : clients)
        if (&c != mover && c.seat >= 0) c.last = co_await read_state(*c.ws, c.buf, stats);
      // a spectator catches up with the players (it may have joined a frame ahead of them)
      for (auto& c : clients)
        while (c.seat < 0 && c.last["move"].get<int>() < clients[0].last["move"].get<int>())
          c.last = co_await read_state(*c.ws, c.buf, stats);
      if (!mover && stats.measuring(Clock::now())) ++stats.actions;  // a bot's action
      // A bot's turn ends when a client is to move again (or the game ends): timed from the
      // frame of the client's action that handed it over.
      if (mover && !two_humans) bot_turn_from = Clock::now();
      const json& next = clients[0].last["to_move"];
      const bool client_next = clients[0].last["over"].get<bool>() ||
                               (!next.is_null() && next.get<int>() == clients[0].seat);
      if (!mover && client_next && bot_turn_from != Clock::time_point{}) {
        if (stats.measuring(bot_turn_from))
          stats.bot_turns_ms.push_back(
              std::chrono::duration<double, std::milli>(Clock::now() - bot_turn_from).count());
        bot_turn_from = {};
      }
      if (mover && client_next) bot_turn_from = {};  // the client moves again: no bot turn
    }
    --stats.open_tables;
    if (clients[0].last["over"].get<bool>()) {
      ++stats.games;
      // its replay, looked at a few moves (as a replay link opened later would)
      const int moves = clients[0].last["move"].get<int>();
      for (int r = 0; r < o.replays && Clock::now() < deadline; ++r) {
        const int at = static_cast<int>(rng.below(static_cast<std::uint32_t>(moves + 1)));
        const auto asked = Clock::now();
        const json got =
            co_await get_json(target, "/api/tables/" + created["id"].get<std::string>() +
                                          "/replay?at=" + std::to_string(at));
        if (!got.is_object() || !got.contains("state"))
          ++stats.errors;
        else
          ++stats.replays_total;
        if (stats.measuring(asked))
          stats.replays_ms.push_back(
              std::chrono::duration<double, std::milli>(Clock::now() - asked).count());
      }
    }
    for (auto& c : clients) {
      beast::error_code ec;
      beast::get_lowest_layer(*c.ws).socket().close(ec);
    }
  }
}

// A bot-only table of the heaviest allowed bot, watched by a spectator until the deadline (a
// finished game is replaced by a new one).
awaitable<void> run_heavy(const Target& target, const LoadOptions& o, Clock::time_point deadline) {
  auto exec = co_await asio::this_coro::executor;
  tcp::resolver resolver(exec);
  auto endpoints = co_await resolver.async_resolve(target.host, target.port, use_awaitable);
  while (Clock::now() < deadline) {
    const json body = {{"game", o.games.front()},
                       {"seats", json::array({{{"kind", "bot"}, {"bot", o.heavy_bot}},
                                              {{"kind", "bot"}, {"bot", o.heavy_bot}}})}};
    const json created = co_await post_table(target, endpoints, body);
    Ws ws(exec);
    co_await beast::get_lowest_layer(ws).async_connect(endpoints, use_awaitable);
    beast::get_lowest_layer(ws).expires_never();
    co_await ws.async_handshake(target.authority(), "/ws", use_awaitable);
    ws.text(true);
    const std::string hello = json{{"type", "hello"}, {"table", created["id"]}}.dump();
    co_await ws.async_write(asio::buffer(hello), use_awaitable);
    beast::flat_buffer buf;
    bool over = false;
    // The bots move at least once per their time cap, so a frame comes soon after the deadline.
    while (!over && Clock::now() < deadline) {
      buf.consume(buf.size());
      beast::error_code ec;
      co_await ws.async_read(buf, asio::redirect_error(use_awaitable, ec));
      if (ec) break;
      const json f = json::parse(beast::buffers_to_string(buf.data()), nullptr, false);
      over = f.is_object() && f.value("type", "") == "state" && f.value("over", false);
    }
    beast::error_code ec;
    beast::get_lowest_layer(ws).socket().close(ec);
  }
}

awaitable<json> get_json(const Target& target, const std::string& path) {
  auto exec = co_await asio::this_coro::executor;
  tcp::resolver resolver(exec);
  auto endpoints = co_await resolver.async_resolve(target.host, target.port, use_awaitable);
  beast::tcp_stream s(exec);
  co_await s.async_connect(endpoints, use_awaitable);
  http::request<http::empty_body> req{http::verb::get, path, 11};
  req.set(http::field::host, target.authority());
  co_await http::async_write(s, req, use_awaitable);
  beast::flat_buffer buf;
  http::response_parser<http::string_body> parser;
  parser.body_limit(1 << 20);
  co_await http::async_read(s, buf, parser, use_awaitable);
  co_return json::parse(parser.get().body(), nullptr, false);
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  const auto k = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1));
  std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
  return v[k];
}

}  // namespace

std::vector<double> probe_commits(const std::string& folder, int commits, bool full_sync) {
  const std::string path = folder + "/probe.db";
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
    sqlite3_close(db);
    throw Error("cannot open " + path);
  }
  auto exec = [&](const char* sql) {
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
      throw Error(std::string("probe: ") + sqlite3_errmsg(db));
  };
  std::vector<double> ms;
  try {
    exec("PRAGMA journal_mode=WAL");
    exec(full_sync ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    exec("CREATE TABLE IF NOT EXISTS t (k INTEGER PRIMARY KEY, v INTEGER)");
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO t (v) VALUES (?)", -1, &st, nullptr);
    for (int i = 0; i < commits; ++i) {
      const auto t0 = Clock::now();
      sqlite3_reset(st);
      sqlite3_bind_int(st, 1, i);
      sqlite3_step(st);  // autocommit: one transaction, one WAL append and its fsync
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    sqlite3_finalize(st);
  } catch (...) {
    sqlite3_close(db);
    throw;
  }
  sqlite3_close(db);
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ec);
  return ms;
}

int serve_load(const LoadOptions& options) {
  LoadOptions o = options;
  o.games.clear();
  if (o.game == "all") {
    for (const auto& g : Registry::instance().games()) o.games.push_back(g->id);
  } else {
    for (std::size_t at = 0; at <= o.game.size();) {
      std::size_t end = o.game.find(',', at);
      if (end == std::string::npos) end = o.game.size();
      o.games.push_back(o.game.substr(at, end - at));
      at = end + 1;
    }
  }
  for (const auto& g : o.games) Registry::instance().find(g);  // "did you mean" on a typo
  if (o.sync != "full" && o.sync != "normal")
    throw Error("--sync must be full or normal, not '" + o.sync + "'");
  if (o.tables < 1 || o.tables > 20000) throw Error("--tables must be in 1..20000");
  pid_t child = -1;
  std::vector<double> probe_full, probe_normal;  // p50, p90, p99, max (ms)
  std::string url = o.url;
  std::string tmp;
  FILE* child_out = nullptr;
  if (url.empty()) {
    // Start `turf serve` on a temporary database.
    char tmpl[] = "/tmp/turf-load-XXXXXX";
    if (!mkdtemp(tmpl)) throw Error("cannot create a temporary folder");
    tmp = tmpl;
    // The disk's floor, measured in the same folder just before the run.
    if (o.probe > 0) {
      for (bool full : {true, false}) {
        auto ms = probe_commits(tmp, o.probe, full);
        auto& dst = full ? probe_full : probe_normal;
        dst = {percentile(ms, 0.5), percentile(ms, 0.9), percentile(ms, 0.99),
               *std::max_element(ms.begin(), ms.end())};
      }
    }
    int out[2];
    if (pipe(out) != 0) throw Error("pipe failed");
    child = fork();
    if (child == 0) {
      // The server goes when the generator does, however it ends (a crash included): no
      // server is left behind holding the generator's output open.
      prctl(PR_SET_PDEATHSIG, SIGTERM);
      dup2(out[1], 1);
      close(out[0]);
      close(out[1]);
      const std::string db = tmp + "/load.db";
      execl("/proc/self/exe", "turf", "serve", "--port", "0", "--db", db.c_str(), "--web",
            tmp.c_str(), "--rate", "1000", "--burst", "1000", "--sync", o.sync.c_str(), "--stats",
            // Every simulated client comes from 127.0.0.1: no per-address limits.
            "--connections-per-address", "1000000", "--request-rate", "1000000",
            "--tables-per-minute", "1000000", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(out[1]);
    child_out = fdopen(out[0], "r");
    char line[512];
    if (!child_out || !fgets(line, sizeof line, child_out)) throw Error("turf serve did not start");
    std::string l = line;
    auto p = l.find("http://");
    if (p == std::string::npos) throw Error("unexpected output of turf serve: " + l);
    url = l.substr(p);
    while (!url.empty() && (url.back() == '\n' || url.back() == '\r')) url.pop_back();
  }
  const Target target = parse_url(url);
  asio::io_context io(1);
  Stats stats;
  const auto start = Clock::now();
  stats.measure_from =
      start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.ramp));
  stats.measure_to = stats.measure_from + std::chrono::duration_cast<Clock::duration>(
                                              std::chrono::duration<double>(o.seconds));
  const long rss_before = child > 0 ? rss_kib(child) : -1;
  long rss_loaded = -1;
  int tables_at_rss = 0;
  int failed = 0;
  std::string first_failure;
  auto on_done = [&](std::exception_ptr e) {
    if (!e) return;
    ++failed;
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& x) {
      if (first_failure.empty()) first_failure = x.what();
    }
  };
  for (int i = 0; i < o.tables; ++i)
    asio::co_spawn(io, run_table(target, o, i, stats, stats.measure_to), on_done);
  for (int i = 0; i < o.heavy; ++i)
    asio::co_spawn(io, run_heavy(target, o, stats.measure_to), on_done);
  // Sample the server's memory once every table is open.
  asio::steady_timer probe(io);
  probe.expires_at(stats.measure_from);
  probe.async_wait([&](const beast::error_code&) {
    if (child > 0) rss_loaded = rss_kib(child);
    tables_at_rss = stats.open_tables;
  });
  // The server's stage histograms at both ends of the measured window (a server we started).
  json stages_from, stages_to;
  double cpu_server[2] = {0, 0}, cpu_self[2] = {0, 0};
  if (child > 0) {
    auto snap = [&](Clock::time_point at, json& into) {
      const int end = &into == &stages_to ? 1 : 0;
      asio::co_spawn(
          io,
          // (`end` by value: this coroutine outlives the call of snap that made it)
          [&, at, end]() -> awaitable<void> {
            asio::steady_timer t(co_await asio::this_coro::executor);
            t.expires_at(at);
            co_await t.async_wait(use_awaitable);
            cpu_server[end] = cpu_seconds(child);
            cpu_self[end] = cpu_seconds(getpid());
            into = co_await get_json(target, "/api/stats");
          },
          asio::detached);
    };
    snap(stats.measure_from, stages_from);
    snap(stats.measure_to - std::chrono::milliseconds(100), stages_to);
  }
  io.run();
  json stages = json::object();
  std::uint64_t commits = 0, transactions = 0;
  if (stages_from.is_object() && stages_to.is_object() && stages_from.contains("stages") &&
      stages_to.contains("stages")) {
    for (auto& [name, counts] : stages_to["stages"].items()) {
      std::vector<std::uint64_t> window = counts.get<std::vector<std::uint64_t>>();
      const auto before = stages_from["stages"][name].get<std::vector<std::uint64_t>>();
      for (std::size_t i = 0; i < window.size() && i < before.size(); ++i) window[i] -= before[i];
      stages[name] = Histogram::summary(window);
    }
    commits = stages_to.value("commits", 0ull) - stages_from.value("commits", 0ull);
    transactions = stages_to.value("transactions", 0ull) - stages_from.value("transactions", 0ull);
  }
  std::vector<double> lat = stats.latencies_ms;
  const double p50 = percentile(lat, 0.50), p90 = percentile(lat, 0.90),
               p99 = percentile(lat, 0.99);
  const double mx = lat.empty() ? 0 : *std::max_element(lat.begin(), lat.end());
  std::vector<double> replays = stats.replays_ms;
  const double r50 = percentile(replays, 0.50), r99 = percentile(replays, 0.99);
  std::vector<double> turns = stats.bot_turns_ms;
  const double t50 = percentile(turns, 0.50), t90 = percentile(turns, 0.90);
  const double tmax = turns.empty() ? 0 : *std::max_element(turns.begin(), turns.end());
  const double per_table_kib = (rss_before > 0 && rss_loaded > 0 && tables_at_rss > 0)
                                   ? static_cast<double>(rss_loaded - rss_before) / tables_at_rss
                                   : -1;
  if (child > 0) {
    kill(child, SIGTERM);
    int status = 0;
    waitpid(child, &status, 0);
    if (child_out) fclose(child_out);
    std::error_code ec;
    std::filesystem::remove_all(tmp, ec);
  }
  json out = {
      {"game", o.game},
      {"tables", o.tables},
      {"open_tables_measured", tables_at_rss},
      {"seconds", o.seconds},
      {"think_s", o.think},
      {"client_actions", lat.size()},
      {"actions_per_s", static_cast<double>(stats.actions) / o.seconds},
      {"games_finished", stats.games},
      {"p50_ms", p50},
      {"p90_ms", p90},
      {"p99_ms", p99},
      {"max_ms", mx},
      {"turn_based_tables", stats.turn_based},
      {"spectators", stats.spectators},
      {"replays", replays.size()},
      {"replays_total", stats.replays_total},
      {"replay_p50_ms", r50},
      {"replay_p99_ms", r99},
      {"heavy_tables", o.heavy},
      {"heavy_bot", o.heavy_bot},
      {"bot_turns", turns.size()},
      {"bot_turn_p50_ms", t50},
      {"bot_turn_p90_ms", t90},
      {"bot_turn_max_ms", tmax},
      {"server_rss_kib_before", rss_before},
      {"server_rss_kib_loaded", rss_loaded},
      {"kib_per_table", per_table_kib},
      {"error_frames", stats.errors},
      {"failed_tables", failed},
      {"sync", o.sync},
      {"server_cpu_cores", (cpu_server[1] - cpu_server[0]) / (o.seconds - 0.1)},
      {"load_generator_cpu_cores", (cpu_self[1] - cpu_self[0]) / (o.seconds - 0.1)},
      {"server_stages", stages},
      {"writes_per_transaction",
       transactions ? static_cast<double>(commits) / static_cast<double>(transactions) : 0.0}};
  for (auto& [g, l] : stats.latencies_by_game)
    out["by_game"][g] = {{"client_actions", l.size()},
                         {"p50_ms", percentile(l, 0.50)},
                         {"p99_ms", percentile(l, 0.99)}};
  if (!probe_full.empty())
    out["disk_commit_ms"] = {{"full",
                              {{"p50", probe_full[0]},
                               {"p90", probe_full[1]},
                               {"p99", probe_full[2]},
                               {"max", probe_full[3]}}},
                             {"normal",
                              {{"p50", probe_normal[0]},
                               {"p90", probe_normal[1]},
                               {"p99", probe_normal[2]},
                               {"max", probe_normal[3]}}}};
  if (o.json) {
    std::cout << out.dump(2) << "\n";
  } else {
    std::printf(
        "turf serve-load: %d %s tables (%d open when measured), %.0f s measured, think %.2f s\n",
        o.tables, o.game.c_str(), tables_at_rss, o.seconds, o.think);
    std::printf("  actions: %zu by clients (%.0f a second with the bots')\n", lat.size(),
                static_cast<double>(stats.actions) / o.seconds);
    std::printf(
        "  latency, action sent to its view received: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max "
        "%.1f ms\n",
        p50, p90, p99, mx);
    for (auto& [g, l] : stats.latencies_by_game)
      std::printf("    %-9s %zu actions: p50 %.2f ms, p99 %.2f ms\n", g.c_str(), l.size(),
                  percentile(l, 0.50), percentile(l, 0.99));
    std::printf(
        "  the mix: %ld turn-based tables, %ld watched by a spectator; %zu replays of finished "
        "games: p50 %.2f ms, p99 %.2f ms\n",
        stats.turn_based, stats.spectators, replays.size(), r50, r99);
    if (!turns.empty() || o.heavy > 0)
      std::printf(
          "  bot turns at the human tables (%s), with %d bot-only tables of %s beside: %zu, p50 "
          "%.1f ms, p90 %.1f ms, max %.1f ms\n",
          o.bot.c_str(), o.heavy, o.heavy_bot.c_str(), turns.size(), t50, t90, tmax);
    if (per_table_kib > 0)
      std::printf("  server memory: %ld KiB idle, %ld KiB loaded: %.1f KiB per table\n", rss_before,
                  rss_loaded, per_table_kib);
    std::printf("  games finished: %ld, error frames: %ld, failed tables: %d\n", stats.games,
                stats.errors, failed);
    if (!probe_full.empty())
      for (int f = 0; f < 2; ++f) {
        const auto& p = f == 0 ? probe_full : probe_normal;
        std::printf(
            "  disk: a bare single-row SQLite commit (WAL, synchronous=%s, %d commits): p50 %.2f "
            "ms, p90 %.2f ms, p99 %.2f ms, max %.1f ms\n",
            f == 0 ? "FULL" : "NORMAL", o.probe, p[0], p[1], p[2], p[3]);
      }
    if (!stages.empty()) {
      std::printf("  CPU over the measured window: server %.2f of a core, load generator %.2f\n",
                  out["server_cpu_cores"].get<double>(),
                  out["load_generator_cpu_cores"].get<double>());
      std::printf(
          "  server (--sync %s), its stages over the measured window (ms; %.1f writes a "
          "transaction):\n",
          o.sync.c_str(),
          transactions ? static_cast<double>(commits) / static_cast<double>(transactions) : 0.0);
      std::printf("    %-10s %8s %8s %8s %8s %8s %8s\n", "stage", "n", "mean", "p50", "p90", "p99",
                  "max");
      for (const char* name : {"wait", "apply", "frames", "queued", "commit", "fsync", "hop",
                               "server", "socket", "checkpoint", "wcheckpoint"}) {
        if (!stages.contains(name)) continue;
        const auto& h = stages[name];
        std::printf("    %-10s %8llu %8.3f %8.3f %8.3f %8.3f %8.1f\n", name,
                    static_cast<unsigned long long>(h["n"].get<std::uint64_t>()),
                    h["mean_ms"].get<double>(), h["p50_ms"].get<double>(),
                    h["p90_ms"].get<double>(), h["p99_ms"].get<double>(),
                    h["max_ms"].get<double>());
      }
    }
  }
  if (failed > 0)
    std::cerr << "turf serve-load: " << failed << " table(s) failed: " << first_failure << "\n";
  return failed > 0 ? 1 : 0;
}

}  // namespace turf::server
