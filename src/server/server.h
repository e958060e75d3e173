// `turf serve`: HTTP and WebSocket with Boost.Beast (Asio, C++20 coroutines) over the hub.
// The protocol: docs/protocol.md.
#pragma once

#include <string>

#include "server/hub.h"

namespace turf::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db = "turf.db";
  std::string web;      // the built web client (a folder with index.html)
  int bot_threads = 0;  // 0: one per hardware thread
  Limits limits;
};

// Runs until SIGINT or SIGTERM. Prints "turf serve: open http://HOST:PORT/" first on stdout.
// Throws Error for bad options (an unusable folder, a port in use, a database it cannot open).
int serve(const ServerOptions& options);

// The file under `root` (canonical) that a request target names, or "" when it names none or
// tries to leave root (.., NUL, backslashes, encoded traversal). Exposed for tests.
std::string static_path(const std::string& root, const std::string& target);

}  // namespace turf::server
