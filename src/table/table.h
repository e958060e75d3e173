// The table: a Match with its seats, under every front end (turf play, turf serve, turf arena,
// turf sim; docs/architecture.md, "The table layer"). It knows whose turn it is, runs bot turns
// (on any thread, with a copied view), applies actions and takes them back with typed refusals,
// keeps each viewer's story incrementally, says the result, and tells one change hook of every
// change (the front end's storage: a sealed live record, SQLite, or nothing).
//
// Threads: a Table is used from one thread at a time. A bot's decision is a BotTurn, a value that
// holds a copy of the seat's view, the narration its agent has not yet been told, its agent and
// stop signal; it runs on any thread, and its answer comes back through complete() on the
// table's thread. The table hands out one turn per seat at a time, so an agent never decides
// twice at once. Agents live as long as the table (a turn holds its agent too, so a table may go
// while a turn still runs).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bots/agent.h"
#include "core/match.h"
#include "core/narration.h"
#include "table/limits.h"
#include "table/seats.h"

namespace turf::table {

// Why an act or undo was refused (kNone: it was not).
enum class Refusal { kNone, kSpectator, kNotYourTurn, kStale, kIllegal, kCannotUndo };
// The protocol's code ("spectator", "not_your_turn", "stale", "illegal", "cannot_undo"; "" for
// kNone; docs/protocol.md).
const char* refusal_code(Refusal r);
// The same in words for a person at the table.
std::string refusal_text(Refusal r);

struct TableConfig {
  BotLimits limits = BotLimits::cli();
  SeedRule seeds = SeedRule::kFromMatch;
  // Where external bots' clear lines go (a failure and what follows it); empty: "turf: LINE" on
  // stderr. `turf play` shows them to the next human.
  std::function<void(const std::string&)> external_log;
};

// A change of the match, as the change hook hears it (after it happened).
struct Change {
  enum class Kind { kAct, kUndo };
  Kind kind = Kind::kAct;
  int move = 0;       // kAct: the index of the action; kUndo: how many actions are left
  Seat seat = 0;      // kAct: the seat that acted; kUndo: the seat that took back
  Action action = 0;  // kAct
  int undone = 0;     // kUndo: how many were taken back
  // kAct: the table's event told with this action (a stand-in's timeout_note), else null: what
  // a store keeps so that a reloaded table tells it again (Table::note).
  const Narration* note = nullptr;
};

// Why a bot decides for a human seat (a turn-based table's deadline, a clock), and what it does:
// kOnce, one decision (the seat stays its player's); kFromNow, the seat is the bot's until its
// player comes back (Table::seat_back).
enum class StandIn { kOnce, kFromNow };
// The line every viewer is told with the stand-in's action (kind "timeout"; data {"rule":
// "move" or "bot", "bot": level}): "{P2} ran out of time: the easy bot moved for {P2}." The
// same words at the table, in a reloaded table and in a replay.
Narration timeout_note(Seat seat, StandIn how, const std::string& bot);
// The line told when seat `by` asked `bot` to play for `seat`, whose player had left the table:
// "{P1} asked the normal bot to play for {P2} until {P2} comes back."
Narration replaced_note(Seat seat, Seat by, const std::string& bot);

// One bot decision, ready to run on any thread.
class BotTurn {
 public:
  Seat seat() const { return seat_; }
  int move() const { return move_; }  // the number of actions when it was handed out
  const View& view() const { return view_; }
  // Runs the decision here: tells the agent the news (observe, for an agent that reads words),
  // starts the decision's cap in wall-clock time (the limits; an external bot keeps its own time)
  // and calls Agent::decide. Empty when
  // the turn was stopped (stop()) meanwhile: its answer is not to be played. An agent's exception
  // passes through. With `slices`, a built-in bot's decision first waits for a runner and then
  // runs in turns with the others (bots/agent.h TimeSlices; its cap counts from its first slice);
  // an external program's decision takes no share (its time is the program's, not ours).
  std::optional<Action> run(TimeSlices* slices = nullptr) const;
  // Abandons the decision (any thread): it ends within about 100 ms and run() returns nothing.
  void stop() const { stop_->stop(); }
  bool stopped() const { return stop_->stopped(); }

