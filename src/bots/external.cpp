#include "bots/external.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include "bots/presets.h"
#include "core/match.h"

extern char** environ;

namespace turf {

namespace {

using Clock = std::chrono::steady_clock;

// ---------------------------------------------------------------------------------------------
// The process groups of the running programs, for kill_external_bots() (async-signal-safe: a
// fixed table of lock-free atomics). A slot holds a group from its start until its leader is
// reaped.

constexpr int kMaxPrograms = 1024;
std::array<std::atomic<int>, kMaxPrograms> g_groups{};

int register_group(int pgid) {
  for (int i = 0; i < kMaxPrograms; ++i) {
    int expected = 0;
    if (g_groups[static_cast<std::size_t>(i)].compare_exchange_strong(expected, pgid)) return i;
  }
  return -1;
}

void unregister_group(int slot) {
  if (slot >= 0) g_groups[static_cast<std::size_t>(slot)].store(0);
}

// ---------------------------------------------------------------------------------------------
// The supervisor: a fork of this process that only makes system calls (it is a fork of a
// process with threads, so nothing else is safe in it). It starts the program in a new process
// group, waits for it, then kills whatever is left of the group and of its descendants (it is a
// child subreaper: descendants that left the group come back to it when their parents die), and
// writes the program's wait status to the status pipe. When this process dies it gets SIGUSR1
// (PR_SET_PDEATHSIG) and kills the group at once.

volatile sig_atomic_t s_program = 0;
volatile sig_atomic_t s_orphaned = 0;

void on_parent_death(int) {
  s_orphaned = 1;
  if (s_program > 0) kill(-s_program, SIGKILL);
}

void write_all_raw(int fd, const void* data, std::size_t n) {
  const char* p = static_cast<const char*>(data);
  while (n > 0) {
    const ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return;
    p += w;
    n -= static_cast<std::size_t>(w);
  }
}

void say_raw(int fd, const char* text) {
  write_all_raw(fd, text, std::strlen(text));
}

// Closes every descriptor but the ones in keep (sorted ascending).
void close_all_but(const int* keep, int n, int max_fd) {
  unsigned first = 0;
  for (int i = 0; i <= n; ++i) {
    const unsigned last = i < n ? static_cast<unsigned>(keep[i]) : ~0u;
    if (last > first) {
      const unsigned hi = last - 1;
      if (syscall(SYS_close_range, first, hi, 0) != 0) {  // kernels before 5.9
        for (unsigned fd = first; fd <= hi && fd < static_cast<unsigned>(max_fd); ++fd)
          close(static_cast<int>(fd));
      }
    }
    if (i < n) first = static_cast<unsigned>(keep[i]) + 1;
  }
}

// Kills the children of this process listed by the kernel (they are ours, so their ids cannot be
// reused before we reap them).
void kill_listed_children() {
  const int fd = open("/proc/thread-self/children", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  char buf[4096];
  ssize_t n;
  long pid = 0;
  bool in_number = false;
  while ((n = read(fd, buf, sizeof buf)) > 0) {
    for (ssize_t i = 0; i < n; ++i) {
      if (buf[i] >= '0' && buf[i] <= '9') {
        pid = pid * 10 + (buf[i] - '0');
        in_number = true;
      } else {
        if (in_number && pid > 0) kill(static_cast<pid_t>(pid), SIGKILL);
        pid = 0;
        in_number = false;
      }
    }
  }
  if (in_number && pid > 0) kill(static_cast<pid_t>(pid), SIGKILL);
  close(fd);
}

[[noreturn]] void run_program(const char* path, char* const argv[], int in_r, int out_w, int err_w,
                              int st_w, pid_t supervisor) {
  setpgid(0, 0);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != supervisor) _exit(127);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  for (int sig = 1; sig < NSIG; ++sig)
    if (sig != SIGKILL && sig != SIGSTOP) sigaction(sig, &dfl, nullptr);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  if (dup2(in_r, 0) < 0 || dup2(out_w, 1) < 0 || dup2(err_w, 2) < 0) _exit(127);
  close(in_r);
  close(out_w);
  close(err_w);
  close(st_w);
  execve(path, argv, environ);
  say_raw(2, "turf: cannot run the program (execve failed)\n");
  _exit(127);
}

[[noreturn]] void supervise(const char* path, char* const argv[], int in_r, int out_w, int err_w,
                            int st_w, pid_t parent, int max_fd) {
  s_program = 0;
  s_orphaned = 0;
  struct sigaction sa {};
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = on_parent_death;  // no SA_RESTART: waitid() returns EINTR
  sigaction(SIGUSR1, &sa, nullptr);
  sa.sa_handler = SIG_IGN;  // the terminal's and the table's signals are for others
  for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGUSR2})
    sigaction(sig, &sa, nullptr);
  sa.sa_handler = SIG_DFL;  // children must stay waitable
  sigaction(SIGCHLD, &sa, nullptr);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  prctl(PR_SET_PDEATHSIG, SIGUSR1);
  if (getppid() != parent) s_orphaned = 1;
  prctl(PR_SET_DUMPABLE, 0);  // a copy of this process: no ptrace, no /proc/PID/mem
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  int keep[4] = {in_r, out_w, err_w, st_w};
  std::sort(keep, keep + 4);
  close_all_but(keep, 4, max_fd);

