// Turf Wars narration (issue 16): what a step did, told to one viewer from its views before and
// after the step and the action as that viewer knows it. Wars come from the public war record
// (Position::last_war), round scoring from Position::last_score; everything else from what
// changed between the two views. A view holds only what its viewer may know, so the narration
// cannot tell more: another seat's face-down card or secret win card stays "a card".
#include <algorithm>
#include <array>
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
  return cell_name(p, cell) + " (" + content_of(p).type_names[board_of(p).type[cell]] + ")";
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
      return starts_with(label, "start at ") ? "starts at " + rest(label, "start at ") + " with " +
                                                   troops_text(content_of(p).start_troops)
                                             : label;
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

// The seats a sentence names ("{P2}"), after `first`.
std::vector<Seat> named(Seat first, const std::string& text) {
  std::vector<Seat> out{first};
  for (std::size_t i = text.find("{P"); i != std::string::npos; i = text.find("{P", i + 2)) {
    const int s = text[i + 2] - '1';
    if (s >= 0 && s < kMaxSeats && std::find(out.begin(), out.end(), s) == out.end())
      out.push_back(s);
  }
  return out;
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

std::string card_name(const Position& p, int t) {
  return t == kNone ? std::string("no card") : combat_label(p, t);
}

// The war as resolved (T9.9, T9.10): sides, supporters, cards, strengths, who won and the losses.
// Told when it is resolved (the retreat, a retaliation and the after-win abilities follow as
// their own lines, narrate_war_after), so that a seat asked to retreat or retaliate has read it.
void narrate_war(const Position& a, std::vector<Narration>& out) {
  const WarReport& r = a.last_war;
  const Content& c = content_of(a);
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
            troops_text(r.committed[s]) + " and " + card_name(a, r.card[s]);
    if (!r.cancelled) text += " (strength " + std::to_string(r.value[s]) + ")";
    nlohmann::json x = {{"seat", leader},
                        {"role", attacker ? "attacker" : "defender"},
                        {"committed", r.committed[s]},
                        {"strength", r.value[s]},
                        {"lost", r.lost[s]}};
    if (r.card[s] != kNone) x["card"] = c.combat[r.card[s]].id;
    sides.push_back(std::move(x));
  }
  auto& sups = data["supporters"] = nlohmann::json::array();
  for (int i = 0; i < r.n_sups; ++i) {
    text += "; " + P(r.sup_seat[i]) + (r.sup_forced[i] ? " (called for help)" : "") + " supports " +
            P(r.leader[r.sup_side[i]]) + " with " + troops_text(r.sup_given[i]);
    if (r.sup_card[i] != kNone) text += " and " + card_name(a, r.sup_card[i]);
    seats.push_back(r.sup_seat[i]);
    sups.push_back({{"seat", r.sup_seat[i]},
                    {"side_seat", r.leader[r.sup_side[i]]},
                    {"troops", r.sup_given[i]},
                    {"forced", r.sup_forced[i]}});
  }
  text += ".";
  if (r.cancelled) {
    text += " Negate Attack calls the war off: the attackers go home.";
  } else if (r.winner < 0) {
    text += r.has_defender
                ? " The attackers tie above the defender: nobody wins, nobody takes the turf, "
                  "and the tied attackers go home."
                : " The attackers tie: nobody takes the turf and the tied attackers go home.";
    for (int s = 0; s < r.n_sides; ++s)
      if (r.lost[s]) text += " " + P(r.leader[s]) + " loses " + troops_text(r.lost[s]) + ".";
  } else {
    const int w = r.leader[r.winner];
    text += " " + P(w) + " wins";
    if (r.lost[r.winner]) text += ", losing " + troops_text(r.lost[r.winner]);
    text += ".";
    for (int s = 0; s < r.n_sides; ++s)
      if (s != r.winner && r.lost[s])
        text += " " + P(r.leader[s]) + " loses " + troops_text(r.lost[s]) + ".";
  }
  out.push_back(make("war", seats, text, std::move(data)));
}

