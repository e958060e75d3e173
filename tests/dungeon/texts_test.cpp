// Issue 23: the dungeon's texts say what the engine does. Card texts agree with the shapes and
// monsters the rules run, the how-to page gives the turn in the engine's (and the rulebook's)
// order — the draw first (D3) — and the option help speaks the player's language (no clause ids,
// no file names, every choice explained). docs/rules/dungeon.md, "Texts", lists which texts are
// generated and which are hand-written.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <string>

#include "core/embedded.h"
#include "core/game.h"
#include "core/narration.h"
#include "games/dungeon/game.h"
#include "narration_wall.h"

namespace turf::dungeon {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

const GameInfo& game() {
  return Registry::instance().find("dungeon");
}

// D1, D5, D6.2: a tile's text gives its open sides, whether a monster may sit on it and the lines
// a monster there has under both readings of R1; a monster's text the type it defeats, the type
// that defeats it and its copies per deck.
TEST(DungeonTexts, D1_D5_CardTextsAgreeWithTheData) {
  const Content& c = content();
  const auto cards = game().cards();
  static const char* const kCount[] = {"no", "one", "two", "three", "four"};
  for (int s = 0; s < kNumShapes; ++s) {
    const ShapeDef& d = c.shapes[s];
    const std::string text = cards[s].at("text");
    EXPECT_TRUE(has(text, std::string(d.passages == 4 ? "all four" : kCount[d.passages]) +
                              (d.passages == 2   ? ""
                               : d.passages == 1 ? " side"
                                                 : " sides")))
        << text;
    EXPECT_EQ(has(text, "No monster may be placed"), !d.hosts_monsters) << text;
    if (!d.hosts_monsters) continue;
    int axes = 0;  // D6.2: one line per passage through the tile
    for (int dir : {kN, kE}) axes += (d.base_mask >> dir & 1) || (d.base_mask >> (dir + 2) & 1);
    EXPECT_TRUE(has(
        text, std::to_string(axes) + (axes == 1 ? " line of influence" : " lines of influence")))
        << text;
    if (d.passages != axes) {
      EXPECT_TRUE(has(text, std::to_string(d.passages) + " lines if influence runs by open side"))
          << text;
    }
  }
  for (int t = 0; t < kNumTypes; ++t) {
    const MonsterDef& m = c.monsters[t];
    const std::string text = cards[kNumShapes + t].at("text");
    EXPECT_TRUE(has(text, "Defeats a " + c.monsters[m.defeats].name + ":")) << text;
    for (int o = 0; o < kNumTypes; ++o) {
      if (c.monsters[o].defeats == t) {
        EXPECT_TRUE(has(text, "Defeated by a " + c.monsters[o].name + ".")) << text;
      }
    }
    EXPECT_TRUE(has(text, std::string(m.per_deck == 2 ? "Two" : "?") + " in each monster deck"))
        << text;
  }
}

// D3 (the rulebook's "Turn start: draw one Dungeon Card"): the engine draws at the start of a
// turn, and the how-to says so as the turn's first step (issue 23: it said the end).
TEST(DungeonTexts, D3_HowToDrawsAtTheStartOfTheTurn) {
  Position p;
  setup(p, 0, 9);
  EXPECT_EQ(p.hand_size[p.to_move], 2);  // drawn before the first decision
  const std::string howto(embedded_file("data/dungeon/howto.md"));
  const auto draw = howto.find("1. You draw a tile");
  const auto pick = howto.find("2. Pick one");
  ASSERT_NE(draw, std::string::npos) << howto;
  ASSERT_NE(pick, std::string::npos) << howto;
  EXPECT_LT(draw, pick);
  for (const auto& m : content().mixes) EXPECT_TRUE(has(howto, m.id)) << m.id;
  EXPECT_TRUE(has(howto, std::to_string(kDeckSize) + " dungeon tiles"));
  EXPECT_FALSE(std::regex_search(howto, std::regex(R"(\b[DR]\d+(\.\d+)?\b|\.json|docs/)")));
  std::size_t start = 0;
  for (std::size_t end = howto.find('\n'); end != std::string::npos;
       start = end + 1, end = howto.find('\n', start)) {
    std::size_t width = 0;
    for (std::size_t i = start; i < end; ++i) width += (howto[i] & 0xC0) != 0x80;
    EXPECT_LE(width, 80u) << howto.substr(start, end - start);
  }
}

// Issue 23: option help (shown in the web lobby and `turf play --help`) names no clause and no
// file, and explains every choice by name; the tile mixes are listed with their tiles from the
// data.
TEST(DungeonTexts, OptionHelpSpeaksThePlayersLanguage) {
  for (const auto& o : game().options) {
    EXPECT_FALSE(std::regex_search(o.help, std::regex(R"(\b[A-Z]\d+(\.\d+)?\b|\.json|\.md|/)")))
        << o.name << ": " << o.help;
    for (const auto& choice : o.choices)
      EXPECT_TRUE(has(o.help, choice)) << o.name << ": " << choice;
  }
  const auto& tiles = game().options.at(1);
  ASSERT_EQ(tiles.name, "tiles");
  for (const auto& m : content().mixes) {
    const auto at = tiles.help.find(m.id + " (");
    ASSERT_NE(at, std::string::npos) << tiles.help;
    const std::string listed = tiles.help.substr(at, tiles.help.find(')', at) - at);
    EXPECT_TRUE(has(listed, std::to_string(m.counts[kStraight]) + " straight")) << listed;
    EXPECT_TRUE(has(listed, std::to_string(m.counts[kCross]) + " cross")) << listed;
  }
}

// Issue 23: every decision is told in words, to its mover and to the others ("{P1} picks an L tile
// to place.", "{P2} picks one of its tiles to place."), never as a bare label ("{P1}: tile L"),
// and a pass is told even when the other player's draw follows in the same step.
TEST(DungeonTexts, EveryDecisionIsASentence) {
  const Options options = game().resolve({});
  int passes = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    auto s = game().create(options, seed);
    Rng r(seed);
    std::vector<Action> legal;
    while (!s->terminal()) {
      s->legal_actions(legal);
      const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
      const Seat mover = s->to_move();
      for (Seat viewer : {mover, Seat{1 - mover}, kSpectator}) {
        std::unique_ptr<State> after;
        const auto ns = turf::testing::narrate_for(*s, a, viewer, after);
        ASSERT_FALSE(ns.empty());
        EXPECT_EQ(ns.front().text.rfind("{P" + std::to_string(mover + 1) + "} ", 0), 0u)
            << turf::testing::narration_text(ns);
        for (const auto& n : ns) EXPECT_EQ(n.text.find("}: "), std::string::npos) << n.text;
        if (s->action_label(a) == "pass") {
          EXPECT_EQ(ns.front().kind, "pass");
          passes += viewer == kSpectator;
        }
      }
      s->apply(a);
    }
  }
  EXPECT_GT(passes, 0);
}

}  // namespace
}  // namespace turf::dungeon
