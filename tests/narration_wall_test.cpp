// Narration behind the view wall (issue 16), for every game and player count: no narration line a
// viewer gets depends on anything hidden from that viewer, and the mover's secret choice never
// reaches another seat's narration of that step.
//
// Method: along seeded random games, each step is narrated for every seat and the spectator. Then
// worlds are sampled from the viewer's view before the step (everything hidden re-dealt); where the
// same action is legal there and leaves the viewer with the same view after it, the viewer knows
// nothing that tells the two worlds apart, so the narration must be identical.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/match.h"
#include "core/narration.h"
#include "core/view.h"

namespace turf {
namespace {

nlohmann::json story_json(const std::vector<Narration>& story) {
  auto j = nlohmann::json::array();
  for (const auto& n : story) j.push_back(n.to_json());
  return j;
}

std::vector<Narration> narrate(const State& before_state, Action a, Seat viewer) {
  NarratedAction act;
  act.mover = before_state.to_move();
  act.move_number = before_state.move_number();
  act.label = (viewer == act.mover || viewer == kOmniscient) ? before_state.action_label(a)
                                                             : before_state.public_label(a);
  auto after = before_state.clone();
  after->apply(a);
  return narrate_step(before_state.view(viewer, false), act, after->view(viewer, false));
}

TEST(NarrationWall, NoNarrationLineDependsOnWhatTheViewerCannotSee) {
  for (const auto& g : Registry::instance().games()) {
    for (int players = g->min_players; players <= g->max_players; ++players) {
      const Options options = g->resolve({{"players", std::to_string(players)}});
      int compared = 0;
      for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        auto state = new_game(*g, options, seed * 7919);
        Rng rng(seed);
        std::vector<Action> legal;
        for (int step = 0; step < 70 && !state->terminal(); ++step) {
          state->legal_actions(legal);
          const Action a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
          const Seat mover = state->to_move();
          std::vector<Seat> viewers{kSpectator};
          for (Seat s = 0; s < state->num_seats(); ++s) viewers.push_back(s);
          for (Seat viewer : viewers) {
            const auto real = story_json(narrate(*state, a, viewer));
            auto real_after = state->clone();
            real_after->apply(a);
            const auto real_view = real_after->view(viewer, false).to_json();
            // The mover's secret (its full label, when others read less) stays out of the step's
            // narration for everyone else.
            // A step that reveals (a commit point: every faction shown once the last is chosen,
            // an action card turned over) may name what it revealed.
            const bool reveals = real_after->undo_floor() == real_after->move_number();
            const std::string full = state->action_label(a), shown = state->public_label(a);
            if (viewer != mover && full != shown && !reveals) {
              for (const auto& n : real) {
                EXPECT_EQ(n["text"].get<std::string>().find(full), std::string::npos)
                    << g->id << " players=" << players << " viewer " << viewer << ": " << n["text"]
                    << " reveals '" << full << "'";
              }
            }
            const View before = state->view(viewer, false);
            for (int k = 0; k < 3; ++k) {
              auto world = before.sample_world(rng);
              if (!world->is_legal(a)) continue;
              auto world_after = world->clone();
              world_after->apply(a);
              // A world where the step ends differently for the viewer (another tile drawn,
              // another card revealed) tells the viewer something: not comparable.
              if (world_after->view(viewer, false).to_json() != real_view) continue;
              ++compared;
              EXPECT_EQ(story_json(narrate(*world, a, viewer)), real)
                  << g->id << " players=" << players << " seed " << seed << " step " << step
                  << " viewer " << viewer;
            }
          }
          state->apply(a);
        }
      }
      EXPECT_GT(compared, 50) << g->id << " players=" << players
                              << ": too few comparable worlds to check the wall";
    }
  }
}

// The narration the table and replays show (narrate_history) is the step narration of each action,
// for seats, the spectator and the omniscient viewer alike.
TEST(NarrationWall, HistoryNarrationMatchesStepNarrationForEveryViewer) {
  for (const auto& g : Registry::instance().games()) {
    const Options options = g->resolve({});
    Match m(*g, options, 5, std::vector<SeatInfo>(options.players()));
    Rng rng(9);
    std::vector<Action> legal;
    for (int i = 0; i < 30 && !m.over(); ++i) {
      m.state().legal_actions(legal);
      m.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    for (Seat viewer : {Seat{0}, kSpectator, kOmniscient}) {
      const auto story = narrate_history(m, viewer);
      for (std::size_t i = 0; i < m.history().size(); ++i) {
        auto s = m.state_at(static_cast<int>(i));
        EXPECT_EQ(story_json(story[i]), story_json(narrate(*s, m.history()[i].id, viewer)))
            << g->id << " step " << i;
      }
    }
  }
}

}  // namespace
}  // namespace turf
