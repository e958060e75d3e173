// Running independent work items on several threads.
#pragma once

#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace turf {

// Calls fn(i) for every i in [0, count) on `threads` threads (the calling thread included),
// handing out indices in increasing order. The first exception thrown by any call stops the
// handing out; it is rethrown here once every thread has stopped.
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
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace turf
