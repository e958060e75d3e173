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
#include "core/rng.h"
#include "core/view.h"
#include "games/dungeon/game.h"
#include "narration_wall.h"
#include "random_game.h"

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
  setup(p, {0}, 9);
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
// file, and explains every choice by its label (issue 29: "Dead ends", never the id); the tile
// mixes are listed with their tiles from the data.
TEST(DungeonTexts, OptionHelpSpeaksThePlayersLanguage) {
  for (const auto& o : game().options) {
    EXPECT_FALSE(std::regex_search(o.help, std::regex(R"(\b[A-Z]\d+(\.\d+)?\b|\.json|\.md|/)")))
        << o.name << ": " << o.help;
    for (std::size_t i = 0; i < o.choices.size(); ++i)
      EXPECT_TRUE(has(o.help, o.label(i) + ":")) << o.name << ": " << o.label(i);
  }
  const auto& tiles = game().options.at(1);
  ASSERT_EQ(tiles.name, "tiles");
  for (const auto& m : content().mixes) {
    const auto at = tiles.help.find(choice_label(m.id) + ": ");
    ASSERT_NE(at, std::string::npos) << tiles.help;
    const std::string listed = tiles.help.substr(at, tiles.help.find('.', at) - at);
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

// Issue 29: the end card says why a seat has its points (D6): the monsters that scored them, by
// name and place, each with its points, adding up to the seat's score; a seat with none says so.
TEST(DungeonTexts, D6_TheResultWordsNameTheMonstersThatScored) {
  for (const char* influence : {"passage", "direction"}) {
    const Options options = game().resolve({{"influence", influence}});
    int named = 0, more = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      auto s = turf::testing::random_game(game(), options, seed);
      const Position& p = dynamic_cast<const DungeonState&>(*s).position();
      const View end = s->view(kSpectator, false);
      const auto pts = score(p);
      for (Seat seat = 0; seat < kSeats; ++seat) {
        const std::string w = game().result_words(end, seat);
        const std::string total =
            std::to_string(pts[seat]) + (pts[seat] == 1 ? " point" : " points");
        ASSERT_EQ(w.rfind(total, 0), 0u) << w;
        if (pts[seat] == 0) {
          EXPECT_EQ(w, total + " (no monster of theirs rules a corridor)");
          continue;
        }
        int sum = 0;
        static const std::regex kBy(R"((\d+) by the ([A-Za-z' -]+?) at (-?\d+),(-?\d+))");
        for (auto it = std::sregex_iterator(w.begin(), w.end(), kBy); it != std::sregex_iterator();
             ++it) {
          const int x = std::stoi((*it)[3]), y = std::stoi((*it)[4]);
          const int t = p.tile_at(x, y);
          ASSERT_GE(t, 0) << w;
          ASSERT_NE(p.tiles[t].top, kNone) << w;
          const PlayedMonster& m = p.monsters[p.tiles[t].top];
          EXPECT_EQ(m.owner, seat) << w;
          EXPECT_EQ(content().monsters[m.type].name, (*it)[2].str()) << w;
          sum += std::stoi((*it)[1]);
          ++named;
        }
        static const std::regex kMore(R"(and (\d+) by (\d+) more monsters?$)");
        std::smatch m;
        if (std::regex_search(w, m, kMore)) {
          sum += std::stoi(m[1]);
          ++more;
        }
        EXPECT_EQ(sum, pts[seat]) << w;
      }
    }
    EXPECT_GT(named, 10) << influence;
    EXPECT_GT(more, 0) << influence << ": no seat scored with more than three monsters";
  }
}

}  // namespace
}  // namespace turf::dungeon