// What follows a war's resolution (T9.10, T9.12, T10.4), each told once, when it happens.
void narrate_war_after(const Position& b, const Position& a, Seat viewer,
                       std::vector<Narration>& out) {
  const WarReport& r = a.last_war;
  if (r.number == 0 || r.cancelled) return;
  const bool fresh = b.last_war.number != r.number;
  const WarReport none{};
  const WarReport& o = fresh ? none : b.last_war;
  const int d = r.has_defender ? r.leader[r.n_sides - 1] : -1;
  if (r.retreat_moved + r.retreat_lost > 0 && o.retreat_moved + o.retreat_lost == 0 && d >= 0) {
    nlohmann::json data = {{"to", r.retreat_to != kNone ? cell_name(a, r.retreat_to) : ""},
                           {"moved", r.retreat_moved},
                           {"lost", r.retreat_lost}};
    if (r.retreat_to != kNone)
      out.push_back(make("retreat", {d},
                         P(d) + " retreats " + troops_text(r.retreat_moved) + " to " +
                             turf_name(a, r.retreat_to) + ", losing " +
                             troops_text(r.retreat_lost) + " on the way.",
                         std::move(data)));
    else
      out.push_back(make("retreat", {d},
                         P(d) + " has nowhere to retreat and loses the " +
                             troops_text(r.retreat_lost) + " left in " + turf_name(a, r.target) +
                             ".",
                         std::move(data)));
  }
  const int w = r.winner >= 0 ? r.leader[r.winner] : -1;
  if (r.done && !o.done && !fresh) {  // the war ends in a later step than it was told
    std::vector<Seat> seats;
    bool zero = false;
    for (int s = 0; s < r.n_sides; ++s) {
      seats.push_back(r.leader[s]);
      zero |= r.card[s] == kZero;
    }
    for (int i = 0; i < r.n_sups; ++i) {
      seats.push_back(r.sup_seat[i]);
      zero |= r.sup_card[i] == kZero;
    }
    out.push_back(make("war_over", seats,
                       "The Turf War at " + turf_name(a, r.target) + " is over" +
                           (r.n_sups ? ": supporters' troops go home" : "") +
                           (zero ? std::string(r.n_sups ? "," : ":") +
                                       " every Zero played goes back to its owner's hand."
                                 : ".")));
  }
  if (w < 0) return;
  if (r.fury_lost > o.fury_lost)
    out.push_back(make(
        "retaliation", {w},
        P(w) + " loses " + troops_text(r.fury_lost - o.fury_lost) + " more to the retaliation.",
        {{"lost", r.fury_lost - o.fury_lost}}));
  if (r.done && !o.done && r.winner < r.n_attackers && a.owner[r.target] == w)
    out.push_back(
        make("take", {w},
             P(w) + " takes " + turf_name(a, r.target) + " and holds it with " +
                 troops_text(a.troops[r.target] - r.raised) + ".",
             {{"cell", cell_name(a, r.target)}, {"troops", a.troops[r.target] - r.raised}}));
  int loser = -1;  // the losing leader the after-win abilities take from (the defender first)
  for (int s = 0; s < r.n_sides; ++s)
    if (s != r.winner && (loser < 0 || (r.has_defender && s == r.n_sides - 1))) loser = r.leader[s];
  if (r.stolen && !o.stolen && loser >= 0) {
    std::string what = "a combat card";
    // The thief sees the card arrive; the victim knows what was taken (R11).
    if (viewer == w || viewer == kOmniscient) {
      for (int t = 1; t < kCombatTypes; ++t)
        if (a.seats[w].hand[t] > b.seats[w].hand[t]) what = "the " + combat_label(a, t);
    } else if (viewer == loser) {
      for (int t = 1; t < kCombatTypes; ++t)
        if (a.seats[loser].known[w][t] > b.seats[loser].known[w][t])
          what = "the " + combat_label(a, t);
    }
    out.push_back(
        make("steal", {w, loser}, P(w) + " takes " + what + " from " + P(loser) + "'s hand."));
  }
  if (r.plunder > o.plunder && loser >= 0)
    out.push_back(
        make("plunder", {w, loser},
             P(w) + " plunders " + std::to_string(r.plunder) + " DP from " + P(loser) + ".",
             {{"dp", r.plunder}}));
  if (r.raised > o.raised)
    out.push_back(make("raise_dead", {w},
                       P(w) + " raises " + troops_text(r.raised) + " from the fallen in " +
                           turf_name(a, r.target) + ".",
                       {{"troops", r.raised}}));
}

