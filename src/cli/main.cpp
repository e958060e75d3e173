// turf: play, replay, benchmark and inspect the games of the Turf project.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <iostream>

#include "cli/commands.h"
#include "core/game.h"
#include "core/match.h"

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
  play_cmd->add_option("--seats", play.seats,
                       "One spec per seat, comma-separated: human or a bot (random)");
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
  bench_cmd->add_option("--threads", bench.threads, "Threads for the parallel figure (0 = all)")
      ->check(CLI::Range(0, 1024));

  cli::SimArgs sim;
  auto* sim_cmd = app.add_subcommand(
      "sim", "Simulate many games between bots and report win rates with confidence intervals");
  sim_cmd->add_option("game", sim.game, "Game id")->required();
  sim_cmd->add_option("--seats", sim.seats, "One bot spec per seat, comma-separated")->required();
  sim_cmd->add_option("--games,-n", sim.games, "Number of games")
      ->check(CLI::Range(1L, 100000000L));
  sim_cmd->add_option("--threads", sim.threads, "Worker threads (0 = all)")
      ->check(CLI::Range(0, 1024));
  sim_cmd->add_option("--seed", sim.seed, "Seed of the experiment");
  sim_cmd->add_option("--option,-o", sim.options, "Game option key=value (repeatable)");
  sim_cmd->add_option("--out", sim.out,
                      "Write one JSON line per game (with its record) to this file");
  sim_cmd->add_flag("--json", sim.json, "Machine-readable summary");

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

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }

  try {
    if (*games) return cli::games(games_json);
    if (*rules) return cli::rules(rules_game);
    if (*play_cmd) return cli::play(play);
    if (*replay_cmd) return cli::replay(replay);
    if (*bench_cmd) return cli::bench(bench);
    if (*sim_cmd) return cli::sim(sim);
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
