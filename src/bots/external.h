// External bots: a program in any language playing one seat, like a chess engine speaking UCI.
//
// The seat spec `ext:COMMAND[,key=value...]` starts COMMAND once per match with /bin/sh -c in its
// own process group (at `turf serve`, `ext:NAME` names a program the operator listed at start,
// run as its words without a shell), and speaks versioned JSON lines with it: a hello
// (game, rules version, options, its seat, the seat names) answered by "ready", then for each of
// its decisions the seat's view, the narration since its last decision and the legal actions,
// answered by an action id (in version 2 the program may first ask for worlds sampled from its
// seat's view and play them out); at the end it is told the result. docs/bots.md specifies every
// message field by field; this file is the implementation.
//
// The program sees only what the seat sees: the View (View::to_json) and the seat's narration,
// never the state, the seed or another seat's story. Its stderr is kept apart from the protocol
// (a bounded buffer, and a file when asked). A program that crashes, hangs, writes garbage,
// answers an illegal id, floods its output or closes its input is stopped, a clear line goes to
// the log, and then either a named built-in bot plays the seat's moves for the rest of the match
// (on_error=fallback, the default) or choose() throws ExternalBotFailure and the match is
// aborted (on_error=abort). Nothing is applied for a failed decision, so the record stays valid.
//
// No process is left behind: the program runs under a small supervisor process (a fork of this
// one that never returns to C++) which is a child subreaper, dies with this process
// (PR_SET_PDEATHSIG from a long-lived spawner thread) and then kills the program's process group
// and every descendant that left it; the agent's destructor stops the program (stdin closed,
// SIGTERM, SIGKILL to the group) and reaps the supervisor; kill_external_bots() is for signal
// handlers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bots/agent.h"
#include "core/game.h"
#include "core/narration.h"

namespace turf {

class Match;

// The protocol's name, the version of its hello (the same in every version) and the versions this
// build speaks, one of which the program chooses in its ready (docs/bots.md, "Versions").
inline constexpr const char* kBotProtocol = "turf-bot";
inline constexpr int kBotProtocolVersion = 1;
inline constexpr int kBotProtocolVersions[] = {1, 2};

// What the program is told at the start (the "hello" message).
struct ExternalHello {
  const GameInfo* game = nullptr;  // id, title and rules version
  Options options;
  Seat seat = 0;
  std::vector<std::string> names;  // display name of every seat
};

// What happens when the program fails (docs/bots.md, "Failures").
enum class OnBotError {
  kFallback,  // stop it; the fallback bot plays the seat's moves for the rest of the match
  kAbort,     // stop it; choose() throws ExternalBotFailure (the match is aborted)
};

struct ExternalConfig {
  std::string spec;     // as written ("ext:python3 bot.py,time=2s"), for spec() and the logs
  std::string command;  // run with /bin/sh -c (or, at turf serve, the program's name)
  // A named program (turf serve --ext-bot NAME=COMMAND): its words, argv[0] its absolute path,
  // run without a shell. When set, `command` is not run.
  std::vector<std::string> argv;
  // Why the program cannot run at all (a name the server no longer offers), "" when it can: the
  // seat's first decision is then a failure like a program that cannot be started.
  std::string unavailable;
  double decision_seconds = 10;  // per decision, from the message sent to the complete answer
  OnBotError on_error = OnBotError::kFallback;
  std::string fallback = "greedy";  // a bot name or level (easy, normal, hard) with no settings
  std::string stderr_path;          // append the program's stderr here too ("" = memory only)
  std::uint64_t seed = 1;  // the fallback bot's seed, and the generator of version 2's worlds
  // Receives the clear lines (a failure and its consequence, the program's last stderr lines).
  // Default: "turf: LINE" on stderr.
  std::function<void(const std::string&)> log;

