#include "bots/presets.h"

#include <cctype>

#include "bots/agent.h"
#include "core/game.h"

namespace turf {

const std::vector<std::string>& bot_levels() {
  static const std::vector<std::string> levels{"easy", "normal", "hard"};
  return levels;
}

std::string bot_preset(std::string_view game, std::string_view level) {
  struct Row {
    const char* game;
    const char* easy;
    const char* normal;
    const char* hard;
  };
  // docs/ai.md, "Presets": CPU time a decision on one core of the build machine (median / 90th
  // percentile over a game). dungeon: 3000 iterations 46 / 76 ms; after the open-spot cache and
  // the allocation-free search (issue 18) 120000 measured 0.86 / 1.04 s, so hard is 100000.
  // yard (rollouts cut off after 60 actions): 2000 iterations 19 / 19 ms at two players, 19 / 20
  // ms at three, 20 / 24 ms at four; 80000 0.86 / 0.93 s at two and 0.88 / 0.90 s at four
  // (the first 25 decisions of a game). turfwars (cut-off 12) and cryhavoc: `hard` answers in
  // about a second (90th percentile, one core) at the slowest player count (6 and 4; turfwars
  // 180000 measured 0.96 / 1.23 s at 6 after the kernel's tallies, so hard is 150000), `normal`
  // in ~20 ms (bench/decision_times.cpp). easy is greedy (one ply).
  static const Row rows[] = {
      {"dungeon", "greedy", "mcts:iters=3000", "mcts:iters=100000"},
      {"yard", "greedy", "mcts:iters=2000,cutoff=60", "mcts:iters=80000,cutoff=60"},
      {"turfwars", "greedy", "mcts:iters=3000,cutoff=12", "mcts:iters=150000,cutoff=12"},
      {"cryhavoc", "greedy", "mcts:iters=1000", "mcts:iters=25000"},
  };
  for (const auto& r : rows) {
    if (game != r.game) continue;
    if (level == "easy") return r.easy;
    if (level == "normal") return r.normal;
    if (level == "hard") return r.hard;
    throw Error("unknown bot level '" + std::string(level) + "' (levels: easy, normal, hard)" +
                did_you_mean(level, bot_levels()));
  }
  throw Error("no bot presets for game '" + std::string(game) + "'");
}

std::string resolve_bot_spec(std::string_view game, std::string_view text) {
  for (const auto& level : bot_levels())
    if (text == level) return bot_preset(game, level);
  const std::string_view name = text.substr(0, text.find(':'));
  if (name == "human") return std::string(text);
  for (const auto& level : bot_levels())
    if (name == level)  // "hard:threads=2"
      throw Error("the level '" + level + "' takes no settings; write the bot spec instead (" +
                  level + " is " + bot_preset(game, level) + " in " + std::string(game) + ")");
  const auto bots = bot_names();
  for (const auto& b : bots)
    if (name == b) return std::string(text);
  std::vector<std::string> known = bots;
  known.insert(known.end(), bot_levels().begin(), bot_levels().end());
  known.emplace_back("human");
  std::string hint;
  for (const auto& k : known) {  // did_you_mean ignores case, and so proposes nothing for "Hard"
    bool same = k.size() == name.size();
    for (std::size_t i = 0; same && i < k.size(); ++i)
      same = std::tolower(static_cast<unsigned char>(name[i])) == k[i];
    if (same) hint = " (did you mean '" + k + "'?)";
  }
  if (hint.empty()) hint = did_you_mean(name, known);
  std::string list;
  for (const auto& b : bots) list += (list.empty() ? "" : ", ") + b;
  throw Error("unknown bot '" + std::string(name) + "' (bots: " + list +
              "; levels: easy, normal, hard; or human)" + hint);
}

}  // namespace turf
