// Bot presets: the spec behind "easy", "normal" and "hard" for each game. This file is the one
// place that decides them: `turf play` (its default opponent is "normal"), `turf arena`, `turf sim`
// and the table server (turf serve) all read a level through resolve_bot_spec().
//
// Chosen from the measurements in docs/ai.md ("Presets"): "hard" answers a decision within about
// a second on the 2-core build machine on one thread (a table server runs many bots at once) and
// is the strongest such setting measured; "normal" takes a fraction of that; "easy" is a bot a
// beginner can beat. Iteration budgets, not time limits, so that a preset plays the same however
// loaded the machine is.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace turf {

// The preset levels, weakest first.
const std::vector<std::string>& bot_levels();
// The bot spec for a game and a level ("easy", "normal", "hard"); throws Error for an unknown
// game or level.
std::string bot_preset(std::string_view game, std::string_view level);
// What a seat or agent spec means in a game: a level ("easy", "normal", "hard") becomes the game's
// preset; "human" and bot specs ("greedy", "mcts:iters=500") come back as written (make_bot checks
// their keys and values). An unknown name throws Error naming the bots and levels, with a "did you
// mean" for a misspelt one ("hrad", "Normal").
std::string resolve_bot_spec(std::string_view game, std::string_view text);

}  // namespace turf
