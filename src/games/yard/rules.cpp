// Turf War (yard) — the rules kernel: set-up, the turn, playing, buying, restocking, Events,
// swaying, legal actions and scoring, for 2-4 players and both editions (the effect programs of
// the cards are stepped in effects.cpp). Clause ids refer to docs/rules/yard.md.
#include "games/yard/rules.h"

#include <algorithm>
#include <stdexcept>

#include "games/yard/kernel.h"

namespace turf::yard {

using namespace kernel;

namespace {

// Whether some Pile a non-Pest card could go onto exists for `actor`.
bool open_pile_somewhere(const Position& p, int actor) {
  for (int s = 0; s < p.seats; ++s)
    if (may_target(p, actor, s) && PileStats(p.players[s]).any_open()) return true;
  return false;
}

bool playable(const Position& p, const Frame* f, int ctx, int k, bool open_somewhere) {
  const CardDef& d = card(k);
  if (d.is(kEvent)) return false;
  if (ctx == kCtxMagnet) return d.is(kPest);
  if (ctx == kCtxHere) {
    if (d.is(kTool)) return p.edition == 1;  // Y8.1: edition-2 Tools go to the Garage
    if (d.is(kPest)) return true;
    return PileStats(p.players[f->yard]).open(f->pile);
  }
  if (d.is(kTool) || d.is(kPest)) return true;
  return open_somewhere;
}

}  // namespace

namespace kernel {

bool any_playable(const Position& p, int actor, int ctx, const Frame* f) {
  const Player& pl = p.players[actor];
  if (pl.hand_size == 0) return false;
  const bool open = open_pile_somewhere(p, actor);
  for (int k = 0; k < num_kinds(); ++k)
    if (pl.hand[k] && playable(p, f, ctx, k, open)) return true;
  return false;
}

}  // namespace kernel

namespace {

// Puts the chosen card of the top Play frame onto (yard, pile) and starts its Play action, done
// by the Yard's owner (Y5.4).
void place(Position& p, int yard, int pile) {
  Frame& f = top(p);
  const int k = f.kind;
  if (f.timing == kCtxMagnet) {
    --p.limbo[k];
    --p.limbo_size;
  } else {
    Player& pl = p.players[f.actor];
    --pl.hand[k];
    --pl.hand_size;
  }
  p.players[f.actor].played |= 1ull << k;
  const bool flying = card(k).is(kTool);  // edition 1 only reaches here with a Tool (Y8.1)
  yard_add(p.players[yard], pile, static_cast<std::uint8_t>(k | (flying ? kFlyingFlag : 0)));
  f.yard = static_cast<std::uint8_t>(yard);
  f.pile = static_cast<std::uint8_t>(pile);
  f.step = 2;
  if (!card(k).programs[kOnPlay].empty()) push_program(p, k, kOnPlay, yard, yard, pile);
}

// Y8.1, edition 2: a Tool goes straight into the player's Garage; the player does its Play.
void place_tool_in_garage(Position& p) {
  Frame& f = top(p);
  const int k = f.kind;
  Player& pl = p.players[f.actor];
  --pl.hand[k];
  --pl.hand_size;
  ++pl.garage[k];
  ++pl.garage_size;
  pl.played |= 1ull << k;
  f.step = 2;
  if (!card(k).programs[kOnPlay].empty()) push_program(p, k, kOnPlay, f.actor, kNone, kNone);
}

// Y8.1, edition 1: after its Play, the Tool is picked up from wherever it lies now (R9) into the
// Garage of the player who played it. A Tool trashed meanwhile stays in the Trash.
void pick_up_tool(Position& p, int k, int player, int yard) {
  for (int n = 0; n < p.seats; ++n) {
    const int s = (yard + n) % p.seats;
    Player& y = p.players[s];
    for (int i = y.yard_size - 1; i >= 0; --i)
      if (y.yard[i] == (k | kFlyingFlag)) {
        yard_remove(y, i);
        ++p.players[player].garage[k];
        ++p.players[player].garage_size;
        return;
      }
  }
}

// ---- Turn structure (Y3) ----------------------------------------------------------------------

// Marks every card of the turn player's Yard with a program for `timing` as due (Y3.1, Y3.4).
// Cards that arrive during the step wait for the next turn (R2).
void mark_pending(Position& p, int timing) {
  Player& pl = p.players[p.turn_player];
  for (int i = 0; i < pl.yard_size; ++i)
    if (!card(pl.yard[i] & kKindMask).programs[timing].empty()) pl.yard[i] |= kPendingFlag;
}

bool any_pending(const Player& pl) {
  for (int i = 0; i < pl.yard_size; ++i)
    if (pl.yard[i] & kPendingFlag) return true;
  return false;
}

void begin_turn(Position& p) {
  p.used = 0;
  p.phase = Phase::kStart;
  mark_pending(p, kOnStart);
}

void end_game(Position& p, EndReason why) {
  p.phase = Phase::kOver;
  p.end_reason = why;
  while (p.nframes) pop(p);
}

// R26: after the Store deck has run out, a table that stands still for still_rounds_to_end whole
// rounds ends the game.
bool stalemate(Position& p) {
  if (p.deck_size > p.deck_known) return false;  // R5: the deck can still restock the Store
  const std::uint64_t print = table_fingerprint(p);
  if (print != p.table_print) {
    p.table_print = print;
    p.still_rounds = 0;
    return false;
  }
  if (p.still_rounds < kStillRoundsMost) ++p.still_rounds;
  return p.still_rounds >= still_rounds_to_end(p);
}

void next_turn(Position& p) {
  p.turn_player = static_cast<std::uint8_t>((p.turn_player + 1) % p.seats);
  ++p.turn;
  if (p.turn_player == p.first_player && stalemate(p)) {
    end_game(p, EndReason::kStalemate);  // R26
    return;
  }
  if (p.turn >= kMaxRounds * p.seats) {
    end_game(p, EndReason::kRoundLimit);  // E5
    return;
  }
  begin_turn(p);
}

// Y6.4-Y6.6: the Neighbor joins the Sway; the row is refilled from the set-aside Neighbors; the
// game ends when the row is empty.
void complete_sway(Position& p, int seat, int n) {
  for (int i = 0; i < p.row_size; ++i)
    if (p.row[i] == n) {
      for (int j = i; j + 1 < p.row_size; ++j) p.row[j] = p.row[j + 1];
      p.row[--p.row_size] = 0;
      break;
    }
  p.players[seat].sway |= static_cast<std::uint16_t>(1u << n);
  if (p.set_aside_size) {
    p.row[p.row_size++] = p.set_aside[--p.set_aside_size];
    p.set_aside[p.set_aside_size] = 0;
    ++p.reveals;
  }
  if (p.row_size == 0) end_game(p, EndReason::kLastNeighbor);
}

bool bribe_possible(const Position& p, int seat, const Program& b) {
  const Player& pl = p.players[seat];
  const BribeNeeds need = bribe_needs(b);
  return pl.money >= need.money && pl.yard_size >= need.yard && pl.hand_size >= need.hand;
}

bool step_frame(Position& p) {
  Frame& f = top(p);
  switch (f.type) {
    case FrameType::kProgram:
      return step_program(p);
    case FrameType::kPlay:
      if (f.step == 1) {
        if (p.edition == 2 && card(f.kind).is(kTool)) {
          place_tool_in_garage(p);
          return true;
        }
        if (f.timing == kCtxHere || f.timing == kCtxMagnet) {
          place(p, f.yard, f.pile);
          return true;
        }
        return false;
      }
      if (f.step == 2) {
        const int k = f.kind, player = f.actor, yard = f.yard;
        pop(p);
        if (p.edition == 1 && card(k).is(kTool)) pick_up_tool(p, k, player, yard);
        return true;
      }
      return false;
    case FrameType::kRestock: {
      // Y4.3: refill to 5; R5: stop when only done Events are left in the deck.
      if (p.store_size >= kStoreSlots || p.deck_size <= p.deck_known) {
        pop(p);
        return true;
      }
      const int k = p.deck[--p.deck_size];
      p.deck[p.deck_size] = 0;
      ++p.reveals;
      if (card(k).is(kEvent)) {
        ++p.events_done;
        push_program(p, k, kOnReveal, p.turn_player, kNone, kNone);  // Y4.5
        return true;
      }
      ++p.store[k];
      ++p.store_size;
      return true;
    }
    case FrameType::kSway: {
      const int n = f.kind, seat = f.actor;
      pop(p);
      complete_sway(p, seat, n);
      return true;
    }
  }
  return false;
}

// Phase steps with nothing to decide. Returns false at a decision.
bool step_phase(Position& p) {
  switch (p.phase) {
    case Phase::kStart:
      if (!any_pending(p.players[p.turn_player])) {
        p.phase = Phase::kSide;
        return true;
      }
      return false;
    case Phase::kEnd:
      if (!any_pending(p.players[p.turn_player])) {
        next_turn(p);
        return true;
      }
      return false;
    case Phase::kSide:
    case Phase::kMain:
    case Phase::kOver:
      return false;
  }
  return false;
}

// ---- Legal actions ----------------------------------------------------------------------------

void legal_pending(const Position& p, int base, ActionList& out) {
  const Player& pl = p.players[p.turn_player];
  std::array<std::uint64_t, kPiles> seen{};
  for (int i = 0; i < pl.yard_size; ++i)
    if (pl.yard[i] & kPendingFlag) seen[pl.yard_pile[i]] |= 1ull << (pl.yard[i] & kKindMask);
  for (int q = 0; q < kPiles; ++q)
    for (std::uint64_t m = seen[q]; m; m &= m - 1) out.push(base + q * 64 + __builtin_ctzll(m));
}

void legal_play_cards(const Position& p, const Frame& f, ActionList& out) {
  if (f.timing == kCtxExtra) out.push(kActStop);
  const int n = num_kinds();
  if (f.timing == kCtxMagnet) {
    for (int k = 0; k < n; ++k)
      if (p.limbo[k]) out.push(kActPlay + k);
    return;
  }
  const Player& pl = p.players[f.actor];
  const bool open = open_pile_somewhere(p, f.actor);
  if (f.timing == kCtxHere) {
    // R23: a Garden's play may be declined when every card of the hand that fits is a Pest.
    bool other = false;
    for (int k = 0; k < n && !other; ++k)
      other = pl.hand[k] && !card(k).is(kPest) && playable(p, &f, f.timing, k, open);
    if (!other) out.push(kActStop);
  }
  for (int k = 0; k < n; ++k)
    if (pl.hand[k] && playable(p, &f, f.timing, k, open)) out.push(kActPlay + k);
}

void legal_targets(const Position& p, const Frame& f, ActionList& out) {
  const bool anywhere = ignores_places(f.kind);
  for (int s = 0; s < p.seats; ++s) {
    if (!may_target(p, f.actor, s)) continue;
    const PileStats st(p.players[s]);
    for (int q = 0; q < kPiles; ++q)
      if (anywhere || st.open(q)) out.push(kActOnto + s * 16 + q);
  }
}

void legal_tops(const Position& p, int seat, ActionList& out) {
  const Player& pl = p.players[seat];
  std::uint16_t nonempty = 0;
  for (int i = 0; i < pl.yard_size; ++i) nonempty |= pile_bit(pl.yard_pile[i]);
  for (int q = 0; q < kPiles; ++q)
    if (nonempty & pile_bit(q)) out.push(kActTop + seat * 16 + q);
}

void legal_program(const Position& p, const Frame& f, ActionList& out) {
  const Step& st = program_of(f).steps[f.step];
  const Player& me = p.players[f.actor];
  const int n = num_kinds();
  switch (st.op) {
    case Op::kGrass:
      for (int q = 0; q < kPiles; ++q)
        if (dirt_mask(me) & pile_bit(q)) out.push(kActGrass + q);
      break;
    case Op::kTrashStore:
      for (int k = 0; k < n; ++k)
        if (p.store[k]) out.push(kActStoreCard + k);
      break;
    case Op::kTrashToHand:
    case Op::kTrashToGarage:
      for (int k = 0; k < n; ++k)
        if (p.trash[k]) out.push(kActTrashCard + k);
      break;
    case Op::kTrashRivalTop:
      for (int s = 0; s < p.seats; ++s)
        if (s != f.actor) legal_tops(p, s, out);
      break;
    case Op::kTrashOwnTop:
      legal_tops(p, f.actor, out);
      break;
    case Op::kTrashOwnPest: {
      std::array<int, kPiles> depth{};
      const int first = out.size;
      for (int i = me.yard_size - 1; i >= 0; --i) {
        const int q = me.yard_pile[i];
        if (card(me.yard[i] & kKindMask).is(kPest)) out.push(kActPest + q * 128 + depth[q]);
        ++depth[q];
      }
      std::sort(out.items.begin() + first, out.items.begin() + out.size);
      break;
    }
    case Op::kTrashHand:
      for (int k = 0; k < n; ++k)
        if (me.hand[k]) out.push(kActHandCard + k);
      break;
    case Op::kStealGarage:
      for (int s = 0; s < p.seats; ++s)
        if (s != f.actor)
          for (int k = 0; k < n; ++k)
            if (p.players[s].garage[k] && stealable(k)) out.push(kActGarage + s * 64 + k);
      break;
    case Op::kMoveTopToRival:
      if (f.sub == 0) {
        legal_tops(p, f.actor, out);
      } else {
        for (int s = 0; s < p.seats; ++s)
          if (s != f.actor)
            for (int q = 0; q < kPiles; ++q) out.push(kActOnto + s * 16 + q);
      }
      break;
    case Op::kGiveToGarage:
      if (f.sub == 0) {
        for (int s = 0; s < p.seats; ++s)
          if (s != f.actor) out.push(kActRival + s);
      } else {
        // R12: any card of the Yard, covered or not ("pick up 2 cards from your Yard").
        std::array<int, kPiles> depth{};
        const int first = out.size;
        for (int i = me.yard_size - 1; i >= 0; --i) {
          const int q = me.yard_pile[i];
          out.push(kActPest + q * 128 + depth[q]);
          ++depth[q];
        }
        std::sort(out.items.begin() + first, out.items.begin() + out.size);
      }
      break;
    default:
      break;
  }
}

void decide(Position& p, int a) {
  if (p.nframes) {
    Frame& f = top(p);
    if (f.type == FrameType::kPlay) {
      if (f.step == 0) {
        if (a == kActStop) {
          const bool extra = f.timing == kCtxExtra;
          pop(p);
          if (extra) top(p).count = 0;  // the Toolbox's remaining plays are given up
          return;                       // (or a Garden's play of a Pest is declined, R23)
        }
        f.kind = static_cast<std::uint8_t>(a - kActPlay);
        f.step = 1;
        return;
      }
      place(p, (a - kActOnto) / 16, (a - kActOnto) % 16);
      return;
    }
    decide_program(p, a);
    return;
  }
  const int tp = p.turn_player;
  Player& me = p.players[tp];
  switch (p.phase) {
    case Phase::kStart:
    case Phase::kEnd: {
      const bool start = p.phase == Phase::kStart;
      const int x = a - (start ? kActStart : kActEnd);
      const int q = x / 64, k = x % 64;
      for (int i = me.yard_size - 1; i >= 0; --i)
        if ((me.yard[i] & kPendingFlag) && me.yard_pile[i] == q && (me.yard[i] & kKindMask) == k) {
          me.yard[i] &= static_cast<std::uint8_t>(~kPendingFlag);
          break;
        }
      push_program(p, k, start ? kOnStart : kOnEnd, tp, tp, q);
      return;
    }
    case Phase::kSide:
      if (a == kActHome) {
        if (me.away) {  // Y3.2: from Away to Home, the whole Garage goes into the hand
          for (int k = 0; k < kMaxKinds; ++k) {
            me.hand[k] = static_cast<std::uint8_t>(me.hand[k] + me.garage[k]);
            me.garage[k] = 0;
          }
          me.hand_size = static_cast<std::uint8_t>(me.hand_size + me.garage_size);
          me.garage_size = 0;
          me.away = false;
          // Y3.2: "When you go from Away to Home" actions, in Yard order (R3).
          for (int i = me.yard_size - 1; i >= 0; --i) {
            const int k = me.yard[i] & kKindMask;
            if (!card(k).programs[kOnHome].empty())
              push_program(p, k, kOnHome, tp, tp, me.yard_pile[i]);
          }
        }
      } else {
        me.away = true;
      }
      p.phase = Phase::kMain;
      p.used = 0;
      return;
    case Phase::kMain:
      if (a == kActDone) {
        p.phase = Phase::kEnd;
        mark_pending(p, kOnEnd);
        return;
      }
      if (a == kActWork) {
        me.money = static_cast<std::uint16_t>(std::min(60000, me.money + kWorkPay));
        p.used |= kUsedWork;
        return;
      }
      if (a >= kActBuy && a < kActBuy + kMaxKinds) {
        const int k = a - kActBuy;
        me.money = static_cast<std::uint16_t>(me.money - card(k).cost);
        --p.store[k];
        --p.store_size;
        ++me.garage[k];
        ++me.garage_size;
        me.bought |= 1ull << k;
        p.used |= kUsedBuy;
        push_restock(p);
        return;
      }
      if (a >= kActPlay && a < kActPlay + kMaxKinds) {
        p.used |= kUsedPlay;
        push_play(p, kCtxMain, tp, kNone, kNone, a - kActPlay, 1);
        return;
      }
      if (a >= kActSway && a < kActSway + kMaxNeighbors) {
        const int n = a - kActSway;
        p.used |= kUsedSway;
        if (content().neighbors[n].bribe.empty()) {
          complete_sway(p, tp, n);
        } else {
          Frame& f = push(p);
          f.type = FrameType::kSway;
          f.kind = static_cast<std::uint8_t>(n);
          f.actor = static_cast<std::uint8_t>(tp);
          push_program(p, n, kBribe, tp, kNone, kNone);
        }
        return;
      }
      break;
    case Phase::kOver:
      break;
  }
  throw std::logic_error("yard: action " + std::to_string(a) + " has no meaning here");
}

}  // namespace

void advance(Position& p) {
  ActionList buf;
  buf.limit = 2;  // none, one or several: all this loop needs to know (E1)
  for (;;) {
    if (p.over()) return;
    if (p.nframes ? step_frame(p) : step_phase(p)) continue;
    legal_actions(p, buf);
    if (buf.size == 1) {
      decide(p, buf.items[0]);
      continue;
    }
    if (buf.size == 0) throw std::logic_error("yard: a decision without options");
    return;
  }
}

void start_turn(Position& p, int seat) {
  p.turn_player = static_cast<std::uint8_t>(seat);
  p.nframes = 0;
  begin_turn(p);
  advance(p);
}

// ---- Public -----------------------------------------------------------------------------------

int kind_of(std::uint8_t entry) {
  return entry & kKindMask;
}

const Frame* top_frame(const Position& p) {
  return p.nframes ? &p.frames[p.nframes - 1] : nullptr;
}

int pile_cards(const Player& pl, int pile) {
  int n = 0;
  for (int i = 0; i < pl.yard_size; ++i) n += pl.yard_pile[i] == pile;
  return n;
}

int pile_top(const Player& pl, int pile) {
  for (int i = pl.yard_size - 1; i >= 0; --i)
    if (pl.yard_pile[i] == pile) return i;
  return -1;
}

int pile_places(const Player& pl, int pile) {
  return PileStats(pl).places[pile];
}

bool pile_open(const Player& pl, int pile) {
  return PileStats(pl).open(pile);
}

int yard_symbols(const Player& pl, int s) {
  int n = 0;
  for (int i = 0; i < pl.yard_size; ++i) n += card(pl.yard[i] & kKindMask).is(s);
  return n;
}

int yard_places(const Player& pl) {
  int n = grass_count(pl);
  for (int i = 0; i < pl.yard_size; ++i) n += card(pl.yard[i] & kKindMask).places;
  return n;
}

int grass_count(const Player& pl) {
  return __builtin_popcount(pl.grass);
}

int tallest_pile(const Player& pl) {
  std::array<int, kPiles> n{};
  for (int i = 0; i < pl.yard_size; ++i) ++n[pl.yard_pile[i]];
  return *std::max_element(n.begin(), n.end());
}

bool has_no_sway_card(const Player& pl) {
  for (int i = 0; i < pl.yard_size; ++i)
    if (card(pl.yard[i] & kKindMask).no_sway) return true;
  return false;
}

// R26: the still rounds after which the table's standing still ends the game: kStillRounds, and
// while a Neighbor left asks only for a Bribe and some player may sway (no Skunk), as many more
// as working takes to pay the dearest such Bribe from nothing (Maximilian's $20: 4). A Bribe
// alone can be met by working, so the table gets that time; a table still standing still then
// has chosen not to sway (issue 29: bots behind never swayed the last Neighbor, and a newcomer
// never came Home, so the game went on for ever).
int still_rounds_to_end(const Position& p) {
  int extra = -1;  // the most rounds of work a Bribe-only Neighbor of the row asks for
  for (int i = 0; i < p.row_size; ++i) {
    const NeighborDef& n = content().neighbors[p.row[i]];
    const Criteria& c = n.criteria;
    bool any = c.cards || c.places || c.grass || c.tallest;
    for (auto k : c.symbols) any = any || k;
    if (any) continue;
    int pay = 0;
    for (int k = 0; k < n.bribe.size; ++k)
      if (n.bribe.steps[k].op == Op::kPay) pay += n.bribe.steps[k].n;
    extra = std::max(extra, (pay + kWorkPay - 1) / kWorkPay);
  }
  if (extra < 0) return kStillRounds;
  for (int seat = 0; seat < p.seats; ++seat)
    if (!has_no_sway_card(p.players[seat])) return kStillRounds + extra;
  return kStillRounds;  // nobody may sway at all (Y6.6)
}

namespace {

// What the Neighbors' criteria read of a Yard (Y6.1), in one pass over it: the legal sways of a
// turn check every Neighbor of the row against the same Yard (issue 32: a scan a symbol before).
struct YardTally {
  std::array<int, kNumSymbols> symbols{};
  int places = 0;  // Place symbols, Grass included (Florence)
  int tallest = 0;
  bool no_sway = false;  // a card that forbids swaying (Skunk)
  explicit YardTally(const Player& pl) {
    std::array<int, kPiles> height{};
    places = grass_count(pl);
    for (int i = 0; i < pl.yard_size; ++i) {
      const CardDef& d = card(pl.yard[i] & kKindMask);
      for (unsigned m = d.symbols; m; m &= m - 1) ++symbols[__builtin_ctz(m)];
      places += d.places;
      no_sway |= d.no_sway;
      tallest = std::max(tallest, ++height[pl.yard_pile[i]]);
    }
  }
  bool meets(const Player& pl, const Criteria& c) const {
    for (int s = 0; s < kNumSymbols; ++s)
      if (symbols[s] < c.symbols[s]) return false;
    return pl.yard_size >= c.cards && places >= c.places && grass_count(pl) >= c.grass &&
           tallest >= c.tallest;
  }
};

// Y6: the Neighbor's criteria met and its Bribe payable, by a Yard without a Skunk.
bool can_sway_with(const Position& p, int seat, int n, const YardTally& t) {
  const NeighborDef& d = content().neighbors[n];
  return !t.no_sway && t.meets(p.players[seat], d.criteria) && bribe_possible(p, seat, d.bribe);
}

}  // namespace

bool meets_criteria(const Player& pl, const Criteria& c) {
  return YardTally(pl).meets(pl, c);
}

BribeNeeds bribe_needs(const Program& bribe) {
  BribeNeeds need;
  for (int s = 0; s < bribe.size; ++s) {
    const Step& st = bribe.steps[s];
    if (st.op == Op::kPay) need.money += st.n;
    if (st.op == Op::kGiveToGarage || st.op == Op::kTrashOwnTop) need.yard += st.n;
    if (st.op == Op::kTrashHand) need.hand += st.n;
  }
  return need;
}

bool can_sway(const Position& p, int seat, int n) {
  return can_sway_with(p, seat, n, YardTally(p.players[seat]));
}

int neighbors_swayed(const Player& pl) {
  return __builtin_popcount(pl.sway);
}

std::array<int, kMaxSeats> ranks(const Position& p) {
  std::array<int, kMaxSeats> pts{}, nb{}, rank{};
  for (int s = 0; s < p.seats; ++s) {
    pts[s] = score(p, s);
    nb[s] = neighbors_swayed(p.players[s]);
  }
  for (int i = 0; i < p.seats; ++i)
    for (int j = 0; j < p.seats; ++j)
      if (pts[j] > pts[i] || (pts[j] == pts[i] && nb[j] > nb[i])) ++rank[i];
  return rank;
}

std::array<int, kPiles> pile_card_counts(const Player& pl) {
  std::array<int, kPiles> n{};
  for (int i = 0; i < pl.yard_size; ++i) ++n[pl.yard_pile[i]];
  return n;
}

int card_vp(const Position& p, int seat, int i, const std::array<int, kPiles>& n) {
  const Player& pl = p.players[seat];
  const CardDef& d = card(pl.yard[i] & kKindMask);
  const int q = pl.yard_pile[i], r = q / 3, c = q % 3;
  switch (d.vp_rule) {
    case VpRule::kFlat:
      return d.vp;
    case VpRule::kPerSymbol:
      return d.vp * yard_symbols(pl, d.vp_symbol);
    case VpRule::kAdjacent: {
      int total = 0;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          const int rr = r + dr, cc = c + dc;
          if ((dr || dc) && rr >= 0 && rr < 3 && cc >= 0 && cc < 3) total += d.vp * n[rr * 3 + cc];
        }
      return total;
    }
    case VpRule::kRow:
      return d.vp * (n[r * 3] + n[r * 3 + 1] + n[r * 3 + 2]);
    case VpRule::kColumn:
      return d.vp * (n[c] + n[3 + c] + n[6 + c]);
    case VpRule::kTrash:
      return d.vp * (p.trash_size / d.vp_every);
  }
  return 0;
}

