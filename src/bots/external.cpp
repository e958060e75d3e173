#include "bots/external.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <optional>
#include <stdexcept>

#include "bots/eval.h"
#include "bots/presets.h"
#include "bots/process.h"
#include "core/match.h"
#include "core/text.h"

namespace turf {

namespace {

using process::BotProcess;
using process::Clock;
using process::ms_until;
using process::shell_line;
using process::status_text;
using process::write_quietly;

std::string seconds_text(double s) {
  char buf[32];
  if (s < 1)
    std::snprintf(buf, sizeof buf, "%g ms", std::round(s * 1000));
  else
    std::snprintf(buf, sizeof buf, "%g s", s);
  return buf;
}

// Text from the program, made safe for a log line: control characters dropped, cut short.
std::string shown(std::string_view text, std::size_t max = 80) {
  std::string s = sanitize_text(text, max);
  if (s.size() < text.size()) s += "...";
  return "'" + s + "'";
}

bool blank(std::string_view s) {
  return s.find_first_not_of(" \t\r") == std::string_view::npos;
}

// Nesting depth of JSON text outside strings (the parser is not asked to take deep nesting).
int json_depth(std::string_view s) {
  int depth = 0, most = 0;
  bool in_string = false, escaped = false;
  for (char c : s) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '[' || c == '{') most = std::max(most, ++depth);
    if (c == ']' || c == '}') --depth;
  }
  return most;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Specs

const char* failure_class_id(FailureClass c) {
  switch (c) {
    case FailureClass::kStart:
      return "start";
    case FailureClass::kExit:
      return "exit";
    case FailureClass::kTime:
      return "time";
    case FailureClass::kProtocol:
      return "protocol";
    case FailureClass::kIllegal:
      return "illegal";
    case FailureClass::kStopped:
      return "stopped";
  }
  return "exit";
}

const char* failure_class_words(FailureClass c) {
  switch (c) {
    case FailureClass::kStart:
      return "could not be started";
    case FailureClass::kExit:
      return "stopped running";
    case FailureClass::kTime:
      return "did not answer in time";
    case FailureClass::kProtocol:
      return "broke the protocol";
    case FailureClass::kIllegal:
      return "chose an action that is not allowed";
    case FailureClass::kStopped:
      return "was stopped with the match";
  }
  return "stopped running";
}

bool is_external_spec(std::string_view spec) {
  return spec.substr(0, 4) == "ext:";
}

ExternalConfig parse_external_spec(std::string_view text) {
  if (!is_external_spec(text)) throw Error("not an external bot spec: '" + std::string(text) + "'");
  ExternalConfig c;
  c.spec = std::string(text);
  std::string_view rest = text.substr(4);
  const auto comma = rest.find(',');
  c.command = trim(rest.substr(0, comma));
  if (c.command.empty())
    throw Error("ext: needs a command to run, as in ext:\"python3 examples/bots/random_bot.py\"");
  if (c.command.size() > 4096) throw Error("ext: the command is longer than 4096 characters");
  if (c.command.find('\0') != std::string::npos) throw Error("ext: the command holds a NUL");
  rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  static const char* const kKeys = "time, on_error, fallback, stderr";
  while (!rest.empty() || comma != std::string_view::npos) {
    const auto next = rest.find(',');
    const std::string kv = trim(rest.substr(0, next));
    const auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error("ext bot '" + std::string(text) +
                  "': expected key=value after the command, got '" + kv + "' (keys: " + kKeys +
                  "; the command itself cannot hold a comma)");
    const std::string key = kv.substr(0, eq), value = kv.substr(eq + 1);
    if (key == "time") {
      c.decision_seconds = parse_seconds(value, "ext bot: time");
    } else if (key == "on_error") {
      if (value != "fallback" && value != "abort")
        throw Error("ext bot: on_error must be fallback or abort, not '" + value + "'" +
                    did_you_mean(value, {"fallback", "abort"}));
      c.on_error = value == "abort" ? OnBotError::kAbort : OnBotError::kFallback;
    } else if (key == "fallback") {
      std::vector<std::string> allowed = bot_names();
      allowed.insert(allowed.end(), bot_levels().begin(), bot_levels().end());
      if (std::find(allowed.begin(), allowed.end(), value) == allowed.end()) {
        std::string list;
        for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
        throw Error("ext bot: fallback must be one of " + list + ", not '" + value + "'" +
                    did_you_mean(value, allowed));
      }
      c.fallback = value;
    } else if (key == "stderr") {
      if (value.empty()) throw Error("ext bot: stderr needs a file name");
      c.stderr_path = value;
    } else {
      throw Error("ext bot '" + std::string(text) + "' has no key '" + key + "' (keys: " + kKeys +
                  "; the command itself cannot hold a comma)" +
                  did_you_mean(key, {"time", "on_error", "fallback", "stderr"}));
    }
    if (next == std::string_view::npos) break;
    rest = rest.substr(next + 1);
  }
  return c;
}

std::vector<std::string> split_command(std::string_view command) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) words.push_back(std::move(word));
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'') {  // everything up to the next ' as it is
      const auto end = command.find('\'', i + 1);
      if (end == std::string_view::npos) throw Error("the command has a ' that is not closed");
      word.append(command.substr(i + 1, end - i - 1));
      i = end;
    } else if (c == '"') {  // up to the next unescaped ", with \" and \\ inside
      std::size_t k = i + 1;
      for (; k < command.size() && command[k] != '"'; ++k) {
        if (command[k] == '\\' && k + 1 < command.size() &&
            (command[k + 1] == '"' || command[k + 1] == '\\'))
          ++k;
        word += command[k];
      }
      if (k >= command.size()) throw Error("the command has a \" that is not closed");
      i = k;
    } else if (c == '\\') {
      if (i + 1 >= command.size()) throw Error("the command ends with a backslash");
      word += command[++i];
    } else {
      word += c;
    }
  }
  if (in_word) words.push_back(std::move(word));
  if (words.empty()) throw Error("the command is empty");
  return words;
}

