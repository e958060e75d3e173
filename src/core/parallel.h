// Running independent work items on several threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace turf {

// Calls fn(i) for every i in [0, count) on `threads` threads (the calling thread included),
// handing out indices in increasing order. The first exception thrown by any call stops the
// handing out; it is rethrown here once every thread has stopped. At most `count` threads are
// used; when the system cannot start as many as asked, a warning goes to stderr and the work
// runs on fewer.
template <class F>
void parallel_for(long count, int threads, F&& fn) {
  std::atomic<long> next{0};
  std::exception_ptr failure;
  std::mutex mutex;
  auto work = [&] {
    try {
      for (long i; (i = next.fetch_add(1)) < count;) fn(i);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      if (!failure) failure = std::current_exception();
      next = count;
    }
  };
  std::vector<std::thread> pool;
  if (static_cast<long>(threads) > count) threads = static_cast<int>(std::max(1L, count));
  for (int t = 1; t < threads; ++t) {
    try {
      pool.emplace_back(work);
    } catch (const std::system_error&) {  // out of memory or of threads: go on with fewer
      std::fprintf(stderr, "warning: could start only %d of %d threads; going on with %d\n", t,
                   threads, t);
      break;
    }
  }
  work();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace turf
