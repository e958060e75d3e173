// Cry Havoc texts players read (issue 23, docs/rules/cryhavoc.md section "Texts players read"):
// the hand-written effect sentences of cards, structures, skills, events and Exploration tokens
// say what the engine's effect data does (every step's kind and numbers, and no other number), the
// generated parts of `turf cards` state the data's icons, costs and copies, option help and other
// player-facing texts name no clause ids, files or raw field values, and the how-to page lists
// the actions of the rulebook.
#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "core/embedded.h"
#include "core/rng.h"
#include "core/view.h"
#include "games/cryhavoc/game.h"
#include "random_game.h"

namespace turf::cryhavoc {
namespace {

const GameInfo& game() {
  return Registry::instance().find("cryhavoc");
}

std::string N(int n) {
  return std::to_string(n);
}

std::string plural(int n, const std::string& one, const std::string& many) {
  return N(n) + " " + (n == 1 ? one : many);
}

// What a text must say for one step of an effect: alternatives, any of which will do (regular
// expressions, case-insensitive). Every number in the text must lie inside a phrase matched this
// way, so a number the data does not back (a text saying 3 where the data says 2) is an error.
std::vector<std::string> phrases(const EffectStep& st) {
  const int n = st.n, m = st.m;
  switch (st.op) {
    case Op::kVp:
      return {"gains? " + N(n) + " VP"};
    case Op::kDraw:
      return {"draws? " + plural(n, "card", "cards")};
    case Op::kRecruit:
      return {"recruit " + plural(n, "unit", "units") + " to your HQ"};
    case Op::kInitiative:
      return {"first space of the Upcoming Initiative track"};
    case Op::kCrystalHere:
      return {"\\+" + plural(n, "crystal", "crystals") + " in this region"};
    case Op::kUnitsHere:
      return {"place " + plural(n, "unit", "units") + " from your reserve in this region"};
    case Op::kExtractHere:
      return {"move " + plural(n, "crystal", "crystals") +
              " from this region to your crystal store"};
    case Op::kHarvest:  // m crystals must stay: the region needs m + 1
      return {"move " + plural(n, "crystal", "crystals") +
              " from a region with your units and at least " + N(m + 1) + " crystals"};
    case Op::kStoreToVp:
      return {"spend " + N(n) + " crystals from your store: gain " + N(m) + " VP"};
    case Op::kPayStore:
      return {"spend " + plural(n, "crystal", "crystals") + " from your store"};
    case Op::kKillAnywhere:
      return {"kill 1 enemy unit in any region that is not an HQ"};
    case Op::kCaptureAdjacent:
      return {"take 1 enemy unit as a prisoner from a region next to"};
    case Op::kShred:
      return {"move 1 crystal from an adjacent region you do not control"};
    case Op::kArtillery:
      return {"Artillery token in this region or an adjacent one[^.]*\\. [^.]*kills " +
              plural(kArtilleryKills, "enemy unit", "enemy units")};
    case Op::kWatchtower:
      return {"Watchtower token in this region or an adjacent one[^.]*\\. [^.]*\\+" +
              N(kWatchtowerStrength) + " for the Humans on Region Control"};
    case Op::kMatrix:
      return {"a Terrain Tactics deck of your choice face down onto this Matrix \\(at most " +
              N(kMatrixCapacity) + "\\)"};
    case Op::kFly:
      return {"up to " + N(n) + " of your units from this region to an unoccupied region"};
    case Op::kTeleport:
      return {"up to " + N(n) + " of your units from this region to any region within " + N(m) +
              " steps"};
    case Op::kPhaseStep:
      return {"move 1 of your units [^:]*within " + N(m) + " steps"};
    case Op::kPeek:
      return {"look at every face-down token"};
    case Op::kExplore:
      return {"draw a random Exploration token"};
    case Op::kDiscard:
      return {st.filter == CardFilter::kRecruit   ? "discard a card with recruit icons"
              : st.filter == CardFilter::kTerrain ? "discard a Terrain Tactics card"
                                                  : "discard a card"};
    case Op::kAirDrop:
      return {"deploy that many units"};
    case Op::kMoveBonus:
      return {"use before your action: [^.]*gives 1 more movement point"};
    case Op::kActionBonus:
      return {"use before your action: [^.]*gets " + plural(n, "extra point", "extra points")};
    case Op::kSpecialForces:
      return {"remove " + N(kSpecialForcesCost) + " \\(or " + N(2 * kSpecialForcesCost) +
              "\\) of your units[^.]*add 1 \\(or 2\\) units"};
    case Op::kRedeploy:
      return {"move one of your structures"};
    case Op::kDisassemble:
      return {"remove one of your structures[^.]*place " + N(kDisassembleUnits) +
              " units from your reserve there"};
    case Op::kAssemble:
      return {"return " + N(kAssembleUnits) +
              " of your units[^.]*build a structure there for free"};
    case Op::kFreeActivate:
      return {"activate one of your structures without paying"};
    case Op::kDistraction:
      return {"that objective resolves first"};
    case Op::kWithdraw:
      return {"move all your units out of a battle region"};
    case Op::kKidnap:
      return {"take 1 enemy unit as a prisoner from a region of that terrain"};
    case Op::kAncientCrystals:
      return {"at the next scoring, if you still control it, gain " + N(kAncientCrystalsVp) +
              " VP"};
    case Op::kMedic:
      return {"the first " + N(n) + " of your units that would be killed"};
    case Op::kAllRecruit:
      return {"every player places " + plural(n, "unit", "units") +
              " from their reserve in their HQ"};
    case Op::kCrystalRain:
      return {"every region without crystals \\(not an HQ\\) gains 1 crystal"};
    case Op::kAllDraw:
      return {"every player draws " + plural(n, "card", "cards")};
    case Op::kTrogMigration:
      return {"with 2 or 3 players: a face-down Trog Nest goes into every region [^.]*at least " +
              N(kMigrationCrystals) + " crystals\\. With 4 players: " +
              (n == 0 ? std::string("no effect") : "the Trogs recruit " + N(n))};
    case Op::kTremor:
      return {"every region with " + N(kTremorCrystals) + " or more crystals loses 1 crystal"};
    case Op::kWindfall:
      return {"the player or players with the fewest VP gain " + N(n) + " VP"};
    case Op::kBReinforce:
      return {n == 1
                  ? "1 unit from your reserve on(to)? (an|a battle) objective"
                  : "up to " + N(n) + " units from your reserve, one at a time, onto objectives"};
    case Op::kBStrength:
      return {"\\+" + N(n) + " on " + objective_name(m)};
    case Op::kBKill:
      return {"kill " + plural(n, "enemy unit", "enemy units") + " on an objective"};
    case Op::kBShift:
      return {n == 1 ? "move 1 of your units to another objective"
                     : "move up to " + N(n) + " of your units, one at a time, to other objectives"};
    case Op::kBPush:
      return {n == 1 ? "move 1 enemy unit to another objective"
                     : "move up to " + N(n) + " enemy units, one at a time, to other objectives"};
    default:
      return {};
  }
}

// Checks one hand-written text against its effect; returns the problems found.
std::string check_text(const std::string& who, const std::string& text, const Effect& e) {
  std::string problems;
  if (text.empty() != e.empty())
    return who + ": " + (text.empty() ? "no text for its effect" : "a text but no effect") + "\n";
  std::vector<bool> covered(text.size(), false);
  for (int i = 0; i < e.size; ++i) {
    const auto alternatives = phrases(e.steps[i]);
    if (alternatives.empty()) {
      problems += who + ": step " + N(i) + " has no phrase in this test\n";
      continue;
    }
    bool found = false;
    for (const auto& alt : alternatives) {
      const std::regex re(alt, std::regex::icase);
      for (auto it = std::sregex_iterator(text.begin(), text.end(), re);
           it != std::sregex_iterator(); ++it) {
        found = true;
        for (std::size_t k = 0; k < static_cast<std::size_t>(it->length()); ++k)
          covered[static_cast<std::size_t>(it->position()) + k] = true;
      }
    }
    if (!found)
      problems += who + ": the text does not say \"" + alternatives[0] + "\" (step " + N(i) +
                  "): " + text + "\n";
  }
  for (std::size_t k = 0; k < text.size(); ++k)
    if (std::isdigit(static_cast<unsigned char>(text[k])) && !covered[k]) {
      std::size_t end = k;
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      problems += who + ": the number " + text.substr(k, end - k) +
                  " is backed by no step of its effect: " + text + "\n";
      k = end;
    }
  return problems;
}

// T2: every hand-written effect text says each step of the effect the engine runs, with the
// data's numbers, and no number the data does not back.
TEST(CryHavocTexts, T2_EveryEffectTextSaysWhatItsEffectDoes) {
  const Content& c = content();
  std::string problems;
  int checked = 0;
  for (const auto& d : c.cards) {
    problems += check_text(d.id + " (after the action)", d.after_text, d.after);
    problems += check_text(d.id + " (tactics)", d.battle_text, d.battle);
    checked += 2;
  }
  for (const auto& s : c.structures)
    if (s.exists) problems += check_text(s.id, s.text, s.effect), ++checked;
  for (const auto& s : c.skills)
    if (!s.id.empty()) problems += check_text(s.id, s.text, s.effect), ++checked;
  for (const auto& t : c.events) problems += check_text(t.id, t.text, t.effect), ++checked;
  for (const auto& t : c.explores) problems += check_text(t.id, t.text, t.effect), ++checked;
  EXPECT_EQ(problems, "");
  EXPECT_GT(checked, 100);
}

// T2 is not a test that cannot fail: a text with a wrong number, a missing step or a stray
// number is caught.
TEST(CryHavocTexts, T2_AWrongTextIsCaught) {
  Effect vp2;
  vp2.steps[vp2.size++] = EffectStep{Op::kVp, 2, 0, CardFilter::kAny};
  EXPECT_EQ(check_text("x", "Gain 2 VP.", vp2), "");
  EXPECT_NE(check_text("x", "Gain 3 VP.", vp2), "");
  EXPECT_NE(check_text("x", "Gain 2 VP and draw 1 card.", vp2), "") << "a stray number";
  Effect two;
  two.steps[two.size++] = EffectStep{Op::kPayStore, 1, 0, CardFilter::kAny};
  two.steps[two.size++] = EffectStep{Op::kDraw, 2, 0, CardFilter::kAny};
  EXPECT_EQ(check_text("x", "Spend 1 crystal from your store: draw 2 cards.", two), "");
  EXPECT_NE(check_text("x", "Spend 1 crystal from your store.", two), "") << "a missing step";
}

// The card JSON of `turf cards` / `look`: the generated parts state the data (icons, copies,
// costs, default skills, Trogs and crystals of Trog tokens, the unit an empty one costs).
TEST(CryHavocTexts, T1_GeneratedTextsStateTheData) {
  const auto cards = game().cards();
  const Content& c = content();
  auto find = [&](const std::string& id) -> const nlohmann::json& {
    for (const auto& x : cards)
      if (x.at("id") == id) return x;
    throw std::logic_error("no card " + id);
  };
  for (const auto& d : c.cards) {
    const std::string t = find(d.id).at("text");
    if (d.move) {
      EXPECT_NE(t.find("Move " + N(d.move)), std::string::npos) << t;
    }
    if (d.recruit) {
      EXPECT_NE(t.find("Recruit " + N(d.recruit)), std::string::npos) << t;
    }
    if (d.build) {
      EXPECT_NE(t.find("Build " + N(d.build)), std::string::npos) << t;
    }
    EXPECT_EQ(t.find("star") != std::string::npos, d.star > 0) << t;
    const int n = find(d.id).at("count");
    EXPECT_NE(t.find(n == 1 ? "1 copy." : N(n) + " copies."), std::string::npos) << t;
  }
  for (const auto& s : c.structures) {
    if (!s.exists) continue;
    const std::string t = find(s.id).at("text");
    EXPECT_NE(t.find(plural(s.build_cost, "build point", "build points") + " to build, " +
                     N(s.activate_cost) + " to activate"),
              std::string::npos)
        << t;
  }
  for (const auto& s : c.skills) {
    if (s.id.empty()) continue;
    const std::string t = find(s.id).at("text");
    EXPECT_EQ(t.find("default skill") != std::string::npos, s.is_default) << t;
    EXPECT_EQ(t.find("Only in 4-player games") != std::string::npos, s.four_players_only) << t;
  }
  for (const auto* pool : {&c.war_parties, &c.nests})
    for (const auto& t : *pool) {
      const std::string text = find(t.id).at("text");
      if (t.trogs == 0) {
        EXPECT_NE(text.find("no Trogs appear, so the mover loses 1 unit there"), std::string::npos)
            << text;
      } else {
        EXPECT_NE(text.find(plural(t.trogs, "Trog unit", "Trog units")), std::string::npos) << text;
      }
      if (t.crystals) {
        EXPECT_NE(text.find(plural(t.crystals, "crystal", "crystals")), std::string::npos) << text;
      }
    }
  // The Empty Lair by name (issue 23): its text tells the unit the mover loses.
  EXPECT_NE(find("empty_lair").at("text").get<std::string>().find("loses 1 unit"),
            std::string::npos);
  // The objectives' VP are the engine's.
  EXPECT_NE(find("region_control").at("text").get<std::string>().find(N(kRegionControlVp) + " VP"),
            std::string::npos);
  EXPECT_NE(find("attrition").at("text").get<std::string>().find(N(kKillVp) + " VP a kill"),
            std::string::npos);
}

// T3: player-facing texts name no clause ids, files or raw field values: the card texts, the
// option help, the how-to page, and the reasons a card cannot be played.
TEST(CryHavocTexts, T3_PlayerTextsNameNoClausesFilesOrFields) {
  const std::regex developer(
      R"((\b[CRET]\d+(\.\d+)?\b)|\.md\b|\.json\b|docs/|data/|src/|_\w+\b|\b\w+_\w+\b)");
  auto clean = [&](const std::string& where, const std::string& text) {
    std::smatch m;
    EXPECT_FALSE(std::regex_search(text, m, developer))
        << where << ": \"" << m.str() << "\" in: " << text;
  };
  for (const auto& x : game().cards()) clean(x.at("id").get<std::string>(), x.at("text"));
  for (const auto& o : game().options) {
    clean("option " + o.name, o.help);
    for (const auto& v : o.choices) {
      EXPECT_EQ(v.find('_'), std::string::npos) << "option " << o.name << " value " << v;
      EXPECT_EQ(v, [&] {
        std::string l = v;
        for (auto& ch : l) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        return l;
      }()) << "option values are lower-case words";
    }
  }
  const std::string howto(embedded_file("data/cryhavoc/howto.md"));
  std::string line;
  std::size_t start = 0;
  while (start < howto.size()) {
    const auto end = howto.find('\n', start);
    line = howto.substr(start, end == std::string::npos ? std::string::npos : end - start);
    EXPECT_LE(line.size(), 79u) << "how-to line wider than the terminal: " << line;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  Public pub;
  pub.step = Step::kTactics;
  pub.battle.region = 0;
  pub.to_move = 0;
  for (int d = 0; d < static_cast<int>(content().cards.size()); ++d)
    clean("why " + content().cards[d].id + " is not playable", tactic_unplayable(pub, 0, d));
}

// T4 (issue 23): the how-to page lists the rulebook's five actions, says that using a skill is
// not one of them, and that only enemy units (never an Exploration token) bring a battle.
TEST(CryHavocTexts, T4_TheHowToListsTheFiveActionsAndWhatStartsABattle) {
  std::string howto(embedded_file("data/cryhavoc/howto.md"));
  howto = std::regex_replace(howto, std::regex(R"(\s+)"), " ");  // sentences across lines
  for (const char* action : {"MOVE", "RECRUIT", "BUILD", "DRAW 2", "ENABLE SCORING"})
    EXPECT_NE(howto.find(action), std::string::npos) << action;
  EXPECT_NE(howto.find("not an action"), std::string::npos);
  EXPECT_EQ(howto.find("or use a skill"), std::string::npos);
  const std::regex exploration_battle(R"(Exploration[^.]*battle token)");
  EXPECT_FALSE(std::regex_search(howto, exploration_battle));
}

// Issue 29: the end card speaks the game's unit (VP, never "points") and says why (C10): the VP,
// the regions held and the crystal VP they are worth; where VP are equal, what C10.6 decides it
// by (prisoners, then the later place in initiative).
TEST(CryHavocTexts, C10_TheResultWordsSayVpAndWhy) {
  int ties = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const int players = 2 + static_cast<int>(seed % 3);
    const Options options = game().resolve({{"players", std::to_string(players)}});
    auto s = turf::testing::random_game(game(), options, seed);
    const Position& p = dynamic_cast<const CryHavocState&>(*s).position();
    const View end = s->view(kSpectator, false);
    const auto held = standing(p.pub).held;  // C10.6
    for (Seat seat = 0; seat < players; ++seat) {
      const std::string w = game().result_words(end, seat);
      const int f = p.pub.seats[seat].faction;
      const int regions = regions_controlled(p, f);
      EXPECT_EQ(w.rfind(N(p.pub.seats[seat].vp) + " VP; at the end it held " +
                            plural(regions, "region", "regions") + ", worth " +
                            N(crystal_points(p, f)) + " VP in crystals",
                        0),
                0u)
          << w;
      EXPECT_EQ(w.find("point"), std::string::npos) << w;
      // the best-placed other seat with the same VP, if any
      const auto rank = s->ranking();
      int rival = -1;
      for (Seat o = 0; o < players; ++o)
        if (o != seat && p.pub.seats[o].vp == p.pub.seats[seat].vp &&
            (rival < 0 ||
             rank[static_cast<std::size_t>(o)] < rank[static_cast<std::size_t>(rival)]))
          rival = o;
      if (rival < 0) {
        EXPECT_EQ(w.find("ahead"), std::string::npos) << w;
        EXPECT_EQ(w.find("behind"), std::string::npos) << w;
        continue;
      }
      ++ties;
      const bool ahead =
          rank[static_cast<std::size_t>(seat)] < rank[static_cast<std::size_t>(rival)];
      const std::string by =
          held[rival] != held[seat] ? " on prisoners" : " on the initiative track";
      EXPECT_NE(w.find(std::string(ahead ? ", ahead" : ", behind") + by), std::string::npos) << w;
    }
  }
  std::printf("ties on VP met: %d\n", ties);
}

}  // namespace
}  // namespace turf::cryhavoc
