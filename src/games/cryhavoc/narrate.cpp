// Cry Havoc narration (issues 16 and 23): what a step did, told to one viewer from its views before
// and after the step and the action as that viewer knows it. Everything the step brought about
// comes from the public journal of the view after it (Public::facts, rules.h): the rounds and
// events, explorations, Trog tokens and Nests, every battle (begun, objective by objective, ended,
// or removed without a fight), the prisoners' VP and every scoring, in the order they happened.
// Every change of VP, control and units on the map is carried by exactly one line as
// data["changes"] (counter -> delta), with the counters of tally() in register.cpp, so that the
// conformance suite can check that the narration adds up to what changed. A view holds only what
// its viewer may know, so a kept card is named to its keeper alone.
#include <array>
#include <map>
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
  return content_of(pub).maps[pub.map].regions[r].name;
}

std::string rid(const Public& pub, int r) {
  return content_of(pub).maps[pub.map].regions[r].id;
}

bool neutral(const Public& pub, int faction) {
  return pub.faction_seat[faction] == kNone;
}

// "{P2} (Humans)", or "the neutral Trogs".
std::string who(const Public& pub, int faction) {
  if (faction == kNone) return "nobody";
  const int s = pub.faction_seat[faction];
  if (s == kNone) return "the neutral " + faction_name(faction);
  return P(s) + " (" + faction_name(faction) + ")";
}

