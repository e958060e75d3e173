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
  // The cards the game itself played (a line of the public narration that concerns no seat names
  // it: an Event), by card id and the line's kind ("event"): {"rain": {"event": 1}}.
  std::map<std::string, std::map<std::string, int>> game_uses;
  std::string record;  // JSON text, when kept
};

// Plays one game between agents (one spec per seat) with the given game seed; agent seeds are
// derived from it. With card_uses, GameResult::uses is filled (card_uses_of).
GameResult play_game(const GameInfo& game, const Options& options,
                     const std::vector<std::string>& seats, std::uint64_t seed, bool keep_record,
                     bool card_uses = false);

// The cards used in a finished match (issue 31, per-card answers), from one replay of the game
// from its seed:
// - seats: the cards each seat's actions named: an action names a card when a string field of its
//   JSON form (State::action_to_json; "type" and "step" aside) is a card's id or, in any case, its
//   name. The verb is the first word of the action's label ("buy Porch Light ($2)": buy), or
//   "chosen" when the label starts with the card's name ("Sea Attack (50)", "Were-Rat at 0,1").
// - game: the cards the game itself played (GameResult::game_uses): a line of the public
//   narration (what a spectator is told) that concerns no seat and is not an action's line, whose
//   data names a card by id or name, counts for that card under the line's kind (once a step: the
//   first such line's).
struct CardUses {
  std::vector<std::map<std::string, std::map<std::string, int>>> seats;
  std::map<std::string, std::map<std::string, int>> game;
};
CardUses card_uses_of(const Match& match);

}  // namespace turf::lab
