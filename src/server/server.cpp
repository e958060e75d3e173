#include "server/server.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <thread>
#include <unordered_map>

#include "server/stats.h"

namespace turf::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using asio::awaitable;
using asio::use_awaitable;

namespace {

constexpr std::size_t kBodyLimit = 16 * 1024;
constexpr std::size_t kWsHardLimit = 1 << 20;  // larger frames close the connection

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string content_type(const std::string& path) {
  auto ext = std::filesystem::path(path).extension().string();
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".json" || ext == ".map") return "application/json";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".jpg" || ext == ".jpeg") return "image/jpeg";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".txt" || ext == ".md") return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

}  // namespace

std::string static_path(const std::string& root, const std::string& target) {
  std::string path = target.substr(0, target.find_first_of("?#"));
  if (path.empty() || path.front() != '/' || path.size() > 1024) return "";
  // Percent-decode once; anything decoding to a control character, a backslash or a '%' again
  // (double encoding) is refused.
  std::string decoded;
  for (std::size_t i = 0; i < path.size(); ++i) {
    char c = path[i];
    if (c == '%') {
      if (i + 2 >= path.size()) return "";
      int hi = hex_value(path[i + 1]), lo = hex_value(path[i + 2]);
      if (hi < 0 || lo < 0) return "";
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
      if (c == '%') return "";
    }
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '\\') return "";
    decoded += c;
  }
  // No empty, "." or ".." segments.
  std::size_t pos = 1;
  while (pos <= decoded.size()) {
    std::size_t end = decoded.find('/', pos);
    if (end == std::string::npos) end = decoded.size();
    std::string seg = decoded.substr(pos, end - pos);
    if (seg == "." || seg == "..") return "";
    if (seg.empty() && end != decoded.size()) return "";
    pos = end + 1;
  }
  if (decoded.back() == '/') decoded += "index.html";
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path full = fs::weakly_canonical(fs::path(root) / decoded.substr(1), ec);
  if (ec) return "";
  const std::string f = full.string();
  if (f.size() <= root.size() || f.compare(0, root.size(), root) != 0 || f[root.size()] != '/')
    return "";
  if (fs::is_directory(full, ec)) {
    full /= "index.html";
    full = fs::weakly_canonical(full, ec);
    if (ec) return "";
  }
  if (!fs::is_regular_file(full, ec)) return "";
  const std::string g = full.string();
  if (g.compare(0, root.size(), root) != 0 || g[root.size()] != '/') return "";
  return g;
}

std::string normalize_origin(std::string_view origin) {
  std::string o;
  for (char c : origin) {
    if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7f) return "";
    o += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  if (!o.empty() && o.back() == '/') o.pop_back();
  std::string scheme;
  if (o.rfind("http://", 0) == 0)
    scheme = "http";
  else if (o.rfind("https://", 0) == 0)
    scheme = "https";
  else
    return "";
  std::string rest = o.substr(scheme.size() + 3);
  if (rest.empty() || rest.size() > 300 || rest.find_first_of("/?#@\\") != std::string::npos)
    return "";
  std::string host, port;
  if (rest.front() == '[') {
    const auto close = rest.find(']');
    if (close == std::string::npos) return "";
    host = rest.substr(0, close + 1);
    for (char c : host.substr(1, host.size() - 2))
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || c == ':' || c == '.')) return "";
    if (close + 1 < rest.size()) {
      if (rest[close + 1] != ':') return "";
      port = rest.substr(close + 2);
    }
  } else {
    const auto colon = rest.find(':');
    host = rest.substr(0, colon);
    if (colon != std::string::npos) port = rest.substr(colon + 1);
    for (char c : host)
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '.' || c == '-')) return "";
  }
  if (host.empty() || host == "[]") return "";
  if (port.empty()) {
    port = scheme == "https" ? "443" : "80";
  } else {
    if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) return "";
    const int p = std::stoi(port);
    if (p < 1 || p > 65535) return "";
    port = std::to_string(p);
  }
  return scheme + "://" + host + ":" + port;
}

namespace {
// "NAME[:PORT]" or "[V6][:PORT]" (a Host header, an --allow-host) as lowercase "host:port"
// (port 80 when absent: every page here is http), or "" when it is neither.
std::string normalize_host(std::string_view text, int default_port = 80) {
  const std::string o = normalize_origin("http://" + std::string(text));
  if (o.empty()) return "";
  std::string hp = o.substr(7);  // "host:port"
  const auto close = text.find(']');
  if (text.find(':', close == std::string_view::npos ? 0 : close) == std::string_view::npos)
    hp = hp.substr(0, hp.rfind(':') + 1) + std::to_string(default_port);
  return hp;
}
// The server's own names, "host:port" normalised: the address it listens on (with a loopback
// address also localhost, 127.0.0.1 and [::1]); none for a wildcard address (`wildcard` set).
std::vector<std::string> own_hosts(const std::string& host, int port, bool& wildcard) {
  beast::error_code ec;
  const auto address = asio::ip::make_address(host, ec);
  const std::string p = ":" + std::to_string(port);
  wildcard = !ec && address.is_unspecified();
  std::vector<std::string> out;
  if (wildcard) return out;
  out.push_back(normalize_host((!ec && address.is_v6() ? "[" + host + "]" : host) + p));
  if (!ec && address.is_loopback())
    for (const char* alias : {"localhost", "127.0.0.1", "[::1]"})
      out.push_back(normalize_host(std::string(alias) + p));
  std::erase(out, std::string());
  return out;
}
}  // namespace

HostPolicy::HostPolicy(const std::string& host, int port,
                       const std::vector<std::string>& allowed_hosts,
                       const std::vector<std::string>& allowed_origins)
    : exact_(own_hosts(host, port, wildcard_)), port_(port) {  // wildcard_ is declared first
  for (const auto& a : allowed_hosts) {
    const std::string n = normalize_host(a, port);
    if (n.empty())
      throw Error("--allow-host: '" + a +
                  "' is not a host name with an optional port (NAME[:PORT])");
    exact_.push_back(n);
  }
  for (const auto& a : allowed_origins) {
    const std::string o = normalize_origin(a);
    if (o.empty())
      throw Error("--allow-origin: '" + a +
                  "' is not an origin (scheme://host[:port], e.g. https://turf.example.org)");
    const std::string hp = o.substr(o.find("://") + 3);
    names_.push_back(hp.substr(0, hp.rfind(':')));
  }
}

