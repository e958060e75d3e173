// What a bot may spend on one decision: the one limits type of every seat (src/table/seats.h),
// with a preset for each place a bot spec comes from. Every parameter of every built-in bot has a
// bound here, and every decision has a cap in wall-clock time, enforced through the agent's stop
// signal (bots/agent.h), so that the worst case of a preset does not depend on a cost model of
// the parameters. docs/architecture.md ("Bot limits") gives the table of bounds and the reasons.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "bots/config.h"
#include "bots/external.h"

namespace turf::table {

struct BotLimits {
  const char* where = "here";  // for messages: "at most 5s a decision on this server"
  // mcts
  int threads = 1;               // threads of one decision
  long iterations = 0;           // iters
  double seconds = 0;            // time
  int cutoff = 0;                // the largest cutoff (0, to the end, is always allowed)
  bool greedy_rollouts = false;  // rollout=greedy (an evaluation of every action at every step)
  // greedy
  int worlds = 0;
  long budget = 0;
  // Every decision, whatever its parameters: a cap in wall-clock seconds (0: none). Once it is
  // reached the bot is stopped and plays the best action it has.
  double decision_seconds = 0;
  // ext: seats (a program started for the match, bots/external.h): which may sit (never; any
  // command line, run by /bin/sh, where the one who types it runs the match; or only the programs
  // an operator named, by name, run without a shell), the most time one may be given a decision
  // (its own deadline: the cap above does not apply to it), whether its failure may abort the
  // match (on_error=abort) and whether it may name a file for its stderr (stderr=FILE).
  enum class Programs { kNever, kCommands, kNamed };
  Programs programs = Programs::kNever;
  std::shared_ptr<const std::vector<NamedProgram>> named;  // kNamed: the operator's programs
  double external_seconds = 0;
  bool external_abort = false;
  bool external_files = false;
  std::size_t spec_chars = 0;  // the longest spec

  // A person's own machine (turf play, arena, sim, bench): the widest bounds, no cap.
  static BotLimits cli();
  // Agents named by a record file (turf play --resume without --seats): within this machine's
  // cores and a minute a decision; no programs (a file must not start one).
  static BotLimits record();
  // Bots a client of turf serve asks for: one thread and a few seconds a decision (a server runs
  // many tables at once); programs only by the names its operator gave (turf serve --ext-bot).
  static BotLimits server(std::shared_ptr<const std::vector<NamedProgram>> programs = {});

  // Throws Error naming the spec, the parameter and its bound when `bot` asks for more.
  void check(const BotConfig& bot) const;
  // The same for the length of a spec as written.
  void check_text(const std::string& spec) const;
  // An external seat's settings, checked (throws Error): a time beyond external_seconds is
  // refused when the spec names it, and the default is cut to it when it does not. Under kNamed
  // the command is a name, resolved to its program's words; a name that is not (or no longer)
  // offered is refused, or, with `missing_ok` (a table loaded from storage), makes a seat whose
  // program cannot start (its fallback bot plays).
  ExternalConfig external_config(const std::string& spec, bool missing_ok = false) const;
  // The names of the programs a table may seat (kNamed), in the operator's order.
  std::vector<std::string> program_names() const;
};

}  // namespace turf::table
