// turf: play, replay, benchmark and inspect the games of the Turf project.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <iostream>

#include "cli/commands.h"
#include "core/game.h"
#include "core/match.h"
#include "server/load.h"

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
  auto* rules = app.add_subcommand("rules", "Print a game's rules digest and interpretation notes");
  rules->add_option("game", rules_game, "Game id (see `turf games`)")->required();

  cli::PlayArgs play;
  auto* play_cmd =
      app.add_subcommand("play", "Play a game in the terminal: humans and bots, undo, records");
  play_cmd->add_option("game", play.game, "Game id (see `turf games`)");
  play_cmd
      ->add_option(
          "--seats", play.seats,
          "One spec per seat, comma-separated: human or a bot (random, greedy, mcts:time=1s, ...)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  play_cmd->add_option("--names", play.names, "Display names, comma-separated");
  play_cmd->add_option("--seed", play.seed, "Seed of the game (random when omitted)");
  play_cmd->add_option("--option,-o", play.options, "Game option key=value (repeatable)");
  play_cmd->add_option("--record", play.record,
                       "Save the match record here (default: turf-records/<game>-<seed>.json)");
  play_cmd->add_flag("--no-record", play.no_record, "Do not save a record");
  play_cmd->add_option("--resume", play.resume, "Continue the match saved in this record");
  play_cmd->add_flag("--quiet,-q", play.quiet, "Bots-only games: print only the result");
  play_cmd->add_flag("--ascii", play.ascii, "Draw with ASCII characters only");
  play_cmd->add_flag("--no-color", play.no_colour, "No colours (also: NO_COLOR=1)");

  cli::ReplayArgs replay;
  auto* replay_cmd =
      app.add_subcommand("replay", "Step through a match record from any seat's view");
  replay_cmd->add_option("file", replay.file, "Match record (JSON)")->required();
  replay_cmd->add_option("--at", replay.at, "Show the position after this many actions, then exit");
  replay_cmd->add_option("--seat", replay.seat, "Viewer: a seat number, spectator or omniscient");
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
  bench_cmd->add_option("--threads", bench.threads, "Threads for the parallel figure (0 = all)")
      ->check(CLI::Range(0, 1024));

  cli::SimArgs sim;
  auto* sim_cmd = app.add_subcommand(
      "sim",
      "The balance lab: many seeded games between bots, statistics with confidence, HTML report");
  sim_cmd->add_option("game", sim.game, "Game id");
  sim_cmd->add_option("--seats", sim.seats,
                      "One bot spec per seat, comma-separated (or one spec for every seat)");
  sim_cmd->add_option("--games,-n", sim.games, "Games per sweep cell (the most, with --until)")
      ->check(CLI::Range(1L, 100000000L));
  sim_cmd->add_option("--threads", sim.threads, "Worker threads (0 = all cores)")
      ->check(CLI::Range(0, 1024));
  sim_cmd->add_option("--seed", sim.seed, "Seed of the experiment");
  sim_cmd->add_option("--option,-o", sim.options, "Game option key=value (repeatable)");
  sim_cmd->add_option("--sweep", sim.sweeps,
                      "Compare option values: key=v1,v2,... (several make a grid)");
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
  sim_cmd->add_flag("--json", sim.json, "Print the summary as JSON");
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
                        "Bot specs, comma-separated (e.g. random,greedy,mcts:time=1s)");
  arena_cmd
      ->add_option("--games,-n", arena.games,
                   "Number of games (rounded up to complete every pairing)")
      ->check(CLI::Range(1L, 100000000L));
  arena_cmd->add_option("--threads", arena.threads, "Games played at once (0 = all cores)")
      ->check(CLI::Range(0, 1024));
  arena_cmd->add_option("--seed", arena.seed, "Seed of the tournament");
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
  load_cmd->add_option("--game", load.game, "Game id");
  load_cmd->add_option("--bot", load.bot, "Bot spec at the bot tables");
  load_cmd->add_option("--seed", load.seed, "Seed of the simulated clients");
  load_cmd->add_flag("--json", load.json, "Machine-readable output");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }

  try {
    if (*games) return cli::games(games_json);
    if (*serve_cmd) return cli::serve(serve);
    if (*load_cmd) return server::serve_load(load);
    if (*rules) return cli::rules(rules_game);
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
    std::cerr << "error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::cerr << "internal error: " << e.what() << "\n";
    return 3;
  }
  return 0;
}