int yard_vp(const Position& p, int seat) {
  const Player& pl = p.players[seat];
  const auto n = pile_card_counts(pl);
  int total = 0;
  for (int i = 0; i < pl.yard_size; ++i) total += card_vp(p, seat, i, n);
  return total;
}

int sway_vp(const Position& p, int seat) {
  int total = 0;
  for (int n = 0; n < static_cast<int>(content().neighbors.size()); ++n)
    if (p.players[seat].sway >> n & 1) total += content().neighbors[n].vp;
  return total;
}

std::uint64_t table_fingerprint(const Position& p) {
  std::uint64_t h = 1469598103934665603ull;
  auto mix = [&h](std::uint64_t v) {
    h ^= v;
    h *= 1099511628211ull;
  };
  for (int s = 0; s < p.seats; ++s) {
    const Player& pl = p.players[s];
    mix(pl.yard_size);
    for (int i = 0; i < pl.yard_size; ++i) mix((pl.yard[i] & kKindMask) | pl.yard_pile[i] << 8);
    mix(pl.grass);
    mix(pl.sway);
  }
  for (int k = 0; k < num_kinds(); ++k) mix(p.store[k] | p.trash[k] << 8);
  mix(p.row_size);
  return h;
}

int score(const Position& p, int seat) {
  return yard_vp(p, seat) + sway_vp(p, seat);
}