bool HostPolicy::allows(std::string_view host_header) const {
  if (host_header.empty()) return true;  // not a browser (HTTP/1.0, a program)
  const std::string hp = normalize_host(host_header);
  if (hp.empty()) return false;
  if (std::find(exact_.begin(), exact_.end(), hp) != exact_.end()) return true;
  const std::string name = hp.substr(0, hp.rfind(':'));
  if (std::find(names_.begin(), names_.end(), name) != names_.end()) return true;
  if (wildcard_ && hp.substr(hp.rfind(':') + 1) == std::to_string(port_)) {
    if (name == "localhost") return true;
    beast::error_code ec;
    const std::string bare = name.front() == '[' ? name.substr(1, name.size() - 2) : name;
    asio::ip::make_address(bare, ec);
    // An IPv4 address must be written as one (make_address takes no short forms such as 127.1).
    return !ec && (name.front() == '[' || bare.find(':') == std::string::npos);
  }
  return false;
}

OriginPolicy::OriginPolicy(const std::string& host, int port,
                           const std::vector<std::string>& allowed,
                           const std::vector<std::string>& allowed_hosts) {
  for (const auto& h : own_hosts(host, port, wildcard_)) origins_.push_back("http://" + h);
  for (const auto& a : allowed) {
    std::string n = normalize_origin(a);
    if (n.empty())
      throw Error("--allow-origin: '" + a +
                  "' is not an origin (scheme://host[:port], e.g. https://turf.example.org)");
    origins_.push_back(std::move(n));
  }
  for (const auto& a : allowed_hosts) {
    const std::string hp = normalize_host(a, port);
    if (!hp.empty()) origins_.push_back("http://" + hp);
  }
  origins_.erase(std::remove(origins_.begin(), origins_.end(), std::string()), origins_.end());
}

bool OriginPolicy::allows(std::string_view origin, std::string_view host_header) const {
  const std::string o = normalize_origin(origin);
  if (o.empty()) return false;  // "null" (a sandboxed page, a file) and anything malformed
  for (const auto& a : origins_)
    if (a == o) return true;
  if (wildcard_ && !host_header.empty()) {
    // Listening on every address: the page must come from the name and port it connects to.
    const std::string scheme = o.substr(0, o.find(':'));
    if (normalize_origin(scheme + "://" + std::string(host_header)) == o) return true;
  }
  return false;
}

std::string address_key(const asio::ip::address& a) {
  if (a.is_v4()) return a.to_v4().to_string();
  const auto v6 = a.to_v6();
  if (v6.is_v4_mapped()) return asio::ip::make_address_v4(asio::ip::v4_mapped, v6).to_string();
  auto bytes = v6.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return asio::ip::address_v6(bytes).to_string() + "/64";
}

namespace {

// An address as a proxy writes it in X-Forwarded-For: bare, "[v6]" or "[v6]:port", or
// "v4:port"; nullopt when it is none of these.
std::optional<asio::ip::address> forwarded_address(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  if (text.empty() || text.size() > 64) return std::nullopt;
  if (text.front() == '[') {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    text = text.substr(1, close - 1);
  } else if (text.find(':') == text.rfind(':') && text.find(':') != std::string_view::npos) {
    text = text.substr(0, text.find(':'));  // one colon: IPv4 with a port
  }
  beast::error_code ec;
  const auto a = asio::ip::make_address(std::string(text), ec);
  if (ec) return std::nullopt;
  if (a.is_v6() && a.to_v6().is_v4_mapped())
    return asio::ip::address(asio::ip::make_address_v4(asio::ip::v4_mapped, a.to_v6()));
  return a;
}

}  // namespace

ProxyPolicy::ProxyPolicy(const std::vector<std::string>& trusted) {
  for (const auto& t : trusted) {
    beast::error_code ec;
    const bool has_prefix = t.find('/') != std::string::npos;
    if (t.find(':') != std::string::npos) {
      auto net = has_prefix ? asio::ip::make_network_v6(t, ec)
                            : asio::ip::network_v6(asio::ip::make_address_v6(t, ec), 128);
      if (!ec) {
        v6_.push_back(net.canonical());
        continue;
      }
    } else {
      auto net = has_prefix ? asio::ip::make_network_v4(t, ec)
                            : asio::ip::network_v4(asio::ip::make_address_v4(t, ec), 32);
      if (!ec) {
        v4_.push_back(net.canonical());
        continue;
      }
    }
    throw Error("--trusted-proxy: '" + t +
                "' is not an IP address or a network (such as 10.0.0.2 or 10.0.0.0/8)");
  }
}

bool ProxyPolicy::trusts(const asio::ip::address& peer) const {
  if (peer.is_v4() || (peer.is_v6() && peer.to_v6().is_v4_mapped())) {
    const auto a =
        peer.is_v4() ? peer.to_v4() : asio::ip::make_address_v4(asio::ip::v4_mapped, peer.to_v6());
    for (const auto& n : v4_)
      if (asio::ip::network_v4(a, n.prefix_length()).canonical() == n) return true;
    return false;
  }
  for (const auto& n : v6_)
    if (asio::ip::network_v6(peer.to_v6(), n.prefix_length()).canonical() == n) return true;
  return false;
}

asio::ip::address ProxyPolicy::client(const asio::ip::address& peer,
                                      std::string_view forwarded_for) const {
  asio::ip::address client = peer;
  if (!trusts(peer)) return client;
  while (!forwarded_for.empty()) {
    const auto comma = forwarded_for.rfind(',');
    const std::string_view hop =
        comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1);
    forwarded_for =
        comma == std::string_view::npos ? std::string_view{} : forwarded_for.substr(0, comma);
    const auto a = forwarded_address(hop);
    if (!a) break;
    client = *a;
    if (!trusts(client)) break;
  }
  return client;
}

