// The Boost.Beast and SQLite half of the server-test harness (harness.h): HTTP requests, the
// WebSocket client and the database reader, compiled once instead of in every test file (each
// file that instantiated them took some 25 s more to compile).
#include "harness.h"

#include <sqlite3.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace turf::server_test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

tcp::endpoint loopback(int port) {
  return tcp::endpoint(asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port));
}

}  // namespace

HttpAnswer http_request(int port, http::verb verb, const std::string& target,
                        const std::string& body, const std::optional<Headers>& headers) {
  asio::io_context io;
  tcp::socket socket(io);
  socket.connect(loopback(port));
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  if (headers)
    for (const auto& [k, v] : *headers) req.set(k, v);
  if (!body.empty() || verb == http::verb::post) {
    if (!headers) req.set(http::field::content_type, "application/json");
    req.body() = body;
    req.prepare_payload();
  }
  http::write(socket, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 << 20);
  beast::error_code ec;
  http::read(socket, buffer, parser, ec);
  if (ec) return {};  // the server closed without an answer
  HttpAnswer a{static_cast<int>(parser.get().result_int()), parser.get().body(), {}};
  for (const auto& f : parser.get()) {
    std::string name(f.name_string());
    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    a.headers[name] = std::string(f.value());
  }
  return a;
}

json create_table(int port, const json& body) {
  auto a = http_request(port, http::verb::post, "/api/tables", body.dump());
  if (a.status != 201)
    throw std::runtime_error("create failed: " + std::to_string(a.status) + " " + a.body);
  return a.parsed();
}

int ws_upgrade_status(int port, const std::string& origin, const std::string& host) {
  asio::io_context io;
  tcp::socket socket(io);
  socket.connect(loopback(port));
  http::request<http::empty_body> req{http::verb::get, "/ws", 11};
  req.set(http::field::host, host.empty() ? "127.0.0.1:" + std::to_string(port) : host);
  req.set(http::field::upgrade, "websocket");
  req.set(http::field::connection, "Upgrade");
  req.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
  req.set(http::field::sec_websocket_version, "13");
  if (!origin.empty()) req.set(http::field::origin, origin);
  http::write(socket, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.skip(true);  // a 101 has no body; read the header only
  beast::error_code ec;
  http::read_header(socket, buffer, parser, ec);
  if (ec) return 0;
  return static_cast<int>(parser.get().result_int());
}

struct WsClient::Socket {
  asio::io_context io;
  websocket::stream<tcp::socket> ws{io};
};

WsClient::WsClient(int port, const std::string& origin) : socket_(std::make_unique<Socket>()) {
  auto& ws = socket_->ws;
  ws.next_layer().connect(loopback(port));
  if (!origin.empty())
    ws.set_option(websocket::stream_base::decorator(
        [origin](websocket::request_type& req) { req.set(http::field::origin, origin); }));
  ws.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  ws.read_message_max(64 << 20);
}

WsClient::~WsClient() = default;

void WsClient::send(const std::string& text) {
  socket_->ws.text(true);
  socket_->ws.write(asio::buffer(text));
}

bool WsClient::send_may_be_cut(const std::string& text) {
  socket_->ws.text(true);
  beast::error_code ec;
  socket_->ws.write(asio::buffer(text), ec);
  if (ec) closed_ = true;
  return !ec;
}

bool WsClient::send_binary(const std::string& bytes) {
  socket_->ws.binary(true);
  beast::error_code ec;
  socket_->ws.write(asio::buffer(bytes), ec);
  socket_->ws.text(true);
  return !ec;
}

bool WsClient::send_control_ping() {
  beast::error_code ec;
  socket_->ws.ping({}, ec);
  return !ec;
}

std::optional<std::string> WsClient::recv_text(std::chrono::milliseconds timeout) {
  auto& io = socket_->io;
  auto& ws = socket_->ws;
  beast::flat_buffer buffer;
  bool done = false;
  beast::error_code result;
  ws.async_read(buffer, [&](beast::error_code ec, std::size_t) {
    done = true;
    result = ec;
  });
  io.restart();
  io.run_for(timeout);
  if (!done) {
    beast::error_code ec;
    ws.next_layer().cancel(ec);
    io.restart();
    io.run();
    closed_ = true;
    return std::nullopt;
  }
  if (result) {
    closed_ = true;
    return std::nullopt;
  }
  return beast::buffers_to_string(buffer.data());
}

int WsClient::close_code() const {
  return static_cast<int>(socket_->ws.reason().code);
}

DbTable read_db_table(const std::string& db, const std::string& id) {
  sqlite3* h = nullptr;
  if (sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
    throw std::runtime_error("cannot open " + db);
  DbTable t;
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(h, "SELECT seed, status, rematch FROM tables WHERE id = ?", -1, &st, nullptr);
  sqlite3_bind_text(st, 1, id.c_str(), -1, SQLITE_TRANSIENT);
  if (sqlite3_step(st) == SQLITE_ROW) {
    t.seed = static_cast<std::uint64_t>(sqlite3_column_int64(st, 0));
    t.status = reinterpret_cast<const char*>(sqlite3_column_text(st, 1));
    if (const auto* r = sqlite3_column_text(st, 2)) t.rematch = reinterpret_cast<const char*>(r);
  }
  sqlite3_finalize(st);
  sqlite3_prepare_v2(h, "SELECT seat, action FROM actions WHERE table_id = ? ORDER BY move", -1,
                     &st, nullptr);
  sqlite3_bind_text(st, 1, id.c_str(), -1, SQLITE_TRANSIENT);
  while (sqlite3_step(st) == SQLITE_ROW)
    t.actions.emplace_back(sqlite3_column_int(st, 0), sqlite3_column_int(st, 1));
  sqlite3_finalize(st);
  sqlite3_close(h);
  return t;
}

}  // namespace turf::server_test