NamedProgram parse_named_program(const std::string& text) {
  const auto eq = text.find('=');
  const std::string usage =
      " (--ext-bot NAME=COMMAND, e.g. --ext-bot mybot=\"/usr/bin/python3 bot.py\")";
  if (eq == std::string::npos || eq == 0)
    throw Error("--ext-bot '" + text + "': expected NAME=COMMAND" + usage);
  NamedProgram p;
  p.name = text.substr(0, eq);
  const bool good_name =
      p.name.size() <= 32 && std::all_of(p.name.begin(), p.name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
      });
  if (!good_name)
    throw Error("--ext-bot: the name '" + p.name +
                "' must be 1 to 32 characters a-z, 0-9, _ and - (a table names it as ext:" +
                "NAME)" + usage);
  try {
    p.argv = split_command(text.substr(eq + 1));
  } catch (const Error& e) {
    throw Error("--ext-bot " + p.name + ": " + e.what() + usage);
  }
  if (text.size() - eq - 1 > 4096)
    throw Error("--ext-bot " + p.name + ": the command is longer than 4096 characters");
  // The program itself: a path, or a name found on PATH now (never a shell line).
  std::string& exe = p.argv.front();
  std::string found;
  std::error_code ec;
  if (exe.find('/') != std::string::npos) {
    found = exe;
  } else {
    const char* path = std::getenv("PATH");
    std::string_view dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
    while (found.empty()) {
      const auto colon = dirs.find(':');
      const std::string dir(dirs.substr(0, colon));
      const std::string candidate = (dir.empty() ? "." : dir) + "/" + exe;
      if (std::filesystem::is_regular_file(candidate, ec) && access(candidate.c_str(), X_OK) == 0)
        found = candidate;
      if (colon == std::string_view::npos) break;
      dirs.remove_prefix(colon + 1);
    }
  }
  if (found.empty() || !std::filesystem::is_regular_file(found, ec) ||
      access(found.c_str(), X_OK) != 0)
    throw Error("--ext-bot " + p.name + ": '" + exe + "' is not an executable file" +
                (exe.find('/') == std::string::npos ? " on PATH" : "") +
                " (the command runs without a shell: give the program and its arguments)");
  exe = std::filesystem::absolute(found, ec).string();
  return p;
}

// ---------------------------------------------------------------------------------------------
// The agent

struct ExternalAgent::Impl {
  ExternalHello hello;
  ExternalConfig config;
  std::unique_ptr<BotProcess> process;
  Clock::time_point started;

  enum class Phase { kStarting, kReady, kFailed, kEnded };
  Phase phase = Phase::kStarting;
  int version = 1;  // the protocol version the program chose in its ready
  std::string failure;
  FailureClass cause = FailureClass::kExit;  // of the failure
  std::optional<Takeover> takeover;          // a failure not yet taken by the table (take_takeover)
  std::unique_ptr<Agent> fallback;
  std::function<bool()> stop_requested;  // Agent::stopping of the decision in progress

  nlohmann::json pending = nlohmann::json::array();  // narration not yet sent
  int decisions = 0;

  std::string out_buf;
  std::size_t out_bytes = 0;  // since the last message that asks for an answer
  bool out_eof = false;

  std::string err_tail;
  int err_file = -1;
  std::size_t err_file_bytes = 0;
  std::string err_line;  // the line of stderr being written, not yet ended

