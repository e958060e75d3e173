// Turf War (yard): the engine adapter over the rules kernel — labels and JSON of actions, the
// perfect-recall view (E2) and world sampling, options (players 2-4, edition 1|2), statistics
// hooks and registration. All rules of docs/rules/yard.md, both editions.
#include "games/yard/game.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/view.h"

namespace turf::yard {

namespace {

const char* const kOrdinals[kMaxSeats] = {"first", "second", "third", "fourth"};

const Step* current_step(const Position& p) {
  const Frame* f = top_frame(p);
  if (!f || f->type != FrameType::kProgram) return nullptr;
  const Program& pr = f->timing == kBribe ? content().neighbors[f->kind].bribe
                                          : content().cards[f->kind].programs[f->timing];
  return f->step < pr.size ? &pr.steps[f->step] : nullptr;
}

// "b2" for the mover's own Yard, "P2 b2" for another (always with the player when absolute).
// Players are numbered from 1 wherever a player reads (issue 16).
std::string where(const Position& p, int seat, int pile, bool absolute) {
  if (!absolute && seat == p.to_move()) return pile_name(pile);
  return "P" + std::to_string(seat + 1) + " " + pile_name(pile);
}

std::string top_card_name(const Position& p, int seat, int pile) {
  const Player& pl = p.players[seat];
  const int i = pile_top(pl, pile);
  return i < 0 ? "nothing" : card_name(kind_of(pl.yard[i]));
}

std::string label(const Position& p, int a, bool absolute) {
  if (a == kActDone) return "done";
  if (a == kActStop) return "stop";
  if (a == kActHome) return "home";
  if (a == kActAway) return "away";
  if (a == kActWork) return "work";
  if (a >= kActPlay && a < kActPlay + kMaxKinds) return "play " + card_name(a - kActPlay);
  if (a >= kActBuy && a < kActBuy + kMaxKinds)
    return "buy " + card_name(a - kActBuy) + " ($" +
           std::to_string(content().cards[a - kActBuy].cost) + ")";
  if (a >= kActSway && a < kActSway + kMaxNeighbors) return "sway " + neighbor_name(a - kActSway);
  if (a >= kActOnto && a < kActOnto + kMaxSeats * 16)
    return "onto " + where(p, (a - kActOnto) / 16, (a - kActOnto) % 16, absolute);
  if (a >= kActTop && a < kActTop + kMaxSeats * 16) {
    const int seat = (a - kActTop) / 16, pile = (a - kActTop) % 16;
    const std::string what = top_card_name(p, seat, pile);
    const Step* st = current_step(p);
    if (st && st->op == Op::kMoveTopToRival)
      return "move " + what + " from " + where(p, seat, pile, absolute);
    if (st && st->op == Op::kGiveToGarage)
      return "give " + what + " from " + where(p, seat, pile, absolute);
    return "trash " + what + " on " + where(p, seat, pile, absolute);
  }
  if (a >= kActGrass && a < kActGrass + kPiles) return "grass " + pile_name(a - kActGrass);
  if (a >= kActStoreCard && a < kActStoreCard + kMaxKinds)
    return "trash " + card_name(a - kActStoreCard) + " from the Store";
  if (a >= kActTrashCard && a < kActTrashCard + kMaxKinds)
    return "take " + card_name(a - kActTrashCard) + " from the Trash";
  if (a >= kActHandCard && a < kActHandCard + kMaxKinds)
    return "trash " + card_name(a - kActHandCard) + " from hand";
  if (a >= kActRival && a < kActRival + kMaxSeats)
    return "give to P" + std::to_string(a - kActRival + 1);
  if (a >= kActGarage && a < kActGarage + kMaxSeats * 64)
    return "take " + card_name((a - kActGarage) % 64) + " from P" +
           std::to_string((a - kActGarage) / 64 + 1) + "'s Garage";
  if (a >= kActPest && a < kActPest + kPiles * 128) {
    const int pile = (a - kActPest) / 128, depth = (a - kActPest) % 128;
    const int seat = p.to_move();
    std::string name = "a Pest";
    int d = depth;
    const Player& pl = p.players[seat];
    for (int i = pl.yard_size - 1; i >= 0; --i)
      if (pl.yard_pile[i] == pile && d-- == 0) name = card_name(kind_of(pl.yard[i]));
    const Step* st = current_step(p);
    const bool give = st && st->op == Op::kGiveToGarage;  // Thomas (R12)
    return (give ? "give " : "trash ") + name + (give ? " from " : " on ") +
           where(p, seat, pile, absolute) + (depth ? " (under " + std::to_string(depth) + ")" : "");
  }
  if (a >= kActStart && a < kActStart + kPiles * 64)
    return "start " + card_name((a - kActStart) % 64) + " on " +
           where(p, p.turn_player, (a - kActStart) / 64, absolute);
  if (a >= kActEnd && a < kActEnd + kPiles * 64)
    return "end " + card_name((a - kActEnd) % 64) + " on " +
           where(p, p.turn_player, (a - kActEnd) / 64, absolute);
  return "unknown action " + std::to_string(a);
}

nlohmann::json kinds_json(const std::array<std::uint8_t, kMaxKinds>& counts) {
  auto j = nlohmann::json::array();
  for (int k = 0; k < static_cast<int>(content().cards.size()); ++k)
    for (int n = 0; n < counts[k]; ++n) j.push_back(content().cards[k].id);
  return j;
}

const char* phase_name(Phase ph) {
  switch (ph) {
    case Phase::kStart:
      return "start";
    case Phase::kSide:
      return "home_or_away";
    case Phase::kMain:
      return "actions";
    case Phase::kEnd:
      return "end";
    case Phase::kOver:
      return "over";
  }
  return "?";
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

std::string pile_name(int pile) {
  return std::string(1, static_cast<char>('a' + pile / 3)) + std::to_string(pile % 3 + 1);
}

std::string card_name(int kind) {
  return content().cards[static_cast<std::size_t>(kind)].name;
}

std::string neighbor_name(int n) {
  return content().neighbors[static_cast<std::size_t>(n)].name;
}

// The step being decided by name (GameInfo::step_name, docs/bots.md): the phase, else what the
// card being played or the effect in progress asks (the effect's operation, as in the data).
std::string step_id(const Position& p) {
  if (p.over()) return "over";
  const Frame* f = top_frame(p);
  if (!f) return phase_name(p.phase);
  if (f->type == FrameType::kPlay) return f->step == 0 ? "play_card" : "play_pile";
  if (const Step* st = current_step(p)) return op_name(st->op);
  return f->type == FrameType::kSway ? "sway" : "effect";
}

std::string decision_text(const Position& p) {
  if (p.over()) return "The game is over.";
  const Frame* f = top_frame(p);
  if (!f) {
    switch (p.phase) {
      case Phase::kStart:
        return "Do your Start actions: choose the next one.";
      case Phase::kSide: {
        // Y3.2: what Home brings back, the rule a newcomer misses (issue 29).
        const Player& pl = p.players[p.turn_player];
        const int n = pl.garage_size;
        const std::string cards = std::to_string(n) + (n == 1 ? " Garage card" : " Garage cards");
        std::string q = "Turn your card to Home or Away.";
        if (n > 0 && pl.away)
          q += " Home: your " + cards + (n == 1 ? " comes" : " come") + " back to your hand.";
        else if (n > 0)
          q += " Staying Home brings nothing back: your " + cards + (n == 1 ? " comes" : " come") +
               " back when you turn from Away to Home.";
        return q;
      }
      case Phase::kMain:
        return p.players[p.turn_player].away ? "Away: work, buy a card, or be done."
                                             : "Home: play a card, sway a Neighbor, or be done.";
      case Phase::kEnd:
        return "Do your End actions: choose the next one.";
      case Phase::kOver:
        break;
    }
    return "";
  }
  if (f->type == FrameType::kPlay) {
    if (f->step == 0) {
      switch (f->timing) {
        case kCtxExtra:
          return "Play another card from your hand, or stop.";
        case kCtxMust:
          return "You must play a card from your hand.";
        case kCtxHere:
          return "Play a card from your hand onto " + pile_name(f->pile) + ".";
        case kCtxMagnet:
          return "Play the next Pest onto " + pile_name(f->pile) + ".";
        default:
          return "Choose a card to play.";
      }
    }
    return "Choose the Pile for " + card_name(f->kind) + ".";
  }
  const Step* st = current_step(p);
  const std::string from =
      f->timing == kBribe ? neighbor_name(f->kind) + "'s Bribe" : card_name(f->kind);
  if (!st) return "";
  switch (st->op) {
    case Op::kGrass:
      return "Choose a Dirt to turn to Grass (" + from + ").";
    case Op::kTrashStore:
      return "Choose a card of the Store to trash (" + from + ").";
    case Op::kTrashToHand:
      return "Choose a card of the Trash to take into your hand (" + from + ").";
    case Op::kTrashToGarage:
      return "Choose a card of the Trash to put into your Garage (" + from + ").";
    case Op::kTrashRivalTop:
      return "Choose a rival's Pile whose top card is trashed (" + from + ").";
    case Op::kTrashOwnTop:
      return "Choose a Pile of your Yard whose top card is trashed (" + from + ").";
    case Op::kTrashOwnPest:
      return "Choose a Pest of your Yard to trash (" + from + ").";
    case Op::kTrashHand:
      return "Choose a card of your hand to trash (" + from + ").";
    case Op::kStealGarage:
      return "Choose a card of a rival's Garage to take (" + from + ").";
    case Op::kMoveTopToRival:
      return f->sub == 0 ? "Choose a Pile of your Yard: its top card moves (" + from + ")."
                         : "Choose the rival's Pile it lands on (" + from + ").";
    case Op::kGiveToGarage:
      return f->sub == 0 ? "Choose the rival whose Garage gets the cards (" + from + ")."
                         : "Choose a card of your Yard, covered or not: it goes (" + from + ").";
    default:
      return "";
  }
}

// ---------------------------------------------------------------------------------------------
// State

void YardState::legal_actions(std::vector<Action>& out) const {
  yard::legal_actions(pos_, out);
}

bool YardState::is_legal(Action a) const {
  return yard::is_legal(pos_, a);
}

void YardState::do_apply(Action a) {
  const auto before = pos_.reveals;
  yard::apply(pos_, a);
  if (pos_.reveals != before) commit();  // a card came off the Store deck or a Neighbor turned up
}

std::vector<double> YardState::scores() const {
  std::vector<double> out(pos_.seats);
  for (int s = 0; s < pos_.seats; ++s) out[s] = score(pos_, s);
  return out;
}

// Y7.3: most points; then most Neighbors in the Sway; still equal: a shared place.
std::vector<int> YardState::ranking() const {
  const auto r = ranks(pos_);
  return std::vector<int>(r.begin(), r.begin() + pos_.seats);
}

// As State::outcome over ranking(), without allocating.
void YardState::outcome_into(std::vector<double>& out) const {
  const auto r = ranks(pos_);
  int winners = 0;
  for (int s = 0; s < pos_.seats; ++s) winners += r[s] == 0;
  out.assign(static_cast<std::size_t>(pos_.seats), 0.0);
  for (int s = 0; s < pos_.seats; ++s)
    if (r[s] == 0) out[s] = 1.0 / static_cast<double>(winners);
}

std::string YardState::action_label(Action a) const {
  return label(pos_, a, false);
}

std::string YardState::public_label(Action a) const {
  return label(pos_, a, true);
}

void YardState::action_to_json(Action a, nlohmann::json& out) const {
  const auto& cards = content().cards;
  auto kind = [&](int k) { return cards[static_cast<std::size_t>(k)].id; };
  if (a == kActDone) {
    out = {{"type", "done"}};
  } else if (a == kActStop) {
    out = {{"type", "stop"}};
  } else if (a == kActHome || a == kActAway) {
    out = {{"type", "side"}, {"side", a == kActHome ? "home" : "away"}};
  } else if (a == kActWork) {
    out = {{"type", "work"}};
  } else if (a >= kActPlay && a < kActPlay + kMaxKinds) {
    out = {{"type", "play"}, {"card", kind(a - kActPlay)}};
  } else if (a >= kActBuy && a < kActBuy + kMaxKinds) {
    out = {{"type", "buy"}, {"card", kind(a - kActBuy)}};
  } else if (a >= kActSway && a < kActSway + kMaxNeighbors) {
    out = {{"type", "sway"}, {"neighbor", content().neighbors[a - kActSway].id}};
  } else if (a >= kActOnto && a < kActOnto + kMaxSeats * 16) {
    out = {
        {"type", "onto"}, {"seat", (a - kActOnto) / 16}, {"pile", pile_name((a - kActOnto) % 16)}};
  } else if (a >= kActTop && a < kActTop + kMaxSeats * 16) {
    out = {{"type", "top"}, {"seat", (a - kActTop) / 16}, {"pile", pile_name((a - kActTop) % 16)}};
  } else if (a >= kActGrass && a < kActGrass + kPiles) {
    out = {{"type", "grass"}, {"pile", pile_name(a - kActGrass)}};
  } else if (a >= kActStoreCard && a < kActStoreCard + kMaxKinds) {
    out = {{"type", "store_card"}, {"card", kind(a - kActStoreCard)}};
  } else if (a >= kActTrashCard && a < kActTrashCard + kMaxKinds) {
    out = {{"type", "trash_card"}, {"card", kind(a - kActTrashCard)}};
  } else if (a >= kActHandCard && a < kActHandCard + kMaxKinds) {
    out = {{"type", "hand_card"}, {"card", kind(a - kActHandCard)}};
  } else if (a >= kActRival && a < kActRival + kMaxSeats) {
    out = {{"type", "rival"}, {"seat", a - kActRival}};
  } else if (a >= kActGarage && a < kActGarage + kMaxSeats * 64) {
    out = {{"type", "garage_card"},
           {"seat", (a - kActGarage) / 64},
           {"card", kind((a - kActGarage) % 64)}};
  } else if (a >= kActPest && a < kActPest + kPiles * 128) {
    const Step* st = current_step(pos_);
    out = {{"type", st && st->op == Op::kGiveToGarage ? "yard_card" : "pest"},
           {"pile", pile_name((a - kActPest) / 128)},
           {"depth", (a - kActPest) % 128}};
  } else if (a >= kActStart && a < kActStart + kPiles * 64) {
    out = {{"type", "start"},
           {"pile", pile_name((a - kActStart) / 64)},
           {"card", kind((a - kActStart) % 64)}};
  } else if (a >= kActEnd && a < kActEnd + kPiles * 64) {
    out = {{"type", "end"},
           {"pile", pile_name((a - kActEnd) / 64)},
           {"card", kind((a - kActEnd) % 64)}};
  } else {
    out = {{"type", "unknown"}, {"id", a}};
  }
}

std::shared_ptr<const ViewData> YardState::make_view_data(Seat viewer) const {
  return std::make_shared<YardView>(*this, viewer);
}

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

std::string result_words(const View& final_view, Seat seat) {
  const Position& p = final_view.as<YardView>().pos;
  const int s = seat;
  const Player& pl = p.players[s];
  const int total = score(p, s);
  // Y7.2: the Yard's cards and the Sway, the best-scoring card named
  int best = 0, best_kind = -1;
  const auto counts = pile_card_counts(pl);
  for (int i = 0; i < pl.yard_size; ++i)
    if (const int v = card_vp(p, s, i, counts); v > best) best = v, best_kind = kind_of(pl.yard[i]);
  const int swayed = neighbors_swayed(pl);
  auto pts = [](int n) { return std::to_string(n) + (n == 1 || n == -1 ? " point" : " points"); };
  std::string out = pts(total) + ": " + std::to_string(yard_vp(p, s)) + " from the Yard";
  if (best_kind >= 0)
    out += " (" + std::to_string(best) + " of them from the " + card_name(best_kind) + ")";
  out += ", " + std::to_string(sway_vp(p, s)) + " from " + std::to_string(swayed) +
         (swayed == 1 ? " Neighbor" : " Neighbors");
  // Y7.3: equal points are decided by the Neighbors swayed; against the best-placed other seat
  // with the same points
  if (p.over()) {
    const auto rank = ranks(p);
    int rival = -1;
    for (int o = 0; o < p.seats; ++o)
      if (o != s && score(p, o) == total && (rival < 0 || rank[o] < rank[rival])) rival = o;
    if (rival >= 0)
      out += neighbors_swayed(p.players[rival]) == swayed ? ", level on Neighbors too"
             : rank[s] < rank[rival]                      ? ", ahead on Neighbors"
                                                          : ", behind on Neighbors";
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Registration

void register_game(Registry& registry) {
  auto info = std::make_unique<GameInfo>();
  info->id = "yard";
  info->title = "Turf War (Gadabout Games, 2021)";
  info->summary =
      "Build up your Yard with Plants, Ornaments and Features, pester rivals' Yards, and sway "
      "the Neighbors.";
  info->rules_version = "yard-3";  // R26 bounded for a Bribe-only row (issue 29)
  info->min_players = 2;
  info->max_players = kMaxSeats;
  info->options.push_back(
      {"players", OptionSpec::Kind::Integer, "2", {}, 2, kMaxSeats, "Number of players."});
  info->options.push_back({"edition",
                           OptionSpec::Kind::Choice,
                           "2",
                           {"1", "2"},
                           0,
                           0,
                           "Which printed rules. 1st edition: a Tool is played onto a Pile, "
                           "then goes to the Garage; a done Event leaves the game. 2nd edition: "
                           "a Tool goes straight to the Garage; a done Event goes to the bottom "
                           "of the Store deck.",
                           {"1st edition", "2nd edition"}});
  info->rules_text = embedded_file("docs/rules/yard.md");
  const GameInfo* self = info.get();
  info->create = [self](const Options& options, std::uint64_t seed) -> std::unique_ptr<State> {
    Position p;
    setup(p, options.players(), std::stoi(options.get("edition")), seed);
    return std::make_unique<YardState>(self, p);
  };
  info->draw = draw;
  info->narrate = narrate;
  info->step_name = [](const View& v) { return step_id(v.as<YardView>().pos); };
  info->pass_actions = {kActDone, kActStop};
  info->result_words = result_words;
  info->cards = cards;
  info->why_not = why_not;
  info->evaluate = evaluate;
  info->evaluate_into = evaluate_into;
  info->eval_scale = 6.0;
  info->conformance_games = 40;
  info->seat_attributes = [](const State& s, Seat seat) {
    const Position& p = dynamic_cast<const YardState&>(s).position();
    std::map<std::string, std::string> a;
    a["order"] = kOrdinals[(seat - p.first_player + p.seats) % p.seats];
    const Player& pl = p.players[seat];
    const Content& c = content();
    for (int k = 0; k < static_cast<int>(c.cards.size()); ++k) {
      const CardDef& d = c.cards[k];
      if (d.count[p.edition - 1] == 0 || d.is(kEvent)) continue;
      a["bought:" + d.id] = (pl.bought >> k & 1) ? "yes" : "no";
      if (!d.starting) a["played:" + d.id] = (pl.played >> k & 1) ? "yes" : "no";
    }
    for (int n = 0; n < static_cast<int>(c.neighbors.size()); ++n)
      if (pl.sway >> n & 1) a["swayed:" + c.neighbors[n].id] = "yes";
    return a;
  };
  info->counters = [](const State& s) {
    const Position& p = dynamic_cast<const YardState&>(s).position();
    std::map<std::string, double> c;
    c["rounds"] = std::min(p.turn / p.seats + 1, kMaxRounds);  // the round the game ended in
    c["end_last_neighbor"] = p.end_reason == EndReason::kLastNeighbor;
    c["end_round_limit"] = p.end_reason == EndReason::kRoundLimit;
    c["end_action_cap"] = p.end_reason == EndReason::kActionCap;
    c["end_stalemate"] = p.end_reason == EndReason::kStalemate;  // R26
    c["events_done"] = p.events_done;
    c["store_deck_left"] = p.deck_size - p.deck_known;
    c["store_short"] = p.store_size < kStoreSlots;
    int cards = 0, pests = 0, tallest = 0, sway = 0;
    std::vector<int> pts;
    for (int seat = 0; seat < p.seats; ++seat) {
      const Player& pl = p.players[seat];
      cards += pl.yard_size;
      pests += yard_symbols(pl, kPest);
      tallest = std::max(tallest, tallest_pile(pl));
      sway += neighbors_swayed(pl);
      pts.push_back(score(p, seat));
    }
    std::sort(pts.rbegin(), pts.rend());
    c["cards_in_yards"] = cards;
    c["pests_in_yards"] = pests;
    c["tallest_pile"] = tallest;
    c["neighbors_swayed"] = sway;
    c["winning_margin"] = pts[0] - pts[1];
    c["winner_points"] = pts[0];
    return c;
  };
  registry.add(std::move(info));
}

}  // namespace turf::yard
