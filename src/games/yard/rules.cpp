// Turf War (yard) — the rules kernel: set-up, the turn, playing, buying, restocking, Events,
// swaying, legal actions and scoring, for 2-4 players and both editions (the effect programs of
// the cards are stepped in effects.cpp). Clause ids refer to docs/rules/yard.md.
#include "games/yard/rules.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "games/yard/kernel.h"

namespace turf::yard {

using namespace kernel;

namespace {

// Whether some Pile a non-Pest card could go onto exists for `actor`.
bool open_pile_somewhere(const Position& p, int actor) {
  if (PileSlack(p.players[actor]).any_open()) return true;  // the own Yard first
  for (int s = 0; s < p.seats; ++s)
    if (s != actor && may_target(p, actor, s) && PileSlack(p.players[s]).any_open()) return true;
  return false;
}

// Y5.1-Y5.3, Y8.1: the kinds among `kinds` (held, no Events) playable in context `ctx` whatever
// the Places, and those that need an open Pile somewhere (kCtxMain, kCtxExtra, kCtxMust) or the
// frame's Pile open (kCtxHere, decided here).
struct Playable {
  std::uint64_t now = 0, if_open = 0;
};
Playable playable_kinds(const Position& p, const Frame* f, int ctx, std::uint64_t kinds) {
  const KindFacts& kf = facts();
  kinds &= ~kf.event;
  if (ctx == kCtxMagnet) return {kinds & kf.pest, 0};
  if (ctx == kCtxHere) {
    // Y8.1: edition-2 Tools go to the Garage; a Pest goes anywhere; the rest need the Pile open.
    std::uint64_t now = (p.edition == 1 ? kinds & kf.tool : 0) | (kinds & ~kf.tool & kf.pest);
    const std::uint64_t rest = kinds & ~kf.tool & ~kf.pest;
    if (rest && PileSlack(p.players[f->yard]).open(f->pile)) now |= rest;
    return {now, 0};
  }
  return {kinds & (kf.tool | kf.pest), kinds & ~(kf.tool | kf.pest)};
}

// The playable kinds, asking whether a Pile is open only when it matters.
std::uint64_t playable_now(const Position& p, const Frame* f, int ctx, int actor,
                           std::uint64_t kinds) {
  const Playable k = playable_kinds(p, f, ctx, kinds);
  return k.if_open && open_pile_somewhere(p, actor) ? k.now | k.if_open : k.now;
}

}  // namespace

namespace kernel {

bool any_playable(const Position& p, int actor, int ctx, const Frame* f) {
  const Player& pl = p.players[actor];
  if (pl.hand_size == 0) return false;
  const Playable k = playable_kinds(p, f, ctx, held(pl.hand));
  return k.now || (k.if_open && open_pile_somewhere(p, actor));
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
  const std::uint64_t with = timing == kOnStart ? facts().start : facts().end;
  for (int i = 0; i < pl.yard_size; ++i)
    if (with >> (pl.yard[i] & kKindMask) & 1) pl.yard[i] |= kPendingFlag;
}

// The pending flags of eight entries of a Yard from entry i (a multiple of 8 below yard_size, so
// the eight bytes lie inside the array), those past the Yard's end masked off.
std::uint64_t pending_word(const Player& pl, int i) {
  std::uint64_t x;
  std::memcpy(&x, pl.yard.data() + i, sizeof x);
  x &= 0x4040404040404040ull;  // kPendingFlag in every byte
  if (pl.yard_size - i < 8) x &= (1ull << (8 * (pl.yard_size - i))) - 1;
  return x;
}
static_assert(kPendingFlag == 0x40 && kYardCap % 8 == 0);

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

// Y3.1, Y3.4: the Start (End) step is over once no Start (End) action is due.
void end_pending_step(Position& p) {
  if (p.phase == Phase::kStart)
    p.phase = Phase::kSide;
  else
    next_turn(p);
}

// ---- Legal actions ----------------------------------------------------------------------------

void legal_pending(const Position& p, int base, ActionList& out) {
  const Player& pl = p.players[p.turn_player];
  std::array<std::uint64_t, kPiles> seen{};
  unsigned piles = 0;  // the Piles with a card due
  for (int w = 0; w < pl.yard_size; w += 8)
    for (std::uint64_t x = pending_word(pl, w); x; x &= x - 1) {
      const int i = w + lowest(x) / 8;
      const int q = pl.yard_pile[i];
      const std::uint64_t b = 1ull << (pl.yard[i] & kKindMask);
      seen[q] |= b;
      piles |= 1u << q;
    }
  for (; piles; piles &= piles - 1) {
    const int q = __builtin_ctz(piles);
    for (std::uint64_t m = seen[q]; m; m &= m - 1) out.push(base + q * 64 + lowest(m));
  }
}

void legal_play_cards(const Position& p, const Frame& f, ActionList& out) {
  if (f.timing == kCtxExtra) out.push(kActStop);
  if (f.timing == kCtxMagnet) {
    for (std::uint64_t m = held(p.limbo); m; m &= m - 1) out.push(kActPlay + lowest(m));
    return;
  }
  const std::uint64_t kinds = playable_now(p, &f, f.timing, f.actor, held(p.players[f.actor].hand));
  // R23: a Garden's play may be declined when every card of the hand that fits is a Pest.
  if (f.timing == kCtxHere && !(kinds & ~facts().pest)) out.push(kActStop);
  for (std::uint64_t m = kinds; m; m &= m - 1) out.push(kActPlay + lowest(m));
}

void legal_targets(const Position& p, const Frame& f, ActionList& out) {
  const bool anywhere = ignores_places(f.kind);
  for (int s = 0; s < p.seats; ++s) {
    if (!may_target(p, f.actor, s)) continue;
    const PileSlack st(p.players[s]);
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
            if (facts().home >> k & 1) push_program(p, k, kOnHome, tp, tp, me.yard_pile[i]);
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
    if (p.nframes) {
      if (step_frame(p)) continue;
    } else if (p.phase == Phase::kStart || p.phase == Phase::kEnd) {
      // Y3.1, Y3.4: the Start (End) actions still due, listed once (issue 32: the check whether
      // any is due and the list in one scan of the Yard): none ends the step, one is done (E1),
      // more are a decision.
      buf.size = 0;
      legal_pending(p, p.phase == Phase::kStart ? kActStart : kActEnd, buf);
      if (buf.size == 0) {
        end_pending_step(p);
        continue;
      }
      if (buf.size == 1) {
        decide(p, buf.items[0]);
        continue;
      }
      return;
    }
    // A decision of a frame, the side (Y3.2) or the main step (Y3.3).
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

// Bits set in each 9-bit value (the build has no POPCNT instruction; issue 32).
constexpr auto kBitCount = [] {
  std::array<std::uint8_t, 1u << kPiles> n{};
  for (unsigned v = 1; v < n.size(); ++v) n[v] = static_cast<std::uint8_t>(n[v >> 1] + (v & 1));
  return n;
}();

int grass_count(const Player& pl) {
  return kBitCount[pl.grass & ((1u << kPiles) - 1)];
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

// A Neighbor's criteria (Y6.1) a byte a field, as KindFacts::tally sums a Yard: the symbols
// (byte s), the Place symbols (byte kPlacesByte); byte kNoSwayByte asks for nothing.
std::uint64_t packed_criteria(const Criteria& c) {
  std::uint64_t m = 0;
  for (int s = 0; s < kNumSymbols; ++s) m |= static_cast<std::uint64_t>(c.symbols[s]) << (8 * s);
  return m | static_cast<std::uint64_t>(c.places) << (8 * kPlacesByte);
}

// What swaying each Neighbor asks (Y6.1, Y6.3), read once from the table.
struct NeighborFacts {
  std::uint64_t packed = 0;
  int cards = 0, grass = 0, tallest = 0;
  BribeNeeds bribe;
};
const std::array<NeighborFacts, kMaxNeighbors>& neighbor_facts() {
  static const auto f = [] {
    std::array<NeighborFacts, kMaxNeighbors> r{};
    const auto& ns = content().neighbors;
    for (std::size_t n = 0; n < ns.size(); ++n) {
      const Criteria& c = ns[n].criteria;
      r[n] = {packed_criteria(c), c.cards, c.grass, c.tallest, bribe_needs(ns[n].bribe)};
    }
    return r;
  }();
  return f;
}

// What the Neighbors' criteria read of a Yard (Y6.1), in one pass over it: the legal sways of a
// turn check every Neighbor of the row against the same Yard (issue 32: a scan a symbol before).
struct YardTally {
  // The symbols, the Place symbols (Grass included: Florence) and the Skunks, a byte a field
  // (KindFacts::tally); every byte stays below 128 (fewer cards exist).
  std::uint64_t packed = 0;
  int tallest = 0;
  bool no_sway = false;  // a card that forbids swaying (Skunk)
  int grass = 0;
  explicit YardTally(const Player& pl) {
    std::array<int, kPiles> height{};
    grass = grass_count(pl);
    const KindFacts& kf = facts();
    std::uint64_t sum = 0;
    for (int i = 0; i < pl.yard_size; ++i) {
      sum += kf.tally[pl.yard[i] & kKindMask];
      tallest = std::max(tallest, ++height[pl.yard_pile[i]]);
    }
    packed = sum + (static_cast<std::uint64_t>(grass) << (8 * kPlacesByte));
    no_sway = (sum >> (8 * kNoSwayByte) & 0xFF) != 0;
  }
  // Every byte of `packed` at least that of `want` (both below 128: no borrow between bytes).
  bool meets_packed(std::uint64_t want) const {
    constexpr std::uint64_t kHigh = 0x8080808080808080ull;
    return (((packed | kHigh) - want) & kHigh) == kHigh;
  }
  bool meets(const Player& pl, const Criteria& c) const {
    return meets_packed(packed_criteria(c)) && pl.yard_size >= c.cards && grass >= c.grass &&
           tallest >= c.tallest;
  }
};

// Y6: the Neighbor's criteria met and its Bribe payable (Y6.3), by a Yard without a Skunk.
[[gnu::always_inline]] inline bool can_sway_with(const Player& pl, const NeighborFacts& d,
                                                 const YardTally& t) {
  return !t.no_sway && t.meets_packed(d.packed) && pl.yard_size >= d.cards && t.grass >= d.grass &&
         t.tallest >= d.tallest && pl.money >= d.bribe.money && pl.yard_size >= d.bribe.yard &&
         pl.hand_size >= d.bribe.hand;
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
  const Player& pl = p.players[seat];
  return can_sway_with(pl, neighbor_facts()[n], YardTally(pl));
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
      // The kinds of card are walked as bits of the kinds held (issue 32).
      out.push(kActDone);
      if (me.away) {
        if (!(p.used & kUsedWork)) out.push(kActWork);
        if (!(p.used & kUsedBuy))  // Y4.2: a card of the Store the player can pay for
          for (std::uint64_t m = held(p.store) & affordable(me.money); m && !out.full(); m &= m - 1)
            out.push(kActBuy + lowest(m));
      } else {
        if (!(p.used & kUsedPlay) && me.hand_size) {  // Y5
          const Playable k = playable_kinds(p, nullptr, kCtxMain, held(me.hand));
          std::uint64_t kinds = k.now;
          if (k.if_open) {
            // Whether a Pile is open matters only if a kind that needs one is among the first
            // the list can still take.
            bool ask = false;
            int room = out.limit - out.size;
            for (std::uint64_t m = k.now | k.if_open; m && room > 0 && !ask; m &= m - 1, --room)
              ask = k.if_open >> lowest(m) & 1;
            if (ask && open_pile_somewhere(p, p.turn_player)) kinds |= k.if_open;
          }
          for (std::uint64_t m = kinds; m && !out.full(); m &= m - 1)
            out.push(kActPlay + lowest(m));
        }
        if (!(p.used & kUsedSway) && !out.full()) {
          const YardTally tally(me);
          const auto& nf = neighbor_facts();
          const int first = out.size;
          for (int i = 0; i < p.row_size && !out.full(); ++i)
            if (can_sway_with(me, nf[p.row[i]], tally)) out.push(kActSway + p.row[i]);
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
