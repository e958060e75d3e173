// The narration contract (core/narration.h): default lines, placeholders, history replay.
#include <gtest/gtest.h>

#include "core/match.h"
#include "core/narration.h"

namespace turf {
namespace {

TEST(Narration, RenderReplacesSeatPlaceholdersWithNames) {
  EXPECT_EQ(render_narration("{P1} attacks {P2}.", {"Ana", "Bo"}), "Ana attacks Bo.");
  EXPECT_EQ(render_narration("{P3} wins", {"Ana", "Bo"}), "Player 3 wins");
  EXPECT_EQ(render_narration("{P} {Px} {P0} {P12345} {", {"Ana"}), "{P} {Px} {P0} {P12345} {");
}

TEST(Narration, HistoryHasOneEntryPerActionAndEveryEntryHasText) {
  for (const auto& g : Registry::instance().games()) {
    const Options options = g->resolve({});
    Match m(*g, options, 11, std::vector<SeatInfo>(options.players()));
    Rng rng(5);
    std::vector<Action> legal;
    for (int i = 0; i < 40 && !m.over(); ++i) {
      m.state().legal_actions(legal);
      m.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    for (Seat viewer : {Seat{0}, kSpectator}) {
      const auto story = narrate_history(m, viewer);
      ASSERT_EQ(story.size(), m.history().size()) << g->id;
      for (const auto& step : story) {
        ASSERT_FALSE(step.empty()) << g->id;
        for (const auto& n : step) EXPECT_FALSE(n.text.empty()) << g->id << " " << n.kind;
      }
    }
  }
}

}  // namespace
}  // namespace turf