  // Version 2: the worlds of the decision in progress (docs/bots.md "Searching").
  Rng world_rng{1};
  std::map<int, std::unique_ptr<State>> worlds;
  std::unique_ptr<State> scratch;
  std::vector<Action> legal_buf;
  std::vector<double> eval_buf;
  int next_world = 1;
  long requests = 0;

  // ---- stderr ----------------------------------------------------------------------------

  // Everything goes into the tail (shown with a failure, sanitised there); to the file, whole
  // lines sanitised (a line longer than 4 KiB is cut into lines), each marked with the seat.
  void on_stderr(const char* data, std::size_t n) {
    err_tail.append(data, n);
    if (err_tail.size() > 16384) err_tail.erase(0, err_tail.size() - 8192);
    if (err_file < 0) return;
    for (std::size_t i = 0; i < n; ++i) {
      if (data[i] != '\n') err_line += data[i];
      if (data[i] == '\n' || err_line.size() >= 4096) write_err_line();
    }
  }

  void write_err_line() {
    if (err_file < 0 || err_file_bytes >= config.stderr_file_cap) {
      err_line.clear();
      return;
    }
    if (!err_line.empty() && err_line.back() == '\r') err_line.pop_back();
    std::string text =
        "[seat " + std::to_string(hello.seat) + "] " + sanitize_text(err_line, 1 << 20) + "\n";
    err_line.clear();
    if (err_file_bytes + text.size() > config.stderr_file_cap) {
      text.resize(config.stderr_file_cap - err_file_bytes);
      text += "\n[turf: the rest of this program's stderr is dropped (cap reached)]\n";
    }
    err_file_bytes += text.size();
    process::write_all(err_file, text.data(), text.size());
  }

  // ---- logging and failure ----------------------------------------------------------------

  // "seat 0 (Ada)": seats as the protocol counts them (hello.seat).
  std::string who() const {
    const std::string name =
        hello.seat >= 0 && static_cast<std::size_t>(hello.seat) < hello.names.size()
            ? hello.names[static_cast<std::size_t>(hello.seat)]
            : "";
    return "seat " + std::to_string(hello.seat) + (name.empty() ? "" : " (" + name + ")");
  }

  // Every line is sanitised once more here: whatever it quotes, nothing reaches a terminal raw.
  void log(const std::string& text) const {
    const std::string line = sanitize_text(text, 8192);
    if (config.log)
      config.log(line);
    else
      std::fprintf(stderr, "turf: %s\n", line.c_str());
  }

  // The program failed: it is stopped, the log says why and what happens now; the table is told
  // the class of the failure (take_takeover), never its text, which may quote the program.
  void fail(const std::string& what, FailureClass cause) {
    if (phase == Phase::kFailed) return;
    phase = Phase::kFailed;
    failure = what;
    this->cause = cause;
    const bool abort = config.on_error == OnBotError::kAbort;
    if (!abort && cause != FailureClass::kStopped)
      takeover = Takeover{failure_class_id(cause), failure_class_words(cause), config.fallback};
    log(who() + ": " + what + "; " +
        (abort ? "the match is aborted"
               : "it was stopped and the built-in bot '" + config.fallback +
                     "' plays this seat from now on"));
    if (process) process->stop(0.2, stderr_sink());
    std::vector<std::string> last;
    std::string_view tail(err_tail);
    while (!tail.empty() && last.size() < 5) {
      while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.remove_suffix(1);
      const auto nl = tail.rfind('\n');
      const std::string_view line = nl == std::string_view::npos ? tail : tail.substr(nl + 1);
      if (!blank(line)) last.push_back(sanitize_text(line, 200));
      tail = nl == std::string_view::npos ? std::string_view() : tail.substr(0, nl);
    }
    for (auto it = last.rbegin(); it != last.rend(); ++it)
      log("  seat " + std::to_string(hello.seat) + " stderr: " + *it);
  }

  std::function<void(const char*, std::size_t)> stderr_sink() {
    return [this](const char* d, std::size_t n) { on_stderr(d, n); };
  }

  // Why the program cannot answer, once it has ended or closed its output (its exit status may
  // come a moment after its stdout closes: the supervisor reaps it first).
  std::string ended_text(const char* otherwise = "the program closed its standard output") {
    const auto until = Clock::now() + std::chrono::milliseconds(300);
    process->read_status();
    while (!process->exit_status() && !process->supervisor_gone() && ms_until(until) > 0) {
      pollfd fd{process->status_fd(), POLLIN, 0};
      if (poll(&fd, 1, ms_until(until)) < 0 && errno != EINTR) break;
      process->read_status();
    }
    if (process->exit_status()) return "the program " + status_text(*process->exit_status());
    return otherwise;
  }

  // ---- talking ------------------------------------------------------------------------------

