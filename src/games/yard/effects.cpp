// Turf War (yard) — the effect programs: every card's and Bribe's Program (data/yard/cards.json)
// run step by step on the effect stack, the decisions a step offers, and carrying them out. The
// vocabulary of steps (Op) is documented in docs/rules/yard.md; clause ids refer to it.
#include <algorithm>
#include <stdexcept>

#include "games/yard/kernel.h"

namespace turf::yard::kernel {

namespace {

bool rival_has_card(const Position& p, int actor) {
  for (int s = 0; s < p.seats; ++s)
    if (s != actor && p.players[s].yard_size) return true;
  return false;
}

bool has_pest(const Player& pl) {
  for (int i = 0; i < pl.yard_size; ++i)
    if (card(pl.yard[i] & kKindMask).is(kPest)) return true;
  return false;
}

bool rival_garage_has_stealable(const Position& p, int actor) {
  const int n = num_kinds();
  for (int s = 0; s < p.seats; ++s)
    if (s != actor)
      for (int k = 0; k < n; ++k)
        if (p.players[s].garage[k] && stealable(k)) return true;
  return false;
}

bool finish_program(Position& p) {
  Frame& f = top(p);
  if (f.timing == kOnReveal) {
    if (card(f.kind).each_player && f.round + 1 < p.seats) {
      ++f.round;  // Y4.5: each player in turn order from the player whose turn it is
      f.actor = static_cast<std::uint8_t>((p.turn_player + f.round) % p.seats);
      f.step = 0;
      init_step(f);
      return true;
    }
    const int k = f.kind;
    pop(p);
    if (p.edition == 2)
      put_at_bottom(p, k);  // Y8.3
    else
      ++p.gone[k];  // R7: edition 1 takes a done Event out of the game
    return true;
  }
  pop(p);
  return true;
}

}  // namespace

// Runs the top Program frame as far as it goes without a decision. Returns false when its actor
// must decide.
bool step_program(Position& p) {
  Frame& f = top(p);
  const Program& prog = program_of(f);
  if (f.step >= prog.size) return finish_program(p);
  const Step& st = prog.steps[f.step];
  Player& me = p.players[f.actor];
  switch (st.op) {
    case Op::kGain:
      me.money = static_cast<std::uint16_t>(std::min(60000, me.money + st.n));
      next_step(f);
      return true;
    case Op::kLose:
    case Op::kPay:
      me.money = static_cast<std::uint16_t>(me.money - std::min<int>(me.money, st.n));
      next_step(f);
      return true;
    case Op::kGrass:
      if (f.count == 0 || dirt_mask(me) == 0) {
        next_step(f);
        return true;
      }
      return false;
    case Op::kDirtHere:
      p.players[f.yard].grass &= static_cast<std::uint16_t>(~pile_bit(f.pile));
      next_step(f);
      return true;
    case Op::kExtraPlays:
      if (f.sub == 1) {
        f.sub = 0;
        if (f.count) --f.count;
      }
      if (f.count == 0 || !any_playable(p, f.actor, kCtxExtra, &f)) {
        next_step(f);
        return true;
      }
      f.sub = 1;
      push_play(p, kCtxExtra, f.actor, kNone, kNone, kNone, 0);
      return true;
    case Op::kMustPlay:
      if (f.sub == 1 || !any_playable(p, f.actor, kCtxMust, &f)) {
        next_step(f);
        return true;
      }
      f.sub = 1;
      push_play(p, kCtxMust, f.actor, kNone, kNone, kNone, 0);
      return true;
    case Op::kPlayHere:
      if (f.sub == 1 || !any_playable(p, f.actor, kCtxHere, &f)) {
        next_step(f);
        return true;
      }
      f.sub = 1;
      push_play(p, kCtxHere, f.actor, f.yard, f.pile, kNone, 0);
      return true;
    case Op::kTrashStore:
      if (f.count > 0 && p.store_size > 0) return false;
      {
        const bool any = f.sub > 0;
        next_step(f);
        if (any) push_restock(p);  // Y4.4: all trashed first, then one restock
      }
      return true;
    case Op::kTrashStoreAll: {
      const bool any = p.store_size > 0;
      for (int k = 0; k < kMaxKinds; ++k) {
        p.trash[k] = static_cast<std::uint8_t>(p.trash[k] + p.store[k]);
        p.store[k] = 0;
      }
      p.trash_size = static_cast<std::uint8_t>(p.trash_size + p.store_size);
      p.store_size = 0;
      next_step(f);
      if (any) push_restock(p);
      return true;
    }
    case Op::kTrashToHand:
    case Op::kTrashToGarage:
      if (p.trash_size == 0) {
        next_step(f);
        return true;
      }
      return false;
    case Op::kTrashRivalTop:
      if (f.count == 0 || !rival_has_card(p, f.actor)) {
        next_step(f);
        return true;
      }
      return false;
    case Op::kTrashOwnTop:
      if (f.count == 0 || me.yard_size == 0) {
        next_step(f);
        return true;
      }
      return false;
    case Op::kTrashOwnPest:
      if (f.count == 0 || !has_pest(me)) {
        next_step(f);
        return true;
      }
      return false;
    case Op::kTrashPileOthers: {
      Player& y = p.players[f.yard];
      int keep = -1;
      for (int i = y.yard_size - 1; i >= 0 && keep < 0; --i)
        if (y.yard_pile[i] == f.pile && (y.yard[i] & kKindMask) == f.kind) keep = i;
      for (int i = y.yard_size - 1; i >= 0; --i) {
        if (y.yard_pile[i] != f.pile || i == keep) continue;
        to_trash(p, yard_remove(y, i) & kKindMask);
        if (i < keep) --keep;
      }
      next_step(f);
      return true;
    }
    case Op::kTrashHand:
      if (f.count == 0 || me.hand_size == 0) {
        next_step(f);
        return true;
      }
      return false;
    case Op::kStealGarage:
      if (f.count == 0 || !rival_garage_has_stealable(p, f.actor)) {
        next_step(f);
        return true;
      }
      return false;
    case Op::kPestMagnet:
      if (f.sub == 0) {
        bool from_store = false;
        for (int k = 0; k < num_kinds(); ++k) {
          if (!card(k).is(kPest)) continue;
          if (p.store[k]) {
            from_store = true;
            p.limbo[k] = static_cast<std::uint8_t>(p.limbo[k] + p.store[k]);
            p.limbo_size = static_cast<std::uint8_t>(p.limbo_size + p.store[k]);
            p.store_size = static_cast<std::uint8_t>(p.store_size - p.store[k]);
            p.store[k] = 0;
          }
          p.limbo[k] = static_cast<std::uint8_t>(p.limbo[k] + p.trash[k]);
          p.limbo_size = static_cast<std::uint8_t>(p.limbo_size + p.trash[k]);
          p.trash_size = static_cast<std::uint8_t>(p.trash_size - p.trash[k]);
          p.trash[k] = 0;
        }
        f.sub = 1;
        if (from_store) push_restock(p);  // R10: restock once, before the Pests are played
        return true;
      }
      if (p.limbo_size == 0) {
        next_step(f);
        return true;
      }
      push_play(p, kCtxMagnet, f.actor, f.yard, f.pile, kNone, 0);
      return true;
    case Op::kMoveTopToRival:
      if (f.sub == 0 && me.yard_size == 0) {
        next_step(f);
        return true;
      }
      return false;
    case Op::kGiveToGarage:
      if (f.sub == 1 && (f.count == 0 || me.yard_size == 0)) {
        next_step(f);
        return true;
      }
      return false;
    case Op::kNumOps:
      break;
  }
  throw std::logic_error("yard: unknown step");
}

void decide_program(Position& p, int a) {
  Frame& f = top(p);
  const Step& st = program_of(f).steps[f.step];
  Player& me = p.players[f.actor];
  switch (st.op) {
    case Op::kGrass:
      me.grass |= pile_bit(a - kActGrass);
      --f.count;
      return;
    case Op::kTrashStore: {
      const int k = a - kActStoreCard;
      --p.store[k];
      --p.store_size;
      to_trash(p, k);
      --f.count;
      ++f.sub;
      return;
    }
    case Op::kTrashToHand:
    case Op::kTrashToGarage: {
      const int k = a - kActTrashCard;
      --p.trash[k];
      --p.trash_size;
      if (st.op == Op::kTrashToHand) {
        ++me.hand[k];
        ++me.hand_size;
      } else {
        ++me.garage[k];
        ++me.garage_size;
      }
      next_step(f);
      return;
    }
    case Op::kTrashRivalTop:
    case Op::kTrashOwnTop: {
      const int x = a - kActTop;
      Player& y = p.players[x / 16];
      to_trash(p, yard_remove(y, pile_top(y, x % 16)) & kKindMask);
      --f.count;
      return;
    }
    case Op::kTrashOwnPest: {
      const int x = a - kActPest;
      to_trash(p, yard_remove(me, pile_at_depth(me, x / 128, x % 128)) & kKindMask);
      --f.count;
      return;
    }
    case Op::kTrashHand: {
      const int k = a - kActHandCard;
      --me.hand[k];
      --me.hand_size;
      to_trash(p, k);
      --f.count;
      return;
    }
    case Op::kStealGarage: {
      const int x = a - kActGarage;
      Player& from = p.players[x / 64];
      const int k = x % 64;
      --from.garage[k];
      --from.garage_size;
      ++me.hand[k];
      ++me.hand_size;
      --f.count;
      return;
    }
    case Op::kMoveTopToRival: {
      if (f.sub == 0) {
        f.aux = static_cast<std::uint8_t>((a - kActTop) % 16);
        f.sub = 1;
        return;
      }
      const int x = a - kActOnto;
      const std::uint8_t e = yard_remove(me, pile_top(me, f.aux));
      yard_add(p.players[x / 16], x % 16, static_cast<std::uint8_t>(e & ~kPendingFlag));
      next_step(f);
      return;
    }
    case Op::kGiveToGarage: {
      if (f.sub == 0) {
        f.aux = static_cast<std::uint8_t>(a - kActRival);
        f.sub = 1;
        return;
      }
      const int x = a - kActPest;
      const int k = yard_remove(me, pile_at_depth(me, x / 128, x % 128)) & kKindMask;
      ++p.players[f.aux].garage[k];
      ++p.players[f.aux].garage_size;
      --f.count;
      return;
    }
    default:
      throw std::logic_error("yard: no decision in this step");
  }
}

}  // namespace turf::yard::kernel
