// Agents: anything that chooses actions for a seat. Agents receive only the seat's View — never
// the State — so a bot cannot see what its seat cannot see. Search bots sample complete worlds
// from the view (View::sample_world), which re-deals everything hidden.
//
// An agent lives as long as its table (src/table/table.h), which calls it from one thread at a
// time: choose() for each of its decisions and, for an agent that reads words
// (wants_narration(): external bots), observe() just before each choose() with what the seat was
// told since its previous decision, and at the end observe() once more and finish(). Built-in bots
// decide from the unlabelled view alone and are told nothing, so the lab pays nothing for it. A
// decision may be asked to end early through a StopSignal (decide()): search bots poll stopping()
// every few iterations and answer at once with the best action they have.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/narration.h"
#include "core/view.h"

namespace turf {

// CPU shared in slices among decisions that run at the same time (the server's bots,
// docs/security.md "Bot time"): at most `runners` decisions run at once; the others wait in line.
// A running decision whose slice is spent while another waits goes to the back of the line at its
// next poll (StopSignal::due, which search bots call every few iterations) and its thread waits
// there, its search intact, until its turn comes again. So a short decision (a `normal` bot's
// ~20 ms) answers within a few slices whatever long searches run beside it; a long one runs in
// turns. Paused time is wall time: a decision's cap and a time-limited search's seconds go on.
class TimeSlices {
 public:
  using Clock = std::chrono::steady_clock;
  TimeSlices(int runners, Clock::duration slice);
  // One decision's place (on the stack of the thread that runs it).
  class Ticket {
   public:
    Ticket() = default;
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;

   private:
    friend class TimeSlices;
    std::atomic<bool> running_{false};
    std::atomic<Clock::rep> since_{0};  // when its slice began
  };
  // Waits until the decision may run (at once when a runner is free and nobody waits).
  void enter(Ticket& t);
  // Where a running decision may yield (any of its threads; cheap: a clock read, and the lock
  // only once the slice is spent and another decision waits).
  void poll(Ticket& t) noexcept;
  // The decision ended: its runner goes to the next in line.
  void leave(Ticket& t) noexcept;
  // Ends all waiting (shutdown): everyone runs on, and later enters do not wait.
  void close() noexcept;
  int waiting() const noexcept { return waiting_count_.load(std::memory_order_relaxed); }
  int running() const;  // decisions running now

 private:
  void hand_over() noexcept;  // under mutex_: a free runner to the front of the line
  // Under mutex_ (held by `lock`): `t` joins the back of the line, the free runners go to the
  // front, and `t` waits for its turn (or the close).
  void queue_and_wait(Ticket& t, std::unique_lock<std::mutex>& lock) noexcept;
  const Clock::duration slice_;
  const int runners_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  int free_;
  std::deque<Ticket*> line_;
  std::atomic<int> waiting_count_{0};
  bool closed_ = false;
};

// When a decision must end early. Two reasons, both seen by the agent as stopping():
//   - stop(), from any thread: the decision is abandoned (the server shuts down, the table goes);
//     whoever asked throws the answer away (BotTurn::run returns nothing);
//   - a deadline (start(seconds), by whoever runs the decision): the answer is wanted now (the
//     limits' cap on a decision, src/table/limits.h); the best action so far is played.
// Polling is cheap: a relaxed atomic load, and a clock read only when a deadline is set. Agents
// poll every few iterations so that a decision ends within about 100 ms of either.
class StopSignal {
 public:
  using Clock = std::chrono::steady_clock;
  // Asks the decision to end and its answer to be dropped (any thread, any time, repeatable).
  void stop() noexcept { stopped_.store(true, std::memory_order_relaxed); }
  // Whether stop() was called.
  bool stopped() const noexcept { return stopped_.load(std::memory_order_relaxed); }
  // Starts the clock of a decision: it is due `seconds` from now (0 or less: no deadline).
  void start(double seconds) noexcept;
  // Whether the decision should end now: stop() was called or the deadline passed.
  bool due() const noexcept {
    if (stopped()) return true;
    if (auto* t = ticket_.load(std::memory_order_relaxed)) slices_->poll(*t);
    const auto d = deadline_.load(std::memory_order_relaxed);
    return d != kNone && Clock::now().time_since_epoch().count() >= d;
  }
  // Polls `ticket` of `slices` at each due() (the decision runs in slices); nullptr: no more.
  void share(TimeSlices* slices, TimeSlices::Ticket* ticket) noexcept {
    slices_ = slices;
    ticket_.store(ticket, std::memory_order_relaxed);
  }
  // Clears both (a signal is reused for the next decision of a seat).
  void reset() noexcept {
    stopped_.store(false, std::memory_order_relaxed);
    deadline_.store(kNone, std::memory_order_relaxed);
  }

