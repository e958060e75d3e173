// Narration of a yard step (issue 16), computed from the viewer's views before and after the step
// only (core/narration.h). The view is the perfect-recall record (E2), so what a step did can be
// read from the difference of the two views: the action in words, then every consequence — money
// gained or paid, cards bought, played, trashed or moved, Piles turned to Grass, the Store
// restocked, Events revealed and what they did, Neighbors swayed and turned up, points that changed
// (with their reason: the Yard or the Sway) and the end of the game with the ranking in words.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/narration.h"
#include "core/view.h"
#include "games/yard/game.h"

namespace turf::yard {

namespace {

std::string seat_ref(int s) {
  return "{P" + std::to_string(s + 1) + "}";
}

const char* const kOrdinal[kMaxSeats] = {"1st", "2nd", "3rd", "4th"};

using Counts = std::array<int, kMaxKinds>;

Counts counts(const std::array<std::uint8_t, kMaxKinds>& a) {
  Counts c{};
  for (int k = 0; k < kMaxKinds; ++k) c[k] = a[k];
  return c;
}

// Cards (with multiplicity) in `a` but not in `b`.
std::vector<int> gained(const Counts& a, const Counts& b) {
  std::vector<int> out;
  if (a == b) return out;  // most Piles, hands and Garages do not change in a step
  for (int k = 0; k < kMaxKinds; ++k)
    for (int n = b[k]; n < a[k]; ++n) out.push_back(k);
  return out;
}

std::string names(const std::vector<int>& kinds) {
  std::string s;
  for (std::size_t i = 0; i < kinds.size(); ++i)
    s += (i == 0 ? "" : i + 1 == kinds.size() ? " and " : ", ") + card_name(kinds[i]);
  return s;
}

nlohmann::json ids(const std::vector<int>& kinds) {
  auto j = nlohmann::json::array();
  for (int k : kinds) j.push_back(content().cards[k].id);
  return j;
}

// Yard cards per (pile, kind).
std::array<Counts, kPiles> yard_cards(const Player& pl) {
  std::array<Counts, kPiles> c{};
  for (int i = 0; i < pl.yard_size; ++i) ++c[pl.yard_pile[i]][kind_of(pl.yard[i])];
  return c;
}

// Events somewhere public: out of the game, at the known bottom of the deck or resolving.
Counts events_seen(const Position& p) {
  Counts c{};
  for (int k = 0; k < kMaxKinds; ++k)
    c[k] = content().cards.size() > static_cast<std::size_t>(k) && content().cards[k].is(kEvent)
               ? p.gone[k]
               : 0;
  for (int i = 0; i < p.deck_known; ++i) ++c[p.deck[i]];
  for (int i = 0; i < p.nframes; ++i)
    if (p.frames[i].type == FrameType::kProgram && p.frames[i].timing == kOnReveal)
      ++c[p.frames[i].kind];
  return c;
}

// The card a "buy Garden ($6)" label buys; -1 for any other label.
int bought_kind(const std::string& label) {
  if (!label.starts_with("buy ")) return -1;
  const auto& cards = content().cards;
  for (int k = 0; k < static_cast<int>(cards.size()); ++k)
    if (label == "buy " + cards[k].name + " ($" + std::to_string(cards[k].cost) + ")") return k;
  return -1;
}

// A label's seats in narration's terms: "P2 b2" -> "{P2}'s b2", "P2's Garage" -> "{P2}'s
// Garage", "to P2" -> "to {P2}" (labels are typed as they are written; narration names seats).
std::string seat_words(std::string s, std::vector<Seat>& seats) {
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    if (s[i] != 'P' || (i > 0 && s[i - 1] != ' ') || s[i + 1] < '1' || s[i + 1] > '4') continue;
    const char next = i + 2 < s.size() ? s[i + 2] : '\0';
    if (next != '\0' && next != ' ' && next != '\'') continue;
    const Seat seat = s[i + 1] - '1';
    if (std::find(seats.begin(), seats.end(), seat) == seats.end()) seats.push_back(seat);
    const std::string ref = seat_ref(seat) + (next == ' ' ? "'s" : "");
    s.replace(i, 2, ref);
    i += ref.size() - 1;
  }
  return s;
}

// What the mover did, as the rest of a sentence after its name ("plays Rake", "turns b1 to
// Grass"), from the action's label (state.cpp, label()).
std::string action_sentence(const std::string& label) {
  if (label == "home") return "turns to Home";
  if (label == "away") return "turns to Away";
  if (label == "work") return "works";
  if (label == "done") return "is done";
  if (label == "stop") return "stops";
  if (label.starts_with("grass ")) return "turns " + label.substr(6) + " to Grass";
  if (label.starts_with("buy ")) {
    const std::size_t price = label.rfind(" ($");
    return "buys " + label.substr(4, price == std::string::npos ? std::string::npos : price - 4) +
           " and puts it in the Garage";
  }
  static const std::pair<const char*, const char*> kVerbs[] = {
      {"play ", "plays "},
      {"sway ", "sets out to sway "},
      {"onto ", "puts it onto "},
      {"trash ", "trashes "},
      {"move ", "moves "},
      {"give to ", "gives to "},
      {"give ", "gives "},
      {"take ", "takes "},
      {"start ", "uses the Start action of "},
      {"end ", "uses the End action of "}};
  for (const auto& [from, to] : kVerbs)
    if (label.starts_with(from)) return to + label.substr(std::char_traits<char>::length(from));
  return label;
}

void add(std::vector<Narration>& out, std::string kind, std::vector<Seat> seats,
         nlohmann::json data, std::string text) {
  Narration n;
  n.kind = std::move(kind);
  n.seats = std::move(seats);
  n.data = std::move(data);
  n.text = std::move(text);
  out.push_back(std::move(n));
}

}  // namespace

