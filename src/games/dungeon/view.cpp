// Dungeon: the wall — a seat's view (the board, the monsters and the set-aside tiles are public;
// the order of the bag is not), its JSON, and the worlds consistent with it.
#include "games/dungeon/game.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <span>

#include "core/embedded.h"
#include "core/view.h"

namespace turf::dungeon {

// ---------------------------------------------------------------------------------------------
// View

DungeonView::DungeonView(const DungeonState& state, Seat v) : game(&state.game()), viewer(v) {
  const Position& p = state.pos_;
  const bool all = v == kOmniscient;
  mix_index = p.mix_index;
  content = p.content;
  influence = p.influence;
  first_player = p.first_player;
  first_draw_rounds = p.first_draw_rounds;
  first_draws.assign(p.first_draws.begin(), p.first_draws.begin() + p.num_first_draws);
  to_move = p.to_move;
  turn = p.turn;
  move_number = state.move_number();
  undo_floor = state.undo_floor();
  over = p.over();
  monster_step = p.step == Step::kMonster;
  tiles.assign(p.tiles.begin(), p.tiles.begin() + p.num_tiles);
  monsters.assign(p.monsters.begin(), p.monsters.begin() + p.num_monsters);
  set_aside.assign(p.set_aside.begin(), p.set_aside.begin() + p.num_set_aside);
  deck_count = p.deck_size;
  const auto pts = score(p);
  for (int s = 0; s < kSeats; ++s) {
    SeatInfo& si = seats[s];
    si.hand_count = p.hand_size[s];
    si.has_monster = p.monster_hand[s] != kNone;
    si.monster_deck_count = p.monster_deck_size[s];
    si.score = pts[s];
    if (all || v == s) {
      si.hand.emplace(p.hand[s].begin(), p.hand[s].begin() + p.hand_size[s]);
      si.monster = p.monster_hand[s];
    }
    if (all)
      si.monster_deck.emplace(p.monster_deck[s].begin(),
                              p.monster_deck[s].begin() + p.monster_deck_size[s]);
  }
  if (all || (v == p.to_move && !p.over())) {
    step = p.step;
    chosen_shape = p.chosen_shape;
    chosen_x = p.chosen_x;
    chosen_y = p.chosen_y;
  }
  if (all) {
    deck_order.emplace(p.deck.begin(), p.deck.begin() + p.deck_size);
    rng = p.rng;
  }
}

bool DungeonView::ambiguous() const {
  if (viewer == kOmniscient) return false;
  // Tiles: the unseen ones can be arranged between unknown hands and the deck in several ways
  // when at least two different shapes are among them.
  std::array<int, kNumShapes> pool{};
  for (int s = 0; s < kNumShapes; ++s) pool[s] = content_used().mixes[mix_index].counts[s];
  for (const auto& t : tiles) --pool[t.shape];
  for (auto s : set_aside) --pool[s];
  for (const auto& si : seats)
    if (si.hand)
      for (auto s : *si.hand) --pool[s];
  if (std::count_if(pool.begin(), pool.end(), [](int n) { return n > 0; }) >= 2) return true;
  // Monsters: a seat's remaining cards (hand + deck) of two or more types can be ordered in
  // several ways (the viewer's own deck order is hidden from it too).
  for (int s = 0; s < kSeats; ++s) {
    std::array<int, kNumTypes> left{};
    for (int t = 0; t < kNumTypes; ++t) left[t] = content_used().monsters[t].per_deck;
    for (const auto& m : monsters)
      if (m.owner == s) --left[m.type];
    if (seats[s].monster && *seats[s].monster != kNone) --left[*seats[s].monster];
    if (std::count_if(left.begin(), left.end(), [](int n) { return n > 0; }) >= 2) return true;
  }
  return false;
}

void DungeonView::board_into(Position& p) const {
  p = Position{};
  p.content = static_cast<std::uint8_t>(content);
  p.mix = content_used().mixes[mix_index].counts;
  p.mix_index = static_cast<std::uint8_t>(mix_index);
  p.influence = static_cast<std::uint8_t>(influence);
  for (const auto& t : tiles) {
    p.tiles[p.num_tiles] = t;
    p.grid[((t.y & 31) << 5) | (t.x & 31)] = ++p.num_tiles;
  }
  sync_cache(p);  // the open spots of the board, once, rather than at every read of it
  for (const auto& m : monsters) p.monsters[p.num_monsters++] = m;
}

std::unique_ptr<State> DungeonView::sample_world(Rng& r) const {
  auto state = std::make_unique<DungeonState>(game, Position{});
  sample_world_into(*state, r);
  return state;
}

void DungeonView::sample_world_into(State& out, Rng& r) const {
  auto& state = dynamic_cast<DungeonState&>(out);
  Position& p = state.pos_;
  board_into(p);
  for (auto s : set_aside) p.set_aside[p.num_set_aside++] = s;
  for (const auto& d : first_draws) p.first_draws[p.num_first_draws++] = d;
  p.first_draw_rounds = static_cast<std::uint8_t>(first_draw_rounds);
  p.first_player = static_cast<std::uint8_t>(first_player);
  p.to_move = static_cast<std::uint8_t>(to_move);
  p.turn = static_cast<std::uint8_t>(turn);

  // Tiles: the known hands stay; the unseen tiles are shuffled into unknown hands and the deck.
  auto pool_counts = unplaced_counts(p);
  for (const auto& si : seats)
    if (si.hand)
      for (auto s : *si.hand) --pool_counts[s];
  std::array<std::uint8_t, kDeckSize> pool_cards;  // fixed capacity: sampling does not allocate
  std::size_t pool_size = 0;
  for (int s = 0; s < kNumShapes; ++s)
    for (int k = 0; k < pool_counts[s]; ++k) {
      if (pool_size == pool_cards.size())
        throw std::logic_error("dungeon view: more unseen tiles than the deck holds");
      pool_cards[pool_size++] = static_cast<std::uint8_t>(s);
    }
  const std::span<std::uint8_t> pool(pool_cards.data(), pool_size);
  r.shuffle(pool.begin(), pool.end());
  std::size_t next = 0;
  for (int s = 0; s < kSeats; ++s) {
    const SeatInfo& si = seats[s];
    p.hand_size[s] = static_cast<std::uint8_t>(si.hand_count);
    for (int i = 0; i < si.hand_count; ++i) {
      if (!si.hand && next >= pool.size())
        throw std::logic_error("dungeon view: too few unseen tiles for the hands");
      p.hand[s][i] = si.hand ? (*si.hand)[i] : pool[next++];
    }
  }
  if (deck_order) {
    for (auto s : *deck_order) p.deck[p.deck_size++] = s;
  } else {
    if (pool.size() - next != static_cast<std::size_t>(deck_count))
      throw std::logic_error("dungeon view: the unseen tiles do not fill the deck");
    while (next < pool.size()) p.deck[p.deck_size++] = pool[next++];
  }

  // Monsters: what a seat has not yet played is its hand card plus its deck.
  std::array<std::array<int, kNumTypes>, kSeats> played{};
  for (const auto& m : monsters) ++played[m.owner][m.type];
  for (int s = 0; s < kSeats; ++s) {
    const SeatInfo& si = seats[s];
    if (si.monster_deck) {
      for (auto t : *si.monster_deck) p.monster_deck[s][p.monster_deck_size[s]++] = t;
      p.monster_hand[s] = *si.monster;
      continue;
    }
    std::array<std::uint8_t, kMonstersPerDeck> left_cards;
    std::size_t left_size = 0;
    for (int t = 0; t < kNumTypes; ++t) {
      int n = content_used().monsters[t].per_deck - played[s][t];
      if (si.monster && *si.monster == t) --n;
      for (int k = 0; k < n; ++k) {
        if (left_size == left_cards.size())
          throw std::logic_error("dungeon view: more monsters left than a deck holds");
        left_cards[left_size++] = static_cast<std::uint8_t>(t);
      }
    }
    const std::span<std::uint8_t> left(left_cards.data(), left_size);
    r.shuffle(left.begin(), left.end());
    std::size_t at = 0;
    if (si.monster)
      p.monster_hand[s] = *si.monster;
    else
      p.monster_hand[s] = si.has_monster ? left[at++] : kNone;
    for (; at < left.size(); ++at) p.monster_deck[s][p.monster_deck_size[s]++] = left[at];
  }

  if (over) {
    p.step = Step::kOver;
  } else if (step) {
    p.step = *step;
    p.chosen_shape = chosen_shape;
    p.chosen_x = static_cast<std::int8_t>(chosen_x);
    p.chosen_y = static_cast<std::int8_t>(chosen_y);
  } else if (monster_step) {
    p.step = Step::kMonster;
  } else {
    p.step = Step::kChooseTile;
    restart_tile_step(p);  // the mover's unfinished choice is its secret
  }
  if (rng)
    p.rng = *rng;
  else
    p.rng.reseed(r.next());
  state.set_counters(move_number, undo_floor);
}

void DungeonView::to_json(nlohmann::json& j) const {
  const Content& c = content_used();
  j["tiles_mix"] = c.mixes[mix_index].id;
  j["influence"] = influence == kInfluenceDirection ? "direction" : "passage";
  j["first_player"] = first_player;
  auto& draws = j["first_player_draws"] = nlohmann::json::array();
  for (const auto& d : first_draws) draws.push_back({c.shapes[d[0]].id, c.shapes[d[1]].id});
  j["first_player_draw_rounds"] = first_draw_rounds;
  j["turn"] = turn;
  j["step"] = over ? "over" : monster_step ? "monster" : "tile";
  auto& board = j["board"] = nlohmann::json::array();
  for (std::size_t t = 0; t < tiles.size(); ++t) {
    nlohmann::json tile = {{"x", tiles[t].x},
                           {"y", tiles[t].y},
                           {"shape", c.shapes[tiles[t].shape].id},
                           {"passages", passages_text(tiles[t].mask)}};
    auto& stack = tile["monsters"] = nlohmann::json::array();
    for (const auto& m : monsters)
      if (m.tile == t) stack.push_back({{"owner", m.owner}, {"monster", c.monsters[m.type].id}});
    board.push_back(std::move(tile));
  }
  auto& aside = j["set_aside"] = nlohmann::json::array();
  for (auto s : set_aside) aside.push_back(c.shapes[s].id);
  j["deck_count"] = deck_count;
  if (deck_order) {
    auto& order = j["deck_order"] = nlohmann::json::array();
    for (auto s : *deck_order) order.push_back(c.shapes[s].id);
  }
  auto& seats_j = j["seats"] = nlohmann::json::array();
  for (const auto& si : seats) {
    nlohmann::json s = {{"hand_count", si.hand_count},
                        {"monster_in_hand", si.has_monster},
                        {"monster_deck_count", si.monster_deck_count},
                        {"score", si.score}};
    if (si.hand) {
      auto& h = s["hand"] = nlohmann::json::array();
      for (auto x : *si.hand) h.push_back(c.shapes[x].id);
    }
    if (si.monster)
      s["monster"] = *si.monster == kNone ? nlohmann::json(nullptr)
                                          : nlohmann::json(c.monsters[*si.monster].id);
    if (si.monster_deck) {
      auto& d = s["monster_deck"] = nlohmann::json::array();
      for (auto x : *si.monster_deck) d.push_back(c.monsters[x].id);
    }
    seats_j.push_back(std::move(s));
  }
  if (step) {
    nlohmann::json pending = {{"step", step_name(*step)}};
    if (chosen_shape != kNone) pending["shape"] = c.shapes[chosen_shape].id;
    if (*step == Step::kOrient) pending["cell"] = {chosen_x, chosen_y};
    j["pending"] = std::move(pending);
  }
}

}  // namespace turf::dungeon
