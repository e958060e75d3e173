// turf: play, replay, benchmark and inspect the games of the Turf project.
#include <CLI/CLI.hpp>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <new>

#include "cli/commands.h"
#include "core/game.h"
#include "core/match.h"
#include "server/load.h"

namespace {

// An error message made safe to print (it may quote text from files or arguments): control
// characters other than newlines are dropped.
std::string printable(const std::string& message) {
  std::string out;
  std::size_t start = 0;
  while (start <= message.size()) {
    const auto nl = message.find('\n', start);
    const auto end = nl == std::string::npos ? message.size() : nl;
    out += turf::sanitize_text(std::string_view(message).substr(start, end - start), 4000);
    if (nl == std::string::npos) break;
    out += '\n';
    start = nl + 1;
  }
  return out;
}

// A seed: a decimal integer in 0..2^64-1; anything else (a sign, overflow, junk) is refused.
std::uint64_t parse_seed(const std::string& text, const char* flag) {
  std::uint64_t v = 0;
  const char* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || text[0] == '-' || text[0] == '+' || ec != std::errc() || p != end)
    throw turf::Error(std::string(flag) +
                      " must be an integer from 0 to 18446744073709551615, not '" + text + "'");
  return v;
}

// The long option names and subcommand names reachable in `app`, for "did you mean".
void names_of(const CLI::App* app, std::vector<std::string>& options,
              std::vector<std::string>& commands) {
  for (const CLI::Option* o : app->get_options()) {
    for (const auto& n : o->get_lnames()) options.push_back("--" + n);
    for (const auto& n : o->get_snames()) options.push_back("-" + n);
  }
  for (const CLI::App* sub : app->get_subcommands([](const CLI::App*) { return true; }))
    commands.push_back(sub->get_name());
}

// The innermost subcommand named on the command line (the app itself when none).
const CLI::App* innermost(const CLI::App* app, int argc, char** argv) {
  const CLI::App* at = app;
  for (int i = 1; i < argc; ++i) {
    for (const CLI::App* sub : at->get_subcommands([](const CLI::App*) { return true; }))
      if (sub->get_name() == argv[i]) {
        at = sub;
        break;
      }
  }
  return at;
}

