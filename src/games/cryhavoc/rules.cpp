// Cry Havoc kernel: the round (C3-C5), the actions (C6, C7), prisoners (C9), legal actions and
// apply, and the end (C10). The pieces are in board.cpp, set-up in setup.cpp, battles in
// battle.cpp, the effect vocabulary in effects.cpp. Clause ids refer to docs/rules/cryhavoc.md.
#include "games/cryhavoc/rules.h"

#include <algorithm>
#include <cassert>

#include "games/cryhavoc/kernel.h"

namespace turf::cryhavoc {

namespace {

void start_turn(Position& p);
void end_turn(Position& p);
void begin_limit(Position& p, int from);

}  // namespace

// ---------------------------------------------------------------------------------------------
// The round (C3, C4, C5)

int current_seat(const Position& p) {
  return p.pub.initiative[p.pub.turn_pos];
}

namespace {

// C3.2: reveal the next stack of event tokens and resolve them from the top down. Returns whether
// there was one.
bool events_phase(Position& p) {
  Public& pub = p.pub;
  const CauseScope cause(p, Cause::kEvent);
  for (int i = 0; i < kEventSpots; ++i) {
    if (pub.event_count[i] == 0) continue;
    while (pub.event_count[i] > 0) {
      const int e = p.hid.events[i][--pub.event_count[i]];
      p.hid.events[i][pub.event_count[i]] = 0;
      pub.revealed_events[pub.num_revealed_events++] = static_cast<std::uint8_t>(e);
      ++p.hid.reveals;
      note(p, Fact::kEvent, e);
      run_now(p, C(p).events[e].effect, kNone, kNone, kNone);
    }
    return true;
  }
  return false;
}
}  // namespace

void start_round(Position& p) {
  Public& pub = p.pub;
  ++pub.round;
  pub.scoring_by = kNone;  // C5.7; in the last round scoring happens by itself (C10.1)
  note(p, Fact::kRound, pub.round);
  const bool revealed = events_phase(p);
  // C10.5, R35: round 5 is the last; with the option, so is a round with no event left.
  if (pub.round >= kRounds || (pub.end_when_events_run_out && !revealed))
    pub.final_round = pub.round;
  pub.initiative = pub.upcoming;                                                          // C3.3
  for (int s = 0; s < pub.players; ++s) pub.seats[s].exhausted = 0;                       // C3.3
  for (int k = 0; k < pub.players; ++k) draw_cards(p, pub.initiative[k], kDrawPerRound);  // C4.1
  begin_limit(p, 0);
}

namespace {

// C4.3: players over the hand limit discard, in initiative order.
void begin_limit(Position& p, int from) {
  Public& pub = p.pub;
  for (int k = from; k < pub.players; ++k) {
    const int s = pub.initiative[k];
    if (pub.seats[s].hand > kHandLimit) {
      pub.step = Step::kDiscardToLimit;
      pub.sub = static_cast<std::uint8_t>(k);
      pub.to_move = static_cast<std::uint8_t>(s);
      return;
    }
  }
  pub.action_round = 0;
  pub.turn_pos = 0;
  start_turn(p);
}

void start_turn(Position& p) {
  Public& pub = p.pub;
  const int s = current_seat(p);
  const int f = pub.seats[s].faction;
  pub.to_move = static_cast<std::uint8_t>(s);
  pub.step = Step::kTurnStart;
  pub.move_bonus = false;
  pub.action_bonus = 0;
  pub.action_kind = kNone;
  pub.activated = {};
  std::uint32_t start = 0;
  const int n = the_map(p).num_regions;
  for (int r = 0; r < n; ++r)
    if (pub.regions[r].control == f) start |= bit(r);
  pub.control_at_start = start;
}

void end_turn(Position& p) {
  Public& pub = p.pub;
  pub.move_bonus = false;
  pub.action_bonus = 0;
  pub.action_kind = kNone;
  pub.activated = {};
  pub.control_at_start = 0;
  if (++pub.turn_pos == pub.players) {
    pub.turn_pos = 0;
    if (++pub.action_round == kActionsPerRound) {
      begin_battles(p);  // C8
      return;
    }
  }
  start_turn(p);
}

bool skill_usable(const Position& p, int s, int slot, bool before_action) {
  const SeatState& st = p.pub.seats[s];
  if (st.exhausted >> slot & 1) return false;
  return effect_feasible(p, C(p).skills[st.skills[slot]].effect, s, st.faction, kNone,
                         before_action);
}

bool discard_matches(const Position& p, int def, CardFilter f) {
  const CardDef& c = card(p, def);
  return f == CardFilter::kAny || (f == CardFilter::kRecruit && c.recruit > 0) ||
         (f == CardFilter::kTerrain && c.terrain >= 0);
}

// C5.2: unused skills that can do something now. A skill paid with a discard is offered once
// per card that can pay for it (kActSkillCard).
void add_skills(const Position& p, bool before_action, std::vector<int>& out) {
  const int s = p.pub.to_move;
  const SeatState& st = p.pub.seats[s];
  for (int k = 0; k < st.num_skills; ++k) {
    if (st.exhausted >> k & 1) continue;
    const int sid = st.skills[k];
    const Effect& e = C(p).skills[sid].effect;
    if (e.size > 0 && e.steps[0].op == Op::kDiscard) {
      // What the steps after the discard can do depends on the card paid only through its
      // recruit icons (Air Drop) and its terrain (Kidnapping): one answer per such kind of card.
      bool by_terrain = false, by_recruit = false;
      for (int i = 1; i < e.size; ++i) {
        by_terrain = by_terrain || e.steps[i].op == Op::kKidnap;
        by_recruit = by_recruit || e.steps[i].op == Op::kAirDrop;
      }
      std::array<std::int8_t, 2 * (kTerrains + 1)> feasible;
      feasible.fill(-1);
      int last = -1;
      for (int i = 0; i < st.hand; ++i) {
        const int d = p.hid.hand[s][i];
        if (d == last) continue;
        last = d;
        if (!discard_matches(p, d, e.steps[0].filter)) continue;
        const int t = by_terrain ? card_terrain(p, d) : kNone;
        const bool recruits = by_recruit && card(p, d).recruit > 0;
        std::int8_t& known = feasible[(t == kNone ? kTerrains : t) * 2 + recruits];
        if (known < 0) known = effect_feasible(p, e, s, st.faction, kNone, before_action, d);
        if (known) out.push_back(kActSkillCard + sid * 64 + d);
      }
    } else if (skill_usable(p, s, k, before_action)) {
      out.push_back(kActSkill + sid);
    }
  }
}

void use_skill(Position& p, int sid, int paid, Resume back) {
  Public& pub = p.pub;
  const int s = pub.to_move;
  SeatState& st = pub.seats[s];
  for (int k = 0; k < st.num_skills; ++k)
    if (st.skills[k] == sid) st.exhausted |= static_cast<std::uint8_t>(1u << k);  // C5.2
  pub.resume = back;
  const Effect& e = C(p).skills[sid].effect;
  if (paid != kNone) {
    play_from_hand(p, s, paid);
    pub.last_card = static_cast<std::uint8_t>(paid);
    Effect rest;
    for (int i = 1; i < e.size; ++i) rest.steps[rest.size++] = e.steps[i];
    push_effect(p, rest, s, st.faction, kNone, false);
  } else {
    push_effect(p, e, s, st.faction, kNone, false);
  }
  run_effects(p);
}

void use_skill_action(Position& p, int a, Resume back) {
  if (a >= kActSkillCard)
    use_skill(p, (a - kActSkillCard) / 64, (a - kActSkillCard) % 64, back);
  else
    use_skill(p, a - kActSkill, kNone, back);
}

// C5.5: the icons of a card discarded for an action.
void discard_for_action(Position& p, int def) {
  Public& pub = p.pub;
  const int s = pub.to_move;
  const int f = pub.seats[s].faction;
  const CardDef& c = card(p, def);
  play_from_hand(p, s, def);
  if (pub.action_kind == kActMove) pub.points += c.move + (pub.move_bonus ? 1 : 0);
  if (pub.action_kind == kActRecruit) pub.points += c.recruit;
  if (pub.action_kind == kActBuild) pub.points += c.build;
  gain_vp(p, f, c.star);
  if (c.draw && !pub.drew_asterisk) {
    pub.drew_asterisk = true;
    draw_cards(p, s, 1);
  }
  if (!c.after.empty() && pub.num_after < pub.after_cards.size())
    pub.after_cards[pub.num_after++] = static_cast<std::uint8_t>(def);
}

// C7.1: recruit points become units in the HQ at once.
void flush_recruits(Position& p) {
  Public& pub = p.pub;
  const int s = pub.to_move;
  const int f = pub.seats[s].faction;
  const int n = std::min<int>(pub.points, pub.reserve[f]);
  pub.regions[pub.seats[s].hq].units[f] =
      static_cast<std::uint8_t>(pub.regions[pub.seats[s].hq].units[f] + n);
  pub.reserve[f] = static_cast<std::uint8_t>(pub.reserve[f] - n);
  note_units(p, f, pub.seats[s].hq, n);
  pub.points = static_cast<std::uint8_t>(pub.points - n);
}

void begin_action(Position& p, int kind) {
  Public& pub = p.pub;
  pub.action_kind = static_cast<std::uint8_t>(kind);
  pub.points = pub.action_bonus;  // Nuclear Battery
  pub.action_bonus = 0;
  pub.drew_asterisk = false;
  pub.num_after = 0;
  pub.frozen = {};
  pub.entered = 0;
  pub.pending = 0;
  if (kind == kActMove) pub.step = Step::kMove;
  if (kind == kActRecruit) {
    pub.step = Step::kRecruit;
    flush_recruits(p);
  }
  if (kind == kActBuild) pub.step = Step::kBuild;
}

// C6.2: how many of the mover's units may leave region r now.
int movable(const Position& p, int r, int f) {
  const RegionState& R = p.pub.regions[r];
  const int u = R.units[f];
  if (u == 0) return 0;
  if (R.battle) {
    if (R.attacker == f) return 0;                    // attackers stay (R-clause)
    return std::max(0, u - 2 * R.units[R.attacker]);  // C6.10: only beyond twice
  }
  return u - p.pub.frozen[r];  // C6.4: units that stopped move no more
}

// C6.3: the regions a unit of faction f may enter during this move, all at once (the tokens in
// use and the contested regions already entered are counted once, not once a region).
std::uint32_t enterable(const Position& p, int f) {
  const Public& pub = p.pub;
  const int n = the_map(p).num_regions;
  std::uint32_t open = 0;
  int tokens = 0;
  for (int b = 0; b < n; ++b) {
    if (pub.regions[b].battle) {
      ++tokens;
      continue;
    }
    const int owner = pub.hq_faction[b];
    if (owner == kNone || owner == f) open |= bit(b);
  }
  // Contested regions entered this move: each will need a battle token; a contested region not
  // yet entered needs one more (asked only when the tokens may run short).
  int fresh = 0;
  for (std::uint32_t m = pub.entered; m != 0; m &= m - 1)
    fresh += contested(p, __builtin_ctz(m), f);
  if (tokens + fresh >= kBattleTokens)
    for (std::uint32_t m = open & ~pub.entered; m != 0; m &= m - 1)
      if (contested(p, __builtin_ctz(m), f)) open &= ~bit(__builtin_ctz(m));
  return open;
}

void move_unit(Position& p, int a, int b) {
  Public& pub = p.pub;
  const int f = pub.seats[pub.to_move].faction;
  RegionState& B = pub.regions[b];
  --pub.regions[a].units[f];
  ++B.units[f];
  --pub.points;
  if (f == kTrogs && !pub.trogs_neutral && B.trog) resolve_trog_token(p, b, f);  // C6.12
  if (contested(p, b, f)) ++pub.frozen[b];                                       // C6.4
  pub.entered |= bit(b);
}

bool can_move_any(const Position& p) {
  const int f = p.pub.seats[p.pub.to_move].faction;
  if (p.pub.points == 0) return false;
  const std::uint32_t open = enterable(p, f);
  for (int a = 0; a < the_map(p).num_regions; ++a)
    if (movable(p, a, f) != 0 && (neighbours(p, a, f) & open)) return true;
  return false;
}

void continue_move_end(Position& p);

// C6.6-C6.9: the steps at the end of a Move action.
void end_move(Position& p) {
  Public& pub = p.pub;
  const int s = pub.to_move;
  const int f = pub.seats[s].faction;
  const int n = the_map(p).num_regions;
  note(p, Fact::kMoveEnd, s);
  for (int r = 0; r < n; ++r)
    if (pub.regions[r].units[f] > 0 && pub.regions[r].explore) reveal_exploration(p, r, f, s);
  pub.pending = 0;
  int tokens = kBattleTokens - tokens_in_use(p);
  for (int r = 0; r < n; ++r) {
    if (pub.regions[r].units[f] == 0 || !pub.regions[r].trog || !token_revealable(p, r, f))
      continue;
    // R34 option: a Nest under the mover's units in a region not moved into is revealed too;
    // its Trogs then fight (C6.9), so it waits for a free battle token.
    if (!(pub.entered & bit(r))) {
      if (tokens <= 0) continue;
      --tokens;
      pub.entered |= bit(r);
    }
    pub.pending |= bit(r);
  }
  continue_move_end(p);
}

void continue_move_end(Position& p) {
  Public& pub = p.pub;
  const int f = pub.seats[pub.to_move].faction;
  const int n = the_map(p).num_regions;
  // C6.7: Trog tokens in the order the mover chooses.
  if (popcount(pub.pending) >= 2 && pub.step != Step::kBattleOrder) {
    pub.step = Step::kTrogOrder;
    return;
  }
  if (pub.step != Step::kBattleOrder) {
    if (pub.pending) resolve_trog_token(p, __builtin_ctz(pub.pending), f);
    // C6.8: control of the regions moved into that hold no enemy.
    for (int r = 0; r < n; ++r)
      if ((pub.entered & bit(r)) && pub.regions[r].units[f] > 0 &&
          enemy_faction_in(p, r, f) == kNone)
        set_control(p, r, f);
    pub.pending = 0;
    for (int r = 0; r < n; ++r)
      if ((pub.entered & bit(r)) && pub.regions[r].units[f] > 0 && !pub.regions[r].battle &&
          enemy_faction_in(p, r, f) != kNone)
        pub.pending |= bit(r);
  }
  // C6.9: battle tokens, lowest first, in the order the mover chooses.
  while (popcount(pub.pending) == 1) {
    const int r = __builtin_ctz(pub.pending);
    pub.regions[r].battle = static_cast<std::uint8_t>(free_battle_token(p));
    pub.regions[r].attacker = static_cast<std::uint8_t>(f);
    pub.pending = 0;
  }
  if (pub.pending) {
    pub.step = Step::kBattleOrder;
    return;
  }
  finish_action(p);
}

// C9: prisoners score, then buy-backs in initiative order.
void next_buyback(Position& p, int from) {
  Public& pub = p.pub;
  for (int k = from; k < pub.players; ++k) {
    const int s = pub.initiative[k];
    const int f = pub.seats[s].faction;
    if (pub.seats[s].vp < kBuyBackVp) continue;  // C9.3
    bool any = false;
    for (int c = 0; c < kFactions; ++c) any |= c != f && pub.prisoners[c][f] > 0;
    if (!any) continue;
    pub.step = Step::kBuyBack;
    pub.sub = static_cast<std::uint8_t>(k);
    pub.to_move = static_cast<std::uint8_t>(s);
    return;
  }
  // C10.1: scoring when enabled, and always in the last round.
  if (pub.scoring_by != kNone || last_round(pub)) {
    ++pub.scorings;
    note(p, Fact::kScoring, pub.round, last_round(pub) ? kNone : pub.scoring_by);
    if (!last_round(pub) && pub.scoring_by != kNone) {
      const CauseScope cause(p, Cause::kScoreRegions);
      const int f = pub.seats[pub.scoring_by].faction;
      gain_vp(p, f, regions_controlled(p, f));  // C10.2: the enabler's regions, HQ included
    }
    for (int k = 0; k < pub.players; ++k) {
      const int s = pub.initiative[k];
      SeatState& st = pub.seats[s];
      {
        const CauseScope cause(p, Cause::kScoreCrystals);
        gain_vp(p, st.faction, crystal_points(p, st.faction));
      }
      if (st.ancient != kNone && pub.regions[st.ancient].control == st.faction) {
        const CauseScope cause(p, Cause::kAncient);
        gain_vp(p, st.faction, kAncientCrystalsVp);  // Ancient Crystals
      }
      st.ancient = kNone;
    }
  }
  if (last_round(pub)) {
    pub.step = Step::kOver;  // C10.5
    pub.over = true;
    return;
  }
  start_round(p);
}

}  // namespace

void begin_prisoners(Position& p) {
  Public& pub = p.pub;
  {
    const CauseScope cause(p, Cause::kPrisoners);
    for (int k = 0; k < pub.players; ++k) {  // C9.1
      const int s = pub.initiative[k];
      const int f = pub.seats[s].faction;
      int held = 0;
      for (int c = 0; c < kFactions; ++c) held += pub.prisoners[f][c];
      gain_vp(p, f, held);
    }
  }
  next_buyback(p, 0);
}

bool last_round(const Public& pub) {
  return pub.round >= kRounds || pub.round == pub.final_round;
}

int rounds_after(const Public& pub) {
  if (last_round(pub)) return 0;
  int after = kRounds - pub.round;
  if (pub.end_when_events_run_out) {  // R35 option: one round per stack left, then the last one
    int stacks = 0;
    for (int i = 0; i < kEventSpots; ++i) stacks += pub.event_count[i] > 0;
    after = std::min(after, stacks + 1);
  }
  return after;
}

void enter_turn_end(Position& p) {
  Public& pub = p.pub;
  pub.action_kind = kNone;
  const SeatState& st = pub.seats[pub.to_move];
  // C5.3: the decision exists whenever an unused skill that may follow an action does (whether it
  // can be used now may depend on the hand, which others must not learn from a skipped decision).
  for (int k = 0; k < st.num_skills; ++k) {
    if (st.exhausted >> k & 1) continue;
    if (!C(p).skills[st.skills[k]].before_action_only) {
      pub.step = Step::kTurnEnd;
      return;
    }
  }
  end_turn(p);
}

void finish_action(Position& p) {
  Public& pub = p.pub;
  pub.points = 0;
  pub.frozen = {};
  pub.entered = 0;
  pub.pending = 0;
  pub.resume = Resume::kAfterCards;  // C5.5, R10: the "!" texts, one card at a time
  run_effects(p);
}

void resume_after_effects(Position& p) {
  Public& pub = p.pub;
  switch (pub.resume) {
    case Resume::kTurnStart:
      pub.step = Step::kTurnStart;
      pub.to_move = static_cast<std::uint8_t>(current_seat(p));
      break;
    case Resume::kTurnEnd:
      pub.to_move = static_cast<std::uint8_t>(current_seat(p));
      enter_turn_end(p);
      break;
    case Resume::kBuild:
      pub.step = Step::kBuild;
      pub.to_move = static_cast<std::uint8_t>(current_seat(p));
      break;
    case Resume::kTactics:
      tactics_next(p);
      break;
    case Resume::kAfterCards: {
      pub.to_move = static_cast<std::uint8_t>(current_seat(p));
      if (pub.num_after == 0) {
        enter_turn_end(p);
        break;
      }
      const int def = pub.after_cards[0];
      for (int i = 0; i + 1 < pub.num_after; ++i) pub.after_cards[i] = pub.after_cards[i + 1];
      pub.after_cards[--pub.num_after] = 0;
      const int s = pub.to_move;
      push_effect(p, card(p, def).after, s, pub.seats[s].faction, kNone, false);
      run_effects(p);  // comes back here for the next card
      break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Legal actions

namespace {

void add_hand_cards(const Position& p, int s, std::vector<int>& out) {
  int last = -1;
  for (int i = 0; i < p.pub.seats[s].hand; ++i) {
    const int d = p.hid.hand[s][i];
    if (d != last) out.push_back(kActCard + d);
    last = d;
  }
}

}  // namespace

void legal_actions(const Position& p, std::vector<int>& out) {
  out.clear();
  const Public& pub = p.pub;
  const int s = pub.to_move;
  const int f = pub.seats[s].faction;
  const int n = the_map(p).num_regions;
  switch (pub.step) {
    case Step::kDiscardToLimit:
      add_hand_cards(p, s, out);
      break;
    case Step::kTurnStart: {
      out.push_back(kActMove);
      out.push_back(kActRecruit);
      out.push_back(kActBuild);
      if (pub.seats[s].deck + pub.seats[s].discard_n > 0) out.push_back(kActDrawOwn);
      for (int t = 0; t < kTerrains; ++t)
        if (pub.terrain_count[t] > 0) out.push_back(kActDrawTerrain + t);
      if (!last_round(pub) && pub.scoring_by == kNone && hand_count(p, s, scoring_card(p, f)) > 0)
        out.push_back(kActScoring);
      add_skills(p, true, out);
      break;
    }
    case Step::kMove: {
      out.push_back(kActDone);
      add_hand_cards(p, s, out);
      if (pub.points > 0) {
        const std::uint32_t open = enterable(p, f);
        for (int a = 0; a < n; ++a) {
          if (movable(p, a, f) == 0) continue;
          for (std::uint32_t m = neighbours(p, a, f) & open; m != 0; m &= m - 1)
            out.push_back(kActStep + a * 24 + __builtin_ctz(m));
        }
      }
      break;
    }
    case Step::kRecruit:
      out.push_back(kActDone);
      add_hand_cards(p, s, out);
      break;
    case Step::kBuild: {
      out.push_back(kActDone);
      add_hand_cards(p, s, out);
      // C7.2-C7.5: where each structure may be built or activated, one pass over the map.
      const StructureRegions where = structure_regions(p, f, true);
      const int types = C(p).factions[f].num_structures;
      for (int k = 0; k < types; ++k) {
        const int sid = f * kStructTypes + k;
        if (pub.points >= C(p).structures[sid].build_cost && where.build[k] != 0)
          out.push_back(kActBuildType + sid);
      }
      for (int k = 0; k < types; ++k) {
        const int sid = f * kStructTypes + k;
        const StructureDef& sd = C(p).structures[sid];
        if (pub.points < sd.activate_cost) continue;
        for (std::uint32_t m = where.activate[k]; m != 0; m &= m - 1) {
          const int r = __builtin_ctz(m);
          if (effect_feasible(p, sd.effect, s, f, r, false))
            out.push_back(kActStructure + sid * 24 + r);
        }
      }
      break;
    }
    case Step::kBuildWhere:
      for (std::uint32_t m = structure_regions(p, f, true).build[pub.chosen % kStructTypes]; m != 0;
           m &= m - 1)
        out.push_back(kActRegion + __builtin_ctz(m));
      break;
    case Step::kKeep: {
      const auto& l = p.hid.limbo[s];
      out.push_back(kActCard + std::min(l[0], l[1]));
      if (l[0] != l[1]) out.push_back(kActCard + std::max(l[0], l[1]));
      break;
    }
    case Step::kTrogOrder:
    case Step::kBattleOrder:
      for (int r = 0; r < n; ++r)
        if (pub.pending & bit(r)) out.push_back(kActRegion + r);
      break;
    case Step::kEffect: {
      Sink sink{&out, 0};
      effect_options(p, pub.queue[0], sink);
      break;
    }
    case Step::kTurnEnd:
      out.push_back(kActEndTurn);
      add_skills(p, false, out);
      break;
    case Step::kBuyBack:
      out.push_back(kActDone);
      for (int c = 0; c < kFactions; ++c)
        if (c != f && pub.prisoners[c][f] > 0) out.push_back(kActBuyBack + c);
      break;
    case Step::kPlace:
    case Step::kTactics:
    case Step::kCapture:
    case Step::kKill:
    case Step::kRetreat:
    case Step::kNest:
      battle_legal(p, out);
      break;
    case Step::kOver:
      break;
  }
}

bool is_legal(const Position& p, int action) {
  thread_local std::vector<int> legal;
  legal_actions(p, legal);
  return std::find(legal.begin(), legal.end(), action) != legal.end();
}

// ---------------------------------------------------------------------------------------------
// Apply

namespace {

void draw_two(Position& p, int src) {
  Public& pub = p.pub;
  const int s = pub.to_move;
  SeatState& st = pub.seats[s];
  auto& limbo = p.hid.limbo[s];
  st.limbo = 0;
  st.limbo_src = static_cast<std::uint8_t>(src);
  if (src == kOwnDeck) {
    for (int k = 0; k < 2; ++k) {
      const int d = draw_one(p, s);
      if (d == kNone) break;
      limbo[st.limbo++] = static_cast<std::uint8_t>(d);
    }
  } else {
    auto& deck = p.hid.terrain[src];
    auto& seen = p.hid.seen_in_terrain[s];
    seen_clear(p, src, s);  // C7.6: the others no longer know what is left in that deck
    for (int k = 0; k < 2 && pub.terrain_count[src] > 0; ++k) {
      const int d = deck[--pub.terrain_count[src]];
      deck[pub.terrain_count[src]] = 0;
      if (seen[d] > 0) --seen[d];
      limbo[st.limbo++] = static_cast<std::uint8_t>(d);
    }
    pub.terrain_bottom[src] = std::min(pub.terrain_bottom[src], pub.terrain_count[src]);
    ++p.hid.reveals;
  }
}

// C7.6: keep one card; the other is shuffled back into its deck.
void keep(Position& p, int def) {
  Public& pub = p.pub;
  const int s = pub.to_move;
  SeatState& st = pub.seats[s];
  auto& limbo = p.hid.limbo[s];
  const int src = st.limbo_src;
  int other = kNone;
  if (st.limbo == 2) other = limbo[0] == def ? limbo[1] : limbo[0];
  hand_add(p, s, def);
  if (src != kOwnDeck) ++st.secret[src];
  if (other != kNone) {
    if (src == kOwnDeck) {
      auto& deck = p.hid.deck[s];
      deck[st.deck++] = static_cast<std::uint8_t>(other);
      p.rng.shuffle(deck.begin(), deck.begin() + st.deck);
    } else {
      auto& deck = p.hid.terrain[src];
      // The known bottom cards lose their place but everyone still knows they are in the deck.
      for (int i = 0; i < pub.terrain_bottom[src]; ++i)
        for (int q = 0; q < pub.players; ++q) ++p.hid.seen_in_terrain[q][deck[i]];
      pub.terrain_bottom[src] = 0;
      deck[pub.terrain_count[src]++] = static_cast<std::uint8_t>(other);
      ++p.hid.seen_in_terrain[s][other];
      p.rng.shuffle(deck.begin(), deck.begin() + pub.terrain_count[src]);
    }
  }
  limbo = {};
  st.limbo = 0;
  st.limbo_src = kNone;
  finish_action(p);
}

void start_draw_two(Position& p, int src) {
  Public& pub = p.pub;
  pub.action_kind = kActDrawOwn;
  draw_two(p, src);
  const SeatState& st = pub.seats[pub.to_move];
  if (st.limbo == 2) {
    pub.step = Step::kKeep;  // always a decision: whether the two are alike is hidden
  } else if (st.limbo == 1) {
    keep(p, p.hid.limbo[pub.to_move][0]);
  } else {
    finish_action(p);
  }
}

}  // namespace

namespace {

bool apply_step(Position& p, int a);

}  // namespace

bool apply(Position& p, int a) {
  clear_facts(p);  // the journal holds what this decision brings about
  return apply_step(p, a);
}

namespace {

bool apply_step(Position& p, int a) {
  const std::uint32_t reveals = p.hid.reveals;
  const Rng before = p.rng;
  Public& pub = p.pub;
  const int s = pub.to_move;
  const int f = pub.seats[s].faction;
  switch (pub.step) {
    case Step::kDiscardToLimit:
      play_from_hand(p, s, a - kActCard);
      begin_limit(p, pub.sub);
      break;
    case Step::kTurnStart:
      if ((a >= kActSkill && a < kActCard) || a >= kActSkillCard) {
        use_skill_action(p, a, Resume::kTurnStart);
      } else if (a == kActMove || a == kActRecruit || a == kActBuild) {
        begin_action(p, a);
        if (a == kActRecruit && pub.seats[s].hand == 0) {
          finish_action(p);
        } else if (a == kActMove && pub.seats[s].hand == 0 && !can_move_any(p)) {
          end_move(p);
        }
      } else if (a == kActDrawOwn) {
        start_draw_two(p, kOwnDeck);
      } else if (a >= kActDrawTerrain && a < kActDrawTerrain + kTerrains) {
        start_draw_two(p, a - kActDrawTerrain);
      } else if (a == kActScoring) {
        play_from_hand(p, s, scoring_card(p, f));  // C5.7: its icons are not used
        pub.scoring_by = static_cast<std::uint8_t>(s);
        finish_action(p);
      }
      break;
    case Step::kMove:
      if (a == kActDone) {
        end_move(p);
      } else if (a >= kActCard && a < kActRegion) {
        discard_for_action(p, a - kActCard);
      } else {
        move_unit(p, (a - kActStep) / 24, (a - kActStep) % 24);
      }
      if (pub.step == Step::kMove && pub.seats[s].hand == 0 && !can_move_any(p)) end_move(p);
      break;
    case Step::kRecruit:
      if (a == kActDone) {
        finish_action(p);
        break;
      }
      discard_for_action(p, a - kActCard);
      flush_recruits(p);
      if (pub.seats[s].hand == 0) finish_action(p);
      break;
    case Step::kBuild:
      if (a == kActDone) {
        finish_action(p);
      } else if (a >= kActCard && a < kActRegion) {
        discard_for_action(p, a - kActCard);
      } else if (a >= kActBuildType && a < kActStructure) {
        pub.chosen = static_cast<std::uint8_t>(a - kActBuildType);
        pub.step = Step::kBuildWhere;
        const std::uint32_t where = structure_regions(p, f, true).build[pub.chosen % kStructTypes];
        if (popcount(where) == 1) apply_step(p, kActRegion + __builtin_ctz(where));
      } else {
        const int sid = (a - kActStructure) / 24, r = (a - kActStructure) % 24;
        pub.points = static_cast<std::uint8_t>(pub.points - C(p).structures[sid].activate_cost);
        pub.activated[r] |= bit(sid);
        pub.resume = Resume::kBuild;
        push_effect(p, C(p).structures[sid].effect, s, f, r, false);
        run_effects(p);
      }
      break;
    case Step::kBuildWhere: {
      const int sid = pub.chosen, r = a - kActRegion;
      pub.points = static_cast<std::uint8_t>(pub.points - C(p).structures[sid].build_cost);
      pub.regions[r].structures |= bit(sid);
      ++pub.seats[s].built[sid % kStructTypes];
      pub.chosen = kNone;
      pub.step = Step::kBuild;
      break;
    }
    case Step::kKeep:
      keep(p, a - kActCard);
      break;
    case Step::kTrogOrder: {
      const int r = a - kActRegion;
      pub.pending &= ~bit(r);
      resolve_trog_token(p, r, f);
      continue_move_end(p);
      break;
    }
    case Step::kBattleOrder: {
      const int r = a - kActRegion;
      pub.pending &= ~bit(r);
      pub.regions[r].battle = static_cast<std::uint8_t>(free_battle_token(p));
      pub.regions[r].attacker = static_cast<std::uint8_t>(f);
      continue_move_end(p);
      break;
    }
    case Step::kEffect:
      effect_choose(p, a);
      break;
    case Step::kTurnEnd:
      if (a == kActEndTurn)
        end_turn(p);
      else
        use_skill_action(p, a, Resume::kTurnEnd);
      break;
    case Step::kBuyBack:
      if (a == kActDone) {
        next_buyback(p, pub.sub + 1);
      } else {
        const int captor = a - kActBuyBack;  // C9.2: 2 VP a prisoner, the captor cannot refuse
        --pub.prisoners[captor][f];
        ++pub.reserve[f];
        pub.seats[s].vp = static_cast<std::int16_t>(pub.seats[s].vp - kBuyBackVp);
        note(p, Fact::kVp, s, kNone, kNone, kNone, kNone, -kBuyBackVp);
        next_buyback(p, pub.sub);
      }
      break;
    case Step::kPlace:
    case Step::kTactics:
    case Step::kCapture:
    case Step::kKill:
    case Step::kRetreat:
    case Step::kNest:
      battle_apply(p, a);
      break;
    case Step::kOver:
      assert(false);
      break;
  }
  return p.hid.reveals != reveals || !(p.rng == before);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// The end (C10.6)

Standing standing(const Public& pub) {
  Standing st;
  st.players = pub.players;
  for (int s = 0; s < pub.players; ++s) {
    st.vp[s] = pub.seats[s].vp;
    for (int c = 0; c < kFactions; ++c) st.held[s] += pub.prisoners[pub.seats[s].faction][c];
  }
  for (int k = 0; k < pub.players; ++k) st.init[pub.initiative[k]] = k;
  return st;
}

std::array<int, kMaxSeats> Standing::order() const {
  std::array<int, kMaxSeats> out{};
  for (int s = 0; s < players; ++s) out[s] = s;
  for (int i = 1; i < players; ++i)  // insertion sort: stable, no buffer
    for (int j = i; j > 0 && ahead(out[j], out[j - 1]); --j) std::swap(out[j], out[j - 1]);
  return out;
}

}  // namespace turf::cryhavoc
