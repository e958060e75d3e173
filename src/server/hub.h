// The hub of `turf serve`: every live table, the connections watching them, the bots and the
// store. It runs on one Asio executor (the I/O thread) and knows nothing of HTTP or WebSocket:
// a connection is a Client that can be sent text frames (server.cpp adapts Beast to it).
//
// Order of an action: validated against the Match, applied in memory, its write queued for the
// store's writer thread; while the write is in flight the table takes no other request (they
// wait in its queue) and the state frames of every connection are built (the I/O thread never
// waits for the disk); only after the commit are they sent. Bots think on a small pool of worker
// threads on a copy of their seat's View; their choice comes back to the I/O thread and goes the
// same way.
#pragma once

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "server/store.h"
#include "server/table.h"

namespace turf::server {

struct Limits {
  std::size_t frame_bytes = 16 * 1024;     // larger client frames get `too_large`
  double rate = 20.0;                      // frames a second per connection (token bucket)
  double burst = 40.0;                     // bucket size
  int abuse_close = 100;                   // rate-limited frames in a row that close the connection
  std::size_t max_queued_bytes = 8 << 20;  // a client this far behind is closed
  // The programs a table may seat as "ext:NAME" (turf serve --ext-bot NAME=COMMAND); none: no
  // program sits.
  std::shared_ptr<const std::vector<NamedProgram>> programs;
  // The content variants a table may play (turf serve --variant GAME:NAME=FILE); none: every
  // table plays the games' own content.
  std::shared_ptr<const OfferedVariants> variants;
  // Memory and disk (docs/security.md "Memory and the database").
  double idle_evict_s = 600;           // an unwatched, unfinished table leaves memory after this
  double expire_s = 30 * 24 * 3600.0;  // an unfinished table without an action is deleted after
};

class Client {
 public:
  virtual ~Client() = default;
  // Queues a text frame (I/O thread).
  virtual void send(std::shared_ptr<const std::string> frame) = 0;
  // Closes the connection (I/O thread).
  virtual void close() = 0;
  // Whether its hello was accepted (it sits at a table); the server closes a connection that is
  // not greeted within its handshake time.
  bool greeted() const { return hello_; }

 private:
  friend class Hub;
  std::string table_;
  Seat seat_ = kSpectator;
  bool hello_ = false;
  int sent_steps_ = 0;  // narration steps this client has had
  double tokens_ = -1;  // rate-limit bucket (-1: not started)
  std::chrono::steady_clock::time_point last_;
  int refused_in_row_ = 0;
  bool loading_ = false;  // its hello waits for the table to come from the store
};

// The threads of the bots, shared fairly (docs/security.md "Bot time"). Two classes of
// decision, each with threads of its own: those of tables with a human seat (someone waits for
// them), taken from the creators in turn (round robin: one creator's many tables wait their turn
// like everyone else's) by 4 x `threads` workers of which only `threads` run at once, in 50 ms
// slices round robin over the decisions in progress (TimeSlices: a long search at one table
// cannot hold a core while a short one waits at another); those of bot-only tables on threads/2
// threads (at least one) at the lowest priority (nice 19), which get a core only when the human
// tables' threads leave it idle. So a human table's `normal` decision answers within a few slices
// whatever the other tables run.
class BotPool {
 public:
  using Job = std::function<void(TimeSlices*)>;  // runs its decision under the slices given
  static constexpr auto kSlice = std::chrono::milliseconds(50);
  explicit BotPool(int threads);
  ~BotPool();
  // `group`: who the decision is for (the table's creator); `human`: a table with a human seat.
  void submit(Job job, const std::string& group, bool human);
  void stop();
  int threads() const { return static_cast<int>(threads_.size()); }

 private:
  struct Group {
    std::string name;
    std::deque<Job> jobs;
  };
  bool take(Job& job, bool for_humans);  // under mutex_
  std::mutex mutex_;
  std::condition_variable cv_;
  TimeSlices slices_;
  std::deque<Group> human_;  // round robin: the front group's first job, then it goes last
  std::deque<Job> bots_only_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

class Hub {
 public:
  Hub(boost::asio::io_context& io, Store& store, int bot_threads, Limits limits,
      std::string base_url);
  ~Hub();

