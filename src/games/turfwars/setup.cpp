// Turf Wars kernel: set-up (T2): the decks, the faction cards, the reveal, the First Turn Token,
// combat hands, nemeses and secret wins, and the starting turfs (the options live in kernel.h).
#include <algorithm>

#include "games/turfwars/kernel.h"

namespace turf::turfwars::kernel {

void deal_combat(Position& p) {
  const Content& c = C(p);
  p.combat_deck_size = 0;
  for (int t = 1; t <= 10; ++t)
    for (int k = 0; k < c.combat[t].count; ++k)
      p.combat_deck[p.combat_deck_size++] = static_cast<std::uint8_t>(t);
  for (int k = 0; k < p.num_seats; ++k) p.combat_deck[p.combat_deck_size++] = kCryForHelp;
  for (int k = 0; k < c.negate_in_play[p.num_seats]; ++k)
    p.combat_deck[p.combat_deck_size++] = kNegate;
  p.rng.shuffle(p.combat_deck.begin(), p.combat_deck.begin() + p.combat_deck_size);
  for (int s = 0; s < p.num_seats; ++s) {
    p.seats[s].hand = {};
    p.seats[s].hand[kZero] = 1;
    for (int k = 0; k < c.combat_hand; ++k) {
      const int t = draw_combat(p);
      if (t != kNone) ++p.seats[s].hand[t];
    }
  }
}

void draw_secret(Position& p, int seat) {
  SeatState& s = p.seats[seat];
  if (p.secret_deck_size == 0 || s.num_secrets >= kMaxSecretsHeld) return;
  const int card = p.secret_deck[--p.secret_deck_size];
  s.secrets[s.num_secrets++] = static_cast<std::uint8_t>(card);
  p.secret_bits[seat] |= secret_bit(p, card);
  ++p.commits;
}

// After every faction is chosen: reveal, FTT, combat cards, nemeses, secret wins (T2.2-T2.5).
void reveal_factions(Position& p) {
  ++p.commits;
  int pixies = -1;
  for (int s = 0; s < p.num_seats; ++s) {
    SeatState& st = p.seats[s];
    st.faction = st.chosen;
    st.home = static_cast<std::uint8_t>(C(p).factions[st.faction].home);
    if (C(p).factions[st.faction].ability.first_turn_token) pixies = s;
  }
  p.ftt =
      static_cast<std::uint8_t>(pixies >= 0 ? pixies : static_cast<int>(p.rng.below(p.num_seats)));
  p.first_ftt = p.ftt;
  deal_combat(p);
  for (int s = 0; s < p.num_seats; ++s) {
    SeatState& st = p.seats[s];
    if (p.num_seats == 2) {
      st.nemesis = static_cast<std::uint8_t>(1 - s);
      continue;
    }
    const int nem = C(p).factions[st.faction].nemesis;
    for (int o = 0; o < p.num_seats; ++o)
      if (o != s && p.seats[o].faction == nem) st.nemesis = static_cast<std::uint8_t>(o);
  }
  build_order(p, p.ftt);
  for (int i = 0; i < p.n_order; ++i)
    if (p.seats[p.order[i]].nemesis == kNone) draw_secret(p, p.order[i]);
  p.phase = Phase::kStarts;
  build_order(p, p.ftt);
}
}  // namespace turf::turfwars::kernel

namespace turf::turfwars {

using namespace kernel;

void setup(Position& p, const Setup& s, std::uint64_t seed) {
  p = Position{};
  p.content = static_cast<std::uint8_t>(s.content);
  const Content& c = C(p);
  p.rng.reseed(seed);
  p.num_seats = static_cast<std::uint8_t>(s.players);
  p.cost = s.cost;
  p.mind_control_on = s.mind_control;
  const Board& b = c.board_for(s.players);
  for (std::size_t i = 0; i < c.boards.size(); ++i)
    if (&c.boards[i] == &b) p.board = static_cast<std::uint8_t>(i);
  p.owner.fill(-1);
  // Decks (T2.1-T2.4).
  for (std::size_t e = 0; e < c.events.size(); ++e)
    if (!c.events[e].optional || s.mind_control)
      p.event_deck[p.event_deck_size++] = static_cast<std::uint8_t>(e);
  p.rng.shuffle(p.event_deck.begin(), p.event_deck.begin() + p.event_deck_size);
  for (std::size_t k = 0; k < c.secrets.size(); ++k)
    p.secret_deck[p.secret_deck_size++] = static_cast<std::uint8_t>(k);
  p.rng.shuffle(p.secret_deck.begin(), p.secret_deck.begin() + p.secret_deck_size);
  for (std::size_t t = 0; t < c.templates.size(); ++t)
    for (int k = 0; k < c.templates[t].count; ++k)
      p.action_deck[p.action_deck_size++] = static_cast<std::uint8_t>(t);
  p.rng.shuffle(p.action_deck.begin(), p.action_deck.begin() + p.action_deck_size);
  for (std::size_t f = 0; f < c.factions.size(); ++f)
    p.faction_deck[p.faction_deck_size++] = static_cast<std::uint8_t>(f);
  p.rng.shuffle(p.faction_deck.begin(), p.faction_deck.begin() + p.faction_deck_size);
  p.one_faction = s.one_faction;
  p.bloodlust_half = s.bloodlust_half;
  for (int seat = 0; seat < s.players; ++seat)
    for (int k = 0; k < (s.one_faction ? 1 : 2); ++k)
      p.seats[seat].dealt[k] = p.faction_deck[--p.faction_deck_size];
  p.phase = Phase::kFactions;
  p.cursor = 0;
  if (s.one_faction) {  // nothing to choose: the dealt card is the faction, revealed at once
    for (int seat = 0; seat < s.players; ++seat) p.seats[seat].chosen = p.seats[seat].dealt[0];
    p.cursor = p.num_seats;
  }
  run(p, true);
}

}  // namespace turf::turfwars