std::string state_change_refusal(const OriginPolicy& origins, std::string_view origin,
                                 std::string_view fetch_site, std::string_view content_type,
                                 std::string_view host_header, bool* wrong_type) {
  if (wrong_type) *wrong_type = false;
  if (!origin.empty()) {
    if (!origins.allows(origin, host_header))
      return "a page from this origin may not change anything here (turf serve --allow-origin "
             "ORIGIN allows one)";
  } else if (!fetch_site.empty() && fetch_site != "same-origin" && fetch_site != "none") {
    return "a page of another site may not change anything here";
  }
  // The media type without parameters, case-insensitive.
  std::string type(content_type.substr(0, content_type.find(';')));
  while (!type.empty() && (type.back() == ' ' || type.back() == '\t')) type.pop_back();
  for (auto& c : type)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  if (type != "application/json") {
    if (wrong_type) *wrong_type = true;
    return "the body must be JSON (Content-Type: application/json)";
  }
  return "";
}

const std::vector<std::pair<std::string, std::string>>& security_headers() {
  static const std::vector<std::pair<std::string, std::string>> headers = {
      {"Content-Security-Policy",
       "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'"},
      {"X-Frame-Options", "DENY"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "no-referrer"},
  };
  return headers;
}

namespace {

using Clock = std::chrono::steady_clock;

std::chrono::milliseconds millis(double seconds) {
  return std::chrono::milliseconds(static_cast<long long>(seconds * 1000.0));
}

// A token bucket: `burst` tokens at first, refilled at `rate` a second.
struct Bucket {
  double tokens = -1;  // -1: not started (full)
  Clock::time_point last{};
  bool take(double rate, double burst, Clock::time_point now) {
    refill(rate, burst, now);
    if (tokens < 1.0) return false;
    tokens -= 1.0;
    return true;
  }
  void refill(double rate, double burst, Clock::time_point now) {
    if (tokens < 0)
      tokens = burst;
    else
      tokens = std::min(burst, tokens + std::chrono::duration<double>(now - last).count() * rate);
    last = now;
  }
  // Whole seconds until one token is there (for Retry-After).
  int wait_s(double rate) const {
    return rate > 0 ? std::max(1, static_cast<int>(std::ceil((1.0 - tokens) / rate))) : 60;
  }
};

// What each client address uses now: its connections and its buckets. I/O thread only.
class AddressBook {
 public:
  struct Entry {
    int connections = 0;
    Bucket frames, requests, tables;
    Clock::time_point seen{};
  };
  AddressBook(AddressLimits limits, double frame_rate, double frame_burst)
      : limits_(limits),
        frame_rate_(frame_rate * limits.frame_factor),
        frame_burst_(frame_burst * limits.frame_factor) {}

  const AddressLimits& limits() const { return limits_; }
  int total() const { return total_; }
  std::size_t size() const { return entries_.size(); }

  int per_address() const { return limits_.connections; }

  // A connection from `key`, or nothing when the address or the server is full. Entries stay
  // where they are while connections hold them (unordered_map keeps its elements in place).
  Entry* open(const std::string& key) {
    sweep();
    if (total_ >= limits_.max_connections) return nullptr;
    Entry* e = join(key);
    if (e) ++total_;
    return e;
  }
  // A connection from a trusted proxy: counted in the server's total only until its first
  // request names the client (move), or nothing when the server is full.
  Entry* open_proxied() {
    sweep();
    if (total_ >= limits_.max_connections) return nullptr;
    ++proxied_.connections;
    ++total_;
    return &proxied_;
  }
  // Counts the connection held by `e` as one of `key`'s instead (a proxied connection whose
  // request came from another client): false, and nothing changed, when `key` is full.
  bool move(Entry*& e, const std::string& key) {
    Entry* to = join(key);
    if (!to) return false;
    leave(e);
    e = to;
    return true;
  }
  void close(Entry* e) {
    leave(e);
    --total_;
  }
  bool frame(Entry& e) { return e.frames.take(frame_rate_, frame_burst_, Clock::now()); }
  bool request(Entry& e) {
    return e.requests.take(limits_.request_rate, limits_.request_burst, Clock::now());
  }
  bool create(Entry& e) {
    return e.tables.take(limits_.tables_per_minute / 60.0, std::max(limits_.table_burst, 1.0),
                         Clock::now());
  }

 private:
  // Forgets addresses with no connection whose buckets are full again (an entry holds nothing
  // then). At most once a minute, so that its cost stays small.
  void sweep() {
    const auto now = Clock::now();
    if (now - swept_ < std::chrono::minutes(1)) return;
    swept_ = now;
    const double full_s =
        std::max({limits_.request_burst / std::max(limits_.request_rate, 1e-9),
                  limits_.table_burst * 60.0 / std::max(limits_.tables_per_minute, 1e-9),
                  frame_burst_ / std::max(frame_rate_, 1e-9)});
    const auto forget = std::chrono::duration<double>(std::min(full_s, 24 * 3600.0));
    for (auto it = entries_.begin(); it != entries_.end();)
      if (it->second.connections == 0 && now - it->second.seen > forget)
        it = entries_.erase(it);
      else
        ++it;
  }

  Entry* join(const std::string& key) {
    Entry& e = entries_[key];
    e.seen = Clock::now();
    if (e.connections >= per_address()) return nullptr;
    ++e.connections;
    return &e;
  }
  void leave(Entry* e) {
    --e->connections;
    e->seen = Clock::now();
  }

  AddressLimits limits_;
  double frame_rate_, frame_burst_;
  std::unordered_map<std::string, Entry> entries_;
  Entry proxied_;  // proxied connections before their first request (never rate-limited)
  int total_ = 0;
  Clock::time_point swept_{};
};

// Holds a connection's place in the address book for as long as the session lives.
class Slot {
 public:
  // key: the address it counts as; "" for a proxied connection before its first request.
  Slot(AddressBook& book, AddressBook::Entry* e, std::string key)
      : book_(book), entry_(e), key_(std::move(key)) {}
  ~Slot() {
    if (entry_) book_.close(entry_);
  }
  Slot(const Slot&) = delete;
  Slot& operator=(const Slot&) = delete;
  AddressBook::Entry& entry() { return *entry_; }
  const std::string& key() const { return key_; }
  // Counts the connection as `key`'s from now on: false when that address is full.
  bool count_as(const std::string& key) {
    if (key == key_) return true;
    if (!book_.move(entry_, key)) return false;
    key_ = key;
    return true;
  }

