// Cry Havoc: the observation tensor of a seat's view (issue 26; docs/api.md), and the size of the
// action space. Built from the CryHavocView alone: the public position, the known bottoms of the
// terrain decks and the viewer's private knowledge (its hand, what is left in its deck, the
// cards of a Draw 2 keep 1). Factions keep their own blocks (0 Humans, 1 Machines, 2 Pilgrims,
// 3 Trogs) with the seat that plays each one relative to the observer (0 = me); regions are
// numbered in the order of data/cryhavoc/maps.json for the map of the player count, card defs in
// the order of data/cryhavoc/cards.json, skills as in the action ids (faction * 5 + k, 20 +
// faction).
#include <array>

#include "core/observation.h"
#include "core/view.h"
#include "games/cryhavoc/game.h"

namespace turf::cryhavoc {

namespace {

constexpr int kVersion = 1;
constexpr int kSteps = static_cast<int>(Step::kOver) + 1;
constexpr int kStatus = 13;
constexpr int kRegionFeatures = 4 + 4 + 1 + 1 + 4 + 1 + 2 + 1 + 1 + 4 + 1 + 1 + 1 + kStructIds + 1;

struct Layout {
  ObsSpec spec;
  int players = 0, regions = 0, cards = 0;
  int status, step, my_faction, factions, regions_at, battle, tokens, mine;
  int faction_size = 0;
  // Offsets in a faction block.
  int f_seat = 0, f_counts = 0, f_built = 0, f_skills = 0, f_prisoners = 0, f_order = 0,
      f_discard = 0, f_known = 0;
};

Layout make_layout(int players) {
  const Content& c = content();  // sizes only: a variant keeps every list's length
  Layout l;
  l.players = players;
  l.regions = c.map_for(players).num_regions;
  l.cards = static_cast<int>(c.cards.size());
  const int P = players, R = l.regions, D = l.cards;
  ObsBuilder b(kVersion);
  l.status = b.add("status", kStatus,
                   "my turn; game over; round; action round; points left in the current action; "
                   "the action running (move, recruit, build); scoring enabled this round; the "
                   "Trogs are neutral; Move It, Move It this turn; Nuclear Battery points; a "
                   "card-icon draw was taken this action",
                   "0 or 1; round / 5; action round / 3; points / 10 (clipped); one-hot; 0 or 1; "
                   "battery / 3 (clipped); 0 or 1");
  l.step = b.add("step", kSteps,
                 "the decision being made, by whoever decides (the Step list of "
                 "src/games/cryhavoc/rules.h, in order)",
                 "one-hot");
  l.my_faction = b.add("my_faction", kFactions, "the faction I play", "one-hot");
  l.f_seat = 0;
  l.f_counts = P + 1;
  l.f_built = l.f_counts + 7;
  l.f_skills = l.f_built + kStructTypes;
  l.f_prisoners = l.f_skills + kSkillIds + 1;
  l.f_order = l.f_prisoners + kFactions;
  l.f_discard = l.f_order + 2;
  l.f_known = l.f_discard + D;
  l.faction_size = l.f_known + D;
  l.factions = b.add("factions", kFactions * l.faction_size,
                     "per faction (Humans, Machines, Pilgrims, Trogs): the seat playing it "
                     "(relative, me first), neutral; VP, cards in hand, cards in deck, cards in "
                     "discard, units in reserve, crystals in store, terrain cards only its seat "
                     "can name; structures built per kind (5); skills held (by skill id), skills "
                     "exhausted; prisoners it holds per captive faction; place on the initiative "
                     "track and on the upcoming track; its discard pile per card def; cards in "
                     "its hand and deck known to all per card def",
                     "one-hot; VP / 40 (clipped); hand / 10, deck / 20, discard / 20, reserve / "
                     "20, store / 10, secret / 5 (clipped); count / 3; 0 or 1; count / 3; "
                     "count / 5 (clipped); place / 3; count / 4 (clipped)");
  l.regions_at = b.add("regions", R * kRegionFeatures,
                       "per region: units per faction (4); the Control token's faction; crystals; "
                       "battle token; the attacking faction; an Exploration token; a face-down "
                       "War Party, Nest; Artillery; Watchtower; whose HQ it is; units that "
                       "stopped there this move; entered this action; a candidate for the "
                       "current ordering choice; structures (by structure id); cards on its "
                       "Matrix",
                       "units / 8 (clipped); one-hot; crystals / 4 (clipped); token / 8; "
                       "one-hot; 0 or 1; 0 or 1; one-hot; 0 or 1; matrix / 3");
  l.battle = b.add("battle", 1 + R + 2 * kFactions + 12 + 4 + 2,
                   "the battle being resolved: active; its region; attacker and defender "
                   "factions; units per side and objective (Region Control, Capture Prisoners, "
                   "Attrition), then strength per side and objective; the side to play tactics, "
                   "each side has passed; I am the attacker, the defender",
                   "0 or 1; one-hot; units / 8, strength / 8 (clipped); 0 or 1");
  l.tokens = b.add("tokens", kEventSpots + kTerrains * 2 + 3,
                   "face-down event tokens per space; cards left in each terrain deck (Mountain, "
                   "Desert, Jungle, Ocean), cards known at its bottom; events, Exploration "
                   "tokens and War Parties revealed so far",
                   "count / 3 (clipped); count / 8; count / 6, / 12, / 12");
  l.mine = b.add("mine", 3 * D,
                 "what only I know: my hand per card def, what is left in my deck per card def, "
                 "the cards of my Draw 2 keep 1",
                 "count / 3 (clipped); count / 3 (clipped); count / 2");
  l.spec = b.spec();
  return l;
}

using Layouts = ObsLayouts<Layout, make_layout, 2, kMaxSeats>;

void observe(const View& view, float* out) {
  const Seat me = observing_seat(view);
  const auto& v = view.as<CryHavocView>();
  const Public& pub = v.pub;
  const int P = pub.players;
  const Layout& l = Layouts::of(P);
  ObsWriter w(out, l.spec.size);
  const auto rel = [&](int s) { return relative_seat(s, me, P); };

  w.flag(l.status + 0, view.my_turn());
  w.flag(l.status + 1, pub.over);
  w.scaled(l.status + 2, pub.round, kRounds);
  w.scaled(l.status + 3, pub.action_round, kActionsPerRound);
  w.scaled(l.status + 4, pub.points, 10);
  if (pub.step == Step::kMove || pub.step == Step::kRecruit || pub.step == Step::kBuild ||
      pub.step == Step::kBuildWhere)
    w.one_hot(l.status + 5, 3, pub.action_kind);
  w.flag(l.status + 8, pub.scoring_by != kNone);
  w.flag(l.status + 9, pub.trogs_neutral);
  w.flag(l.status + 10, pub.move_bonus);
  w.scaled(l.status + 11, pub.action_bonus, 3);
  w.flag(l.status + 12, pub.drew_asterisk);
  w.one_hot(l.step, kSteps, static_cast<int>(pub.step));
  w.one_hot(l.my_faction, kFactions, pub.seats[me].faction);

  std::array<int, kMaxSeats> rank{}, upcoming{};
  for (int i = 0; i < P; ++i) {
    if (pub.initiative[i] < kMaxSeats) rank[pub.initiative[i]] = i;
    if (pub.upcoming[i] < kMaxSeats) upcoming[pub.upcoming[i]] = i;
  }
  for (int f = 0; f < kFactions; ++f) {
    const int at = l.factions + f * l.faction_size;
    const int seat = pub.faction_seat[f];
    w.scaled(at + l.f_counts + 4, pub.reserve[f], 20);
    for (int captive = 0; captive < kFactions; ++captive)
      w.scaled(at + l.f_prisoners + captive, pub.prisoners[f][captive], 5);
    if (seat == kNone || seat >= P) {
      w.set(at + l.f_seat + P, 1.0f);
      continue;
    }
    const SeatState& st = pub.seats[seat];
    w.one_hot(at + l.f_seat, P, rel(seat));
    w.scaled(at + l.f_counts + 0, st.vp, 40);
    w.scaled(at + l.f_counts + 1, st.hand, 10);
    w.scaled(at + l.f_counts + 2, st.deck, 20);
    w.scaled(at + l.f_counts + 3, st.discard_n, 20);
    w.scaled(at + l.f_counts + 5, st.store, 10);
    int secret = 0;
    for (auto n : st.secret) secret += n;
    w.scaled(at + l.f_counts + 6, secret, 5);
    for (int t = 0; t < kStructTypes; ++t) w.scaled(at + l.f_built + t, st.built[t], kStructTokens);
    int exhausted = 0;
    for (int i = 0; i < st.num_skills && i < kMaxSkills; ++i) {
      w.one_hot(at + l.f_skills, kSkillIds, st.skills[i]);
      exhausted += (st.exhausted >> i) & 1;
    }
    w.scaled(at + l.f_skills + kSkillIds, exhausted, kMaxSkills);
    w.scaled(at + l.f_order + 0, rank[seat], 3);
    w.scaled(at + l.f_order + 1, upcoming[seat], 3);
    for (int i = 0; i < st.discard_n && i < kMaxPile; ++i)
      if (st.discard[i] < l.cards)
        out[at + l.f_discard + st.discard[i]] =
            std::min(1.0f, out[at + l.f_discard + st.discard[i]] + 0.25f);
    for (int d = 0; d < l.cards; ++d) w.scaled(at + l.f_known + d, st.known[d], 4);
  }

  for (int r = 0; r < l.regions; ++r) {
    const RegionState& R = pub.regions[r];
    const int at = l.regions_at + r * kRegionFeatures;
    for (int f = 0; f < kFactions; ++f) w.scaled(at + f, R.units[f], 8);
    if (R.control != kNone) w.one_hot(at + 4, kFactions, R.control);
    w.scaled(at + 8, R.crystals, 4);
    w.scaled(at + 9, R.battle, kBattleTokens);
    if (R.attacker != kNone) w.one_hot(at + 10, kFactions, R.attacker);
    w.flag(at + 14, R.explore != 0);
    if (R.trog == 1 || R.trog == 2) w.set(at + 14 + R.trog, 1.0f);
    w.flag(at + 17, R.artillery != 0);
    w.flag(at + 18, R.watchtower != 0);
    if (pub.hq_faction[r] != kNone) w.one_hot(at + 19, kFactions, pub.hq_faction[r]);
    w.scaled(at + 23, pub.frozen[r], 8);
    w.flag(at + 24, pub.entered >> r & 1);
    w.flag(at + 25, pub.pending >> r & 1);
    for (int sid = 0; sid < kStructIds; ++sid) w.flag(at + 26 + sid, R.structures >> sid & 1);
    w.scaled(at + 26 + kStructIds, R.matrix, kMatrixCapacity);
  }

  const BattleState& bt = pub.battle;
  if (bt.region != kNone && bt.region < l.regions) {
    int at = l.battle;
    w.set(at, 1.0f);
    w.one_hot(at + 1, l.regions, bt.region);
    at += 1 + l.regions;
    for (int side = 0; side < 2; ++side)
      if (bt.side[side] != kNone) w.one_hot(at + side * kFactions, kFactions, bt.side[side]);
    at += 2 * kFactions;
    for (int side = 0; side < 2; ++side)
      for (int o = 0; o < kObjectives; ++o) {
        w.scaled(at + side * kObjectives + o, bt.board[side][o], 8);
        w.scaled(at + 6 + side * kObjectives + o, bt.strength[side][o], 8);
      }
    at += 12;
    if (pub.step == Step::kTactics) w.one_hot(at, 2, bt.turn);
    w.flag(at + 2, bt.passed[0]);
    w.flag(at + 3, bt.passed[1]);
    at += 4;
    w.flag(at + 0, bt.seat[0] == me);
    w.flag(at + 1, bt.seat[1] == me);
  }

  for (int i = 0; i < kEventSpots; ++i) w.scaled(l.tokens + i, pub.event_count[i], 3);
  for (int t = 0; t < kTerrains; ++t) {
    w.scaled(l.tokens + kEventSpots + t, pub.terrain_count[t], kTerrainDeckSize);
    w.scaled(l.tokens + kEventSpots + kTerrains + t, pub.terrain_bottom[t], kTerrainDeckSize);
  }
  w.scaled(l.tokens + kEventSpots + 2 * kTerrains + 0, pub.num_revealed_events, kEventTokens);
  w.scaled(l.tokens + kEventSpots + 2 * kTerrains + 1, pub.num_revealed_explores, kExploreTokens);
  w.scaled(l.tokens + kEventSpots + 2 * kTerrains + 2, pub.num_revealed_war_parties,
           kMaxWarParties);

  if (v.mine) {
    const SeatPrivate& m = *v.mine;
    for (auto d : m.hand)
      if (d < l.cards) out[l.mine + d] = std::min(1.0f, out[l.mine + d] + 1.0f / 3);
    for (int d = 0; d < l.cards; ++d) w.scaled(l.mine + l.cards + d, m.deck[d], 3);
    for (auto d : m.limbo)
      if (d < l.cards) out[l.mine + 2 * l.cards + d] += 0.5f;
  }
}

}  // namespace

void register_observation(Registry& registry) {
  add_observation(registry, "cryhavoc", Layouts::spec, observe, kActSkillCard + kSkillIds * 64);
}

}  // namespace turf::cryhavoc
