#include "lab/sim.h"

#include <exception>
#include <mutex>
#include <thread>

#include "bots/agent.h"
#include "core/match.h"

namespace turf::lab {

GameResult play_one(const SimConfig& config, long index) {
  GameResult r =
      play_game(*config.game, config.options, config.seats,
                mix_seed(config.seed, static_cast<std::uint64_t>(index)), config.keep_records);
  r.index = index;
  return r;
}

GameResult play_game(const GameInfo& game, const Options& options,
                     const std::vector<std::string>& specs, std::uint64_t seed, bool keep_record) {
  std::vector<SeatInfo> seats;
  std::vector<std::unique_ptr<Agent>> agents;
  for (std::size_t s = 0; s < specs.size(); ++s) {
    seats.push_back({specs[s], specs[s]});
    agents.push_back(make_bot(specs[s], mix_seed(seed, s + 1)));
  }
  Match m(game, options, seed, std::move(seats));
  while (!m.over()) {
    const Seat s = m.state().to_move();
    m.apply(agents[s]->choose(m.view(s, false)));
  }
  GameResult r;
  r.seed = seed;
  r.scores = m.state().scores();
  r.ranking = m.state().ranking();
  r.length = static_cast<int>(m.history().size());
  if (game.seat_attributes)
    for (Seat s = 0; s < m.state().num_seats(); ++s)
      r.attributes.push_back(game.seat_attributes(m.state(), s));
  if (game.counters) r.counters = game.counters(m.state());
  if (keep_record) r.record = m.record().dump();
  return r;
}

std::vector<GameResult> simulate(const SimConfig& config,
                                 const std::function<void(long done)>& progress) {
  if (static_cast<int>(config.seats.size()) != config.options.players())
    throw Error(config.game->id + " with players=" + std::to_string(config.options.players()) +
                " needs " + std::to_string(config.options.players()) + " seats, not " +
                std::to_string(config.seats.size()));
  for (const auto& s : config.seats) make_bot(s, 0);  // validates every spec up front
  std::vector<GameResult> results(static_cast<std::size_t>(config.games));
  std::atomic<long> next{0}, done{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto work = [&] {
    try {
      for (long i; (i = next.fetch_add(1)) < config.games;) {
        results[static_cast<std::size_t>(i)] = play_one(config, config.first + i);
        const long d = done.fetch_add(1) + 1;
        if (progress) progress(d);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = config.games;  // stop the other workers
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < config.threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return results;
}

}  // namespace turf::lab
