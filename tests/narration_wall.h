// The view wall for narration (issue 16), shared by the games' narration tests: a step narrated
// for a viewer must not depend on anything that viewer cannot see. For sampled positions of a
// seeded random game and every viewer, the step is replayed in worlds sampled from the viewer's
// view before it (View::sample_world), taking there the same action when the viewer is the mover
// and otherwise an action with the same public label; where neither the real nor the sampled
// step drew randomness or revealed anything (so the viewer learns nothing new), the narrations
// must be identical. For hidden choices, other viewers' narration must not contain the label the
// mover saw.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/game.h"
#include "core/narration.h"
#include "core/view.h"

namespace turf::testing {

inline std::string narration_text(const std::vector<Narration>& ns) {
  std::string out;
  for (const auto& n : ns) out += n.kind + ": " + n.text + "\n";
  return out;
}

inline std::vector<Narration> narrate_for(const State& before, Action a, Seat viewer,
                                          std::unique_ptr<State>& after) {
  NarratedAction act;
  act.mover = before.to_move();
  act.move_number = before.move_number();
  act.label = viewer == act.mover ? before.action_label(a) : before.public_label(a);
  after = before.clone();
  after->apply(a);
  return narrate_step(before.view(viewer, false), act, after->view(viewer, false));
}

// Returns the number of (step, viewer, world) comparisons made.
inline int check_narration_wall(const GameInfo& g, const Options& options, std::uint64_t seed,
                                int steps, int every, int worlds,
                                const std::vector<std::string>& hidden_must_not_show = {}) {
  auto state = g.create(options, seed);
  Rng rng(seed * 31 + 7);
  std::vector<Action> legal, wlegal;
  int compared = 0;
  for (int i = 0; i < steps && !state->terminal(); ++i) {
    state->legal_actions(legal);
    const Action a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    if (i % every == 0) {
      const Seat mover = state->to_move();
      std::vector<Seat> viewers{kSpectator};
      for (Seat s = 0; s < state->num_seats(); ++s) viewers.push_back(s);
      for (Seat viewer : viewers) {
        std::unique_ptr<State> after;
        const auto real = narrate_for(*state, a, viewer, after);
        const bool real_commit = after->undo_floor() == after->move_number();
        const std::string real_text = narration_text(real);
        if (viewer != mover && !real_commit && state->action_label(a) != state->public_label(a)) {
          // A hidden choice: nothing of it may show to the others.
          for (const auto& secret : hidden_must_not_show)
            if (state->action_label(a).find(secret) != std::string::npos) {
              EXPECT_EQ(real_text.find(secret), std::string::npos)
                  << g.id << " step " << i << " viewer " << viewer << ": " << real_text;
            }
        }
        const View before = state->view(viewer, false);
        for (int k = 0; k < worlds; ++k) {
          auto world = before.sample_world(rng);
          if (world->to_move() != mover) continue;
          Action wa = -1;
          world->legal_actions(wlegal);
          for (Action b : wlegal) {
            const bool same =
                viewer == mover ? b == a : world->public_label(b) == state->public_label(a);
            if (same) {
              wa = b;
              break;
            }
          }
          if (wa < 0) continue;
          std::unique_ptr<State> wafter;
          const auto sampled = narrate_for(*world, wa, viewer, wafter);
          if (real_commit || wafter->undo_floor() == wafter->move_number()) continue;
          EXPECT_EQ(narration_text(sampled), real_text)
              << g.id << " step " << i << " viewer " << viewer << " world " << k;
          ++compared;
        }
      }
    }
    state->apply(a);
  }
  return compared;
}

}  // namespace turf::testing