  const pid_t self = getpid();
  const pid_t program = fork();
  if (program < 0) {
    say_raw(err_w, "turf: cannot start the program (fork failed)\n");
    _exit(1);
  }
  if (program == 0) run_program(path, argv, in_r, out_w, err_w, st_w, self);
  setpgid(program, program);  // also done by the program: whichever runs first
  s_program = program;
  if (s_orphaned) kill(-program, SIGKILL);
  write_all_raw(st_w, &program, sizeof program);
  close(in_r);
  close(out_w);
  close(err_w);
  for (;;) {  // wait for the program's end without reaping it: its group id stays ours
    siginfo_t info{};
    if (waitid(P_PID, static_cast<id_t>(program), &info, WEXITED | WNOWAIT) == 0) break;
    if (errno != EINTR) break;
    if (s_orphaned) kill(-program, SIGKILL);
  }
  kill(-program, SIGKILL);  // what is left of its group
  int status = 0;
  while (waitpid(program, &status, 0) < 0 && errno == EINTR) {
  }
  write_all_raw(st_w, &status, sizeof status);
  // Descendants that left the group come back here when their parents die: kill and reap them
  // until none is left (at most about 3 s).
  for (int round = 0; round < 300; ++round) {
    pid_t r;
    while ((r = waitpid(-1, nullptr, WNOHANG)) > 0) {
    }
    if (r < 0 && errno == ECHILD) break;
    kill_listed_children();
    const timespec tick{0, 10'000'000};
    nanosleep(&tick, nullptr);
  }
  _exit(0);
}

// ---------------------------------------------------------------------------------------------
// The spawner: one long-lived thread forks every supervisor, because PR_SET_PDEATHSIG fires when
// the *thread* that forked dies. It blocks every signal, so that it never runs a handler meant
// for the others.

class Spawner {
 public:
  static Spawner& instance() {
    static Spawner* spawner = new Spawner();  // never destroyed: it outlives every agent
    return *spawner;
  }

  void run(const std::function<void()>& job) {
    std::lock_guard<std::mutex> one(call_);
    std::unique_lock<std::mutex> lock(mutex_);
    job_ = &job;
    done_ = false;
    cv_.notify_all();
    cv_.wait(lock, [&] { return done_; });
  }

