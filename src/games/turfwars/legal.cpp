// Turf Wars — the legal actions of every step (gen), and the few of them the main loop needs to
// tell none, one or several apart (gen_few). Clause ids refer to docs/rules/turfwars.md.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <vector>

#include "games/turfwars/kernel.h"

namespace turf::turfwars::kernel {

template <bool kFew, class Out>
void gen_list(const Position& p, Out& out);

// The caller's vector as gen_list's output (legal_actions): written in place, without a list on
// the stack copied after (issue 32). Its capacity is kept between calls, so no allocation once
// warm.
struct VecActs {
  std::vector<int>& v;
  void add(int x) { v.push_back(x); }
  int size() const { return static_cast<int>(v.size()); }
  void sort() { std::sort(v.begin(), v.end()); }
};

static_assert(kMaxTemplates % 8 == 0 && std::endian::native == std::endian::little,
              "the draft's packet is read eight counts at a time, the first in the lowest byte");

// Enough of the legal actions to tell none, one (then exactly gen's) or several apart: the main
// loop takes a lone option itself. The frequent steps stop at the second option.
void gen_few(const Position& p, Acts& out) {
  out.n = 0;
  const int s = p.to_move;
  switch (p.step) {
    case Step::kPlace: {
      const int seat = p.phase == Phase::kActions ? p.turn.owner : s;
      scan_held(p, seat, [&](int c) {
        out.add(kActCell + c);
        return out.n >= 2;
      });
      return;
    }
    case Step::kBuy: {
      const unsigned m = buy_mask(p, s);
      if (m != 0) out.add(kActBuy + std::countr_zero(m));
      out.add(kActPass);
      return;
    }
    default:
      gen_list<true>(p, out);
      return;
  }
}

void gen(const Position& p, Acts& out) {
  out.n = 0;
  gen_list<false>(p, out);
}

void gen(const Position& p, std::vector<int>& out) {
  VecActs o{out};
  gen_list<false>(p, o);
}

// kFew: the scans over a seat's turfs stop at the second option (gen_few). `out` starts empty.
template <bool kFew, class Out>
void gen_list(const Position& p, Out& out) {
  const int s = p.to_move;
  const Board& b = board_of(p);
  const SeatState& st = p.seats[s];
  const Turn& tn = p.turn;
  const War& w = p.war;
  // gen_few: two options are enough, in any order (only none, one or several matter).
  auto full = [&] { return kFew && out.size() >= 2; };
  // Cells the seat holds that pass pred, ascending.
  auto held_if = [&](int seat, auto pred) {
    scan_held(p, seat, [&](int c) {
      if (pred(c)) out.add(kActCell + c);
      return full();
    });
  };
  switch (p.step) {
    case Step::kChooseFaction: {
      const int a = std::min(st.dealt[0], st.dealt[1]), z = std::max(st.dealt[0], st.dealt[1]);
      out.add(kActFaction + a);
      if (z != a) out.add(kActFaction + z);
      break;
    }
    case Step::kChooseStart:
      start_options(p, s, [&](int c) {
        out.add(kActCell + c);
        return full();
      });
      break;
    case Step::kClone:
      for (int f = 0; f < static_cast<int>(C(p).factions.size()) && !full(); ++f) {
        bool in_play = false;
        for (int o = 0; o < p.num_seats; ++o)
          in_play |= o != s && active(p, o) && p.seats[o].faction == f;
        if (in_play) out.add(kActFaction + f);
      }
      if (out.size() == 0) out.add(kActPass);
      break;
    case Step::kDeclareHome:
      for (int t = 0; t < kTypes; ++t)
        if (t != p.count) out.add(kActType + t);
      break;
    case Step::kManeuverFrom: {
      const int seat = p.phase == Phase::kActions ? tn.owner : s;
      held_if(seat, [&](int c) { return p.troops[c] > 0; });
      out.add(kActPass);
      break;
    }
    case Step::kManeuverTo: {
      const int seat = p.phase == Phase::kActions ? tn.owner : s;
      held_if(seat, [&](int c) { return c != tn.from; });
      break;
    }
    case Step::kManeuverCount:
      for (int n = 1; n <= p.troops[tn.from] && !full(); ++n) out.add(kActCount + n);
      break;
    case Step::kPlace: {
      const int seat = p.phase == Phase::kActions ? tn.owner : s;
      held_if(seat, [](int) { return true; });
      break;
    }
    case Step::kOptOut:
      out.add(kActTakePart);
      out.add(kActStayOut);
      break;
    case Step::kDirection:
      out.add(kActLeft);
      out.add(kActRight);
      break;
    case Step::kDraftPick:  // eight counts at a time: most are zero
      for (int w = 0; w < kMaxTemplates; w += 8) {
        std::uint64_t x = 0;
        std::memcpy(&x, p.packet.data() + w, 8);
        for (int t = w; x != 0; ++t, x >>= 8)
          if (x & 0xFF) out.add(kActCard + t);
      }
      break;
    case Step::kSource: {
      const int seat = tn.owner;
      if (tn.bloodlust) {
        held_if(seat, [&](int c) {
          if (!valid_source(p, seat, c)) return false;
          bool any = false;
          adjacent_targets(p, seat, c, p.bloodlust_half, [&](int) { any = true; });
          return any;
        });
        break;
      }
      // T8.8, R35: a card with a legal use must be performed (no pass); one without any is
      // revealed and discarded without a decision.
      const ActionTemplate& t = tmpl_of(p);
      if (t.kind == ActionKind::kTeleport)
        held_if(seat, [](int) { return true; });
      else {
        const CellMask targets = card_target_mask(p, seat, t);
        const CardReach reach = card_reach(p, seat, t);
        held_if(seat,
                [&](int c) { return valid_source(p, seat, c) && reach.meets_from(c, targets); });
      }
      break;
    }
    case Step::kTarget: {
      const int seat = tn.owner;
      if (tn.bloodlust) {
        adjacent_targets(p, seat, tn.source, p.bloodlust_half,
                         [&](int c) { out.add(kActCell + c); });
        if constexpr (!kFew) out.sort();
        break;
      }
      const ActionTemplate& t = tmpl_of(p);
      if (t.kind == ActionKind::kTeleport) {
        for (int c : b.by_type[t.turf])
          if (p.owner[c] < 0) out.add(kActCell + c);
      } else {
        card_targets(p, seat, t, tn.decl_source[tn.cursor], [&](int c) { out.add(kActCell + c); });
      }
      if constexpr (!kFew) out.sort();
      break;
    }
    case Step::kCommit: {
      const WarSide& side = w.sides[w.cursor];
      const int have = p.troops[side.source];
      const int min = tn.bloodlust && p.bloodlust_half ? ceil_half(have) : 1;  // R22
      for (int n = min; n <= have && !full(); ++n) out.add(kActCount + n);
      break;
    }
    case Step::kJoin: {
      for (int side = 0; side < w.n_sides; ++side)
        if (may_join(p, s, side)) out.add(kActSeat + w.sides[side].leader);
      if constexpr (!kFew) out.sort();
      out.add(kActPass);
      break;
    }
    case Step::kPull:
      for_each_neighbour(p, w.target, [&](int c) {
        if (p.owner[c] == s) out.add(kActCell + c);
      });
      if constexpr (!kFew) out.sort();
      out.add(kActPass);
      break;
    case Step::kPullCount:
      for (int n = 1; n <= p.troops[w.pull_from] && !full(); ++n) out.add(kActCount + n);
      break;
    case Step::kLure:
      for (int o = 0; o < p.num_seats; ++o) {
        const int m = most_populous(p, o);
        if (!in_war(w, o) && active(p, o) && m >= 0 && p.troops[m] >= 2) out.add(kActSeat + o);
      }
      out.add(kActPass);
      break;
    case Step::kDefendCommit: {
      const int lured = w.lured;
      for (int n = lured; n <= p.troops[w.target] && !full(); ++n) out.add(kActCount + n);
      break;
    }
    case Step::kSupportTurf:
      held_if(s, [&](int c) { return p.troops[c] >= 2; });
      break;
    case Step::kCombatCard: {
      int side = 0;
      for (int i = 0; i < w.n_sides; ++i)
        if (w.sides[i].leader == s) side = i;
      for (int t = 0; t < kCombatTypes; ++t) {
        if (!st.hand[t]) continue;
        if (t == kCryForHelp && (side != defender_side(w) || p.num_seats <= 2)) continue;
        out.add(kActCombat + t);
      }
      break;
    }
    case Step::kCallHelp:
      for (int o = 0; o < p.num_seats; ++o)
        if (active(p, o) && !in_war(w, o)) out.add(kActSeat + o);
      break;
    case Step::kRetreat:
      for_each_neighbour(p, w.target, [&](int c) {
        if (p.owner[c] == s) out.add(kActCell + c);
      });
      if constexpr (!kFew) out.sort();
      break;
    case Step::kFury:
      for (int t = 1; t <= 10; ++t)
        if (st.hand[t]) out.add(kActCombat + t);
      out.add(kActPass);
      break;
    case Step::kRampage:
      adjacent_targets(p, tn.owner, tn.target, false, [&](int c) { out.add(kActCell + c); });
      if constexpr (!kFew) out.sort();
      out.add(kActPass);
      break;
    case Step::kBuy:
      for (unsigned m = buy_mask(p, s); m != 0; m &= m - 1) out.add(kActBuy + std::countr_zero(m));
      out.add(kActPass);
      break;
    case Step::kKeepCombat: {
      const int a = std::min(st.drawn[0], st.drawn[1]), z = std::max(st.drawn[0], st.drawn[1]);
      out.add(kActCombat + a);
      if (z != a) out.add(kActCombat + z);
      break;
    }
    case Step::kExchange:
      for (int t = 1; t < kCombatTypes; ++t)
        if (st.hand[t]) out.add(kActCombat + t);
      break;
    case Step::kTieSupport:
      for (int o = 0; o < p.num_seats; ++o)
        if (p.count >> o & 1) out.add(kActSeat + o);
      out.add(kActPass);
      break;
    case Step::kOver:
      break;
  }
}

}  // namespace turf::turfwars::kernel