  // Writes `message` (one line), then when `answer` is given reads one non-blank line into it,
  // all within `allowed` seconds. False (after fail()) when the program does not keep to the
  // protocol.
  bool exchange(const std::string& message, std::string* answer, double allowed,
                const std::string& waiting_for, std::optional<Clock::time_point> from = {}) {
    const auto deadline = from.value_or(Clock::now()) +
                          std::chrono::microseconds(static_cast<long long>(allowed * 1e6));
    std::size_t written = 0;
    char buf[65536];
    for (;;) {
      if (written == message.size()) {
        if (!answer) return true;
        if (take_line(*answer)) return true;
        if (phase == Phase::kFailed) return false;
      }
      process->read_status();
      if (process->exit_status() || process->supervisor_gone()) {
        drain_now();
        if (answer && written == message.size() && take_line(*answer)) return true;
        if (phase != Phase::kFailed) fail(ended_text() + " " + waiting_for, FailureClass::kExit);
        return false;
      }
      if (out_eof) {
        fail(ended_text() + " " + waiting_for, FailureClass::kExit);
        return false;
      }
      const int ms = ms_until(deadline);
      if (ms <= 0) {
        // What the program wrote in time may still be in the pipe: turf asks for a ready at the
        // first decision, which may come long after the program's start (a person thinks first,
        // a table of bots waits for a watcher).
        // Likewise what fits the pipe is still written: turf's own slowness (starting the
        // program under load) is not the program's.
        while (written < message.size()) {
          const ssize_t n = write_quietly(process->in(), message.data() + written,
                                          std::min<std::size_t>(message.size() - written, 65536));
          if (n <= 0) break;
          written += static_cast<std::size_t>(n);
        }
        if (!answer && written == message.size()) return true;
        drain_now();
        if (phase == Phase::kFailed) return false;
        if (answer && written == message.size() && take_line(*answer)) return true;
        fail(std::string(written < message.size() ? "the program did not read its input"
                                                  : "no answer") +
                 " within " + seconds_text(allowed) + " " + waiting_for,
             FailureClass::kTime);
        return false;
      }
      if (stop_requested && stop_requested()) {  // the table is stopping (Agent::stopping)
        fail("the match was stopped " + waiting_for, FailureClass::kStopped);
        return false;
      }
      pollfd fds[4] = {{process->status_fd(), POLLIN, 0},
                       {process->out(), POLLIN, 0},
                       {process->err(), POLLIN, 0},
                       {written < message.size() ? process->in() : -1, POLLOUT, 0}};
      // At most 50 ms a wait: a stop signal is seen within that.
      if (poll(fds, 4, std::min(ms, 50)) < 0 && errno != EINTR) {
        fail(std::string("cannot wait for the program: ") + std::strerror(errno),
             FailureClass::kExit);
        return false;
      }
      if (fds[2].revents) read_stderr(buf, sizeof buf);
      if (fds[1].revents && !read_stdout(buf, sizeof buf)) return false;
      if (fds[3].revents) {
        const ssize_t n = write_quietly(process->in(), message.data() + written,
                                        std::min<std::size_t>(message.size() - written, 65536));
        if (n > 0) {
          written += static_cast<std::size_t>(n);
        } else if (n < 0 && errno != EAGAIN && errno != EINTR) {
          fail(ended_text("the program closed its standard input") + " " + waiting_for,
               FailureClass::kExit);
          return false;
        }
      }
    }
  }

  void read_stderr(char* buf, std::size_t size) {
    if (process->err() < 0) return;
    const ssize_t n = read(process->err(), buf, size);
    if (n > 0) on_stderr(buf, static_cast<std::size_t>(n));
  }

  // False (after fail()) for a flood.
  bool read_stdout(char* buf, std::size_t size) {
    const ssize_t n = read(process->out(), buf, size);
    if (n == 0) out_eof = true;
    if (n <= 0) return true;
    out_bytes += static_cast<std::size_t>(n);
    if (out_bytes > config.max_output) {
      fail("the program wrote more than " + std::to_string(config.max_output / 1024) +
               " KiB on stdout for one answer",
           FailureClass::kProtocol);
      return false;
    }
    out_buf.append(buf, static_cast<std::size_t>(n));
    return true;
  }

  // Reads whatever stdout and stderr hold now (non-blocking).
  void drain_now() {
    char buf[65536];
    for (int i = 0; i < 64; ++i) {
      pollfd fds[2] = {{process->out(), POLLIN, 0}, {process->err(), POLLIN, 0}};
      if (poll(fds, 2, 0) <= 0) return;
      if (fds[1].revents) read_stderr(buf, sizeof buf);
      if (fds[0].revents) {
        if (!read_stdout(buf, sizeof buf)) return;
        if (out_eof) return;
      }
    }
  }

