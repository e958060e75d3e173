// Cry Havoc narration (issue 16): what a step did, told to one viewer from its views before and
// after the step and the action as that viewer knows it. Battles come from the public battle
// record (Public::last_battle), prisoners' VP and scorings from Public::last_round; events,
// exploration and Trog tokens from the public lists of revealed tokens. A view holds only what
// its viewer may know, so a kept card is named to its keeper alone.
#include <array>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/narration.h"
#include "core/view.h"
#include "games/cryhavoc/game.h"

namespace turf::cryhavoc {

namespace {

std::string P(int seat) {
  return "{P" + std::to_string(seat + 1) + "}";
}

std::string rname(const Public& pub, int r) {
  return content().maps[pub.map].regions[r].name;
}

// "{P2} (Humans)", or "the neutral Trogs".
std::string who(const Public& pub, int faction) {
  const int s = pub.faction_seat[faction];
  if (s == kNone) return "the neutral " + faction_name(faction);
  return P(s) + " (" + faction_name(faction) + ")";
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

std::string rest(const std::string& s, const std::string& prefix) {
  return s.substr(prefix.size());
}

std::string units_text(int n) {
  return std::to_string(n) + (n == 1 ? " unit" : " units");
}

std::string action_sentence(const Public& p, const std::string& label) {
  switch (p.step) {
    case Step::kTurnStart:
      if (label == "Move") return "takes the Move action";
      if (label == "Recruit") return "takes the Recruit action";
      if (label == "Build/Activate") return "takes the Build/Activate action";
      if (label == "Enable Scoring") return "enables scoring for this round";
      if (starts_with(label, "Draw 2: "))
        return "draws 2 cards from " +
               std::string(rest(label, "Draw 2: ") == "own deck" ? "their " : "the ") +
               rest(label, "Draw 2: ") + " and keeps 1";
      break;
    case Step::kMove:
    case Step::kRecruit:
    case Step::kBuild: {
      const auto arrow = label.find(" -> ");
      if (arrow != std::string::npos)
        return "moves a unit from " + label.substr(0, arrow) + " to " + label.substr(arrow + 4);
      if (starts_with(label, "discard ")) {
        const char* what = p.step == Step::kMove      ? " movement"
                           : p.step == Step::kRecruit ? " recruits"
                                                      : " build points";
        const auto plus = label.rfind(" (+");
        if (plus != std::string::npos)
          return "discards " + label.substr(8, plus - 8) + " for " +
                 label.substr(plus + 3, label.size() - plus - 4) + what;
      }
      if (starts_with(label, "end ")) return "ends the " + rest(label, "end ");
      if (starts_with(label, "build ")) return "chooses to build " + rest(label, "build ");
      if (starts_with(label, "activate ")) return "activates " + rest(label, "activate ");
      break;
    }
    case Step::kBuildWhere:
      return "builds " + label;
    case Step::kKeep:
      return starts_with(label, "keep ") ? "keeps " + rest(label, "keep ") : label;
    case Step::kDiscardToLimit:
      return starts_with(label, "discard ")
                 ? "discards " + rest(label, "discard ") + " down to the hand limit"
                 : label;
    case Step::kTrogOrder:
      return starts_with(label, "reveal ") ? "reveals " + rest(label, "reveal ") : label;
    case Step::kBattleOrder:
      return "puts " + label;
    case Step::kTurnEnd:
      if (label == "end turn") return "ends the turn";
      break;
    case Step::kPlace: {
      const auto on = label.find(" on ");
      if (on != std::string::npos)
        return "places " + units_text(std::stoi(label.substr(0, on))) + " on " +
               label.substr(on + 4);
      break;
    }
    case Step::kTactics:
      if (label == "pass") return "plays no more tactics cards";
      if (starts_with(label, "play ")) return "plays the tactics card " + rest(label, "play ");
      break;
    case Step::kCapture:
      return "takes a prisoner from " + rest(label, "capture from ");
    case Step::kKill:
      return "kills a unit on " + rest(label, "kill on ");
    case Step::kRetreat:
      return "retreats to " + rest(label, "retreat to ");
    case Step::kNest:
      return "lets the Trogs nest at " + rest(label, "nest at ");
    case Step::kBuyBack:
      if (label == "done") return "buys back no more prisoners";
      if (starts_with(label, "buy back")) return "buys back a prisoner " + rest(label, "buy back ");
      break;
    default:
      break;
  }
  if (starts_with(label, "skill ")) return "uses the skill " + rest(label, "skill ");
  return label == "stop" ? "stops" : label;
}

Narration make(const char* kind, std::vector<Seat> seats, std::string text,
               nlohmann::json data = nlohmann::json::object()) {
  Narration n;
  n.kind = kind;
  n.seats = std::move(seats);
  n.text = std::move(text);
  n.data = std::move(data);
  return n;
}

void narrate_battle(const Public& a, std::vector<Narration>& out) {
  const BattleReport& r = a.last_battle;
  const int att = r.side[0], def = r.side[1];
  std::vector<Seat> seats;
  for (int f : {att, def})
    if (a.faction_seat[f] != kNone) seats.push_back(a.faction_seat[f]);
  std::string text =
      "Battle at " + rname(a, r.region) + ": " + who(a, att) + " attacks " + who(a, def) + ".";
  nlohmann::json objectives = nlohmann::json::array();
  for (int o = 0; o < kObjectives; ++o) {
    const int v0 = r.value[0][o], v1 = r.value[1][o];
    text += " " + objective_name(o) + " " + std::to_string(v0) + "-" + std::to_string(v1) + ": ";
    nlohmann::json x = {{"objective", o}, {"attacker", v0}, {"defender", v1}};
    if (o == kControl) {
      const int w = r.side[r.winner == kNone ? 1 : r.winner];
      text += who(a, w) + " wins";
      if (v0 == v1) text += " (the defender wins ties)";
      if (a.faction_seat[w] != kNone) text += " (+2 VP) and takes the region";
      x["winner_faction"] = faction_id(w);
    } else if (o == kPrisoners) {
      if (r.captured[0] + r.captured[1] == 0) {
        text += v0 == v1 ? "a tie, nobody is captured" : "nobody left to capture";
      } else {
        const int c = r.captured[0] ? 0 : 1;
        text += who(a, r.side[c]) + " takes " + std::to_string(r.captured[c]) + " prisoner" +
                (r.captured[c] == 1 ? "" : "s");
      }
      x["captured"] = {r.captured[0], r.captured[1]};
    } else {
      std::string k;
      for (int s = 0; s < 2; ++s)
        if (r.killed[s]) {
          k += (k.empty() ? "" : ", ") + who(a, r.side[s]) + " kills " + units_text(r.killed[s]);
          if (a.faction_seat[r.side[s]] != kNone) k += " (+" + std::to_string(r.killed[s]) + " VP)";
        }
      text += k.empty() ? "no unit dies" : k;
      x["killed"] = {r.killed[0], r.killed[1]};
    }
    text += ".";
    objectives.push_back(std::move(x));
  }
  if (r.retreat != kNone && r.winner != kNone)
    text += " " + who(a, r.side[1 - r.winner]) + " retreats " + units_text(r.retreated) + " to " +
            rname(a, r.retreat) + ".";
  out.push_back(make("battle", seats, text,
                     {{"region", content().maps[a.map].regions[r.region].id},
                      {"attacker", faction_id(att)},
                      {"defender", faction_id(def)},
                      {"objectives", std::move(objectives)}}));
}

}  // namespace

void narrate(const View& before, const NarratedAction& act, const View& after,
             std::vector<Narration>& out) {
  const auto& vb = before.as<CryHavocView>();
  const auto& va = after.as<CryHavocView>();
  const Public& b = vb.pub;
  const Public& a = va.pub;
  const Content& c = content();

  if (act.mover >= 0)
    out.push_back(make("action", {act.mover},
                       P(act.mover) + " " + action_sentence(b, act.label) + ".",
                       {{"label", act.label}}));
  // A new round and its events (C3).
  if (a.round != b.round)
    out.push_back(
        make("round", {}, "Round " + std::to_string(a.round) + " begins.", {{"round", a.round}}));
  for (int i = b.num_revealed_events; i < a.num_revealed_events; ++i) {
    const TokenDef& e = c.events[a.revealed_events[i]];
    out.push_back(make("event", {}, "Event: " + e.name + ". " + e.text, {{"event", e.id}}));
  }
  const int n = c.maps[a.map].num_regions;
  // Exploration tokens (C6.6).
  for (int i = b.num_revealed_explores; i < a.num_revealed_explores; ++i) {
    const TokenDef& t = c.explores[a.revealed_explores[i]];
    // The region, when one token was revealed from the map (Recon Team draws one from the pool).
    int at = -1, vanished = 0;
    for (int r = 0; r < n; ++r)
      if (b.regions[r].explore && !a.regions[r].explore) at = r, ++vanished;
    if (vanished != 1 || a.num_revealed_explores - b.num_revealed_explores != 1) at = -1;
    std::string text = "Exploration token";
    if (at >= 0) text += " at " + rname(a, at);
    text += ": " + t.name + ". " + t.text;
    out.push_back(make("exploration", {}, text, {{"token", t.id}}));
  }
  // Trog tokens (C6.7).
  auto trog = [&](const TokenDef& t, int kind, const char* what) {
    int at = -1;
    for (int r = 0; r < n; ++r)
      if (b.regions[r].trog == kind && a.regions[r].trog == 0) at = r;
    std::string text =
        std::string(what) + (at >= 0 ? " at " + rname(a, at) : "") + ": " + t.name + ", " +
        (t.trogs ? std::to_string(t.trogs) + (t.trogs == 1 ? " Trog" : " Trogs")
                 : std::string("no Trogs")) +
        " and " + std::to_string(t.crystals) + " crystal" + (t.crystals == 1 ? "" : "s") + ".";
    out.push_back(make("trog_token", {}, text,
                       {{"token", t.id}, {"trogs", t.trogs}, {"crystals", t.crystals}}));
  };
  for (int i = b.num_revealed_war_parties; i < a.num_revealed_war_parties; ++i)
    trog(c.war_parties[a.revealed_war_parties[i]], 1, "Trog War Party");
  for (int i = b.num_revealed_nests; i < a.num_revealed_nests; ++i)
    trog(c.nests[a.revealed_nests[i]], 2, "Trog Nest");
  // Battles (C8).
  if (a.last_battle.done && (a.last_battle.number != b.last_battle.number || !b.last_battle.done))
    narrate_battle(a, out);
  // Prisoners (C9.1).
  if (a.last_round.prisoners_round != b.last_round.prisoners_round)
    for (int s = 0; s < a.players; ++s)
      if (a.last_round.prisoners[s])
        out.push_back(make("prisoners", {s},
                           P(s) + " gains " + std::to_string(a.last_round.prisoners[s]) +
                               " VP for the prisoners held.",
                           {{"vp", a.last_round.prisoners[s]}}));
  // Scoring (C10).
  if (a.last_round.scoring != b.last_round.scoring) {
    for (int k = 0; k < a.players; ++k) {
      const int s = a.initiative[k];
      const RoundReport& r = a.last_round;
      const int total = r.regions[s] + r.crystals[s] + r.ancient[s];
      std::string text = P(s) + " scores " + std::to_string(total) + " VP";
      std::string why;
      if (r.regions[s])
        why += std::to_string(r.regions[s]) + " for the regions controlled (enabled scoring)";
      why += (why.empty() ? "" : ", ") + std::to_string(r.crystals[s]) + " for crystals";
      if (r.ancient[s]) why += ", 3 for Ancient Crystals";
      out.push_back(make("scoring", {s}, text + ": " + why + ".",
                         {{"vp", total},
                          {"regions", r.regions[s]},
                          {"crystals", r.crystals[s]},
                          {"ancient", r.ancient[s]}}));
    }
  }
  // The end (C10.5, C10.6).
  if (a.over && !b.over) {
    std::array<int, kMaxSeats> held{}, init{};
    for (int s = 0; s < a.players; ++s)
      for (int f = 0; f < kFactions; ++f) held[s] += a.prisoners[a.seats[s].faction][f];
    for (int k = 0; k < a.players; ++k) init[a.initiative[k]] = k;
    auto better = [&](int x, int y) {  // C10.6: VP, prisoners, later initiative
      if (a.seats[x].vp != a.seats[y].vp) return a.seats[x].vp > a.seats[y].vp;
      if (held[x] != held[y]) return held[x] > held[y];
      return init[x] > init[y];
    };
    std::vector<Seat> order;
    for (int s = 0; s < a.players; ++s) order.push_back(s);
    for (std::size_t i = 1; i < order.size(); ++i)  // insertion sort: stable, no buffer
      for (std::size_t j = i; j > 0 && better(order[j], order[j - 1]); --j)
        std::swap(order[j], order[j - 1]);
    std::string text =
        "Game over after round " + std::to_string(a.round) + ": " + P(order[0]) + " wins.";
    for (std::size_t k = 0; k < order.size(); ++k) {
      const int s = order[k];
      text += " " + std::to_string(k + 1) + ". " + P(s) + " (" + faction_name(a.seats[s].faction) +
              ") " + std::to_string(a.seats[s].vp) + " VP";
      if (held[s]) text += ", " + std::to_string(held[s]) + " prisoners";
      text += k + 1 < order.size() ? ";" : ".";
    }
    out.push_back(make("game_over", order, text, {{"ranking", order}}));
  }
}

}  // namespace turf::cryhavoc