// Supporters as a war shows them at one moment: from the war in progress or, once resolved, its
// report.
struct SupSnap {
  int n = 0, target = kNone;
  std::array<int, kMaxSeats> seat{}, side_seat{}, given{}, card{};
  std::array<bool, kMaxSeats> forced{};
};

SupSnap snap_war(const War& w) {
  SupSnap x;
  x.n = w.n_sups;
  x.target = w.target;
  for (int i = 0; i < w.n_sups; ++i) {
    x.seat[i] = w.sups[i].seat;
    x.side_seat[i] = w.sides[w.sups[i].side].leader;
    x.given[i] = w.sups[i].given;
    x.card[i] = w.sups[i].card;
    x.forced[i] = w.sups[i].forced;
  }
  return x;
}

SupSnap snap_report(const WarReport& r) {
  SupSnap x;
  x.n = r.n_sups;
  x.target = r.target;
  for (int i = 0; i < r.n_sups; ++i) {
    x.seat[i] = r.sup_seat[i];
    x.side_seat[i] = r.leader[r.sup_side[i]];
    x.given[i] = r.sup_given[i];
    x.card[i] = r.sup_card[i];
    x.forced[i] = r.sup_forced[i];
  }
  return x;
}

// Supporters called by Cry for Help, the troops they send and the random cards drawn from their
// hands (T9.7): each told when it happens, to everyone (issue 23: a forced step never happens
// without a word).
void narrate_support(const Position& p, const SupSnap& before, const SupSnap& after, Seat mover,
                     std::vector<Narration>& out) {
  for (int i = 0; i < after.n; ++i) {
    const bool is_new = i >= before.n;
    const int s = after.seat[i], leader = after.side_seat[i];
    if (is_new && after.forced[i])
      out.push_back(make("called", {s, leader},
                         P(leader) + "'s Cry for Help calls " + P(s) +
                             " into the war: it must send troops to defend beside " + P(leader) +
                             " and lend a random card from its hand.",
                         {{"seat", s}, {"side_seat", leader}}));
    const int sent = after.given[i] - (is_new ? 0 : before.given[i]);
    if (sent > 0 && s != mover)
      out.push_back(make("support_sent", {s, leader},
                         P(s) + " sends " + troops_text(sent) + " to " + P(leader) + "'s side.",
                         {{"seat", s}, {"troops", sent}}));
    if (after.card[i] != kNone && (is_new || before.card[i] == kNone))
      out.push_back(make("support_card", {s, leader},
                         P(leader) + " draws a random card from " + P(s) +
                             "'s hand and plays it: " + card_name(p, after.card[i]) + ".",
                         {{"seat", s}, {"card", content_of(p).combat[after.card[i]].id}}));
  }
}