void setup(Position& p, const Setup& s, std::uint64_t seed) {
  const int players = s.players, edition = s.edition;
  if (players < 2 || players > kMaxSeats || edition < 1 || edition > 2)
    throw std::logic_error("yard: bad set-up parameters");
  const Content& c = content();
  p = Position{};
  p.rng.reseed(seed);
  p.seats = static_cast<std::uint8_t>(players);
  p.edition = static_cast<std::uint8_t>(edition);
  // Y2.4: the Store deck, shuffled; its top 5 cards form the Store (laid out below, R6).
  for (int k = 0; k < static_cast<int>(c.cards.size()); ++k)
    for (int j = 0; j < c.cards[k].count[edition - 1]; ++j)
      p.deck[p.deck_size++] = static_cast<std::uint8_t>(k);
  p.rng.shuffle(p.deck.begin(), p.deck.begin() + p.deck_size);
  // Y2.5: five Neighbors face up; 0, 1 or 2 set aside face down; the rest are not used.
  std::array<std::uint8_t, kMaxNeighbors> order{};
  const int nn = static_cast<int>(c.neighbors.size());
  for (int i = 0; i < nn; ++i) order[i] = static_cast<std::uint8_t>(i);
  p.rng.shuffle(order.begin(), order.begin() + nn);
  for (int i = 0; i < kRowSlots; ++i) p.row[p.row_size++] = order[i];
  for (int i = 0; i < players - 2; ++i) p.set_aside[p.set_aside_size++] = order[kRowSlots + i];
  // Y2.1-Y2.3: Home side up, $0, nine Dirt, the starting hand.
  for (int s = 0; s < players; ++s)
    for (auto k : c.starting_hand) {
      ++p.players[s].hand[k];
      ++p.players[s].hand_size;
    }
  // Y2.6 / R1: the first player is drawn at random.
  p.first_player = static_cast<std::uint8_t>(p.rng.below(static_cast<std::uint32_t>(players)));
  p.turn_player = p.first_player;
  begin_turn(p);
  // Y2.4, R6: the Store is laid out as a restock; an Event met on the way is done (Y4.5),
  // starting with the first player, before the first turn's Start actions.
  push_restock(p);
  advance(p);
}