 private:
  AddressBook& book_;
  AddressBook::Entry* entry_;
  std::string key_;
};

// A WebSocket connection: a Client of the hub.
class WsSession : public Client, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(beast::tcp_stream stream, Hub& hub, AddressBook& book, AddressBook::Entry& address)
      : ws_(std::move(stream)), hub_(hub), book_(book), address_(address) {}

  awaitable<void> run(http::request<http::string_body> req) {
    const auto& limits = book_.limits();
    websocket::stream_base::timeout t{};
    t.handshake_timeout = millis(limits.handshake_s);
    t.idle_timeout = millis(limits.idle_s);
    t.keep_alive_pings = true;  // a live browser answers the pings; a dead peer is dropped
    ws_.set_option(t);
    ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
      for (const auto& [name, value] : security_headers()) res.set(name, value);
    }));
    ws_.read_message_max(kWsHardLimit);
    // A client's pings and pongs count against its address's frame budget as text frames do
    // (Beast answers each ping by itself: a flood of them is closed as one of text frames is).
    // This runs inside a read: the count's answer is posted, never written from here.
    ws_.control_callback([this](websocket::frame_type kind, beast::string_view) {
      if (kind == websocket::frame_type::close) return;
      asio::post(ws_.get_executor(), [weak = weak_from_this()] {
        if (auto self = weak.lock(); self && !self->closed_) self->admit();
      });
    });
    beast::error_code ec;
    co_await ws_.async_accept(req, asio::redirect_error(use_awaitable, ec));
    if (ec) co_return;
    auto self = shared_from_this();
    // A connection that does not sit at a table within the handshake time is closed.
    asio::co_spawn(ws_.get_executor(), hello_deadline(self, millis(limits.handshake_s)),
                   asio::detached);
    beast::flat_buffer buffer;
    while (!closed_) {
      co_await ws_.async_read(buffer, asio::redirect_error(use_awaitable, ec));
      if (ec) break;
      const auto data = buffer.cdata();
      std::string_view text(static_cast<const char*>(data.data()), data.size());
      if (!admit()) {
        buffer.consume(buffer.size());
        continue;
      }
      if (ws_.got_binary()) {
        // Frames are JSON text: a binary one is refused, changes nothing, and ends the
        // connection (close code 1008, policy violation).
        send(std::make_shared<const std::string>(
            error_frame(code::kBadFrame,
                        "frames are JSON text; a binary frame closes the "
                        "connection")
                .dump()));
        close();
        buffer.consume(buffer.size());
        continue;
      }
      try {
        hub_.on_frame(self, text);
      } catch (const std::exception& e) {
        // A bug, not bad input (that is refused above): report it, keep the server up.
        std::cerr << "turf serve: internal error on a frame: " << e.what() << std::endl;
        send(std::make_shared<const std::string>(
            error_frame(code::kServerError, "internal error").dump()));
      }
      buffer.consume(buffer.size());
    }
    closed_ = true;
    hub_.on_close(self);
  }

  void send(std::shared_ptr<const std::string> frame) override {
    if (closed_ || closing_) return;
    queued_bytes_ += frame->size();
    queue_.emplace_back(std::move(frame), std::chrono::steady_clock::now());
    if (queued_bytes_ > hub_.limits().max_queued_bytes) {
      drop();  // too far behind
      return;
    }
    if (!writing_) {
      writing_ = true;
      asio::co_spawn(ws_.get_executor(), write_loop(shared_from_this()), asio::detached);
    }
  }

  // Closes after the frames already queued (a WebSocket close with "policy violation").
  void close() override {
    if (closed_ || closing_) return;
    closing_ = true;
    queue_.emplace_back(nullptr, std::chrono::steady_clock::now());  // the close marker
    if (!writing_) {
      writing_ = true;
      asio::co_spawn(ws_.get_executor(), write_loop(shared_from_this()), asio::detached);
    }
  }

  // Counts a frame (text, binary or control) against the address's bucket (all its
  // connections together): false when it is empty, with rate_limited; abuse_close refusals in
  // a row close the connection.
  bool admit() {
    if (book_.frame(address_)) {
      address_refused_ = 0;
      return true;
    }
    send(std::make_shared<const std::string>(
        error_frame(code::kRateLimited, "too many frames from your address").dump()));
    if (++address_refused_ >= hub_.limits().abuse_close) close();
    return false;
  }

  // Drops the connection at once (a client too far behind, or one that never said hello).
  void drop() {
    if (closed_) return;
    closed_ = true;
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ec);
    beast::get_lowest_layer(ws_).socket().close(ec);
  }

 private:
  static awaitable<void> hello_deadline(std::weak_ptr<WsSession> weak,
                                        std::chrono::milliseconds after) {
    asio::steady_timer timer(co_await asio::this_coro::executor, after);
    beast::error_code ec;
    co_await timer.async_wait(asio::redirect_error(use_awaitable, ec));
    if (auto self = weak.lock(); self && !self->greeted()) self->drop();
  }

  static awaitable<void> write_loop(std::shared_ptr<WsSession> self) {
    beast::error_code ec;
    while (!self->queue_.empty() && !self->closed_) {
      auto [frame, since] = self->queue_.front();
      if (!frame) {  // the close marker
        co_await self->ws_.async_close(websocket::close_code::policy_error,
                                       asio::redirect_error(use_awaitable, ec));
        self->queue_.clear();
        self->closed_ = true;
        break;
      }
      self->ws_.text(true);
      co_await self->ws_.async_write(asio::buffer(*frame), asio::redirect_error(use_awaitable, ec));
      self->queue_.pop_front();
      self->queued_bytes_ -= frame->size();
      server_stats().socket.record(std::chrono::steady_clock::now() - since);
      if (ec) {
        self->close();
        break;
      }
    }
    self->writing_ = false;
  }

  websocket::stream<beast::tcp_stream> ws_;
  Hub& hub_;
  AddressBook& book_;
  AddressBook::Entry& address_;
  std::deque<std::pair<std::shared_ptr<const std::string>, std::chrono::steady_clock::time_point>>
      queue_;
  std::size_t queued_bytes_ = 0;
  bool writing_ = false;
  bool closing_ = false;
  bool closed_ = false;
  int address_refused_ = 0;  // frames refused in a row by the address's rate limit
};

