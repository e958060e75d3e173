// `turf serve-load`: a load generator for `turf serve` on loopback (docs/performance.md).
//
// Keeps `tables` tables playing at once: even tables seat two simulated clients, odd ones a
// simulated client against a server bot. Each client thinks for a while (uniform in
// [0, 2*think] seconds), sends a random legal action and measures the time until the state
// frame of its action arrives. A finished game is replaced by a new table. Reports p50/p90/p99
// latency, actions a second and the server's memory per table (its resident set growth); with a
// server it starts itself, also the disk's commit time (a bare SQLite loop in the same folder)
// and the server's own stages (GET /api/stats over the measured window). With --heavy N, N
// bot-only tables run the heaviest allowed bot meanwhile, and the bots' turns at the human tables
// are timed (docs/security.md "Bot time"). The mix also has turn-based tables, spectators and
// replays of finished games (LoadOptions).
#pragma once

#include <map>
#include <string>
#include <vector>

namespace turf::server {

struct LoadOptions {
  std::string url;  // a running server; empty: start `turf serve` on a temporary database
  std::string game = "dungeon";    // a game id, several ("yard,cryhavoc") or "all": tables in turn
  std::vector<std::string> games;  // filled by serve_load from `game`
  std::string bot = "random";
  int tables = 1000;
  double seconds = 60;  // measured time (after the ramp)
  double ramp = 10;     // seconds to open the tables, not measured
  double think = 1.0;   // mean seconds a client waits before acting
  std::uint64_t seed = 1;
  bool json = false;
  std::string sync = "full";  // the started server's --sync
  int probe = 300;            // single-row commits of the disk probe (0: none)
  // Bot-only tables playing the heaviest bot a client may ask for, each watched by a spectator
  // (so that its bots play), beside the measured tables; the report then gives the answer time
  // of the bots at the tables with a human (a whole bot turn: from the human's action until the
  // human is to move again).
  int heavy = 0;
  std::string heavy_bot = "mcts:time=5s";
  // The week-long table's mix (issue 30): a share of the tables turn-based (24 h a turn: their
  // deadlines never pass here), a share watched by one spectator more, and after each finished
  // game this many replay requests (GET .../replay at random moves, timed apart).
  double turn_share = 0.25;
  double spectator_share = 0.2;
  int replays = 3;
};

// The fsync floor of a folder's disk: `commits` single-row SQLite commits in WAL mode with
// synchronous=FULL (or NORMAL); returns their durations in milliseconds.
std::vector<double> probe_commits(const std::string& folder, int commits, bool full_sync);

int serve_load(const LoadOptions& options);

}  // namespace turf::server
