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
#include <cstring>
#include <exception>
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

[[noreturn]] void run_program(char* const argv[], int in_r, int out_w, int err_w, int st_w,
                              pid_t supervisor) {
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
  execve("/bin/sh", argv, environ);
  say_raw(2, "turf: cannot run /bin/sh\n");
  _exit(127);
}

[[noreturn]] void supervise(char* const argv[], int in_r, int out_w, int err_w, int st_w,
                            pid_t parent, int max_fd) {
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
  if (program == 0) run_program(argv, in_r, out_w, err_w, st_w, self);
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
  explicit BotProcess(const std::string& command) {
    std::string failure;
    const std::function<void()> job = [&] {
      try {
        start(command);
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
  void start(const std::string& command) {
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
    std::string sh = "/bin/sh", dash_c = "-c", cmd = shell_line(command);
    char* argv[] = {sh.data(), dash_c.data(), cmd.data(), nullptr};
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
    if (sup == 0) supervise(argv, p[0][0], p[1][1], p[2][1], p[3][1], parent, max_fd);
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

// ---------------------------------------------------------------------------------------------
// The agent

struct ExternalAgent::Impl {
  ExternalHello hello;
  ExternalConfig config;
  std::unique_ptr<BotProcess> process;
  Clock::time_point started;

  enum class Phase { kStarting, kReady, kFailed, kEnded };
  Phase phase = Phase::kStarting;
  std::string failure;
  std::unique_ptr<Agent> fallback;

  nlohmann::json pending = nlohmann::json::array();  // narration not yet sent
  int decisions = 0;

  std::string out_buf;
  std::size_t out_bytes = 0;  // since the last message that asks for an answer
  bool out_eof = false;

  std::string err_tail;
  int err_file = -1;
  std::size_t err_file_bytes = 0;
  bool err_line_start = true;

  // ---- stderr ----------------------------------------------------------------------------

  void on_stderr(const char* data, std::size_t n) {
    err_tail.append(data, n);
    if (err_tail.size() > 16384) err_tail.erase(0, err_tail.size() - 8192);
    if (err_file < 0 || err_file_bytes >= config.stderr_file_cap) return;
    std::string text;
    const std::string prefix = "[seat " + std::to_string(hello.seat + 1) + "] ";
    for (std::size_t i = 0; i < n; ++i) {
      if (err_line_start) text += prefix;
      text += data[i];
      err_line_start = data[i] == '\n';
    }
    if (err_file_bytes + text.size() > config.stderr_file_cap) {
      text.resize(config.stderr_file_cap - err_file_bytes);
      text += "\n[turf: the rest of this program's stderr is dropped (cap reached)]\n";
    }
    err_file_bytes += text.size();
    write_all_raw(err_file, text.data(), text.size());
  }

  // ---- logging and failure ----------------------------------------------------------------

  std::string who() const {
    const std::string name =
        hello.seat >= 0 && static_cast<std::size_t>(hello.seat) < hello.names.size()
            ? hello.names[static_cast<std::size_t>(hello.seat)]
            : "";
    return "seat " + std::to_string(hello.seat + 1) + (name.empty() ? "" : " (" + name + ")");
  }

  void log(const std::string& line) const {
    if (config.log)
      config.log(line);
    else
      std::fprintf(stderr, "turf: %s\n", line.c_str());
  }

  // The program failed: it is stopped, the log says why and what happens now.
  void fail(const std::string& what) {
    if (phase == Phase::kFailed) return;
    phase = Phase::kFailed;
    failure = what;
    const bool abort = config.on_error == OnBotError::kAbort;
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
      log("  seat " + std::to_string(hello.seat + 1) + " stderr: " + *it);
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
        if (phase != Phase::kFailed) fail(ended_text() + " " + waiting_for);
        return false;
      }
      if (out_eof) {
        fail(ended_text() + " " + waiting_for);
        return false;
      }
      const int ms = ms_until(deadline);
      if (ms <= 0) {
        fail(std::string(written < message.size() ? "the program did not read its input"
                                                  : "no answer") +
             " within " + seconds_text(allowed) + " " + waiting_for);
        return false;
      }
      pollfd fds[4] = {{process->status_fd(), POLLIN, 0},
                       {process->out(), POLLIN, 0},
                       {process->err(), POLLIN, 0},
                       {written < message.size() ? process->in() : -1, POLLOUT, 0}};
      if (poll(fds, 4, ms) < 0 && errno != EINTR) {
        fail(std::string("cannot wait for the program: ") + std::strerror(errno));
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
          fail(ended_text("the program closed its standard input") + " " + waiting_for);
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
           " KiB on stdout for one answer");
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
             " KiB on stdout");
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

  // Parses a line as a JSON object of the given type; fail()s and returns nullopt otherwise.
  std::optional<nlohmann::json> parse_message(const std::string& line, const char* type,
                                              const std::string& context) {
    nlohmann::json j;
    if (json_depth(line) <= 8) j = nlohmann::json::parse(line, nullptr, false);
    if (json_depth(line) > 8 || j.is_discarded() || !j.is_object()) {
      fail("the program wrote " + shown(line) + ", which is not a JSON object, " + context);
      return std::nullopt;
    }
    const auto t = j.find("type");
    if (t == j.end() || !t->is_string() || *t != type) {
      fail("the program wrote " + shown(line) + " " + context + "; expected a message of type '" +
           type + "'");
      return std::nullopt;
    }
    return j;
  }

  // Waits for "ready" once. False when the program failed.
  bool ensure_ready() {
    if (phase == Phase::kReady) return true;
    if (phase != Phase::kStarting) return false;
    if (!process) return false;
    std::string line;
    if (!exchange("", &line, start_allowance(), "before it said ready", started)) return false;
    const auto j = parse_message(line, "ready", "in answer to hello");
    if (!j) return false;
    const auto v = j->find("version");
    if (v == j->end() || !v->is_number_integer() || *v != kBotProtocolVersion) {
      fail("the program speaks protocol version " +
           (v == j->end() ? std::string("(none given)") : sanitize_text(v->dump(), 20)) +
           "; this turf speaks version " + std::to_string(kBotProtocolVersion));
      return false;
    }
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
           before + ")");
      return false;
    }
    out_buf.clear();
    return true;
  }

  void start() {
    started = Clock::now();
    if (!config.stderr_path.empty()) {
      err_file = open(config.stderr_path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
      if (err_file < 0)
        throw Error("ext bot: cannot open '" + config.stderr_path +
                    "' for its stderr: " + std::strerror(errno));
    }
    try {
      process = std::make_unique<BotProcess>(config.command);
    } catch (const Error& e) {
      fail(std::string("the program could not be started: ") + e.what());
      return;
    }
    nlohmann::json names = nlohmann::json::array();
    for (const auto& n : hello.names) names.push_back(n);
    const nlohmann::json msg = {
        {"type", "hello"},
        {"protocol", kBotProtocol},
        {"version", kBotProtocolVersion},
        {"engine", kEngineVersion},
        {"game", hello.game->id},
        {"title", hello.game->title},
        {"rules_version", hello.game->rules_version},
        {"options", hello.options.values()},
        {"seat", hello.seat},
        {"names", names},
        {"time_ms", std::llround(config.decision_seconds * 1000)},
        {"start_ms", std::llround(start_allowance() * 1000)},
        {"limits", {{"line_bytes", config.max_line}, {"answer_bytes", config.max_output}}},
        {"cards", hello.game->cards ? hello.game->cards() : nlohmann::json::array()},
    };
    exchange(msg.dump() + "\n", nullptr, start_allowance(), "while it was sent its hello", started);
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
      throw ExternalBotFailure("the bot of " + m.who() + " failed: " + m.failure +
                               "; the match is aborted");
  };
  if (!view.legal().empty() && view.legal().front().label.empty())
    throw std::logic_error("ExternalAgent::choose needs a labelled view (wants_narration)");
  if (m.phase == Impl::Phase::kReady || m.phase == Impl::Phase::kStarting) {
    ++m.decisions;
    const std::string at = "at its decision " + std::to_string(m.decisions) + " (move " +
                           std::to_string(view.move_number() + 1) + ")";
    if (m.ensure_ready() && m.quiet_since_last_answer("before " + at.substr(3))) {
      nlohmann::json msg = {
          {"type", "decide"},           {"decision", m.decisions},
          {"move", view.move_number()}, {"time_ms", std::llround(m.config.decision_seconds * 1000)},
          {"view", view.to_json()},     {"narration", std::move(m.pending)}};
      m.pending = nlohmann::json::array();
      m.out_bytes = 0;
      std::string line;
      if (m.exchange(msg.dump() + "\n", &line, m.config.decision_seconds, at)) {
        if (const auto j = m.parse_message(line, "action", at)) {
          const auto id = j->find("id");
          const auto echo = j->find("decision");
          if (echo != j->end() && *echo != m.decisions) {
            m.fail("the program wrote " + shown(line) + " " + at +
                   ": an answer to another decision");
          } else if (id == j->end() || !id->is_number_integer()) {
            m.fail("the program wrote " + shown(line) + " " + at +
                   "; an action message needs an integer \"id\"");
          } else {
            const auto& legal = view.legal();
            const auto it = std::find_if(legal.begin(), legal.end(),
                                         [&](const LegalAction& la) { return *id == la.id; });
            if (it != legal.end()) return it->id;
            m.fail("the program answered id " + shown(id->dump(), 24) + " " + at +
                   ", which is not one of the legal action ids");
          }
        }
      }
    }
  }
  if (m.phase == Impl::Phase::kFailed) abort_if_asked();
  return m.play_fallback(view);
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
  const State& s = match.state();
  nlohmann::json r = {{"scores", s.scores()}, {"ranking", s.ranking()}};
  if (const auto& words = match.game().result_words) {
    const View v = match.view(kOmniscient, false);
    nlohmann::json w = nlohmann::json::array();
    for (Seat seat = 0; seat < s.num_seats(); ++seat) w.push_back(words(v, seat));
    r["words"] = std::move(w);
  }
  return r;
}

void kill_external_bots() noexcept {
  for (auto& g : g_groups) {
    const int pgid = g.load(std::memory_order_relaxed);
    if (pgid > 0) kill(-pgid, SIGKILL);
  }
}

}  // namespace turf
