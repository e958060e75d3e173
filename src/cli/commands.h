// The `turf` subcommands. Each returns the process exit code; input errors are thrown as
// turf::Error and reported by main() with exit code 2.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

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
  bool wide = false;    // draw rivals' areas in full (more than 80x40)
  int clock = 0;        // seconds a human seat has for each turn (0: no clock)
  std::string variant;  // "NAME=FILE" or "FILE": play a content variant (core/variant.h)
};
int play(const PlayArgs& args);
// The help text after `turf play --help`: in-game commands, default seats, the bot levels of
// every game (bots/presets.cpp).
std::string play_help_footer();

struct ReplayArgs {
  std::string file;
  std::optional<int> at;
  std::string seat = "spectator";
  bool spoilers = false;  // a match not over may be seen from a seat or omniscient
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
  int threads = 0;                // 0: all hardware threads
  int players = 0;                // 0: every player count of the game
  bool mcts = true;               // also measure MCTS iterations per second
  std::string mcts_bot = "mcts";  // the MCTS setting measured (rollout, cut-off, c; not budgets)
};
int bench(const BenchArgs& args);

struct SimArgs {
  std::string game;
  std::string seats;
  long games = 1000;
  int threads = 0;
  std::uint64_t seed = 1;
  std::vector<std::string> options;
  std::vector<std::string> sweeps;    // "key=v1,v2"
  std::vector<std::string> variants;  // "NAME=FILE" (content variants; core/variant.h)
  std::string shard;                  // "K/N"
  std::string until;                  // sequential test
  std::string out;                    // directory: experiment.json, games.jsonl, summary.json
  std::string report;                 // HTML report
  bool no_records = false;
  bool no_cards = false;  // no per-card answers (faster with random bots)
  bool json = false;
  bool resume = false;  // continue the unfinished experiment in --out
  bool force = false;   // replace what --out holds
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
  std::vector<std::string> allow_origins;
  std::string sync = "full";  // SQLite synchronous: full or normal
  bool stats = false;
  bool test_seeds = false;  // hidden: a create request may fix its seed (the browser tests)
  std::string test_clock;   // hidden: the file holding the deadlines' wall clock (the tests)
  std::vector<std::string> ext_bots;         // NAME=COMMAND: programs tables may seat as ext:NAME
  bool allow_ext_bots = false;               // gone (it let a table run any command): an error
  std::vector<std::string> variants;         // GAME:NAME=FILE: content variants tables may play
  std::vector<std::string> allow_hosts;      // Host names served besides the server's own
  std::vector<std::string> trusted_proxies;  // ADDR[/PREFIX] whose X-Forwarded-For is believed
  // Per client address (docs/security.md "Resources").
  int max_connections = 0;  // 0: from the file descriptor limit
  int connections_per_address = 64;
  double request_rate = 20;      // HTTP requests a second (burst 5 s' worth)
  double tables_per_minute = 6;  // burst 10
  double handshake_timeout = 10;
  double idle_minutes = 10;  // an unwatched table leaves memory
  double expire_days = 30;   // an unfinished table without an action leaves the disk
};
int serve(const ServeArgs& args);

int games(bool json);
// `turf cards GAME [NAME] [--json]` (src/cli/cards.cpp).
// `options`: key=value, as `turf play -o` takes them (yard's edition changes a Tool's text).
// `variant`: NAME=FILE or FILE (--variant): the texts as that content variant has them.
int cards(const std::string& game, const std::string& name, bool json,
          const std::vector<std::string>& options, const std::string& variant = "");
// The game's card texts (GameInfo::cards) for these options: a card's "text_by_option"
// ({"edition": {"1": ..., "2": ...}}) gives its text where an option's value changes it (yard's
// Tools, Y8.1), and is then left out; options not given keep the default text. Throws Error when
// it has none.
nlohmann::json game_cards(const GameInfo& game, const Options& options);
// The order of play of the cards with "priorities" in a card catalogue, as runs of one "group":
// "Defensive Maneuvers 1-5, Teleports 10-15, ..., Attacks 46-57 and Reinforcements 60" (Turf
// Wars; the how-to's `{priority order}`).
std::string priority_order(const nlohmann::json& cards);
// A card by id or name (case and punctuation ignored, or a unique part of a name); throws Error
// with a did-you-mean otherwise.
const nlohmann::json& find_card(const nlohmann::json& cards, const std::string& name,
                                const std::string& game);
// "Rose Bush [card, $5, 3 VP]: ..." and the full entry on several lines, in words (`all`, the
// game's cards, names the cards it refers to by id).
std::string card_summary(const nlohmann::json& card);
std::string card_details(const nlohmann::json& card, const nlohmann::json& all);
std::string card_details(const nlohmann::json& card);
// The one-screen how-to (data/<game>/howto.md), or the digest with full = true; through a pager
// when long and stdout is a terminal.
int rules(const std::string& game, bool full);
// The game's how-to text (data/<game>/howto.md), or its title and summary when it has none.
std::string game_short_help(const GameInfo& game);
// Prints text, through $PAGER (default less -R) when stdout is a terminal and it is long.
void show_paged(const std::string& text);
// The commands of the terminal table (turf play --help and `?` in game).
inline constexpr const char* kInGameCommands =
    "At the table:\n"
    "  <number>       take that action from the list\n"
    "  <label>        or type the action as it is written (case does not matter)\n"
    "  u [n]          take back your last n actions of this turn (default 1)\n"
    "  log            the whole story of the match so far, as you saw it\n"
    "  board          the whole board, where the screen shows only its lower part\n"
    "  look NAME      a card's text (also: ? NAME)\n"
    "  ?              this help: how to play, and these commands\n"
    "  json           your view as JSON\n"
    "  rules          the full rules digest\n"
    "  q              save the record and quit (continue later with --resume)\n";

// "key=value" strings to a map (throws Error on a missing '=' or a repeated key).
std::map<std::string, std::string> parse_option_list(const std::vector<std::string>& items);

}  // namespace turf::cli
