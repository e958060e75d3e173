// Bot presets: the spec behind "easy", "normal" and "hard" for each game (turf serve's tables).
//
// Chosen from the measurements in docs/ai.md so that "hard" answers a decision within about a
// second on the 2-core build machine (one thread: a table server runs many bots at once), and
// "easy" is a bot a beginner can beat. To be tuned by a later issue; the figures live in
// docs/ai.md.
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

}  // namespace turf
