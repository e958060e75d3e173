// Cry Havoc kernel: set-up (C2) — the map and its tokens, the factions and their decks, the
// starting units and structures — ending in the first round. Clause ids refer to
// docs/rules/cryhavoc.md.
#include "games/cryhavoc/rules.h"

#include <algorithm>
#include <cassert>

#include "games/cryhavoc/kernel.h"

namespace turf::cryhavoc {

void setup(Position& p, const Setup& su, std::uint64_t seed) {
  p = Position{};
  p.rng.reseed(seed);
  Public& pub = p.pub;
  pub.content = static_cast<std::uint8_t>(su.content);
  const Content& c = C(p);
  pub.players = static_cast<std::uint8_t>(su.players);
  pub.map = su.players == 2 ? 0 : 1;
  pub.trogs_neutral = su.players < 4;  // C2.3
  pub.nest_into_battles = su.nest_into_battles;
  pub.end_when_events_run_out = su.end_when_events_run_out;
  const MapDef& m = the_map(p);
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

}  // namespace turf::cryhavoc
