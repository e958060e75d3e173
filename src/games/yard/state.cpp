// Turf War (yard): the State over the rules kernel, names and the decision in words, the labels
// and JSON of actions, and a seat's result in words. All rules of docs/rules/yard.md, both
// editions.
#include "games/yard/game.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/view.h"

namespace turf::yard {

namespace {

const Step* current_step(const Position& p) {
  const Frame* f = top_frame(p);
  if (!f || f->type != FrameType::kProgram) return nullptr;
  const Program& pr = f->timing == kBribe ? content().neighbors[f->kind].bribe
                                          : content().cards[f->kind].programs[f->timing];
  return f->step < pr.size ? &pr.steps[f->step] : nullptr;
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

}  // namespace

// "b2" for the mover's own Yard, "P2 b2" for another (always with the player when absolute).
// Players are numbered from 1 wherever a player reads (issue 16).
std::string where(const Position& p, int seat, int pile, bool absolute) {
  if (!absolute && seat == p.to_move()) return pile_name(pile);
  return "P" + std::to_string(seat + 1) + " " + pile_name(pile);
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

}  // namespace turf::yard