 private:
  static constexpr Clock::rep kNone = -1;
  std::atomic<bool> stopped_{false};
  std::atomic<Clock::rep> deadline_{kNone};
  TimeSlices* slices_ = nullptr;
  std::atomic<TimeSlices::Ticket*> ticket_{nullptr};
};

// An agent that handed its seat to a built-in bot (an external program that failed,
// bots/external.h): what every seat may be told of it.
struct Takeover {
  std::string reason;    // the class, never the program's own words: "start", "exit", "time", ...
  std::string words;     // the same for people: "did not answer in time"
  std::string fallback;  // the built-in bot that plays the seat from now on: "greedy", "normal"
};

class Agent {
 public:
  virtual ~Agent() = default;
  // Chooses one of view.legal(). Called only when view.my_turn().
  virtual Action choose(const View& view) = 0;
  // The spec that recreates this agent ("random", "mcts:iters=500").
  virtual std::string spec() const = 0;
  // True for agents that read words (an external program): choose() gets a labelled view (the
  // labels and JSON of the legal actions) and the table calls observe() and finish(). False (the
  // built-in bots): an unlabelled view, and neither is called. The table also treats every
  // external seat (table::SeatKind::kExternal) so, whatever this says.
  virtual bool wants_narration() const { return false; }
  // The seat's narration since this agent's previous decision (its first: since the start of the
  // match), called just before each choose() and once more at the end, before finish().
  virtual void observe(const std::vector<Narration>& lines) { (void)lines; }
  // The end of the match: the seat's final view and the result, Match::result() ({"scores",
  // "ranking"} and "words" where the game has them), or {"aborted": "why"} when the match stops
  // before its end. Called once.
  virtual void finish(const View& final_view, const nlohmann::json& result) {
    (void)final_view, (void)result;
  }

  // Once after the decision in which the agent handed its seat to a built-in bot (the table tells
  // every seat, table/table.h); nothing otherwise.
  virtual std::optional<Takeover> take_takeover() { return std::nullopt; }

  // choose() under a stop signal: stopping() is true once `stop` is due. Returns a legal action
  // (when stopped early, the best the agent had); the caller decides whether to play it.
  Action decide(const View& view, const StopSignal& stop);

 protected:
  // True once the decision in progress should end (never outside decide()). Cheap enough to
  // call every few iterations; safe from the agent's own worker threads.
  bool stopping() const noexcept { return stop_ != nullptr && stop_->due(); }

 private:
  const StopSignal* stop_ = nullptr;
};

// A parsed bot spec: "name" or "name:key=value,key=value".
struct BotSpec {
  std::string name;
  std::vector<std::pair<std::string, std::string>> params;
  std::string text;  // as written
};

// Parses one spec; throws Error naming the valid bots or keys.
BotSpec parse_bot_spec(const std::string& text);
// Splits "human,mcts:time=1s,threads=2,random" into specs: a piece with '=' and no ':' continues
// the previous spec's parameters.
std::vector<std::string> split_seat_specs(const std::string& list);
// Creates the bot for a spec; `seed` drives its own randomness. Throws Error for a bad spec.
// Checks the form of every value only (a whole number, a time): how much a bot may spend is the
// business of the caller's limits (table/limits.h: BotLimits, which every front end applies).
std::unique_ptr<Agent> make_bot(const std::string& spec, std::uint64_t seed);
// The names of the bots, for help texts.
std::vector<std::string> bot_names();
// "1s", "500ms", "2.5s", "0.5" (seconds) as seconds; throws Error naming `what` otherwise (the
// one parser of durations: bot specs, the limits, the command line).
double parse_seconds(const std::string& text, const std::string& what);

}  // namespace turf