// The verb after who(): "{P1} (Humans) wins", "the neutral Trogs win".
std::string verb(const Public& pub, int faction, const std::string& singular,
                 const std::string& plural) {
  return faction != kNone && neutral(pub, faction) ? plural : singular;
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

std::string rest(const std::string& s, const std::string& prefix) {
  return s.substr(prefix.size());
}

std::string count(int n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string units_text(int n) {
  return count(n, "unit", "units");
}

// "a Matrix", "an Artillery".
std::string article(const std::string& noun) {
  const char c = noun.empty() ? 'x' : noun[0];
  const bool vowel = c == 'A' || c == 'E' || c == 'I' || c == 'O' || c == 'U';
  return (vowel ? "an " : "a ") + noun;
}

std::string list_text(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

// The action as a sentence after "{Pn} ", from the label the viewer knows (state.cpp,
// action_label).
std::string action_sentence(const Public& p, const std::string& label) {
  if (starts_with(label, "skill ")) {
    const auto comma = label.find(", discarding ");
    if (comma != std::string::npos)
      return "uses the skill " + label.substr(6, comma - 6) + ", discarding " +
             label.substr(comma + 13);
    return "uses the skill " + rest(label, "skill ");
  }
  switch (p.step) {
    case Step::kTurnStart:
      if (label == "Move") return "takes the Move action";
      if (label == "Recruit") return "takes the Recruit action";
      if (label == "Build/Activate") return "takes the Build/Activate action";
      if (label == "Enable Scoring") return "enables scoring for this round";
      if (starts_with(label, "Draw 2: "))
        return "draws 2 cards from " +
               std::string(rest(label, "Draw 2: ") == "own deck" ? "their " : "the ") +
               rest(label, "Draw 2: ") + " to keep 1";
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
        if (plus != std::string::npos) {
          const std::string n = label.substr(plus + 3, label.size() - plus - 4);
          return "discards " + label.substr(8, plus - 8) + " for " + n +
                 (p.step == Step::kMove      ? n == "1" ? " movement point" : " movement points"
                  : p.step == Step::kRecruit ? n == "1" ? " recruit" : " recruits"
                  : n == "1"                 ? " build point"
                                             : what);
        }
      }
      if (label == "end move") return "ends the move";
      if (label == "end recruit") return "stops recruiting";
      if (label == "end build") return "stops building";
      if (starts_with(label, "build ")) return "chooses to build " + article(rest(label, "build "));
      if (starts_with(label, "activate ")) return "activates the " + rest(label, "activate ");
      break;
    }
    case Step::kBuildWhere:
      return "builds " + article(label);
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
    case Step::kEffect: {
      if (label == "stop") return "stops";
      if (starts_with(label, "discard ")) return "discards " + rest(label, "discard ");
      if (starts_with(label, "deploy at ")) return "deploys a unit at " + rest(label, "deploy at ");
      if (starts_with(label, "harvest at "))
        return "harvests a crystal at " + rest(label, "harvest at ") + " into their store";
      if (starts_with(label, "explore at "))
        return "chooses " + rest(label, "explore at ") + " for the Exploration token";
      if (starts_with(label, "shred a crystal from "))
        return "shreds a crystal from " + rest(label, "shred a crystal from ");
      if (starts_with(label, "Artillery token at ") || starts_with(label, "Watchtower token at "))
        return "places " + article(label);
      if (starts_with(label, "fly to ")) return "flies units to " + rest(label, "fly to ");
      if (starts_with(label, "teleport to "))
        return "teleports units to " + rest(label, "teleport to ");
      if (starts_with(label, "Special Forces to "))
        return "sends Special Forces to " + rest(label, "Special Forces to ");
      if (starts_with(label, "withdraw a unit from "))
        return "takes a unit from " + rest(label, "withdraw a unit from ") + " back to the reserve";
      if (starts_with(label, "redeploy to "))
        return "moves the structure to " + rest(label, "redeploy to ");
      if (starts_with(label, "assemble at ")) return "assembles at " + rest(label, "assemble at ");
      if (starts_with(label, "distract at "))
        return "chooses the battle at " + rest(label, "distract at ") + " for Distraction";
      if (starts_with(label, "withdraw from "))
        return "chooses to withdraw their units from " + rest(label, "withdraw from ");
      if (starts_with(label, "withdraw to "))
        return "withdraws them to " + rest(label, "withdraw to ");
      if (starts_with(label, "Ancient Crystals at "))
        return "chooses " + rest(label, "Ancient Crystals at ") + " for Ancient Crystals";
      if (starts_with(label, "Medic Team at "))
        return "sends the Medic Team to the battle at " + rest(label, "Medic Team at ");
      if (starts_with(label, "reinforce "))
        return "brings a unit from the reserve onto " + rest(label, "reinforce ");
      if (starts_with(label, "kill on ")) return "kills a unit on " + rest(label, "kill on ");
      if (label.size() > 6 && label.compare(label.size() - 6, 6, " first") == 0)
        return "makes " + label.substr(0, label.size() - 6) + " resolve first";
      if (label.size() > 6 && label.compare(label.size() - 6, 6, " units") == 0)
        return "sends " + (label == "1 units" ? std::string("1 unit") : label);
      if (label.find(" => ") != std::string::npos)
        return "jumps a unit from " + label.substr(0, label.find(" => ")) + " to " +
               label.substr(label.find(" => ") + 4);
      if (starts_with(label, "assemble ")) return "assembles " + article(rest(label, "assemble "));
      if (starts_with(label, "redeploy "))
        return "picks the " + rest(label, "redeploy ") + " to move";
      if (starts_with(label, "disassemble "))
        return "disassembles the " + rest(label, "disassemble ");
      if (starts_with(label, "activate ")) {
        std::string what = rest(label, "activate ");
        if (what.size() > 5 && what.compare(what.size() - 5, 5, " free") == 0)
          what = what.substr(0, what.size() - 5);
        return "activates the " + what + " without paying";
      }
      if (starts_with(label, "kill ")) return "kills " + rest(label, "kill ");
      if (starts_with(label, "capture ")) return "takes " + rest(label, "capture ") + " prisoner";
      if (starts_with(label, "own unit ") || starts_with(label, "enemy unit ")) {
        const bool own = starts_with(label, "own unit ");
        const std::string x = rest(label, own ? "own unit " : "enemy unit ");
        const auto arrow = x.find(" -> ");
        return std::string(own ? "moves one of their units" : "moves an enemy unit") + " from " +
               x.substr(0, arrow) + " to " + x.substr(arrow + 4);
      }
      if (starts_with(label, "Matrix: "))
        return "draws a card from the " + rest(label, "Matrix: ") + " onto the Matrix";
      break;
    }
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
      return "retreats the survivors to " + rest(label, "retreat to ");
    case Step::kNest:
      return "puts the Trogs' Nest at " + rest(label, "nest at ");
    case Step::kBuyBack:
      if (label == "done") return "buys back no more prisoners";
      if (starts_with(label, "buy back from "))
        return "buys back a prisoner from " + rest(label, "buy back from ");
      break;
    default:
      break;
  }
  return label;
}

// A line of narration being built.
struct Line {
  Narration n;
  std::map<std::string, int> changes;
  std::vector<std::string> extras;  // action line: what the action also did ("takes Sunscar")
  std::vector<std::string> nests;   // regions where face-down Nests went
  int region = -1;                  // battle lines: the battle's region
  bool trogs_left = false;          // battle lines: neutral Trogs retreated (a Nest may follow)
  int vp = 0;                       // action and event lines: VP by seat, summed below
  std::array<int, kMaxSeats> seat_vp{};
  std::array<int, 3> scored{};  // scoring lines: regions, crystals, Ancient Crystals
};

Narration make(const char* kind, std::vector<Seat> seats, std::string text,
               nlohmann::json data = nlohmann::json::object()) {
  Narration n;
  n.kind = kind;
  n.seats = std::move(seats);
  n.text = std::move(text);
  n.data = std::move(data);
  return n;
}

void add_seat(Narration& n, int seat) {
  for (Seat s : n.seats)
    if (s == seat) return;
  n.seats.push_back(seat);
}

class Story {
 public:
  Story(const Public& a, std::vector<Narration>& out) : a_(a), out_(out) {}

  void action(int mover, const std::string& sentence, const std::string& label) {
    Line l;
    l.n = make("action", {mover}, P(mover) + " " + sentence, {{"label", label}});
    lines_.push_back(std::move(l));
    action_ = 0;
  }

  void tell(const FactRec& f) {
    switch (f.kind) {
      case Fact::kRound: {
        std::string text = "Round " + std::to_string(f.a) + " begins";
        if (a_.final_round == f.a)
          text += a_.end_when_events_run_out && f.a < kRounds
                      ? ": the last round (no event token was left to reveal)"
                      : ": the last round";
        open(make("round", {}, text + ".", {{"round", f.a}}));
        break;
      }
      case Fact::kEvent: {
        const TokenDef& e = content_of(a_).events[f.a];
        line_of_[static_cast<int>(Cause::kEvent)] =
            open(make("event", {}, "Event: " + e.name + ". " + e.text, {{"event", e.id}}));
        lines_.back().changes["events"] += 1;
        break;
      }
      case Fact::kExploration: {
        const TokenDef& t = content_of(a_).explores[f.a];
        const int s = f.c == kNone ? -1 : a_.faction_seat[f.c];
        std::string text = (s >= 0 ? P(s) + " finds an" : std::string("An")) +
                           " Exploration token at " + rname(a_, f.b) + ": " + t.name + ". " +
                           t.text;
        line_of_[static_cast<int>(Cause::kExploration)] =
            open(make("exploration", s >= 0 ? std::vector<Seat>{s} : std::vector<Seat>{}, text,
                      {{"token", t.id}, {"region", rid(a_, f.b)}}));
        lines_.back().changes["explorations"] += 1;
        break;
      }
      case Fact::kTrogToken: {
        const bool nest = f.b == 2;
        const TokenDef& t = nest ? content_of(a_).nests[f.c] : content_of(a_).war_parties[f.c];
        std::string text =
            std::string(nest ? "Trog Nest" : "Trog War Party") + " at " + rname(a_, f.a) + ": " +
            t.name + ", " + (f.n ? count(f.n, "Trog", "Trogs") : std::string("no Trogs")) +
            " and " +
            (t.crystals ? count(t.crystals, "crystal", "crystals") : std::string("no crystals")) +
            ".";
        if (f.n < t.trogs && f.n > 0) text += " The Trog supply ran short.";
        line_of_[static_cast<int>(Cause::kTrogToken)] = open(make(
            "trog_token", {}, text,
            {{"token", t.id}, {"region", rid(a_, f.a)}, {"trogs", f.n}, {"crystals", t.crystals}}));
        lines_.back().changes["trog_tokens"] += 1;
        break;
      }
      case Fact::kNest: {
        Line& l = target(f.cause, kNone);
        l.nests.push_back(rname(a_, f.a));
        l.changes["nests_placed"] += 1;
        break;
      }
      case Fact::kBattle: {
        Line& l = battle_line(f.a);
        add_seats(l.n, f.b, f.c);
        l.n.data["attacker"] = faction_id(f.b);
        l.n.data["defender"] = faction_id(f.c);
        l.n.data["battle_token"] = f.d;
        l.n.text += " " + who(a_, f.b) + " attacks " + who(a_, f.c) + ".";
        l.changes["battles"] += 1;
        break;
      }
      case Fact::kArtillery: {
        Line& l = battle_line(f.a);
        l.n.text +=
            " The Artillery token there kills a unit of " + who(a_, f.b) + " as the battle begins.";
        break;
      }
      case Fact::kNoBattle: {
        const int i = line_of_[static_cast<int>(Cause::kBattle)];
        const bool fresh = i < 0 || at(i).region != f.a;
        Line& l = battle_line(f.a);
        if (fresh) l.n.text = "No battle at " + rname(a_, f.a) + ":";
        add_seats(l.n, f.b, f.c);
        const int att = f.b, def = f.c, taker = f.e;
        if (!fresh) l.n.text += " No battle:";
        if (taker != kNone && taker == att)
          l.n.text += " " +
                      (def == kNone ? std::string("the defenders have")
                                    : who(a_, def) + verb(a_, def, " has", " have")) +
                      " no units left there, so " + who(a_, att) + " takes the region.";
        else if (taker != kNone)
          l.n.text += " " + who(a_, att) + " has no units left there, so " + who(a_, taker) +
                      " holds the region.";
        else if (def != kNone && neutral(a_, def) && a_.regions[f.a].control == kNone)
          l.n.text += " " + who(a_, att) + " has no units left there; the neutral Trogs leave.";
        else
          l.n.text += " nobody is left there.";
        l.n.data["no_battle"] = true;
        break;
      }
      case Fact::kObjective: {
        Line& l = battle_line(f.a);
        objective(l, f);
        break;
      }
      case Fact::kBattleEnd: {
        Line& l = battle_line(f.a);
        const int loser = f.c, n = f.n;
        if (n == 0) break;
        if (neutral(a_, loser)) {
          l.n.text += n == 1 ? " The surviving Trog leaves"
                             : " The " + std::to_string(n) + " surviving Trogs leave";
          if (f.e == 1) {
            l.n.text += "; " + P(a_.to_move) + " chooses where their Nest goes.";
          } else {
            l.n.text += ".";
            l.trogs_left = true;
          }
        } else if (f.e == 1) {
          l.n.text += " " + who(a_, loser) + " chooses where " +
                      (n == 1 ? std::string("its surviving unit retreats.")
                              : "its " + std::to_string(n) + " surviving units retreat.");
        } else if (f.d != kNone) {
          l.n.text +=
              " " + who(a_, loser) + " retreats " + units_text(n) + " to " + rname(a_, f.d) + ".";
        } else {
          l.n.text += " " + who(a_, loser) + " has nowhere to retreat: " +
                      (n == 1 ? "its unit goes" : "its " + units_text(n) + " go") +
                      " back to the reserve.";
        }
        break;
      }
      case Fact::kScoring: {
        for (int k = 0; k < a_.players; ++k) {
          const int s = a_.initiative[k];
          scoring_[s] = open(make("scoring", {s}, "", {{"round", f.a}}));
          if (k == 0) lines_.back().changes["scorings"] += 1;
        }
        break;
      }
      case Fact::kVp: {
        const std::string key = "score/" + std::to_string(f.a);
        if (f.cause == Cause::kScoreRegions || f.cause == Cause::kScoreCrystals ||
            f.cause == Cause::kAncient) {
          Line& l = at(scoring_[f.a] >= 0 ? scoring_[f.a] : open(make("scoring", {f.a}, "")));
          l.changes[key] += f.n;
          l.scored[f.cause == Cause::kScoreRegions    ? 0
                   : f.cause == Cause::kScoreCrystals ? 1
                                                      : 2] += f.n;
          break;
        }
        if (f.cause == Cause::kPrisoners) {
          Line& l =
              at(open(make("prisoners", {f.a},
                           P(f.a) + " gains " + std::to_string(f.n) + " VP for the prisoners held.",
                           {{"vp", f.n}})));
          l.changes[key] += f.n;
          break;
        }
        Line& l = target(f.cause, f.b);
        l.changes[key] += f.n;
        if (l.n.kind == "change") {
          add_seat(l.n, f.a);
          l.n.text += " " + P(f.a) + (f.n > 0 ? " gains " : " pays ") +
                      std::to_string(std::abs(f.n)) + " VP.";
        } else if (f.cause == Cause::kAction || f.cause == Cause::kEvent) {
          l.seat_vp[f.a] += f.n;
          add_seat(l.n, f.a);
        }
        break;
      }
      case Fact::kUnits: {
        Line& l = target(f.cause, f.b);
        l.changes["units/" + faction_id(f.a)] += f.n;
        if (f.cause == Cause::kTrogToken && f.n < 0)
          l.n.text += " No Trog appears: " + who(a_, f.a) + " loses a unit there.";
        else if (l.n.kind == "change")
          l.n.text += " " + count(std::abs(f.n), "unit", "units") + " of " + who(a_, f.a) +
                      (f.n > 0 ? " come onto the map." : " leave the map.");
        break;
      }
      case Fact::kControl: {
        Line& l = target(f.cause, f.a);
        const std::string r = rid(a_, f.a);
        if (f.b != kNone) l.changes["control/" + r + "/" + faction_id(f.b)] -= 1;
        if (f.c != kNone) l.changes["control/" + r + "/" + faction_id(f.c)] += 1;
        if (f.cause == Cause::kAction && action_ >= 0) {
          if (f.c != kNone && a_.faction_seat[f.c] == l.n.seats[0])
            taken_.push_back(rname(a_, f.a));
          else
            l.extras.push_back(rname(a_, f.a) + " passes to " + who(a_, f.c));
        } else if (f.cause == Cause::kTrogToken || l.n.kind == "change") {
          l.n.text += " " + (f.c == kNone ? rname(a_, f.a) + " is nobody's now."
                                          : who(a_, f.c) + " takes " + rname(a_, f.a) + ".");
        }
        break;
      }
      case Fact::kMoveEnd:
        if (action_ >= 0 && at(action_).n.kind == "action" && !ends_move_)
          if (at(action_).n.data["label"] != "end move")
            at(action_).extras.push_back("ends the move");
        ends_move_ = true;
        break;
      case Fact::kNone:
        break;
    }
  }

  void finish() {
    if (action_ >= 0 && !taken_.empty())
      lines_[action_].extras.push_back("takes " + list_text(taken_));
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      Line& l = lines_[i];
      if (l.n.kind == "action") {
        for (int s = 0; s < kMaxSeats; ++s)
          if (l.seat_vp[s] && s == l.n.seats[0])
            l.extras.push_back((l.seat_vp[s] > 0 ? "gains " : "pays ") +
                               std::to_string(std::abs(l.seat_vp[s])) + " VP");
        if (!l.extras.empty()) {
          // "... ends the move and takes Sunscar": the last two joined by "and", others by commas.
          l.n.text += (l.extras.size() == 1 ? " and " : ", ") + list_text(l.extras);
        }
        l.n.text += ".";
      } else if (l.n.kind == "event") {
        std::vector<std::string> gains;
        for (int s = 0; s < kMaxSeats; ++s)
          if (l.seat_vp[s])
            gains.push_back(P(s) + " gains " + std::to_string(l.seat_vp[s]) + " VP");
        if (!gains.empty()) l.n.text += " " + list_text(gains) + ".";
      } else if (l.n.kind == "scoring") {
        const int s = l.n.seats[0];
        const int total = l.scored[0] + l.scored[1] + l.scored[2];
        std::string why;
        if (l.scored[0])
          why += std::to_string(l.scored[0]) + " for the regions held (they enabled scoring)";
        if (l.scored[1] || !l.scored[0])
          why += (why.empty() ? "" : ", ") + std::to_string(l.scored[1]) + " for crystals";
        if (l.scored[2]) why += ", " + std::to_string(l.scored[2]) + " for Ancient Crystals";
        l.n.text = P(s) + " scores " + std::to_string(total) + " VP: " + why + ".";
        l.n.data["vp"] = total;
        l.n.data["regions"] = l.scored[0];
        l.n.data["crystals"] = l.scored[1];
        l.n.data["ancient"] = l.scored[2];
      }
      if (!l.nests.empty() && l.n.kind != "action")
        l.n.text += l.nests.size() == 1 ? " A face-down Trog Nest goes to " + l.nests[0] + "."
                                        : " Face-down Trog Nests go to " + list_text(l.nests) + ".";
      else if (l.trogs_left)
        l.n.text += a_.nest_supply == 0 ? " No Nest: none is left."
                                        : " No Nest: no region next door is free for one.";
      if (l.n.kind == "change" && !l.n.text.empty() && l.n.text[0] == ' ') l.n.text.erase(0, 1);
      if (!l.changes.empty()) {
        nlohmann::json c = nlohmann::json::object();
        for (const auto& [k, v] : l.changes)
          if (v != 0) c[k] = v;
        if (!c.empty()) l.n.data["changes"] = std::move(c);
      }
      out_.push_back(std::move(l.n));
    }
  }

 private:
  int open(Narration n) {
    Line l;
    l.n = std::move(n);
    lines_.push_back(std::move(l));
    return static_cast<int>(lines_.size()) - 1;
  }
  Line& at(int i) { return lines_[static_cast<std::size_t>(i)]; }

  void add_seats(Narration& n, int f1, int f2) {
    for (int f : {f1, f2})
      if (f != kNone && a_.faction_seat[f] != kNone) add_seat(n, a_.faction_seat[f]);
  }

  // The line a battle fact of region r belongs to: the open one, or a new one.
  Line& battle_line(int r) {
    const int i = line_of_[static_cast<int>(Cause::kBattle)];
    if (i >= 0 && at(i).region == r) return at(i);
    const int k =
        open(make("battle", {}, "Battle at " + rname(a_, r) + ":", {{"region", rid(a_, r)}}));
    at(k).region = r;
    line_of_[static_cast<int>(Cause::kBattle)] = k;
    return at(k);
  }

  // The line a change with this cause belongs to (region: where it happened, when known).
  Line& target(Cause cause, int region) {
    if (cause == Cause::kAction && action_ >= 0) return at(action_);
    if (cause == Cause::kBattle && region != kNone) return battle_line(region);
    const int i = line_of_[static_cast<int>(cause)];
    if (i >= 0) return at(i);
    // Nothing opened for it in this step (never expected): a line of its own.
    return at(open(make("change", {}, "")));
  }

  void objective(Line& l, const FactRec& f) {
    const int o = f.b, v0 = f.c, v1 = f.d;
    std::string text =
        " " + objective_name(o) + " " + std::to_string(v0) + "-" + std::to_string(v1) + ": ";
    // The data as issue 16 shaped it: the objective's index, the values, and its outcome.
    nlohmann::json x = {{"objective", o}, {"attacker", v0}, {"defender", v1}};
    const std::array<int, 2> side = sides(l);
    add_seats(l.n, side[0], side[1]);
    if (o == kControl) {
      const int w = side[f.e];
      text += who(a_, w) + verb(a_, w, " wins", " win");
      if (v0 == v1) text += " the tie as the defender";
      text += neutral(a_, w)
                  ? " but hold no region"
                  : " (+" + std::to_string(kRegionControlVp) + " VP) and takes the region";
      x["winner_faction"] = faction_id(w);
    } else if (o == kPrisoners) {
      x["captured"] = {0, 0};
      if (f.e == kNone) {
        text += v0 == v1 ? "a tie, nobody is captured" : "nobody is left to capture";
      } else {
        const int c = side[f.e];
        text += who(a_, c) + verb(a_, c, " takes", " take") + " a prisoner";
        x["captured"] = {f.e == 0 ? 1 : 0, f.e == 1 ? 1 : 0};
      }
    } else {
      std::string k;
      for (int s = 0; s < 2; ++s) {
        const int kills = s == 0 ? f.e : f.n;
        if (!kills) continue;
        k += (k.empty() ? "" : ", ") + who(a_, side[s]) + verb(a_, side[s], " kills ", " kill ") +
             units_text(kills);
        if (!neutral(a_, side[s])) k += " (+" + std::to_string(kills * kKillVp) + " VP)";
      }
      text += k.empty() ? "no unit dies" : k;
      x["killed"] = {f.e, f.n};
    }
    l.n.text += text + ".";
    if (!l.n.data.contains("objectives")) l.n.data["objectives"] = nlohmann::json::array();
    l.n.data["objectives"].push_back(std::move(x));
  }

  // The attacker and defender of the battle a line tells.
  std::array<int, 2> sides(const Line& l) const {
    // The battle still in progress in the view after the step, or the sides the line recorded.
    if (a_.battle.region == static_cast<std::uint8_t>(l.region))
      return {a_.battle.side[0], a_.battle.side[1]};
    return {sides_of_.count(l.region) ? sides_of_.at(l.region)[0] : kNone,
            sides_of_.count(l.region) ? sides_of_.at(l.region)[1] : kNone};
  }

 public:
  // The sides of battles that ended within the step (the view after no longer holds them).
  std::map<int, std::array<int, 2>> sides_of_;

 private:
  const Public& a_;
  std::vector<Narration>& out_;
  std::vector<Line> lines_;
  int action_ = -1;
  std::array<int, 16> line_of_ = [] {
    std::array<int, 16> x{};
    x.fill(-1);
    return x;
  }();
  std::array<int, kMaxSeats> scoring_{-1, -1, -1, -1};
  std::vector<std::string> taken_;
  bool ends_move_ = false;
};

}  // namespace

