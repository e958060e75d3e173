// A bot's program as a process (issue 32: the process supervision apart from the protocol agent
// of bots/external.cpp): started through a supervisor that keeps its whole process group on a
// leash (killed when turf dies, reaped with every descendant), its pipes, its wait status, and
// the few system-call helpers the agent uses to talk to it. docs/bots.md, "Programs at a seat".
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace turf::process {

using Clock = std::chrono::steady_clock;

// The line given to /bin/sh -c for an ext:COMMAND seat: a simple command runs with `exec` (the
// program replaces the shell, so turf talks to the program itself); anything compound runs
// under the shell as written.
std::string shell_line(const std::string& command);
// write(2) without SIGPIPE: a program that closed its stdin is an EPIPE, never a signal.
ssize_t write_quietly(int fd, const char* data, std::size_t n);
// Writes all of data to fd, again after EINTR; stops at the first other failure.
void write_all(int fd, const void* data, std::size_t n);
// Milliseconds until the deadline, rounded up, 0 once it passed (for poll).
int ms_until(Clock::time_point deadline);
// A wait status in words ("exited with status 3", "was killed by signal 9 (SIGKILL)").
std::string status_text(int status);
// SIGKILL to the process group of every program still running (async-signal-safe: a fixed table
// of lock-free atomics; for fatal-signal handlers and exits).
void kill_all_groups() noexcept;

// One running program: its supervisor, pipes and process group.
class BotProcess {
 public:
  // argv[0] is the program's path (/bin/sh for an ext:COMMAND seat). Throws Error when it cannot
  // start.
  explicit BotProcess(const std::vector<std::string>& argv);
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;
  ~BotProcess();

  int in() const { return in_; }
  int out() const { return out_; }
  int err() const { return err_; }
  int status_fd() const { return st_; }
  pid_t pid() const { return reaped_ ? 0 : program_; }
  const std::optional<int>& exit_status() const { return status_; }

  // Reads what the status pipe holds (the program's wait status once it is reaped).
  void read_status();
  bool supervisor_gone() const { return supervisor_gone_; }
  void signal_group(int sig);
  void close_stdin();
  // Waits until the program is reaped or the deadline passes; drains stdout and stderr meanwhile
  // (into `on_err`, stdout is dropped). True when reaped.
  bool wait_reaped(Clock::time_point deadline,
                   const std::function<void(const char*, std::size_t)>& on_err);
  // Stops the program: stdin closed, `grace` seconds to leave, SIGTERM to its group, `grace`
  // more, SIGKILL; then the supervisor is reaped. Bounded (about 2 * grace + 3 s at worst).
  void stop(double grace, const std::function<void(const char*, std::size_t)>& on_err = {});

 private:
  void start(std::vector<std::string> words);  // on the spawner thread

  pid_t supervisor_ = -1;
  pid_t program_ = 0;
  int slot_ = -1;
  int in_ = -1, out_ = -1, err_ = -1, st_ = -1;
  std::string status_bytes_;
  std::optional<int> status_;
  bool have_pid_ = false;
  bool reaped_ = false;
  bool supervisor_gone_ = false;
};

}  // namespace turf::process