 private:
  Spawner() {
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    try {
      std::thread([this] { loop(); }).detach();
    } catch (...) {
      pthread_sigmask(SIG_SETMASK, &old, nullptr);
      throw Error("cannot start a thread for external bots");
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
  }

  void loop() {
    for (;;) {
      std::unique_lock<std::mutex> lock(mutex_);
      cv_.wait(lock, [&] { return job_ != nullptr; });
      const std::function<void()>* job = job_;
      lock.unlock();
      (*job)();  // never throws (see BotProcess::BotProcess)
      lock.lock();
      job_ = nullptr;
      done_ = true;
      cv_.notify_all();
    }
  }

  std::mutex call_, mutex_;
  std::condition_variable cv_;
  const std::function<void()>* job_ = nullptr;
  bool done_ = false;
};

// The line given to /bin/sh -c: a simple command (one program and its arguments, perhaps with
// redirections and variables) is run with `exec`, so that the program replaces the shell: turf
// then talks to the program itself (its stdin closing is seen at once) and sees its own exit
// status. Anything compound (; & | newlines, parentheses, braces, back quotes, a shell keyword or
// an assignment first) runs under the shell as written.
std::string shell_line(const std::string& command) {
  if (command.find_first_of(";&|\n()`{}") != std::string::npos) return command;
  const auto start = command.find_first_not_of(" \t");
  const auto end = command.find_first_of(" \t", start);
  const std::string first = command.substr(start, end == std::string::npos ? end : end - start);
  static const char* const kKeywords[] = {"if",   "then",     "else",   "elif",  "fi",     "do",
                                          "done", "case",     "esac",   "while", "until",  "for",
                                          "in",   "!",        "exec",   "cd",    "export", "set",
                                          "time", "function", "select", "eval",  "."};
  for (const char* k : kKeywords)
    if (first == k) return command;
  if (first.find('=') != std::string::npos) return command;
  return "exec " + command;
}

int lift_fd(int fd) {  // keeps 0, 1 and 2 free for the program's own
  if (fd < 0 || fd > 2) return fd;
  const int high = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  close(fd);
  return high;
}

void set_nonblocking(int fd) {
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

// write(2) without SIGPIPE: blocked in this thread for the call, and a SIGPIPE it raised is
// consumed, so a program that closed its stdin is an EPIPE, never a signal.
ssize_t write_quietly(int fd, const char* data, std::size_t n) {
  sigset_t pipe_set, pending, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  sigpending(&pending);
  const bool was_pending = sigismember(&pending, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  const ssize_t r = write(fd, data, n);
  const int err = errno;
  if (r < 0 && err == EPIPE && !was_pending) {
    const timespec zero{0, 0};
    while (sigtimedwait(&pipe_set, nullptr, &zero) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  errno = err;
  return r;
}

int ms_until(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return static_cast<int>(std::clamp<long long>(left.count() + 1, 0, 1'000'000));
}

std::string seconds_text(double s) {
  char buf[32];
  if (s < 1)
    std::snprintf(buf, sizeof buf, "%g ms", std::round(s * 1000));
  else
    std::snprintf(buf, sizeof buf, "%g s", s);
  return buf;
}

std::string status_text(int status) {
  const auto signal_text = [](int sig) {
    const char* name = sigabbrev_np(sig);
    return "signal " + std::to_string(sig) + (name ? " (SIG" + std::string(name) + ")" : "");
  };
  if (WIFEXITED(status)) {
    const int code = WEXITSTATUS(status);
    // A shell reports a command killed by signal N as status 128 + N.
    return "exited with status " + std::to_string(code) +
           (code > 128 && code < 128 + NSIG
                ? " (a shell's way of saying: killed by " + signal_text(code - 128) + ")"
                : "");
  }
  if (WIFSIGNALED(status)) return "was killed by " + signal_text(WTERMSIG(status));
  return "ended (wait status " + std::to_string(status) + ")";
}

// Text from the program, made safe for a log line: control characters dropped, cut short.
std::string shown(std::string_view text, std::size_t max = 80) {
  std::string s = sanitize_text(text, max);
  if (s.size() < text.size()) s += "...";
  return "'" + s + "'";
}

// ---------------------------------------------------------------------------------------------
// One running program (its supervisor, pipes and process group).

class BotProcess {
 public:
  // argv[0] is the program's path (/bin/sh for an ext:COMMAND seat).
  explicit BotProcess(const std::vector<std::string>& argv) {
    std::string failure;
    const std::function<void()> job = [&] {
      try {
        start(argv);
      } catch (const std::exception& e) {
        failure = e.what();
      }
    };
    Spawner::instance().run(job);
    if (!failure.empty()) throw Error(failure);
  }
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;
  ~BotProcess() { stop(0.2); }

  int in() const { return in_; }
  int out() const { return out_; }
  int err() const { return err_; }
  int status_fd() const { return st_; }
  pid_t pid() const { return reaped_ ? 0 : program_; }
  const std::optional<int>& exit_status() const { return status_; }

  // Reads what the status pipe holds (the program's wait status once it is reaped).
  void read_status() {
    if (st_ < 0) return;
    char buf[16];
    for (;;) {
      const ssize_t n = read(st_, buf, sizeof buf);
      if (n > 0) {
        status_bytes_.append(buf, static_cast<std::size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n == 0) supervisor_gone_ = true;
      break;
    }
    if (!have_pid_ && status_bytes_.size() >= sizeof(pid_t)) {  // the program's id comes first
      std::memcpy(&program_, status_bytes_.data(), sizeof(pid_t));
      status_bytes_.erase(0, sizeof(pid_t));
      have_pid_ = true;
    }
    if (have_pid_ && !status_ && status_bytes_.size() >= sizeof(int)) {
      int s = 0;
      std::memcpy(&s, status_bytes_.data(), sizeof s);
      status_ = s;
      reaped_ = true;  // by the supervisor: its group id may be reused, never signal it again
      unregister_group(slot_);
      slot_ = -1;
    }
  }
  bool supervisor_gone() const { return supervisor_gone_; }

  void signal_group(int sig) {
    if (!reaped_ && program_ > 0) kill(-program_, sig);
  }

  void close_stdin() {
    if (in_ >= 0) close(in_);
    in_ = -1;
  }

  // Waits until the program is reaped or the deadline passes; drains stdout and stderr meanwhile
  // (into `on_err`, stdout is dropped). True when reaped.
  bool wait_reaped(Clock::time_point deadline,
                   const std::function<void(const char*, std::size_t)>& on_err) {
    char buf[65536];
    for (;;) {
      read_status();
      if (status_ || supervisor_gone_) return true;
      const int ms = ms_until(deadline);
      if (ms <= 0) return false;
      pollfd fds[3] = {{st_, POLLIN, 0}, {out_, POLLIN, 0}, {err_, POLLIN, 0}};
      if (poll(fds, 3, ms) < 0 && errno != EINTR) return false;
      for (int i = 1; i < 3; ++i) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        int& fd = i == 1 ? out_ : err_;
        const ssize_t n = read(fd, buf, sizeof buf);
        if (n > 0 && i == 2 && on_err) on_err(buf, static_cast<std::size_t>(n));
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) {
          close(fd);
          fd = -1;
        }
      }
    }
  }

  // Stops the program: stdin closed, `grace` seconds to leave, SIGTERM to its group, `grace`
  // more, SIGKILL; then the supervisor is reaped. Bounded (about 2 * grace + 3 s at worst).
  void stop(double grace, const std::function<void(const char*, std::size_t)>& on_err = {}) {
    if (supervisor_ <= 0) return;
    close_stdin();
    const auto after = [](double s) {
      return Clock::now() + std::chrono::microseconds(static_cast<long long>(s * 1e6));
    };
    if (!wait_reaped(after(grace), on_err)) {
      signal_group(SIGTERM);
      if (!wait_reaped(after(grace), on_err)) {
        signal_group(SIGKILL);
        wait_reaped(after(2), on_err);
      }
    }
    // The supervisor ends after its clean-up (about 3 s at worst); then it is killed.
    int status = 0;
    const auto give_up = after(4);
    pid_t r;
    while ((r = waitpid(supervisor_, &status, WNOHANG)) == 0 && Clock::now() < give_up) {
      const timespec tick{0, 5'000'000};
      nanosleep(&tick, nullptr);
    }
    if (r == 0) {
      kill(supervisor_, SIGKILL);
      while (waitpid(supervisor_, &status, 0) < 0 && errno == EINTR) {
      }
    }
    supervisor_ = -1;
    read_status();
    reaped_ = true;
    unregister_group(slot_);
    slot_ = -1;
    for (int* fd : {&in_, &out_, &err_, &st_}) {
      if (*fd >= 0) close(*fd);
      *fd = -1;
    }
  }

 private:
  // On the spawner thread.
  void start(std::vector<std::string> words) {
    int p[4][2];
    int made = 0;
    const auto undo = [&] {
      for (int i = 0; i < made; ++i) close(p[i][0]), close(p[i][1]);
    };
    for (; made < 4; ++made) {
      if (pipe2(p[made], O_CLOEXEC) != 0) {
        undo();
        throw Error(std::string("cannot make a pipe for the program: ") + std::strerror(errno));
      }
      p[made][0] = lift_fd(p[made][0]);
      p[made][1] = lift_fd(p[made][1]);
    }
    // Everything the children use is ready before the fork: they only make system calls.
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    const char* path = words.front().c_str();
    rlimit lim{};
    const int max_fd = getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY
                           ? static_cast<int>(std::min<rlim_t>(lim.rlim_cur, 1 << 20))
                           : 65536;
    const pid_t parent = getpid();
    const pid_t sup = fork();
    if (sup < 0) {
      undo();
      throw Error(std::string("cannot start the program: ") + std::strerror(errno));
    }
    if (sup == 0) supervise(path, argv.data(), p[0][0], p[1][1], p[2][1], p[3][1], parent, max_fd);
    supervisor_ = sup;
    close(p[0][0]);
    close(p[1][1]);
    close(p[2][1]);
    close(p[3][1]);
    in_ = p[0][1];
    out_ = p[1][0];
    err_ = p[2][0];
    st_ = p[3][0];
    set_nonblocking(in_);
    set_nonblocking(out_);
    set_nonblocking(err_);
    set_nonblocking(st_);
    // The program's id (= its process group) comes first on the status pipe.
    const auto deadline = Clock::now() + std::chrono::seconds(5);
    while (!have_pid_ && !supervisor_gone_) {
      pollfd fd{st_, POLLIN, 0};
      const int ms = ms_until(deadline);
      if (ms <= 0 || (poll(&fd, 1, ms) < 0 && errno != EINTR)) break;
      read_status();
    }
    if (!have_pid_) {
      stop(0);
      throw Error("cannot start the program (its supervisor did not report)");
    }
    if (!status_) slot_ = register_group(program_);
  }

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

std::string trim_copy(std::string_view s) {
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return "";
  return std::string(s.substr(b, s.find_last_not_of(" \t") - b + 1));
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
  c.command = trim_copy(rest.substr(0, comma));
  if (c.command.empty())
    throw Error("ext: needs a command to run, as in ext:\"python3 examples/bots/random_bot.py\"");
  if (c.command.size() > 4096) throw Error("ext: the command is longer than 4096 characters");
  if (c.command.find('\0') != std::string::npos) throw Error("ext: the command holds a NUL");
  rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  static const char* const kKeys = "time, on_error, fallback, stderr";
  while (!rest.empty() || comma != std::string_view::npos) {
    const auto next = rest.find(',');
    const std::string kv = trim_copy(rest.substr(0, next));
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
    write_all_raw(err_file, text.data(), text.size());
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
        {"cards", hello.game->cards ? hello.game->cards() : nlohmann::json::array()},
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
      if (game.evaluate_into)
        game.evaluate_into(w, eval_buf);
      else if (game.evaluate)
        eval_buf = game.evaluate(w);
      else
        eval_buf = w.scores();
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
std::string ExternalAgent::stderr_tail() const {
  return impl_->err_tail;
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
  for (auto& g : g_groups) {
    const int pgid = g.load(std::memory_order_relaxed);
    if (pgid > 0) kill(-pgid, SIGKILL);
  }
}

}  // namespace turf