struct Context {
  Hub& hub;
  Store& store;
  std::string web_root;  // canonical, or empty when there is no client folder
  OriginPolicy origins;
  HostPolicy hosts;
  ProxyPolicy proxies;
  AddressBook book;
  bool stats = false;
  // Work that reads the store and replays a game (a replay frame): two threads, so that the I/O
  // thread goes on serving every table meanwhile; requests are rate-limited per address.
  asio::thread_pool* work = nullptr;
};

// What a job off the I/O thread gave: its result, or the message of the Error it threw.
struct JobResult {
  nlohmann::json value;
  std::optional<std::string> error;
};

// Runs `job` on the work threads and resumes on the I/O thread with its result. The result
// travels back by a post to the I/O thread, which alone touches the timer the coroutine waits on.
// An Error comes back as a message, not rethrown. (g++ 12 freed a temporary twice when the job
// was a lambda made in the co_await expression itself: callers name it first.)
awaitable<JobResult> off_io_thread(asio::thread_pool& pool,
                                   const std::function<nlohmann::json()>& job) {
  auto exec = co_await asio::this_coro::executor;
  struct Shared {
    explicit Shared(const asio::any_io_executor& e)
        : timer(e, asio::steady_timer::time_point::max()) {}
    asio::steady_timer timer;
    JobResult result;
    bool done = false;
  };
  auto shared = std::make_shared<Shared>(exec);
  asio::post(pool, [shared, exec, job]() mutable {
    JobResult r;
    try {
      r.value = job();
    } catch (const Error& e) {
      r.error = e.what();
    } catch (const std::exception& e) {
      r.error = std::string("internal error: ") + e.what();
    }
    asio::post(exec, [shared, r = std::move(r)]() mutable {
      shared->result = std::move(r);
      shared->done = true;
      shared->timer.cancel();
    });
  });
  beast::error_code ec;
  while (!shared->done) co_await shared->timer.async_wait(asio::redirect_error(use_awaitable, ec));
  co_return std::move(shared->result);
}

using Response = http::response<http::string_body>;

Response json_response(const http::request<http::string_body>& req, http::status status,
                       const nlohmann::json& body) {
  Response res{status, req.version()};
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.keep_alive(req.keep_alive());
  res.body() = body.dump();
  res.prepare_payload();
  return res;
}

Response error_response(const http::request<http::string_body>& req, http::status status,
                        const std::string& message) {
  return json_response(req, status, {{"error", message}});
}

Response too_many(const http::request<http::string_body>& req, int retry_after,
                  const std::string& message) {
  auto res = error_response(req, http::status::too_many_requests, message);
  res.set(http::field::retry_after, std::to_string(retry_after));
  return res;
}

// Waits for a callback on the same (single-threaded) executor.
awaitable<nlohmann::json> create(Hub& hub, const nlohmann::json& body, const std::string& creator,
                                 bool record) {
  auto exec = co_await asio::this_coro::executor;
  asio::steady_timer timer(exec, asio::steady_timer::time_point::max());
  auto result = std::make_shared<std::optional<nlohmann::json>>();
  auto done = [result, &timer](nlohmann::json answer) {
    *result = std::move(answer);
    timer.cancel();
  };
  if (record)
    hub.import_record(body, done);
  else
    hub.create_table(body, done, creator);
  beast::error_code ec;
  while (!result->has_value()) co_await timer.async_wait(asio::redirect_error(use_awaitable, ec));
  co_return std::move(**result);
}

