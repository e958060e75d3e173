#include "table/limits.h"

#include <algorithm>
#include <thread>

#include "core/game.h"

namespace turf::table {

BotLimits BotLimits::cli() {
  BotLimits l;
  l.where = "here";
  l.threads = 256;
  l.iterations = 1'000'000'000;
  l.seconds = 3600;
  l.cutoff = 100'000;
  l.greedy_rollouts = true;
  l.worlds = 10'000;
  l.budget = 100'000'000;
  l.decision_seconds = 0;
  l.programs = Programs::kCommands;
  l.external_seconds = 3600;
  l.external_abort = true;
  l.external_files = true;
  l.spec_chars = 4096;
  return l;
}

BotLimits BotLimits::record() {
  BotLimits l = cli();
  l.where = "in a record (choose the bots with --seats)";
  l.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  l.iterations = 10'000'000;
  l.seconds = 60;
  l.worlds = 1000;
  l.budget = 10'000'000;
  l.decision_seconds = 60;
  l.programs = Programs::kNever;
  l.external_seconds = 0;
  l.external_abort = false;
  l.external_files = false;
  l.spec_chars = 200;
  return l;
}

BotLimits BotLimits::server(std::shared_ptr<const std::vector<NamedProgram>> programs) {
  BotLimits l;
  l.where = "on this server";
  l.threads = 1;
  l.iterations = 200'000;
  l.seconds = 5;
  l.cutoff = 100'000;
  l.greedy_rollouts = false;
  l.worlds = 64;
  l.budget = 20'000;
  l.decision_seconds = 5;
  l.programs = programs && !programs->empty() ? Programs::kNamed : Programs::kNever;
  l.named = std::move(programs);
  l.external_seconds = 5;
  l.external_abort = false;  // a failing program is replaced by its fallback bot
  l.external_files = false;  // a client names no file on the server
  l.spec_chars = 200;
  return l;
}

namespace {
std::string number(double x) {
  std::string s = std::to_string(x);
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}
}  // namespace

void BotLimits::check_text(const std::string& spec) const {
  if (spec.size() > spec_chars)
    throw Error("a bot spec of " + std::to_string(spec.size()) +
                " characters is too long (at most " + std::to_string(spec_chars) + " " + where +
                ")");
}

std::vector<std::string> BotLimits::program_names() const {
  std::vector<std::string> out;
  if (programs == Programs::kNamed && named)
    for (const auto& p : *named) out.push_back(p.name);
  return out;
}

ExternalConfig BotLimits::external_config(const std::string& spec, bool missing_ok) const {
  check_text(spec);
  if (programs == Programs::kNever) {
    if (std::string(where).rfind("in a record", 0) == 0)
      throw Error("'" + spec + "': a record never starts programs (choose the bots with --seats)");
    throw Error("'" + spec +
                "': this server offers no programs (its operator names them at start: turf "
                "serve --ext-bot NAME=COMMAND)");
  }
  ExternalConfig c = parse_external_spec(spec);
  const std::string at = "'" + spec + "': ";
  if (programs == Programs::kNamed) {
    // A table names one of the operator's programs; never a command line of its own.
    const auto names = program_names();
    const auto it = std::find_if(named->begin(), named->end(),
                                 [&](const NamedProgram& p) { return p.name == c.command; });
    if (it != named->end()) {
      c.argv = it->argv;
    } else if (missing_ok) {
      c.unavailable = "this server no longer offers a program named '" + c.command + "'";
    } else {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      throw Error(at + "this server offers no program named '" + c.command + "' (ext:NAME with " +
                  "one of: " + list + ")" + did_you_mean(c.command, names));
    }
  }
  if (c.decision_seconds > external_seconds) {
    if (spec.find(",time=") != std::string::npos)
      throw Error(at + "at most " + number(external_seconds) + "s a decision " + where);
    c.decision_seconds = external_seconds;
  }
  if (c.on_error == OnBotError::kAbort && !external_abort)
    throw Error(at + "on_error=abort is not allowed " + where +
                " (a failing program's seat is played by its fallback bot)");
  if (!c.stderr_path.empty() && !external_files)
    throw Error(at + "stderr=FILE is not allowed " + where);
  return c;
}

void BotLimits::check(const BotConfig& bot) const {
  check_text(bot.text);
  const std::string at = "bot '" + bot.text + "': ";
  auto refuse = [&](const std::string& what) { throw Error(at + what + " " + where); };
  if (bot.kind == "greedy") {
    if (bot.greedy.worlds > worlds) refuse("at most " + std::to_string(worlds) + " worlds");
    if (bot.greedy.budget > budget) refuse("a budget of at most " + std::to_string(budget));
  } else if (bot.kind == "mcts") {
    const MctsConfig& c = bot.mcts;
    if (c.threads > threads)
      refuse(threads == 1 ? "threads must be 1"
                          : "at most " + std::to_string(threads) + " threads");
    if (c.iterations > iterations)
      refuse("at most " + std::to_string(iterations) + " iterations a decision");
    if (c.seconds > seconds) refuse("at most " + number(seconds) + "s a decision");
    if (c.cutoff > cutoff) refuse("a cutoff of at most " + std::to_string(cutoff));
    if (c.rollout == MctsConfig::Rollout::kGreedy && !greedy_rollouts)
      refuse("rollout must be policy or random");
  }
}

}  // namespace turf::table
