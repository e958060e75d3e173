// Cry Havoc kernel: cards and decks, tokens, set-up (C2), the round (C3-C5), the actions (C6, C7),
// prisoners (C9), scoring and the end (C10). Battles are in battle.cpp, the effect vocabulary in
// effects.cpp. Clause ids refer to docs/rules/cryhavoc.md.
#include "games/cryhavoc/rules.h"

#include <algorithm>
#include <cassert>

#include "games/cryhavoc/kernel.h"

namespace turf::cryhavoc {

const CardDef& card(int def) {
  return content().cards[static_cast<std::size_t>(def)];
}

const MapDef& map_of(const Position& p) {
  return content().maps[p.pub.map];
}

int card_terrain(int def) {
  const int t = card(def).terrain;
  return t < 0 ? kNone : t;
}

int scoring_card(int faction) {
  for (auto d : content().factions[faction].deck)
    if (card(d).scoring) return d;
  return kNone;
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
    assert(card_terrain(def) != kNone && st.secret[card_terrain(def)] > 0);
    --st.secret[card_terrain(def)];
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
    for (auto d : content().terrain_decks[terrain]) p.hid.seen_in_terrain[s][d] = 0;
  }
}

void bottom_of_terrain_deck(Position& p, int def) {
  const int t = card_terrain(def);
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
    const int at = content().event_spots[i];
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
  std::uint32_t n = map_of(p).regions[region].adj;
  if (faction == kTrogs && (p.pub.tunnels >> region & 1))  // C6.11: tunnels for the Trogs
    n |= p.pub.tunnels & ~bit(region);
  return n;
}

int tokens_in_use(const Position& p) {
  int n = 0;
  for (int r = 0; r < map_of(p).num_regions; ++r) n += p.pub.regions[r].battle != 0;
  return n;
}

int free_battle_token(const Position& p) {
  unsigned used = 0;
  for (int r = 0; r < map_of(p).num_regions; ++r) used |= 1u << p.pub.regions[r].battle;
  for (int k = 1; k <= kBattleTokens; ++k)
    if (!(used >> k & 1)) return k;
  return 0;
}

int removable_units(const Position& p, int f) {
  int n = 0;
  for (int r = 0; r < map_of(p).num_regions; ++r)
    if (!is_battle(p, r)) n += p.pub.regions[r].units[f];
  return n;
}

int regions_controlled(const Position& p, int faction) {
  int n = 0;
  for (int r = 0; r < map_of(p).num_regions; ++r) n += p.pub.regions[r].control == faction;
  return n;
}

int crystal_points(const Position& p, int faction) {
  int n = 0;
  for (int r = 0; r < map_of(p).num_regions; ++r)
    if (p.pub.regions[r].control == faction) n += p.pub.regions[r].crystals;
  const int s = p.pub.faction_seat[faction];
  if (s != kNone) n += p.pub.seats[s].store;   // C10.3: the Pilgrims' store counts
  return faction == kTrogs ? (n + 1) / 2 : n;  // C10.2: the Trogs' half, rounded up
}

bool can_build_at(const Position& p, int sid, int r, int f, bool need_start_control) {
  const RegionState& R = p.pub.regions[r];
  if (sid / kStructTypes != f || !content().structures[sid].exists) return false;
  if (R.control != f || is_hq(p, r) || is_battle(p, r) || (R.structures & bit(sid))) return false;
  if (need_start_control && !(p.pub.control_at_start & bit(r))) return false;  // C7.3
  return p.pub.seats[p.pub.faction_seat[f]].built[sid % kStructTypes] < kStructTokens;
}

bool can_activate(const Position& p, int sid, int r, int f) {
  const RegionState& R = p.pub.regions[r];
  return sid / kStructTypes == f && (R.structures & bit(sid)) && R.control == f &&
         !is_battle(p, r) && !(p.pub.activated[r] & bit(sid));  // C7.4, C7.5
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
  run_now(p, content().explores[def].effect, seat, faction, r);
}