awaitable<Response> handle(Context& ctx, const std::string& key, AddressBook::Entry& address,
                           const http::request<http::string_body>& req) {
  const std::string target(req.target());
  const std::string path = target.substr(0, target.find('?'));
  try {
    if (path == "/api/games") {
      if (req.method() != http::verb::get)
        co_return error_response(req, http::status::method_not_allowed, "use GET");
      co_return json_response(req, http::status::ok,
                              games_json(ctx.hub.program_names(), ctx.hub.offered_variants()));
    }
    if (path.rfind("/api/games/", 0) == 0) {
      // GET /api/games/ID/cards: the game's card texts (the `cards` hook; turf cards GAME --json);
      // ?variant=NAME: those of a variant the server offers.
      if (req.method() != http::verb::get)
        co_return error_response(req, http::status::method_not_allowed, "use GET");
      const std::string rest = path.substr(11);
      const auto slash = rest.find('/');
      const GameInfo* game = nullptr;
      for (const auto& g : Registry::instance().games())
        if (slash != std::string::npos && g->id == rest.substr(0, slash)) game = g.get();
      if (!game || rest.substr(slash) != "/cards" || !game->cards)
        co_return error_response(req, http::status::not_found, "no such API path");
      const auto q = target.find('?');
      const std::string query = q == std::string::npos ? "" : target.substr(q + 1);
      if (query.empty() || query == "variant=base")
        co_return json_response(req, http::status::ok, game_cards_json(*game));
      for (const auto& v : ctx.hub.offered_variants())
        if (v.game == game->id && query == "variant=" + v.name)
          co_return json_response(req, http::status::ok, v.cards);
      co_return error_response(req, http::status::not_found,
                               "the query is variant=NAME, a variant this server offers");
    }
    if (path == "/api/tables" || path == "/api/records") {
      // POST /api/records: a finished game's record (what the page read of a turf record file)
      // becomes a finished private table, to replay.
      const bool record = path == "/api/records";
      if (req.method() == http::verb::get && !record)
        co_return json_response(req, http::status::ok, ctx.hub.lobby(200));
      if (req.method() != http::verb::post)
        co_return error_response(req, http::status::method_not_allowed,
                                 record ? "use POST" : "use GET or POST");
      // A state-changing request: from the server's own pages (or a program) only, and JSON.
      // (Every other method and path changes nothing: 405 or 404.)
      bool wrong_type = false;
      const std::string why =
          state_change_refusal(ctx.origins, req[http::field::origin], req["Sec-Fetch-Site"],
                               req[http::field::content_type], req[http::field::host], &wrong_type);
      if (!why.empty())
        co_return error_response(
            req, wrong_type ? http::status::unsupported_media_type : http::status::forbidden, why);
      if (!ctx.book.create(address)) {
        const auto& l = ctx.book.limits();
        co_return too_many(req, address.tables.wait_s(l.tables_per_minute / 60.0),
                           "too many new tables from your address (at most " +
                               std::to_string(static_cast<int>(l.tables_per_minute)) +
                               " a minute); try again later");
      }
      auto body = nlohmann::json::parse(req.body(), nullptr, false);
      if (body.is_discarded())
        co_return error_response(req, http::status::bad_request, "malformed JSON");
      nlohmann::json answer = co_await create(ctx.hub, body, key, record);
      if (answer.is_null())
        co_return error_response(req, http::status::service_unavailable,
                                 "the table could not be stored");
      co_return json_response(req, http::status::created, answer);
    }
    if (path == "/api/stats" && ctx.stats) {
      // Latency histograms of each stage (turf serve --stats; read by turf serve-load).
      co_return json_response(req, http::status::ok,
                              {{"stages", server_stats().raw()},
                               {"live_tables", ctx.hub.live_tables()},
                               {"connections", ctx.book.total()},
                               {"addresses", ctx.book.size()},
                               {"commits", ctx.store.commits()},
                               {"transactions", ctx.store.transactions()}});
    }
    if (path.rfind("/api/tables/", 0) == 0 && path.size() > 19 &&
        path.compare(path.size() - 7, 7, "/replay") == 0) {
      if (req.method() != http::verb::get)
        co_return error_response(req, http::status::method_not_allowed, "use GET");
      // ?at=K (the move: 0 to the number of moves, by default the end) and view=N (a seat, by
      // default the spectator), each at most once, nothing else
      const auto q = target.find('?');
      const std::string query = q == std::string::npos ? "" : target.substr(q + 1);
      int at = -1, view = kSpectator;
      bool bad = query.size() > 40;
      for (std::size_t pos = 0; !bad && !query.empty() && pos <= query.size();) {
        const std::size_t amp = std::min(query.find('&', pos), query.size());
        const std::string part = query.substr(pos, amp - pos);
        const std::string key = part.substr(0, part.find('='));
        const std::string value = part.size() > key.size() ? part.substr(key.size() + 1) : "";
        int* into = key == "at" ? &at : key == "view" ? &view : nullptr;
        if (!into || *into != (key == "at" ? -1 : kSpectator) || value.empty() || value.size() > 7)
          bad = true;
        else if (key == "view" && value == "all")  // every hidden thing (the game is over)
          view = kOmniscient;
        else if (value.find_first_not_of("0123456789") != std::string::npos)
          bad = true;
        else
          *into = std::stoi(value);
        pos = amp + 1;
      }
      if (bad)
        co_return error_response(
            req, http::status::bad_request,
            "the query is at=K (a move) and view=N (a seat, or all), each at most once");
      const std::string id = path.substr(12, path.size() - 12 - 7);
      // Hub::replay reads only the store (its own read connection) and the row it loads.
      const std::function<nlohmann::json()> job = [&hub = ctx.hub, id, at, view] {
        return hub.replay(id, at, view);
      };
      const JobResult frames = co_await off_io_thread(*ctx.work, job);
      if (frames.error) co_return error_response(req, http::status::bad_request, *frames.error);
      if (frames.value.is_null())
        co_return error_response(req, http::status::not_found, "no such table");
      co_return json_response(req, http::status::ok, frames.value);
    }
    if (path.rfind("/api/tables/", 0) == 0) {
      if (req.method() != http::verb::get)
        co_return error_response(req, http::status::method_not_allowed, "use GET");
      // A table in memory answers for itself (I/O thread); any other from its stored row, read
      // off the I/O thread (it is not loaded).
      const std::string id = path.substr(12);
      auto entry = ctx.hub.live_entry(id);
      if (entry.is_null()) {
        const std::function<nlohmann::json()> job = [&hub = ctx.hub, id] {
          return hub.stored_entry(id);
        };
        const JobResult stored = co_await off_io_thread(*ctx.work, job);
        if (stored.error) co_return error_response(req, http::status::bad_request, *stored.error);
        entry = stored.value;
      }
      if (entry.is_null()) co_return error_response(req, http::status::not_found, "no such table");
      co_return json_response(req, http::status::ok, entry);
    }
    if (path.rfind("/api/", 0) == 0 || path == "/api")
      co_return error_response(req, http::status::not_found, "no such API path");
    if (req.method() != http::verb::get && req.method() != http::verb::head)
      co_return error_response(req, http::status::method_not_allowed, "use GET");
    if (ctx.web_root.empty())
      co_return error_response(req, http::status::not_found,
                               "the web client is not built (cd web && npm ci && npm run build)");
    const std::string file = static_path(ctx.web_root, target);
    if (file.empty()) co_return error_response(req, http::status::not_found, "not found");
    std::ifstream in(file, std::ios::binary);
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Response res{http::status::ok, req.version()};
    res.set(http::field::content_type, content_type(file));
    res.keep_alive(req.keep_alive());
    if (req.method() == http::verb::head) {
      res.content_length(data.size());
    } else {
      res.body() = std::move(data);
      res.prepare_payload();
    }
    co_return res;
  } catch (const Error& e) {
    co_return error_response(req, http::status::bad_request, e.what());
  }
}

// Writes a response with the security headers, within the handshake time.
awaitable<void> send_response(beast::tcp_stream& stream, Response& res, double seconds,
                              beast::error_code& ec) {
  for (const auto& [name, value] : security_headers()) res.set(name, value);
  stream.expires_after(millis(seconds));
  co_await http::async_write(stream, res, asio::redirect_error(use_awaitable, ec));
}

