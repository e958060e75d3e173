// Issue 23: the texts players read cannot drift from the data the rules run. Every card text of
// `turf cards turfwars` (factions, events, secret wins, action cards, combat cards, purchases) is
// checked against the engine's own content (content(), the structures the kernel interprets):
// the numbers a text states must be exactly the numbers of its effect, and the text must name the
// kind of its effect (the turf type, "attack", "DP", ...). The how-to page and the rules digest's
// content tables are checked against the same data. docs/rules/turfwars.md, "Texts", lists which
// texts are generated and which are hand-written and checked here.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "core/embedded.h"
#include "turfwars/board.h"

namespace turf::turfwars {
namespace {

// The numbers a sentence states: digits ("35", "+2") and number words ("two", "twice").
std::multiset<int> numbers_in(const std::string& text) {
  static const std::map<std::string, int> kWords = {
      {"one", 1},   {"two", 2},   {"three", 3}, {"four", 4}, {"five", 5},  {"six", 6},
      {"seven", 7}, {"eight", 8}, {"nine", 9},  {"ten", 10}, {"twice", 2}, {"once", 1}};
  std::multiset<int> out;
  std::string word;
  auto flush = [&] {
    if (word.empty()) return;
    if (std::isdigit(static_cast<unsigned char>(word[0]))) {
      out.insert(std::stoi(word));
    } else {
      std::string lower;
      for (char ch : word) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      if (const auto it = kWords.find(lower); it != kWords.end()) out.insert(it->second);
    }
    word.clear();
  };
  for (char ch : text) {
    const bool digit = std::isdigit(static_cast<unsigned char>(ch));
    const bool alpha = std::isalpha(static_cast<unsigned char>(ch));
    if (digit || alpha) {
      if (!word.empty() && std::isdigit(static_cast<unsigned char>(word[0])) != digit) flush();
      word += ch;
    } else {
      flush();
    }
  }
  flush();
  return out;
}

std::set<int> distinct(const std::multiset<int>& m) {
  return {m.begin(), m.end()};
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// What a text must say: these numbers (exactly this set) and these words.
struct Expect {
  std::set<int> numbers;
  std::vector<std::string> words;
};

// One is left out on both sides: it is said with an article as often as with a number ("gains a
// troop", "from one adjacent turf"); a change of a 1 to another number, or the reverse, still
// shows as a number missing or extra.
void check(const std::string& name, const std::string& text, const Expect& e) {
  std::set<int> said = distinct(numbers_in(text)), meant = e.numbers;
  said.erase(1);
  meant.erase(1);
  EXPECT_EQ(said, meant) << name << ": " << text;
  for (const auto& w : e.words)
    EXPECT_TRUE(has(text, w)) << name << " lacks '" << w << "': " << text;
}

Expect faction_expect(const Faction& f) {
  const Content& c = content();
  const Ability& a = f.ability;
  Expect e;
  auto num = [&](int n) { e.numbers.insert(n); };
  if (a.first_turn_token) e.words.push_back("First Turn Token");
  if (a.declare_home) e.words.push_back("home turf");
  if (a.clone) e.words.push_back("ability");
  if (a.event_opt_out)
    for (const auto& ev : c.events)
      if (ev.opt_out) e.words.push_back(ev.name);  // the events it may stay out of, by name
  if (a.defend_pull) e.words.push_back("move");
  if (a.steal_on_win) e.words.push_back("combat card");
  if (a.no_retreat_penalty) e.words.push_back("retreat");
  if (a.champion) e.words.push_back("supporter of the defender");
  if (a.pre_event_troops) {
    num(a.pre_event_troops);
    e.words.push_back(c.type_names[a.pre_event_turf]);
    e.words.push_back("event is revealed");
  }
  if (a.pre_event_maneuver) {
    num(a.pre_event_maneuver);
    e.words.push_back("transfers");
  }
  if (a.silence_defender) {
    num(a.silence_defender);
    e.words.push_back("cannot play a combat card");
  }
  if (a.lure) {
    num(a.lure);
    e.words.push_back("lure");
  }
  if (a.volley) {
    num(a.volley);
    e.words.push_back("kill");
  }
  if (a.attack_bonus) {
    num(a.attack_bonus);
    e.words.push_back("+" + std::to_string(a.attack_bonus) + " domination value when attacking");
  }
  if (a.defend_bonus_any) {
    num(a.defend_bonus_any);
    e.words.push_back("+" + std::to_string(a.defend_bonus_any) +
                      " domination value when defending");
  }
  for (int t = 0; t < kTypes; ++t)
    if (a.defend_bonus_type[t]) {
      num(a.defend_bonus_type[t]);
      e.words.push_back("+" + std::to_string(a.defend_bonus_type[t]) +
                        " domination value when defending a " + c.type_names[t]);
    }
  if (a.attack_range > 1) {
    num(a.attack_range);
    e.words.push_back(c.type_names[a.attack_range_from]);
  }
  if (a.plunder) {
    num(a.plunder);
    e.words.push_back(std::to_string(a.plunder) + " DP");
  }
  if (a.raise_dead) {
    num(1);  // one troop for every `raise_dead` killed
    num(a.raise_dead);
    e.words.push_back("for every");
  }
  if (a.reinforce_bonus) {
    num(a.reinforce_bonus);
    e.words.push_back("reinforcement");
  }
  if (a.ftt_discount) {
    num(a.ftt_discount);
    e.words.push_back("First Turn Token");
  }
  return e;
}

Expect event_expect(const EventDef& v) {
  const Content& c = content();
  Expect e;
  auto num = [&](int n) { e.numbers.insert(n < 0 ? -n : n); };
  if (v.support_allowed) e.words.push_back("supporter");
  if (v.forced_attack) e.words.push_back("must attack");
  if (v.abilities_off) e.words.push_back("abilities do nothing");
  if (v.new_home) e.words.push_back("new home turf");
  if (v.mind_control) e.words.push_back("performed by the next player");
  if (v.no_combat_cards) e.words.push_back("No combat cards");
  if (v.teleporters_off) e.words.push_back("teleporters do not work");
  if (v.pass_cards) {
    num(v.pass_cards);
    e.words.push_back("passes");
  }
  if (v.troops_each_turf) {
    num(v.troops_each_turf);
    e.words.push_back(v.troops_each_turf < 0 ? "loses" : "gains");
    if (v.troops_min > 1) num(v.troops_min);
  }
  if (v.rampage) {
    num(c.rampage_extra);
    e.words.push_back("attack again");
  }
  if (v.attack_ban != kNone)
    e.words.push_back("No Attack or Strike may target a " + c.type_names[v.attack_ban]);
  if (v.round_shift) {
    num(v.round_shift);
    e.words.push_back(v.round_shift < 0 ? "back" : "on");
  }
  if (v.attack_bonus) {
    num(v.attack_bonus);
    e.words.push_back("Attackers gain +" + std::to_string(v.attack_bonus));
  }
  if (v.defend_bonus) {
    num(v.defend_bonus);
    e.words.push_back("Defenders gain +" + std::to_string(v.defend_bonus));
  }
  if (v.dp_each) {
    num(v.dp_each);
    e.words.push_back(std::to_string(v.dp_each) + " DP");
  }
  if (v.place_troops) {
    num(v.place_troops);
    e.words.push_back("places");
  }
  if (!v.has_effect()) e.words.push_back("Nothing happens");
  return e;
}

Expect secret_expect(const SecretDef& d) {
  const Content& c = content();
  Expect e;
  auto num = [&](int n) { e.numbers.insert(n); };
  switch (d.condition) {
    case Condition::kTroopsAtLeast:
      num(d.amount);
      e.words = {"troops in play"};
      break;
    case Condition::kKillNeighbour:
      e.words = {"killing blow", d.side > 0 ? "left" : "right"};
      break;
    case Condition::kEncircle:
      num(d.amount);
      e.words = {"surround"};
      break;
    case Condition::kUndefeated:
      num(1);  // "at least one"
      e.words = {"as attacker", "lost none"};
      break;
    case Condition::kUnstoppable:
      num(d.amount);
      e.words = {"as attacker", "consecutive rounds"};
      break;
    case Condition::kDefencesWonAtLeast:
      num(d.amount);
      e.words = {"as defender"};
      break;
    case Condition::kEachTypeAtLeast:
      num(d.amount);
      e.words = {"every type"};
      break;
    case Condition::kCardRun:
      num(1);
      num(d.amount);
      e.words = {"combat cards"};
      break;
    case Condition::kGuardian:
      num(d.from_round);
      num(d.amount);
      e.words = {"end of a round", c.type_names[d.turf]};
      break;
    case Condition::kTurfsAtLeast:
      num(d.amount);
      e.words = {"turfs"};
      break;
    case Condition::kDpAtLeast:
      num(d.amount);
      e.words = {"DP"};
      break;
    case Condition::kWarsWonAtLeast:
      num(d.amount);
      e.words = {"Turf Wars"};
      break;
    case Condition::kTurfTroopsAtLeast:
      num(d.amount);
      e.words = {"in one turf"};
      break;
    case Condition::kUsurp:
      num(d.amount);
      e.words = {"starting turfs", "as attacker"};
      break;
    case Condition::kGiantSlayer:
      num(c.giant_ratio);
      num(c.giant_troops);
      EXPECT_EQ(d.amount, c.giant_ratio);
      EXPECT_EQ(d.troops, c.giant_troops);
      e.words = {"as attacker", "committed"};
      break;
    case Condition::kHomeland:
      num(d.amount);
      num(d.from_round);
      num(d.troops);
      e.words = {"starting turf", "end of a round"};
      break;
    case Condition::kTyrant:
      num(d.from_round);
      e.words = {"end of a round", "all other players together"};
      break;
    case Condition::kPacifist:
      num(d.from_round);
      e.words = {"end of a round", "never attacked"};
      break;
    case Condition::kAnyKill:
      e.words = {"killing blow", "any player"};
      break;
  }
  return e;
}

// Issue 23: every faction, event and secret win card says the numbers and the kind of effect the
// rules run for it.
TEST(TurfWarsTexts, T15_CardTextsStateTheirEffectsNumbers) {
  const Content& c = content();
  for (const auto& f : c.factions) check(f.name, f.text, faction_expect(f));
  for (const auto& v : c.events) check(v.name, v.text, event_expect(v));
  for (const auto& d : c.secrets) check(d.name, d.text, secret_expect(d));
}

// T8, T15.4: action cards by kind, with the counts the rules use (three transfers, two troops, two
// steps for a Strike); the priorities shown are the data's.
TEST(TurfWarsTexts, T8_ActionCardTextsStateTheirEffects) {
  const Content& c = content();
  const auto cards = testing::game().cards();
  std::map<std::string, std::multiset<int>> priorities;
  for (const auto& t : c.templates)
    for (int k = 0; k < t.count; ++k) priorities[t.name].insert(t.priority);
  int checked = 0;
  for (const auto& card : cards) {
    if (card.at("kind") != "action") continue;
    const std::string name = card.at("name"), text = card.at("text");
    const ActionTemplate* t = nullptr;
    for (const auto& x : c.templates)
      if (x.name == name) t = &x;
    ASSERT_NE(t, nullptr) << name;
    Expect e;
    switch (t->kind) {
      case ActionKind::kAttack:
        e.words = {"Attack", "adjacent"};
        break;
      case ActionKind::kStrike:
        e.numbers = {2};  // up to two steps (T8.3)
        e.words = {"Strike", "steps away"};
        break;
      case ActionKind::kTeleport:
        e.words = {"Teleport", "empty turf"};
        break;
      case ActionKind::kManeuver:
        e.numbers = {t->amount};
        e.words = {"transfers"};
        break;
      case ActionKind::kReinforce:
        e.numbers = {t->amount};
        e.words = {"Place", "troops"};
        break;
    }
    check(name, text, e);
    std::multiset<int> shown;
    for (const auto& p : card.at("priorities")) shown.insert(p.get<int>());
    EXPECT_EQ(shown, priorities[name]) << name;
    EXPECT_EQ(card.at("count").get<int>(), static_cast<int>(priorities[name].size())) << name;
    ++checked;
  }
  EXPECT_GT(checked, 10);
}

// T9.5, T12: combat cards say their value; purchases their price (in DP, never "$") and counts;
// the Exchange draws one card for two (T12.3, issue 23: it said "two new ones").
TEST(TurfWarsTexts, T12_CombatCardsAndPurchasesStateWhatTheRulesDo) {
  const Content& c = content();
  const auto cards = testing::game().cards();
  std::map<std::string, nlohmann::json> by_id;
  for (const auto& card : cards) by_id[card.at("id")] = card;
  for (int t = 1; t <= 10; ++t) {
    const auto& card = by_id.at(c.combat[t].id);
    check(c.combat[t].name, card.at("text"), {{t}, {"Adds " + std::to_string(t)}});
    EXPECT_EQ(card.at("value"), t);
  }
  check("Zero", by_id.at("zero").at("text"), {{}, {"Adds nothing", "never be stolen"}});
  check("Negate Attack", by_id.at("negate").at("text"), {{}, {"off"}});
  check("Cry for Help", by_id.at("cry_for_help").at("text"),
        {{c.support_paid_win, c.support_paid_loss},
         {std::to_string(c.support_paid_win) + " DP if you win",
          std::to_string(c.support_paid_loss) + " DP if you lose", "Defender only"}});
  const std::map<std::string, int> price = {{"buy_troop", c.price_troop},
                                            {"buy_secret", c.price_secret},
                                            {"buy_actions", c.price_actions},
                                            {"buy_combat", c.price_combat},
                                            {"buy_ftt", c.price_ftt}};
  for (const auto& [id, dp] : price) {
    const auto& card = by_id.at(id);
    EXPECT_EQ(card.at("cost"), dp) << id;
    EXPECT_EQ(card.at("cost_unit"), "DP") << id;
  }
  check("Troop", by_id.at("buy_troop").at("text"), {{1}, {"troop"}});
  check("Secret win card", by_id.at("buy_secret").at("text"), {{}, {"secret win card"}});
  check("Three action cards", by_id.at("buy_actions").at("text"),
        {{c.actions_bought, 1}, {"draft"}});
  check("Two combat cards", by_id.at("buy_combat").at("text"), {{2, 1}, {"keep one"}});
  check("First Turn Token", by_id.at("buy_ftt").at("text"), {{1}, {"First Turn Token"}});
  check("Exchange", by_id.at("buy_exchange").at("text"),
        {{2, 1}, {"discard two combat cards", "draw one"}});
  EXPECT_FALSE(by_id.at("buy_exchange").contains("cost"));
}

// Issue 23: the digest's content tables (T15.1-T15.3) carry the same texts as the cards.
TEST(TurfWarsTexts, T15_TheDigestTablesCarryTheCardTexts) {
  const std::string digest(embedded_file("docs/rules/turfwars.md"));
  const Content& c = content();
  for (const auto& f : c.factions) EXPECT_TRUE(has(digest, "| " + f.text + " |")) << f.name;
  for (const auto& v : c.events) EXPECT_TRUE(has(digest, "| " + v.text)) << v.name;
  for (const auto& d : c.secrets) EXPECT_TRUE(has(digest, "| " + d.text + " |")) << d.name;
}

// Issue 23: the how-to page's numbers are the rules' (domination counts per board, the
// reinforcements, the last round). Issue 29: it is the page `turf rules turfwars` prints, with the
// action cards' order of play written in from the card catalogue's priorities.
TEST(TurfWarsTexts, HowToAgreesWithTheData) {
  const std::string howto = cli::game_short_help(testing::game());
  const Content& c = content();
  std::string counts;
  for (const auto& b : c.boards)
    counts += (counts.empty() ? "" : "/") + std::to_string(b.domination);
  EXPECT_TRUE(has(howto, counts + " turfs of your home type")) << counts;
  EXPECT_TRUE(has(howto, std::to_string(c.reinforcements) + " troops into turfs you hold"));
  EXPECT_TRUE(has(howto, "After round " + std::to_string(c.rounds)));
  EXPECT_FALSE(has(howto, "{")) << "a placeholder was left: " << howto;
  // Player-facing: no clause ids, file names or option syntax.
  EXPECT_FALSE(std::regex_search(howto, std::regex(R"(\b[TRE]\d+(\.\d+)?\b|\.json|docs/|=)")))
      << howto;
  std::size_t start = 0;
  for (std::size_t end = howto.find('\n'); end != std::string::npos;
       start = end + 1, end = howto.find('\n', start)) {
    std::size_t width = 0;
    for (std::size_t i = start; i < end; ++i) width += (howto[i] & 0xC0) != 0x80;
    EXPECT_LE(width, 80u) << howto.substr(start, end - start);
  }
}

// Issue 29 (T8.1): the how-to lists the action cards in their order of play, and the kinds
// interleave (Strikes 20-25 and 40-45, Attacks 26-37 and 46-57, Reinforcements 16 and 60): every
// card's priority lies in a run of its own kind, the runs are in order and do not overlap, and
// each run's ends are priorities of cards of its kind.
TEST(TurfWarsTexts, T8_1_HowToListsTheCardsInTheirOrderOfPlay) {
  const std::string howto = cli::game_short_help(testing::game());
  std::string flat;  // the page with its line breaks and indents as single spaces
  for (char ch : howto)
    if (ch != '\n' && ch != ' ')
      flat += ch;
    else if (!flat.empty() && flat.back() != ' ')
      flat += ' ';
  const std::string order = cli::priority_order(testing::game().cards());
  EXPECT_TRUE(has(flat, "lowest first: " + order + ".")) << flat;
  const std::map<std::string, ActionKind> kind = {{"Defensive Maneuvers", ActionKind::kManeuver},
                                                  {"Teleports", ActionKind::kTeleport},
                                                  {"Reinforcements", ActionKind::kReinforce},
                                                  {"Strikes", ActionKind::kStrike},
                                                  {"Attacks", ActionKind::kAttack}};
  struct Run {
    ActionKind kind;
    int lo, hi;
  };
  std::vector<Run> runs;
  static const std::regex kRun(R"(([A-Z][a-z]+(?: [A-Z][a-z]+)?) (\d+)(?:-(\d+))?)");
  for (auto it = std::sregex_iterator(order.begin(), order.end(), kRun);
       it != std::sregex_iterator(); ++it) {
    ASSERT_TRUE(kind.count((*it)[1].str())) << (*it)[1].str();
    const int lo = std::stoi((*it)[2].str());
    const int hi = (*it)[3].matched ? std::stoi((*it)[3].str()) : lo;
    runs.push_back({kind.at((*it)[1].str()), lo, hi});
  }
  ASSERT_GE(runs.size(), 5u);
  for (std::size_t i = 1; i < runs.size(); ++i) {
    EXPECT_LT(runs[i - 1].hi, runs[i].lo) << "runs out of order or overlapping";
    EXPECT_NE(runs[i - 1].kind, runs[i].kind) << "two runs of one kind side by side";
  }
  std::set<ActionKind> interleaved;
  for (const auto& r : runs) {
    bool lo = false, hi = false;
    for (const auto& t : content().templates) {
      lo |= t.kind == r.kind && t.priority == r.lo;
      hi |= t.kind == r.kind && t.priority == r.hi;
    }
    EXPECT_TRUE(lo && hi) << r.lo << "-" << r.hi;
  }
  for (const auto& t : content().templates) {
    int in = 0;
    for (const auto& r : runs) in += t.priority >= r.lo && t.priority <= r.hi;
    ASSERT_EQ(in, 1) << t.name;
    for (const auto& r : runs)
      if (t.priority >= r.lo && t.priority <= r.hi) {
        EXPECT_EQ(r.kind, t.kind) << t.name << " (" << t.priority << ")";
      }
  }
  for (const auto& r : runs)
    for (const auto& q : runs)
      if (&r != &q && r.kind == q.kind) interleaved.insert(r.kind);
  // The data interleaves Strikes, Attacks and Reinforcements, so the page must say so.
  EXPECT_EQ(interleaved, (std::set<ActionKind>{ActionKind::kReinforce, ActionKind::kStrike,
                                               ActionKind::kAttack}));
}

// Issue 29 (T10.2, T9.8): the how-to's Turf War: the losers lose what they committed, the cost is
// a third of the troops the losers committed (war.cpp winning_cost: the losing sides' committed
// troops, divided by three, rounded down, at least one), and several attackers on one empty turf
// fight it out.
TEST(TurfWarsTexts, T10_2_T9_8_HowToSaysTheCostAndTheWarOverAnEmptyTurf) {
  const std::string howto = cli::game_short_help(testing::game());
  std::string flat;
  for (char ch : howto)
    if (ch != '\n' && ch != ' ')
      flat += ch;
    else if (!flat.empty() && flat.back() != ' ')
      flat += ' ';
  EXPECT_TRUE(has(flat, "a third of the troops the losers committed, at least one")) << flat;
  EXPECT_FALSE(has(flat, "loser's troops"));
  EXPECT_TRUE(has(flat, "Attacks of one priority on the same empty turf are a Turf War too"))
      << flat;
  EXPECT_TRUE(has(flat, "at a tie at the top nobody does")) << flat;
  // The default cost is the one the page describes.
  EXPECT_EQ(testing::game().resolve({}).get("cost"), "simple");
}

// Issue 23: option help (the web lobby, `turf play --help`) names no clause and no file, and
// explains every choice by its label (issue 29: "Winner takes all", never the id).
TEST(TurfWarsTexts, OptionHelpSpeaksThePlayersLanguage) {
  for (const auto& o : testing::game().options) {
    EXPECT_FALSE(std::regex_search(o.help, std::regex(R"(\b[A-Z]\d+(\.\d+)?\b|\.json|\.md|/)")))
        << o.name << ": " << o.help;
    for (std::size_t i = 0; i < o.choices.size(); ++i)
      EXPECT_TRUE(has(o.help, o.label(i))) << o.name << ": " << o.label(i);
  }
}

}  // namespace
}  // namespace turf::turfwars
