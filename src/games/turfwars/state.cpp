// Turf Wars: the state over the rules kernel, and the labels and JSON of actions and names.
#include "games/turfwars/game.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/narration.h"
#include "core/view.h"

namespace turf::turfwars {

namespace {

const char* const kBuyLabels[kNumBuys] = {
    "buy a troop",          "buy a secret win card", "buy three action cards",
    "buy two combat cards", "buy the FTT",           "exchange two combat cards"};
const char* const kBuyIds[kNumBuys] = {"troop", "secret", "actions", "combat", "ftt", "exchange"};

// "player 3 (Dryads)": 1-based, as players read it (issue 16).
std::string seat_label(const Position& p, int s) {
  std::string out = "player " + std::to_string(s + 1);
  if (p.seats[s].faction != kNone)
    out += " (" + content_of(p).factions[p.seats[s].faction].name + ")";
  return out;
}

}  // namespace

const char* const kCostIds[kNumCosts] = {"winner_takes_all", "simple", "balanced", "fury"};

const char* step_name(Step s) {
  switch (s) {
    case Step::kChooseFaction:
      return "choose_faction";
    case Step::kChooseStart:
      return "choose_start";
    case Step::kClone:
      return "clone";
    case Step::kDeclareHome:
      return "declare_home";
    case Step::kManeuverFrom:
      return "maneuver_from";
    case Step::kManeuverTo:
      return "maneuver_to";
    case Step::kManeuverCount:
      return "maneuver_count";
    case Step::kPlace:
      return "place";
    case Step::kOptOut:
      return "opt_out";
    case Step::kDirection:
      return "direction";
    case Step::kDraftPick:
      return "draft_pick";
    case Step::kSource:
      return "source";
    case Step::kTarget:
      return "target";
    case Step::kCommit:
      return "commit";
    case Step::kJoin:
      return "join";
    case Step::kPull:
      return "pull";
    case Step::kPullCount:
      return "pull_count";
    case Step::kLure:
      return "lure";
    case Step::kDefendCommit:
      return "defend_commit";
    case Step::kSupportTurf:
      return "support_turf";
    case Step::kCombatCard:
      return "combat_card";
    case Step::kCallHelp:
      return "call_help";
    case Step::kRetreat:
      return "retreat";
    case Step::kFury:
      return "fury";
    case Step::kRampage:
      return "rampage";
    case Step::kBuy:
      return "buy";
    case Step::kKeepCombat:
      return "keep_combat";
    case Step::kExchange:
      return "exchange";
    case Step::kTieSupport:
      return "tie_support";
    case Step::kOver:
      return "over";
  }
  return "?";
}

const char* win_name(WinType w) {
  switch (w) {
    case WinType::kNone:
      return "none";
    case WinType::kDomination:
      return "domination";
    case WinType::kNemesis:
      return "nemesis";
    case WinType::kSecret:
      return "secret";
    case WinType::kPoints:
      return "points";
  }
  return "?";
}

std::string cell_name(const Position& p, int cell) {
  const Board& b = board_of(p);
  std::string s(1, static_cast<char>('A' + cell % b.size));
  s += std::to_string(cell / b.size + 1);
  return s;
}

std::string template_label(const Position& p, int t) {
  const ActionTemplate& a = content_of(p).templates[t];
  return a.name + " (" + std::to_string(a.priority) + ")";
}

std::string combat_label(const Position& p, int t) {
  return content_of(p).combat[t].name;
}

// ---------------------------------------------------------------------------------------------
// State

std::string TurfWarsState::action_label(Action a) const {
  const Position& p = pos_;
  const Content& c = content_of(p);
  if (a >= kActCell && a < kActCount) {
    const int cell = a - kActCell;
    std::string where = cell_name(p, cell) + " " + c.type_names[board_of(p).type[cell]];
    switch (p.step) {
      case Step::kChooseStart:
        return "start at " + where;
      case Step::kManeuverFrom:
        return "move from " + where;
      case Step::kManeuverTo:
        return "move to " + where;
      case Step::kPlace:
        return "place at " + where;
      case Step::kSource:
        return "from " + where;
      case Step::kTarget:
        return "to " + where;
      case Step::kPull:
        return "pull from " + where;
      case Step::kSupportTurf:
        return "support from " + where;
      case Step::kRetreat:
        return "retreat to " + where;
      case Step::kRampage:
        return "rampage into " + where;
      default:
        return where;
    }
  }
  if (a >= kActCount && a < kActFaction) {
    const int n = a - kActCount;
    switch (p.step) {
      case Step::kCommit:
      case Step::kDefendCommit:
        return "commit " + std::to_string(n);
      default:
        return "move " + std::to_string(n);
    }
  }
  if (a >= kActFaction && a < kActType) {
    const std::string name = c.factions[a - kActFaction].name;
    return p.step == Step::kClone ? "clone " + name : name;
  }
  if (a >= kActType && a < kActSeat) return "home " + c.type_names[a - kActType];
  if (a >= kActSeat && a < kActCombat) {
    const std::string who = seat_label(p, a - kActSeat);
    switch (p.step) {
      case Step::kJoin:
        return "support " + who;
      case Step::kLure:
        return "lure from " + who;
      case Step::kCallHelp:
        return "call " + who;
      case Step::kTieSupport:
        return "pledge to " + who;
      default:
        return who;
    }
  }
  if (a >= kActCombat && a < kActCard) {
    const std::string name = combat_label(p, a - kActCombat);
    switch (p.step) {
      case Step::kKeepCombat:
        return "keep " + name;
      case Step::kExchange:
        return "give " + name;
      case Step::kFury:
        return "retaliate with " + name;
      default:
        return "play " + name;
    }
  }
  if (a >= kActCard && a < kActBuy) return template_label(p, a - kActCard);
  if (a >= kActBuy && a < kActBuy + kNumBuys) {
    const int item = a - kActBuy;
    std::string s = kBuyLabels[item];
    const int price =
        item == kBuyTroop     ? c.price_troop
        : item == kBuySecret  ? c.price_secret
        : item == kBuyActions ? c.price_actions
        : item == kBuyCombat  ? c.price_combat
        : item == kBuyFtt
            ? std::max(0, c.price_ftt + p.ftt_steals - ability_of(p, p.to_move).ftt_discount)
            : 0;
    if (item != kBuyExchange) s += " (" + std::to_string(price) + " DP)";
    return s;
  }
  switch (a) {
    case kActPass:
      switch (p.step) {
        case Step::kManeuverFrom:
        case Step::kBuy:
          return "done";
        case Step::kRampage:
          return "stop";
        case Step::kJoin:
          return "stay out";
        case Step::kFury:
          return "no retaliation";
        default:
          return "pass";
      }
    case kActLeft:
      return "left";
    case kActRight:
      return "right";
    case kActTakePart:
      return "take part";
    case kActStayOut:
      return "stay out of the event";
  }
  return "unknown action " + std::to_string(a);
}

std::string TurfWarsState::public_label(Action a) const {
  switch (pos_.step) {
    case Step::kChooseFaction:
      return "chooses a faction";
    case Step::kDraftPick:
      return "picks an action card";
    case Step::kCombatCard:
      return "plays a combat card face down";
    case Step::kKeepCombat:
      return "keeps one of the two cards";
    default:
      return action_label(a);
  }
}

void TurfWarsState::action_to_json(Action a, nlohmann::json& out) const {
  const Position& p = pos_;
  const Content& c = content_of(p);
  const std::string step = step_name(p.step);
  if (a >= kActCell && a < kActCount) {
    const int cell = a - kActCell;
    out = {
        {"type", step}, {"cell", cell_name(p, cell)}, {"turf", c.type_ids[board_of(p).type[cell]]}};
  } else if (a >= kActCount && a < kActFaction) {
    out = {{"type", step}, {"troops", a - kActCount}};
  } else if (a >= kActFaction && a < kActType) {
    out = {{"type", step}, {"faction", c.factions[a - kActFaction].id}};
  } else if (a >= kActType && a < kActSeat) {
    out = {{"type", step}, {"home", c.type_ids[a - kActType]}};
  } else if (a >= kActSeat && a < kActCombat) {
    out = {{"type", step}, {"seat", a - kActSeat}};
  } else if (a >= kActCombat && a < kActCard) {
    out = {{"type", step}, {"card", c.combat[a - kActCombat].id}};
  } else if (a >= kActCard && a < kActBuy) {
    const ActionTemplate& t = c.templates[a - kActCard];
    out = {{"type", step}, {"card", t.name}, {"priority", t.priority}};
  } else if (a >= kActBuy && a < kActBuy + kNumBuys) {
    out = {{"type", "buy"}, {"item", kBuyIds[a - kActBuy]}};
  } else if (a == kActPass) {
    out = {{"type", step}, {"choice", "pass"}};
  } else if (a == kActLeft || a == kActRight) {
    out = {{"type", step}, {"direction", a == kActLeft ? "left" : "right"}};
  } else if (a == kActTakePart || a == kActStayOut) {
    out = {{"type", step}, {"choice", a == kActTakePart ? "take_part" : "stay_out"}};
  } else {
    out = {{"type", "unknown"}, {"id", a}};
  }
}

std::shared_ptr<const ViewData> TurfWarsState::make_view_data(Seat viewer) const {
  return std::make_shared<TurfWarsView>(*this, viewer);
}

}  // namespace turf::turfwars