awaitable<void> http_session(Context& ctx, tcp::socket socket) {
  beast::error_code ec;
  const auto remote = socket.remote_endpoint(ec);
  const auto peer = ec ? asio::ip::address() : remote.address();
  // A trusted proxy's connection counts as the client its requests are forwarded for.
  const bool proxied = !ec && ctx.proxies.trusts(peer);
  const std::string key = proxied ? std::string() : ec ? std::string("?") : address_key(peer);
  beast::tcp_stream stream(std::move(socket));
  const double handshake = ctx.book.limits().handshake_s;
  AddressBook::Entry* entry = proxied ? ctx.book.open_proxied() : ctx.book.open(key);
  // The address (or the server) holds as many connections as it may: say so and close.
  auto full = [&](const http::request<http::string_body>& req) {
    auto res = error_response(req, http::status::service_unavailable,
                              "too many connections; close some and try again");
    res.set(http::field::retry_after, "5");
    res.keep_alive(false);
    return res;
  };
  if (!entry) {
    auto res = full({});
    co_await send_response(stream, res, 2.0, ec);
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
    co_return;
  }
  Slot slot(ctx.book, entry, key);
  beast::flat_buffer buffer;
  for (;;) {
    http::request_parser<http::string_body> parser;
    parser.header_limit(8 * 1024);
    parser.body_limit(kBodyLimit);
    // The whole request (headers and body), or the wait for the next one on a kept-alive
    // connection, within the handshake time: a slow or silent client holds no descriptor long.
    stream.expires_after(millis(handshake));
    co_await http::async_read(stream, buffer, parser, asio::redirect_error(use_awaitable, ec));
    if (ec == http::error::body_limit || ec == http::error::header_limit) {
      http::request<http::string_body> req;
      auto res = error_response(req, http::status::payload_too_large, "at most 16 KiB");
      res.keep_alive(false);
      co_await send_response(stream, res, handshake, ec);
      // Read what the client still sends (a little), so that closing does not reset the
      // connection before it reads the answer.
      stream.socket().shutdown(tcp::socket::shutdown_send, ec);
      stream.expires_after(std::chrono::seconds(2));
      std::size_t drained = 0;
      char sink[4096];
      while (drained < (1 << 20)) {
        std::size_t n = co_await stream.async_read_some(asio::buffer(sink),
                                                        asio::redirect_error(use_awaitable, ec));
        if (ec) break;
        drained += n;
      }
      co_return;
    }
    if (ec) break;
    auto req = parser.release();
    if (proxied) {
      std::string forwarded;
      for (auto [it, end] = req.equal_range("X-Forwarded-For"); it != end; ++it)
        forwarded += (forwarded.empty() ? "" : ",") + std::string(it->value());
      if (!slot.count_as(address_key(ctx.proxies.client(peer, forwarded)))) {
        auto res = full(req);
        co_await send_response(stream, res, handshake, ec);
        break;
      }
    }
    if (!ctx.book.request(slot.entry())) {
      auto res = too_many(req, slot.entry().requests.wait_s(ctx.book.limits().request_rate),
                          "too many requests from your address; slow down");
      co_await send_response(stream, res, handshake, ec);
      if (ec || !res.keep_alive()) break;
      continue;
    }
    // Refused, and the connection closed: a request for a name this server does not serve (DNS
    // rebinding), and a WebSocket for a page of another site (a browser always sends Origin).
    const auto host = req.find(http::field::host);
    const auto origin = req.find(http::field::origin);
    const char* forbidden =
        host != req.end() && !ctx.hosts.allows(host->value())
            ? "this server does not answer for that host name (turf serve --allow-host NAME "
              "allows one)"
        : websocket::is_upgrade(req) && req.target() == "/ws" && origin != req.end() &&
                !ctx.origins.allows(origin->value(), req[http::field::host])
            ? "a page from this origin may not open the table's WebSocket (turf serve "
              "--allow-origin ORIGIN allows one)"
            : nullptr;
    if (forbidden) {
      auto res = error_response(req, http::status::forbidden, forbidden);
      res.keep_alive(false);
      co_await send_response(stream, res, handshake, ec);
      break;
    }
    if (websocket::is_upgrade(req)) {
      if (req.target() != "/ws") {
        auto res = error_response(req, http::status::not_found, "the WebSocket is at /ws");
        co_await send_response(stream, res, handshake, ec);
        break;
      }
      stream.expires_never();  // the WebSocket's own timeouts from here on
      auto session =
          std::make_shared<WsSession>(std::move(stream), ctx.hub, ctx.book, slot.entry());
      co_await session->run(std::move(req));
      co_return;
    }
    Response res = co_await handle(ctx, slot.key(), slot.entry(), req);
    const bool keep = res.keep_alive();
    co_await send_response(stream, res, handshake, ec);
    if (ec || !keep) break;
  }
  stream.socket().shutdown(tcp::socket::shutdown_send, ec);
}

bool out_of_descriptors(const beast::error_code& ec) {
  if (ec.category() != boost::system::system_category()) return false;
  const int e = ec.value();
  return e == EMFILE || e == ENFILE || e == ENOBUFS || e == ENOMEM;
}

awaitable<void> listen(Context& ctx, tcp::acceptor& acceptor) {
  auto exec = co_await asio::this_coro::executor;
  // A descriptor kept in reserve: when the others run out, it is closed to accept (and close at
  // once) the connections waiting, so that they hear "no" instead of hanging, then taken back.
  int spare = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  auto backoff = std::chrono::milliseconds(50);
  asio::steady_timer timer(exec);
  for (;;) {
    beast::error_code ec;
    tcp::socket socket = co_await acceptor.async_accept(asio::redirect_error(use_awaitable, ec));
    if (ec) {
      if (!acceptor.is_open()) break;
      if (!out_of_descriptors(ec)) continue;  // e.g. a connection reset before it was taken
      // Out of descriptors: never retry at once (that spins a core and starves the connections
      // that would free some); shed what waits, then wait, longer each time (at most 1 s).
      if (backoff == std::chrono::milliseconds(50))
        std::cerr << "turf serve: out of file descriptors (" << ec.message()
                  << "); refusing new connections until some close" << std::endl;
      if (spare >= 0) {
        ::close(spare);
        acceptor.native_non_blocking(true, ec);
        for (int i = 0; i < 64; ++i) {
          const int fd = ::accept4(acceptor.native_handle(), nullptr, nullptr, SOCK_CLOEXEC);
          if (fd < 0) break;
          ::close(fd);
        }
        spare = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
      }
      timer.expires_after(backoff);
      co_await timer.async_wait(asio::redirect_error(use_awaitable, ec));
      backoff = std::min(backoff * 2, std::chrono::milliseconds(1000));
      continue;
    }
    backoff = std::chrono::milliseconds(50);
    asio::co_spawn(exec, http_session(ctx, std::move(socket)), asio::detached);
  }
  if (spare >= 0) ::close(spare);
}

