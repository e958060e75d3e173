#include "bots/process.h"

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
#include <condition_variable>
#include <cstring>
#include <exception>
#include <mutex>
#include <thread>

#include "core/game.h"

extern char** environ;

namespace turf::process {

namespace {

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

int lift_fd(int fd) {  // keeps 0, 1 and 2 free for the program's own
  if (fd < 0 || fd > 2) return fd;
  const int high = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  close(fd);
  return high;
}

void set_nonblocking(int fd) {
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

}  // namespace

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

void write_all(int fd, const void* data, std::size_t n) {
  write_all_raw(fd, data, n);
}

void kill_all_groups() noexcept {
  for (auto& g : g_groups) {
    const int pgid = g.load(std::memory_order_relaxed);
    if (pgid > 0) kill(-pgid, SIGKILL);
  }
}

// ---------------------------------------------------------------------------------------------
// One running program (its supervisor, pipes and process group).

BotProcess::BotProcess(const std::vector<std::string>& argv) {
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

BotProcess::~BotProcess() {
  stop(0.2);
}

void BotProcess::read_status() {
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

void BotProcess::signal_group(int sig) {
  if (!reaped_ && program_ > 0) kill(-program_, sig);
}

void BotProcess::close_stdin() {
  if (in_ >= 0) close(in_);
  in_ = -1;
}

bool BotProcess::wait_reaped(Clock::time_point deadline,
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

void BotProcess::stop(double grace, const std::function<void(const char*, std::size_t)>& on_err) {
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

// On the spawner thread.
void BotProcess::start(std::vector<std::string> words) {
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

}  // namespace turf::process
