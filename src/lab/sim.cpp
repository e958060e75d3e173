#include "lab/sim.h"

#include "bots/agent.h"
#include "core/match.h"

namespace turf::lab {

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

}  // namespace turf::lab
