// Cry Havoc: helpers shared by the kernel's source files (board.cpp: cards, the journal, points and
// regions, tokens; setup.cpp: set-up; rules.cpp: the round, legal actions and apply; effects.cpp:
// the effect vocabulary; battle.cpp: battles). Not part of the game's
// interface: the adapter and the tests use rules.h.
#pragma once

#include <vector>

#include "games/cryhavoc/rules.h"

namespace turf::cryhavoc {

inline std::uint32_t bit(int r) {
  return 1u << r;
}
inline int popcount(std::uint32_t m) {
  return __builtin_popcount(m);
}
// The content tables, looked up from each file directly: an anonymous namespace keeps the cached
// table file-local (read without the shared library's global offset table) and the calls inline.
// content_of() in rules.h is the same table for everyone else. The content is the position's
// (Public::content: the game's own or a variant's).
namespace {
inline const Content& C(const Position& p) {
  static const Content* const* const table = content_table();
  return *table[p.pub.content];
}
inline const CardDef& card(const Position& p, int def) {
  return C(p).cards[def];
}
inline const MapDef& the_map(const Position& p) {
  return C(p).maps[p.pub.map];
}
}  // namespace

// Collects action ids without allocating (legal lists go straight into the caller's vector).
struct Sink {
  std::vector<int>* out = nullptr;
  int n = 0;
  void add(int a) {
    ++n;
    if (out) out->push_back(a);
  }
};

// ---- cards (board.cpp) ----------------------------------------------------------------------
void hand_add(Position& p, int s, int def);
int hand_count(const Position& p, int s, int def);
void hand_remove(Position& p, int s, int def);
// A card leaves the hand face up into the discard pile (C3.5 bookkeeping of known identities).
void play_from_hand(Position& p, int s, int def);
void draw_cards(Position& p, int s, int n);  // C4.2: reshuffles the discard when the deck is empty
int draw_one(Position& p, int s);            // the card drawn, or kNone
void bottom_of_terrain_deck(Position& p, int def);  // face up, under the deck (Matrix, C7.9)
void seen_clear(Position& p, int terrain, int except_seat);
int scoring_card(const Position& p, int faction);

// ---- the journal of what happened (board.cpp; rules.h, Fact) ----------------------------------
// Appends a fact with the current cause; returns false when the list is full (never in play: the
// conformance suite's narration check would show a lost fact).
bool note(Position& p, Fact kind, int a, int b = kNone, int c = kNone, int d = kNone, int e = kNone,
          int n = 0);
// n units of faction f come onto (n > 0) or leave (n < 0) the map at region r.
void note_units(Position& p, int f, int r, int n);
// Control of region r passes to faction f (kNone: nobody), noted when it changes.
void set_control(Position& p, int r, int f);
void clear_facts(Position& p);
// Sets the cause of the changes made while it lives.
class CauseScope {
 public:
  CauseScope(Position& p, Cause c) : pub_(p.pub), saved_(p.pub.cause) { pub_.cause = c; }
  ~CauseScope() { pub_.cause = saved_; }
  CauseScope(const CauseScope&) = delete;
  CauseScope& operator=(const CauseScope&) = delete;

 private:
  Public& pub_;
  Cause saved_;
};

// ---- points, units, regions (board.cpp) -----------------------------------------------------
void gain_vp(Position& p, int faction, int n);    // C10.4: passed event tokens move on
bool contested(const Position& p, int r, int f);  // enemy units or a Trog token in the way
inline bool is_battle(const Position& p, int r) {
  return p.pub.regions[r].battle != 0;
}
int tokens_in_use(const Position& p);
int removable_units(const Position& p, int f);  // on the map outside battle regions
bool can_build_at(const Position& p, int sid, int r, int f, bool need_start_control);
bool can_activate(const Position& p, int sid, int r, int f);
// The regions can_build_at and can_activate accept for faction f's structures, gathered in one
// pass over the map (the Build step asks them of every region for every structure: C7.2-C7.5).
// Bit r of build[k] / activate[k] is can_build_at / can_activate of structure f * 5 + k at r.
struct StructureRegions {
  std::array<std::uint32_t, kStructTypes> build{}, activate{};
};
StructureRegions structure_regions(const Position& p, int f, bool need_start_control);

// ---- tokens (board.cpp) ---------------------------------------------------------------------
void reveal_exploration(Position& p, int r, int faction, int seat);  // C6.6
void resolve_trog_token(Position& p, int r, int mover);              // C6.7
bool place_nest(Position& p, int r);                                 // C8.11: face down
// Whether a face-down Trog token in region r is the faction's to reveal: no other player's units
// there (only ever the case with the R34 option, where a Nest may lie under a battle's winner).
bool token_revealable(const Position& p, int r, int faction);
// A single region reached by Airfield, Gate or Phase Step: exploration, Trog token, control,
// battle token (C6.6-C6.9 for that region alone).
void arrive(Position& p, int faction, int r);

// ---- effects (effects.cpp) ------------------------------------------------------------------
void push_effect(Position& p, const Effect& e, int seat, int faction, int source, bool front);
void run_effects(Position& p);  // until a choice is needed or the queue is empty
void effect_options(const Position& p, const PendingStep& ps, Sink& out);
bool effect_optional(Op op);
void effect_choose(Position& p, int action);
// Effects without choices, at once (exploration tokens, events).
void run_now(Position& p, const Effect& e, int seat, int faction, int source);
// Whether using the effect now can do something (skills and structures are offered only then).
// With `card`, the effect's first step (a discard) is paid with that card.
bool effect_feasible(const Position& p, const Effect& e, int seat, int faction, int source,
                     bool before_action, int card = kNone);

// ---- flow (rules.cpp) -----------------------------------------------------------------------
void start_round(Position& p);  // C3: events, initiative, the draw, then the hand limit
void resume_after_effects(Position& p);
void enter_turn_end(Position& p);
void begin_prisoners(Position& p);
void finish_action(Position& p);
int current_seat(const Position& p);

// ---- battles (battle.cpp) -------------------------------------------------------------------
void begin_battles(Position& p);
void battle_legal(const Position& p, std::vector<int>& out);
void battle_apply(Position& p, int action);
void tactics_next(Position& p);
int side_of(const Position& p, int faction);  // 0 attacker, 1 defender, kNone
// Medic Team: whether a unit of `faction` about to be killed in the current battle is saved
// instead (it stays where it is; one save used up).
bool save_from_kill(Position& p, int faction);

}  // namespace turf::cryhavoc
