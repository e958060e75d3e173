// Playing one game between bots, for the balance lab and the arena. The game seed fixes the
// set-up and, through seeds derived from it, every agent's randomness: a game's result depends
// only on its seed, never on the thread that plays it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/match.h"

namespace turf::lab {

struct GameResult {
  long index = 0;
  std::uint64_t seed = 0;
  std::vector<double> scores;
  std::vector<int> ranking;
  int length = 0;
  std::vector<std::map<std::string, std::string>> attributes;  // per seat
  std::map<std::string, double> counters;                      // per game, declared by the game
  // Per seat, the cards of GameInfo::cards its actions named, by card id and verb ("buy",
  // "play", "keep", "chosen" ...): {"porch_light": {"buy": 1, "play": 3}} (when asked for).
  std::vector<std::map<std::string, std::map<std::string, int>>> uses;
  std::string record;  // JSON text, when kept
};

// Plays one game between agents (one spec per seat) with the given game seed; agent seeds are
// derived from it. With card_uses, GameResult::uses is filled (card_uses_of).
GameResult play_game(const GameInfo& game, const Options& options,
                     const std::vector<std::string>& seats, std::uint64_t seed, bool keep_record,
                     bool card_uses = false);

// The cards each seat's actions named in a finished match (issue 31, per-card answers): the game
// is replayed from its seed, and an action names a card when a string field of its JSON form
// (State::action_to_json; "type" and "step" aside) is a card's id or, in any case, its name. The
// verb is the first word of the action's label ("buy Porch Light ($2)": buy), or "chosen" when
// the label starts with the card's name ("Sea Attack (50)", "Were-Rat at 0,1").
std::vector<std::map<std::string, std::map<std::string, int>>> card_uses_of(const Match& match);

}  // namespace turf::lab
