// Turf War (yard): the wall — the perfect-recall view (E2) with the deck order, the set-aside
// cards and the unseen Neighbors hidden, its JSON, and the worlds consistent with it.
#include "games/yard/game.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/view.h"

namespace turf::yard {

namespace {

nlohmann::json kinds_json(const std::array<std::uint8_t, kMaxKinds>& counts) {
  auto j = nlohmann::json::array();
  for (int k = 0; k < static_cast<int>(content().cards.size()); ++k)
    for (int n = 0; n < counts[k]; ++n) j.push_back(content().cards[k].id);
  return j;
}

const char* end_reason_name(EndReason r) {
  switch (r) {
    case EndReason::kNone:
      return "none";
    case EndReason::kLastNeighbor:
      return "last_neighbor";
    case EndReason::kRoundLimit:
      return "round_limit";
    case EndReason::kActionCap:
      return "action_cap";
    case EndReason::kStalemate:
      return "stalemate";
  }
  return "?";
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// View

YardView::YardView(const YardState& state, Seat v)
    : game(&state.game()),
      viewer(v),
      move_number(state.move_number()),
      undo_floor(state.undo_floor()),
      omniscient(v == kOmniscient),
      pos(state.pos_) {
  if (omniscient) return;
  for (int i = pos.deck_known; i < pos.deck_size; ++i) {
    ++hidden_deck[pos.deck[i]];
    pos.deck[i] = 0;
  }
  for (int i = 0; i < pos.set_aside_size; ++i) pos.set_aside[i] = kNone;
  pos.rng = Rng();
  std::uint32_t seen = 0;
  for (int i = 0; i < pos.row_size; ++i) seen |= 1u << pos.row[i];
  for (int s = 0; s < pos.seats; ++s) seen |= pos.players[s].sway;
  for (int n = 0; n < static_cast<int>(content().neighbors.size()); ++n)
    if (!(seen >> n & 1)) neighbor_pool.push_back(static_cast<std::uint8_t>(n));
}

bool YardView::ambiguous() const {
  if (omniscient) return false;
  int kinds = 0;
  for (auto c : hidden_deck) kinds += c > 0;
  if (kinds >= 2) return true;
  const int aside = pos.set_aside_size;
  return aside >= 2 || (aside == 1 && neighbor_pool.size() > 1);
}

std::unique_ptr<State> YardView::sample_world(Rng& r) const {
  auto state = std::make_unique<YardState>(game, pos);
  sample_world_into(*state, r);
  return state;
}

void YardView::sample_world_into(State& out, Rng& r) const {
  auto& state = dynamic_cast<YardState&>(out);
  Position& q = state.pos_;
  q = pos;
  if (!omniscient) {
    std::array<std::uint8_t, kDeckCap> cards{};
    int n = 0;
    for (int k = 0; k < kMaxKinds; ++k)
      for (int c = 0; c < hidden_deck[k]; ++c) cards[n++] = static_cast<std::uint8_t>(k);
    if (n != q.deck_size - q.deck_known)
      throw std::logic_error("yard view: the hidden cards do not fill the Store deck");
    r.shuffle(cards.begin(), cards.begin() + n);
    for (int i = 0; i < n; ++i) q.deck[q.deck_known + i] = cards[i];
    std::array<std::uint8_t, kMaxNeighbors> pool{};
    const int m = static_cast<int>(neighbor_pool.size());
    std::copy(neighbor_pool.begin(), neighbor_pool.end(), pool.begin());
    if (m < q.set_aside_size) throw std::logic_error("yard view: too few Neighbors to set aside");
    r.shuffle(pool.begin(), pool.begin() + m);
    for (int i = 0; i < q.set_aside_size; ++i) q.set_aside[i] = pool[i];
    q.rng.reseed(r.next());
  }
  state.set_counters(move_number, undo_floor);
}

void YardView::to_json(nlohmann::json& j) const {
  const Content& c = content();
  j["edition"] = pos.edition;
  j["first_player"] = pos.first_player;
  j["turn"] = pos.turn;
  j["round"] = pos.turn / pos.seats + 1;
  j["turn_player"] = pos.turn_player;
  j["phase"] = phase_name(pos.phase);
  auto& used = j["side_actions_used"] = nlohmann::json::array();
  if (pos.used & kUsedPlay) used.push_back("play");
  if (pos.used & kUsedSway) used.push_back("sway");
  if (pos.used & kUsedWork) used.push_back("work");
  if (pos.used & kUsedBuy) used.push_back("buy");
  j["store"] = kinds_json(pos.store);
  j["trash"] = kinds_json(pos.trash);
  j["out_of_game"] = kinds_json(pos.gone);
  j["gathered_pests"] = kinds_json(pos.limbo);
  j["deck_count"] = pos.deck_size;
  auto& bottom = j["deck_bottom"] = nlohmann::json::array();
  for (int i = 0; i < pos.deck_known; ++i) bottom.push_back(c.cards[pos.deck[i]].id);
  if (omniscient) {
    auto& order = j["deck_order"] = nlohmann::json::array();  // top first
    for (int i = pos.deck_size - 1; i >= pos.deck_known; --i)
      order.push_back(c.cards[pos.deck[i]].id);
  }
  auto& row = j["neighbors"] = nlohmann::json::array();
  for (int i = 0; i < pos.row_size; ++i) row.push_back(c.neighbors[pos.row[i]].id);
  j["neighbors_set_aside"] = pos.set_aside_size;
  if (omniscient) {
    auto& aside = j["set_aside"] = nlohmann::json::array();
    for (int i = 0; i < pos.set_aside_size; ++i) aside.push_back(c.neighbors[pos.set_aside[i]].id);
  }
  auto& seats = j["seats"] = nlohmann::json::array();
  for (int s = 0; s < pos.seats; ++s) {
    const Player& pl = pos.players[s];
    nlohmann::json sj = {{"money", pl.money},
                         {"side", pl.away ? "away" : "home"},
                         {"hand", kinds_json(pl.hand)},
                         {"hand_count", pl.hand_size},
                         {"garage", kinds_json(pl.garage)},
                         {"garage_count", pl.garage_size},
                         {"score", score(pos, s)}};
    // Why each card of the hand cannot be played now (issue 16); absent when it can.
    auto& blocked = sj["hand_blocked"] = nlohmann::json::object();
    for (int k = 0; k < static_cast<int>(c.cards.size()); ++k)
      if (pl.hand[k]) {
        const std::string why = unplayable_reason(pos, s, k);
        if (!why.empty()) blocked[c.cards[k].id] = why;
      }
    auto& sway = sj["sway"] = nlohmann::json::array();
    for (int n = 0; n < static_cast<int>(c.neighbors.size()); ++n)
      if (pl.sway >> n & 1) sway.push_back(c.neighbors[n].id);
    // Piles that are Grass or hold cards; the others are bare Dirt.
    auto& yard = sj["yard"] = nlohmann::json::array();
    for (int q = 0; q < kPiles; ++q) {
      const bool grass = pl.grass >> q & 1;
      if (!grass && pile_top(pl, q) < 0) continue;
      nlohmann::json pj = {
          {"pile", pile_name(q)}, {"grass", grass}, {"places", pile_places(pl, q)}};
      auto& cards = pj["cards"] = nlohmann::json::array();  // bottom first
      for (int i = 0; i < pl.yard_size; ++i) {
        if (pl.yard_pile[i] != q) continue;
        const std::string& id = c.cards[kind_of(pl.yard[i])].id;
        if (pl.yard[i] & (kPendingFlag | kFlyingFlag))
          cards.push_back(
              {{"card", id}, {(pl.yard[i] & kPendingFlag) ? "due" : "resolving", true}});
        else
          cards.push_back(id);
      }
      yard.push_back(std::move(pj));
    }
    // Y7.2, where the points come from: each Yard card that scores (pile, card, points, bottom
    // first) and each Neighbor of the Sway; their sum is "score".
    auto& detail =
        sj["points"] = {{"yard", nlohmann::json::array()}, {"sway", nlohmann::json::array()}};
    const auto counts = pile_card_counts(pl);
    for (int i = 0; i < pl.yard_size; ++i)
      if (const int v = card_vp(pos, s, i, counts))
        detail["yard"].push_back({{"pile", pile_name(pl.yard_pile[i])},
                                  {"card", c.cards[kind_of(pl.yard[i])].id},
                                  {"points", v}});
    for (int n = 0; n < static_cast<int>(c.neighbors.size()); ++n)
      if (pl.sway >> n & 1)
        detail["sway"].push_back({{"neighbor", c.neighbors[n].id}, {"points", c.neighbors[n].vp}});
    seats.push_back(std::move(sj));
  }
  auto& stack = j["resolving"] = nlohmann::json::array();  // bottom first
  for (int i = 0; i < pos.nframes; ++i) {
    const Frame& f = pos.frames[i];
    nlohmann::json fj = {{"actor", f.actor}};
    switch (f.type) {
      case FrameType::kProgram:
        fj["what"] = f.timing == kBribe ? "bribe" : "card";
        fj["source"] = f.timing == kBribe ? c.neighbors[f.kind].id : c.cards[f.kind].id;
        fj["step"] = f.step;
        fj["left"] = f.count;
        fj["stage"] = f.sub;
        if (f.round) fj["players_done"] = f.round;
        break;
      case FrameType::kPlay:
        fj["what"] = "play";
        if (f.kind != kNone) fj["card"] = c.cards[f.kind].id;
        fj["stage"] = f.step;
        break;
      case FrameType::kRestock:
        fj["what"] = "restock";
        break;
      case FrameType::kSway:
        fj["what"] = "sway";
        fj["neighbor"] = c.neighbors[f.kind].id;
        break;
    }
    if (f.pile != kNone && f.yard != kNone) fj["pile"] = where(pos, f.yard, f.pile, true);
    stack.push_back(std::move(fj));
  }
  j["decision"] = decision_text(pos);
  j["end_reason"] = end_reason_name(pos.end_reason);
  // How a game that stalls ends (R26, E5), for the table to say: the rounds the table has stood
  // still since the Store deck ran out, how many end it with this row (more while a Bribe-only
  // Neighbor is left), and the limits.
  j["still_rounds"] = pos.still_rounds;
  j["still_rounds_to_end"] = still_rounds_to_end(pos);
  j["limits"] = {{"still_rounds", kStillRounds}, {"rounds", kMaxRounds}, {"actions", kActionCap}};
}

}  // namespace turf::yard