  // At start: expires the abandoned tables on disk (docs/security.md "Memory and the database").
  // Loads nothing: a table comes into memory at its first hello, and its bots go on then.
  // Returns 0 (tables loaded now).
  int restore();
  // Stops the bots: every decision in flight is asked to stop (table::BotTurn::stop: it ends within
  // about 100 ms and its answer is dropped), then their threads are joined.
  void stop();
  // Where work that must not hold the I/O thread runs (the server's work threads): a hello for a
  // table not in memory loads and replays it there. Without it (tests of the hub alone), here.
  void set_offload(std::function<void(std::function<void()>)> offload) {
    offload_ = std::move(offload);
  }

  // HTTP API (I/O thread).
  nlohmann::json lobby(int limit);
  // The lobby entry of one table in memory, or null when it is not in memory (or no such id).
  nlohmann::json live_entry(const std::string& id);
  // The lobby entry of a table from its stored row (not loaded), or null when there is none.
  // Reads nothing of the hub but the store: any thread (the server runs it off the I/O thread
  // when live_entry finds no table in memory).
  nlohmann::json stored_entry(const std::string& id);
  // A finished table's replay at move `at` (replay_json), from the store; null: no such table.
  // Reads nothing of the hub but the store: any thread (the server runs it off the I/O thread).
  // Throws Error (unfinished, `at` out of range).
  nlohmann::json replay(const std::string& id, int at, Seat viewer = kSpectator);
  // Validates a create request (throws Error), stores the table and, once committed, calls
  // done(answer) (on the I/O thread; answer is null when the store failed). `creator`: who asks
  // (the address key), for the fair share of bot time.
  void create_table(const nlohmann::json& body, std::function<void(nlohmann::json)> done,
                    const std::string& creator = "");
  // A finished game's record (POST /api/records: record_row) stored as a finished private table;
  // done({id, replay}) once committed (null when the store failed). Throws Error (bad record).
  void import_record(const nlohmann::json& body, std::function<void(nlohmann::json)> done);
  // Evicts tables idle past the limit and, once an hour, expires abandoned ones on disk.
  void sweep();
  // Turn-based tables whose deadline has come (the store's, so evicted tables too, earliest
  // first): each is loaded if need be and its timeout rule applied (Table::time_out). Called
  // every second by the server, and by restore() at start (a deadline that passed while the
  // server was down acts then).
  void tick();
  // The wall clock of deadlines, in Unix seconds.
  std::int64_t wall_now() const;
  // Tests only (turf serve --test-clock FILE): the wall clock of deadlines is the integer in
  // FILE when it holds one (the system's otherwise), so that a test moves time by writing it.
  void use_test_clock(std::string path) { test_clock_ = std::move(path); }

  // WebSocket (I/O thread).
  void on_frame(const std::shared_ptr<Client>& client, std::string_view text);
  void on_close(const std::shared_ptr<Client>& client);

  const Limits& limits() const { return limits_; }
  // Tests only (turf serve --test-seeds): a create request may carry "seed", the table's deal,
  // and every table's bots are seeded from its seed, so that a test plays the same game each run.
  void allow_test_seeds() { test_seeds_ = true; }
  // The names of the programs tables may seat (ext:NAME), in the operator's order.
  std::vector<std::string> program_names() const { return bot_limits_.program_names(); }
  // The content variants the operator offers, in the operator's order.
  const OfferedVariants& offered_variants() const {
    static const OfferedVariants none;
    return limits_.variants ? *limits_.variants : none;
  }
  std::size_t live_tables() const { return live_.size(); }

 private:
  using Clock = std::chrono::steady_clock;
  struct Live {
    std::unique_ptr<Table> table;
    bool busy = false;  // a write is in flight
    // Built while the write is in flight, sent once it is committed.
    std::vector<std::pair<std::shared_ptr<Client>, std::shared_ptr<const std::string>>> pending;
    Clock::time_point received{};  // when the action in flight arrived
    bool from_client = false;
    std::uint64_t generation = 0;  // +1 when the table is reloaded: its bots' answers are dropped
    bool bot_thinking = false;     // a bot turn of this generation is in flight
    std::deque<std::function<void()>> waiting;
    std::vector<std::shared_ptr<Client>> clients;
    std::string creator;         // the creating address (this process's tables), else the id
    bool has_human = true;       // a table of bots only plays while someone watches
    Clock::time_point active{};  // the last change, connection or bot answer
    std::vector<Clock::time_point> left;  // per seat: when its last connection closed ({}: none)
    bool rematch_pending = false;         // its rematch is being stored
  };
  // Stores a new table and, once committed, keeps it in memory (its bots go on); done(ok) on
  // the I/O thread. `rematch_of`: the finished table whose rematch it is (stored with it).
  void store_new(StoredTable row, std::unique_ptr<Table> table, const std::string& creator,
                 std::function<void(bool)> done, const std::string& rematch_of = "");
  void rematch(Live& live, const std::shared_ptr<Client>& asker);
  // Whether a live table may leave memory now (nobody watches, nothing in flight).
  bool evictable(const Live& live) const;
  nlohmann::json row_entry(const StoredTable& row) const;
  Clock::time_point expired_at_{};