  // The next non-blank line of stdout, if complete. False (after fail()) for a line too long.
  bool take_line(std::string& line) {
    std::size_t from = 0;  // blank lines are skipped, then erased at once
    bool found = false;
    for (;;) {
      const auto nl = out_buf.find('\n', from);
      const std::size_t length = (nl == std::string::npos ? out_buf.size() : nl) - from;
      if (length > config.max_line) {
        fail("the program wrote a line longer than " + std::to_string(config.max_line / 1024) +
                 " KiB on stdout",
             FailureClass::kProtocol);
        return false;
      }
      if (nl == std::string::npos) break;
      line = out_buf.substr(from, length);
      from = nl + 1;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!blank(line)) {
        found = true;
        break;
      }
    }
    out_buf.erase(0, from);
    return found;
  }

  // Parses a line as a JSON object with a string "type"; fail()s and returns nullopt otherwise.
  std::optional<nlohmann::json> parse_object(const std::string& line, const std::string& context,
                                             const char* expected) {
    nlohmann::json j;
    if (json_depth(line) <= 8) j = nlohmann::json::parse(line, nullptr, false);
    if (json_depth(line) > 8 || j.is_discarded() || !j.is_object()) {
      fail("the program wrote " + shown(line) + ", which is not a JSON object, " + context,
           FailureClass::kProtocol);
      return std::nullopt;
    }
    const auto t = j.find("type");
    if (t == j.end() || !t->is_string()) {
      wrong_type(line, context, expected);
      return std::nullopt;
    }
    return j;
  }

  void wrong_type(const std::string& line, const std::string& context, const char* expected) {
    fail("the program wrote " + shown(line) + " " + context + "; expected a message of type '" +
             expected + "'" +
             (version >= 2 && std::strcmp(expected, "action") == 0
                  ? " or a request (sample, play, rollout, fork, drop)"
                  : ""),
         FailureClass::kProtocol);
  }

  // Waits for "ready" once. False when the program failed.
  bool ensure_ready() {
    if (phase == Phase::kReady) return true;
    if (phase != Phase::kStarting) return false;
    if (!process) return false;
    std::string line;
    if (!exchange("", &line, start_allowance(), "before it said ready", started)) return false;
    const auto j = parse_object(line, "in answer to hello", "ready");
    if (!j) return false;
    if ((*j)["type"] != "ready") {
      wrong_type(line, "in answer to hello", "ready");
      return false;
    }
    const auto v = j->find("version");
    const auto& spoken = kBotProtocolVersions;
    if (v == j->end() || !v->is_number_integer() ||
        std::find(std::begin(spoken), std::end(spoken), v->get<long long>()) == std::end(spoken)) {
      fail("the program speaks protocol version " +
               (v == j->end() ? std::string("(none given)") : sanitize_text(v->dump(), 20)) +
               "; this turf speaks versions 1 and 2",
           FailureClass::kProtocol);
      return false;
    }
    version = v->get<int>();
    phase = Phase::kReady;
    return true;
  }

  // Anything the program wrote when nobody asked is a failure (it would be read as the next
  // answer otherwise).
  bool quiet_since_last_answer(const std::string& before) {
    drain_now();
    if (phase == Phase::kFailed) return false;
    const auto nl = out_buf.find_first_not_of(" \t\r\n");
    if (nl != std::string::npos) {
      fail("the program wrote " + shown(out_buf.substr(nl)) + " when no answer was asked (" +
               before + ")",
           FailureClass::kProtocol);
      return false;
    }
    out_buf.clear();
    return true;
  }

  void start() {
    started = Clock::now();
    world_rng = Rng(mix_seed(config.seed, 0x776f726c64730a32ULL));  // the worlds of version 2
    if (!config.stderr_path.empty()) {
      err_file = open(config.stderr_path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
      if (err_file < 0)
        throw Error("ext bot: cannot open '" + config.stderr_path +
                    "' for its stderr: " + std::strerror(errno));
    }
    if (!config.unavailable.empty()) {
      fail("the program could not be started: " + config.unavailable, FailureClass::kStart);
      return;
    }
    try {
      // A named program runs as its words, without a shell; a command line under /bin/sh -c.
      process = std::make_unique<BotProcess>(
          config.argv.empty()
              ? std::vector<std::string>{"/bin/sh", "-c", shell_line(config.command)}
              : config.argv);
    } catch (const Error& e) {
      fail(std::string("the program could not be started: ") + e.what(), FailureClass::kStart);
      return;
    }
    nlohmann::json names = nlohmann::json::array();
    for (const auto& n : hello.names) names.push_back(n);
    const nlohmann::json msg = {
        {"type", "hello"},
        {"protocol", kBotProtocol},
        {"version", kBotProtocolVersion},
        {"versions", kBotProtocolVersions},
        {"engine", kEngineVersion},
        {"game", hello.game->id},
        {"title", hello.game->title},
        {"rules_version", hello.game->rules_version},
        {"options", hello.options.values()},
        {"seat", hello.seat},
        {"names", names},
        {"time_ms", std::llround(config.decision_seconds * 1000)},
        {"start_ms", std::llround(start_allowance() * 1000)},
        {"limits",
         {{"line_bytes", config.max_line},
          {"answer_bytes", config.max_output},
          {"requests", config.max_requests},
          {"worlds", config.max_worlds},
          {"rollouts", config.max_rollouts}}},
        {"cards", hello.game->cards_for(hello.options)},
    };
    exchange(msg.dump() + "\n", nullptr, start_allowance(), "while it was sent its hello", started);
  }

  // ---- version 2: worlds sampled from the seat's view (docs/bots.md "Searching") ----------

  static bool is_request(const std::string& type) {
    return type == "sample" || type == "play" || type == "rollout" || type == "fork" ||
           type == "drop";
  }

  static nlohmann::json refused(const std::string& type, const std::string& why) {
    return {{"type", "refused"}, {"request", type}, {"why", why}};
  }

  void begin_search() {
    worlds.clear();
    next_world = 1;
    requests = 0;
  }

  nlohmann::json world_json(int handle, const State& w, bool show) {
    nlohmann::json j = {{"type", "world"},
                        {"world", handle},
                        {"move", w.move_number()},
                        {"to_move", w.to_move()},
                        {"terminal", w.terminal()}};
    auto& legal = j["legal"] = nlohmann::json::array();
    if (w.terminal()) {
      j["result"] = {{"scores", w.scores()}, {"ranking", w.ranking()}};
    } else {
      w.legal_actions(legal_buf);
      for (const Action a : legal_buf) legal.push_back(a);
    }
    // A sampled world is made up from the seat's view: all of it may be shown.
    if (show) j["view"] = w.view(kOmniscient).to_json();
    return j;
  }

  // Plays the seat to move's actions in `w` to the end (or `depth` actions) with the game's
  // rollout policy (uniform without one), drawing from the agent's own generator.
  nlohmann::json playout(State& w, int depth) {
    const GameInfo& game = w.game();
    int n = 0;
    const int bound = w.length_bound();
    while (!w.terminal() && (depth <= 0 || n < depth) && n <= bound) {
      w.legal_actions(legal_buf);
      const Action a =
          legal_buf.size() == 1 ? legal_buf.front()
          : game.rollout_policy
              ? game.rollout_policy(w, legal_buf, world_rng)
              : legal_buf[world_rng.below(static_cast<std::uint32_t>(legal_buf.size()))];
      w.apply_unchecked(a);
      ++n;
    }
    nlohmann::json o = {{"moves", n}, {"terminal", w.terminal()}};
    if (w.terminal()) {
      o["scores"] = w.scores();
      o["ranking"] = w.ranking();
    } else {
      evaluate_into(w, eval_buf);
      o["estimate"] = eval_buf;
    }
    return o;
  }

  // A request of version 2 during a decision, answered from `view` alone: every world is drawn
  // from the seat's view with the agent's own generator, which nothing the program sends can set.
  nlohmann::json answer_request(const nlohmann::json& j, const std::string& type, const View& view,
                                Clock::time_point deadline) {
    const auto echo = j.find("decision");
    if (echo != j.end() && *echo != decisions)
      return refused(type,
                     "it names another decision than this one (" + std::to_string(decisions) + ")");
    if (requests >= config.max_requests)
      return refused(type, "at most " + std::to_string(config.max_requests) +
                               " requests a decision: answer with an action");
    ++requests;
    const auto show_it = j.find("show");
    const bool show = show_it != j.end() && show_it->is_boolean() && show_it->get<bool>();
    const auto full = [&] {
      return refused(
          type, "at most " + std::to_string(config.max_worlds) + " worlds at once: drop one first");
    };
    if (type == "sample") {
      if (static_cast<int>(worlds.size()) >= config.max_worlds) return full();
      auto w = view.sample_world(world_rng);
      const int h = next_world++;
      nlohmann::json answer = world_json(h, *w, show);
      worlds.emplace(h, std::move(w));
      return answer;
    }
    const auto wi = j.find("world");
    const auto it = wi != j.end() && wi->is_number_integer()
                        ? worlds.find(static_cast<int>(
                              std::clamp<long long>(wi->get<long long>(), INT32_MIN, INT32_MAX)))
                        : worlds.end();
    if (it == worlds.end())
      return refused(type, "\"world\" must be the handle of a world of this decision");
    const int h = it->first;
    State& w = *it->second;
    if (type == "drop") {
      worlds.erase(it);
      return {{"type", "dropped"}, {"world", h}};
    }
    if (type == "fork") {
      if (static_cast<int>(worlds.size()) >= config.max_worlds) return full();
      const int copy = next_world++;
      auto c = w.clone();
      nlohmann::json answer = world_json(copy, *c, show);
      worlds.emplace(copy, std::move(c));
      return answer;
    }
    if (type == "play") {
      const auto acts = j.find("actions");
      if (acts == j.end() || !acts->is_array())
        return refused(type, "\"actions\" must be an array of action ids");
      if (!scratch) scratch = w.clone();
      scratch->copy_from(w);
      for (std::size_t k = 0; k < acts->size(); ++k) {
        const auto& a = (*acts)[k];
        if (!a.is_number_integer() || scratch->terminal() || a.get<long long>() < INT32_MIN ||
            a.get<long long>() > INT32_MAX ||
            !scratch->is_legal(static_cast<Action>(a.get<long long>())))
          return refused(type, "actions[" + std::to_string(k) + "] is not legal in that world " +
                                   "(nothing was played)");
        scratch->apply_unchecked(static_cast<Action>(a.get<long long>()));
      }
      std::swap(it->second, scratch);
      return world_json(h, *it->second, show);
    }
    // rollout
    const auto ci = j.find("count");
    const auto di = j.find("depth");
    const long long count = ci != j.end() && ci->is_number_integer() ? ci->get<long long>() : 1;
    const long long depth = di != j.end() && di->is_number_integer() ? di->get<long long>() : 0;
    if (count < 1 || count > config.max_rollouts)
      return refused(type, "\"count\" must be 1 to " + std::to_string(config.max_rollouts));
    if (depth < 0) return refused(type, "\"depth\" must be 0 (to the end) or more");
    requests += count - 1;
    nlohmann::json outcomes = nlohmann::json::array();
    if (!scratch) scratch = w.clone();
    for (long long k = 0; k < count; ++k) {
      // The host's time is the program's: past its deadline the batch stops (the decision fails
      // on time at the next read anyway).
      if (Clock::now() >= deadline || (stop_requested && stop_requested())) break;
      scratch->copy_from(w);
      outcomes.push_back(playout(*scratch, static_cast<int>(std::min<long long>(depth, 1 << 30))));
    }
    return {{"type", "outcomes"}, {"world", h}, {"outcomes", std::move(outcomes)}};
  }

  double start_allowance() const { return std::max(config.start_seconds, config.decision_seconds); }

  Action play_fallback(const View& view) {
    if (!fallback)
      fallback = make_bot(resolve_bot_spec(hello.game->id, config.fallback), config.seed);
    return fallback->choose(view);
  }
};