std::map<std::string, int> tally(const State& state) {
  const Position& p = dynamic_cast<const CryHavocState&>(state).position();
  const Public& pub = p.pub;
  const MapDef& m = content_of(pub).maps[pub.map];
  std::map<std::string, int> t;
  for (int f = 0; f < kFactions; ++f) {
    if (pub.faction_seat[f] == kNone && !(f == kTrogs && pub.trogs_neutral)) continue;
    int n = 0;
    for (int r = 0; r < m.num_regions; ++r) n += pub.regions[r].units[f];
    for (int side = 0; side < 2; ++side)
      if (pub.battle.region != kNone && pub.battle.side[side] == f)
        for (int o = 0; o < kObjectives; ++o) n += pub.battle.board[side][o];
    t["units/" + faction_id(f)] = n;
  }
  for (int r = 0; r < m.num_regions; ++r)
    if (pub.regions[r].control != kNone)
      t["control/" + m.regions[r].id + "/" + faction_id(pub.regions[r].control)] = 1;
  t["battles"] = pub.battles;
  t["explorations"] = pub.num_revealed_explores;
  t["trog_tokens"] = pub.num_revealed_war_parties + pub.num_revealed_nests;
  t["events"] = pub.num_revealed_events;
  t["nests_placed"] =
      pub.trogs_neutral ? static_cast<int>(content_of(pub).nest_pool.size()) - pub.nest_supply : 0;
  t["scorings"] = pub.scorings;
  return t;
}