 private:
  friend class Table;
  BotTurn(Seat seat, int move, View view) : seat_(seat), move_(move), view_(std::move(view)) {}
  Seat seat_;
  int move_;
  View view_;
  std::vector<Narration> news_;
  bool follows_ = false;
  double cap_ = 0;
  std::shared_ptr<Agent> agent_;
  std::shared_ptr<StopSignal> stop_;
  bool once_ = false;  // a stand-in's one decision for a human seat (Table::stand_in)
  bool external_ = false;
};

class Table {
 public:
  // Takes the match and builds the agent of every non-human seat from match.seats() (checked
  // against config.limits, seeded by config.seeds). Throws Error for a seat it cannot build.
  Table(Match match, const TableConfig& config);
  // Closes the table (close()).
  ~Table();
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;

  const Match& match() const { return match_; }
  const GameInfo& game() const { return match_.game(); }
  bool over() const { return match_.over(); }
  int moves() const { return static_cast<int>(match_.history().size()); }
  int num_seats() const { return static_cast<int>(match_.seats().size()); }
  // The seat to move (kNobody once over).
  Seat to_move() const { return match_.state().to_move(); }
  SeatKind kind(Seat s) const { return kinds_[static_cast<std::size_t>(s)]; }
  bool is_human(Seat s) const { return kind(s) == SeatKind::kHuman; }
  int humans() const;
  const std::string& name(Seat s) const { return match_.seats()[static_cast<std::size_t>(s)].name; }
  std::vector<std::string> names() const;
  // Whether the seat's agent reads words: a labelled view, observe before each decision, observe
  // and finish at the end (external bots and agents that ask to: Agent::wants_narration).
  bool follows(Seat s) const { return follows_[static_cast<std::size_t>(s)]; }

  // ---- Acting ---------------------------------------------------------------------------------
  // Why `seat` (a seat or kSpectator) may not take action `a` having seen `move` actions; a bot
  // seat's actions come from its turns, never from here.
  Refusal check_act(Seat seat, Action a, int move) const;
  Refusal act(Seat seat, Action a, int move);
  // How many of its latest actions `seat` may take back now (0 unless it is to move).
  int undoable(Seat seat) const;
  // Why `seat` may not take back n actions (n <= 0: all it may).
  Refusal check_undo(Seat seat, int n = 0) const;
  // Takes them back; *undone (if given) is how many.
  Refusal undo(Seat seat, int n = 0, int* undone = nullptr);

  // ---- Bots -----------------------------------------------------------------------------------
  // The bot seat to move, if any, whose decision is not in flight.
  std::optional<Seat> bot_to_move() const;
  // Hands out the decision of the bot to move (nothing when a human is to move, the match is
  // over, or that bot's decision is in flight).
  std::optional<BotTurn> bot_turn();
  // The answer of a turn, on the table's thread: plays it when it is still the turn's position
  // (kStale when the table moved on or the turn was stopped; the agent is free again either way).
  Refusal complete(const BotTurn& turn, std::optional<Action> answer);
  // A bot turn run here and completed (the terminal and the lab). False when no bot is to move.
  // An agent's exception (an external bot's failure under on_error=abort) closes the table and
  // passes through; the other agents are told the reason (for a program's failure its class,
  // never its text, which may quote what it saw).
  bool play_bot();
  // Stops every decision in flight (any thread is fine for BotTurn::stop; this one is the
  // table's): the server's shutdown.
  void stop_bots();

