// Turf War (yard): the observation tensor of a seat's view (issue 26; docs/api.md), and the size
// of the action space. Built from the YardView alone (perfect recall: every hand and Garage is
// known to every seat, E2 of docs/rules/yard.md; the Store deck's order and the face-down
// Neighbors are not). Seats are relative: block 0 is the observing seat, then the seats after it
// in turn order. Card kinds are numbered in the order of data/yard/cards.json, Neighbors in the
// order of data/yard/neighbors.json (the action ids use the same numbers).
#include <array>
#include <string>

#include "core/observation.h"
#include "core/view.h"
#include "games/yard/game.h"

namespace turf::yard {

namespace {

constexpr int kVersion = 2;  // 2: the still rounds scaled by the rounds that end the game (yard-3)
constexpr int kStatus = 15;
constexpr int kFrameTypes = 4;
constexpr int kTimings = 7;  // kOnPlay..kOnReveal, (kNumTimings unused), kBribe
constexpr int kOps = static_cast<int>(Op::kNumOps);

struct Layout {
  ObsSpec spec;
  int kinds = 0, neighbors = 0, players = 0;
  int status, store, trash, gone, hidden_deck, deck_bottom, row, frame, frame_kind, frame_timing,
      frame_op, seats;
  int seat_size = 0;
  // Offsets inside a seat's block.
  int s_money = 0, s_hand = 0, s_garage = 0, s_sway = 0, s_symbols = 0, s_piles = 0;
  int pile_size = 0;
};

Layout make_layout(int players) {
  Layout l;
  l.players = players;
  l.kinds = static_cast<int>(content().cards.size());
  l.neighbors = static_cast<int>(content().neighbors.size());
  const int k = l.kinds, n = l.neighbors;
  ObsBuilder b(kVersion);
  l.status =
      b.add("status", kStatus,
            "my turn to decide; game over; it is my turn (I am the turn player); "
            "edition 2; turns started; phase (start, side, main, end); side actions used "
            "this turn (play, sway, work, buy); Store deck cards; rounds the table stood "
            "still",
            "0 or 1; turns / 100; one-hot; 0 or 1; deck / 100; rounds / the rounds that end it");
  l.store = b.add("store", k, "cards in the Store per kind", "count / 5");
  l.trash = b.add("trash", k, "cards in the Trash per kind", "count / 5 (clipped)");
  l.gone =
      b.add("gone", k, "cards out of the game per kind (edition 1 Events)", "count / 5 (clipped)");
  l.hidden_deck = b.add("hidden_deck", k,
                        "cards in the unseen part of the Store deck per kind (deduced from what "
                        "every seat saw)",
                        "count / 10 (clipped)");
  l.deck_bottom = b.add("deck_bottom", k,
                        "cards known to lie at the bottom of the Store deck per kind (done "
                        "Events, edition 2)",
                        "count / 5 (clipped)");
  l.row = b.add("neighbor_row", n + 1,
                "Neighbors face up in the row (per Neighbor), then the face-down set-aside "
                "Neighbors",
                "0 or 1; set aside / 2");
  l.frame = b.add("decision", 2 + kFrameTypes,
                  "an effect is in progress; I decide it; its kind (card program, playing a "
                  "card, restocking, swaying)",
                  "0 or 1; one-hot");
  l.frame_kind = b.add("decision_card", k + n,
                       "the card whose effect or play is in progress (per kind), or the Neighbor "
                       "whose Bribe is",
                       "one-hot");
  l.frame_timing =
      b.add("decision_timing", kTimings,
            "when the program runs: play, start, end, home, reveal, -, bribe", "one-hot");
  l.frame_op = b.add("decision_op", kOps + 1,
                     "the effect step being resolved (docs/rules/yard.md, Y10, in the order of "
                     "the Op list), then repetitions left",
                     "one-hot; count / 5");
  l.s_money = 0;
  l.s_hand = 4;
  l.s_garage = l.s_hand + k;
  l.s_sway = l.s_garage + k;
  l.s_symbols = l.s_sway + n;
  l.s_piles = l.s_symbols + kNumSymbols;
  l.pile_size = 4 + k;
  l.seat_size = l.s_piles + kPiles * l.pile_size;
  l.seats = b.add("seats", players * l.seat_size,
                  "per seat (me first, then in turn order): money, Away, points now, Grass "
                  "Piles; hand per kind; Garage per kind; Neighbors swayed; symbols in the Yard "
                  "(tool, plant, ornament, feature, pest, event); then per Pile a1..c3: cards, "
                  "Places, open, Grass, top card per kind",
                  "money / 30, 0 or 1, points / 50, grass / 9 (clipped); count / 3 (clipped); "
                  "0 or 1; symbols / 10; cards / 6, places / 6, 0 or 1, one-hot");
  l.spec = b.spec();
  return l;
}

using Layouts = ObsLayouts<Layout, make_layout, 2, kMaxSeats>;

void observe(const View& view, float* out) {
  const Seat me = observing_seat(view);
  const auto& v = view.as<YardView>();
  const Position& p = v.pos;
  const Layout& l = Layouts::of(p.seats);
  ObsWriter w(out, l.spec.size);
  const int k = l.kinds;

  w.flag(l.status + 0, view.my_turn());
  w.flag(l.status + 1, p.over());
  w.flag(l.status + 2, p.turn_player == me);
  w.flag(l.status + 3, p.edition == 2);
  w.scaled(l.status + 4, p.turn, 100);
  if (!p.over()) w.one_hot(l.status + 5, 4, static_cast<int>(p.phase));
  w.flag(l.status + 9, p.used & kUsedPlay);
  w.flag(l.status + 10, p.used & kUsedSway);
  w.flag(l.status + 11, p.used & kUsedWork);
  w.flag(l.status + 12, p.used & kUsedBuy);
  w.scaled(l.status + 13, p.deck_size, 100);
  w.scaled(l.status + 14, p.still_rounds, still_rounds_to_end(p));  // R26: how near the end

  for (int c = 0; c < k; ++c) {
    w.scaled(l.store + c, p.store[c], 5);
    w.scaled(l.trash + c, p.trash[c], 5);
    w.scaled(l.gone + c, p.gone[c], 5);
    w.scaled(l.hidden_deck + c, v.hidden_deck[c], 10);
  }
  for (int i = 0; i < p.deck_known; ++i)
    out[l.deck_bottom + p.deck[i]] = std::min(1.0f, out[l.deck_bottom + p.deck[i]] + 0.2f);
  for (int i = 0; i < p.row_size; ++i) w.one_hot(l.row, l.neighbors, p.row[i]);
  w.scaled(l.row + l.neighbors, p.set_aside_size, kMaxSetAside);

  if (const Frame* f = p.nframes ? &p.frames[p.nframes - 1] : nullptr) {
    w.set(l.frame + 0, 1.0f);
    w.flag(l.frame + 1, f->actor == me);
    w.one_hot(l.frame + 2, kFrameTypes, static_cast<int>(f->type));
    if (f->type == FrameType::kProgram && f->timing == kBribe) {
      if (f->kind != kNone) w.one_hot(l.frame_kind + k, l.neighbors, f->kind);
    } else if (f->kind != kNone) {
      w.one_hot(l.frame_kind, k, f->kind);
    }
    if (f->type == FrameType::kProgram) {
      w.one_hot(l.frame_timing, kTimings, f->timing == kBribe ? kTimings - 1 : f->timing);
      const Program* pr = nullptr;
      if (f->timing == kBribe && f->kind < content().neighbors.size())
        pr = &content().neighbors[f->kind].bribe;
      else if (f->timing < kNumTimings && f->kind < content().cards.size())
        pr = &content().cards[f->kind].programs[f->timing];
      if (pr && f->step < pr->size)
        w.one_hot(l.frame_op, kOps, static_cast<int>(pr->steps[f->step].op));
      w.scaled(l.frame_op + kOps, f->count, 5);
    }
  }

  for (int s = 0; s < p.seats; ++s) {
    const Player& pl = p.players[s];
    const int at = l.seats + relative_seat(s, me, p.seats) * l.seat_size;
    w.scaled(at + 0, pl.money, 30);
    w.flag(at + 1, pl.away);
    w.scaled(at + 2, score(p, s), 50);
    w.scaled(at + 3, grass_count(pl), kPiles);
    for (int c = 0; c < k; ++c) {
      w.scaled(at + l.s_hand + c, pl.hand[c], 3);
      w.scaled(at + l.s_garage + c, pl.garage[c], 3);
    }
    for (int nb = 0; nb < l.neighbors; ++nb) w.flag(at + l.s_sway + nb, pl.sway >> nb & 1);
    for (int sy = 0; sy < kNumSymbols; ++sy)
      w.scaled(at + l.s_symbols + sy, yard_symbols(pl, sy), 10);
    for (int pile = 0; pile < kPiles; ++pile) {
      const int pa = at + l.s_piles + pile * l.pile_size;
      w.scaled(pa + 0, pile_cards(pl, pile), 6);
      w.scaled(pa + 1, pile_places(pl, pile), 6);
      w.flag(pa + 2, pile_open(pl, pile));
      w.flag(pa + 3, pl.grass >> pile & 1);
      const int top = pile_top(pl, pile);
      if (top >= 0) w.one_hot(pa + 4, k, kind_of(pl.yard[top]));
    }
  }
}

}  // namespace

void register_observation(Registry& registry) {
  add_observation(registry, "yard", Layouts::spec, observe, kActLast);
}

}  // namespace turf::yard
