// `turf serve`: HTTP and WebSocket with Boost.Beast (Asio, C++20 coroutines) over the hub.
// The protocol: docs/protocol.md.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/network_v4.hpp>
#include <boost/asio/ip/network_v6.hpp>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/hub.h"

namespace turf::server {

// What one client address may use (an IPv4 address, or the /64 prefix of an IPv6 one: a host
// usually holds a whole /64), and the server in all. docs/security.md "Resources" gives the
// reasons for each number.
struct AddressLimits {
  int max_connections = 0;  // open connections in all; 0: the descriptor limit less 64
  // Open connections (HTTP and WebSocket) per address; never more than half of max_connections,
  // so that one address cannot take the whole server.
  int connections = 64;
  double frame_factor = 3.0;   // WebSocket frames per address: this many connections' worth
  double request_rate = 20.0;  // HTTP requests a second per address (token bucket)
  double request_burst = 100.0;
  double tables_per_minute = 6.0;  // tables an address may create (token bucket)
  double table_burst = 10.0;
  double handshake_s = 10.0;  // to send one HTTP request (headers and body), to upgrade, to hello
  double idle_s = 120.0;      // a WebSocket silent this long (a ping unanswered) is closed
};

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
  // Names besides its address this server is reached by (`--allow-host NAME[:PORT]`): Host
  // headers it serves (HostPolicy), and http origins its pages come from.
  std::vector<std::string> allow_hosts;
  // Reverse proxies whose X-Forwarded-For is believed (`--trusted-proxy ADDR[/PREFIX]`): behind
  // one, every client has the proxy's address, so the per-address limits count the address the
  // proxy forwarded for instead (ProxyPolicy).
  std::vector<std::string> trusted_proxies;
  bool full_sync = true;    // SQLite synchronous=FULL (durable against power loss) or NORMAL
  bool stats = false;       // serve GET /api/stats (latency of each stage; for turf serve-load)
  bool test_seeds = false;  // tests only: a create request may fix the seed (Hub::allow_test_seeds)
  std::string test_clock;  // tests only: the deadlines' wall clock is read from it (use_test_clock)
  AddressLimits address;
};

// Which pages may open a WebSocket (cross-site WebSocket hijacking): a request without Origin
// (not a browser) or whose Origin is the server's own (http://HOST:PORT it listens on; with a
// loopback HOST also localhost, 127.0.0.1 and [::1] at that port; with a wildcard HOST, 0.0.0.0
// or ::, the origin whose host:port is the request's Host) or one of `allowed`.
class OriginPolicy {
 public:
  // Throws Error when an allowed origin is not scheme://host[:port] (http or https). Every
  // allowed host (HostPolicy) adds its http origin (the server's port when it names none).
  OriginPolicy(const std::string& host, int port, const std::vector<std::string>& allowed,
               const std::vector<std::string>& allowed_hosts = {});
  bool allows(std::string_view origin, std::string_view host_header) const;

 private:
  std::vector<std::string> origins_;  // normalised
  bool wildcard_ = false;
};

// Which Host headers a request may carry (DNS rebinding: a page of another site whose name is
// made to resolve to this server is, by the browser's rules, of the same origin as the name it
// sends as Host). Served: a request without Host (not a browser); the address the server listens
// on at its port, with a loopback address also localhost, 127.0.0.1 and [::1]; with a wildcard
// address (0.0.0.0, ::) any IP address (IPv6 in brackets) and localhost at its port, never another
// name; the host of every allowed origin (any port: a reverse proxy may send its own); every
// allowed host NAME[:PORT] (without a port: the server's). Anything else is refused (403).
class HostPolicy {
 public:
  // Throws Error when an allowed host is not NAME[:PORT] or an allowed origin not an origin.
  HostPolicy(const std::string& host, int port, const std::vector<std::string>& allowed_hosts,
             const std::vector<std::string>& allowed_origins);
  bool allows(std::string_view host_header) const;

 private:
  bool wildcard_ = false;           // before exact_: its constructor sets it
  std::vector<std::string> exact_;  // "name:port", normalised
  std::vector<std::string> names_;  // any port
  int port_ = 0;
};

// An origin in a canonical form (lowercase scheme and host, explicit port, no trailing slash),
// or "" when it is not scheme://host[:port] with scheme http or https.
std::string normalize_origin(std::string_view origin);

// The key by which per-address limits count a client: the IPv4 address (also when mapped into
// IPv6), or the first 64 bits of an IPv6 address ("2001:db8:1:2::/64").
std::string address_key(const boost::asio::ip::address& a);

// Which peers are reverse proxies whose X-Forwarded-For names the client (docs/security.md
// "Behind a reverse proxy"). A request from any other peer is counted by the peer's address, and
// its X-Forwarded-For is ignored: a client cannot choose whom it is counted as.
class ProxyPolicy {
 public:
  // Each entry an IP address or a network ADDR/PREFIX; throws Error for anything else.
  explicit ProxyPolicy(const std::vector<std::string>& trusted);
  bool empty() const { return v4_.empty() && v6_.empty(); }
  bool trusts(const boost::asio::ip::address& peer) const;
  // The client a request from `peer` is counted as. X-Forwarded-For lists the addresses each proxy
  // saw, the nearest last: read from the right, the first address that is not a trusted proxy is
  // the client (one to its left could be written by the client itself). A peer that is not
  // trusted, a missing header, or an entry that is not an address (the hops to its right are
  // trusted, it is not) ends the walk: the last trusted hop is the client then.
  boost::asio::ip::address client(const boost::asio::ip::address& peer,
                                  std::string_view forwarded_for) const;

 private:
  std::vector<boost::asio::ip::network_v4> v4_;
  std::vector<boost::asio::ip::network_v6> v6_;
};

// Whether a state-changing request (POST /api/tables; any other method and path changes
// nothing and is answered 405 or 404) may come from the page that
// sent it: "" when it may, else why not. Its Origin, when present, must be one the WebSocket
// accepts; without Origin, a browser's Sec-Fetch-Site must say same-origin or none (typed by the
// user); and its Content-Type must be application/json (which no page of another site can send
// without a CORS preflight, which this server never grants).
std::string state_change_refusal(const OriginPolicy& origins, std::string_view origin,
                                 std::string_view fetch_site, std::string_view content_type,
                                 std::string_view host_header, bool* wrong_type = nullptr);

// The headers every response carries: a Content-Security-Policy that allows the page's own
// scripts, styles, images, fonts and connections only, and no framing (frame-ancestors 'none',
// X-Frame-Options DENY); no MIME sniffing; no Referer.
const std::vector<std::pair<std::string, std::string>>& security_headers();

// Runs until SIGINT or SIGTERM. Prints "turf serve: open http://HOST:PORT/" first on stdout.
// Throws Error for bad options (an unusable folder, a port in use, a database it cannot open).
int serve(const ServerOptions& options);

// The file under `root` (canonical) that a request target names, or "" when it names none or
// tries to leave root (.., NUL, backslashes, encoded traversal). Exposed for tests.
std::string static_path(const std::string& root, const std::string& target);

}  // namespace turf::server