ExternalAgent::ExternalAgent(ExternalHello hello, ExternalConfig config)
    : impl_(std::make_unique<Impl>()) {
  if (!hello.game) throw Error("ExternalAgent needs the game");
  if (config.spec.empty()) config.spec = "ext:" + config.command;
  impl_->hello = std::move(hello);
  impl_->config = std::move(config);
  impl_->start();
}

ExternalAgent::~ExternalAgent() {
  if (impl_->process) impl_->process->stop(impl_->config.exit_seconds, impl_->stderr_sink());
  if (!impl_->err_line.empty()) impl_->write_err_line();
  if (impl_->err_file >= 0) close(impl_->err_file);
}

std::string ExternalAgent::spec() const {
  return impl_->config.spec;
}

bool ExternalAgent::failed() const {
  return impl_->phase == Impl::Phase::kFailed;
}
const std::string& ExternalAgent::failure() const {
  return impl_->failure;
}
int ExternalAgent::pid() const {
  return impl_->process ? impl_->process->pid() : 0;
}

void ExternalAgent::observe(const std::vector<Narration>& lines) {
  Impl& m = *impl_;
  if (m.phase != Impl::Phase::kStarting && m.phase != Impl::Phase::kReady) return;
  for (const auto& n : lines) {
    auto j = n.to_json();
    j["said"] = render_narration(n.text, m.hello.names);
    m.pending.push_back(std::move(j));
  }
}

