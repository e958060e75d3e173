// Builds Turf Wars positions by hand for scenario tests: factions, troops, hands and drafted
// cards on a cleared board, then resumes the rules from a chosen phase.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game.h"
#include "games/turfwars/game.h"

namespace turf::turfwars::testing {

inline const GameInfo& game() {
  return Registry::instance().find("turfwars");
}

inline int cell(const Position& p, const std::string& name) {
  const Board& b = board_of(p);
  const int col = name[0] - 'A', row = std::stoi(name.substr(1)) - 1;
  return row * b.size + col;
}

inline int tmpl(const std::string& label) {
  for (std::size_t t = 0; t < content().templates.size(); ++t)
    if (template_label(Position{}, static_cast<int>(t)) == label) return static_cast<int>(t);
  ADD_FAILURE() << "no action card " << label;
  return 0;
}

inline int faction(const std::string& id) {
  return content().faction_index(id);
}

inline int combat(const std::string& id) {
  for (int t = 0; t < kCombatTypes; ++t)
    if (content().combat[t].id == id) return t;
  ADD_FAILURE() << "no combat card " << id;
  return 0;
}

class Scenario {
 public:
  explicit Scenario(int players, Cost cost = kSimple) {
    setup(p, {players, cost, true}, 7);
    // Factions without any effect on Turf Wars by default.
    const char* quiet[kMaxSeats] = {"lizard_folk", "geomancer", "dryads",
                                    "gryphons",    "pixies",    "doppelgangers"};
    for (int s = 0; s < players; ++s) set_faction(s, quiet[s]);
    for (int s = 0; s < players; ++s) p.seats[s].nemesis = kNone;
    if (players == 2) p.seats[0].nemesis = 1, p.seats[1].nemesis = 0;
    p.owner.fill(-1);
    p.troops.fill(0);
    for (int s = 0; s < players; ++s) {
      p.seats[s].hand = {};
      p.seats[s].hand[kZero] = 1;
      p.seats[s].start = kNone;
    }
    // The combat deck as built at set-up (T2.4), shuffled.
    p.combat_deck_size = 0;
    for (int t = 1; t <= 10; ++t)
      for (int k = 0; k < content().combat[t].count; ++k)
        p.combat_deck[p.combat_deck_size++] = static_cast<std::uint8_t>(t);
    p.rng.shuffle(p.combat_deck.begin(), p.combat_deck.begin() + p.combat_deck_size);
    p.ftt = 0;
    p.round = 3;
    p.rounds_played = 3;
    p.event = kNone;
  }
  Scenario& set_faction(int seat, const std::string& id) {
    SeatState& s = p.seats[seat];
    s.faction = s.chosen = static_cast<std::uint8_t>(faction(id));
    s.dealt = {s.faction, kNone};
    s.home = static_cast<std::uint8_t>(content().factions[s.faction].home);
    return *this;
  }
  Scenario& troops(int seat, const std::string& where, int n) {
    const int c = cell(p, where);
    p.owner[c] = static_cast<std::int8_t>(seat);
    p.troops[c] = static_cast<std::uint8_t>(n);
    return *this;
  }
  Scenario& hand(int seat, const std::vector<std::string>& cards) {
    p.seats[seat].hand = {};
    p.seats[seat].hand[kZero] = 1;
    for (const auto& c : cards) ++p.seats[seat].hand[combat(c)];
    return *this;
  }
  Scenario& event(const std::string& id) {
    p.event = static_cast<std::uint8_t>(content().event_index(id));
    return *this;
  }
  Scenario& secret(int seat, const std::string& id) {
    SeatState& s = p.seats[seat];
    s.secrets[s.num_secrets++] = static_cast<std::uint8_t>(content().secret_index(id));
    return *this;
  }
  // Phase 4 with these drafted cards (seat, label), every other seat having drafted nothing.
  TurfWarsState& actions(const std::vector<std::pair<int, std::string>>& picks) {
    p.phase = Phase::kActions;
    p.draft_state = 2;
    p.n_draft = 0;
    for (int k = 0; k < p.num_seats; ++k) {
      const int s = (p.ftt + k) % p.num_seats;
      p.draft_order[p.n_draft++] = static_cast<std::uint8_t>(s);
      p.seats[s].pick = kNone;
      p.seats[s].revealed = false;
      p.seats[s].has_received = true;
    }
    for (const auto& [seat, label] : picks)
      p.seats[seat].pick = static_cast<std::uint8_t>(tmpl(label));
    // The cards in play come from the deck.
    for (const auto& [seat, label] : picks) remove_from_action_deck(tmpl(label));
    p.turn = Turn{};
    p.sub = 0;
    return start();
  }
  // Any phase from its beginning (pre-event, reinforcements, event, score, spend).
  TurfWarsState& at(Phase phase) {
    p.phase = phase;
    p.cursor = 0;
    p.sub = 0;
    p.count = kNone;
    p.n_order = 0;
    for (int k = 0; k < p.num_seats; ++k)
      p.order[p.n_order++] = static_cast<std::uint8_t>((p.ftt + k) % p.num_seats);
    return start();
  }
  TurfWarsState& start() {
    resume(p);
    state = std::make_unique<TurfWarsState>(&game(), p);
    return *state;
  }
  void remove_from_action_deck(int t) {
    for (int i = 0; i < p.action_deck_size; ++i)
      if (p.action_deck[i] == t) {
        p.action_deck[i] = p.action_deck[--p.action_deck_size];
        return;
      }
  }
  Position p;
  std::unique_ptr<TurfWarsState> state;
};

// The legal labels of a state.
inline std::vector<std::string> labels(const State& s) {
  std::vector<Action> legal;
  s.legal_actions(legal);
  std::vector<std::string> out;
  for (Action a : legal) out.push_back(s.action_label(a));
  return out;
}

// Applies the legal action with this label (a test failure when there is none).
inline void play(State& s, const std::string& label) {
  std::vector<Action> legal;
  s.legal_actions(legal);
  for (Action a : legal)
    if (s.action_label(a) == label) {
      s.apply(a);
      return;
    }
  std::string all;
  for (const auto& l : labels(s)) all += " [" + l + "]";
  FAIL() << "no legal action '" << label << "' for seat " << s.to_move() << "; legal:" << all;
}

inline const Position& pos(const State& s) {
  return dynamic_cast<const TurfWarsState&>(s).position();
}

}  // namespace turf::turfwars::testing