  // ---- Stand-ins (docs/protocol.md "Turn-based tables") ----------------------------------------
  // A bot decides for the human seat to move: `bot` a built-in bot spec or level (checked against
  // the limits: an Error otherwise), `how` once or from now on. Hands out its turn (run and
  // complete it like any bot turn); every viewer is told timeout_note with the action. Nothing
  // when a human is not to move or a decision for that seat is in flight.
  std::optional<BotTurn> stand_in(StandIn how, const std::string& bot);
  // Another player asked for it (seat `by`, its player having left the table): `bot` plays the
  // human seat from now on, and every viewer is told replaced_note with that seat's next action.
  // False, and nothing changed, for a seat that is not a player's now, is `by`'s own, or has a
  // decision in flight, or when the game is over; an Error for a bot beyond the limits.
  bool replace(Seat seat, Seat by, const std::string& bot);
  // The seat a stand-in plays from now on (kFromNow) is its player's again (their link came
  // back): false when it is not such a seat. Its decision in flight, if any, is dropped.
  bool seat_back(Seat s);
  // The human seat is played by `bot` from now on, with no line told (a reloaded table whose
  // store says so); an Error for a seat that is not a player's or a bot beyond the limits.
  void hand_over(Seat s, const std::string& bot);
  // Whether a stand-in plays the seat from now on, and which bot.
  const std::string& standing_in(Seat s) const { return standing_[static_cast<std::size_t>(s)]; }
  // Tells every viewer `line` with action `move` (a reloaded table's past events, as its store
  // kept them from Change::note).
  void note(int move, Narration line);

  // ---- Stories --------------------------------------------------------------------------------
  // A viewer's story (a seat, kSpectator or kOmniscient): built by replaying the match the first
  // time it is asked for, then kept up to date at every act and undo. Besides the game's
  // narration it tells every viewer the table's own events: when a seat's program failed and a
  // built-in bot plays it ("bot_takeover", first in the step of that seat's next action; its
  // data the failure's class and the bot, never the program's words).
  const Story& story(Seat viewer);

  // ---- The end --------------------------------------------------------------------------------
  // Match::result() (null while not over).
  nlohmann::json result() const { return match_.result(); }
  // "1st mcts 2, 33 points; 2nd Player 1, 0 points" (shared places "1st="); a game with its own
  // words for results says them, never a ranking key of its scores. Empty while not over.
  std::string result_in_words() const;
  // Tells every agent that reads words the end (observe the last news, then finish): at the end
  // of the match by itself, or now with {"aborted": why} when it is not over (a quit, a server
  // letting the table go). Agents whose decision is in flight are stopped instead. Once; the
  // destructor calls it ("the match was stopped").
  void close(const std::string& why = "the match was stopped");

  // ---- The change hook ------------------------------------------------------------------------
  // Called after every act and undo (one hook; set it before the first change).
  void on_change(std::function<void(const Change&)> hook) { hook_ = std::move(hook); }

 private:
  // Applies a (false, nothing changed, when it is illegal), then the stories, the hook, the end.
  bool apply(Seat seat, Action a);
  std::vector<Narration> news_for(Seat seat);
  // After a decision of seat s: a takeover its agent reports waits for the seat's next action.
  void heard_from(Seat s);
  void finish_agents(const nlohmann::json& result);

  Match match_;
  TableConfig config_;
  std::vector<SeatKind> kinds_;
  std::vector<std::shared_ptr<Agent>> agents_;
  std::vector<std::shared_ptr<StopSignal>> stops_;
  std::vector<double> caps_;  // per seat: the cap on a decision (0: none)
  std::vector<char> in_flight_, follows_;
  std::vector<int> told_upto_;  // per following seat: steps of its story its agent was told
  std::map<Seat, Story> stories_;
  std::vector<std::pair<int, Narration>> notes_;   // the table's events, by step (Story::note)
  std::vector<std::optional<Narration>> waiting_;  // per seat: told with its next action
  std::vector<std::string> standing_;              // per seat: the stand-in bot from now on
  std::vector<std::string> stand_spec_;            // per human seat: its stand-in agent's spec
  // Builds (or keeps) the stand-in agent of a human seat.
  void stand_agent(Seat seat, const std::string& bot);
  std::function<void(const Change&)> hook_;
  int following_ = 0;  // seats whose agents follow the match
  bool closed_ = false;
};

}  // namespace turf::table
