// A progress bar with ETA on stderr, drawn only when stderr is a terminal. Thread-safe.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>

namespace turf::cli {

class Progress {
 public:
  explicit Progress(long total, long already = 0)
      : total_(total), already_(already), start_(Clock::now()), on_(isatty(STDERR_FILENO) == 1) {}
  // `done`: games finished in this run (not counting those already done before it).
  void update(long done) {
    if (!on_) return;
    std::lock_guard<std::mutex> lock(mutex_);
    const auto now = Clock::now();
    const long all = already_ + done;
    if (all < total_ && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    const double secs = std::chrono::duration<double>(now - start_).count();
    const double rate = done / std::max(secs, 1e-9);
    const double eta = rate > 0 ? static_cast<double>(total_ - all) / rate : 0;
    const int width = 30;
    const int fill = static_cast<int>(width * all / std::max(1L, total_));
    std::fprintf(stderr, "\r[%s%s] %ld/%ld  %.1f games/s  ETA %s   ",
                 std::string(fill, '#').c_str(), std::string(width - fill, '.').c_str(), all,
                 total_, rate, clock_text(eta).c_str());
    if (all == total_) std::fprintf(stderr, "\n");
    std::fflush(stderr);
  }

 private:
  using Clock = std::chrono::steady_clock;
  static std::string clock_text(double s) {
    const long t = static_cast<long>(s + 0.5);
    char buf[32];
    if (t >= 3600)
      std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else
      std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
    return buf;
  }
  long total_, already_;
  Clock::time_point start_, last_{};
  bool on_;
  std::mutex mutex_;
};

}  // namespace turf::cli