void legal_actions(const Position& p, ActionList& out) {
  out.size = 0;
  if (p.over()) return;
  if (p.nframes) {
    const Frame& f = p.frames[p.nframes - 1];
    if (f.type == FrameType::kPlay) {
      if (f.step == 0)
        legal_play_cards(p, f, out);
      else if (f.step == 1)
        legal_targets(p, f, out);
    } else if (f.type == FrameType::kProgram) {
      legal_program(p, f, out);
    }
    return;
  }
  const Player& me = p.players[p.turn_player];
  switch (p.phase) {
    case Phase::kStart:
      legal_pending(p, kActStart, out);
      break;
    case Phase::kEnd:
      legal_pending(p, kActEnd, out);
      break;
    case Phase::kSide:
      out.push(kActHome);
      out.push(kActAway);
      break;
    case Phase::kMain: {
      // The most common decision: with a limit (advance asks for 2), it stops as soon as it has
      // found that many.
      out.push(kActDone);
      const int n = num_kinds();
      if (me.away) {
        if (!(p.used & kUsedWork)) out.push(kActWork);
        if (!(p.used & kUsedBuy))
          for (int k = 0; k < n && !out.full(); ++k)
            if (p.store[k] && me.money >= card(k).cost) out.push(kActBuy + k);
      } else {
        if (!(p.used & kUsedPlay) && me.hand_size) {
          const bool open = open_pile_somewhere(p, p.turn_player);
          for (int k = 0; k < n && !out.full(); ++k)
            if (me.hand[k] && playable(p, nullptr, kCtxMain, k, open)) out.push(kActPlay + k);
        }
        if (!(p.used & kUsedSway) && !out.full()) {
          const YardTally tally(me);
          const int first = out.size;
          for (int i = 0; i < p.row_size && !out.full(); ++i)
            if (can_sway_with(p, p.turn_player, p.row[i], tally)) out.push(kActSway + p.row[i]);
          std::sort(out.items.begin() + first, out.items.begin() + out.size);
        }
      }
      break;
    }
    case Phase::kOver:
      break;
  }
}

void legal_actions(const Position& p, std::vector<int>& out) {
  ActionList buf;
  legal_actions(p, buf);
  out.assign(buf.begin(), buf.end());
}

bool is_legal(const Position& p, int action) {
  ActionList buf;
  legal_actions(p, buf);
  return std::find(buf.begin(), buf.end(), action) != buf.end();
}

bool apply(Position& p, int action) {
  const auto reveals = p.reveals;
  decide(p, action);
  ++p.actions;
  advance(p);
  if (!p.over() && p.actions >= kActionCap) end_game(p, EndReason::kActionCap);  // E5
  return p.reveals != reveals;
}

}  // namespace turf::yard
