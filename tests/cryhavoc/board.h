// Builds Cry Havoc positions by hand for scenario tests: a game set up with fixed factions (seat i
// plays Humans, Machines, Pilgrims, Trogs in that order), then emptied of everything outside the
// HQs, so that each test places exactly the units, tokens and cards it talks about.
#pragma once

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/cryhavoc/kernel.h"
#include "games/cryhavoc/rules.h"

namespace turf::cryhavoc::testing {

inline int card_def(const std::string& id) {
  for (std::size_t d = 0; d < content().cards.size(); ++d)
    if (content().cards[d].id == id) return static_cast<int>(d);
  throw std::logic_error("no card " + id);
}

inline int skill_id(const std::string& id) {
  for (std::size_t k = 0; k < content().skills.size(); ++k)
    if (content().skills[k].id == id) return static_cast<int>(k);
  throw std::logic_error("no skill " + id);
}

inline int structure_id(const std::string& id) {
  for (std::size_t k = 0; k < content().structures.size(); ++k)
    if (content().structures[k].exists && content().structures[k].id == id)
      return static_cast<int>(k);
  throw std::logic_error("no structure " + id);
}

template <class Defs>
int token_def(const Defs& defs, const std::string& id) {
  for (std::size_t k = 0; k < defs.size(); ++k)
    if (defs[k].id == id) return static_cast<int>(k);
  throw std::logic_error("no token " + id);
}

inline int region(const Position& p, const std::string& id) {
  const MapDef& m = map_of(p);
  for (int r = 0; r < m.num_regions; ++r)
    if (m.regions[r].id == id) return r;
  throw std::logic_error("no region " + id);
}

inline std::vector<int> legal(const Position& p) {
  std::vector<int> out;
  legal_actions(p, out);
  return out;
}

inline bool has(const std::vector<int>& v, int a) {
  return std::find(v.begin(), v.end(), a) != v.end();
}

class Board {
 public:
  // content: the content's slot (0 the game's own, else content_slot of a variant's patch).
  explicit Board(int players = 2, std::uint64_t seed = 1, int content_slot = 0) {
    cryhavoc::Setup su;
    su.players = players;
    su.content = content_slot;
    su.random_factions = false;
    setup(p, su, seed);
    Public& pub = p.pub;
    for (int r = 0; r < map_of(p).num_regions; ++r) {
      RegionState& R = pub.regions[r];
      for (int f = 0; f < kFactions; ++f)
        if (pub.hq_faction[r] != f) {
          pub.reserve[f] = static_cast<std::uint8_t>(pub.reserve[f] + R.units[f]);
          R.units[f] = 0;
        }
      if (pub.hq_faction[r] == kNone) R.control = kNone;
      R.crystals = 0;
      R.explore = 0;
      R.trog = 0;
      R.battle = 0;
      R.attacker = kNone;
      p.hid.explore[r] = p.hid.trog[r] = 0;
    }
    // The round-1 event may have changed scores and HQs: start from the set-up values.
    for (int s = 0; s < pub.players; ++s) {
      SeatState& st = pub.seats[s];
      const int f = st.faction, start = f == kTrogs ? 2 : 4;
      st.vp = 0;
      pub.regions[st.hq].units[f] = static_cast<std::uint8_t>(start);
      pub.reserve[f] = static_cast<std::uint8_t>(content_of(p).factions[f].units - start);
    }
    if (pub.trogs_neutral) {
      pub.reserve[kTrogs] = content_of(p).factions[kTrogs].units;
      pub.nest_supply = static_cast<std::uint8_t>(content_of(p).nest_pool.size());
      for (int k = 0; k < pub.nest_supply; ++k) p.hid.nests[k] = content_of(p).nest_pool[k];
    }
    // Tokens taken off the map go back among those not on the map (identities stay consistent).
    pub.explore_unused = kExploreTokens - pub.num_revealed_explores;
    for (int k = 0; k < pub.explore_unused; ++k)
      p.hid.explore_unused[k] = content_of(p).explore_pool[k];
    pub.war_party_unused = static_cast<std::uint8_t>(content_of(p).war_party_pool.size());
    for (int k = 0; k < pub.war_party_unused; ++k)
      p.hid.war_party_unused[k] = content_of(p).war_party_pool[k];
    turn(0);
  }

  // The seat's turn begins (first action of the round; it is first in initiative order).
  Board& turn(int seat) {
    Public& pub = p.pub;
    std::vector<std::uint8_t> order;
    order.push_back(static_cast<std::uint8_t>(seat));
    for (int s = 0; s < pub.players; ++s)
      if (s != seat) order.push_back(static_cast<std::uint8_t>(s));
    for (int k = 0; k < pub.players; ++k) pub.initiative[k] = pub.upcoming[k] = order[k];
    pub.turn_pos = 0;
    pub.action_round = 0;
    pub.step = Step::kTurnStart;
    pub.to_move = static_cast<std::uint8_t>(seat);
    pub.activated = {};
    pub.action_kind = kNone;
    pub.queue_size = 0;
    refresh_start_control();
    return *this;
  }
  void refresh_start_control() {
    Public& pub = p.pub;
    pub.control_at_start = 0;
    const int f = pub.seats[pub.to_move].faction;
    for (int r = 0; r < map_of(p).num_regions; ++r)
      if (pub.regions[r].control == f) pub.control_at_start |= 1u << r;
  }