  // Limits (docs/bots.md, "Limits"). The "ready" answer may take start_seconds or the decision
  // time, whichever is longer, from the start of the program.
  double start_seconds = 10;
  std::size_t max_line = 64 * 1024;           // one line of the program's stdout
  std::size_t max_output = 1024 * 1024;       // the program's stdout bytes for one answer
  std::size_t stderr_file_cap = 1024 * 1024;  // bytes written to stderr_path per match
  double exit_seconds = 1;  // after the end (stdin closed) before SIGTERM, and again before SIGKILL
  // Version 2 (docs/bots.md "Searching"): per decision at most max_requests requests (a rollout
  // request counts once per playout), max_worlds worlds at once, max_rollouts playouts a request.
  long max_requests = 10000;
  int max_worlds = 64;
  int max_rollouts = 64;
};

// A program the operator of `turf serve` offers by name (--ext-bot NAME=COMMAND).
struct NamedProgram {
  std::string name;               // what a table asks for: "ext:NAME"
  std::vector<std::string> argv;  // argv[0]: the program's absolute path
};
// "NAME=COMMAND": NAME of 1 to 32 characters a-z, 0-9, _ and -; COMMAND split into words
// (split_command); its first word an executable file, found on PATH when it has no slash.
// Throws Error saying what is wrong.
NamedProgram parse_named_program(const std::string& text);
// A command line split into words as a shell would split it, without a shell: blanks separate,
// '...' is taken as it is, "..." with \" and \\ inside, a backslash takes the next character;
// nothing is expanded ($, *, ~, ;, |, > are characters like any other). Throws Error for an
// unclosed quote or an empty line.
std::vector<std::string> split_command(std::string_view command);

// The class of a program's failure, which is all other seats are told of it (its own words may
// quote what it wrote, its seat's view included).
enum class FailureClass { kStart, kExit, kTime, kProtocol, kIllegal, kStopped };
// "start", "exit", "time", "protocol", "illegal", "stopped".
const char* failure_class_id(FailureClass c);
// "could not be started", "stopped running", "did not answer in time", "broke the protocol",
// "chose an action that is not allowed", "was stopped with the match".
const char* failure_class_words(FailureClass c);

// True for "ext:..." (a seat played by a program).
bool is_external_spec(std::string_view spec);
// Parses `ext:COMMAND[,key=value...]`: COMMAND runs to the first comma; keys time (1s, 500ms,
// 2.5s; default 10s), on_error (fallback|abort), fallback (random, greedy, easy, normal or hard)
// and stderr (a file). Throws Error with the allowed keys and values.
ExternalConfig parse_external_spec(std::string_view spec);

// Thrown by ExternalAgent::choose() under on_error=abort; the message says why, in words.
class ExternalBotFailure : public Error {
 public:
  // `told`: the same for the other seats (the failure's class, never the program's own words).
  ExternalBotFailure(const std::string& what, std::string told)
      : Error(what), told_(std::move(told)) {}
  const std::string& told() const { return told_; }

 private:
  std::string told_;
};

class ExternalAgent : public Agent {
 public:
  // Starts the program and sends its hello (the "ready" answer is awaited at the first call
  // that needs it, so several programs start in parallel). A program that cannot be started is
  // a failure like any other (reported at the first call). Throws Error only for a stderr_path
  // that cannot be opened.
  ExternalAgent(ExternalHello hello, ExternalConfig config);
  // Stops the program (if finish() has not already) and reaps it; waits at most about
  // 2 * exit_seconds + 3 s.
  ~ExternalAgent() override;

  // Needs a labelled view (the legal actions with labels and JSON).
  Action choose(const View& view) override;
  std::string spec() const override;
  bool wants_narration() const override { return true; }
  void observe(const std::vector<Narration>& lines) override;
  // Sends the end (result or abort), closes the program's stdin and stops it.
  void finish(const View& final_view, const nlohmann::json& result) override;
  // After a failure under on_error=fallback, once: its class and the bot that plays on.
  std::optional<Takeover> take_takeover() override;

  // Whether the program failed (the fallback plays, or the match was aborted), and why.
  bool failed() const;
  const std::string& failure() const;
  // The program's process id (its process group), 0 before it started or once it is reaped.
  int pid() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

std::unique_ptr<ExternalAgent> make_external_agent(ExternalHello hello, ExternalConfig config);

// The result a finished match reports to agents' finish(): Match::result() ({"scores": [...],
// "ranking": [...]} and "words", the game's result in words per seat, where the game has them).
nlohmann::json match_result_json(const Match& match);

// For SIGINT/SIGTERM handlers: SIGKILL to the process group of every running external bot.
// Async-signal-safe (a fixed table of process groups, kill(2) only). The supervisors reap them.
void kill_external_bots() noexcept;

}  // namespace turf
