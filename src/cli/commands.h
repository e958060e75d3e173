// The `turf` subcommands. Each returns the process exit code; input errors are thrown as
// turf::Error and reported by main() with exit code 2.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace turf::cli {

struct PlayArgs {
  std::string game;
  std::string seats;  // "human,random"
  std::string names;  // "Ann,Bob"
  std::optional<std::uint64_t> seed;
  std::vector<std::string> options;  // "key=value"
  std::string record;                // where to save the record
  bool no_record = false;
  std::string resume;  // a record to continue
  bool quiet = false;
  bool ascii = false;
  bool no_colour = false;
};
int play(const PlayArgs& args);

struct ReplayArgs {
  std::string file;
  std::optional<int> at;
  std::string seat = "spectator";
  bool json = false;
  bool ascii = false;
  bool no_colour = false;
};
int replay(const ReplayArgs& args);

struct BenchArgs {
  std::string game;  // empty: all games
  bool json = false;
  double seconds = 0.5;
  int repeat = 5;
  int threads = 0;   // 0: all hardware threads
  bool mcts = true;  // also measure MCTS iterations per second
};
int bench(const BenchArgs& args);

struct SimArgs {
  std::string game;
  std::string seats;
  long games = 1000;
  int threads = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> options;
  std::vector<std::string> sweeps;  // "key=v1,v2"
  std::string shard;                // "K/N"
  std::string until;                // sequential test
  std::string out;                  // directory: experiment.json, games.jsonl, summary.json
  std::string report;               // HTML report
  bool no_records = false;
  bool json = false;
};
int sim(const SimArgs& args);
int sim_merge(const std::vector<std::string>& dirs, const std::string& out,
              const std::string& report, bool json);

struct ArenaArgs {
  std::string game;
  std::string agents;
  long games = 100;
  int threads = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> options;
  std::string out;
  bool json = false;
};
int arena(const ArenaArgs& args);
int arena_report(const std::vector<std::string>& files, bool json);

struct ServeArgs {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db = "turf.db";
  std::string web;  // empty: web/dist of the source tree or the install prefix
  int bot_threads = 0;
  double rate = 20;   // frames a second per connection
  double burst = 40;  // token bucket size
};
int serve(const ServeArgs& args);

int games(bool json);
int rules(const std::string& game);

// "key=value" strings to a map (throws Error on a missing '=' or a repeated key).
std::map<std::string, std::string> parse_option_list(const std::vector<std::string>& items);

}  // namespace turf::cli
