// Card texts of the yard (issue 16): every card, Event and Neighbor with its cost, points, Places,
// criteria and effect text. The effect sentences are written from the card's program in
// data/yard/*.json (the vocabulary of docs/rules/yard.md Y10), one phrase per step, so the text
// always says what the engine does.
#include <cctype>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/text.h"
#include "core/view.h"

#include "games/yard/game.h"

namespace turf::yard {

namespace {

std::string dollars(int n) {
  return "$" + std::to_string(n);
}

std::string plural(int n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string step_text(const Step& s) {
  const int n = s.n;
  switch (s.op) {
    case Op::kGain:
      return "gain " + dollars(n);
    case Op::kLose:
      return "lose " + dollars(n);
    case Op::kPay:
      return "pay " + dollars(n);
    case Op::kGrass:
      return n == 1 ? "turn a Dirt Pile of your Yard to Grass"
                    : "turn up to " + std::to_string(n) + " Dirt Piles of your Yard to Grass";
    case Op::kDirtHere:
      return "this card's Pile turns back to Dirt";
    case Op::kExtraPlays:
      return "play up to " + plural(n, "more card", "more cards") + " from your hand";
    case Op::kMustPlay:
      return "you must play a card from your hand, if you can";
    case Op::kPlayHere:
      return "play a card from your hand onto this Pile if one fits (when only Pests fit, you may "
             "decline)";
    case Op::kTrashStore:
      return "trash " + plural(n, "card", "cards") + " of the Store, then restock it";
    case Op::kTrashStoreAll:
      return "trash every card of the Store, then restock it";
    case Op::kTrashToHand:
      return "take a card from the Trash into your hand";
    case Op::kTrashToGarage:
      return "take a card from the Trash into your Garage";
    case Op::kTrashRivalTop:
      return n == 1 ? "trash the top card of a Pile in a rival's Yard"
                    : "trash the top card of a Pile in a rival's Yard, " + std::to_string(n) +
                          " times";
    case Op::kTrashOwnTop:
      return n == 1 ? "trash the top card of a Pile in your Yard"
                    : "trash the top card of a Pile in your Yard, " + std::to_string(n) + " times";
    case Op::kTrashOwnPest:
      return "trash a Pest in your Yard, even a covered one";
    case Op::kTrashPileOthers:
      return "trash every other card on this Pile";
    case Op::kTrashHand:
      return "trash " + plural(n, "card", "cards") + " from your hand";
    case Op::kStealGarage:
      return "take a card, not a Tool, from a rival's Garage into your hand";
    case Op::kPestMagnet:
      return "take every Pest from the Store and the Trash and play each onto this Pile";
    case Op::kMoveTopToRival:
      return "move the top card of a Pile of your Yard onto a Pile of a rival's Yard";
    case Op::kGiveToGarage:
      return "put " + plural(n, "card", "cards") +
             " of your Yard, covered or not, into one rival's Garage";
    case Op::kNumOps:
      break;
  }
  return "?";
}

std::string capitalised(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

const char* const kSymbolNames[kNumSymbols] = {"Tool",    "Plant", "Ornament",
                                               "Feature", "Pest",  "Event"};

std::string vp_text(const CardDef& d) {
  switch (d.vp_rule) {
    case VpRule::kFlat:
      return d.vp == 0 ? "" : std::to_string(d.vp) + " VP";
    case VpRule::kPerSymbol:
      return std::to_string(d.vp) + " VP per " + kSymbolNames[d.vp_symbol] + " in your Yard";
    case VpRule::kAdjacent:
      return std::to_string(d.vp) + " VP per card on the Piles around it";
    case VpRule::kRow:
      return std::to_string(d.vp) + " VP per card in its row";
    case VpRule::kColumn:
      return std::to_string(d.vp) + " VP per card in its column";
    case VpRule::kTrash:
      return std::to_string(d.vp) + " VP per " + std::to_string(d.vp_every) + " cards in the Trash";
  }
  return "";
}

// "3 Ornaments", "2 Plants and 2 Ornaments"; "" when the Neighbor asks nothing of the Yard.
std::string criteria_text(const Criteria& c) {
  std::vector<std::string> parts;
  for (int k = 0; k < kNumSymbols; ++k)
    if (c.symbols[k])
      parts.push_back(std::to_string(c.symbols[k]) + " " + kSymbolNames[k] +
                      (c.symbols[k] > 1 ? "s" : ""));
  if (c.cards) parts.push_back(plural(c.cards, "card", "cards"));
  if (c.places) parts.push_back(plural(c.places, "Place", "Places"));
  if (c.grass) parts.push_back(plural(c.grass, "Grass Pile", "Grass Piles"));
  if (c.tallest) parts.push_back("a Pile of " + plural(c.tallest, "card", "cards"));
  std::string s;
  for (std::size_t i = 0; i < parts.size(); ++i)
    s += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return s;
}

}  // namespace

std::string program_text(const Program& pr) {
  std::string s;
  for (int i = 0; i < pr.size; ++i) s += (i ? ", then " : "") + step_text(pr.steps[i]);
  return s;
}

std::string card_text(int kind, int edition) {
  const CardDef& d = content().cards[static_cast<std::size_t>(kind)];
  static const char* const kWhen[kNumTimings] = {"Play", "Start", "End", "Away to Home",
                                                 "Revealed"};
  std::string s;
  auto add = [&](const std::string& part) { s += (s.empty() ? "" : " ") + part; };
  for (int t = 0; t < kNumTimings; ++t) {
    if (d.programs[t].empty()) continue;
    std::string what = program_text(d.programs[t]);
    if (t == kOnReveal && d.each_player)
      what = "each player in turn, from the player whose turn it is: " + what;
    add(std::string(kWhen[t]) + ": " + capitalised(what) + ".");
  }
  if (d.no_sway) add("Its Yard's owner cannot sway Neighbors while it is there.");
  if (d.places) add("Adds " + plural(d.places, "Place", "Places") + " to its Pile.");
  const std::string vp = vp_text(d);
  if (!vp.empty()) add("Worth " + vp + ".");
  if (d.is(kTool) && !d.is(kPlant))
    add(edition == 1 ? "A Tool is played onto a Pile like a Pest (any Pile, Places ignored), and "
                       "after its Play action it goes to your Garage."
                     : "A Tool goes to your Garage after its Play action.");
  if (s.empty()) add("No action.");
  return s;
}

namespace {

std::string short_step_text(const Step& s) {
  const std::string n = std::to_string(s.n), times = s.n > 1 ? " x" + std::to_string(s.n) : "";
  switch (s.op) {
    case Op::kGain:
      return "+$" + n;
    case Op::kLose:
      return "-$" + n;
    case Op::kPay:
      return "pay $" + n;
    case Op::kGrass:
      return "Grass" + times;
    case Op::kDirtHere:
      return "Dirt here";
    case Op::kExtraPlays:
      return "+" + n + (s.n == 1 ? " play" : " plays");
    case Op::kMustPlay:
      return "must play";
    case Op::kPlayHere:
      return "play onto it";
    case Op::kTrashStore:
      return "trash " + n + " Store";
    case Op::kTrashStoreAll:
      return "trash Store";
    case Op::kTrashToHand:
      return "Trash>hand";
    case Op::kTrashToGarage:
      return "Trash>Garage";
    case Op::kTrashRivalTop:
      return "trash rival top" + times;
    case Op::kTrashOwnTop:
      return "trash own top" + times;
    case Op::kTrashOwnPest:
      return "trash own Pest";
    case Op::kTrashPileOthers:
      return "trash rest of Pile";
    case Op::kTrashHand:
      return "trash " + n + " from hand";
    case Op::kStealGarage:
      return "steal from Garage";
    case Op::kPestMagnet:
      return "gather Pests";
    case Op::kMoveTopToRival:
      return "top to rival";
    case Op::kGiveToGarage:
      return "give " + n + " Yard cards";
    case Op::kNumOps:
      break;
  }
  return "?";
}

std::string short_vp_text(const CardDef& d) {
  const std::string vp = std::to_string(d.vp) + "VP";
  switch (d.vp_rule) {
    case VpRule::kFlat:
      return d.vp == 0 ? "" : vp;
    case VpRule::kPerSymbol:
      return vp + "/" + kSymbolNames[d.vp_symbol];
    case VpRule::kAdjacent:
      return vp + "/card around";
    case VpRule::kRow:
      return vp + "/card in row";
    case VpRule::kColumn:
      return vp + "/card in column";
    case VpRule::kTrash:
      return vp + "/" + std::to_string(d.vp_every) + " in Trash";
  }
  return "";
}

}  // namespace

std::string short_card_text(int kind) {
  const CardDef& d = content().cards[static_cast<std::size_t>(kind)];
  static const char* const kWhen[kNumTimings] = {"Play", "Start", "End", "Away>Home", "Event"};
  std::string s = "$" + std::to_string(d.cost);
  const std::string vp = short_vp_text(d);
  if (!vp.empty()) s += " " + vp;
  if (d.places) s += " +" + std::to_string(d.places) + "Pl";
  for (int t = 0; t < kNumTimings; ++t) {
    if (d.programs[t].empty()) continue;
    s += std::string("; ") + kWhen[t] + ":";
    for (int i = 0; i < d.programs[t].size; ++i)
      s += (i ? ", " : " ") + short_step_text(d.programs[t].steps[i]);
  }
  if (d.no_sway) s += "; no Sway";
  if (d.is(kTool) && !d.is(kPlant)) s += "; Tool";
  return s;
}

std::string neighbor_card_text(int n) {
  const NeighborDef& d = content().neighbors[static_cast<std::size_t>(n)];
  const std::string crit = criteria_text(d.criteria);
  const std::string bribe = d.bribe.empty() ? "" : program_text(d.bribe);
  std::string s;
  if (bribe.empty())
    s = "Sway it when your Yard has " + crit + ".";
  else if (crit.empty())
    s = "Sway it whatever your Yard holds, by doing its Bribe in full: " + bribe + ".";
  else
    s = "Sway it when your Yard has " + crit + " and you do its Bribe in full: " + bribe + ".";
  return s + " Worth " + std::to_string(d.vp) + " VP in your Sway.";
}

std::string unplayable_reason(const Position& p, int seat, int kind) {
  const CardDef& d = content().cards[static_cast<std::size_t>(kind)];
  if (d.is(kEvent)) return "an Event is never played";
  if (p.over()) return "the game is over";
  // Playable right now: one of the mover's legal actions.
  if (p.to_move() == seat && is_legal(p, kActPlay + kind)) return "";
  if (p.to_move() != seat) return "not your turn";
  if (p.nframes > 0) return "finish the current decision first";
  if (p.phase == Phase::kStart) return "do your Start actions first";
  if (p.phase == Phase::kSide) return "choose Home for this turn first";
  if (p.phase == Phase::kEnd) return "your turn is ending";
  if (p.players[seat].away) return "you are Away: cards are played at Home";
  if (p.used & kUsedPlay) return "you have played your card this turn";
  return "no Pile has a free Place for it";
}

namespace {

// The card kind whose name or id is `name` (lower case), else the only one whose name starts with
// it; -1 otherwise.
int card_named(const std::string& name) {
  const auto& cards = content().cards;
  int hit = -1, hits = 0;
  for (int k = 0; k < static_cast<int>(cards.size()); ++k) {
    const std::string n = ascii_lower(cards[k].name);
    if (n == name || cards[k].id == name) return k;
    if (!name.empty() && n.rfind(name, 0) == 0) hit = k, ++hits;
  }
  return hits == 1 ? hit : -1;
}

int neighbor_named(const std::string& name) {
  const auto& ns = content().neighbors;
  for (int n = 0; n < static_cast<int>(ns.size()); ++n)
    if (ascii_lower(ns[n].name) == name || ns[n].id == name) return n;
  return -1;
}

// What stands between `seat` and the Home or Away action `verb` ("play", "buy", "sway"), from the
// phase of the turn; "" when nothing does.
std::string side_reason(const Position& p, int seat, const std::string& verb) {
  const bool away_action = verb == "buy";
  const std::string side = away_action ? "Away" : "Home";
  if (p.nframes > 0) return "finish the current decision first";
  if (p.phase == Phase::kStart) return "do your Start actions first";
  if (p.phase == Phase::kSide)
    return "choose " + side + " for this turn first: to " + verb + " is a" +
           (away_action ? "n Away" : " Home") + " action";
  if (p.phase == Phase::kEnd) return "your turn is ending";
  if (p.players[seat].away != away_action)
    return std::string("you are ") + (away_action ? "Home" : "Away") + ": to " + verb + " is a" +
           (away_action ? "n Away" : " Home") + " action";
  return "";
}

std::string sway_reason(const Position& p, int seat, int n) {
  const NeighborDef& d = content().neighbors[static_cast<std::size_t>(n)];
  for (int s = 0; s < p.seats; ++s)
    if (p.players[s].sway >> n & 1)
      return d.name + " is already in " +
             (s == seat ? std::string("your") : "P" + std::to_string(s + 1) + "'s") + " Sway";
  bool in_row = false;
  for (int i = 0; i < p.row_size; ++i) in_row |= p.row[i] == n;
  if (!in_row) return d.name + " is not in the row of Neighbors";
  if (std::string why = side_reason(p, seat, "sway"); !why.empty()) return why;
  if (p.used & kUsedSway) return "you have swayed a Neighbor this turn";
  const Player& me = p.players[seat];
  for (int i = 0; i < me.yard_size; ++i)
    if (content().cards[kind_of(me.yard[i])].no_sway)
      return "the " + card_name(kind_of(me.yard[i])) +
             " in your Yard keeps you from swaying while it is there";
  if (!meets_criteria(me, d.criteria))
    return d.name + " asks for " + criteria_text(d.criteria) + " in your Yard";
  const auto [money, yard, hand] = bribe_needs(d.bribe);
  if (me.money < money)
    return d.name + "'s Bribe costs $" + std::to_string(money) + " and you have $" +
           std::to_string(me.money);
  if (me.yard_size < yard)
    return d.name + "'s Bribe takes " + plural(yard, "card", "cards") +
           " of your Yard and yours holds " + std::to_string(me.yard_size);
  if (me.hand_size < hand)
    return d.name + "'s Bribe takes " + plural(hand, "card", "cards") +
           " from your hand and you hold " + std::to_string(me.hand_size);
  return "";
}

std::string buy_reason(const Position& p, int seat, int kind) {
  const CardDef& d = content().cards[static_cast<std::size_t>(kind)];
  if (d.is(kEvent)) return "an Event is never bought";
  if (!p.store[kind]) return d.name + " is not in the Store";
  if (std::string why = side_reason(p, seat, "buy"); !why.empty()) return why;
  if (p.used & kUsedBuy) return "you have bought a card this turn";
  const int money = p.players[seat].money;
  if (money < d.cost)
    return d.name + " costs $" + std::to_string(d.cost) + " and you have $" + std::to_string(money);
  return "";
}

std::string play_reason(const Position& p, int seat, int kind) {
  const Player& me = p.players[seat];
  const std::string& name = content().cards[static_cast<std::size_t>(kind)].name;
  if (me.hand[kind]) return unplayable_reason(p, seat, kind);
  if (me.garage[kind])
    return name +
           " is in your Garage: cards there come back into your hand when you turn from Away to "
           "Home";
  return "you hold no " + name;
}

}  // namespace

std::string why_not(const View& v, const std::string& typed) {
  const Position& p = v.as<YardView>().pos;
  const int seat = v.viewer();
  if (seat < 0 || seat >= p.seats || p.over()) return "";
  if (p.to_move() != seat) return "it is not your turn";
  std::string verb, name = typed;
  for (const char* w : {"play ", "buy ", "sway "})
    if (typed.rfind(w, 0) == 0) {
      verb = std::string(w, std::string(w).size() - 1);
      name = typed.substr(verb.size() + 1);
    }
  if (const auto paren = name.find(" ("); paren != std::string::npos) name.resize(paren);
  const int kind = card_named(name), n = neighbor_named(name);
  if (verb.empty()) verb = n >= 0 ? "sway" : p.players[seat].away ? "buy" : "play";
  if (verb == "sway" && n >= 0) return sway_reason(p, seat, n);
  if (verb == "buy" && kind >= 0) return buy_reason(p, seat, kind);
  if (verb == "play" && kind >= 0) return play_reason(p, seat, kind);
  return "";
}

nlohmann::json cards() {
  const Content& c = content();
  auto out = nlohmann::json::array();
  for (int k = 0; k < static_cast<int>(c.cards.size()); ++k) {
    const CardDef& d = c.cards[k];
    nlohmann::json e = {{"id", d.id},
                        {"name", d.name},
                        {"kind", d.is(kEvent) ? "event" : "card"},
                        {"tag", d.tag},
                        {"text", card_text(k)},
                        {"cost", d.cost},
                        {"cost_unit", "$"},
                        {"places", d.places},
                        {"count", {{"edition_1", d.count[0]}, {"edition_2", d.count[1]}}},
                        {"starting", d.starting}};
    auto& types = e["types"] = nlohmann::json::array();
    for (int s = 0; s < kNumSymbols; ++s)
      if (d.is(s)) types.push_back(kSymbolNames[s]);
    if (d.vp_rule == VpRule::kFlat) e["points"] = d.vp;
    const std::string vp = vp_text(d);
    if (!vp.empty()) e["points_text"] = vp;
    if (!d.designed.empty()) e["designed"] = d.designed;
    if (card_text(k, 1) != card_text(k, 2))
      e["text_by_option"] = {{"edition", {{"1", card_text(k, 1)}, {"2", card_text(k, 2)}}}};
    out.push_back(std::move(e));
  }
  for (int n = 0; n < static_cast<int>(c.neighbors.size()); ++n) {
    const NeighborDef& d = c.neighbors[n];
    out.push_back({{"id", d.id},
                   {"name", d.name},
                   {"kind", "neighbor"},
                   {"tag", d.tag},
                   {"text", neighbor_card_text(n)},
                   {"points", d.vp}});
    if (!criteria_text(d.criteria).empty()) out.back()["criteria"] = criteria_text(d.criteria);
  }
  return out;
}

}  // namespace turf::yard
