// Test harness for `turf serve`: starts the real binary on loopback with a real SQLite file in a
// temporary folder, and talks to it with Beast clients (HTTP and WebSocket). No mocks.
#pragma once

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/beast/http/verb.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/rng.h"
#include "temp_dir.h"

#ifndef TURF_BIN
#error "TURF_BIN (the turf binary) must be defined"
#endif

namespace turf::server_test {

namespace http = boost::beast::http;
using nlohmann::json;

// A fresh temporary folder for a served database, removed at the end.
struct TempDir : test_files::TempDir {
  TempDir() : test_files::TempDir("turf-serve") {}
};

// A `turf serve` child process.
class ServerProcess {
 public:
  // nofile > 0: the child's limit of open files (soft and hard), as a crowded host would have.
  explicit ServerProcess(const std::string& db, std::vector<std::string> extra = {},
                         int nofile = 0) {
    int out[2];
    if (pipe(out) != 0) throw std::runtime_error("pipe failed");
    std::vector<std::string> args{TURF_BIN, "serve", "--port", "0", "--db", db};
    // The test clients play far faster than people: no rate limit unless a test sets one.
    if (std::find(extra.begin(), extra.end(), "--rate") == extra.end())
      args.insert(args.end(), {"--rate", "1000000", "--burst", "1000000"});
    // Nor a per-address limit (every test client comes from 127.0.0.1), unless it sets one.
    for (const char* flag : {"--connections-per-address", "--request-rate", "--tables-per-minute"})
      if (std::find(extra.begin(), extra.end(), flag) == extra.end())
        args.insert(args.end(), {flag, "1000000"});
    args.insert(args.end(), extra.begin(), extra.end());
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      if (nofile > 0) {
        rlimit rl{static_cast<rlim_t>(nofile), static_cast<rlim_t>(nofile)};
        setrlimit(RLIMIT_NOFILE, &rl);
      }
      dup2(out[1], 1);
      close(out[0]);
      close(out[1]);
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(out[1]);
    out_ = fdopen(out[0], "r");
    char line[512];
    if (!fgets(line, sizeof line, out_)) throw std::runtime_error("turf serve printed nothing");
    first_line_ = line;
    // "turf serve: open http://HOST:PORT/" (HOST 127.0.0.1, or a wildcard such as 0.0.0.0)
    const std::string key = "open http://";
    const auto p = first_line_.find(key);
    const auto slash = p == std::string::npos ? p : first_line_.find('/', p + key.size());
    const auto colon = slash == std::string::npos ? slash : first_line_.rfind(':', slash);
    if (colon == std::string::npos || colon < p + key.size())
      throw std::runtime_error("unexpected first line: " + first_line_);
    port_ = std::stoi(first_line_.substr(colon + 1));
  }
  ~ServerProcess() {
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      int status = 0;
      waitpid(pid_, &status, 0);
    }
    if (out_) fclose(out_);
  }
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  int port() const { return port_; }
  const std::string& first_line() const { return first_line_; }
  pid_t pid() const { return pid_; }
  // Still running?
  bool alive() {
    int status = 0;
    return pid_ > 0 && waitpid(pid_, &status, WNOHANG) == 0;
  }
  void kill9() {
    ::kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  // SIGTERM; returns the exit status.
  int terminate() {
    ::kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return status;
  }

 private:
  pid_t pid_ = -1;
  FILE* out_ = nullptr;
  int port_ = 0;
  std::string first_line_;
};

struct HttpAnswer {
  int status = 0;
  std::string body;
  std::map<std::string, std::string> headers;  // names in lowercase
  json parsed() const { return json::parse(body); }
  std::string header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? "" : it->second;
  }
};

using Headers = std::vector<std::pair<std::string, std::string>>;

// One request. Without `headers` a body goes as application/json; with them, exactly those
// headers are sent (besides Host and Content-Length). status 0: the server closed without an
// answer.
HttpAnswer http_request(int port, http::verb verb, const std::string& target,
                        const std::string& body = "",
                        const std::optional<Headers>& headers = std::nullopt);

// Creates a table; returns the create answer.
json create_table(int port, const json& body);

// The status of a WebSocket upgrade request to /ws (101: accepted) with this Origin ("": none)
// and Host ("": the server's own address); 0 when the server closed without an answer.
int ws_upgrade_status(int port, const std::string& origin, const std::string& host = "");

