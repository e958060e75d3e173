// Loads data/yard/cards.json and data/yard/neighbors.json (embedded at build time) into the rules
// kernel's tables, and checks them: known types, steps and criteria; programs that fit; edition
// counts (Y8.4: a 2nd-edition count is at most twice the 1st-edition count); deck sizes that fit
// the position's fixed arrays.
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "games/yard/rules.h"

namespace turf::yard {

namespace {

constexpr const char* kSymbolNames[kNumSymbols] = {"tool",    "plant", "ornament",
                                                   "feature", "pest",  "event"};
constexpr const char* kOpNames[static_cast<int>(Op::kNumOps)] = {"gain",
                                                                 "lose",
                                                                 "pay",
                                                                 "grass",
                                                                 "dirt_here",
                                                                 "extra_plays",
                                                                 "must_play",
                                                                 "play_here",
                                                                 "trash_store",
                                                                 "trash_store_all",
                                                                 "trash_to_hand",
                                                                 "trash_to_garage",
                                                                 "trash_rival_top",
                                                                 "trash_own_top",
                                                                 "trash_own_pest",
                                                                 "trash_pile_others",
                                                                 "trash_hand",
                                                                 "steal_garage",
                                                                 "pest_magnet",
                                                                 "move_top_to_rival",
                                                                 "give_to_garage"};

[[noreturn]] void bad(const std::string& file, const std::string& what) {
  throw std::logic_error(file + ": " + what);
}

int symbol_of(const std::string& file, const std::string& s) {
  for (int i = 0; i < kNumSymbols; ++i)
    if (s == kSymbolNames[i]) return i;
  bad(file, "unknown symbol '" + s + "'");
}

Program parse_program(const std::string& file, const std::string& who, const nlohmann::json& j) {
  Program p;
  for (const auto& s : j) {
    if (p.size >= kMaxSteps) bad(file, who + ": more than " + std::to_string(kMaxSteps) + " steps");
    const std::string name = s.at("op").get<std::string>();
    int op = -1;
    for (int i = 0; i < static_cast<int>(Op::kNumOps); ++i)
      if (name == kOpNames[i]) op = i;
    if (op < 0) bad(file, who + ": unknown step '" + name + "'");
    const int n = s.value("n", 1);
    if (n < 1 || n > 50) bad(file, who + ": step '" + name + "' needs n in 1..50");
    p.steps[p.size++] = Step{static_cast<Op>(op), static_cast<std::uint8_t>(n)};
  }
  return p;
}

std::string text(const nlohmann::json& j, const char* key) {
  return j.contains(key) ? j.at(key).get<std::string>() : std::string();
}

void check_tag(const std::string& file, const std::string& who, const std::string& tag,
               const std::string& source) {
  if (tag != "found" && tag != "inferred" && tag != "designed")
    bad(file, who + ": tag must be found, inferred or designed");
  if (source.empty()) bad(file, who + ": every entry needs a source or reason");
}

void load_cards(Content& c) {
  const std::string file = "data/yard/cards.json";
  const auto j = nlohmann::json::parse(embedded_file(file));
  for (const auto& x : j.at("cards")) {
    CardDef d;
    d.id = x.at("id").get<std::string>();
    d.name = x.at("name").get<std::string>();
    for (const auto& t : x.at("types")) d.symbols |= sym(symbol_of(file, t.get<std::string>()));
    if (!d.symbols) bad(file, d.id + ": a card needs a type");
    d.cost = x.at("cost").get<int>();
    if (d.cost < 0 || d.cost > 60) bad(file, d.id + ": cost out of range");
    d.places = x.value("places", 0);
    if (d.places < 0 || d.places > 5) bad(file, d.id + ": places out of range");
    const auto& vp = x.at("vp");
    const std::string rule = vp.at("rule").get<std::string>();
    d.vp = vp.at("value").get<int>();
    if (rule == "flat") {
      d.vp_rule = VpRule::kFlat;
    } else if (rule == "per_symbol") {
      d.vp_rule = VpRule::kPerSymbol;
      d.vp_symbol = symbol_of(file, vp.at("symbol").get<std::string>());
    } else if (rule == "adjacent") {
      d.vp_rule = VpRule::kAdjacent;
    } else if (rule == "row") {
      d.vp_rule = VpRule::kRow;
    } else if (rule == "column") {
      d.vp_rule = VpRule::kColumn;
    } else if (rule == "trash") {
      d.vp_rule = VpRule::kTrash;
      d.vp_every = vp.at("every").get<int>();
      if (d.vp_every < 1) bad(file, d.id + ": 'every' must be at least 1");
    } else {
      bad(file, d.id + ": unknown VP rule '" + rule + "'");
    }
    d.no_sway = x.value("no_sway", false);
    d.each_player = x.value("each_player", false);
    const char* timings[kNumTimings] = {"play", "start", "end", "home", "reveal"};
    for (int t = 0; t < kNumTimings; ++t)
      if (x.contains(timings[t]))
        d.programs[t] = parse_program(file, d.id + "." + timings[t], x.at(timings[t]));
    const bool event = d.is(kEvent);
    if (event != !d.programs[kOnReveal].empty())
      bad(file, d.id + ": Events, and only Events, have a 'reveal' program");
    if (event && d.symbols != sym(kEvent)) bad(file, d.id + ": an Event has no other type");
    if (d.each_player && !event) bad(file, d.id + ": only Events act for each player");
    for (int t = 0; t < kNumTimings; ++t)
      for (int s = 0; s < d.programs[t].size; ++s) {
        const Op op = d.programs[t].steps[s].op;
        const bool needs_pile = op == Op::kDirtHere || op == Op::kPlayHere ||
                                op == Op::kTrashPileOthers || op == Op::kPestMagnet;
        if (needs_pile && (d.is(kTool) || event))
          bad(file, d.id + ": a Tool or an Event has no Pile of its own");
        if (op == Op::kPay || op == Op::kGiveToGarage)
          bad(file, d.id + ": '" + kOpNames[static_cast<int>(op)] + "' is for Bribes");
      }
    d.count = {x.at("count").at("1").get<int>(), x.at("count").at("2").get<int>()};
    if (d.count[0] < 0 || d.count[1] < 0 || d.count[0] > 8 || d.count[1] > 8)
      bad(file, d.id + ": count out of range");
    if (d.count[1] > 2 * d.count[0])
      bad(file, d.id + ": the 2nd edition is built from two 1st-edition copies (Y8.4)");
    d.starting = x.value("starting", false);
    d.tag = x.at("tag").get<std::string>();
    d.source = text(x, "source");
    check_tag(file, d.id, d.tag, d.source);
    if (x.contains("designed_fields"))
      for (const auto& f : x.at("designed_fields")) d.designed.push_back(f.get<std::string>());
    if (c.find_card(d.id) >= 0) bad(file, "duplicate card " + d.id);
    c.cards.push_back(std::move(d));
  }
  if (c.cards.size() > static_cast<std::size_t>(kMaxKinds))
    bad(file, "more than " + std::to_string(kMaxKinds) + " card kinds");
  for (const auto& s : j.at("starting_hand")) {
    const int k = c.find_card(s.get<std::string>());
    if (k < 0 || !c.cards[k].starting) bad(file, "starting_hand names a non-starting card");
    c.starting_hand.push_back(static_cast<std::uint8_t>(k));
  }
  for (int e = 0; e < 2; ++e) {
    int kinds = 0;
    for (const auto& d : c.cards) {
      c.deck_size[e] += d.count[e];
      kinds += d.count[e] > 0;
    }
    if (c.deck_size[e] > kDeckCap) bad(file, "a Store deck holds at most 100 cards");
    if (c.deck_size[e] + kMaxSeats * static_cast<int>(c.starting_hand.size()) >= kYardCap)
      bad(file, "too many cards for the fixed Yard arrays");
    if (c.deck_size[e] < 60 || kinds < 30)
      bad(file, "a Store deck needs at least 60 cards over at least 30 kinds");
  }
}

void load_neighbors(Content& c) {
  const std::string file = "data/yard/neighbors.json";
  const auto j = nlohmann::json::parse(embedded_file(file));
  for (const auto& x : j.at("neighbors")) {
    NeighborDef d;
    d.id = x.at("id").get<std::string>();
    d.name = x.at("name").get<std::string>();
    d.vp = x.at("vp").get<int>();
    if (x.contains("criteria"))
      for (const auto& [key, v] : x.at("criteria").items()) {
        const int n = v.get<int>();
        if (n < 1 || n > 30) bad(file, d.id + ": criteria out of range");
        const auto u = static_cast<std::uint8_t>(n);
        if (key == "cards")
          d.criteria.cards = u;
        else if (key == "places")
          d.criteria.places = u;
        else if (key == "grass")
          d.criteria.grass = u;
        else if (key == "tallest_pile")
          d.criteria.tallest = u;
        else
          d.criteria.symbols[symbol_of(file, key)] = u;
      }
    if (x.contains("bribe")) {
      d.bribe = parse_program(file, d.id + ".bribe", x.at("bribe"));
      for (int s = 0; s < d.bribe.size; ++s) {
        const Op op = d.bribe.steps[s].op;
        if (op != Op::kPay && op != Op::kGiveToGarage && op != Op::kTrashHand &&
            op != Op::kTrashOwnTop)
          bad(file, d.id + ": a Bribe may pay, give or trash cards only");
      }
    }
    d.tag = x.at("tag").get<std::string>();
    d.source = text(x, "source");
    check_tag(file, d.id, d.tag, d.source);
    if (c.find_neighbor(d.id) >= 0) bad(file, "duplicate Neighbor " + d.id);
    c.neighbors.push_back(std::move(d));
  }
  if (c.neighbors.size() < 12 || c.neighbors.size() > static_cast<std::size_t>(kMaxNeighbors))
    bad(file, "the Neighbor deck holds 12 to 16 cards");
}

Content load() {
  Content c;
  load_cards(c);
  load_neighbors(c);
  return c;
}

}  // namespace

const Content& content() {
  static const Content c = load();
  return c;
}

int Content::find_card(const std::string& id) const {
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (cards[i].id == id) return static_cast<int>(i);
  return -1;
}

int Content::find_neighbor(const std::string& id) const {
  for (std::size_t i = 0; i < neighbors.size(); ++i)
    if (neighbors[i].id == id) return static_cast<int>(i);
  return -1;
}

const char* op_name(Op op) {
  return kOpNames[static_cast<int>(op)];
}

const char* symbol_name(int s) {
  return kSymbolNames[s];
}

}  // namespace turf::yard