Action ExternalAgent::choose(const View& view) {
  Impl& m = *impl_;
  const auto abort_if_asked = [&] {
    if (m.config.on_error == OnBotError::kAbort)
      throw ExternalBotFailure(
          "the bot of " + m.who() + " failed: " + m.failure + "; the match is aborted",
          "the bot of " + m.who() + " failed (its program " + failure_class_words(m.cause) +
              "); the match is aborted");
  };
  if (!view.legal().empty() && view.legal().front().label.empty())
    throw std::logic_error("ExternalAgent::choose needs a labelled view (wants_narration)");
  m.stop_requested = [this] { return stopping(); };
  if (m.phase == Impl::Phase::kReady || m.phase == Impl::Phase::kStarting) {
    ++m.decisions;
    // The numbers of the protocol: the decision as in decide.decision, the move as decide.move.
    const std::string at = "at its decision " + std::to_string(m.decisions) + " (move " +
                           std::to_string(view.move_number()) + ")";
    if (m.ensure_ready() && m.quiet_since_last_answer("before " + at.substr(3))) {
      const DecisionStep step = decision_step(view);
      nlohmann::json msg = {
          {"type", "decide"},
          {"decision", m.decisions},
          {"move", view.move_number()},
          {"time_ms", std::llround(m.config.decision_seconds * 1000)},
          {"step",
           {{"name", step.name},
            {"pass", step.pass ? nlohmann::json(*step.pass) : nlohmann::json(nullptr)}}},
          {"forced", view.legal().size() == 1},
          {"view", view.to_json()},
          {"narration", std::move(m.pending)}};
      m.pending = nlohmann::json::array();
      if (m.version >= 2) m.begin_search();
      const auto asked = Clock::now();
      const auto deadline = asked + std::chrono::microseconds(
                                        static_cast<long long>(m.config.decision_seconds * 1e6));
      std::string out = msg.dump() + "\n";
      std::string line;
      for (;;) {
        m.out_bytes = 0;
        if (!m.exchange(out, &line, m.config.decision_seconds, at, asked)) break;
        const auto j = m.parse_object(line, at, "action");
        if (!j) break;
        const std::string type = (*j)["type"].get<std::string>();
        if (m.version >= 2 && Impl::is_request(type)) {
          out = m.answer_request(*j, type, view, deadline).dump() + "\n";
          continue;
        }
        if (type != "action") {
          m.wrong_type(line, at, "action");
          break;
        }
        const auto id = j->find("id");
        const auto echo = j->find("decision");
        if (echo != j->end() && *echo != m.decisions) {
          m.fail("the program wrote " + shown(line) + " " + at + ": an answer to another decision",
                 FailureClass::kProtocol);
        } else if (id == j->end() || !id->is_number_integer()) {
          m.fail("the program wrote " + shown(line) + " " + at +
                     "; an action message needs an integer \"id\"",
                 FailureClass::kProtocol);
        } else {
          const auto& legal = view.legal();
          const auto it = std::find_if(legal.begin(), legal.end(),
                                       [&](const LegalAction& la) { return *id == la.id; });
          if (it != legal.end()) {
            m.worlds.clear();
            return it->id;
          }
          m.fail("the program answered id " + shown(id->dump(), 24) + " " + at +
                     ", which is not one of the legal action ids",
                 FailureClass::kIllegal);
        }
        break;
      }
      m.worlds.clear();
    }
  }
  if (m.phase == Impl::Phase::kFailed) abort_if_asked();
  return m.play_fallback(view);
}