// A WebSocket client with timeouts (asynchronous operations run for at most `timeout`). Its
// Boost.Beast half lives in harness.cpp, compiled once for every test file.
class WsClient {
 public:
  // origin: the Origin header a browser would send ("": none, as a non-browser client). Throws
  // (a std::runtime_error) when the connection or the handshake fails.
  explicit WsClient(int port, const std::string& origin = "");
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  void send(const std::string& text);
  void send(const json& j) { send(j.dump()); }
  // For frames the server may refuse while they are still being written (over the hard cap): it
  // closes the connection as soon as it reads the header, so the rest of the write can meet a
  // broken pipe or a reset. Returns whether the whole frame was written.
  bool send_may_be_cut(const std::string& text);
  // A binary frame, and a WebSocket ping (a control frame); false when the write failed (the
  // server may have closed the connection).
  bool send_binary(const std::string& bytes);
  bool send_control_ping();
  // Next frame as text, or nullopt on timeout / closed connection.
  std::optional<std::string> recv_text(
      std::chrono::milliseconds timeout = std::chrono::seconds(20));
  json recv(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    auto t = recv_text(timeout);
    if (!t)
      throw std::runtime_error(
          "no frame (timeout or closed) after " + std::to_string(frames_.size()) +
          " frames; the last: " +
          (frames_.empty() ? std::string("none") : frames_.back().substr(0, 300)));
    frames_.push_back(*t);
    return json::parse(*t);
  }
  // Reads until a frame of this type arrives (other frames kept in frames()).
  json recv_type(const std::string& type) {
    for (;;) {
      json j = recv();
      if (j.value("type", "") == type) return j;
    }
  }
  bool closed() const { return closed_; }
  // The code of the server's close frame, once closed (0: none came).
  int close_code() const;
  const std::vector<std::string>& frames() const { return frames_; }

 private:
  struct Socket;
  std::unique_ptr<Socket> socket_;
  bool closed_ = false;
  std::vector<std::string> frames_;
};

// The seed and actions of a table, read from the SQLite file (the test's independent source).
struct DbTable {
  std::uint64_t seed = 0;
  std::vector<std::pair<int, int>> actions;  // seat, action
  std::string status;
  std::string rematch;  // the rematch's id (schema 6), "" none
};
DbTable read_db_table(const std::string& db, const std::string& id);

}  // namespace turf::server_test

namespace turf::server_test {

// Clients at one table, driven in lock step: after each action every client receives exactly
// one state frame (the server broadcasts each committed action to every connection).
class TableDriver {
 public:
  struct Conn {
    std::unique_ptr<WsClient> ws;
    int seat = -2;  // -2: spectator
    json welcome;
    json last;  // latest state frame
  };

  TableDriver(int port, std::string table) : port_(port), table_(std::move(table)) {}

  // Connects a client (token empty: spectator); returns its index.
  std::size_t join(const std::string& token) {
    Conn c;
    c.ws = std::make_unique<WsClient>(port_);
    json hello = {{"type", "hello"}, {"table", table_}};
    if (!token.empty()) hello["token"] = token;
    c.ws->send(hello);
    c.welcome = c.ws->recv_type("welcome");
    c.seat = c.welcome["seat"].is_null() ? -2 : c.welcome["seat"].get<int>();
    c.last = c.ws->recv_type("state");
    conns_.push_back(std::move(c));
    return conns_.size() - 1;
  }
  Conn& conn(std::size_t i) { return conns_[i]; }
  std::size_t size() const { return conns_.size(); }
  void drop(std::size_t i) { conns_.erase(conns_.begin() + static_cast<long>(i)); }

  const json& state() const { return conns_.front().last; }
  bool over() const { return state()["over"].get<bool>(); }
  int move() const { return state()["move"].get<int>(); }

  // The connection playing the seat to move, if one is connected.
  Conn* mover() {
    const auto& tm = state()["to_move"];
    if (tm.is_null()) return nullptr;
    for (auto& c : conns_)
      if (c.seat == tm.get<int>()) return &c;
    return nullptr;
  }

  // Brings every connection to the latest move any of them has seen (bots may have moved while
  // the clients joined).
  void sync() {
    for (;;) {
      int target = 0;
      for (auto& c : conns_) target = std::max(target, c.last["move"].get<int>());
      bool same = true;
      for (auto& c : conns_) {
        while (c.last["move"].get<int>() < target) c.last = c.ws->recv_type("state");
        if (c.last["move"].get<int>() != target) same = false;
      }
      if (same) return;
    }
  }

  // One action: a random legal one by the seat to move when it is connected (else a bot moves);
  // then every client reads the state frame of that action.
  void step(Rng& rng) {
    sync();
    const int m = move();
    if (Conn* c = mover()) {
      const auto& legal = c->last["legal"];
      if (legal.empty()) throw std::runtime_error("seat to move has no legal actions");
      const auto& pick = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      c->ws->send(json{{"type", "act"}, {"action", pick["id"]}, {"move", m}});
    }
    for (auto& c : conns_) {
      c.last = c.ws->recv_type("state");
      if (c.last["move"].get<int>() != m + 1)
        throw std::runtime_error("expected move " + std::to_string(m + 1) + ", got " +
                                 c.last["move"].dump());
    }
  }
  // Plays until the game is over (or max actions); returns the actions taken.
  int play(Rng& rng, int max = 100000) {
    int n = 0;
    while (!over() && n < max) {
      step(rng);
      ++n;
    }
    return n;
  }

 private:
  int port_;
  std::string table_;
  std::vector<Conn> conns_;
};

}  // namespace turf::server_test