void resolve_trog_token(Position& p, int r, int mover) {
  RegionState& R = p.pub.regions[r];
  if (!R.trog) return;
  const bool nest = R.trog == 2;
  const int def = p.hid.trog[r];
  const TokenDef& t = nest ? content().nests[def] : content().war_parties[def];
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

// ---------------------------------------------------------------------------------------------
// Set-up (C2)

namespace {

void start_round(Position& p);
void start_turn(Position& p);
void end_turn(Position& p);
void begin_limit(Position& p, int from);

}  // namespace

void setup(Position& p, const GameSetup& su, std::uint64_t seed) {
  p = Position{};
  p.rng.reseed(seed);
  const Content& c = content();
  Public& pub = p.pub;
  pub.players = static_cast<std::uint8_t>(su.players);
  pub.map = su.players == 2 ? 0 : 1;
  pub.trogs_neutral = su.players < 4;  // C2.3
  pub.nest_into_battles = su.nest_into_battles;
  pub.end_when_events_run_out = su.end_when_events_run_out;
  const MapDef& m = map_of(p);
  for (auto& f : pub.hq_faction) f = kNone;

  // C2.3: factions; the Trogs only with 4 players.
  std::array<std::uint8_t, kFactions> pool{kHumans, kMachines, kPilgrims, kTrogs};
  if (su.random_factions) {
    if (su.players == 4)
      p.rng.shuffle(pool.begin(), pool.end());
    else
      p.rng.shuffle(pool.begin(), pool.begin() + 3);
  }
  for (int s = 0; s < su.players; ++s) {
    pub.seats[s].faction = pool[s];
    pub.faction_seat[pool[s]] = static_cast<std::uint8_t>(s);
  }
  // C2.4: HQs at random on the HQ slots; the Trog HQ on its own space.
  std::array<std::uint8_t, kMaxSeats> order{};
  int n_slots = 0;
  for (int s = 0; s < su.players; ++s)
    if (pub.seats[s].faction != kTrogs) order[n_slots++] = static_cast<std::uint8_t>(s);
  p.rng.shuffle(order.begin(), order.begin() + n_slots);
  for (int k = 0; k < n_slots; ++k) pub.seats[order[k]].hq = m.hq_slots[k];
  if (!pub.trogs_neutral) {
    pub.seats[pub.faction_seat[kTrogs]].hq = static_cast<std::uint8_t>(m.trog_hq);
    pub.tunnels = m.tunnels;  // C2.5
  }
  for (int f = 0; f < kFactions; ++f) pub.reserve[f] = c.factions[f].units;
  for (int s = 0; s < su.players; ++s) {
    SeatState& st = pub.seats[s];
    const int f = st.faction;
    pub.hq_faction[st.hq] = static_cast<std::uint8_t>(f);
    const int start = f == kTrogs ? 2 : 4;  // C2.4, C2.5
    pub.regions[st.hq].units[f] = static_cast<std::uint8_t>(start);
    pub.regions[st.hq].control = static_cast<std::uint8_t>(f);
    pub.reserve[f] = static_cast<std::uint8_t>(pub.reserve[f] - start);
    st.ancient = kNone;
    st.limbo_src = kNone;
    // C2.6: the default skill, plus the same number of random extra skills for everyone.
    st.skills[st.num_skills++] =
        static_cast<std::uint8_t>(f * kSkillsPerFaction + c.factions[f].default_skill);
    std::array<std::uint8_t, kSkillsPerFaction + 1> extra{};
    int n_extra = 0;
    for (int k = 0; k < kSkillsPerFaction; ++k) {
      const SkillDef& sk = c.skills[f * kSkillsPerFaction + k];
      if (sk.is_default || (sk.four_players_only && su.players < 4)) continue;  // C2.6
      extra[n_extra++] = static_cast<std::uint8_t>(f * kSkillsPerFaction + k);
    }
    p.rng.shuffle(extra.begin(), extra.begin() + n_extra);
    // A sixth skill (Medic Team) joins the shuffled order at a uniform place (the inside-out
    // shuffle step); drawn only when extra skills are dealt, so games without them are unchanged.
    if (c.factions[f].sixth_skill && su.extra_skills > 0) {
      extra[n_extra] = static_cast<std::uint8_t>(kFactions * kSkillsPerFaction + f);
      std::swap(extra[n_extra], extra[p.rng.below(static_cast<std::uint32_t>(n_extra + 1))]);
      ++n_extra;
    }
    for (int k = 0; k < su.extra_skills && k < n_extra; ++k) st.skills[st.num_skills++] = extra[k];
    // C2.7: the personal deck, shuffled.
    for (auto d : c.factions[f].deck) {
      p.hid.deck[s][st.deck++] = d;
      ++st.known[d];
    }
    p.rng.shuffle(p.hid.deck[s].begin(), p.hid.deck[s].begin() + st.deck);
  }
  // C2.2: the terrain decks.
  for (int t = 0; t < kTerrains; ++t) {
    for (std::size_t k = 0; k < c.terrain_decks[t].size(); ++k)
      p.hid.terrain[t][k] = c.terrain_decks[t][k];
    pub.terrain_count[t] = static_cast<std::uint8_t>(c.terrain_decks[t].size());
    p.rng.shuffle(p.hid.terrain[t].begin(), p.hid.terrain[t].begin() + pub.terrain_count[t]);
  }
  // C2.1: four of the six event tokens, one on each event space; two out unseen.
  std::array<std::uint8_t, kEventTokens> ev{};
  for (int k = 0; k < kEventTokens; ++k) ev[k] = static_cast<std::uint8_t>(k);
  p.rng.shuffle(ev.begin(), ev.end());
  for (int i = 0; i < kEventSpots; ++i) {
    p.hid.events[i][0] = ev[i];
    pub.event_count[i] = 1;
  }
  for (int k = 0; k < kEventsOut; ++k) p.hid.events_out[k] = ev[kEventSpots + k];
  std::sort(p.hid.events_out.begin(), p.hid.events_out.end());
  // C2.8: exploration and war party tokens on their spots; crystals; nests aside (2-3 players).
  // Fixed-size copies of the token pools (set-up does not allocate).
  std::array<std::uint8_t, kExploreTokens> explore{};
  std::array<std::uint8_t, kMaxWarParties> war{};
  std::array<std::uint8_t, kMaxNests> nests{};
  const std::size_t n_explore = c.explore_pool.size(), n_war = c.war_party_pool.size(),
                    n_nests = c.nest_pool.size();
  std::copy(c.explore_pool.begin(), c.explore_pool.end(), explore.begin());
  std::copy(c.war_party_pool.begin(), c.war_party_pool.end(), war.begin());
  std::copy(c.nest_pool.begin(), c.nest_pool.end(), nests.begin());
  p.rng.shuffle(explore.begin(), explore.begin() + n_explore);
  p.rng.shuffle(war.begin(), war.begin() + n_war);
  std::size_t ne = 0, nw = 0;
  for (int r = 0; r < m.num_regions; ++r) {
    const RegionDef& d = m.regions[r];
    RegionState& R = pub.regions[r];
    if (is_hq(p, r)) continue;  // the Trog HQ space with 4 players: no crystals, no token
    R.crystals = d.crystals;
    if (d.token == TokenSpot::kExploration) {
      R.explore = 1;
      p.hid.explore[r] = explore[ne++];
    } else if (d.token == TokenSpot::kWarParty) {
      R.trog = 1;
      p.hid.trog[r] = war[nw++];
    }
  }
  std::sort(explore.begin() + static_cast<std::ptrdiff_t>(ne), explore.begin() + n_explore);
  for (std::size_t k = ne; k < n_explore; ++k) p.hid.explore_unused[k - ne] = explore[k];
  pub.explore_unused = static_cast<std::uint8_t>(n_explore - ne);
  std::sort(war.begin() + static_cast<std::ptrdiff_t>(nw), war.begin() + n_war);
  for (std::size_t k = nw; k < n_war; ++k) p.hid.war_party_unused[k - nw] = war[k];
  pub.war_party_unused = static_cast<std::uint8_t>(n_war - nw);
  if (pub.trogs_neutral) {
    p.rng.shuffle(nests.begin(), nests.begin() + n_nests);
    p.hid.nests = nests;
    pub.nest_supply = static_cast<std::uint8_t>(n_nests);
  }
  // C2.9: initiative at random; the upcoming track in the same order.
  for (int s = 0; s < su.players; ++s) pub.initiative[s] = static_cast<std::uint8_t>(s);
  p.rng.shuffle(pub.initiative.begin(), pub.initiative.begin() + su.players);
  pub.upcoming = pub.initiative;
  pub.start_initiative = pub.initiative;
  start_round(p);
}

// ---------------------------------------------------------------------------------------------
// The round (C3, C4, C5)

int current_seat(const Position& p) {
  return p.pub.initiative[p.pub.turn_pos];
}

namespace {

// C3.2: reveal the next stack of event tokens and resolve them from the top down. Returns whether
// there was one.
bool events_phase(Position& p) {
  Public& pub = p.pub;
  const CauseScope cause(p, Cause::kEvent);
  for (int i = 0; i < kEventSpots; ++i) {
    if (pub.event_count[i] == 0) continue;
    while (pub.event_count[i] > 0) {
      const int e = p.hid.events[i][--pub.event_count[i]];
      p.hid.events[i][pub.event_count[i]] = 0;
      pub.revealed_events[pub.num_revealed_events++] = static_cast<std::uint8_t>(e);
      ++p.hid.reveals;
      note(p, Fact::kEvent, e);
      run_now(p, content().events[e].effect, kNone, kNone, kNone);
    }
    return true;
  }
  return false;
}

void start_round(Position& p) {
  Public& pub = p.pub;
  ++pub.round;
  pub.scoring_by = kNone;  // C5.7; in the last round scoring happens by itself (C10.1)
  note(p, Fact::kRound, pub.round);
  const bool revealed = events_phase(p);
  // C10.5, R35: round 5 is the last; with the option, so is a round with no event left.
  if (pub.round >= kRounds || (pub.end_when_events_run_out && !revealed))
    pub.final_round = pub.round;
  pub.initiative = pub.upcoming;                                                          // C3.3
  for (int s = 0; s < pub.players; ++s) pub.seats[s].exhausted = 0;                       // C3.3
  for (int k = 0; k < pub.players; ++k) draw_cards(p, pub.initiative[k], kDrawPerRound);  // C4.1
  begin_limit(p, 0);
}

// C4.3: players over the hand limit discard, in initiative order.
void begin_limit(Position& p, int from) {
  Public& pub = p.pub;
  for (int k = from; k < pub.players; ++k) {
    const int s = pub.initiative[k];
    if (pub.seats[s].hand > kHandLimit) {
      pub.step = Step::kDiscardToLimit;
      pub.sub = static_cast<std::uint8_t>(k);
      pub.to_move = static_cast<std::uint8_t>(s);
      return;
    }
  }
  pub.action_round = 0;
  pub.turn_pos = 0;
  start_turn(p);
}

void start_turn(Position& p) {
  Public& pub = p.pub;
  const int s = current_seat(p);
  const int f = pub.seats[s].faction;
  pub.to_move = static_cast<std::uint8_t>(s);
  pub.step = Step::kTurnStart;
  pub.move_bonus = false;
  pub.action_bonus = 0;
  pub.action_kind = kNone;
  pub.activated = {};
  pub.control_at_start = 0;
  for (int r = 0; r < map_of(p).num_regions; ++r)
    if (pub.regions[r].control == f) pub.control_at_start |= bit(r);
}

void end_turn(Position& p) {
  Public& pub = p.pub;
  pub.move_bonus = false;
  pub.action_bonus = 0;
  pub.action_kind = kNone;
  pub.activated = {};
  pub.control_at_start = 0;
  if (++pub.turn_pos == pub.players) {
    pub.turn_pos = 0;
    if (++pub.action_round == kActionsPerRound) {
      begin_battles(p);  // C8
      return;
    }
  }
  start_turn(p);
}

bool skill_usable(const Position& p, int s, int slot, bool before_action) {
  const SeatState& st = p.pub.seats[s];
  if (st.exhausted >> slot & 1) return false;
  return effect_feasible(p, content().skills[st.skills[slot]].effect, s, st.faction, kNone,
                         before_action);
}

bool discard_matches(int def, CardFilter f) {
  const CardDef& c = card(def);
  return f == CardFilter::kAny || (f == CardFilter::kRecruit && c.recruit > 0) ||
         (f == CardFilter::kTerrain && c.terrain >= 0);
}

// C5.2: unused skills that can do something now. A skill paid with a discard is offered once
// per card that can pay for it (kActSkillCard).
void add_skills(const Position& p, bool before_action, std::vector<int>& out) {
  const int s = p.pub.to_move;
  const SeatState& st = p.pub.seats[s];
  for (int k = 0; k < st.num_skills; ++k) {
    if (st.exhausted >> k & 1) continue;
    const int sid = st.skills[k];
    const Effect& e = content().skills[sid].effect;
    if (e.size > 0 && e.steps[0].op == Op::kDiscard) {
      int last = -1;
      for (int i = 0; i < st.hand; ++i) {
        const int d = p.hid.hand[s][i];
        if (d == last) continue;
        last = d;
        if (discard_matches(d, e.steps[0].filter) &&
            effect_feasible(p, e, s, st.faction, kNone, before_action, d))
          out.push_back(kActSkillCard + sid * 64 + d);
      }
    } else if (skill_usable(p, s, k, before_action)) {
      out.push_back(kActSkill + sid);
    }
  }
}

void use_skill(Position& p, int sid, int paid, Resume back) {
  Public& pub = p.pub;
  const int s = pub.to_move;
  SeatState& st = pub.seats[s];
  for (int k = 0; k < st.num_skills; ++k)
    if (st.skills[k] == sid) st.exhausted |= static_cast<std::uint8_t>(1u << k);  // C5.2
  pub.resume = back;
  const Effect& e = content().skills[sid].effect;
  if (paid != kNone) {
    play_from_hand(p, s, paid);
    pub.last_card = static_cast<std::uint8_t>(paid);
    Effect rest;
    for (int i = 1; i < e.size; ++i) rest.steps[rest.size++] = e.steps[i];
    push_effect(p, rest, s, st.faction, kNone, false);
  } else {
    push_effect(p, e, s, st.faction, kNone, false);
  }
  run_effects(p);
}

void use_skill_action(Position& p, int a, Resume back) {
  if (a >= kActSkillCard)
    use_skill(p, (a - kActSkillCard) / 64, (a - kActSkillCard) % 64, back);
  else
    use_skill(p, a - kActSkill, kNone, back);
}

// C5.5: the icons of a card discarded for an action.
void discard_for_action(Position& p, int def) {
  Public& pub = p.pub;
  const int s = pub.to_move;
  const int f = pub.seats[s].faction;
  const CardDef& c = card(def);
  play_from_hand(p, s, def);
  if (pub.action_kind == kActMove) pub.points += c.move + (pub.move_bonus ? 1 : 0);
  if (pub.action_kind == kActRecruit) pub.points += c.recruit;
  if (pub.action_kind == kActBuild) pub.points += c.build;
  gain_vp(p, f, c.star);
  if (c.draw && !pub.drew_asterisk) {
    pub.drew_asterisk = true;
    draw_cards(p, s, 1);
  }
  if (!c.after.empty() && pub.num_after < pub.after_cards.size())
    pub.after_cards[pub.num_after++] = static_cast<std::uint8_t>(def);
}

// C7.1: recruit points become units in the HQ at once.
void flush_recruits(Position& p) {
  Public& pub = p.pub;
  const int s = pub.to_move;
  const int f = pub.seats[s].faction;
  const int n = std::min<int>(pub.points, pub.reserve[f]);
  pub.regions[pub.seats[s].hq].units[f] =
      static_cast<std::uint8_t>(pub.regions[pub.seats[s].hq].units[f] + n);
  pub.reserve[f] = static_cast<std::uint8_t>(pub.reserve[f] - n);
  note_units(p, f, pub.seats[s].hq, n);
  pub.points = static_cast<std::uint8_t>(pub.points - n);
}

void begin_action(Position& p, int kind) {
  Public& pub = p.pub;
  pub.action_kind = static_cast<std::uint8_t>(kind);
  pub.points = pub.action_bonus;  // Nuclear Battery
  pub.action_bonus = 0;
  pub.drew_asterisk = false;
  pub.num_after = 0;
  pub.frozen = {};
  pub.entered = 0;
  pub.pending = 0;
  if (kind == kActMove) pub.step = Step::kMove;
  if (kind == kActRecruit) {
    pub.step = Step::kRecruit;
    flush_recruits(p);
  }
  if (kind == kActBuild) pub.step = Step::kBuild;
}

// C6.2: how many of the mover's units may leave region r now.
int movable(const Position& p, int r, int f) {
  const RegionState& R = p.pub.regions[r];
  const int u = R.units[f];
  if (u == 0) return 0;
  if (R.battle) {
    if (R.attacker == f) return 0;                    // attackers stay (R-clause)
    return std::max(0, u - 2 * R.units[R.attacker]);  // C6.10: only beyond twice
  }
  return u - p.pub.frozen[r];  // C6.4: units that stopped move no more
}

// C6.3: may a unit of faction f enter region b during this move?
bool can_enter(const Position& p, int b, int f) {
  const RegionState& R = p.pub.regions[b];
  if (R.battle) return false;
  const int owner = hq_owner(p, b);
  if (owner != kNone && owner != f) return false;
  if (contested(p, b, f) && !(p.pub.entered & bit(b))) {
    int fresh = 0;  // contested regions entered this move: each will need a battle token
    for (int r = 0; r < map_of(p).num_regions; ++r)
      if ((p.pub.entered & bit(r)) && contested(p, r, f)) ++fresh;
    if (tokens_in_use(p) + fresh >= kBattleTokens) return false;
  }
  return true;
}

void move_unit(Position& p, int a, int b) {
  Public& pub = p.pub;
  const int f = pub.seats[pub.to_move].faction;
  RegionState& B = pub.regions[b];
  --pub.regions[a].units[f];
  ++B.units[f];
  --pub.points;
  if (f == kTrogs && !pub.trogs_neutral && B.trog) resolve_trog_token(p, b, f);  // C6.12
  if (contested(p, b, f)) ++pub.frozen[b];                                       // C6.4
  pub.entered |= bit(b);
}

bool can_move_any(const Position& p) {
  const int f = p.pub.seats[p.pub.to_move].faction;
  if (p.pub.points == 0) return false;
  for (int a = 0; a < map_of(p).num_regions; ++a) {
    if (movable(p, a, f) == 0) continue;
    const std::uint32_t nb = neighbours(p, a, f);
    for (int b = 0; b < map_of(p).num_regions; ++b)
      if ((nb & bit(b)) && can_enter(p, b, f)) return true;
  }
  return false;
}

void continue_move_end(Position& p);

// C6.6-C6.9: the steps at the end of a Move action.
void end_move(Position& p) {
  Public& pub = p.pub;
  const int s = pub.to_move;
  const int f = pub.seats[s].faction;
  const int n = map_of(p).num_regions;
  note(p, Fact::kMoveEnd, s);
  for (int r = 0; r < n; ++r)
    if (pub.regions[r].units[f] > 0 && pub.regions[r].explore) reveal_exploration(p, r, f, s);
  pub.pending = 0;
  int tokens = kBattleTokens - tokens_in_use(p);
  for (int r = 0; r < n; ++r) {
    if (pub.regions[r].units[f] == 0 || !pub.regions[r].trog || !token_revealable(p, r, f))
      continue;
    // R34 option: a Nest under the mover's units in a region not moved into is revealed too;
    // its Trogs then fight (C6.9), so it waits for a free battle token.
    if (!(pub.entered & bit(r))) {
      if (tokens <= 0) continue;
      --tokens;
      pub.entered |= bit(r);
    }
    pub.pending |= bit(r);
  }
  continue_move_end(p);
}

void continue_move_end(Position& p) {
  Public& pub = p.pub;
  const int f = pub.seats[pub.to_move].faction;
  const int n = map_of(p).num_regions;
  // C6.7: Trog tokens in the order the mover chooses.
  if (popcount(pub.pending) >= 2 && pub.step != Step::kBattleOrder) {
    pub.step = Step::kTrogOrder;
    return;
  }
  if (pub.step != Step::kBattleOrder) {
    if (pub.pending) resolve_trog_token(p, __builtin_ctz(pub.pending), f);
    // C6.8: control of the regions moved into that hold no enemy.
    for (int r = 0; r < n; ++r)
      if ((pub.entered & bit(r)) && pub.regions[r].units[f] > 0 &&
          enemy_faction_in(p, r, f) == kNone)
        set_control(p, r, f);
    pub.pending = 0;
    for (int r = 0; r < n; ++r)
      if ((pub.entered & bit(r)) && pub.regions[r].units[f] > 0 && !pub.regions[r].battle &&
          enemy_faction_in(p, r, f) != kNone)
        pub.pending |= bit(r);
  }
  // C6.9: battle tokens, lowest first, in the order the mover chooses.
  while (popcount(pub.pending) == 1) {
    const int r = __builtin_ctz(pub.pending);
    pub.regions[r].battle = static_cast<std::uint8_t>(free_battle_token(p));
    pub.regions[r].attacker = static_cast<std::uint8_t>(f);
    pub.pending = 0;
  }
  if (pub.pending) {
    pub.step = Step::kBattleOrder;
    return;
  }
  finish_action(p);
}

// C9: prisoners score, then buy-backs in initiative order.
void next_buyback(Position& p, int from) {
  Public& pub = p.pub;
  for (int k = from; k < pub.players; ++k) {
    const int s = pub.initiative[k];
    const int f = pub.seats[s].faction;
    if (pub.seats[s].vp < kBuyBackVp) continue;  // C9.3
    bool any = false;
    for (int c = 0; c < kFactions; ++c) any |= c != f && pub.prisoners[c][f] > 0;
    if (!any) continue;
    pub.step = Step::kBuyBack;
    pub.sub = static_cast<std::uint8_t>(k);
    pub.to_move = static_cast<std::uint8_t>(s);
    return;
  }
  // C10.1: scoring when enabled, and always in the last round.
  if (pub.scoring_by != kNone || last_round(pub)) {
    ++pub.scorings;
    note(p, Fact::kScoring, pub.round, last_round(pub) ? kNone : pub.scoring_by);
    if (!last_round(pub) && pub.scoring_by != kNone) {
      const CauseScope cause(p, Cause::kScoreRegions);
      const int f = pub.seats[pub.scoring_by].faction;
      gain_vp(p, f, regions_controlled(p, f));  // C10.2: the enabler's regions, HQ included
    }
    for (int k = 0; k < pub.players; ++k) {
      const int s = pub.initiative[k];
      SeatState& st = pub.seats[s];
      {
        const CauseScope cause(p, Cause::kScoreCrystals);
        gain_vp(p, st.faction, crystal_points(p, st.faction));
      }
      if (st.ancient != kNone && pub.regions[st.ancient].control == st.faction) {
        const CauseScope cause(p, Cause::kAncient);
        gain_vp(p, st.faction, kAncientCrystalsVp);  // Ancient Crystals
      }
      st.ancient = kNone;
    }
  }
  if (last_round(pub)) {
    pub.step = Step::kOver;  // C10.5
    pub.over = true;
    return;
  }
  start_round(p);
}

}  // namespace

void begin_prisoners(Position& p) {
  Public& pub = p.pub;
  {
    const CauseScope cause(p, Cause::kPrisoners);
    for (int k = 0; k < pub.players; ++k) {  // C9.1
      const int s = pub.initiative[k];
      const int f = pub.seats[s].faction;
      int held = 0;
      for (int c = 0; c < kFactions; ++c) held += pub.prisoners[f][c];
      gain_vp(p, f, held);
    }
  }
  next_buyback(p, 0);
}

bool last_round(const Public& pub) {
  return pub.round >= kRounds || pub.round == pub.final_round;
}

int rounds_after(const Public& pub) {
  if (last_round(pub)) return 0;
  int after = kRounds - pub.round;
  if (pub.end_when_events_run_out) {  // R35 option: one round per stack left, then the last one
    int stacks = 0;
    for (int i = 0; i < kEventSpots; ++i) stacks += pub.event_count[i] > 0;
    after = std::min(after, stacks + 1);
  }
  return after;
}

void enter_turn_end(Position& p) {
  Public& pub = p.pub;
  pub.action_kind = kNone;
  const SeatState& st = pub.seats[pub.to_move];
  // C5.3: the decision exists whenever an unused skill that may follow an action does (whether it
  // can be used now may depend on the hand, which others must not learn from a skipped decision).
  for (int k = 0; k < st.num_skills; ++k) {
    if (st.exhausted >> k & 1) continue;
    const Effect& e = content().skills[st.skills[k]].effect;
    bool before_only = false;
    for (int i = 0; i < e.size; ++i)
      before_only |= e.steps[i].op == Op::kMoveBonus || e.steps[i].op == Op::kActionBonus;
    if (!before_only) {
      pub.step = Step::kTurnEnd;
      return;
    }
  }
  end_turn(p);
}

void finish_action(Position& p) {
  Public& pub = p.pub;
  pub.points = 0;
  pub.frozen = {};
  pub.entered = 0;
  pub.pending = 0;
  pub.resume = Resume::kAfterCards;  // C5.5, R10: the "!" texts, one card at a time
  run_effects(p);
}

void resume_after_effects(Position& p) {
  Public& pub = p.pub;
  switch (pub.resume) {
    case Resume::kTurnStart:
      pub.step = Step::kTurnStart;
      pub.to_move = static_cast<std::uint8_t>(current_seat(p));
      break;
    case Resume::kTurnEnd:
      pub.to_move = static_cast<std::uint8_t>(current_seat(p));
      enter_turn_end(p);
      break;
    case Resume::kBuild:
      pub.step = Step::kBuild;
      pub.to_move = static_cast<std::uint8_t>(current_seat(p));
      break;
    case Resume::kTactics:
      tactics_next(p);
      break;
    case Resume::kAfterCards: {
      pub.to_move = static_cast<std::uint8_t>(current_seat(p));
      if (pub.num_after == 0) {
        enter_turn_end(p);
        break;
      }
      const int def = pub.after_cards[0];
      for (int i = 0; i + 1 < pub.num_after; ++i) pub.after_cards[i] = pub.after_cards[i + 1];
      pub.after_cards[--pub.num_after] = 0;
      const int s = pub.to_move;
      push_effect(p, card(def).after, s, pub.seats[s].faction, kNone, false);
      run_effects(p);  // comes back here for the next card
      break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Legal actions

namespace {

void add_hand_cards(const Position& p, int s, std::vector<int>& out) {
  int last = -1;
  for (int i = 0; i < p.pub.seats[s].hand; ++i) {
    const int d = p.hid.hand[s][i];
    if (d != last) out.push_back(kActCard + d);
    last = d;
  }
}

bool buildable_anywhere(const Position& p, int sid, int f) {
  for (int r = 0; r < map_of(p).num_regions; ++r)
    if (can_build_at(p, sid, r, f, true)) return true;
  return false;
}

}  // namespace

void legal_actions(const Position& p, std::vector<int>& out) {
  out.clear();
  const Public& pub = p.pub;
  const int s = pub.to_move;
  const int f = pub.seats[s].faction;
  const int n = map_of(p).num_regions;
  switch (pub.step) {
    case Step::kDiscardToLimit:
      add_hand_cards(p, s, out);
      break;
    case Step::kTurnStart: {
      out.push_back(kActMove);
      out.push_back(kActRecruit);
      out.push_back(kActBuild);
      if (pub.seats[s].deck + pub.seats[s].discard_n > 0) out.push_back(kActDrawOwn);
      for (int t = 0; t < kTerrains; ++t)
        if (pub.terrain_count[t] > 0) out.push_back(kActDrawTerrain + t);
      if (!last_round(pub) && pub.scoring_by == kNone && hand_count(p, s, scoring_card(f)) > 0)
        out.push_back(kActScoring);
      add_skills(p, true, out);
      break;
    }
    case Step::kMove: {
      out.push_back(kActDone);
      add_hand_cards(p, s, out);
      if (pub.points > 0) {
        for (int a = 0; a < n; ++a) {
          if (movable(p, a, f) == 0) continue;
          const std::uint32_t nb = neighbours(p, a, f);
          for (int b = 0; b < n; ++b)
            if ((nb & bit(b)) && can_enter(p, b, f)) out.push_back(kActStep + a * 24 + b);
        }
      }
      break;
    }
    case Step::kRecruit:
      out.push_back(kActDone);
      add_hand_cards(p, s, out);
      break;
    case Step::kBuild: {
      out.push_back(kActDone);
      add_hand_cards(p, s, out);
      const SeatState& st = pub.seats[s];
      for (int k = 0; k < content().factions[f].num_structures; ++k) {
        const int sid = f * kStructTypes + k;
        if (pub.points >= content().structures[sid].build_cost && st.built[k] < kStructTokens &&
            buildable_anywhere(p, sid, f))
          out.push_back(kActBuildType + sid);
      }
      for (int k = 0; k < content().factions[f].num_structures; ++k) {
        const int sid = f * kStructTypes + k;
        const StructureDef& sd = content().structures[sid];
        if (pub.points < sd.activate_cost) continue;
        for (int r = 0; r < n; ++r)
          if (can_activate(p, sid, r, f) && effect_feasible(p, sd.effect, s, f, r, false))
            out.push_back(kActStructure + sid * 24 + r);
      }
      break;
    }
    case Step::kBuildWhere:
      for (int r = 0; r < n; ++r)
        if (can_build_at(p, pub.chosen, r, f, true)) out.push_back(kActRegion + r);
      break;
    case Step::kKeep: {
      const auto& l = p.hid.limbo[s];
      out.push_back(kActCard + std::min(l[0], l[1]));
      if (l[0] != l[1]) out.push_back(kActCard + std::max(l[0], l[1]));
      break;
    }
    case Step::kTrogOrder:
    case Step::kBattleOrder:
      for (int r = 0; r < n; ++r)
        if (pub.pending & bit(r)) out.push_back(kActRegion + r);
      break;
    case Step::kEffect: {
      Sink sink{&out, 0};
      effect_options(p, pub.queue[0], sink);
      break;
    }
    case Step::kTurnEnd:
      out.push_back(kActEndTurn);
      add_skills(p, false, out);
      break;
    case Step::kBuyBack:
      out.push_back(kActDone);
      for (int c = 0; c < kFactions; ++c)
        if (c != f && pub.prisoners[c][f] > 0) out.push_back(kActBuyBack + c);
      break;
    case Step::kPlace:
    case Step::kTactics:
    case Step::kCapture:
    case Step::kKill:
    case Step::kRetreat:
    case Step::kNest:
      battle_legal(p, out);
      break;
    case Step::kOver:
      break;
  }
}

bool is_legal(const Position& p, int action) {
  thread_local std::vector<int> legal;
  legal_actions(p, legal);
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

// ---------------------------------------------------------------------------------------------
// Apply

namespace {

void draw_two(Position& p, int src) {
  Public& pub = p.pub;
  const int s = pub.to_move;
  SeatState& st = pub.seats[s];
  auto& limbo = p.hid.limbo[s];
  st.limbo = 0;
  st.limbo_src = static_cast<std::uint8_t>(src);
  if (src == kOwnDeck) {
    for (int k = 0; k < 2; ++k) {
      const int d = draw_one(p, s);
      if (d == kNone) break;
      limbo[st.limbo++] = static_cast<std::uint8_t>(d);
    }
  } else {
    auto& deck = p.hid.terrain[src];
    auto& seen = p.hid.seen_in_terrain[s];
    seen_clear(p, src, s);  // C7.6: the others no longer know what is left in that deck
    for (int k = 0; k < 2 && pub.terrain_count[src] > 0; ++k) {
      const int d = deck[--pub.terrain_count[src]];
      deck[pub.terrain_count[src]] = 0;
      if (seen[d] > 0) --seen[d];
      limbo[st.limbo++] = static_cast<std::uint8_t>(d);
    }
    pub.terrain_bottom[src] = std::min(pub.terrain_bottom[src], pub.terrain_count[src]);
    ++p.hid.reveals;
  }
}

// C7.6: keep one card; the other is shuffled back into its deck.
void keep(Position& p, int def) {
  Public& pub = p.pub;
  const int s = pub.to_move;
  SeatState& st = pub.seats[s];
  auto& limbo = p.hid.limbo[s];
  const int src = st.limbo_src;
  int other = kNone;
  if (st.limbo == 2) other = limbo[0] == def ? limbo[1] : limbo[0];
  hand_add(p, s, def);
  if (src != kOwnDeck) ++st.secret[src];
  if (other != kNone) {
    if (src == kOwnDeck) {
      auto& deck = p.hid.deck[s];
      deck[st.deck++] = static_cast<std::uint8_t>(other);
      p.rng.shuffle(deck.begin(), deck.begin() + st.deck);
    } else {
      auto& deck = p.hid.terrain[src];
      // The known bottom cards lose their place but everyone still knows they are in the deck.
      for (int i = 0; i < pub.terrain_bottom[src]; ++i)
        for (int q = 0; q < pub.players; ++q) ++p.hid.seen_in_terrain[q][deck[i]];
      pub.terrain_bottom[src] = 0;
      deck[pub.terrain_count[src]++] = static_cast<std::uint8_t>(other);
      ++p.hid.seen_in_terrain[s][other];
      p.rng.shuffle(deck.begin(), deck.begin() + pub.terrain_count[src]);
    }
  }
  limbo = {};
  st.limbo = 0;
  st.limbo_src = kNone;
  finish_action(p);
}

void start_draw_two(Position& p, int src) {
  Public& pub = p.pub;
  pub.action_kind = kActDrawOwn;
  draw_two(p, src);
  const SeatState& st = pub.seats[pub.to_move];
  if (st.limbo == 2) {
    pub.step = Step::kKeep;  // always a decision: whether the two are alike is hidden
  } else if (st.limbo == 1) {
    keep(p, p.hid.limbo[pub.to_move][0]);
  } else {
    finish_action(p);
  }
}

}  // namespace

namespace {

bool apply_step(Position& p, int a);

}  // namespace

bool apply(Position& p, int a) {
  clear_facts(p);  // the journal holds what this decision brings about
  return apply_step(p, a);
}

namespace {

bool apply_step(Position& p, int a) {
  const std::uint32_t reveals = p.hid.reveals;
  const Rng before = p.rng;
  Public& pub = p.pub;
  const int s = pub.to_move;
  const int f = pub.seats[s].faction;
  switch (pub.step) {
    case Step::kDiscardToLimit:
      play_from_hand(p, s, a - kActCard);
      begin_limit(p, pub.sub);
      break;
    case Step::kTurnStart:
      if ((a >= kActSkill && a < kActCard) || a >= kActSkillCard) {
        use_skill_action(p, a, Resume::kTurnStart);
      } else if (a == kActMove || a == kActRecruit || a == kActBuild) {
        begin_action(p, a);
        if (a == kActRecruit && pub.seats[s].hand == 0) {
          finish_action(p);
        } else if (a == kActMove && pub.seats[s].hand == 0 && !can_move_any(p)) {
          end_move(p);
        }
      } else if (a == kActDrawOwn) {
        start_draw_two(p, kOwnDeck);
      } else if (a >= kActDrawTerrain && a < kActDrawTerrain + kTerrains) {
        start_draw_two(p, a - kActDrawTerrain);
      } else if (a == kActScoring) {
        play_from_hand(p, s, scoring_card(f));  // C5.7: its icons are not used
        pub.scoring_by = static_cast<std::uint8_t>(s);
        finish_action(p);
      }
      break;
    case Step::kMove:
      if (a == kActDone) {
        end_move(p);
      } else if (a >= kActCard && a < kActRegion) {
        discard_for_action(p, a - kActCard);
      } else {
        move_unit(p, (a - kActStep) / 24, (a - kActStep) % 24);
      }
      if (pub.step == Step::kMove && pub.seats[s].hand == 0 && !can_move_any(p)) end_move(p);
      break;
    case Step::kRecruit:
      if (a == kActDone) {
        finish_action(p);
        break;
      }
      discard_for_action(p, a - kActCard);
      flush_recruits(p);
      if (pub.seats[s].hand == 0) finish_action(p);
      break;
    case Step::kBuild:
      if (a == kActDone) {
        finish_action(p);
      } else if (a >= kActCard && a < kActRegion) {
        discard_for_action(p, a - kActCard);
      } else if (a >= kActBuildType && a < kActStructure) {
        pub.chosen = static_cast<std::uint8_t>(a - kActBuildType);
        pub.step = Step::kBuildWhere;
        int only = -1, count = 0;
        for (int r = 0; r < map_of(p).num_regions; ++r)
          if (can_build_at(p, pub.chosen, r, f, true)) only = r, ++count;
        if (count == 1) apply_step(p, kActRegion + only);
      } else {
        const int sid = (a - kActStructure) / 24, r = (a - kActStructure) % 24;
        pub.points =
            static_cast<std::uint8_t>(pub.points - content().structures[sid].activate_cost);
        pub.activated[r] |= bit(sid);
        pub.resume = Resume::kBuild;
        push_effect(p, content().structures[sid].effect, s, f, r, false);
        run_effects(p);
      }
      break;
    case Step::kBuildWhere: {
      const int sid = pub.chosen, r = a - kActRegion;
      pub.points = static_cast<std::uint8_t>(pub.points - content().structures[sid].build_cost);
      pub.regions[r].structures |= bit(sid);
      ++pub.seats[s].built[sid % kStructTypes];
      pub.chosen = kNone;
      pub.step = Step::kBuild;
      break;
    }
    case Step::kKeep:
      keep(p, a - kActCard);
      break;
    case Step::kTrogOrder: {
      const int r = a - kActRegion;
      pub.pending &= ~bit(r);
      resolve_trog_token(p, r, f);
      continue_move_end(p);
      break;
    }
    case Step::kBattleOrder: {
      const int r = a - kActRegion;
      pub.pending &= ~bit(r);
      pub.regions[r].battle = static_cast<std::uint8_t>(free_battle_token(p));
      pub.regions[r].attacker = static_cast<std::uint8_t>(f);
      continue_move_end(p);
      break;
    }
    case Step::kEffect:
      effect_choose(p, a);
      break;
    case Step::kTurnEnd:
      if (a == kActEndTurn)
        end_turn(p);
      else
        use_skill_action(p, a, Resume::kTurnEnd);
      break;
    case Step::kBuyBack:
      if (a == kActDone) {
        next_buyback(p, pub.sub + 1);
      } else {
        const int captor = a - kActBuyBack;  // C9.2: 2 VP a prisoner, the captor cannot refuse
        --pub.prisoners[captor][f];
        ++pub.reserve[f];
        pub.seats[s].vp = static_cast<std::int16_t>(pub.seats[s].vp - kBuyBackVp);
        note(p, Fact::kVp, s, kNone, kNone, kNone, kNone, -kBuyBackVp);
        next_buyback(p, pub.sub);
      }
      break;
    case Step::kPlace:
    case Step::kTactics:
    case Step::kCapture:
    case Step::kKill:
    case Step::kRetreat:
    case Step::kNest:
      battle_apply(p, a);
      break;
    case Step::kOver:
      assert(false);
      break;
  }
  return p.hid.reveals != reveals || !(p.rng == before);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The end (C10.6)

Standing standing(const Public& pub) {
  Standing st;
  st.players = pub.players;
  for (int s = 0; s < pub.players; ++s) {
    st.vp[s] = pub.seats[s].vp;
    for (int c = 0; c < kFactions; ++c) st.held[s] += pub.prisoners[pub.seats[s].faction][c];
  }
  for (int k = 0; k < pub.players; ++k) st.init[pub.initiative[k]] = k;
  return st;
}

std::array<int, kMaxSeats> Standing::order() const {
  std::array<int, kMaxSeats> out{};
  for (int s = 0; s < players; ++s) out[s] = s;
  for (int i = 1; i < players; ++i)  // insertion sort: stable, no buffer
    for (int j = i; j > 0 && ahead(out[j], out[j - 1]); --j) std::swap(out[j], out[j - 1]);
  return out;
}

}  // namespace turf::cryhavoc