void narrate(const View& before, const NarratedAction& act, const View& after,
             std::vector<Narration>& out) {
  const auto& vb = before.as<CryHavocView>();
  const auto& va = after.as<CryHavocView>();
  const Public& b = vb.pub;
  const Public& a = va.pub;

  Story story(a, out);
  if (act.mover >= 0) story.action(act.mover, action_sentence(b, act.label), act.label);
  // The sides of every battle told in this step: the one in progress before it, and those the
  // step began (kBattle facts).
  if (b.battle.region != kNone)
    story.sides_of_[b.battle.region] = {b.battle.side[0], b.battle.side[1]};
  for (int i = 0; i < a.num_facts; ++i)
    if (a.facts[i].kind == Fact::kBattle)
      story.sides_of_[a.facts[i].a] = {a.facts[i].b, a.facts[i].c};
  for (int i = 0; i < a.num_facts; ++i) story.tell(a.facts[i]);
  story.finish();

  // The end (C10.5, C10.6).
  if (a.over && !b.over) {
    const Standing st = standing(a);
    const auto ranked = st.order();
    const std::vector<Seat> order(ranked.begin(), ranked.begin() + a.players);
    std::string text = "Game over after round " + std::to_string(a.round) + ": " +
                       winner_sentence(a, [](int s) { return P(s); }) + ".";
    for (std::size_t k = 0; k < order.size(); ++k) {
      const int s = order[k];
      text += " " + std::to_string(k + 1) + ". " + P(s) + " (" + faction_name(a.seats[s].faction) +
              ") " + std::to_string(a.seats[s].vp) + " VP";
      if (st.held[s]) text += ", " + count(st.held[s], "prisoner", "prisoners");
      // A tie-break is named only between seats it separated.
      if (k + 1 < order.size() && st.vp[s] == st.vp[order[k + 1]])
        text += ", ahead of " + P(order[k + 1]) +
                " on the tie-break: " + tie_break_words(st, s, order[k + 1]);
      text += k + 1 < order.size() ? ";" : ".";
    }
    out.push_back(make("game_over", order, text, {{"ranking", order}}));
  }
}

std::string tie_break_words(const Standing& st, int a, int b) {
  if (st.vp[a] != st.vp[b]) return "";
  if (st.held[a] != st.held[b])
    return "more prisoners (" + std::to_string(st.held[a]) + " to " + std::to_string(st.held[b]) +
           ")";
  return "later on the initiative track";
}

std::string winner_sentence(const Public& pub, const std::function<std::string(int seat)>& name) {
  const Standing st = standing(pub);
  const auto order = st.order();
  const int w = order[0];
  std::string text = name(w) + " wins with " + std::to_string(st.vp[w]) + " VP";
  if (pub.players > 1 && st.vp[order[1]] == st.vp[w])
    text += ", level with " + name(order[1]) +
            " but ahead on the tie-break: " + tie_break_words(st, w, order[1]);
  return text;
}

}  // namespace turf::cryhavoc