// Raises the soft limit of open files to the hard one (at most 2^20) and returns the number of
// connections it leaves room for: the limit less 64 descriptors kept for the database, the
// web client's files and the reserve.
int connection_room() {
  rlimit rl{};
  if (::getrlimit(RLIMIT_NOFILE, &rl) != 0) return 960;
  const rlim_t want = std::min<rlim_t>(rl.rlim_max, rlim_t{1} << 20);
  if (rl.rlim_cur < want) {
    rl.rlim_cur = want;
    ::setrlimit(RLIMIT_NOFILE, &rl);
    ::getrlimit(RLIMIT_NOFILE, &rl);
  }
  const long room = static_cast<long>(std::min<rlim_t>(rl.rlim_cur, rlim_t{1} << 20)) - 64;
  return static_cast<int>(std::max(16L, room));
}

// The I/O context, with its shutdown in reach: serve() destroys the sessions still suspended
// (their handlers) while the hub, the store and the address book they refer to are alive, not
// later in the context's destructor, after them.
struct IoContext : asio::io_context {
  using asio::io_context::io_context;
  void destroy_pending() { shutdown(); }
};

}  // namespace

int serve(const ServerOptions& options) {
  namespace fs = std::filesystem;
  std::string web_root;
  if (!options.web.empty()) {
    std::error_code ec;
    auto root = fs::canonical(options.web, ec);
    if (ec || !fs::is_directory(root)) throw Error("--web: '" + options.web + "' is not a folder");
    web_root = root.string();
  }
  IoContext io(1);
  tcp::acceptor acceptor(io);
  beast::error_code ec;
  auto address = asio::ip::make_address(options.host, ec);
  if (ec) throw Error("--host: '" + options.host + "' is not an IP address");
  if (options.port < 0 || options.port > 65535) throw Error("--port must be in 0..65535");
  tcp::endpoint endpoint(address, static_cast<unsigned short>(options.port));
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    throw Error("cannot listen on " + options.host + ":" + std::to_string(options.port) + ": " +
                ec.message());
  const int port = acceptor.local_endpoint().port();
  // Both throw for a bad --allow-origin or --allow-host.
  OriginPolicy origins(options.host, port, options.allow_origins, options.allow_hosts);
  HostPolicy hosts(options.host, port, options.allow_hosts, options.allow_origins);
  ProxyPolicy proxies(options.trusted_proxies);
  const std::string host = address.is_v6() ? "[" + options.host + "]" : options.host;
  const std::string url = "http://" + host + ":" + std::to_string(port) + "/";
  AddressLimits address_limits = options.address;
  const int room = connection_room();
  if (address_limits.max_connections <= 0) address_limits.max_connections = room;
  // One address never holds more than half the server's connections.
  address_limits.connections =
      std::max(1, std::min(address_limits.connections, address_limits.max_connections / 2));

  Store store(options.db, options.full_sync);
  int threads = options.bot_threads > 0
                    ? options.bot_threads
                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  Hub hub(io, store, threads, options.limits, url);
  if (options.test_seeds) hub.allow_test_seeds();
  if (!options.test_clock.empty()) hub.use_test_clock(options.test_clock);
  hub.restore();

  std::cout << "turf serve: open " << url << std::endl;
  std::cout << "turf serve: database " << options.db << ", web client "
            << (web_root.empty() ? std::string("not served") : web_root) << ", at most "
            << address_limits.max_connections << " connections (" << address_limits.connections
            << " an address" << (proxies.empty() ? "" : ", behind trusted proxies") << ")"
            << std::endl;

  Context ctx{hub,
              store,
              web_root,
              std::move(origins),
              std::move(hosts),
              std::move(proxies),
              AddressBook(address_limits, options.limits.rate, options.limits.burst),
              options.stats};
  asio::thread_pool work(2);
  ctx.work = &work;
  hub.set_offload([&work](std::function<void()> job) { asio::post(work, std::move(job)); });
  // Idle tables leave memory, abandoned ones the disk (Hub::sweep), checked every 30 s (or a
  // quarter of the idle time, when shorter).
  asio::steady_timer sweeper(io);
  const auto every = millis(std::clamp(options.limits.idle_evict_s / 4, 0.05, 30.0));
  std::function<void()> arm = [&] {
    sweeper.expires_after(every);
    sweeper.async_wait([&](const beast::error_code& e) {
      if (e) return;
      hub.sweep();
      arm();
    });
  };
  arm();
  // Turn-based tables' deadlines (Hub::tick), checked every second.
  asio::steady_timer ticker(io);
  std::function<void()> arm_tick = [&] {
    ticker.expires_after(std::chrono::seconds(1));
    ticker.async_wait([&](const beast::error_code& e) {
      if (e) return;
      hub.tick();
      arm_tick();
    });
  };
  arm_tick();
  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](const beast::error_code& e, int sig) {
    if (e) return;
    std::cout << "turf serve: signal " << sig << ", stopping" << std::endl;
    acceptor.close();
    sweeper.cancel();
    ticker.cancel();
    io.stop();
  });
  asio::co_spawn(io, listen(ctx, acceptor), asio::detached);
  io.run();
  work.stop();  // a replay in flight is dropped with its connection
  work.join();
  hub.stop();
  io.destroy_pending();
  return 0;
}

}  // namespace turf::server
