#include "lab/sim.h"

#include "table/table.h"

namespace turf::lab {

GameResult play_game(const GameInfo& game, const Options& options,
                     const std::vector<std::string>& specs, std::uint64_t seed, bool keep_record) {
  std::vector<SeatInfo> seats;
  for (const auto& spec : specs) seats.push_back({spec, spec});
  // The agents' seeds follow the match seed (table::SeedRule::kFromMatch): a game's result
  // depends only on its seed. The specs were checked against the command line's limits when the
  // experiment was read.
  table::Table t(Match(game, options, seed, std::move(seats)), {});
  while (t.play_bot()) {
  }
  const Match& m = t.match();
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
