// Seats: the one place a seat list becomes seats. A seat is written as "human", a level ("easy",
// "normal", "hard": the game's preset, bots/presets.h), a bot spec ("mcts:iters=500") or
// "ext:COMMAND" (a program that plays over JSON lines, docs/bots.md). Each gets its agent text
// (what the record keeps), a display name and, at the table, its agent, built once and kept for
// the whole match, with its own seed by one rule.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bots/agent.h"
#include "core/match.h"
#include "table/limits.h"

namespace turf::table {

enum class SeatKind { kHuman, kBot, kExternal };

// The kind of a seat from its agent text ("human", "ext:...", anything else a bot).
SeatKind seat_kind(std::string_view agent);

struct SeatPlan {
  SeatKind kind = SeatKind::kHuman;
  std::string asked;  // as written: "normal", "mcts:iters=500", "ext:./bot.py"
  std::string agent;  // as the record keeps it: "human", the bot spec, "ext:./bot.py"
  std::string name;   // display name
};

// One seat as written, checked against the limits (a bad or too costly spec throws Error with a
// "did you mean" where it helps). Its name is the default one (seat_name).
SeatPlan plan_seat(const GameInfo& game, std::string_view text, const BotLimits& limits);
// A comma-separated list, one spec per seat (bots/agent.h split_seat_specs: "mcts:iters=9,c=1"
// is one seat); throws Error unless it names exactly `players` seats.
std::vector<SeatPlan> plan_seats(const GameInfo& game, const std::string& list, int players,
                                 const BotLimits& limits);
// The one name rule of every front end (the table server, `turf play --names` and `--resume`,
// name_seats; the web lobby checks the same rule in web/src/names.ts checkName, and both are
// tested on the cases of tests/fixtures/seat_names.json; docs/protocol.md "Names"). Valid UTF-8;
// runs of spaces collapse to one and the ends are trimmed; then at most kSeatNameChars
// characters; no control, zero-width or direction-changing character (a name must not reorder
// or hide the text around it: names are printed on terminals and pages); no bracket ()[]{}<>,
// so that no name passes for a tag such as "(bot)" or a placeholder such as "{P2}"; not
// "Player N" of another seat. Returns the name as kept ("" when blank: the seat then takes its
// default name); anything else is an Error saying what is wrong ("the name ...").
inline constexpr std::size_t kSeatNameChars = 24;
std::string seat_name(std::string_view given, Seat seat);
// seat_name(names[i], i) for the i-th of a list given by a person (`--names A,B`); its Error
// says which name: "name 2: the name cannot hold brackets".
std::string listed_seat_name(const std::vector<std::string>& names, std::size_t i);

// How unnamed bots are called: by what plays them ("normal 2", "mcts 3", "ext 2": the terminal
// and the lab) or "Bot 2" (the table server, docs/protocol.md "Names").
enum class BotNames { kByBot, kGeneric };
// Gives names: seat_name(names[i], i) where given and not blank (an Error "name N: ..." where it
// breaks the rule); else the default: player_name for a human ("Player 2"), a bot by `bots`
// with the seat number. Two seats named alike (ignoring case) are an Error.
void name_seats(std::vector<SeatPlan>& seats, const std::vector<std::string>& names = {},
                BotNames bots = BotNames::kByBot);
// The match's seats from the plans.
std::vector<SeatInfo> seat_infos(const std::vector<SeatPlan>& seats);

// Where a bot's own randomness comes from. kFromMatch: derived from the match seed
// (mix_seed(seed, seat + 1)), so the match is reproducible from its seed, bots included (the lab,
// and `turf play --seed`: whoever knows such a seed knows the deal anyway). kFromOs: fresh from
// the operating system, which no seat can derive (a match with a fresh seed, the server).
enum class SeedRule { kFromMatch, kFromOs };
std::uint64_t agent_seed(SeedRule rule, std::uint64_t match_seed, Seat seat);

// The agent of a seat of a match (null for a human), checked against the limits. `seed` drives
// its randomness (an external bot's: its fallback bot's); `log` receives an external bot's clear
// lines (its failure and what follows; empty: "turf: LINE" on stderr).
std::shared_ptr<Agent> make_agent(const Match& match, Seat seat, const BotLimits& limits,
                                  std::uint64_t seed,
                                  const std::function<void(const std::string&)>& log = {});

}  // namespace turf::table
