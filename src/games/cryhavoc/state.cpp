// Cry Havoc: the State over the kernel, names, and the labels and JSON of every action id of
// docs/rules/cryhavoc.md.
#include "games/cryhavoc/game.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/narration.h"
#include "core/view.h"
#include "games/cryhavoc/kernel.h"

namespace turf::cryhavoc {

namespace {

const char* const kFactionNames[kFactions] = {"Humans", "Machines", "Pilgrims", "Trogs"};
const char* const kFactionIds[kFactions] = {"humans", "machines", "pilgrims", "trogs"};
const char* const kTerrainNames[kTerrains] = {"Mountain", "Desert", "Jungle", "Ocean"};
const char* const kObjectiveNames[kObjectives] = {"Region Control", "Capture Prisoners",
                                                  "Attrition"};

const std::string& card_name(const Public& pub, int d) {
  return content_of(pub).cards[d].name;
}

std::string rname(const Public& pub, int r) {
  return region_def(pub, r).name;
}

std::string structure_name(const Public& pub, int sid) {
  return content_of(pub).structures[sid].name;
}

}  // namespace

const char* step_name(Step s) {
  switch (s) {
    case Step::kDiscardToLimit:
      return "discard_to_limit";
    case Step::kTurnStart:
      return "turn_start";
    case Step::kMove:
      return "move";
    case Step::kRecruit:
      return "recruit";
    case Step::kBuild:
      return "build";
    case Step::kBuildWhere:
      return "build_where";
    case Step::kKeep:
      return "keep";
    case Step::kTrogOrder:
      return "trog_order";
    case Step::kBattleOrder:
      return "battle_order";
    case Step::kEffect:
      return "effect";
    case Step::kTurnEnd:
      return "turn_end";
    case Step::kPlace:
      return "place";
    case Step::kTactics:
      return "tactics";
    case Step::kCapture:
      return "capture";
    case Step::kKill:
      return "kill";
    case Step::kRetreat:
      return "retreat";
    case Step::kNest:
      return "nest";
    case Step::kBuyBack:
      return "buy_back";
    case Step::kOver:
      return "over";
  }
  return "?";
}

const std::string& card_id(int d) {
  return content().cards[d].id;  // a variant keeps every id
}

const RegionDef& region_def(const Public& pub, int r) {
  return content_of(pub).maps[pub.map].regions[r];
}

std::string faction_name(int f) {
  return kFactionNames[f];
}

std::string tactic_unplayable(const Public& pub, Seat seat, int def) {
  if (pub.step != Step::kTactics || pub.battle.region == kNone || pub.to_move != seat) return "";
  const CardDef& c = content_of(pub).cards[def];
  if (c.battle.empty()) return "no tactics text: it cannot be played in a battle";
  const int terrain = content_of(pub).maps[pub.map].regions[pub.battle.region].terrain;
  if (c.terrain >= 0 && c.terrain != terrain)
    return "a " + terrain_name(c.terrain) + " card: played only in battles in " +
           terrain_name(c.terrain) + " regions";
  return "";
}
std::string faction_id(int f) {
  return kFactionIds[f];
}
std::string terrain_name(int t) {
  return kTerrainNames[t];
}
std::string objective_name(int o) {
  return kObjectiveNames[o];
}
std::string region_name(const Position& p, int r) {
  return rname(p.pub, r);
}

// ---------------------------------------------------------------------------------------------
// State

std::string result_words(const View& final_view, Seat seat) {
  Position p;
  p.pub = final_view.as<CryHavocView>().pub;
  const Public& pub = p.pub;
  const int f = pub.seats[seat].faction;
  const int vp = pub.seats[seat].vp;
  const int regions = regions_controlled(p, f);
  std::string out = std::to_string(vp) + " VP; at the end it held " + std::to_string(regions) +
                    (regions == 1 ? " region" : " regions") + ", worth " +
                    std::to_string(crystal_points(p, f)) + " VP in crystals";
  // C10.6: equal VP are decided by the prisoners held, then by the later place in initiative;
  // against the best-placed other seat with the same VP
  const Standing st = standing(pub);
  const auto order = st.order();
  int rival = -1;
  for (int k = 0; k < pub.players && rival < 0; ++k)
    if (order[k] != seat && st.vp[order[k]] == vp) rival = order[k];
  if (rival >= 0) {
    const bool ahead = st.ahead(seat, rival);
    out += std::string(ahead ? ", ahead" : ", behind") +
           (st.held[rival] != st.held[seat]
                ? " on prisoners (" + std::to_string(st.held[seat]) + " to " +
                      std::to_string(st.held[rival]) + ")"
                : std::string(" on the initiative track (a later place wins)"));
  }
  return out;
}

std::string CryHavocState::action_label(Action a) const {
  const Public& pub = pos_.pub;
  const Content& c = content_of(pub);
  auto region = [&](int r) { return rname(pub, r); };
  if (a >= kActSkill && a < kActCard) return "skill " + c.skills[a - kActSkill].name;
  if (a >= kActSkillCard)
    return "skill " + c.skills[(a - kActSkillCard) / 64].name + ", discarding " +
           card_name(pub, (a - kActSkillCard) % 64);
  switch (pub.step) {
    case Step::kDiscardToLimit:
      return "discard " + card_name(pub, a - kActCard);
    case Step::kTurnStart:
      if (a == kActMove) return "Move";
      if (a == kActRecruit) return "Recruit";
      if (a == kActBuild) return "Build/Activate";
      if (a == kActDrawOwn) return "Draw 2: own deck";
      if (a >= kActDrawTerrain && a < kActDrawTerrain + kTerrains)
        return "Draw 2: " + terrain_name(a - kActDrawTerrain) + " deck";
      if (a == kActScoring) return "Enable Scoring";
      break;
    case Step::kMove:
    case Step::kRecruit:
    case Step::kBuild: {
      if (a == kActDone)
        return pub.step == Step::kMove      ? "end move"
               : pub.step == Step::kRecruit ? "end recruit"
                                            : "end build";
      if (a >= kActCard && a < kActRegion) {
        const CardDef& d = c.cards[a - kActCard];
        const int pts = pub.step == Step::kMove      ? d.move + (pub.move_bonus ? 1 : 0)
                        : pub.step == Step::kRecruit ? d.recruit
                                                     : d.build;
        return "discard " + d.name + " (+" + std::to_string(pts) + ")";
      }
      if (a >= kActStep && a < kActBuildType)
        return region((a - kActStep) / 24) + " -> " + region((a - kActStep) % 24);
      if (a >= kActBuildType && a < kActStructure)
        return "build " + structure_name(pub, a - kActBuildType);
      if (a >= kActStructure && a < kActUnit)
        return "activate " + structure_name(pub, (a - kActStructure) / 24) + " at " +
               region((a - kActStructure) % 24);
      break;
    }
    case Step::kBuildWhere:
      return structure_name(pub, pub.chosen) + " at " + region(a - kActRegion);
    case Step::kKeep:
      return "keep " + card_name(pub, a - kActCard);
    case Step::kTrogOrder:
      return "reveal the Trog token at " + region(a - kActRegion);
    case Step::kBattleOrder:
      return "battle token " + std::to_string(free_battle_token(pos_)) + " at " +
             region(a - kActRegion);
    case Step::kEffect: {
      const PendingStep& ps = pub.queue[0];
      if (a == kActDone) return "stop";
      if (a >= kActCard && a < kActRegion) return "discard " + card_name(pub, a - kActCard);
      if (a >= kActRegion && a < kActObjective) {
        const std::string r = region(a - kActRegion);
        switch (ps.step.op) {
          case Op::kDeploy:
            return "deploy at " + r;
          case Op::kHarvest:
            return "harvest at " + r;
          case Op::kExplore:
            return "explore at " + r;
          case Op::kShred:
            return "shred a crystal from " + r;
          case Op::kArtillery:
            return "Artillery token at " + r;
          case Op::kWatchtower:
            return "Watchtower token at " + r;
          case Op::kFly:
            return "fly to " + r;
          case Op::kTeleport:
            return "teleport to " + r;
          case Op::kSpecialForces:
            return ps.stage == 0 ? "Special Forces to " + r : "withdraw a unit from " + r;
          case Op::kRedeploy:
            return "redeploy to " + r;
          case Op::kAssemble:
            return "assemble at " + r;
          case Op::kDistraction:
            return "distract at " + r;
          case Op::kWithdraw:
            return ps.stage == 0 ? "withdraw from " + r : "withdraw to " + r;
          case Op::kAncientCrystals:
            return "Ancient Crystals at " + r;
          case Op::kMedic:
            return "Medic Team at " + r;
          default:
            return r;
        }
      }
      if (a >= kActObjective && a < kActNumber) {
        const std::string o = objective_name(a - kActObjective);
        if (ps.step.op == Op::kBReinforce) return "reinforce " + o;
        if (ps.step.op == Op::kBKill) return "kill on " + o;
        return o + " first";
      }
      if (a >= kActNumber && a < kActStep) return std::to_string(a - kActNumber) + " units";
      if (a >= kActStep && a < kActBuildType)
        return region((a - kActStep) / 24) + " => " + region((a - kActStep) % 24);
      if (a >= kActBuildType && a < kActStructure)
        return "assemble " + structure_name(pub, a - kActBuildType);
      if (a >= kActStructure && a < kActUnit) {
        const std::string what = structure_name(pub, (a - kActStructure) / 24) + " at " +
                                 region((a - kActStructure) % 24);
        if (ps.step.op == Op::kRedeploy) return "redeploy " + what;
        if (ps.step.op == Op::kDisassemble) return "disassemble " + what;
        return "activate " + what + " free";
      }
      if (a >= kActUnit && a < kActShift) {
        const int u = a - kActUnit;
        const std::string verb = ps.step.op == Op::kKillAnywhere ? "kill" : "capture";
        return verb + " a " + faction_name(u % 4) + " unit at " + region(u / 4);
      }
      if (a >= kActShift && a < kActShift + 9)
        return "own unit " + objective_name((a - kActShift) / 3) + " -> " +
               objective_name((a - kActShift) % 3);
      if (a >= kActPush && a < kActPush + 9)
        return "enemy unit " + objective_name((a - kActPush) / 3) + " -> " +
               objective_name((a - kActPush) % 3);
      if (a >= kActTerrainDeck && a < kActTerrainDeck + kTerrains)
        return "Matrix: " + terrain_name(a - kActTerrainDeck) + " deck";
      break;
    }
    case Step::kTurnEnd:
      if (a == kActEndTurn) return "end turn";
      break;
    case Step::kPlace:
      return std::to_string(a - kActNumber) + " on " +
             objective_name(pub.battle.sub == 0 ? kControl : kPrisoners);
    case Step::kTactics:
      if (a == kActPass) return "pass";
      if (a >= kActMatrixCard && a < kActBuyBack)
        return "play " + card_name(pub, a - kActMatrixCard) + " from the Matrix";
      return "play " + card_name(pub, a - kActCard);
    case Step::kCapture:
      return "capture from " + objective_name(a - kActObjective);
    case Step::kKill:
      return "kill on " + objective_name(a - kActObjective);
    case Step::kRetreat:
      return "retreat to " + region(a - kActRegion);
    case Step::kNest:
      return "nest at " + region(a - kActRegion);
    case Step::kBuyBack:
      if (a == kActDone) return "done";
      return "buy back from the " + faction_name(a - kActBuyBack);
    case Step::kOver:
      break;
  }
  return "action " + std::to_string(a);
}

std::string CryHavocState::public_label(Action a) const {
  if (pos_.pub.step == Step::kKeep) return "keeps a card";
  return action_label(a);
}

void CryHavocState::action_to_json(Action a, nlohmann::json& out) const {
  const Public& pub = pos_.pub;
  const Content& c = content_of(pub);
  auto rid = [&](int r) { return region_def(pub, r).id; };
  out = {{"step", step_name(pub.step)}};
  if (a >= kActSkillCard) {
    out["type"] = "skill";
    out["skill"] = c.skills[(a - kActSkillCard) / 64].id;
    out["discard"] = card_id((a - kActSkillCard) % 64);
  } else if (a >= kActSkill && a < kActCard) {
    out["type"] = "skill";
    out["skill"] = c.skills[a - kActSkill].id;
  } else if (a <= kActPass) {
    static const char* const names[] = {"move",         "recruit",      "build",
                                        "draw_own",     "draw_terrain", "draw_terrain",
                                        "draw_terrain", "draw_terrain", "enable_scoring",
                                        "done",         "end_turn",     "pass"};
    out["type"] = names[a];
    if (a >= kActDrawTerrain && a < kActDrawTerrain + kTerrains)
      out["terrain"] = c.cards.empty() ? "" : std::string(kTerrainNames[a - kActDrawTerrain]);
  } else if (a < kActRegion) {
    out["type"] = "card";
    out["card"] = card_id(a - kActCard);
  } else if (a < kActObjective) {
    out["type"] = "region";
    out["region"] = rid(a - kActRegion);
  } else if (a < kActNumber) {
    out["type"] = "objective";
    out["objective"] = objective_name(a - kActObjective);
  } else if (a < kActStep) {
    out["type"] = "number";
    out["n"] = a - kActNumber;
  } else if (a < kActBuildType) {
    out["type"] = "step";
    out["from"] = rid((a - kActStep) / 24);
    out["to"] = rid((a - kActStep) % 24);
  } else if (a < kActStructure) {
    out["type"] = "structure";
    out["structure"] = c.structures[a - kActBuildType].id;
  } else if (a < kActUnit) {
    out["type"] = "built_structure";
    out["structure"] = c.structures[(a - kActStructure) / 24].id;
    out["region"] = rid((a - kActStructure) % 24);
  } else if (a < kActShift) {
    out["type"] = "unit";
    out["region"] = rid((a - kActUnit) / 4);
    out["faction"] = kFactionIds[(a - kActUnit) % 4];
  } else if (a < kActMatrixCard) {
    const bool own = a < kActPush;
    const int x = a - (own ? kActShift : kActPush);
    out["type"] = own ? "shift" : "push";
    out["from"] = objective_name(x / 3);
    out["to"] = objective_name(x % 3);
  } else if (a < kActBuyBack) {
    out["type"] = "matrix_card";
    out["card"] = card_id(a - kActMatrixCard);
  } else if (a < kActTerrainDeck) {
    out["type"] = "buy_back";
    out["captor"] = kFactionIds[a - kActBuyBack];
  } else {
    out["type"] = "terrain_deck";
    out["terrain"] = std::string(kTerrainNames[a - kActTerrainDeck]);
  }
}

std::shared_ptr<const ViewData> CryHavocState::make_view_data(Seat viewer) const {
  return std::make_shared<CryHavocView>(*this, viewer);
}

}  // namespace turf::cryhavoc