void narrate_score(const Position& a, std::vector<Narration>& out) {
  const ScoreReport& r = a.last_score;
  const Content& c = content_of(a);
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

// Decisions the rules took alone (E1), told like decisions (issue 23), from the phases in
// [lo, hi]. Consecutive placements of one seat in one turf are told as one. A troop sent in
// support is told by narrate_support with its count.
template <class OnWar>
void narrate_log(const Position& b, const Position& a, Phase lo, Phase hi, OnWar&& on_war,
                 std::vector<Narration>& out) {
  const int first = std::max<int>(b.auto_seq, a.auto_seq - kAutoLog);
  int placed = 0;
  for (int k = first; k < a.auto_seq; ++k) {
    const AutoStep& e = a.auto_log[k % kAutoLog];
    const auto phase = static_cast<Phase>(e.phase);
    if (phase < lo || phase > hi || e.step == static_cast<int>(Step::kSupportTurf)) continue;
    if (e.step == kStepWar) {
      on_war();
      continue;
    }
    if (e.step == kStepReveal) {  // T8.1
      const ActionTemplate& t = content_of(a).templates[e.action];
      std::string text = t.text;
      if (starts_with(text, "[Turf] ") && text.find(": ") != std::string::npos) {
        text = text.substr(text.find(": ") + 2);
        const auto at = text.find("turf of that type");
        if (at != std::string::npos)
          text.replace(at, 17, content_of(a).type_names[t.turf] + " turf");
      }
      text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
      out.push_back(make("action_card", {e.seat},
                         P(e.seat) + " reveals " + template_label(a, e.action) + ": " + text,
                         {{"card", t.name}, {"priority", t.priority}}));
      continue;
    }
    if (e.step == kStepEnter) {
      out.push_back(make("enter", {e.seat},
                         P(e.seat) + " moves " + troops_text(e.n) + " into " +
                             turf_name(a, e.action) + ", which was empty.",
                         {{"cell", cell_name(a, e.action)}, {"troops", e.n}}));
      continue;
    }
    if (e.step == kStepUnused) {
      out.push_back(make("action_card", {e.seat},
                         P(e.seat) + "'s " + template_label(a, e.action) +
                             " has no legal use now: it is discarded without effect.",
                         {{"card", content_of(a).templates[e.action].name}, {"unused", true}}));
      continue;
    }
    if (e.step == static_cast<int>(Step::kPlace)) {
      ++placed;
      if (k + 1 < a.auto_seq) {
        const AutoStep& n = a.auto_log[(k + 1) % kAutoLog];
        if (n.step == e.step && n.seat == e.seat && n.action == e.action && n.phase == e.phase)
          continue;
      }
      const int cell = e.action - kActCell;
      std::string said = P(e.seat) + " places " + (placed == 1 ? "a troop" : troops_text(placed)) +
                         " at " + cell_name(a, cell) + " " +
                         content_of(a).type_names[board_of(a).type[cell]];
      if (e.owner >= 0 && e.owner != e.seat) said += " for " + P(e.owner) + " (Mind Control)";
      out.push_back(
          make("action", named(e.seat, said), said + ".", {{"auto", true}, {"step", e.step}}));
      placed = 0;
      continue;
    }
    Position q = a;
    q.step = static_cast<Step>(e.step);
    q.to_move = e.seat;
    const std::string label = TurfWarsState(nullptr, q).action_label(e.action);
    std::string said = seat_refs(action_sentence(q, label));
    if (e.owner >= 0 && e.owner != e.seat) said += " for " + P(e.owner) + " (Mind Control)";
    out.push_back(make("action", named(e.seat, said), P(e.seat) + " " + said + ".",
                       {{"auto", true}, {"label", label}, {"step", e.step}}));
  }
}

// The Maelstrom's passing (T6.5): the direction for everyone; to a seat that took part, the cards
// it passed and received (R11: it knows what it gave).
void narrate_maelstrom(const TurfWarsView& vb, const TurfWarsView& va,
                       std::vector<Narration>& out) {
  const Position& b = vb.pos;
  const Position& a = va.pos;
  if (!a.last_event.passed || (b.last_event.passed && b.last_event.number == a.last_event.number))
    return;
  std::vector<Seat> circle;
  for (int s = 0; s < a.num_seats; ++s)
    if (!a.seats[s].eliminated && !a.seats[s].opted_out) circle.push_back(s);
  out.push_back(make("maelstrom", circle,
                     std::string("The Maelstrom passes combat cards to the ") +
                         (a.direction > 0 ? "left" : "right") +
                         ": everyone taking part hands up to two random cards (never the Zero) "
                         "to the next player taking part."));
  const Seat v = vb.viewer;
  if (v < 0 || v >= a.num_seats) return;
  auto list = [&a](const std::vector<int>& cards) {
    std::string s;
    for (std::size_t i = 0; i < cards.size(); ++i)
      s += (i == 0                  ? ""
            : i + 1 == cards.size() ? " and "
                                    : ", ") +
           std::string(content_of(a).combat[cards[i]].value == 8 ? "an " : "a ") +
           combat_label(a, cards[i]);
    return s;
  };
  for (int o = 0; o < a.num_seats; ++o) {
    std::vector<int> gave, got;
    for (int t = 1; t < kCombatTypes; ++t)
      for (int k = b.seats[v].known[o][t]; k < a.seats[v].known[o][t]; ++k) gave.push_back(t);
    if (gave.empty()) continue;
    std::array<int, kCombatTypes> in{};
    for (int t = 1; t < kCombatTypes; ++t) in[t] = a.seats[v].hand[t] - b.seats[v].hand[t];
    for (int t : gave) ++in[t];
    for (int t = 1; t < kCombatTypes; ++t)
      for (int k = 0; k < in[t]; ++k) got.push_back(t);
    out.push_back(make("maelstrom_cards", {v, o},
                       P(v) + " passes " + list(gave) + " to " + P(o) +
                           (got.empty() ? "." : " and receives " + list(got) + ".")));
  }
}

// Whether a seat still in shares the most DP with another seat still in: the tie-break (T13.5)
// decided between them.
bool tied_on_dp(const Position& p, int seat) {
  if (p.seats[seat].eliminated) return false;
  int top = -1, at_top = 0;
  for (int o = 0; o < p.num_seats; ++o)
    if (!p.seats[o].eliminated) top = std::max<int>(top, p.seats[o].dp);
  for (int o = 0; o < p.num_seats; ++o) at_top += !p.seats[o].eliminated && p.seats[o].dp == top;
  return p.seats[seat].dp == top && at_top > 1;
}

// How a seat won (T13), in words that read after "wins with" and after "1st Ann,": "home turf
// domination: 5 Mountain turfs", "the killing blow on its nemesis, the Gypsies", "the secret
// win card Fortress", "the most DP", "the most DP, ahead on the tie-break", "the last player
// standing". Empty for a seat that did not win.
std::string win_how(const Position& p, int seat) {
  const Content& c = content_of(p);
  if (!p.over() || !(p.winners >> seat & 1)) return "";
  const SeatState& st = p.seats[seat];
  if (p.win_type != WinType::kPoints) {
    const int domination = board_of(p).domination;
    if (p.held_type[seat][st.home] >= domination)
      return "home turf domination: " + std::to_string(p.held_type[seat][st.home]) + " " +
             c.type_names[st.home] + " turfs";
    if (st.nemesis != kNone && (st.killed_mask >> st.nemesis & 1)) {
      std::string s = "the killing blow on its nemesis";
      if (p.seats[st.nemesis].faction != kNone)
        s += ", the " + c.factions[p.seats[st.nemesis].faction].name;
      return s;
    }
    if (p.win_card[seat] != kNone) return "the secret win card " + c.secrets[p.win_card[seat]].name;
  }
  // On points after round 10 (T13.5), alone or beside an Undefeated holder (T13.4), or the last
  // one left (T13.6).
  int survivors = 0;
  for (int s = 0; s < p.num_seats; ++s) survivors += !p.seats[s].eliminated;
  if (survivors == 1 && !st.eliminated) return "the last player standing";
  return tied_on_dp(p, seat) ? "the most DP, ahead on the tie-break" : "the most DP";
}

void narrate_end(const Position& a, std::vector<Narration>& out) {
  const Content& c = content_of(a);
  std::string who;
  std::vector<Seat> seats;
  for (int s = 0; s < a.num_seats; ++s)
    if (a.winners >> s & 1) {
      who += (who.empty() ? "" : " and ") + P(s);
      seats.push_back(s);
    }
  std::string text = "Game over: ";
  if (a.win_type == WinType::kPoints) {
    int survivors = 0;
    for (int s = 0; s < a.num_seats; ++s) survivors += !a.seats[s].eliminated;
    text += who + (seats.size() > 1 ? " win" : " wins") +
            (survivors == 1 ? ", the last player standing."
                            : " with the most Dominance Points" +
                                  std::string(seats.size() == 1 && tied_on_dp(a, seats[0])
                                                  ? ", ahead on the tie-break."
                                                  : "."));
  } else {
    for (std::size_t i = 0; i < seats.size(); ++i)
      text += (i ? "; " : "") + P(seats[i]) + " wins with " + win_how(a, seats[i]);
    text += ".";
  }
  nlohmann::json secrets = nlohmann::json::object();
  for (int s = 0; s < a.num_seats; ++s) {
    text += " " + P(s) + " " + std::to_string(a.seats[s].dp) + " DP";
    if (a.seats[s].eliminated) text += " (eliminated)";
    std::string sec;
    for (int i = 0; i < a.seats[s].num_secrets; ++i) {
      sec += (sec.empty() ? "" : ", ") + c.secrets[a.seats[s].secrets[i]].name;
      secrets[std::to_string(s)].push_back(c.secrets[a.seats[s].secrets[i]].id);
    }
    if (!sec.empty()) text += ", secret win cards: " + sec;
    text += s + 1 < a.num_seats ? ";" : ".";
  }
  nlohmann::json data = {{"win", a.win_type == WinType::kDomination ? "domination"
                                 : a.win_type == WinType::kNemesis  ? "nemesis"
                                 : a.win_type == WinType::kSecret   ? "secret"
                                                                    : "points"},
                         {"winners", seats},
                         {"secrets", secrets}};
  for (Seat s : seats)
    if (a.win_card[s] != kNone) data["win_cards"][std::to_string(s)] = c.secrets[a.win_card[s]].id;
  out.push_back(make("game_over", seats, text, std::move(data)));
}

}  // namespace

