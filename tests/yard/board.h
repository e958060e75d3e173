// Builds yard positions by hand for scenario tests, and plays them by action label.
#pragma once

#include <gtest/gtest.h>

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/yard/game.h"
#include "games/yard/rules.h"

namespace turf::yard::testing {

inline int kind(const std::string& id) {
  const int k = content().find_card(id);
  if (k < 0) throw std::logic_error("no card " + id);
  return k;
}

inline int neighbor(const std::string& id) {
  const int n = content().find_neighbor(id);
  if (n < 0) throw std::logic_error("no Neighbor " + id);
  return n;
}

// "b2" -> 4
inline int pile(const std::string& name) {
  return (name[0] - 'a') * 3 + (name[1] - '1');
}

// A position put together card by card. Nothing is dealt: hands, Yards, the Store, the deck and
// the Neighbors hold exactly what the test puts there.
class Board {
 public:
  explicit Board(int players = 2, int edition = 2) {
    p.seats = static_cast<std::uint8_t>(players);
    p.edition = static_cast<std::uint8_t>(edition);
  }
  Board& hand(int seat, std::initializer_list<const char*> ids) {
    Player& pl = p.players[seat];
    pl.hand = {};
    pl.hand_size = 0;
    for (const char* id : ids) {
      ++pl.hand[kind(id)];
      ++pl.hand_size;
    }
    return *this;
  }
  Board& garage(int seat, std::initializer_list<const char*> ids) {
    Player& pl = p.players[seat];
    pl.garage = {};
    pl.garage_size = 0;
    for (const char* id : ids) {
      ++pl.garage[kind(id)];
      ++pl.garage_size;
    }
    return *this;
  }
  Board& grass(int seat, std::initializer_list<const char*> piles) {
    for (const char* q : piles) p.players[seat].grass |= static_cast<std::uint16_t>(1u << pile(q));
    return *this;
  }
  // Puts cards on top of a Pile, bottom first.
  Board& yard(int seat, const char* at, std::initializer_list<const char*> ids) {
    Player& pl = p.players[seat];
    for (const char* id : ids) {
      pl.yard[pl.yard_size] = static_cast<std::uint8_t>(kind(id));
      pl.yard_pile[pl.yard_size] = static_cast<std::uint8_t>(pile(at));
      ++pl.yard_size;
    }
    return *this;
  }
  Board& money(int seat, int m) {
    p.players[seat].money = static_cast<std::uint16_t>(m);
    return *this;
  }
  Board& away(int seat, bool a = true) {
    p.players[seat].away = a;
    return *this;
  }
  Board& store(std::initializer_list<const char*> ids) {
    p.store = {};
    p.store_size = 0;
    for (const char* id : ids) {
      ++p.store[kind(id)];
      ++p.store_size;
    }
    return *this;
  }
  Board& trash(std::initializer_list<const char*> ids) {
    p.trash = {};
    p.trash_size = 0;
    for (const char* id : ids) {
      ++p.trash[kind(id)];
      ++p.trash_size;
    }
    return *this;
  }
  // The Store deck, top card first.
  Board& deck(std::initializer_list<const char*> ids) {
    p.deck = {};
    p.deck_size = 0;
    p.deck_known = 0;
    std::vector<int> v;
    for (const char* id : ids) v.push_back(kind(id));
    for (auto it = v.rbegin(); it != v.rend(); ++it)
      p.deck[p.deck_size++] = static_cast<std::uint8_t>(*it);
    return *this;
  }
  Board& row(std::initializer_list<const char*> ids) {
    p.row = {};
    p.row_size = 0;
    for (const char* id : ids) p.row[p.row_size++] = static_cast<std::uint8_t>(neighbor(id));
    return *this;
  }
  // Face-down Neighbors; the last one is revealed first.
  Board& set_aside(std::initializer_list<const char*> ids) {
    p.set_aside = {};
    p.set_aside_size = 0;
    for (const char* id : ids)
      p.set_aside[p.set_aside_size++] = static_cast<std::uint8_t>(neighbor(id));
    return *this;
  }
  Board& sway(int seat, std::initializer_list<const char*> ids) {
    for (const char* id : ids)
      p.players[seat].sway |= static_cast<std::uint16_t>(1u << neighbor(id));
    return *this;
  }
  Position p;
};

inline const GameInfo& yard_game() {
  return Registry::instance().find("yard");
}

// A game state over a built position, played by action labels.
class Table {
 public:
  // Starts `seat`'s turn on the board (its Start actions become due).
  Table(Board b, int seat) : s_(&yard_game(), start(b.p, seat)) {}
  explicit Table(const Position& p) : s_(&yard_game(), p) {}

  const Position& p() const { return s_.position(); }
  const Player& pl(int seat) const { return s_.position().players[seat]; }
  YardState& state() { return s_; }
  int to_move() const { return s_.to_move(); }

  std::vector<std::string> labels() const {
    std::vector<Action> legal;
    s_.legal_actions(legal);
    std::vector<std::string> out;
    for (Action a : legal) out.push_back(s_.action_label(a));
    return out;
  }
  bool can(const std::string& label) const { return find(label) >= 0; }
  // Applies the legal action with this label; fails the test (and throws) when there is none.
  void act(const std::string& label) {
    const Action a = find(label);
    if (a < 0) {
      std::string all;
      for (const auto& l : labels()) all += " [" + l + "]";
      ADD_FAILURE() << "no legal action '" << label << "'; legal:" << all;
      throw std::runtime_error("illegal test action " + label);
    }
    s_.apply(a);
  }
  // Cards on a Pile, bottom first.
  std::vector<std::string> pile_cards(int seat, const char* at) const {
    std::vector<std::string> out;
    const Player& y = pl(seat);
    for (int i = 0; i < y.yard_size; ++i)
      if (y.yard_pile[i] == pile(at)) out.push_back(content().cards[kind_of(y.yard[i])].id);
    return out;
  }
  int hand(int seat, const char* id) const { return pl(seat).hand[kind(id)]; }
  int garage(int seat, const char* id) const { return pl(seat).garage[kind(id)]; }
  int store(const char* id) const { return p().store[kind(id)]; }
  int trash(const char* id) const { return p().trash[kind(id)]; }
  bool swayed(int seat, const char* id) const { return pl(seat).sway >> neighbor(id) & 1; }

 private:
  static Position start(Position p, int seat) {
    start_turn(p, seat);
    return p;
  }
  Action find(const std::string& label) const {
    std::vector<Action> legal;
    s_.legal_actions(legal);
    for (Action a : legal)
      if (s_.action_label(a) == label) return a;
    return -1;
  }
  YardState s_;
};

}  // namespace turf::yard::testing
