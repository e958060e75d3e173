// Latency histograms of `turf serve` (GET /api/stats with --stats; turf serve-load reports them):
// log-spaced buckets (8 a doubling, about 9 % wide) from 1 µs to about 2 minutes, counted with
// relaxed atomics so that any thread may record and the I/O thread may read.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace turf::server {

class Histogram {
 public:
  static constexpr int kBuckets = 216;  // 2^(216/8) µs = 2^27 µs ≈ 134 s

  void record(std::chrono::steady_clock::duration d) {
    const double us = std::chrono::duration<double, std::micro>(d).count();
    counts_[static_cast<std::size_t>(index(us))].fetch_add(1, std::memory_order_relaxed);
  }
  std::vector<std::uint64_t> snapshot() const {
    std::vector<std::uint64_t> out(kBuckets);
    for (int i = 0; i < kBuckets; ++i) out[i] = counts_[i].load(std::memory_order_relaxed);
    return out;
  }

  static int index(double us) {
    if (!(us >= 1.0)) return 0;
    const int i = static_cast<int>(std::floor(8.0 * std::log2(us)));
    return i >= kBuckets ? kBuckets - 1 : i;
  }
  // The middle of bucket i in milliseconds (its geometric mean).
  static double bucket_ms(int i) { return std::exp2((i + 0.5) / 8.0) / 1000.0; }

  // count, mean, p50, p90, p99 and max (ms) of bucket counts.
  static nlohmann::json summary(const std::vector<std::uint64_t>& counts) {
    std::uint64_t n = 0;
    double sum = 0;
    int top = -1;
    for (int i = 0; i < static_cast<int>(counts.size()); ++i) {
      n += counts[i];
      sum += static_cast<double>(counts[i]) * bucket_ms(i);
      if (counts[i]) top = i;
    }
    auto pct = [&](double p) {
      if (n == 0) return 0.0;
      const auto rank = static_cast<std::uint64_t>(std::ceil(p * static_cast<double>(n)));
      std::uint64_t seen = 0;
      for (int i = 0; i < static_cast<int>(counts.size()); ++i) {
        seen += counts[i];
        if (seen >= rank && counts[i]) return bucket_ms(i);
      }
      return bucket_ms(top);
    };
    auto r = [](double v) { return std::round(v * 1000.0) / 1000.0; };
    return {{"n", n},
            {"mean_ms", r(n ? sum / static_cast<double>(n) : 0.0)},
            {"p50_ms", r(pct(0.50))},
            {"p90_ms", r(pct(0.90))},
            {"p99_ms", r(pct(0.99))},
            {"max_ms", r(top >= 0 ? bucket_ms(top) : 0.0)}};
  }

 private:
  std::array<std::atomic<std::uint64_t>, kBuckets> counts_{};
};

// The stages of an action from its frame's arrival to its state frames leaving
// (docs/performance.md).
struct ServerStats {
  Histogram
      wait;  // frame read → the table takes it (it waits while the table's write is in flight)
  Histogram apply;        // validated and applied to the Match (narration of the viewers included)
  Histogram frames;       // state frames built for every connection of the table
  Histogram queued;       // write queued → the writer thread starts its transaction
  Histogram commit;       // the writer's transaction (its batch), COMMIT and its fsync included
  Histogram fsync;        // the COMMIT statement alone (the WAL write and its fsync)
  Histogram batch;        // writes per transaction (recorded as µs: 1 write = 1 µs)
  Histogram hop;          // commit done → the I/O thread runs the completion
  Histogram server;       // frame read → its state frames handed to the connections
  Histogram socket;       // a frame handed to a connection → written to its socket
  Histogram checkpoint;   // a WAL checkpoint pass (on its own thread)
  Histogram wcheckpoint;  // a checkpoint the writer had to run itself (the other fell behind)

  // Every histogram's bucket counts (a client subtracts two snapshots to get a window).
  nlohmann::json raw() const {
    nlohmann::json out = nlohmann::json::object();
    auto add = [&](const char* name, const Histogram ServerStats::*h) {
      out[name] = (this->*h).snapshot();
    };
    add("wait", &ServerStats::wait);
    add("apply", &ServerStats::apply);
    add("frames", &ServerStats::frames);
    add("queued", &ServerStats::queued);
    add("commit", &ServerStats::commit);
    add("fsync", &ServerStats::fsync);
    add("batch", &ServerStats::batch);
    add("hop", &ServerStats::hop);
    add("server", &ServerStats::server);
    add("socket", &ServerStats::socket);
    add("checkpoint", &ServerStats::checkpoint);
    add("wcheckpoint", &ServerStats::wcheckpoint);
    return out;
  }
};

// The process's stage histograms.
inline ServerStats& server_stats() {
  static ServerStats s;
  return s;
}

}  // namespace turf::server
