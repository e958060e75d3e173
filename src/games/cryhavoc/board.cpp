// Cry Havoc kernel: the pieces — cards and decks (C3.5: which identities everyone knows), the
// journal of what happened, points, units and regions, and the tokens (exploration, Trogs).
// Clause ids refer to docs/rules/cryhavoc.md.
#include "games/cryhavoc/rules.h"

#include <algorithm>
#include <cassert>

#include "games/cryhavoc/kernel.h"

namespace turf::cryhavoc {

const MapDef& map_of(const Position& p) {
  return the_map(p);
}

int card_terrain(const Position& p, int def) {
  const int t = card(p, def).terrain;
  return t < 0 ? kNone : t;
}

int scoring_card(const Position& p, int faction) {
  return C(p).factions[faction].scoring_card;
}

// ---------------------------------------------------------------------------------------------
// Cards (C3.5: which identities everyone knows)

namespace {

template <std::size_t N>
void sorted_insert(std::array<std::uint8_t, N>& a, std::uint8_t& n, int v) {
  int i = n;
  while (i > 0 && a[i - 1] > v) {
    a[i] = a[i - 1];
    --i;
  }
  a[i] = static_cast<std::uint8_t>(v);
  ++n;
}

template <std::size_t N>
bool sorted_erase(std::array<std::uint8_t, N>& a, std::uint8_t& n, int v) {
  for (int i = 0; i < n; ++i) {
    if (a[i] != v) continue;
    for (int k = i; k + 1 < n; ++k) a[k] = a[k + 1];
    a[--n] = 0;  // dead slots stay zero: equal positions compare equal
    return true;
  }
  return false;
}

void reshuffle(Position& p, int s) {
  SeatState& st = p.pub.seats[s];
  auto& deck = p.hid.deck[s];
  for (int i = 0; i < st.discard_n; ++i) {
    deck[st.deck++] = st.discard[i];
    ++st.known[st.discard[i]];  // C3.5: cards from the discard pile are known
    st.discard[i] = 0;
  }
  st.discard_n = 0;
  p.rng.shuffle(deck.begin(), deck.begin() + st.deck);
  ++p.hid.reveals;
}

}  // namespace

void hand_add(Position& p, int s, int def) {
  sorted_insert(p.hid.hand[s], p.pub.seats[s].hand, def);
}

int hand_count(const Position& p, int s, int def) {
  int n = 0;
  for (int i = 0; i < p.pub.seats[s].hand; ++i) n += p.hid.hand[s][i] == def;
  return n;
}

void hand_remove(Position& p, int s, int def) {
  const bool ok = sorted_erase(p.hid.hand[s], p.pub.seats[s].hand, def);
  assert(ok);
  (void)ok;
}

void play_from_hand(Position& p, int s, int def) {
  hand_remove(p, s, def);
  SeatState& st = p.pub.seats[s];
  if (st.known[def] > 0) {
    --st.known[def];
  } else {
    assert(card_terrain(p, def) != kNone && st.secret[card_terrain(p, def)] > 0);
    --st.secret[card_terrain(p, def)];
  }
  sorted_insert(st.discard, st.discard_n, def);
}

int draw_one(Position& p, int s) {
  SeatState& st = p.pub.seats[s];
  if (st.deck == 0) {
    if (st.discard_n == 0) return kNone;
    reshuffle(p, s);  // C4.2
  }
  const int def = p.hid.deck[s][--st.deck];
  p.hid.deck[s][st.deck] = 0;
  ++p.hid.reveals;
  return def;
}

void draw_cards(Position& p, int s, int n) {
  for (int k = 0; k < n; ++k) {
    if (p.pub.seats[s].hand >= kMaxHand) return;  // C3.3: never reached in practice
    const int def = draw_one(p, s);
    if (def == kNone) return;
    hand_add(p, s, def);
  }
}

void seen_clear(Position& p, int terrain, int except_seat) {
  for (int s = 0; s < p.pub.players; ++s) {
    if (s == except_seat) continue;
    for (auto d : C(p).terrain_decks[terrain]) p.hid.seen_in_terrain[s][d] = 0;
  }
}

void bottom_of_terrain_deck(Position& p, int def) {
  const int t = card_terrain(p, def);
  auto& deck = p.hid.terrain[t];
  for (int i = p.pub.terrain_count[t]; i > 0; --i) deck[i] = deck[i - 1];
  deck[0] = static_cast<std::uint8_t>(def);
  ++p.pub.terrain_count[t];
  ++p.pub.terrain_bottom[t];
}

// ---------------------------------------------------------------------------------------------
// The journal of what happened since the last decision (narration, issue 23)

bool note(Position& p, Fact kind, int a, int b, int c, int d, int e, int n) {
  Public& pub = p.pub;
  if (pub.num_facts >= kMaxFacts) return false;
  FactRec& f = pub.facts[pub.num_facts++];
  f.kind = kind;
  f.cause = pub.cause;
  f.a = static_cast<std::uint8_t>(a);
  f.b = static_cast<std::uint8_t>(b);
  f.c = static_cast<std::uint8_t>(c);
  f.d = static_cast<std::uint8_t>(d);
  f.e = static_cast<std::uint8_t>(e);
  f.n = static_cast<std::int8_t>(n);
  return true;
}

void note_units(Position& p, int f, int r, int n) {
  if (n == 0) return;
  Public& pub = p.pub;
  if (pub.num_facts > 0) {  // the same change again (kills one by one): one fact
    FactRec& last = pub.facts[pub.num_facts - 1];
    if (last.kind == Fact::kUnits && last.cause == pub.cause && last.a == f && last.b == r &&
        (last.n > 0) == (n > 0) && last.n + n > -100 && last.n + n < 100) {
      last.n = static_cast<std::int8_t>(last.n + n);
      return;
    }
  }
  note(p, Fact::kUnits, f, r, kNone, kNone, kNone, n);
}

void set_control(Position& p, int r, int f) {
  RegionState& R = p.pub.regions[r];
  if (R.control == f) return;
  note(p, Fact::kControl, r, R.control, f);
  R.control = static_cast<std::uint8_t>(f);
}

void clear_facts(Position& p) {
  Public& pub = p.pub;
  for (int i = 0; i < pub.num_facts; ++i) pub.facts[i] = FactRec{};
  pub.num_facts = 0;
  pub.cause = Cause::kAction;
}

// ---------------------------------------------------------------------------------------------
// Points and regions

void gain_vp(Position& p, int faction, int n) {
  const int s = p.pub.faction_seat[faction];
  if (s == kNone || n <= 0) return;  // C8.6: neutral Trogs never score
  SeatState& st = p.pub.seats[s];
  const int before = st.vp;
  st.vp = static_cast<std::int16_t>(st.vp + n);
  note(p, Fact::kVp, s, p.pub.cause == Cause::kBattle ? p.pub.battle.region : kNone, kNone, kNone,
       kNone, n);
  // C3.4: an unresolved event token passed by a score marker goes on top of the next one.
  auto& count = p.pub.event_count;
  for (int i = 0; i < kEventSpots; ++i) {
    if (count[i] == 0) continue;
    const int at = C(p).event_spots[i];
    if (!(before <= at && st.vp > at)) continue;
    int j = i + 1;
    while (j < kEventSpots && count[j] == 0) ++j;
    if (j == kEventSpots) continue;  // R: no later token, it stays where it is
    for (int k = 0; k < count[i]; ++k) {
      p.hid.events[j][count[j]++] = p.hid.events[i][k];
      p.hid.events[i][k] = 0;
    }
    count[i] = 0;
    ++p.pub.events_pulled;
  }
}

int units_in(const RegionState& r) {
  return r.units[0] + r.units[1] + r.units[2] + r.units[3];
}

int enemy_faction_in(const Position& p, int region, int faction) {
  const RegionState& r = p.pub.regions[region];
  for (int f = 0; f < kFactions; ++f)
    if (f != faction && r.units[f] > 0) return f;
  return kNone;
}

bool contested(const Position& p, int r, int f) {
  const RegionState& R = p.pub.regions[r];
  if (enemy_faction_in(p, r, f) != kNone) return true;
  return R.trog != 0 && !(f == kTrogs && !p.pub.trogs_neutral);
}

bool is_hq(const Position& p, int region) {
  return p.pub.hq_faction[region] != kNone;
}

int hq_owner(const Position& p, int region) {
  return p.pub.hq_faction[region];
}

std::uint32_t neighbours(const Position& p, int region, int faction) {
  std::uint32_t n = the_map(p).regions[region].adj;
  if (faction == kTrogs && (p.pub.tunnels >> region & 1))  // C6.11: tunnels for the Trogs
    n |= p.pub.tunnels & ~bit(region);
  return n;
}

int tokens_in_use(const Position& p) {
  int n = 0;
  for (int r = 0; r < the_map(p).num_regions; ++r) n += p.pub.regions[r].battle != 0;
  return n;
}

int free_battle_token(const Position& p) {
  unsigned used = 0;
  for (int r = 0; r < the_map(p).num_regions; ++r) used |= 1u << p.pub.regions[r].battle;
  for (int k = 1; k <= kBattleTokens; ++k)
    if (!(used >> k & 1)) return k;
  return 0;
}

int removable_units(const Position& p, int f) {
  int n = 0;
  for (int r = 0; r < the_map(p).num_regions; ++r)
    if (!is_battle(p, r)) n += p.pub.regions[r].units[f];
  return n;
}

int regions_controlled(const Position& p, int faction) {
  int n = 0;
  for (int r = 0; r < the_map(p).num_regions; ++r) n += p.pub.regions[r].control == faction;
  return n;
}

int crystal_points(const Position& p, int faction) {
  int n = 0;
  for (int r = 0; r < the_map(p).num_regions; ++r)
    if (p.pub.regions[r].control == faction) n += p.pub.regions[r].crystals;
  const int s = p.pub.faction_seat[faction];
  if (s != kNone) n += p.pub.seats[s].store;   // C10.3: the Pilgrims' store counts
  return faction == kTrogs ? (n + 1) / 2 : n;  // C10.2: the Trogs' half, rounded up
}

bool can_build_at(const Position& p, int sid, int r, int f, bool need_start_control) {
  const RegionState& R = p.pub.regions[r];
  if (sid / kStructTypes != f || !C(p).structures[sid].exists) return false;
  if (R.control != f || is_hq(p, r) || is_battle(p, r) || (R.structures & bit(sid))) return false;
  if (need_start_control && !(p.pub.control_at_start & bit(r))) return false;  // C7.3
  return p.pub.seats[p.pub.faction_seat[f]].built[sid % kStructTypes] < kStructTokens;
}

bool can_activate(const Position& p, int sid, int r, int f) {
  const RegionState& R = p.pub.regions[r];
  return sid / kStructTypes == f && (R.structures & bit(sid)) && R.control == f &&
         !is_battle(p, r) && !(p.pub.activated[r] & bit(sid));  // C7.4, C7.5
}

StructureRegions structure_regions(const Position& p, int f, bool need_start_control) {
  StructureRegions out;
  const Public& pub = p.pub;
  const int types = C(p).factions[f].num_structures;
  std::uint32_t field = 0;  // controlled by f, not an HQ, no battle (C7.3)
  std::array<std::uint32_t, kStructTypes> has{}, used{};
  for (int r = 0; r < the_map(p).num_regions; ++r) {
    const RegionState& R = pub.regions[r];
    if (R.control != f || R.battle != 0) continue;
    if (pub.hq_faction[r] == kNone) field |= bit(r);
    const std::uint32_t mask = (1u << types) - 1;
    for (std::uint32_t m = R.structures >> (f * kStructTypes) & mask; m != 0; m &= m - 1)
      has[__builtin_ctz(m)] |= bit(r);
    for (std::uint32_t m = pub.activated[r] >> (f * kStructTypes) & mask; m != 0; m &= m - 1)
      used[__builtin_ctz(m)] |= bit(r);
  }
  if (need_start_control) field &= pub.control_at_start;
  const SeatState& st = pub.seats[pub.faction_seat[f]];
  for (int k = 0; k < types; ++k) {
    out.activate[k] = has[k] & ~used[k];  // C7.4, C7.5
    if (C(p).structures[f * kStructTypes + k].exists && st.built[k] < kStructTokens)
      out.build[k] = field & ~has[k];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tokens

void reveal_exploration(Position& p, int r, int faction, int seat) {
  RegionState& R = p.pub.regions[r];
  if (!R.explore) return;
  const int def = p.hid.explore[r];
  R.explore = 0;
  p.hid.explore[r] = 0;
  for (int s = 0; s < kMaxSeats; ++s) p.hid.peek_explore[s] &= ~bit(r);
  p.pub.revealed_explores[p.pub.num_revealed_explores++] = static_cast<std::uint8_t>(def);
  ++p.hid.reveals;
  const CauseScope cause(p, Cause::kExploration);
  note(p, Fact::kExploration, def, r, faction);
  run_now(p, C(p).explores[def].effect, seat, faction, r);
}

void resolve_trog_token(Position& p, int r, int mover) {
  RegionState& R = p.pub.regions[r];
  if (!R.trog) return;
  const bool nest = R.trog == 2;
  const int def = p.hid.trog[r];
  const TokenDef& t = nest ? C(p).nests[def] : C(p).war_parties[def];
  R.trog = 0;
  p.hid.trog[r] = 0;
  for (int s = 0; s < kMaxSeats; ++s) p.hid.peek_trog[s] &= ~bit(r);
  if (nest)
    p.pub.revealed_nests[p.pub.num_revealed_nests++] = static_cast<std::uint8_t>(def);
  else
    p.pub.revealed_war_parties[p.pub.num_revealed_war_parties++] = static_cast<std::uint8_t>(def);
  ++p.hid.reveals;
  R.crystals = static_cast<std::uint8_t>(R.crystals + t.crystals);
  // Research 4.2: when the miniatures run out, place what is available.
  const int placed = std::min<int>(t.trogs, p.pub.reserve[kTrogs]);
  const CauseScope cause(p, Cause::kTrogToken);
  note(p, Fact::kTrogToken, r, nest ? 2 : 1, def, mover, kNone, placed);
  R.units[kTrogs] = static_cast<std::uint8_t>(R.units[kTrogs] + placed);
  p.pub.reserve[kTrogs] = static_cast<std::uint8_t>(p.pub.reserve[kTrogs] - placed);
  note_units(p, kTrogs, r, placed);
  // C6.7: no Trog appeared, so the mover loses one unit there (Trogs never do).
  if (placed == 0 && mover != kTrogs && R.units[mover] > 0) {
    --R.units[mover];
    ++p.pub.reserve[mover];
    note_units(p, mover, r, -1);
    // C6.8, R32: the region moved into is empty now; "if the region you moved into is empty
    // during this step, immediately gain control": the mover takes it even without a unit.
    if (R.units[mover] == 0 && enemy_faction_in(p, r, mover) == kNone) set_control(p, r, mover);
  }
}

bool place_nest(Position& p, int r) {
  RegionState& R = p.pub.regions[r];
  if (p.pub.nest_supply == 0 || R.trog) return false;
  const int def = p.hid.nests[--p.pub.nest_supply];
  p.hid.nests[p.pub.nest_supply] = 0;
  R.trog = 2;
  p.hid.trog[r] = static_cast<std::uint8_t>(def);
  note(p, Fact::kNest, r);
  return true;
}

bool token_revealable(const Position& p, int r, int faction) {
  // R34 option: a Nest may lie under another player's units; it is theirs to reveal (a region
  // never holds three sides). Without the option no Trog token ever shares a region with units.
  for (int g = 0; g < kFactions; ++g)
    if (g != faction && p.pub.faction_seat[g] != kNone && p.pub.regions[r].units[g] > 0)
      return false;
  return true;
}

void arrive(Position& p, int faction, int r) {
  const int seat = p.pub.faction_seat[faction];
  reveal_exploration(p, r, faction, seat);
  if (token_revealable(p, r, faction)) resolve_trog_token(p, r, faction);
  RegionState& R = p.pub.regions[r];
  if (R.units[faction] == 0) return;
  if (enemy_faction_in(p, r, faction) == kNone) {
    set_control(p, r, faction);  // C6.8
  } else if (!R.battle && free_battle_token(p) != 0) {
    R.battle = static_cast<std::uint8_t>(free_battle_token(p));  // C6.9
    R.attacker = static_cast<std::uint8_t>(faction);
    assert(R.battle != 0);
  }
}

}  // namespace turf::cryhavoc
