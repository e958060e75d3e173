// Running independent work items on several threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <exception>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace turf {

// Starts threads running fn(t) for t = 1, 2, ... up to `threads` - 1 (the caller is thread 0)
// into `pool`, and returns how many threads work in all, the caller included. When the system
// cannot start one (out of threads, or of memory: std::system_error or std::bad_alloc), it stops
// there, lets half of those it started go without work (joined at once, which frees their
// stacks: the threads had taken the last of the memory, and the work needs some to run in) and
// warns on stderr with `what` ("mcts"; empty for none); with glibc, it also stops making malloc
// arenas beyond two (each reserves 64 MiB of address space). No thread calls fn before the count is
// settled. The pool holds std::jthread, so the threads are joined however the caller leaves, an
// exception included (a std::thread left joinable would end the process).
template <class F>
int start_threads(std::vector<std::jthread>& pool, int threads, F& fn, const char* what = "") {
  // -1 while threads are being started, then how many work (the caller included).
  auto working = std::make_shared<std::atomic<int>>(-1);
  auto body = [working, &fn](int t) {
    working->wait(-1);
    if (t < working->load()) fn(t);
  };
  int t = 1;
  bool short_of = false;
  try {
    pool.reserve(static_cast<std::size_t>(std::max(threads - 1, 0)));
    for (; t < threads; ++t) pool.emplace_back(body, t);
  } catch (const std::exception&) {
    short_of = true;
  }
  const int n = short_of ? std::max(1, t / 2) : t;
#ifdef __GLIBC__
  // Short of memory (an address-space limit, ulimit -v): each further malloc arena a thread makes
  // reserves 64 MiB of address space, and those reservations, not the work, would run out first
  // (a yard lab run under 300 MB aborted 2 times in 5 without this, 0 in 6 with it).
  if (short_of) mallopt(M_ARENA_MAX, 2);
#endif
  working->store(n);
  working->notify_all();
  while (static_cast<int>(pool.size()) > n - 1) pool.pop_back();  // joins those left without work
  if (short_of)
    std::fprintf(stderr, "warning: %s%scould start only %d of %d threads; going on with %d\n", what,
                 *what ? " " : "", t, threads, n);
  return n;
}

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
  if (static_cast<long>(threads) > count) threads = static_cast<int>(std::max(1L, count));
  auto worker = [&](int) { work(); };
  {
    std::vector<std::jthread> pool;
    start_threads(pool, threads, worker);
    work();
  }  // joined here
  if (failure) std::rethrow_exception(failure);
}

}  // namespace turf
