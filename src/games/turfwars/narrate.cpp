// Turf Wars narration (issue 16): what a step did, told to one viewer from its views before and
// after the step and the action as that viewer knows it. Wars come from the public war record
// (Position::last_war), round scoring from Position::last_score; everything else from what
// changed between the two views. A view holds only what its viewer may know, so the narration
// cannot tell more: another seat's face-down card or secret win card stays "a card".
#include <cctype>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/narration.h"
#include "core/view.h"
#include "games/turfwars/game.h"

namespace turf::turfwars {

namespace {

std::string P(int seat) {
  return "{P" + std::to_string(seat + 1) + "}";
}

std::string turf_name(const Position& p, int cell) {
  return cell_name(p, cell) + " (" + content().type_names[board_of(p).type[cell]] + ")";
}

std::string troops_text(int n) {
  return std::to_string(n) + (n == 1 ? " troop" : " troops");
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

std::string rest(const std::string& s, const std::string& prefix) {
  return s.substr(prefix.size());
}

// The action as a sentence, "{P1} ..." (label: the full label for its mover, else the public one).
std::string action_sentence(const Position& p, const std::string& label) {
  if (label == "pass") return "passes";
  switch (p.step) {
    case Step::kChooseFaction:
      return starts_with(label, "chooses") ? label : "chooses the " + label;
    case Step::kChooseStart:
      return starts_with(label, "start at ") ? "starts at " + rest(label, "start at ") : label;
    case Step::kClone:
      return starts_with(label, "clone ") ? "copies the " + rest(label, "clone ") + " this round"
                                          : label;
    case Step::kDeclareHome:
      return starts_with(label, "home ") ? "declares " + rest(label, "home ") + " home" : label;
    case Step::kManeuverFrom:
      return label == "done"                    ? "moves no more troops"
             : starts_with(label, "move from ") ? "moves troops from " + rest(label, "move from ")
                                                : label;
    case Step::kManeuverTo:
      return starts_with(label, "move to ") ? "moves them to " + rest(label, "move to ") : label;
    case Step::kManeuverCount:
      return starts_with(label, "move ") ? "moves " + rest(label, "move ") + " troops" : label;
    case Step::kPlace:
      return starts_with(label, "place at ") ? "places a troop at " + rest(label, "place at ")
                                             : label;
    case Step::kOptOut:
      return label == "take part" ? "takes part in the event" : "stays out of the event";
    case Step::kDirection:
      return "calls " + label + " for the Maelstrom";
    case Step::kDraftPick:
      return starts_with(label, "picks") ? label : "picks " + label + " in the draft";
    case Step::kSource:
      return starts_with(label, "from ") ? "acts from " + rest(label, "from ") : label;
    case Step::kTarget:
      return starts_with(label, "to ") ? "targets " + rest(label, "to ") : label;
    case Step::kCommit:
      return starts_with(label, "commit ")
                 ? "commits " + troops_text(std::stoi(rest(label, "commit "))) + " to the attack"
                 : label;
    case Step::kDefendCommit:
      return starts_with(label, "commit ")
                 ? "commits " + troops_text(std::stoi(rest(label, "commit "))) + " to the defence"
                 : label;
    case Step::kJoin:
      return label == "stay out" ? "stays out of the war" : "joins the war: " + label;
    case Step::kPull:
      return "pulls troops " + rest(label, "pull ");
    case Step::kPullCount:
      return starts_with(label, "move ") ? "pulls " + rest(label, "move ") + " troops" : label;
    case Step::kLure:
      return "lures troops " + rest(label, "lure ");
    case Step::kSupportTurf:
      return "sends support " + rest(label, "support ");
    case Step::kCombatCard:
      return starts_with(label, "play ") ? "plays " + rest(label, "play ") + " face down" : label;
    case Step::kCallHelp:
      return starts_with(label, "call ") ? "cries for help to " + rest(label, "call ") : label;
    case Step::kRetreat:
      return starts_with(label, "retreat to ") ? "retreats to " + rest(label, "retreat to ")
                                               : "retreats";
    case Step::kFury:
      return starts_with(label, "retaliate with ")
                 ? "retaliates with " + rest(label, "retaliate with ")
                 : "does not retaliate";
    case Step::kRampage:
      return label == "stop" ? "stops the rampage"
                             : "rampages into " + rest(label, "rampage into ");
    case Step::kBuy:
      if (label == "done") return "buys nothing more this round";
      if (starts_with(label, "buy ")) return "buys " + rest(label, "buy ");
      if (starts_with(label, "exchange")) return "exchanges two combat cards";
      return label;
    case Step::kKeepCombat:
      return starts_with(label, "keep ") ? "keeps the " + rest(label, "keep ") : label;
    case Step::kExchange:
      if (!starts_with(label, "give ")) return label;
      return std::string(rest(label, "give ") == "8" ? "returns an " : "returns a ") +
             rest(label, "give ") + " in the exchange";
    case Step::kTieSupport:
      return starts_with(label, "pledge to ") ? "pledges troops to " + rest(label, "pledge to ")
                                              : label;
    case Step::kOver:
      break;
  }
  return label == "pass" ? "passes" : label;
}

// Rewrites "player N (Faction)" in labels to "{PN}".
std::string seat_refs(std::string s) {
  const std::string key = "player ";
  for (std::size_t i = s.find(key); i != std::string::npos; i = s.find(key, i + 1)) {
    std::size_t j = i + key.size();
    if (j >= s.size() || s[j] < '1' || s[j] > '9') continue;
    int n = 0;
    while (j < s.size() && s[j] >= '0' && s[j] <= '9') n = n * 10 + (s[j++] - '0');
    if (j < s.size() && s[j] == ' ' && j + 1 < s.size() && s[j + 1] == '(') {
      const std::size_t k = s.find(')', j);
      if (k != std::string::npos) j = k + 1;
    }
    s.replace(i, j - i, P(n - 1));
  }
  return s;
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

std::string card_name(int t) {
  return t == kNone ? std::string("no card") : combat_label(t);
}

void narrate_war(const Position& a, std::vector<Narration>& out) {
  const WarReport& r = a.last_war;
  const Content& c = content();
  nlohmann::json data = {{"target", cell_name(a, r.target)},
                         {"winner_seat", r.winner >= 0 ? r.leader[r.winner] : -1},
                         {"cancelled", r.cancelled}};
  std::vector<Seat> seats;
  std::string text = "Turf War at " + turf_name(a, r.target) + ":";
  auto& sides = data["sides"] = nlohmann::json::array();
  for (int s = 0; s < r.n_sides; ++s) {
    const int leader = r.leader[s];
    seats.push_back(leader);
    const bool attacker = s < r.n_attackers;
    text += (s ? "; " : " ") + P(leader) + (attacker ? " attacks with " : " defends with ") +
            troops_text(r.committed[s]) + " and " + card_name(r.card[s]);
    if (!r.cancelled) text += " (strength " + std::to_string(r.value[s]) + ")";
    nlohmann::json x = {{"seat", leader},
                        {"role", attacker ? "attacker" : "defender"},
                        {"committed", r.committed[s]},
                        {"strength", r.value[s]},
                        {"lost", r.lost[s]}};
    if (r.card[s] != kNone) x["card"] = c.combat[r.card[s]].id;
    sides.push_back(std::move(x));
  }
  for (int i = 0; i < r.n_sups; ++i) {
    text += "; " + P(r.sup_seat[i]) + " supports " + P(r.leader[r.sup_side[i]]) + " with " +
            troops_text(r.sup_given[i]);
    if (r.sup_card[i] != kNone) text += " and " + card_name(r.sup_card[i]);
  }
  text += ".";
  if (r.cancelled) {
    text += " Negate Attack calls the war off: the attackers go home.";
  } else if (r.winner < 0) {
    text += " The attackers tie: nobody takes the turf and the tied attackers go home.";
  } else {
    const int w = r.leader[r.winner];
    text += " " + P(w) + " wins";
    if (r.lost[r.winner]) text += ", losing " + troops_text(r.lost[r.winner]);
    text += ".";
    for (int s = 0; s < r.n_sides; ++s)
      if (s != r.winner && r.lost[s])
        text += " " + P(r.leader[s]) + " loses " + troops_text(r.lost[s]) + ".";
    if (r.retreat_moved + r.retreat_lost > 0 && r.has_defender) {
      const int d = r.leader[r.n_sides - 1];
      if (r.retreat_to != kNone)
        text += " " + P(d) + " retreats " + troops_text(r.retreat_moved) + " to " +
                turf_name(a, r.retreat_to) + ", losing " + troops_text(r.retreat_lost) + ".";
      else
        text += " " + P(d) + " has nowhere to retreat and loses the " +
                troops_text(r.retreat_lost) + " left in the turf.";
      data["retreat"] = {{"to", r.retreat_to != kNone ? cell_name(a, r.retreat_to) : ""},
                         {"moved", r.retreat_moved},
                         {"lost", r.retreat_lost}};
    }
  }
  out.push_back(make("war", seats, text, std::move(data)));
}

void narrate_score(const Position& a, std::vector<Narration>& out) {
  const ScoreReport& r = a.last_score;
  const Content& c = content();
  for (int s = 0; s < a.num_seats; ++s) {
    if (a.seats[s].eliminated && r.gain[s] == 0 && r.support[s] == 0) continue;
    std::string text = P(s) + " scores " + std::to_string(r.gain[s]) + " DP for round " +
                       std::to_string(r.round) + ": " + std::to_string(r.turfs[s] / 2) + " for " +
                       std::to_string(r.turfs[s]) + (r.turfs[s] == 1 ? " turf" : " turfs") + ", " +
                       std::to_string(r.home[s]) + " for home turfs";
    if (r.rainbow[s])
      text += ", " + std::to_string(c.rainbow_bonus) + " for holding every turf type";
    if (r.support[s] > 0) text += "; receives " + std::to_string(r.support[s]) + " DP for support";
    if (r.support[s] < 0) text += "; pays " + std::to_string(-r.support[s]) + " DP for support";
    text += ".";
    out.push_back(make("scoring", {s}, text,
                       {{"round", r.round},
                        {"dp", r.gain[s]},
                        {"turfs", r.turfs[s]},
                        {"home_turfs", r.home[s]},
                        {"rainbow", r.rainbow[s]},
                        {"support", r.support[s]},
                        // the round's DP by source (T11.2-T11.4), as the sentence gives them
                        {"turf_dp", r.turfs[s] / 2},
                        {"rainbow_dp", r.rainbow[s] ? c.rainbow_bonus : 0}}));
  }
}

void narrate_end(const Position& a, std::vector<Narration>& out) {
  const Content& c = content();
  std::string who;
  std::vector<Seat> seats;
  for (int s = 0; s < a.num_seats; ++s)
    if (a.winners >> s & 1) {
      who += (who.empty() ? "" : " and ") + P(s);
      seats.push_back(s);
    }
  const char* how = a.win_type == WinType::kDomination ? "home turf domination"
                    : a.win_type == WinType::kNemesis  ? "the killing blow on the nemesis"
                    : a.win_type == WinType::kSecret   ? "a secret win card"
                                                       : "Dominance Points";
  std::string text =
      "Game over: " + who + (seats.size() > 1 ? " win" : " wins") + " by " + how + ".";
  nlohmann::json secrets = nlohmann::json::object();
  for (int s = 0; s < a.num_seats; ++s) {
    text += " " + P(s) + " " + std::to_string(a.seats[s].dp) + " DP";
    std::string sec;
    for (int i = 0; i < a.seats[s].num_secrets; ++i) {
      sec += (sec.empty() ? "" : ", ") + c.secrets[a.seats[s].secrets[i]].name;
      secrets[std::to_string(s)].push_back(c.secrets[a.seats[s].secrets[i]].id);
    }
    if (!sec.empty()) text += " (secret win cards: " + sec + ")";
    text += s + 1 < a.num_seats ? ";" : ".";
  }
  out.push_back(make("game_over", seats, text,
                     {{"win", a.win_type == WinType::kDomination ? "domination"
                              : a.win_type == WinType::kNemesis  ? "nemesis"
                              : a.win_type == WinType::kSecret   ? "secret"
                                                                 : "points"},
                      {"winners", seats},
                      {"secrets", secrets}}));
}

}  // namespace

std::string result_words(const View& final_view, Seat seat) {
  const Position& p = final_view.as<TurfWarsView>().pos;
  const std::string dp = std::to_string(p.seats[seat].dp) + " DP";
  if (p.seats[seat].eliminated) return "eliminated, " + dp;
  if (p.over() && (p.winners >> seat & 1) && p.win_type != WinType::kPoints) {
    const char* how = p.win_type == WinType::kDomination ? "home turf domination"
                      : p.win_type == WinType::kNemesis  ? "the killing blow on the nemesis"
                                                         : "a secret win card";
    return std::string("won by ") + how + " (" + dp + ")";
  }
  return dp;
}

void narrate(const View& before, const NarratedAction& act, const View& after,
             std::vector<Narration>& out) {
  const auto& vb = before.as<TurfWarsView>();
  const auto& va = after.as<TurfWarsView>();
  const Position& b = vb.pos;
  const Position& a = va.pos;
  const Content& c = content();
  const Seat viewer = vb.viewer;

  // The action itself.
  if (act.mover >= 0) {
    const std::string s = seat_refs(action_sentence(b, act.label));
    out.push_back(make("action", {act.mover}, P(act.mover) + " " + s + ".",
                       {{"label", act.label}, {"step", static_cast<int>(b.step)}}));
  }
  // Factions revealed (T2.2).
  for (int s = 0; s < a.num_seats; ++s)
    if (b.seats[s].faction == kNone && a.seats[s].faction != kNone) {
      const Faction& f = c.factions[a.seats[s].faction];
      out.push_back(make("faction", {s},
                         P(s) + " plays the " + f.name + " (home " + c.type_names[f.home] + ").",
                         {{"faction", f.id}}));
    }
  // A new round.
  if (a.round != b.round && a.round > 0)
    out.push_back(
        make("round", {}, "Round " + std::to_string(a.round) + " begins.", {{"round", a.round}}));
  // Events revealed (T6.1).
  for (int i = b.num_events_seen; i < a.num_events_seen; ++i) {
    const EventDef& e = c.events[a.events_seen[i]];
    out.push_back(make("event", {}, "Event: " + e.name + ". " + e.text, {{"event", e.id}}));
  }
  // What the event did, once its phase is over (T6.3-T6.5).
  if (a.last_event.done && a.last_event.number > 0 &&
      (b.last_event.number != a.last_event.number || !b.last_event.done)) {
    const EventDef& e = c.events[a.events_seen[a.last_event.number - 1]];
    std::string text;
    nlohmann::json changes = nlohmann::json::array();
    for (int s = 0; s < a.num_seats; ++s) {
      const int dp = a.last_event.dp[s], tr = a.last_event.troops[s];
      changes.push_back({{"seat", s}, {"dp", dp}, {"troops", tr}});
      if (!dp && !tr) continue;
      std::string x;
      if (tr)
        x +=
            (tr > 0 ? "+" : "") + std::to_string(tr) + (tr == 1 || tr == -1 ? " troop" : " troops");
      if (dp)
        x += (x.empty() ? "" : ", ") + std::string(dp > 0 ? "+" : "") + std::to_string(dp) + " DP";
      text += (text.empty() ? "" : "; ") + P(s) + " " + x;
    }
    out.push_back(make("event_result", {},
                       e.name + (text.empty() ? ": no troops or DP changed." : ": " + text + "."),
                       {{"event", e.id}, {"changes", std::move(changes)}}));
  }
  // Homes declared or changed (Geomancer, Exile).
  for (int s = 0; s < a.num_seats; ++s)
    if (a.seats[s].faction != kNone && b.seats[s].faction != kNone &&
        a.seats[s].home != b.seats[s].home)
      out.push_back(make("home", {s},
                         P(s) + " now calls " + c.type_names[a.seats[s].home] + " home.",
                         {{"home", c.type_ids[a.seats[s].home]}}));
  // Action cards revealed in priority order (T8).
  for (int s = 0; s < a.num_seats; ++s)
    if (a.seats[s].revealed && a.seats[s].pick != kNone &&
        !(b.seats[s].revealed && b.seats[s].pick == a.seats[s].pick)) {
      const ActionTemplate& t = c.templates[a.seats[s].pick];
      std::string text = t.text;
      if (starts_with(text, "[Turf] ") && text.find(": ") != std::string::npos) {
        text = text.substr(text.find(": ") + 2);
        const auto k = text.find("turf of that type");
        if (k != std::string::npos) text.replace(k, 17, c.type_names[t.turf] + " turf");
      }
      text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
      out.push_back(make("action_card", {s},
                         P(s) + " reveals " + template_label(a.seats[s].pick) + ": " + text,
                         {{"card", t.name}, {"priority", t.priority}}));
    }
  // Secret win cards drawn: by name to their holder only.
  for (int s = 0; s < a.num_seats; ++s)
    if (a.seats[s].num_secrets > b.seats[s].num_secrets && b.phase != Phase::kFactions &&
        a.phase != Phase::kFactions) {
      if (s == viewer || viewer == kOmniscient) {
        const SecretDef& d = c.secrets[a.seats[s].secrets[a.seats[s].num_secrets - 1]];
        out.push_back(make("secret", {s},
                           P(s) + " draws the secret win card " + d.name + ": " + d.text,
                           {{"card", d.id}}));
      } else {
        out.push_back(make("secret", {s}, P(s) + " draws a secret win card and keeps it hidden."));
      }
    }
  // A war resolved.
  if (a.last_war.number != b.last_war.number && a.last_war.number > 0) narrate_war(a, out);
  // The First Turn Token changes hands.
  if (a.ftt != b.ftt && b.phase != Phase::kFactions)
    out.push_back(make("ftt", {a.ftt}, P(a.ftt) + " takes the First Turn Token."));
  // Round scoring (T11).
  if (a.last_score.round != b.last_score.round && a.last_score.round > 0) narrate_score(a, out);
  // Eliminations (T9.11).
  for (int s = 0; s < a.num_seats; ++s)
    if (a.seats[s].eliminated && !b.seats[s].eliminated) {
      std::string text = P(s) + " has no troops left and is eliminated";
      std::vector<Seat> seats{s};
      for (int k = 0; k < a.num_seats; ++k)
        if ((a.seats[k].killed_mask >> s & 1) && !(b.seats[k].killed_mask >> s & 1)) {
          text += " by " + P(k);
          seats.push_back(k);
        }
      out.push_back(make("elimination", seats, text + "."));
    }
  // The tie-break (T13.5).
  if (a.phase == Phase::kTieBreak && b.phase != Phase::kTieBreak)
    out.push_back(make("tie_break", {}, "The game ends tied on points: the tie-break begins."));
  if (a.over() && !b.over()) narrate_end(a, out);
}

}  // namespace turf::turfwars
