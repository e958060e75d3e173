// The dungeon evaluation for bots: each seat's points now, plus what its unplayed monsters are
// still likely to add, minus what its exposed monsters are likely to lose.
#include "games/dungeon/game.h"

namespace turf::dungeon {

namespace {
// Points a monster played later is worth on average (measured: mean points per monster in
// random games is about 4; a later monster finds a bigger dungeon but fewer free junctions).
constexpr double kUnplayedMonster = 3.0;
// Share of an exposed monster's points lost when the rival still holds the type that beats it.
constexpr double kExposure = 0.35;
}  // namespace

void evaluate_into(const State& state, std::vector<double>& v) {
  const Position& p = dynamic_cast<const DungeonState&>(state).position();
  const auto pts = score(p);
  v.assign({static_cast<double>(pts[0]), static_cast<double>(pts[1])});
  if (p.over()) return;
  const auto& beats = content_of(p).beats;
  // Monster types each seat has not yet played (hand + deck, known by elimination).
  std::array<std::array<int, kNumTypes>, kSeats> left{};
  for (int s = 0; s < kSeats; ++s)
    for (int t = 0; t < kNumTypes; ++t) left[s][t] = content_of(p).monsters[t].per_deck;
  for (int m = 0; m < p.num_monsters; ++m) --left[p.monsters[m].owner][p.monsters[m].type];
  for (int s = 0; s < kSeats; ++s) {
    int unplayed = 0;
    for (int t = 0; t < kNumTypes; ++t) unplayed += left[s][t];
    v[s] += kUnplayedMonster * unplayed;
  }
  // A top monster the rival can still cover loses part of its lines in expectation.
  for (int t = 0; t < p.num_tiles; ++t) {
    if (p.tiles[t].top == kNone) continue;
    const PlayedMonster& m = p.monsters[p.tiles[t].top];
    const int rival = 1 - m.owner;
    bool threatened = false;
    for (int k = 0; k < kNumTypes; ++k) threatened |= beats[k][m.type] && left[rival][k] > 0;
    if (!threatened) continue;
    const int lines = passage_length(p, t, 0) + passage_length(p, t, 1);
    v[m.owner] -= kExposure * lines;
  }
}

}  // namespace turf::dungeon