  int r(const std::string& id) const { return region(p, id); }

  // Sets a faction's units in a region (the reserve pays or takes the difference).
  Board& units(const std::string& id, int faction, int n) {
    RegionState& R = p.pub.regions[r(id)];
    p.pub.reserve[faction] =
        static_cast<std::uint8_t>(p.pub.reserve[faction] + R.units[faction] - n);
    R.units[faction] = static_cast<std::uint8_t>(n);
    return *this;
  }
  Board& control(const std::string& id, int faction) {
    p.pub.regions[r(id)].control = static_cast<std::uint8_t>(faction);
    refresh_start_control();
    return *this;
  }
  Board& crystals(const std::string& id, int n) {
    p.pub.regions[r(id)].crystals = static_cast<std::uint8_t>(n);
    return *this;
  }
  Board& war_party(const std::string& id, const std::string& token) {
    const int def = token_def(content().war_parties, token);
    take_token(p.hid.war_party_unused.data(), p.pub.war_party_unused, def);
    p.pub.regions[r(id)].trog = 1;
    p.hid.trog[r(id)] = static_cast<std::uint8_t>(def);
    return *this;
  }
  Board& nest(const std::string& id, const std::string& token) {
    const int def = token_def(content().nests, token);
    take_token(p.hid.nests.data(), p.pub.nest_supply, def);
    p.pub.regions[r(id)].trog = 2;
    p.hid.trog[r(id)] = static_cast<std::uint8_t>(def);
    return *this;
  }
  Board& exploration(const std::string& id, const std::string& token) {
    const int def = token_def(content().explores, token);
    take_token(p.hid.explore_unused.data(), p.pub.explore_unused, def);
    p.pub.regions[r(id)].explore = 1;
    p.hid.explore[r(id)] = static_cast<std::uint8_t>(def);
    return *this;
  }
  // A battle token (the lowest free one) with `attacker` attacking.
  Board& battle(const std::string& id, int attacker) {
    RegionState& R = p.pub.regions[r(id)];
    R.battle = static_cast<std::uint8_t>(free_battle_token(p));
    R.attacker = static_cast<std::uint8_t>(attacker);
    return *this;
  }
  // Replaces the seat's hand: its faction cards not named go to its deck; named terrain cards
  // come out of their terrain deck as cards only the seat knows.
  Board& hand(int seat, const std::vector<std::string>& cards) {
    SeatState& st = p.pub.seats[seat];
    const FactionDef& fd = content().factions[st.faction];
    std::vector<int> in_hand, deck(fd.deck.begin(), fd.deck.end());
    st.secret = {};
    for (const auto& id : cards) {
      const int d = card_def(id);
      in_hand.push_back(d);
      const int t = card_terrain(p, d);
      if (t != kNone) {
        ++st.secret[t];
        auto& td = p.hid.terrain[t];
        int n = p.pub.terrain_count[t];
        const auto it = std::find(td.begin(), td.begin() + n, d);
        if (it == td.begin() + n) throw std::logic_error("terrain card not in its deck");
        std::rotate(it, it + 1, td.begin() + n);
        td[--n] = 0;
        p.pub.terrain_count[t] = static_cast<std::uint8_t>(n);
        p.pub.terrain_bottom[t] = 0;
      } else {
        const auto it = std::find(deck.begin(), deck.end(), d);
        if (it == deck.end()) throw std::logic_error("card not in the faction's deck");
        deck.erase(it);
      }
    }
    std::sort(in_hand.begin(), in_hand.end());
    p.hid.hand[seat] = {};
    p.hid.deck[seat] = {};
    for (std::size_t i = 0; i < in_hand.size(); ++i)
      p.hid.hand[seat][i] = static_cast<std::uint8_t>(in_hand[i]);
    for (std::size_t i = 0; i < deck.size(); ++i)
      p.hid.deck[seat][i] = static_cast<std::uint8_t>(deck[i]);
    st.hand = static_cast<std::uint8_t>(in_hand.size());
    st.deck = static_cast<std::uint8_t>(deck.size());
    st.discard = {};
    st.discard_n = 0;
    st.known = {};
    for (auto d : fd.deck) ++st.known[d];
    return *this;
  }
  // No more event tokens on the track (tests that run into the next round stay predictable).
  Board& no_events() {
    p.pub.event_count = {};
    p.hid.events = {};
    return *this;
  }
  Board& vp(int seat, int v) {
    p.pub.seats[seat].vp = static_cast<std::int16_t>(v);
    return *this;
  }

  Position p;

 private:
  static void take_token(std::uint8_t* pool, std::uint8_t& n, int def) {
    for (int i = 0; i < n; ++i) {
      if (pool[i] != def) continue;
      for (int k = i; k + 1 < n; ++k) pool[k] = pool[k + 1];
      pool[--n] = 0;
      return;
    }
    throw std::logic_error("token not available");
  }
};

// Applies actions, failing loudly on an illegal one.
inline void play(Position& p, std::initializer_list<int> actions) {
  for (int a : actions) {
    if (!is_legal(p, a)) throw std::logic_error("illegal action " + std::to_string(a));
    apply(p, a);
  }
}

inline int step(const Position& p, const std::string& from, const std::string& to) {
  return kActStep + region(p, from) * 24 + region(p, to);
}

}  // namespace turf::cryhavoc::testing