  void send(Client& c, const nlohmann::json& frame);
  void refuse(Client& c, const std::string& code, const std::string& message);
  // Loads it here when it is not in memory; null when there is none, or when it cannot be loaded
  // (then *unavailable, when given, says why in a player's words).
  Live* find_live(const std::string& id, std::string* unavailable = nullptr);
  // A table from the store, built (its actions replayed): any thread (the store's reads have
  // their own connection). Null when there is none or it cannot be built (said on stderr, and in
  // a player's words in *unavailable when given).
  std::unique_ptr<Table> load_table(const std::string& id, std::string* unavailable = nullptr);
  // Puts a loaded table in memory, unless it came meanwhile (then `table` is dropped).
  Live* adopt(const std::string& id, std::unique_ptr<Table> table);
  // The rest of a hello once the table can be in memory: the token, then the greeting.
  void hello_at(const std::shared_ptr<Client>& cp, const std::string& id,
                const std::optional<std::string>& token, Clock::time_point now);
  // Runs op now, or after the table's write in flight.
  void when_idle(const std::string& id, std::function<void(Live&)> op);
  void drain(const std::string& id);
  void hello(const std::shared_ptr<Client>& c, const nlohmann::json& f);
  // A greeted connection joins the table: welcome, state, the rematch if there is one.
  void greet(Live& live, const std::shared_ptr<Client>& c);
  void act(Live& live, const std::shared_ptr<Client>& actor, Seat seat, Action a, int move,
           Clock::time_point received);
  // A player asks a bot to play another seat whose player left the table (docs/protocol.md
  // "Clocks"): refused with not_away while that player is connected.
  void replace(Live& live, const std::shared_ptr<Client>& asker, Seat seat,
               Clock::time_point received);
  void undo(Live& live, const std::shared_ptr<Client>& actor, Seat seat,
            Clock::time_point received);
  // A bot's answer, back on the I/O thread: played when the table is still where the bot saw it,
  // else the bot thinks again.
  void bot_answer(Live& live, const table::BotTurn& turn, std::optional<Action> answer,
                  Clock::time_point received);
  // Queues the write of the table's latest change and builds its frames meanwhile.
  void write_and_prepare(Live& live, Write w, const std::shared_ptr<Client>& actor,
                         Clock::time_point received, Clock::time_point started);
  // After a commit: frames to everyone at the table, then the bot if it is its turn.
  void committed(const std::string& id, bool ok, const std::weak_ptr<Client>& actor,
                 Clock::time_point done);
  // The state frame of every connection of the table (one per viewer and starting step).
  void prepare(Live& live);
  void broadcast(Live& live);
  // Runs f, reporting an exception (a bug) on stderr instead of ending the server.
  static void guarded(const std::function<void()>& f);
  void schedule_bot(Live& live);
  // Runs a bot's (or a stand-in's) decision on the pool; its answer comes back to bot_answer.
  void run_turn(Live& live, table::BotTurn turn);
  // The deadline passed (at wall time `now`): the table's timeout rule (Table::time_out).
  void time_out(Live& live, std::int64_t now);
  // The table's deadline after a change (Table::update_deadline at wall_now()).
  std::optional<std::int64_t> next_deadline(Table& t);
  std::vector<SeatPresence> presence(const Live& live) const;

  boost::asio::io_context& io_;
  Store& store_;
  Limits limits_;
  table::BotLimits bot_limits_;
  bool test_seeds_ = false;
  std::string test_clock_;
  table::SeedRule seed_rule() const {
    return test_seeds_ ? table::SeedRule::kFromMatch : table::SeedRule::kFromOs;
  }
  std::string base_url_;
  std::unordered_map<std::string, Live> live_;
  BotPool bots_;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
  std::function<void(std::function<void()>)> offload_;
  std::unordered_set<std::string> tick_loading_;  // tables the deadline tick is loading
};

}  // namespace turf::server