std::optional<Takeover> ExternalAgent::take_takeover() {
  return std::exchange(impl_->takeover, std::nullopt);
}

void ExternalAgent::finish(const View& final_view, const nlohmann::json& result) {
  Impl& m = *impl_;
  if (m.phase == Impl::Phase::kStarting || m.phase == Impl::Phase::kReady) {
    if (m.ensure_ready() && m.quiet_since_last_answer("before the end")) {
      const bool aborted = result.is_object() && result.contains("aborted");
      nlohmann::json res = nullptr;
      if (!aborted && result.is_object()) {
        res = nlohmann::json::object();
        for (const char* key : {"scores", "ranking", "words"})
          if (result.contains(key)) res[key] = result[key];
      }
      nlohmann::json msg = {{"type", "end"},
                            {"reason", aborted ? "aborted" : "over"},
                            {"move", final_view.move_number()},
                            {"view", final_view.to_json()},
                            {"narration", std::move(m.pending)},
                            {"result", res}};
      if (aborted)
        msg["why"] = result["aborted"].is_string() ? result["aborted"].get<std::string>() : "";
      m.pending = nlohmann::json::array();
      m.exchange(msg.dump() + "\n", nullptr, m.config.decision_seconds,
                 "while it was sent the end");
    }
  }
  if (m.phase != Impl::Phase::kFailed) m.phase = Impl::Phase::kEnded;
  if (m.process) m.process->stop(m.config.exit_seconds, m.stderr_sink());
}

std::unique_ptr<ExternalAgent> make_external_agent(ExternalHello hello, ExternalConfig config) {
  return std::make_unique<ExternalAgent>(std::move(hello), std::move(config));
}

nlohmann::json match_result_json(const Match& match) {
  return match.result();
}

void kill_external_bots() noexcept {
  process::kill_all_groups();
}

}  // namespace turf
