// Helpers of every game's content-variant tests (core/variant.h, docs/lab.md "Variants").
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/rng.h"
#include "core/variant.h"

namespace turf::variant_test {

// The option value of a variant: its name and its patch (given as JSON text).
inline std::string variant_text(const std::string& name, const std::string& patch) {
  return variant_option_text({name, nlohmann::json::parse(patch)});
}

// What the game's option "variant" makes of a patch: "(accepted)", or the refusal in its words.
inline std::string refusal(const GameInfo& game, const std::string& patch) {
  try {
    game.resolve({{"variant", variant_text("v", patch)}});
  } catch (const Error& e) {
    return e.what();
  }
  return "(accepted)";
}

// Plays two games made alike (same variant, seed) with the same random actions to the end, checking
// same(a, b) after every action (determinism, whichever content slot each landed in).
template <class Same>
void expect_same_game(State& a, State& b, std::uint64_t seed, Same same) {
  std::vector<Action> legal;
  Rng rng(seed);
  while (!a.terminal()) {
    a.legal_actions(legal);
    const Action x = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    a.apply(x);
    b.apply(x);
    ASSERT_TRUE(same(a, b));
  }
}

}  // namespace turf::variant_test