// A seat's result in words, to follow "wins with", "is second with" (web/src/protocol.ts
// rankingWords) or "1st Ann," (the terminal's end line): why a winner won and its DP ("home
// turf domination: 5 Mountain turfs (33 DP)", "the secret win card Fortress (12 DP)", "the most
// DP (21 DP)", "the most DP, ahead on the tie-break (21 DP)"), the others' DP ("18 DP", "21 DP,
// behind on the tie-break", "4 DP (eliminated)").
std::string result_words(const View& final_view, Seat seat) {
  const Position& p = final_view.as<TurfWarsView>().pos;
  const std::string dp = std::to_string(p.seats[seat].dp) + " DP";
  const std::string how = win_how(p, seat);
  if (!how.empty())
    return how + (p.seats[seat].eliminated ? ", at the cost of its last troops" : "") + " (" + dp +
           ")";
  if (p.seats[seat].eliminated) return dp + " (eliminated)";
  bool on_points = p.win_type == WinType::kPoints;  // or beside an Undefeated holder (T13.4)
  for (int o = 0; o < p.num_seats; ++o)
    on_points |= (p.winners >> o & 1) && win_how(p, o).rfind("the most DP", 0) == 0;
  if (p.over() && on_points && tied_on_dp(p, seat)) return dp + ", behind on the tie-break";
  return dp;
}

