// `turf serve`: HTTP and WebSocket with Boost.Beast (Asio, C++20 coroutines) over the hub.
// The protocol: docs/protocol.md.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "server/hub.h"

namespace turf::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db = "turf.db";
  std::string web;      // the built web client (a folder with index.html)
  int bot_threads = 0;  // 0: one per hardware thread
  Limits limits;
  // Origins (scheme://host[:port]) besides the server's own whose pages may open a WebSocket
  // (`--allow-origin`, e.g. a reverse proxy's https://turf.example.org).
  std::vector<std::string> allow_origins;
  bool full_sync = true;  // SQLite synchronous=FULL (durable against power loss) or NORMAL
  bool stats = false;     // serve GET /api/stats (latency of each stage; for turf serve-load)
};

// Which pages may open a WebSocket (cross-site WebSocket hijacking): a request without Origin
// (not a browser) or whose Origin is the server's own (http://HOST:PORT it listens on; with a
// loopback HOST also localhost, 127.0.0.1 and [::1] at that port; with a wildcard HOST, 0.0.0.0
// or ::, the origin whose host:port is the request's Host) or one of `allowed`.
class OriginPolicy {
 public:
  // Throws Error when an allowed origin is not scheme://host[:port] (http or https).
  OriginPolicy(const std::string& host, int port, const std::vector<std::string>& allowed);
  bool allows(std::string_view origin, std::string_view host_header) const;

 private:
  std::vector<std::string> origins_;  // normalised
  bool wildcard_ = false;
};

// An origin in a canonical form (lowercase scheme and host, explicit port, no trailing slash),
// or "" when it is not scheme://host[:port] with scheme http or https.
std::string normalize_origin(std::string_view origin);

// Runs until SIGINT or SIGTERM. Prints "turf serve: open http://HOST:PORT/" first on stdout.
// Throws Error for bad options (an unusable folder, a port in use, a database it cannot open).
int serve(const ServerOptions& options);

// The file under `root` (canonical) that a request target names, or "" when it names none or
// tries to leave root (.., NUL, backslashes, encoded traversal). Exposed for tests.
std::string static_path(const std::string& root, const std::string& target);

}  // namespace turf::server
