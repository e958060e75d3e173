// Reading /proc in tests that run beside others (ctest -j): a process listed a moment ago may
// have exited by the time its files are read, and then open() fails with ENOENT or read() with
// ESRCH (std::ifstream turns the latter into an exception). These readers say "gone" instead.
#pragma once

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace turf::procfs {

// The whole of a /proc file, or nothing when it cannot be read (the process is gone).
inline std::optional<std::string> read_proc_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string text;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      text.append(buf, static_cast<std::size_t>(n));
    } else if (n == 0) {
      break;
    } else if (errno != EINTR) {
      ::close(fd);
      return std::nullopt;
    }
  }
  ::close(fd);
  return text;
}

struct ProcStat {
  int pid = 0, ppid = 0, pgid = 0;
  char state = '?';
  unsigned long long utime = 0, stime = 0;  // clock ticks
};

// /proc/PID/stat, parsed after the command name (which may hold spaces and parentheses).
inline std::optional<ProcStat> read_proc_stat(int pid) {
  const auto text = read_proc_file("/proc/" + std::to_string(pid) + "/stat");
  if (!text) return std::nullopt;
  const auto close = text->rfind(')');
  if (close == std::string::npos || close + 2 > text->size()) return std::nullopt;
  ProcStat s;
  s.pid = pid;
  // Fields 3.. (state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime
  // stime ...), proc(5).
  unsigned long long skip = 0;
  const int got = std::sscanf(text->c_str() + close + 2,
                              "%c %d %d %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
                              &s.state, &s.ppid, &s.pgid, &skip, &skip, &skip, &skip, &skip, &skip,
                              &skip, &skip, &s.utime, &s.stime);
  if (got < 3) return std::nullopt;
  return s;
}

// Every process the kernel lists now, skipping those that exit while they are read.
inline std::vector<ProcStat> all_processes() {
  std::vector<ProcStat> out;
  DIR* d = ::opendir("/proc");
  if (!d) return out;
  while (dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    if (auto s = read_proc_stat(std::stoi(name))) out.push_back(*s);
  }
  ::closedir(d);
  return out;
}

}  // namespace turf::procfs