// A command-line parser error as `error: ...` with a "did you mean" for a mistyped option or
// subcommand.
std::string parse_error_message(const CLI::ParseError& e, const CLI::App& app, int argc,
                                char** argv) {
  const CLI::App* at = innermost(&app, argc, argv);
  std::vector<std::string> options, commands;
  names_of(at, options, commands);
  std::string msg = e.what();
  std::string hint;
  for (int i = 1; i < argc && hint.empty(); ++i) {
    std::string word = argv[i];
    if (word.size() > 1 && word[0] == '-') {
      word = word.substr(0, word.find('='));
      if (std::find(options.begin(), options.end(), word) == options.end() &&
          msg.find(word) != std::string::npos)
        hint = turf::did_you_mean(word, options);
    }
  }
  const std::string path = at == &app ? "turf" : "turf " + at->get_name();
  return msg + hint + " (see `" + path + " --help`)";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace turf;
  CLI::App app{
      "turf: exact rules, honest bots and fast simulation for the Turf War family of games"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(kEngineVersion));

  bool games_json = false;
  auto* games = app.add_subcommand("games", "List the games with their players and options");
  games->add_flag("--json", games_json, "Machine-readable output");

  std::string rules_game;
  auto* rules =
      app.add_subcommand("rules", "How to play a game, on one screen (--full: the rules digest)");
  rules->add_option("game", rules_game, "Game id (see `turf games`)")->required();
  bool rules_full = false;
  rules->add_flag("--full", rules_full,
                  "The whole rules digest with every clause and resolution (default: how to play)");

  std::string cards_game, cards_name;
  bool cards_json = false;
  auto* cards_cmd = app.add_subcommand(
      "cards", "The texts of a game's cards, tiles, Events, Neighbors... (found or designed)");
  cards_cmd->add_option("game", cards_game, "Game id (see `turf games`)")->required();
  cards_cmd->add_option("name", cards_name, "One card's name or id (default: all of them)");
  cards_cmd->add_flag("--json", cards_json, "Machine-readable output");
  std::vector<std::string> cards_options;
  cards_cmd->add_option("--option,-o", cards_options,
                        "Game option key=value (repeatable): the texts of those rules");
  std::string cards_variant;
  cards_cmd->add_option("--variant", cards_variant,
                        "The texts of a content variant, NAME=FILE (docs/lab.md \"Variants\")");

  // More threads than this never help on today's machines; the pool also degrades gracefully
  // when the system cannot start as many (core/parallel.h).
  constexpr int kMaxThreads = 256;

  cli::PlayArgs play;
  auto* play_cmd =
      app.add_subcommand("play", "Play a game in the terminal: humans and bots, undo, records");
  play_cmd->add_option("game", play.game, "Game id (see `turf games`)");
  play_cmd
      ->add_option(
          "--seats", play.seats,
          "One spec per seat, comma-separated: human, a level (easy, normal, hard), a bot "
          "(random, greedy, mcts:iters=5000, ...) or a program of yours, ext:COMMAND (it plays "
          "over JSON lines: docs/bots.md); default: human, then the game's normal bot")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  play_cmd->add_option("--names", play.names, "Display names, comma-separated");
  std::string play_seed;
  play_cmd->add_option("--seed", play_seed, "Seed of the game (random when omitted)");
  play_cmd->add_option("--option,-o", play.options, "Game option key=value (repeatable)");
  play_cmd->add_option(
      "--record", play.record,
      "Save the match record here (default: turf-records/<game>-<time>-<id>.json)");
  play_cmd->add_flag("--no-record", play.no_record, "Do not save a record");
  play_cmd
      ->add_option("--clock", play.clock,
                   "Seconds each person has for a turn (1 to 3600); when they run out, the "
                   "normal bot makes that turn for them and the log says so")
      ->check(CLI::Range(1, 3600));
  play_cmd->add_option("--variant", play.variant,
                       "Play a content variant: NAME=FILE, a patch over the game's cards and "
                       "numbers (docs/lab.md \"Variants\")");
  play_cmd->add_option("--resume", play.resume, "Continue the match saved in this record");
  play_cmd->add_flag("--quiet,-q", play.quiet, "Bots-only games: print only the result");
  play_cmd->add_flag("--ascii", play.ascii, "Draw with ASCII characters only");
  play_cmd->add_flag("--no-color", play.no_colour, "No colours (also: NO_COLOR=1)");
  play_cmd->add_flag("--wide", play.wide, "Draw rivals' areas in full (a screen wider than 80x40)");
  play_cmd->footer(cli::play_help_footer());

  cli::ReplayArgs replay;
  auto* replay_cmd =
      app.add_subcommand("replay", "Step through a match record from any seat's view");
  replay_cmd->add_option("file", replay.file, "Match record (JSON)")->required();
  replay_cmd->add_option("--at", replay.at, "Show the position after this many actions, then exit");
  replay_cmd->add_option("--seat", replay.seat, "Viewer: a seat number, spectator or omniscient");
  replay_cmd->add_flag("--spoilers", replay.spoilers,
                       "Show a match that is not over from a seat or omniscient (reveals hands)");
  replay_cmd->add_flag("--json", replay.json, "Print the view as JSON");
  replay_cmd->add_flag("--ascii", replay.ascii, "Draw with ASCII characters only");
  replay_cmd->add_flag("--no-color", replay.no_colour, "No colours");

  cli::BenchArgs bench;
  auto* bench_cmd = app.add_subcommand(
      "bench", "Random-playout speed per core and on all cores, and the play signature");
  bench_cmd->add_option("game", bench.game, "Game id (default: every game)");
  bench_cmd->add_flag("--json", bench.json, "Machine-readable output");
  bench_cmd->add_option("--seconds", bench.seconds, "Seconds per measurement")
      ->check(CLI::Range(0.01, 600.0));
  bench_cmd->add_option("--repeat", bench.repeat, "Measurements per figure (the median is shown)")
      ->check(CLI::Range(1, 101));
  bool no_mcts = false;
  bench_cmd->add_flag("--no-mcts", no_mcts, "Skip the MCTS iterations-per-second figures");
  bench_cmd->add_option("--mcts-bot", bench.mcts_bot,
                        "The MCTS bot spec measured (e.g. mcts:cutoff=8; budgets are the bench's)");
  bench_cmd->add_option("--threads", bench.threads, "Threads for the parallel figure (0 = all)")
      ->check(CLI::Range(0, kMaxThreads));
  bench_cmd
      ->add_option("--players", bench.players,
                   "Only this player count (with a game; default: every count)")
      ->check(CLI::Range(2, 6));

  cli::SimArgs sim;
  auto* sim_cmd = app.add_subcommand(
      "sim",
      "The balance lab: many seeded games between bots, statistics with confidence, HTML report");
  sim_cmd->add_option("game", sim.game, "Game id");
  sim_cmd->add_option("--seats", sim.seats,
                      "One bot spec or level (easy, normal, hard) per seat, comma-separated (or "
                      "one for every seat); a program of yours is ext:COMMAND (docs/bots.md)");
  sim_cmd->add_option("--games,-n", sim.games, "Games per sweep cell (the most, with --until)")
      ->check(CLI::Range(1L, 100000000L));
  sim_cmd->add_option("--threads", sim.threads, "Worker threads (0 = all cores)")
      ->check(CLI::Range(0, kMaxThreads));
  std::string sim_seed;
  sim_cmd->add_option("--seed", sim_seed, "Seed of the experiment");
  sim_cmd->add_option("--option,-o", sim.options, "Game option key=value (repeatable)");
  sim_cmd->add_option("--sweep", sim.sweeps,
                      "Compare option values: key=v1,v2,... (several make a grid)");
  sim_cmd->add_option("--variant", sim.variants,
                      "A content variant NAME=FILE (repeatable): a patch over the game's cards "
                      "and numbers; compared with the base unless -o/--sweep variant=... says "
                      "otherwise (docs/lab.md \"Variants\")");
  sim_cmd->add_option("--shard", sim.shard,
                      "Run slice K of N of the experiment (merge with turf sim merge)");
  sim_cmd->add_option("--until", sim.until,
                      "Stop once a sequential test decides, e.g. \"seat0 winrate != 0.5\" or "
                      "\"order=first winrate < 0.5 by 0.03 alpha 0.05 beta 0.05\"");
  sim_cmd->add_option(
      "--out", sim.out,
      "Directory for experiment.json, games.jsonl (one game a line) and summary.json");
  sim_cmd->add_option("--report", sim.report, "Write a self-contained HTML report here");
  sim_cmd->add_flag("--no-records", sim.no_records, "Leave the match records out of games.jsonl");
  sim_cmd->add_flag("--no-cards", sim.no_cards,
                    "Leave out which cards each seat used, and the per-card answers (faster with "
                    "random bots)");
  sim_cmd->add_flag("--json", sim.json, "Print the summary as JSON");
  sim_cmd->add_flag("--resume", sim.resume,
                    "Continue the experiment in --out where an interrupted run stopped");
  sim_cmd->add_flag("--force", sim.force, "Replace whatever --out holds");
  std::vector<std::string> merge_dirs;
  std::string merge_out, merge_report;
  bool merge_json = false;
  auto* merge_cmd =
      sim_cmd->add_subcommand("merge", "Combine the --out directories of shards into one result");
  merge_cmd->add_option("dirs", merge_dirs, "Directories written by turf sim --shard K/N --out DIR")
      ->required();
  merge_cmd->add_option("--out", merge_out, "Directory for the merged result");
  merge_cmd->add_option("--report", merge_report, "Write a self-contained HTML report here");
  merge_cmd->add_flag("--json", merge_json, "Print the summary as JSON");

  cli::ArenaArgs arena;
  auto* arena_cmd = app.add_subcommand(
      "arena", "A tournament between bots: win rates with confidence intervals and Elo");
  arena_cmd->add_option("game", arena.game, "Game id");
  arena_cmd->add_option("--agents", arena.agents,
                        "Bot specs or levels, comma-separated (e.g. random,greedy,normal,hard); "
                        "a program of yours is ext:COMMAND (it plays over JSON lines: "
                        "docs/bots.md)");
  arena_cmd
      ->add_option("--games,-n", arena.games,
                   "Number of games (rounded up to complete every pairing)")
      ->check(CLI::Range(1L, 100000000L));
  arena_cmd->add_option("--threads", arena.threads, "Games played at once (0 = all cores)")
      ->check(CLI::Range(0, kMaxThreads));
  std::string arena_seed;
  arena_cmd->add_option("--seed", arena_seed, "Seed of the tournament");
  arena_cmd->add_option("--option,-o", arena.options, "Game option key=value (repeatable)");
  arena_cmd->add_option("--out", arena.out,
                        "JSON lines file, one game a line; an existing file is resumed");
  arena_cmd->add_flag("--json", arena.json, "Machine-readable table");
  std::vector<std::string> report_files;
  bool report_json = false;
  auto* report_cmd = arena_cmd->add_subcommand("report", "Merge arena result files into one table");
  report_cmd->add_option("files", report_files, "JSON lines files written by turf arena --out")
      ->required();
  report_cmd->add_flag("--json", report_json, "Machine-readable table");

  cli::ServeArgs serve;
  auto* serve_cmd = app.add_subcommand(
      "serve", "The table server: lobby, tables with humans and bots, play in the browser");
  serve_cmd->add_option("--host", serve.host, "Address to listen on (default 127.0.0.1)");
  serve_cmd->add_option("--port", serve.port, "Port (0: any free port)")
      ->check(CLI::Range(0, 65535));
  serve_cmd->add_option("--db", serve.db, "SQLite database file (created when missing)");
  serve_cmd->add_option("--web", serve.web, "Folder of the built web client (default web/dist)");
  serve_cmd->add_option("--bot-threads", serve.bot_threads, "Bot worker threads (0: one a core)")
      ->check(CLI::Range(0, 64));
  serve_cmd->add_option("--rate", serve.rate, "Frames a second per connection (rate limit)");
  serve_cmd->add_option("--burst", serve.burst, "Burst of frames per connection (rate limit)");
  serve_cmd->add_option("--allow-origin", serve.allow_origins,
                        "Another origin whose pages may open the WebSocket (repeatable), e.g. "
                        "https://turf.example.org");
  serve_cmd->add_option("--sync", serve.sync,
                        "full: an acknowledged action survives a power cut (default); normal: "
                        "it survives kill -9, not a power cut (faster)");
  serve_cmd->add_flag("--stats", serve.stats, "Serve GET /api/stats: latency of each stage");
  // Tests only, never listed: POST /api/tables may carry "seed" (the deal) and the bots are
  // seeded from it, so that a browser test plays the same game every run.
  serve_cmd->add_flag("--test-seeds", serve.test_seeds)->group("");
  serve_cmd->add_option("--test-clock", serve.test_clock)->group("");
  serve_cmd->add_option("--ext-bot", serve.ext_bots,
                        "A program tables may seat, NAME=COMMAND (repeatable): a table asks for it "
                        "as \"bot\": \"ext:NAME\"; the command is split into words and run "
                        "without a shell (docs/bots.md, docs/security.md)");
  serve_cmd->add_option("--variant", serve.variants,
                        "A content variant tables may play, GAME:NAME=FILE (repeatable; FILE "
                        "alone names it by the file's name): a patch over the game's cards and "
                        "numbers (docs/lab.md \"Variants\"); the lobby offers it by NAME, and no "
                        "other variant is played");
  serve_cmd->add_flag("--allow-ext-bots", serve.allow_ext_bots)
      ->group("");  // gone: an error that points at --ext-bot
  serve_cmd->add_option("--allow-host", serve.allow_hosts,
                        "Another name this server is reached by, NAME[:PORT] (repeatable; a "
                        "request for a name it does not serve is refused), e.g. turf.local:8080");
  serve_cmd->add_option("--trusted-proxy", serve.trusted_proxies,
                        "A reverse proxy, ADDR or ADDR/PREFIX (repeatable): the per-address "
                        "limits count the client its X-Forwarded-For names, not the proxy");
  serve_cmd
      ->add_option("--max-connections", serve.max_connections,
                   "Open connections in all (0: the file descriptor limit less 64)")
      ->check(CLI::Range(0, 1 << 20));
  serve_cmd
      ->add_option("--connections-per-address", serve.connections_per_address,
                   "Open connections per client address (an IPv6 /64 counts as one)")
      ->check(CLI::Range(1, 1 << 20));
  serve_cmd->add_option("--request-rate", serve.request_rate,
                        "HTTP requests a second per client address (burst: 5 seconds' worth)");
  serve_cmd->add_option("--tables-per-minute", serve.tables_per_minute,
                        "Tables a client address may create a minute (10 at once)");
  serve_cmd->add_option("--idle-minutes", serve.idle_minutes,
                        "Minutes an unwatched, unfinished table stays in memory (then on disk)");
  serve_cmd->add_option("--expire-days", serve.expire_days,
                        "Days an unfinished table without an action stays on disk");
  serve_cmd->add_option("--handshake-timeout", serve.handshake_timeout,
                        "Seconds to send an HTTP request, open a WebSocket or say hello");

  server::LoadOptions load;
  auto* load_cmd = app.add_subcommand(
      "serve-load", "Load generator for turf serve: many tables at once, latency and memory");
  load_cmd->add_option("--url", load.url,
                       "A running server (default: start one on a temporary db)");
  load_cmd->add_option("--tables", load.tables, "Tables playing at once")
      ->check(CLI::Range(1, 20000));
  load_cmd->add_option("--seconds", load.seconds, "Measured seconds")
      ->check(CLI::Range(1.0, 3600.0));
  load_cmd->add_option("--ramp", load.ramp, "Seconds to open the tables (not measured)")
      ->check(CLI::Range(0.0, 600.0));
  load_cmd->add_option("--think", load.think, "Mean seconds a client waits before acting")
      ->check(CLI::Range(0.0, 60.0));
  load_cmd->add_option("--game", load.game,
                       "Game id, several (dungeon,yard) or all: the tables take them in turn");
  load_cmd->add_option("--bot", load.bot, "Bot spec at the bot tables");
  load_cmd->add_option("--heavy", load.heavy,
                       "Bot-only tables of --heavy-bot beside, watched (their bots play); the "
                       "bots' turns at the human tables are timed");
  load_cmd->add_option("--heavy-bot", load.heavy_bot,
                       "The bot of the --heavy tables (default mcts:time=5s, the heaviest a "
                       "client may ask for)");
  load_cmd->add_option("--turn-based", load.turn_share, "Share of the tables that are turn-based")
      ->check(CLI::Range(0.0, 1.0));
  load_cmd
      ->add_option("--spectators", load.spectator_share,
                   "Share of the tables watched by one spectator more")
      ->check(CLI::Range(0.0, 1.0));
  load_cmd->add_option("--replays", load.replays, "Replay requests after each finished game")
      ->check(CLI::Range(0, 100));
  load_cmd->add_option("--seed", load.seed, "Seed of the simulated clients");
  load_cmd->add_flag("--json", load.json, "Machine-readable output");
  load_cmd->add_option("--sync", load.sync, "The started server's --sync: full or normal");
  load_cmd
      ->add_option("--probe", load.probe,
                   "Single-row SQLite commits timed first on the same disk (0: none)")
      ->check(CLI::Range(0, 100000));

  try {
    if (argc > 1 && argv[1][0] != '-') {
      std::vector<std::string> options, commands;
      names_of(&app, options, commands);
      if (std::find(commands.begin(), commands.end(), argv[1]) == commands.end())
        throw Error("unknown command '" + std::string(argv[1]) + "'" +
                    did_you_mean(argv[1], commands) + " (see `turf --help`)");
    }
    try {
      app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
      return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
      return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
      return app.exit(e);
    } catch (const CLI::Success& e) {
      return app.exit(e);
    } catch (const CLI::ParseError& e) {
      throw Error(parse_error_message(e, app, argc, argv));
    }
    if (!play_seed.empty()) play.seed = parse_seed(play_seed, "--seed");
    if (!sim_seed.empty()) sim.seed = parse_seed(sim_seed, "--seed");
    if (!arena_seed.empty()) arena.seed = parse_seed(arena_seed, "--seed");

    if (*games) return cli::games(games_json);
    if (*serve_cmd) return cli::serve(serve);
    if (*load_cmd) return server::serve_load(load);
    if (*rules) return cli::rules(rules_game, rules_full);
    if (*cards_cmd)
      return cli::cards(cards_game, cards_name, cards_json, cards_options, cards_variant);
    if (*play_cmd) return cli::play(play);
    if (*replay_cmd) return cli::replay(replay);
    if (*bench_cmd) {
      bench.mcts = !no_mcts;
      return cli::bench(bench);
    }
    if (*merge_cmd) return cli::sim_merge(merge_dirs, merge_out, merge_report, merge_json);
    if (*sim_cmd) {
      if (sim.game.empty() || sim.seats.empty())
        throw Error("usage: turf sim GAME --seats SPEC,... --games N (see --help)");
      return cli::sim(sim);
    }
    if (*report_cmd) return cli::arena_report(report_files, report_json);
    if (*arena_cmd) {
      if (arena.game.empty() || arena.agents.empty())
        throw Error("usage: turf arena GAME --agents SPEC,SPEC,... --games N (see --help)");
      return cli::arena(arena);
    }
  } catch (const turf::Error& e) {
    std::fflush(stdout);
    std::cerr << "error: " << printable(e.what()) << "\n";
    return 2;
  } catch (const std::filesystem::filesystem_error& e) {  // a full disk, a missing folder
    std::fflush(stdout);
    std::cerr << "error: " << printable(e.what()) << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    std::fflush(stdout);
    std::cerr << "error: out of memory\n";
    return 2;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::cerr << "internal error: " << printable(e.what()) << "\n";
    return 3;
  }
  return 0;
}
