// The texts a yard player reads say what the engine does (issue 23). The card and Neighbor texts
// are generated from the programs the kernel runs (games/yard/cards.cpp); these tests check them
// against that data with their own expectations, so that a wording that drifts from the effect
// (a number, a kind of effect, a timing) fails: every number of the data is in the text and the
// text has no other, and each step's kind is named in words of its own. The how-to is written by
// hand (data/yard/howto.md): its facts are checked against the data here too. What is generated
// and what is hand-written: docs/rules/yard.md, "Texts".
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <regex>

#include "cli/commands.h"
#include "core/embedded.h"
#include "core/rng.h"
#include "core/view.h"
#include "random_game.h"
#include "yard/board.h"

namespace turf::yard {
namespace {

using testing::Board;
using testing::Table;
using testing::yard_game;

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Every whole number written in `text` (a "-5 VP" counts as 5), sorted.
std::vector<int> numbers_in(const std::string& text) {
  std::vector<int> out;
  static const std::regex kNumber(R"(\d+)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kNumber);
       it != std::sregex_iterator(); ++it)
    out.push_back(std::stoi(it->str()));
  std::sort(out.begin(), out.end());
  return out;
}

// The words that must name a step of kind `op` doing `n` in a card text, written here apart from
// the generator ("" where the step has no number to show).
std::vector<std::string> step_words(const Step& st) {
  const std::string n = std::to_string(st.n);
  switch (st.op) {
    case Op::kGain:
      return {"gain $" + n};
    case Op::kLose:
      return {"lose $" + n};
    case Op::kPay:
      return {"pay $" + n};
    case Op::kGrass:
      return {st.n == 1 ? "a dirt pile" : "up to " + n + " dirt piles", "to grass"};
    case Op::kDirtHere:
      return {"back to dirt"};
    case Op::kExtraPlays:
      return {"up to " + n + " more card"};
    case Op::kMustPlay:
      return {"must play a card"};
    case Op::kPlayHere:
      return {"onto this pile", "only pests", "decline"};  // R23
    case Op::kTrashStore:
      return {"trash " + n + " card", "of the store"};
    case Op::kTrashStoreAll:
      return {"trash every card of the store"};
    case Op::kTrashToHand:
      return {"from the trash into your hand"};
    case Op::kTrashToGarage:
      return {"from the trash into your garage"};
    case Op::kTrashRivalTop:
      return {"trash the top card", "rival's yard"};
    case Op::kTrashOwnTop:
      return {"trash the top card", "your yard"};
    case Op::kTrashOwnPest:
      return {"trash a pest", "covered"};
    case Op::kTrashPileOthers:
      return {"trash every other card on this pile"};
    case Op::kTrashHand:
      return {"trash " + n + " card", "from your hand"};
    case Op::kStealGarage:
      return {"not a tool", "rival's garage"};
    case Op::kPestMagnet:
      return {"every pest", "store and the trash"};
    case Op::kMoveTopToRival:
      return {"move the top card", "rival's yard"};
    case Op::kGiveToGarage:  // R12: any cards of the Yard, not only top cards
      return {"put " + n + " card", "covered or not", "rival's garage"};
    case Op::kNumOps:
      break;
  }
  return {"?"};
}

// The numbers a step shows: its count, except where one is implied ("a Dirt Pile", "the top
// card", an n that the step does not use).
void step_numbers(const Step& st, std::vector<int>& out) {
  switch (st.op) {
    case Op::kGain:
    case Op::kLose:
    case Op::kPay:
    case Op::kExtraPlays:
    case Op::kTrashStore:
    case Op::kTrashHand:
    case Op::kGiveToGarage:
      out.push_back(st.n);
      break;
    case Op::kGrass:
    case Op::kTrashRivalTop:
    case Op::kTrashOwnTop:
      if (st.n > 1) out.push_back(st.n);
      break;
    default:
      break;
  }
}

TEST(YardTexts, CardTextsSayWhatTheProgramsDo) {
  static const char* const kWhen[kNumTimings] = {
      "Play: ", "Start: ", "End: ", "Away to Home: ", "Revealed: "};
  const Content& c = content();
  for (int k = 0; k < static_cast<int>(c.cards.size()); ++k) {
    const CardDef& d = c.cards[k];
    const std::string text = card_text(k), low = lower(text);
    std::vector<int> want;
    for (int t = 0; t < kNumTimings; ++t) {
      // A timing is named exactly when the card has a program for it.
      EXPECT_EQ(text.find(kWhen[t]) != std::string::npos, !d.programs[t].empty())
          << d.name << ": " << text;
      for (int i = 0; i < d.programs[t].size; ++i) {
        for (const auto& w : step_words(d.programs[t].steps[i]))
          EXPECT_NE(low.find(w), std::string::npos) << d.name << " lacks '" << w << "': " << text;
        step_numbers(d.programs[t].steps[i], want);
      }
    }
    if (d.places) {
      want.push_back(d.places);
      EXPECT_NE(text.find("Adds " + std::to_string(d.places) + " Place"), std::string::npos)
          << d.name;
    }
    if (d.vp_rule != VpRule::kFlat || d.vp != 0) {
      want.push_back(std::abs(d.vp));
      EXPECT_NE(text.find("Worth " + std::to_string(d.vp) + " VP"), std::string::npos) << d.name;
    }
    if (d.vp_rule == VpRule::kTrash) want.push_back(d.vp_every);
    if (d.no_sway) {
      EXPECT_NE(low.find("cannot sway"), std::string::npos) << d.name;
    }
    std::sort(want.begin(), want.end());
    EXPECT_EQ(numbers_in(text), want) << d.name << ": " << text;
    // The short text on the screen: the cost and the same numbers.
    const std::string brief = short_card_text(k);
    EXPECT_EQ(brief.rfind("$" + std::to_string(d.cost), 0), 0u) << d.name << ": " << brief;
    if (!d.programs[kOnHome].empty()) {
      EXPECT_NE(brief.find("Away>Home:"), std::string::npos) << d.name << ": " << brief;
    }
  }
}

TEST(YardTexts, NeighborTextsSayTheirCriteriaAndBribe) {
  static const char* const kSymbols[kNumSymbols] = {"Tool",    "Plant", "Ornament",
                                                    "Feature", "Pest",  "Event"};
  const Content& c = content();
  for (int n = 0; n < static_cast<int>(c.neighbors.size()); ++n) {
    const NeighborDef& d = c.neighbors[n];
    const std::string text = neighbor_card_text(n), low = lower(text);
    std::vector<int> want{d.vp};
    const Criteria& cr = d.criteria;
    for (int s = 0; s < kNumSymbols; ++s)
      if (cr.symbols[s]) {
        want.push_back(cr.symbols[s]);
        EXPECT_NE(text.find(std::to_string(cr.symbols[s]) + " " + kSymbols[s]), std::string::npos)
            << d.name << ": " << text;
      }
    const std::pair<int, const char*> counted[] = {{cr.cards, " card"},
                                                   {cr.places, " Place"},
                                                   {cr.grass, " Grass Pile"},
                                                   {cr.tallest, " card"}};
    for (const auto& [v, word] : counted)
      if (v) {
        want.push_back(v);
        EXPECT_NE(text.find(std::to_string(v) + word), std::string::npos) << d.name << ": " << text;
      }
    const bool has_criteria = want.size() > 1;  // a number besides the VP
    for (int i = 0; i < d.bribe.size; ++i) {
      for (const auto& w : step_words(d.bribe.steps[i]))
        EXPECT_NE(low.find(w), std::string::npos) << d.name << " lacks '" << w << "': " << text;
      step_numbers(d.bribe.steps[i], want);
    }
    std::sort(want.begin(), want.end());
    EXPECT_EQ(numbers_in(text), want) << d.name << ": " << text;
    EXPECT_NE(text.find("Worth " + std::to_string(d.vp) + " VP"), std::string::npos) << d.name;
    // A Neighbor that asks only a Bribe asks nothing of the Yard, and says so without sounding
    // like a demand for an empty Yard (issue 23).
    EXPECT_EQ(low.find("has nothing"), std::string::npos) << d.name << ": " << text;
    if (!d.bribe.empty()) {
      EXPECT_NE(low.find("bribe"), std::string::npos) << d.name << ": " << text;
    }
    if (!d.bribe.empty() && !has_criteria) {
      EXPECT_NE(low.find("whatever your yard holds"), std::string::npos) << d.name << ": " << text;
    }
  }
}

TEST(YardTexts, R12_ThomasGivesAnyCardsOfTheYardInEveryText) {
  const int thomas = testing::neighbor("thomas");
  const std::string text = neighbor_card_text(thomas);
  EXPECT_NE(text.find("put 2 cards of your Yard, covered or not, into one rival's Garage"),
            std::string::npos)
      << text;
  EXPECT_EQ(lower(text).find("top"), std::string::npos) << text;
  // The digest's Neighbor table and its vocabulary (Y10) say the same.
  const std::string doc(testing::yard_game().rules_text);
  const auto line_with = [&](const std::string& start) {
    const std::size_t at = doc.find(start);
    return at == std::string::npos ? std::string() : doc.substr(at, doc.find('\n', at) - at);
  };
  const std::string row = line_with("| Thomas | 5 |"), vocab = line_with("| `give_to_garage` n |");
  ASSERT_FALSE(row.empty());
  ASSERT_FALSE(vocab.empty());
  for (const auto& l : {row, vocab}) {
    EXPECT_NE(l.find("covered or not"), std::string::npos) << l;
    EXPECT_EQ(l.find("top"), std::string::npos) << l;
  }
}

TEST(YardTexts, R23_GardenTextSaysItMayBeDeclinedWhenOnlyPestsFit) {
  const std::string text = card_text(testing::kind("garden"));
  EXPECT_NE(text.find("when only Pests fit, you may decline"), std::string::npos) << text;
}

TEST(YardTexts, Y3_2_WelcomeMatActsOnTurningFromAwayToHome) {
  const std::string text = card_text(testing::kind("doormat"));
  EXPECT_EQ(text.rfind("Away to Home: Gain $2.", 0), 0u) << text;
}

// The how-to is hand-written: its facts are checked against the data and the kernel.
TEST(YardTexts, HowToSaysWhatTheDataSays) {
  const std::string howto(embedded_file("data/yard/howto.md"));
  // Y3.2: the Garage is taken back only on turning from Away to Home.
  EXPECT_NE(howto.find("turning from Away to Home, take your Garage into your hand"),
            std::string::npos);
  EXPECT_EQ(howto.find("HOME: take your Garage"), std::string::npos);
  // Y4.1: work pays kWorkPay.
  EXPECT_NE(howto.find("work for $" + std::to_string(kWorkPay)), std::string::npos);
  // "Card: gain $N" examples are that card's programs.
  static const std::regex kGain(R"(([A-Z][a-z]+(?: [A-Z][a-z]+)*): gain \$(\d+))");
  int examples = 0;
  for (auto it = std::sregex_iterator(howto.begin(), howto.end(), kGain);
       it != std::sregex_iterator(); ++it, ++examples) {
    int k = -1;
    for (int i = 0; i < static_cast<int>(content().cards.size()); ++i)
      if (content().cards[i].name == (*it)[1].str()) k = i;
    ASSERT_GE(k, 0) << "no card " << (*it)[1].str();
    bool found = false;
    for (const auto& pr : content().cards[k].programs)
      for (int i = 0; i < pr.size; ++i)
        found |= pr.steps[i].op == Op::kGain && pr.steps[i].n == std::stoi((*it)[2].str());
    EXPECT_TRUE(found) << it->str();
  }
  EXPECT_GE(examples, 1);
  // The cards the how-to names exist ("a Garden", "`look Rose Bush`").
  for (const std::string name : {"Garden", "Clover Patch", "Rose Bush"}) {
    EXPECT_NE(howto.find(name), std::string::npos) << name;
    EXPECT_TRUE(std::any_of(content().cards.begin(), content().cards.end(), [&](const CardDef& d) {
      return d.name == name;
    })) << name;
  }
}

// Y5.2, Y5.3, Y8.1 (issue 29): the how-to's play rule is the kernel's: Plants, Ornaments and
// Features need a free Place, a Pest goes onto any Pile (YardRules.Y5_3_APestGoesOnTopOfAFullPile),
// a Tool goes to the Garage (edition 1: onto any Pile first).
TEST(YardTexts, Y5_3_HowToSaysAPestNeedsNoPlace) {
  const std::string howto(embedded_file("data/yard/howto.md"));
  std::string flat;  // line breaks and indents as single spaces
  for (char ch : howto)
    if (ch != '\n' && ch != ' ')
      flat += ch;
    else if (!flat.empty() && flat.back() != ' ')
      flat += ' ';
  EXPECT_EQ(flat.find("Play one card from your hand onto a Pile with a free Place"),
            std::string::npos);
  EXPECT_NE(flat.find("a Plant, Ornament or Feature onto a Pile with a free Place"),
            std::string::npos)
      << flat;
  EXPECT_NE(flat.find("a Pest onto any Pile, full or not"), std::string::npos) << flat;
  EXPECT_NE(flat.find("1st edition: it lies on any Pile while it acts, like a Pest"),
            std::string::npos)
      << flat;
}

// Y8.1 (issue 29): a Tool's text is its edition's: `turf cards yard -o edition=1` and `look` at a
// 1st-edition table (cli::game_cards with the table's options) give the 1st edition's rule.
TEST(YardTexts, Y8_1_ToolTextsFollowTheEdition) {
  const GameInfo& g = Registry::instance().find("yard");
  for (int edition : {1, 2}) {
    const auto all = cli::game_cards(g, g.resolve({{"edition", std::to_string(edition)}}));
    int tools = 0;
    for (const auto& c : all) {
      const auto types = c.value("types", nlohmann::json::array());
      if (std::find(types.begin(), types.end(), "Tool") == types.end() ||
          std::find(types.begin(), types.end(), "Plant") != types.end())
        continue;
      const std::string text = c.at("text");
      const bool pile = text.find("played onto a Pile like a Pest") != std::string::npos;
      EXPECT_EQ(pile, edition == 1) << edition << ": " << text;
      EXPECT_NE(text.find("Garage"), std::string::npos) << text;
      ++tools;
    }
    EXPECT_GE(tools, 3);
  }
  EXPECT_EQ(cli::game_cards(g, g.resolve({})), cli::game_cards(g, g.resolve({{"edition", "2"}})));
  // The catalogue front ends and bots receive (GameInfo::cards) holds both texts of each Tool.
  int both = 0;
  for (const auto& c : g.cards())
    if (c.contains("text_by_option")) {
      EXPECT_EQ(c.at("text"), c.at("text_by_option").at("edition").at("2"));
      ++both;
    }
  EXPECT_GE(both, 3);
}

// ---- Typing actions at the table ---------------------------------------------------------------

// A view of `t` for the seat to move, as the table gives it.
View view_of(Table& t) {
  return t.state().view(t.to_move());
}

std::string refusal(Table& t, const std::string& typed) {
  try {
    const Action a = view_of(t).parse_action(typed);
    return "accepted as '" + t.state().action_label(a) + "'";
  } catch (const Error& e) {
    return e.what();
  }
}

TEST(YardTexts, ACardsNameIsEnoughWhereItNamesOneAction) {
  Board b(2);
  b.row({"gloria", "walter"})
      .away(0)
      .money(0, 6)
      .store({"garden", "garden_gnome", "tulips", "rose_bush"});
  Table t(b, 0);
  t.act("away");
  t.act("work");
  ASSERT_TRUE(t.can("buy Garden ($6)"));
  ASSERT_TRUE(t.can("buy Garden Gnome ($6)"));
  const auto label_of = [&](const std::string& typed) {
    return t.state().action_label(view_of(t).parse_action(typed));
  };
  EXPECT_EQ(label_of("buy garden ($6)"), "buy Garden ($6)");
  EXPECT_EQ(label_of("buy garden"), "buy Garden ($6)");  // the notes may be left out
  EXPECT_EQ(label_of("  BUY   Garden "), "buy Garden ($6)");
  EXPECT_EQ(label_of("garden"), "buy Garden ($6)");  // the last words of one label
  EXPECT_EQ(label_of("buy garden gnome"), "buy Garden Gnome ($6)");
  EXPECT_EQ(label_of("gnome"), "buy Garden Gnome ($6)");
  EXPECT_EQ(label_of("gno"), "buy Garden Gnome ($6)");  // a word begun
  EXPECT_EQ(label_of("tul"), "buy Tulips ($2)");
  EXPECT_EQ(label_of("buy rose"), "buy Rose Bush ($5)");  // half a name, naming nothing else
  EXPECT_EQ(label_of("done"), "done");
  // Ambiguous: refused, naming the candidates.
  const std::string amb = refusal(t, "gard");
  EXPECT_EQ(amb.rfind("'gard' fits more than one action: did you mean ", 0), 0u) << amb;
  EXPECT_NE(amb.find("'buy Garden ($6)'"), std::string::npos) << amb;
  EXPECT_NE(amb.find("'buy Garden Gnome ($6)'"), std::string::npos) << amb;
  EXPECT_NE(refusal(t, "buy").find("did you mean"), std::string::npos);
}

TEST(YardTexts, HalfANameNeverActsForAnotherCard) {
  // Only the Garden Gnome can be bought: "buy garden" names the Garden, which is not for sale
  // here, so it is refused with the reason rather than buying the Gnome.
  Board b(2);
  b.row({"gloria", "walter"}).money(0, 1).store({"garden_gnome", "tulips", "pinwheel"});
  Table t(b, 0);
  t.act("away");
  t.act("work");
  ASSERT_TRUE(t.can("buy Garden Gnome ($6)"));
  const std::string r = refusal(t, "buy garden");
  EXPECT_EQ(r, "'buy garden' is not a legal action now: Garden is not in the Store") << r;
}

TEST(YardTexts, RefusalsSayWhy) {
  // A card in the Garage: it comes back only on turning from Away to Home (Y3.2).
  {
    Board b(2);
    b.row({"gloria", "walter"}).grass(0, {"a1"}).hand(0, {"tulips"}).garage(0, {"crowbar"});
    b.store({"tulips", "pinwheel"});
    Table t(b, 0);
    t.act("home");
    EXPECT_EQ(refusal(t, "play crowbar"),
              "'play crowbar' is not a legal action now: Crowbar is in your Garage: cards there "
              "come back into your hand when you turn from Away to Home");
    EXPECT_EQ(refusal(t, "play gazebo"),
              "'play gazebo' is not a legal action now: you hold no Gazebo");
    EXPECT_EQ(refusal(t, "buy tulips"),
              "'buy tulips' is not a legal action now: you are Home: to buy is an Away action");
    EXPECT_EQ(
        refusal(t, "sway gloria"),
        "'sway gloria' is not a legal action now: Gloria asks for 6 Grass Piles in your Yard");
    EXPECT_EQ(refusal(t, "sway amelia"),
              "'sway amelia' is not a legal action now: Amelia is not in the row of Neighbors");
  }
  // Money, a Skunk, a Bribe, a full Yard.
  {
    Board b(2);
    b.row({"maximilian", "walter"}).money(0, 3).store({"gazebo", "tulips"});
    Table t(b, 0);
    t.act("away");
    EXPECT_EQ(refusal(t, "buy gazebo"),
              "'buy gazebo' is not a legal action now: Gazebo costs $7 and you have $3");
  }
  // (Each with a card to play, so that Home is a decision.)
  {
    Board b(2);
    b.row({"maximilian", "walter"}).money(0, 25).yard(0, "a2", {"skunk"});
    b.grass(0, {"a1"}).hand(0, {"tulips"});
    Table t(b, 0);
    t.act("home");
    EXPECT_EQ(refusal(t, "sway maximilian"),
              "'sway maximilian' is not a legal action now: the Skunk in your Yard keeps you from "
              "swaying while it is there");
  }
  {
    Board b(2);
    b.row({"maximilian", "walter"}).money(0, 12).hand(0, {"tulips", "watering_can"});
    Table t(b, 0);
    t.act("home");
    EXPECT_EQ(refusal(t, "sway maximilian"),
              "'sway maximilian' is not a legal action now: Maximilian's Bribe costs $20 and you "
              "have $12");
    // No Pile with a free Place: said under the hand and when typed.
    EXPECT_EQ(refusal(t, "play tulips"),
              "'play tulips' is not a legal action now: no Pile has a free Place for it");
  }
}

// Issue 29: the Home or Away question says what Home brings back (Y3.2), from the position: the
// Garage's cards, and only when turning from Away; staying Home picks up nothing.
TEST(YardTexts, Y3_2_TheHomeOrAwayQuestionSaysWhatHomeBringsBack) {
  auto question = [](Board b) {
    Table t(b, 0);
    EXPECT_EQ(t.p().phase, Phase::kSide);
    return decision_text(t.p());
  };
  Board away(2);
  away.row({"gloria", "walter"}).away(0).garage(0, {"tulips", "crowbar", "tulips"});
  EXPECT_EQ(question(away),
            "Turn your card to Home or Away. Home: your 3 Garage cards come back to your hand.");
  Board one(2);
  one.row({"gloria", "walter"}).away(0).garage(0, {"crowbar"});
  EXPECT_EQ(question(one),
            "Turn your card to Home or Away. Home: your 1 Garage card comes back to your hand.");
  Board home(2);
  home.row({"gloria", "walter"}).garage(0, {"crowbar", "tulips"});
  EXPECT_EQ(question(home),
            "Turn your card to Home or Away. Staying Home brings nothing back: your 2 Garage "
            "cards come back when you turn from Away to Home.");
  Board empty(2);
  empty.row({"gloria", "walter"}).away(0);
  EXPECT_EQ(question(empty), "Turn your card to Home or Away.");
  // and what it says is what Home does
  Table t(away, 0);
  t.act("home");
  EXPECT_EQ(t.pl(0).hand_size, 3);
  EXPECT_EQ(t.pl(0).garage_size, 0);
}

// Issue 29: the end card says why a seat has its points (Y7.2): the Yard's and the Sway's, with
// the Yard's best card; where points are equal, what Y7.3 decides it by.
TEST(YardTexts, Y7_2_Y7_3_TheResultWordsSayWhereThePointsComeFrom) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Options options = yard_game().resolve({{"players", std::to_string(1 + seed)}});
    auto s = turf::testing::random_game(yard_game(), options, seed);
    const Position& p = dynamic_cast<const YardState&>(*s).position();
    const View end = s->view(kSpectator, false);
    for (int seat = 0; seat < p.seats; ++seat) {
      const std::string w = yard_game().result_words(end, seat);
      const int total = score(p, seat);
      EXPECT_EQ(w.rfind(std::to_string(total) + (total == 1 ? " point: " : " points: ") +
                            std::to_string(yard_vp(p, seat)) + " from the Yard",
                        0),
                0u)
          << w;
      const int n = neighbors_swayed(p.players[seat]);
      EXPECT_NE(w.find(", " + std::to_string(sway_vp(p, seat)) + " from " + std::to_string(n) +
                       (n == 1 ? " Neighbor" : " Neighbors")),
                std::string::npos)
          << w;
    }
  }
  // Equal points: more Neighbors win (Y7.3); equal Neighbors too: a shared place.
  auto words = [](Board b) {
    b.p.phase = Phase::kOver;
    const YardState st(&yard_game(), b.p);
    const View end = st.view(kSpectator, false);
    return std::vector<std::string>{yard_game().result_words(end, 0),
                                    yard_game().result_words(end, 1)};
  };
  Board ahead(2);
  ahead.row({"rosa"}).sway(0, {"amelia", "sylvia"}).sway(1, {"joyce"});
  ahead.yard(1, "a1", {"pinwheel", "pinwheel", "pinwheel", "pinwheel", "pinwheel"});
  const auto w = words(ahead);
  EXPECT_EQ(w[0], "10 points: 0 from the Yard, 10 from 2 Neighbors, ahead on Neighbors");
  EXPECT_EQ(
      w[1],
      "10 points: 5 from the Yard (1 of them from the Pinwheel), 5 from 1 Neighbor, behind on "
      "Neighbors");
  Board level(2);
  level.row({"rosa"}).sway(0, {"amelia"}).sway(1, {"joyce"});
  EXPECT_EQ(words(level)[1],
            "5 points: 0 from the Yard, 5 from 1 Neighbor, level on Neighbors too");
}

}  // namespace
}  // namespace turf::yard
