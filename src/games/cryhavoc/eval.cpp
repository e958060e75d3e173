// The Cry Havoc evaluation for bots: each seat's VP now plus what its position is likely to add
// before the end — crystals it holds at the scorings still to come (the Trogs' half), the
// enabler's region points, prisoners scoring each round, battles about to be fought, and a small
// value for units on the map and cards in hand (they turn into points later).
#include <algorithm>

#include "games/cryhavoc/game.h"
#include "games/cryhavoc/kernel.h"

namespace turf::cryhavoc {

namespace {
// Chance that a round other than the last is scored (someone enables scoring): about 0.6 in
// random games; bots enable it more often.
constexpr double kScoringChance = 0.7;
constexpr double kUnitValue = 0.4;  // a unit on the map: battles, control, kills to come
constexpr double kCardValue = 0.3;  // a card in hand: movement, recruits, a tactic
}  // namespace

void evaluate_into(const State& state, std::vector<double>& v) {
  const Position& p = dynamic_cast<const CryHavocState&>(state).position();
  const Public& pub = p.pub;
  v.clear();
  for (int s = 0; s < pub.players; ++s) v.push_back(pub.seats[s].vp);
  if (pub.over) return;
  // Scorings still to come, counting this round's.
  const bool actions_left = pub.battle.region == kNone && pub.step != Step::kBuyBack;
  double this_round = 0;
  if (last_round(pub) || pub.scoring_by != kNone)
    this_round = 1;
  else if (actions_left)
    this_round = kScoringChance * (kActionsPerRound - pub.action_round) / kActionsPerRound;
  const int later = rounds_after(pub);  // the last round always scores
  const double scorings = this_round + (later > 0 ? 1 + kScoringChance * (later - 1) : 0);
  const int prisoner_phases = later + (pub.step == Step::kBuyBack ? 0 : 1);
  const int n = map_of(p).num_regions;
  for (int s = 0; s < pub.players; ++s) {
    const int f = pub.seats[s].faction;
    v[s] += scorings * crystal_points(p, f);
    if (pub.scoring_by == s && !last_round(pub)) v[s] += regions_controlled(p, f);
    int held = 0;
    for (int g = 0; g < kFactions; ++g) held += pub.prisoners[f][g];
    v[s] += held * prisoner_phases;
    int units = 0;
    for (int r = 0; r < n; ++r) units += pub.regions[r].units[f];
    v[s] += kUnitValue * units + kCardValue * pub.seats[s].hand;
  }
  // Battles still to fight: the stronger side is likely to take the region and its 2 VP.
  for (int r = 0; r < n; ++r) {
    const RegionState& R = pub.regions[r];
    if (!R.battle || r == pub.battle.region) continue;
    const int a = R.attacker, d = enemy_faction_in(p, r, a);
    if (d == kNone) continue;
    const int win = R.units[a] > R.units[d] ? a : d;
    const int seat = pub.faction_seat[win];
    if (seat != kNone) v[seat] += 2 + scorings * (R.crystals + 1) * (win == kTrogs ? 0.5 : 1.0);
    const int lose = win == a ? d : a;
    const int ls = pub.faction_seat[lose];
    if (ls != kNone && R.control == lose) v[ls] -= scorings * R.crystals;
  }
}

}  // namespace turf::cryhavoc