void narrate(const View& before_view, const NarratedAction& act, const View& after_view,
             std::vector<Narration>& out) {
  const Position& b = before_view.as<YardView>().pos;
  const Position& a = after_view.as<YardView>().pos;
  const Content& c = content();
  const int mover = act.mover;

  // The action itself, as a sentence (yard has no hidden choices: every label is public). At the
  // end, a line below that tells the same decision (a card onto a Pile, a Pile turned to Grass, a
  // Neighbor swayed) takes its place: each decision is told once.
  const std::size_t first = out.size();
  {
    std::vector<Seat> seats{mover};
    const std::string said = seat_words(action_sentence(act.label), seats);
    add(out, "action", seats, {{"label", act.label}}, seat_ref(mover) + " " + said + ".");
  }
  const bool onto = act.label.starts_with("onto ");
  const int bought = bought_kind(act.label);  // the card the mover buys, or -1

  // Events revealed from the Store deck (Y4.5).
  const Counts ev_b = events_seen(b), ev_a = events_seen(a);
  for (int k : gained(ev_a, ev_b))
    add(out, "event", {}, {{"card", c.cards[k].id}},
        "Event revealed: " + card_name(k) + " (" + card_text(k) + ")");

  for (int s = 0; s < a.seats; ++s) {
    const Player& pb = b.players[s];
    const Player& pa = a.players[s];
    // Cards that left or reached the Yard, per Pile.
    const auto yb = yard_cards(pb), ya = yard_cards(pa);
    for (int q = 0; q < kPiles; ++q) {
      const auto in = gained(ya[q], yb[q]), off = gained(yb[q], ya[q]);
      if (!in.empty())
        add(out, "yard", {s}, {{"pile", pile_name(q)}, {"added", ids(in)}},
            names(in) + (in.size() > 1 ? " go" : " goes") + " onto " + seat_ref(s) + "'s " +
                pile_name(q) + ".");
      if (!off.empty())
        add(out, "yard", {s}, {{"pile", pile_name(q)}, {"removed", ids(off)}},
            names(off) + (off.size() > 1 ? " leave " : " leaves ") + seat_ref(s) + "'s " +
                pile_name(q) + ".");
    }
    // Grass.
    for (int q = 0; q < kPiles; ++q) {
      const bool gb = pb.grass >> q & 1, ga = pa.grass >> q & 1;
      if (gb != ga)
        add(out, "grass", {s}, {{"pile", pile_name(q)}, {"grass", ga}},
            seat_ref(s) + "'s " + pile_name(q) + " turns to " + (ga ? "Grass." : "Dirt."));
    }
    // Hand and Garage.
    const auto hin = gained(counts(pa.hand), counts(pb.hand));
    const auto hout = gained(counts(pb.hand), counts(pa.hand));
    const auto gin = gained(counts(pa.garage), counts(pb.garage));
    const auto gout = gained(counts(pb.garage), counts(pa.garage));
    if (!hin.empty() && hin == gout) {
      add(out, "garage_to_hand", {s}, {{"cards", ids(hin)}},
          seat_ref(s) + " takes " + names(hin) + " from the Garage into hand.");
    } else {
      if (!hin.empty())
        add(out, "hand", {s}, {{"added", ids(hin)}},
            seat_ref(s) + " takes " + names(hin) + " into hand.");
      if (!gout.empty())
        add(out, "garage", {s}, {{"removed", ids(gout)}},
            names(gout) + (gout.size() > 1 ? " leave " : " leaves ") + seat_ref(s) + "'s Garage.");
    }
    if (!gin.empty() && !(s == mover && gin.size() == 1 && gin[0] == bought))
      add(out, "garage", {s}, {{"added", ids(gin)}},
          names(gin) + (gin.size() > 1 ? " go" : " goes") + " into " + seat_ref(s) + "'s Garage.");
    // A card leaving the mover's hand is told by the play, or by the line of the Pile it went onto.
    const bool told_by_play =
        s == mover && hout.size() == 1 && (act.label.starts_with("play ") || onto);
    if (!hout.empty() && !told_by_play)
      add(out, "hand", {s}, {{"removed", ids(hout)}},
          names(hout) + (hout.size() > 1 ? " leave " : " leaves ") + seat_ref(s) + "'s hand.");
    // Money. A purchase is told with its price, apart from what an Event revealed by the restock
    // gave or took in the same step (a Yard Sale), so that no sum hides either.
    int d = pa.money - pb.money;
    if (s == mover && bought >= 0) {
      const int cost = c.cards[bought].cost;
      d += cost;
      add(out, "money", {s}, {{"change", -cost}, {"money", pa.money - d}},
          seat_ref(s) + " pays $" + std::to_string(cost) + " for " + card_name(bought) +
              (d ? "." : " (now $" + std::to_string(pa.money) + ")."));
    }
    if (d != 0)
      add(out, "money", {s}, {{"change", d}, {"money", pa.money}},
          seat_ref(s) + (d > 0 ? " gains $" : " pays $") + std::to_string(std::abs(d)) + " (now $" +
              std::to_string(pa.money) + ").");
    // Neighbors swayed (Y6).
    for (int n = 0; n < static_cast<int>(c.neighbors.size()); ++n)
      if ((pa.sway >> n & 1) && !(pb.sway >> n & 1))
        add(out, "sway", {s}, {{"neighbor", c.neighbors[n].id}, {"points", c.neighbors[n].vp}},
            seat_ref(s) + " sways " + neighbor_name(n) + " (" + std::to_string(c.neighbors[n].vp) +
                " VP).");
  }
  // The Store and the Trash.
  // The Store: what left it in this step (a card bought into the mover's Garage, cards trashed
  // from it by an action or an Event) is taken out first, so that a card restocked of the same
  // kind as one that left is still told.
  const auto tin = gained(counts(a.trash), counts(b.trash));
  Counts store_left = counts(b.store);
  const bool trashes_store =
      act.label.find("from the Store") != std::string::npos || gained(ev_a, ev_b).size() > 0;
  if (act.label.starts_with("buy "))
    for (int k : gained(counts(a.players[mover].garage), counts(b.players[mover].garage)))
      if (store_left[k] > 0) --store_left[k];
  if (trashes_store)
    for (int k : tin)
      if (store_left[k] > 0) --store_left[k];
  const auto sin = a.reveals > b.reveals ? gained(counts(a.store), store_left) : std::vector<int>{};
  if (!tin.empty())
    add(out, "trash", {}, {{"added", ids(tin)}},
        names(tin) + (tin.size() > 1 ? " go" : " goes") + " to the Trash.");
  if (!sin.empty())
    add(out, "store", {}, {{"added", ids(sin)}}, "The Store restocks: " + names(sin) + ".");
  // Neighbors turned up from the set-aside pile (Y6.5).
  for (int i = 0; i < a.row_size; ++i) {
    bool was = false;
    for (int j = 0; j < b.row_size; ++j) was |= b.row[j] == a.row[i];
    if (!was)
      add(out, "neighbor_revealed", {}, {{"neighbor", c.neighbors[a.row[i]].id}},
          neighbor_name(a.row[i]) + " turns up in the row of Neighbors (" +
              neighbor_card_text(a.row[i]) + ")");
  }
  // Points, with their reason.
  for (int s = 0; s < a.seats; ++s) {
    const int dy = yard_vp(a, s) - yard_vp(b, s), dn = sway_vp(a, s) - sway_vp(b, s);
    if (dy == 0 && dn == 0) continue;
    std::string why;
    if (dy) why += (dy > 0 ? "+" : "") + std::to_string(dy) + " from the Yard";
    if (dn)
      why += (why.empty() ? "" : ", ") + std::string(dn > 0 ? "+" : "") + std::to_string(dn) +
             " from the Sway";
    add(out, "scoring", {s}, {{"yard", dy}, {"sway", dn}, {"score", score(a, s)}},
        seat_ref(s) + " now has " + std::to_string(score(a, s)) +
            (score(a, s) == 1 ? " point (" : " points (") + why + ").");
  }
  // The end (Y7), with the ranking in words.
  if (a.over() && !b.over()) {
    const auto r = ranks(a);
    std::vector<int> order(a.seats);
    for (int s = 0; s < a.seats; ++s) order[s] = s;
    std::sort(order.begin(), order.end(),
              [&](int x, int y) { return r[x] != r[y] ? r[x] < r[y] : x < y; });
    std::string text = a.end_reason == EndReason::kLastNeighbor ? "The last Neighbor is swayed: "
                       : a.end_reason == EndReason::kRoundLimit ? "The round limit is reached: "
                                                                : "The game is stopped: ";
    text += "the game is over. ";
    auto rank_j = nlohmann::json::array();
    std::vector<Seat> seats;
    for (std::size_t i = 0; i < order.size(); ++i) {
      const int s = order[i];
      seats.push_back(s);
      rank_j.push_back({{"seat", s}, {"rank", r[s] + 1}, {"points", score(a, s)}});
      text += std::string(i ? "; " : "") + kOrdinal[r[s]] + " " + seat_ref(s) + ", " +
              std::to_string(score(a, s)) + " points, " +
              std::to_string(neighbors_swayed(a.players[s])) + " Neighbors";
    }
    add(out, "game_over", seats, {{"ranking", rank_j}}, text + ".");
  }
  // Each decision once: a line of the step's own kind that tells the decision takes the action
  // line's place (first). A card put onto another seat's Yard is told in one line that says who
  // put what where.
  const auto from = out.begin() + static_cast<std::ptrdiff_t>(first) + 1;
  const char* told_as = onto                              ? "yard"
                        : act.label.starts_with("grass ") ? "grass"
                        : act.label.starts_with("sway ")  ? "sway"
                                                          : nullptr;
  if (!told_as) return;
  const auto told = std::find_if(from, out.end(), [&](const Narration& n) {
    return n.kind == told_as && (!onto || n.data.contains("added"));
  });
  if (told == out.end()) return;
  if (onto && told->seats[0] != mover) {
    std::vector<int> kinds;
    for (const auto& id : told->data["added"]) kinds.push_back(c.find_card(id.get<std::string>()));
    const std::string pile = told->data["pile"].get<std::string>();
    Narration& line = out[first];
    line.text = seat_ref(mover) + " puts " + names(kinds) + " onto " + seat_ref(told->seats[0]) +
                "'s " + pile + ".";
    line.data["pile"] = pile;
    line.data["added"] = told->data["added"];
  } else {
    out[first] = std::move(*told);
  }
  out.erase(told);
}

}  // namespace turf::yard
