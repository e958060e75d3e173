// turf serve: the table server (src/server, docs/protocol.md).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>

#include "cli/commands.h"
#include "core/game.h"
#include "core/variant.h"
#include "lab/experiment.h"
#include "server/server.h"

#ifndef TURF_SOURCE_DIR
#define TURF_SOURCE_DIR "."
#endif

namespace turf::cli {

namespace {

// The variants of one game a server may offer (of the process's kMaxVariantSlots - 1).
constexpr int kMaxOfferedVariants = (kMaxVariantSlots - 1) / 2;
// web/dist of the source tree, else share/turf/web next to the installed binary.
std::string default_web() {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path src = fs::path(TURF_SOURCE_DIR) / "web" / "dist";
  if (fs::is_regular_file(src / "index.html", ec)) return src.string();
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    fs::path installed = exe.parent_path().parent_path() / "share" / "turf" / "web";
    if (fs::is_regular_file(installed / "index.html", ec)) return installed.string();
  }
  return "";
}
}  // namespace

int serve(const ServeArgs& args) {
  if (args.allow_ext_bots)
    throw Error(
        "--allow-ext-bots is gone: it let whoever creates a table run any command. Name "
        "the programs tables may seat instead: --ext-bot NAME=COMMAND (docs/security.md)");
  server::ServerOptions o;
  o.host = args.host;
  o.port = args.port;
  o.db = args.db;
  o.web = args.web.empty() ? default_web() : args.web;
  if (!args.web.empty() && !std::filesystem::is_directory(args.web))
    throw Error("--web: '" + args.web + "' is not a folder");
  if (o.web.empty())
    std::cerr << "turf serve: no built web client found (web/dist); the API and WebSocket work, "
                 "the pages do not. Build it: cd web && npm ci && npm run build\n";
  o.bot_threads = args.bot_threads;
  if (args.rate <= 0 || args.burst < 1) throw Error("--rate must be > 0 and --burst >= 1");
  o.limits.rate = args.rate;
  o.limits.burst = args.burst;
  auto programs = std::make_shared<std::vector<NamedProgram>>();
  for (const auto& text : args.ext_bots) {
    NamedProgram p = parse_named_program(text);
    for (const auto& q : *programs)
      if (q.name == p.name) throw Error("--ext-bot: the name '" + p.name + "' is given twice");
    programs->push_back(std::move(p));
  }
  o.limits.programs = std::move(programs);
  auto variants = std::make_shared<server::OfferedVariants>();
  for (const auto& text : args.variants) {
    const auto colon = text.find(':');
    if (colon == std::string::npos || colon == 0)
      throw Error("--variant takes GAME:NAME=FILE (or GAME:FILE), not '" + text + "'");
    const GameInfo& game = Registry::instance().find(text.substr(0, colon));
    const Variant v = lab::read_variant(game, text.substr(colon + 1));
    for (const auto& q : *variants)
      if (q.game == game.id && q.name == v.name)
        throw Error("--variant: " + game.id + " has the name '" + v.name + "' twice");
    const std::string option = variant_option_text(v);
    // Each distinct variant holds a content slot for the life of the process (kMaxVariantSlots,
    // the game's own one of them): half stays free for tables stored with variants the operator
    // no longer offers, which take theirs when they come back.
    std::set<std::string> distinct{option};
    for (const auto& q : *variants)
      if (q.game == game.id) distinct.insert(q.option);
    if (static_cast<int>(distinct.size()) > kMaxOfferedVariants)
      throw Error("--variant: at most " + std::to_string(kMaxOfferedVariants) +
                  " different variants of one game (the rest of the room is kept for tables "
                  "stored with variants no longer offered)");
    variants->push_back(
        {game.id, v.name, option, game.cards_for(game.resolve({{"variant", option}}))});
  }
  o.limits.variants = std::move(variants);
  o.allow_hosts = args.allow_hosts;
  o.allow_origins = args.allow_origins;
  o.trusted_proxies = args.trusted_proxies;
  if (args.sync != "full" && args.sync != "normal")
    throw Error("--sync must be full or normal, not '" + args.sync + "'");
  o.full_sync = args.sync == "full";
  o.stats = args.stats;
  o.test_seeds = args.test_seeds;
  o.test_clock = args.test_clock;
  if (args.request_rate <= 0) throw Error("--request-rate must be > 0");
  if (args.tables_per_minute <= 0) throw Error("--tables-per-minute must be > 0");
  if (args.handshake_timeout <= 0 || args.handshake_timeout > 300)
    throw Error("--handshake-timeout must be in (0, 300] seconds");
  o.address.max_connections = args.max_connections;
  o.address.connections = args.connections_per_address;
  o.address.request_rate = args.request_rate;
  o.address.request_burst = std::max(5 * args.request_rate, 10.0);
  o.address.tables_per_minute = args.tables_per_minute;
  o.address.table_burst = std::max(10.0, args.tables_per_minute / 6.0);
  o.address.handshake_s = args.handshake_timeout;
  if (args.idle_minutes <= 0) throw Error("--idle-minutes must be > 0");
  if (args.expire_days <= 0) throw Error("--expire-days must be > 0");
  o.limits.idle_evict_s = args.idle_minutes * 60;
  o.limits.expire_s = args.expire_days * 86400;
  return server::serve(o);
}

}  // namespace turf::cli