void narrate(const View& before, const NarratedAction& act, const View& after,
             std::vector<Narration>& out) {
  const auto& vb = before.as<TurfWarsView>();
  const auto& va = after.as<TurfWarsView>();
  const Position& b = vb.pos;
  const Position& a = va.pos;
  const Content& c = content_of(a);
  const Seat viewer = vb.viewer;

  // The action itself.
  if (act.mover >= 0) {
    std::string s = seat_refs(action_sentence(b, act.label));
    if (b.phase == Phase::kActions && b.turn.owner >= 0 && b.turn.owner != act.mover &&
        (!b.war.active || b.step == Step::kCommit))
      s += " for " + P(b.turn.owner) + " (Mind Control)";
    out.push_back(make("action", named(act.mover, s), P(act.mover) + " " + s + ".",
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
  auto round_start = [&] {
    // A new round.
    if (a.rounds_played != b.rounds_played && a.round > 0) {
      // The counter as the round began: an event revealed in the same step may have moved it.
      const bool revealed = a.last_event.number != b.last_event.number && a.last_event.number > 0;
      const int round = revealed ? a.last_event.round : a.round;
      out.push_back(
          make("round", {}, "Round " + std::to_string(round) + " begins.", {{"round", round}}));
    }
    // Troops an ability added before the event (T4.2).
    for (int s = 0; s < a.num_seats; ++s) {
      const int n = a.last_pre_event.troops[s] -
                    (b.last_pre_event.rounds_played == a.last_pre_event.rounds_played
                         ? b.last_pre_event.troops[s]
                         : 0);
      if (n > 0)
        out.push_back(
            make("pre_event", {s},
                 P(s) + " gains " + troops_text(n) + " before the event, one in every " +
                     c.type_names[c.factions[c.faction_index("dryads")].ability.pre_event_turf] +
                     " it controls.",
                 {{"troops", n}}));
    }
    narrate_log(
        b, a, Phase::kFactions, Phase::kReinforce, [] {}, out);
    // Events revealed (T6.1).
    for (int i = b.num_events_seen; i < a.num_events_seen; ++i) {
      const EventDef& e = c.events[a.events_seen[i]];
      out.push_back(make("event", {}, "Event: " + e.name + ". " + e.text, {{"event", e.id}}));
    }
    narrate_log(
        b, a, Phase::kEvent, Phase::kEvent, [] {}, out);
    narrate_maelstrom(vb, va, out);
    // Homes changed (Geomancer, Exile), before what the event did: a seat's own declaration
    // this step is its action line already ("declares Forest home").
    for (int s = 0; s < a.num_seats; ++s)
      if (a.seats[s].faction != kNone && b.seats[s].faction != kNone &&
          a.seats[s].home != b.seats[s].home && !(s == act.mover && b.step == Step::kDeclareHome))
        out.push_back(make("home", {s},
                           P(s) + " now calls " + c.type_names[a.seats[s].home] + " home.",
                           {{"home", c.type_ids[a.seats[s].home]}}));
    // What the event did, once its phase is over (T6.3-T6.5).
    if (a.last_event.done && a.last_event.number > 0 &&
        (b.last_event.number != a.last_event.number || !b.last_event.done)) {
      const EventDef& e = c.events[a.events_seen[a.last_event.number - 1]];
      std::string text;
      nlohmann::json changes = nlohmann::json::array();
      std::vector<Seat> touched;
      for (int s = 0; s < a.num_seats; ++s) {
        const int dp = a.last_event.dp[s], tr = a.last_event.troops[s];
        changes.push_back({{"seat", s}, {"dp", dp}, {"troops", tr}});
        if (!dp && !tr) continue;
        touched.push_back(s);
        std::string x;
        if (tr)
          x += (tr > 0 ? "+" : "") + std::to_string(tr) +
               (tr == 1 || tr == -1 ? " troop" : " troops");
        if (dp)
          x +=
              (x.empty() ? "" : ", ") + std::string(dp > 0 ? "+" : "") + std::to_string(dp) + " DP";
        text += (text.empty() ? "" : "; ") + P(s) + " " + x;
      }
      if (e.new_home) {  // T6.4: everyone declared; the homes it leaves
        std::string homes;
        for (int s = 0; s < a.num_seats; ++s)
          if (!a.seats[s].eliminated && a.seats[s].faction != kNone)
            homes += (homes.empty() ? "" : ", ") + P(s) + " " + c.type_names[a.seats[s].home];
        if (!homes.empty()) text += (text.empty() ? "" : "; ") + ("the homes now: " + homes);
      }
      if (e.round_shift)  // T6.3: the round counter moved (or could not)
        text += (text.empty() ? "" : "; ") + std::string("the round counter reads ") +
                std::to_string(a.round) + (a.round == a.last_event.round ? " still" : " now");
      out.push_back(make("event_result", touched,
                         e.name + (text.empty() ? ": no troops or DP changed." : ": " + text + "."),
                         {{"event", e.id}, {"changes", std::move(changes)}}));
    }
  };
  auto round_actions = [&] {
    // In the order it happened (Position::auto_log): cards revealed, decisions the rules took
    // alone, turfs entered while empty, and each war resolved with the forced steps that fed it.
    const bool resolved = a.last_war.number != b.last_war.number && a.last_war.number > 0;
    bool war_told = false;
    auto war_steps = [&] {
      // Supporters called and their troops and cards (T9.7), the Rangers' volley (T9.4), a lone
      // Zero played: each once, before the war's result.
      const SupSnap none{};
      SupSnap before_war = b.war.active ? snap_war(b.war) : none;
      if (resolved) {
        narrate_support(a, before_war, snap_report(a.last_war), act.mover, out);
        before_war = none;
      }
      if (a.war.active) {
        if (before_war.target != a.war.target) before_war = none;
        narrate_support(a, before_war, snap_war(a.war), act.mover, out);
      }
      for (int s = 0; s < a.num_seats; ++s)
        if (va.facedown[s] && !vb.facedown[s] && s != act.mover && a.war.active)
          out.push_back(
              make("combat_card", {s}, P(s) + " holds only its Zero and plays it face down."));
      std::array<int, kMaxSeats> before{};
      if (b.war.active)
        for (int s = 0; s < b.war.n_sides; ++s) before[s] = b.war.volleyed[s];
      auto tell = [&](const std::array<std::uint8_t, kMaxSeats>& now,
                      const std::array<std::int8_t, kMaxSeats>& leaders, int n) {
        for (int s = 0; s < n; ++s)
          if (now[s] > before[s])
            out.push_back(make("volley", {leaders[s]},
                               "The Rangers' archers kill " + troops_text(now[s] - before[s]) +
                                   " of " + P(leaders[s]) + "'s committed troops.",
                               {{"seat", leaders[s]}, {"troops", now[s] - before[s]}}));
      };
      if (resolved) {
        tell(a.last_war.volleyed, a.last_war.leader, a.last_war.n_sides);
        before.fill(0);
      }
      if (a.war.active && !(resolved && a.war.target == a.last_war.target)) {
        std::array<std::int8_t, kMaxSeats> leaders{};
        for (int s = 0; s < a.war.n_sides; ++s) leaders[s] = a.war.sides[s].leader;
        if (!b.war.active || b.war.target != a.war.target) before.fill(0);
        tell(a.war.volleyed, leaders, a.war.n_sides);
      }
    };
    narrate_log(
        b, a, Phase::kDraft, Phase::kBloodlust,
        [&] {
          if (war_told || !resolved) return;
          war_told = true;
          war_steps();
          narrate_war(a, out);
          narrate_war_after(b, a, viewer, out);
        },
        out);
    if (!war_told) {  // a war in progress, or one that ends in this step
      war_steps();
      narrate_war_after(b, a, viewer, out);
    }
  };
  auto round_end = [&] {
    // The First Turn Token changes hands.
    if (a.ftt != b.ftt && b.phase != Phase::kFactions)
      out.push_back(make("ftt", {a.ftt}, P(a.ftt) + " takes the First Turn Token."));
    // Round scoring (T11).
    if (a.last_score.seq != b.last_score.seq && a.last_score.round > 0) narrate_score(a, out);
    narrate_log(
        b, a, Phase::kScore, Phase::kOver, [] {}, out);
    // What an exchange draws (T12.3): the card to its drawer, "a combat card" to the others.
    if (act.mover >= 0 && b.step == Step::kExchange && b.sub == 4) {
      std::string what = "a combat card";
      if (viewer == act.mover || viewer == kOmniscient) {
        int drawn = kNone;
        for (int t = 1; t < kCombatTypes; ++t)
          if (a.seats[act.mover].hand[t] > b.seats[act.mover].hand[t]) drawn = t;
        if (drawn == kNone)  // drew the kind it gave
          for (int t = 1; t < kCombatTypes; ++t)
            if (a.combat_discard[t] > b.combat_discard[t]) drawn = t;
        if (drawn != kNone) what = "the " + combat_label(a, drawn);
      }
      if (va.hand_count[act.mover] > vb.hand_count[act.mover] - 1)
        out.push_back(make("draw", {act.mover}, P(act.mover) + " draws " + what + "."));
    }
    // A bought pair of combat cards: the one not kept is discarded face up (T12.1, R12).
    if (act.mover >= 0 && b.step == Step::kKeepCombat)
      for (int t = 0; t < kCombatTypes; ++t)
        if (a.combat_discard[t] > b.combat_discard[t])
          out.push_back(
              make("discard", {act.mover},
                   P(act.mover) + " discards the other card face up: " + combat_label(a, t) + "."));
    // Secret win cards drawn: by name to their holder only.
    for (int s = 0; s < a.num_seats; ++s)
      if (a.seats[s].num_secrets > b.seats[s].num_secrets && a.phase != Phase::kFactions) {
        if (s == viewer || viewer == kOmniscient) {
          const SecretDef& d = c.secrets[a.seats[s].secrets[a.seats[s].num_secrets - 1]];
          out.push_back(make("secret", {s},
                             P(s) + " draws the secret win card " + d.name + ": " + d.text,
                             {{"card", d.id}}));
        } else {
          out.push_back(
              make("secret", {s}, P(s) + " draws a secret win card and keeps it hidden."));
        }
      }
  };
  // In the order things happened: a step that ends a round and starts the next tells the old
  // round's actions and scoring before the new round's beginning.
  if (a.rounds_played != b.rounds_played && b.rounds_played > 0) {
    round_actions();
    round_end();
    round_start();
  } else {
    round_start();
    round_actions();
    round_end();
  }
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
