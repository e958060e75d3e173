#include "server/hub.h"

#include <fstream>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <algorithm>

#include <boost/asio/post.hpp>
#include <iostream>

#include "core/secret.h"
#include "core/variant.h"
#include "server/stats.h"

namespace turf::server {

// ---------------------------------------------------------------------------------------------
// BotPool

BotPool::BotPool(int threads) : slices_(std::max(1, threads), kSlice) {
  // Workers for the tables with a human seat (normal priority; 4 decisions in progress a
  // runner, `threads` running at once in slices) and, apart, fewer threads for the bot-only
  // tables at the lowest priority (nice 19: the kernel gives them a core only when the others
  // leave it idle), so that a human table's decision neither waits long for a thread nor shares
  // a core with a bot-only one.
  const int human = 4 * std::max(1, threads), bots_only = std::max(1, threads / 2);
  for (int i = 0; i < human + bots_only; ++i) {
    const bool for_humans = i < human;
    threads_.emplace_back([this, for_humans] {
      if (!for_humans) setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
      for (;;) {
        Job job;
        {
          std::unique_lock lock(mutex_);
          cv_.wait(lock, [&] { return stopping_ || take(job, for_humans); });
          if (stopping_) return;
        }
        job(for_humans ? &slices_ : nullptr);
      }
    });
  }
}

bool BotPool::take(Job& job, bool for_humans) {
  if (!for_humans) {
    if (bots_only_.empty()) return false;
    job = std::move(bots_only_.front());
    bots_only_.pop_front();
    return true;
  }
  if (human_.empty()) return false;
  Group g = std::move(human_.front());
  human_.pop_front();
  job = std::move(g.jobs.front());
  g.jobs.pop_front();
  if (!g.jobs.empty()) human_.push_back(std::move(g));  // its next decision waits its turn
  return true;
}

BotPool::~BotPool() {
  stop();
}

void BotPool::submit(Job job, const std::string& group, bool human) {
  {
    std::lock_guard lock(mutex_);
    if (!human) {
      bots_only_.push_back(std::move(job));
    } else {
      auto it = std::find_if(human_.begin(), human_.end(),
                             [&](const Group& g) { return g.name == group; });
      if (it == human_.end()) {
        human_.push_back(Group{group, {}});
        it = std::prev(human_.end());
      }
      it->jobs.push_back(std::move(job));
    }
  }
  cv_.notify_all();
}

void BotPool::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    human_.clear();
    bots_only_.clear();
  }
  slices_.close();  // decisions waiting for their turn run on (they were asked to stop)
  cv_.notify_all();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
}

// ---------------------------------------------------------------------------------------------
// Hub

Hub::Hub(boost::asio::io_context& io, Store& store, int bot_threads, Limits limits,
         std::string base_url)
    : io_(io),
      store_(store),
      limits_(limits),
      bot_limits_(table::BotLimits::server(limits.programs)),
      base_url_(std::move(base_url)),
      bots_(bot_threads) {}

Hub::~Hub() {
  *alive_ = false;
  stop();
}

void Hub::stop() {
  // Every decision in flight is stopped (it ends within about 100 ms; its answer is dropped, so
  // nothing half-done is written), then the pool's threads are joined.
  for (auto& [id, live] : live_) live.table->stop_bots();
  bots_.stop();
}

int Hub::restore() {
  // Nothing is loaded at start but the tables whose deadline passed meanwhile (tick): any other
  // comes into memory at its first hello (its bots go on then). Abandoned tables are expired
  // first.
  expired_at_ = Clock::now();
  const int expired =
      store_.expire(std::chrono::seconds(static_cast<long long>(limits_.expire_s)), {});
  if (expired > 0)
    std::cerr << "turf serve: " << expired << " abandoned table(s) expired (no action for "
              << limits_.expire_s / 86400 << " days)\n";
  tick();
  return 0;
}

std::int64_t Hub::wall_now() const {
  if (!test_clock_.empty()) {
    std::ifstream in(test_clock_);
    long long t = 0;
    if (in >> t) return t;
  }
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::optional<std::int64_t> Hub::next_deadline(Table& t) {
  return t.update_deadline(wall_now());
}

void Hub::tick() {
  const std::int64_t now = wall_now();
  // At most 64 a second: a backlog (a server down for days) is worked through in order.
  std::vector<std::pair<std::string, std::int64_t>> due;
  try {
    due = store_.due(now, 64);
  } catch (const Error& e) {
    std::cerr << "turf serve: " << e.what() << "\n";
    return;
  }
  std::vector<std::string> missing;  // not in memory: loaded on the work threads
  for (const auto& [id, deadline] : due) {
    if (live_.count(id) || !offload_) {
      if (!find_live(id)) continue;  // gone (or unloadable: said on stderr)
      when_idle(id, [this, now](Live& l) { time_out(l, now); });
    } else if (tick_loading_.insert(id).second) {
      missing.push_back(id);
    }
  }
  if (missing.empty()) return;
  std::weak_ptr<bool> alive = alive_;
  offload_([this, alive, missing, now] {
    std::vector<std::unique_ptr<Table>> tables;
    for (const auto& id : missing) tables.push_back(load_table(id));
    boost::asio::post(io_, [this, alive, missing, now, tables = std::move(tables)]() mutable {
      if (alive.expired()) return;
      for (std::size_t i = 0; i < missing.size(); ++i) {  // in the order of their deadlines
        tick_loading_.erase(missing[i]);
        if (!adopt(missing[i], std::move(tables[i]))) continue;
        when_idle(missing[i], [this, now](Live& l) { time_out(l, now); });
      }
    });
  });
}

void Hub::time_out(Live& l, std::int64_t now) {
  Table& t = *l.table;
  if (l.busy || l.bot_thinking || !t.deadline() || *t.deadline() > now) return;
  std::optional<table::BotTurn> turn;
  try {
    turn = t.time_out();
  } catch (const Error& e) {  // its stand-in is beyond the limits now: the table waits
    std::cerr << "turf serve: table " << t.id() << ": " << e.what() << "\n";
    return;
  }
  if (turn) run_turn(l, std::move(*turn));
}

bool Hub::evictable(const Live& live) const {
  return live.clients.empty() && !live.busy && !live.bot_thinking && live.waiting.empty() &&
         live.pending.empty();
}

void Hub::sweep() {
  const auto now = Clock::now();
  const auto idle = std::chrono::duration<double>(limits_.idle_evict_s);
  for (auto it = live_.begin(); it != live_.end();)
    if (evictable(it->second) && (it->second.table->over() || now - it->second.active > idle))
      it = live_.erase(it);  // it stays in the store; the next hello loads it again
    else
      ++it;
  if (now - expired_at_ > std::chrono::hours(1)) {
    expired_at_ = now;
    std::vector<std::string> keep;
    for (const auto& [id, live] : live_) keep.push_back(id);
    try {
      store_.expire(std::chrono::seconds(static_cast<long long>(limits_.expire_s)), keep);
    } catch (const Error& e) {
      std::cerr << "turf serve: " << e.what() << "\n";
    }
  }
}

void Hub::send(Client& c, const nlohmann::json& frame) {
  c.send(std::make_shared<const std::string>(frame.dump()));
}

void Hub::refuse(Client& c, const std::string& code, const std::string& message) {
  send(c, error_frame(code, message));
}

Hub::Live* Hub::find_live(const std::string& id, std::string* unavailable) {
  auto it = live_.find(id);
  if (it != live_.end()) return &it->second;
  // A table not in memory (finished, or evicted): load it from the store.
  return adopt(id, load_table(id, unavailable));
}

std::unique_ptr<Table> Hub::load_table(const std::string& id, std::string* unavailable) {
  try {  // (on a work thread: nothing may escape)
    auto row = store_.load_table(id);
    if (!row) return nullptr;
    return std::make_unique<Table>(std::move(*row), bot_limits_, seed_rule());
  } catch (const std::exception& e) {
    std::cerr << "turf serve: table " << id << " cannot be loaded: " << e.what() << "\n";
    if (unavailable)
      *unavailable =
          dynamic_cast<const NoRoomForVariant*>(&e)
              ? "This table plays a variant of the game, and the server holds as many variants "
                "as it can until it restarts. It is kept: it opens again after a restart."
              : "This table is kept, but the server cannot open it now.";
    return nullptr;
  }
}

Hub::Live* Hub::adopt(const std::string& id, std::unique_ptr<Table> table) {
  auto it = live_.find(id);
  if (it != live_.end()) return &it->second;  // loaded meanwhile (another hello, the tick)
  if (!table) return nullptr;
  Live live;
  live.table = std::move(table);
  live.creator = id;
  live.has_human = false;
  for (const auto& s : live.table->row().seats) live.has_human |= s.kind == "human";
  live.active = Clock::now();
  auto& l = live_[id] = std::move(live);
  schedule_bot(l);
  return &l;
}

void Hub::hello_at(const std::shared_ptr<Client>& cp, const std::string& id,
                   const std::optional<std::string>& token, Clock::time_point now) {
  Client& c = *cp;
  std::string unavailable;
  Live* live = find_live(id, &unavailable);
  if (!live) {
    if (unavailable.empty())
      refuse(c, code::kNoTable, "no such table");
    else
      refuse(c, code::kUnavailable, unavailable);
    return;
  }
  Seat seat = kSpectator;
  if (token) {
    auto s = live->table->seat_of_token(*token);
    if (!s) {
      refuse(c, code::kBadToken, "this token holds no seat at this table");
      return;
    }
    seat = *s;
  }
  c.hello_ = true;
  c.table_ = live->table->id();
  c.seat_ = seat;
  when_idle(c.table_, [this, cp, now](Live& l) {
    if (!cp->hello_) return;  // closed meanwhile
    // A seat a stand-in plays from now on is its player's again when their link comes back
    // (docs/protocol.md "Turn-based tables"): stored first, then the greeting.
    if (cp->seat_ >= 0 && l.table->take_back(cp->seat_)) {
      write_and_prepare(l, *l.table->take_write(), nullptr, now, now);
      when_idle(cp->table_, [this, cp](Live& l2) { greet(l2, cp); });
      return;
    }
    greet(l, cp);
  });
}

std::vector<SeatPresence> Hub::presence(const Live& live) const {
  std::vector<SeatPresence> n(static_cast<std::size_t>(live.table->num_seats()));
  for (const auto& c : live.clients)
    if (c->seat_ >= 0 && c->seat_ < static_cast<int>(n.size())) ++n[c->seat_].connections;
  const auto now = Clock::now();
  for (std::size_t s = 0; s < n.size() && s < live.left.size(); ++s)
    if (n[s].connections == 0 && live.left[s] != Clock::time_point{})
      n[s].away_seconds = static_cast<long>(
          std::chrono::duration_cast<std::chrono::seconds>(now - live.left[s]).count());
  return n;
}

nlohmann::json Hub::row_entry(const StoredTable& row) const {
  nlohmann::json seats = nlohmann::json::array();
  for (std::size_t s = 0; s < row.seats.size(); ++s)
    seats.push_back({{"seat", s},
                     {"name", row.seats[s].name},
                     {"kind", row.seats[s].kind},
                     {"connected", row.seats[s].kind == "bot"}});
  return {{"id", row.id},
          {"game", row.game},
          {"options", row.options},
          {"status", row.status == "over" ? "over" : (row.moves == 0 ? "waiting" : "playing")},
          {"seats", seats},
          {"moves", row.moves},
          {"created", row.created},
          {"updated", row.updated},
          {"pace", Pace::from_settings(row.settings).to_json()},
          {"deadline", row.deadline ? nlohmann::json(*row.deadline) : nlohmann::json(nullptr)},
          {"public", row.listed},
          {"rematch", row.rematch.empty() ? nlohmann::json(nullptr) : nlohmann::json(row.rematch)}};
}

nlohmann::json Hub::lobby(int limit) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& row : store_.list_tables(limit)) {
    auto it = live_.find(row.id);
    if (it != live_.end())
      out.push_back(it->second.table->lobby_entry(presence(it->second)));
    else
      out.push_back(row_entry(row));
  }
  // Open tables first (waiting, then playing, then over); newest first within (store order).
  auto rank = [](const nlohmann::json& e) {
    const auto& s = e["status"];
    return s == "waiting" ? 0 : s == "playing" ? 1 : 2;
  };
  // (No std::stable_sort: libstdc++ 12's get_temporary_buffer is deprecated under clang.)
  nlohmann::json sorted = nlohmann::json::array();
  for (int r = 0; r < 3; ++r)
    for (const auto& e : out)
      if (rank(e) == r) sorted.push_back(e);
  return sorted;
}

nlohmann::json Hub::live_entry(const std::string& id) {
  if (!is_hex32(id)) return nullptr;
  if (auto it = live_.find(id); it != live_.end())
    return it->second.table->lobby_entry(presence(it->second));
  return nullptr;
}

nlohmann::json Hub::stored_entry(const std::string& id) {
  if (!is_hex32(id)) return nullptr;
  auto row = store_.load_row(id);
  if (!row) return nullptr;
  return row_entry(*row);
}

nlohmann::json Hub::replay(const std::string& id, int at, Seat viewer) {
  if (!is_hex32(id)) return nullptr;
  auto row = store_.load_table(id);
  if (!row) return nullptr;
  return replay_json(*row, at, viewer);
}

void Hub::create_table(const nlohmann::json& body, std::function<void(nlohmann::json)> done,
                       const std::string& creator) {
  StoredTable row =
      new_table_row(body, bot_limits_, test_seeds_, offered_variants());  // throws Error
  auto table = std::make_unique<Table>(row, bot_limits_, seed_rule());
  nlohmann::json seats = nlohmann::json::array();
  for (std::size_t s = 0; s < row.seats.size(); ++s) {
    nlohmann::json j = {{"seat", s}, {"name", row.seats[s].name}, {"kind", row.seats[s].kind}};
    if (row.seats[s].kind == "human") {
      j["token"] = row.seats[s].token;
      j["join"] = base_url_ + "#/table/" + row.id + "/seat/" + row.seats[s].token;
    }
    seats.push_back(std::move(j));
  }
  nlohmann::json answer = {
      {"id", row.id}, {"seats", std::move(seats)}, {"spectate", base_url_ + "#/table/" + row.id}};
  store_new(std::move(row), std::move(table), creator,
            [done = std::move(done), answer = std::move(answer)](bool ok) mutable {
              done(ok ? std::move(answer) : nullptr);
            });
}

void Hub::import_record(const nlohmann::json& body, std::function<void(nlohmann::json)> done) {
  StoredTable row = record_row(body, offered_variants());  // throws Error
  const std::string id = row.id;
  Write w;
  w.kind = Write::Kind::Create;
  w.table = std::move(row);
  w.status = "over";
  nlohmann::json answer = {{"id", id}, {"replay", base_url_ + "#/replay/" + id}};
  std::weak_ptr<bool> alive = alive_;
  store_.write(std::move(w), [this, alive, done = std::move(done),
                              answer = std::move(answer)](bool ok) mutable {
    boost::asio::post(io_, [alive, ok, done = std::move(done), answer = std::move(answer)]() {
      if (!alive.expired()) done(ok ? answer : nullptr);
    });
  });
}

void Hub::store_new(StoredTable row, std::unique_ptr<Table> table, const std::string& creator,
                    std::function<void(bool)> done, const std::string& rematch_of) {
  const std::string id = row.id;
  for (auto& seat : row.seats) seat.token.clear();  // only the hashes go to the store
  Write w;
  w.kind = Write::Kind::Create;
  w.rematch_of = rematch_of;
  w.deadline = next_deadline(*table);
  w.table = std::move(row);
  w.status = "playing";
  auto shared = std::make_shared<std::unique_ptr<Table>>(std::move(table));
  std::weak_ptr<bool> alive = alive_;
  bool has_human = false;
  for (const auto& s : w.table.seats) has_human |= s.kind == "human";
  store_.write(std::move(w), [this, alive, id, shared, done = std::move(done), creator,
                              has_human](bool ok) mutable {
    boost::asio::post(
        io_, [this, alive, id, shared, ok, done = std::move(done), creator, has_human]() mutable {
          if (alive.expired()) return;
          if (ok) {
            Live live;
            live.table = std::move(*shared);
            live.creator = creator.empty() ? id : creator;
            live.has_human = has_human;
            live.active = Clock::now();
            auto& l = live_[id] = std::move(live);
            schedule_bot(l);
          }
          done(ok);
        });
  });
}

// A finished table's rematch (docs/protocol.md, "rematch"): the same game, options, seats, names
// and bots, dealt afresh; each person's seat there opens with the same link token as here (the
// new row keeps the seat's token hash), so the server needs no token it does not keep. Asked by
// a seat, once per table: a second ask, or a hello after it, is told the rematch made.
void Hub::rematch(Live& live, const std::shared_ptr<Client>& asker) {
  Table& old = *live.table;
  if (!old.over()) {
    refuse(*asker, table::refusal_code(table::Refusal::kNotYourTurn),
           "a rematch is asked when the game is over");
    return;
  }
  if (!old.rematch().empty()) {
    send(*asker, {{"type", "rematch"}, {"table", old.rematch()}});
    return;
  }
  if (live.rematch_pending) return;  // its frame reaches every connection when it is stored
  StoredTable row;
  row.id = os_random_hex(16);
  row.game = old.row().game;
  row.options = old.row().options;
  row.seed = os_random_u64();
  row.created = now_iso8601();
  row.updated = row.created;
  row.status = "playing";
  row.seats = old.row().seats;  // names, bots and token hashes (a Table holds no token)
  for (auto& s : row.seats) s.stand_in.clear();  // everyone plays their own seat again
  row.settings = old.row().settings;
  row.listed = old.row().listed;
  std::unique_ptr<Table> table;
  try {
    table = std::make_unique<Table>(row, bot_limits_, seed_rule());
  } catch (const Error& e) {  // a bot now beyond the server's limits
    refuse(*asker, code::kServerError, std::string("no rematch: ") + e.what());
    return;
  }
  live.rematch_pending = true;
  const std::string old_id = old.id(), new_id = row.id;
  std::weak_ptr<Client> who = asker;
  store_new(
      std::move(row), std::move(table), live.creator,
      [this, old_id, new_id, who](bool ok) {
        auto it = live_.find(old_id);
        if (it == live_.end()) return;  // left memory meanwhile: its row says the rematch
        it->second.rematch_pending = false;
        if (!ok) {
          if (auto c = who.lock())
            refuse(*c, code::kServerError, "the rematch could not be stored");
          return;
        }
        it->second.table->set_rematch(new_id);
        for (const auto& c : it->second.clients) send(*c, {{"type", "rematch"}, {"table", new_id}});
      },
      old_id);
}

void Hub::when_idle(const std::string& id, std::function<void(Live&)> op) {
  auto it = live_.find(id);
  if (it == live_.end()) return;
  if (it->second.busy) {
    it->second.waiting.push_back([this, id, op = std::move(op)] {
      auto it2 = live_.find(id);
      if (it2 != live_.end()) op(it2->second);
    });
    return;
  }
  op(it->second);
}

void Hub::drain(const std::string& id) {
  for (;;) {
    auto it = live_.find(id);
    if (it == live_.end() || it->second.busy || it->second.waiting.empty()) return;
    auto op = std::move(it->second.waiting.front());
    it->second.waiting.pop_front();
    op();
  }
}

void Hub::on_frame(const std::shared_ptr<Client>& cp, std::string_view text) {
  Client& c = *cp;
  // Rate limit: a token bucket per connection.
  const auto now = std::chrono::steady_clock::now();
  if (c.tokens_ < 0) {
    c.tokens_ = limits_.burst;
  } else {
    const double dt = std::chrono::duration<double>(now - c.last_).count();
    c.tokens_ = std::min(limits_.burst, c.tokens_ + dt * limits_.rate);
  }
  c.last_ = now;
  auto refused = [&](const std::string& code, const std::string& message) {
    refuse(c, code, message);
  };
  if (c.tokens_ < 1.0) {
    refuse(c, code::kRateLimited,
           "too many frames; at most " + std::to_string(int(limits_.rate)) + " a second");
    // Repeated abuse of the rate limit closes this connection (only).
    if (++c.refused_in_row_ >= limits_.abuse_close) c.close();
    return;
  }
  c.refused_in_row_ = 0;
  c.tokens_ -= 1.0;
  if (text.size() > limits_.frame_bytes) {
    refused(code::kTooLarge,
            "frames are at most " + std::to_string(limits_.frame_bytes) + " bytes");
    return;
  }
  nlohmann::json f = nlohmann::json::parse(text, nullptr, false);
  if (f.is_discarded() || !f.is_object()) {
    refused(code::kBadFrame, "a frame is a JSON object");
    return;
  }
  auto type_it = f.find("type");
  if (type_it == f.end() || !type_it->is_string()) {
    refused(code::kBadFrame, "a frame needs a string 'type'");
    return;
  }
  const std::string type = type_it->get<std::string>();
  if (type == "ping") {
    send(c, {{"type", "pong"}});
    return;
  }
  if (type == "hello") {
    if (c.hello_) {
      refused(code::kBadFrame, "hello was already sent on this connection");
      return;
    }
    auto t = f.find("table");
    if (t == f.end() || !t->is_string() || !is_hex32(t->get_ref<const std::string&>())) {
      refused(code::kBadFrame, "'table' must be a table id (32 hex digits)");
      return;
    }
    auto k = f.find("token");
    if (k != f.end() && !k->is_string()) {
      refused(code::kBadFrame, "'token' must be a string");
      return;
    }
    if (c.loading_) {
      refused(code::kBadFrame, "hello was already sent on this connection");
      return;
    }
    const std::string id = t->get<std::string>();
    std::optional<std::string> token;
    if (k != f.end()) token = k->get<std::string>();
    if (!live_.count(id) && offload_) {
      // Not in memory: the store read and the replay of its actions (a finished 600-move table:
      // 66-122 ms) run on a work thread; the greeting goes on here once the table is in memory.
      c.loading_ = true;
      std::weak_ptr<bool> alive = alive_;
      offload_([this, alive, cp, id, token] {
        auto table = load_table(id);
        boost::asio::post(io_, [this, alive, cp, id, token, t = std::move(table)]() mutable {
          if (alive.expired()) return;
          adopt(id, std::move(t));
          if (!cp->loading_) return;  // closed meanwhile
          cp->loading_ = false;
          hello_at(cp, id, token, Clock::now());
        });
      });
      return;
    }
    hello_at(cp, id, token, now);
    return;
  }
  if (type == "act" || type == "undo") {
    if (!c.hello_) {
      refused(code::kBadFrame, "send hello first");
      return;
    }
    Action action = 0;
    int move = 0;
    if (type == "act") {
      auto a = f.find("action");
      auto m = f.find("move");
      if (a == f.end() || !a->is_number_integer() || m == f.end() || !m->is_number_integer()) {
        refused(code::kBadFrame, "act needs integer 'action' and 'move'");
        return;
      }
      const auto av = a->get<long long>();
      const auto mv = m->get<long long>();
      if (av < INT32_MIN || av > INT32_MAX || mv < 0 || mv > INT32_MAX) {
        refused(table::refusal_code(table::Refusal::kIllegal), "no such action");
        return;
      }
      action = static_cast<Action>(av);
      move = static_cast<int>(mv);
    }
    if (c.seat_ < 0) {
      refused(table::refusal_code(table::Refusal::kSpectator),
              table::refusal_text(table::Refusal::kSpectator));
      return;
    }
    const Seat seat = c.seat_;
    const bool is_act = type == "act";
    when_idle(c.table_, [this, cp, seat, is_act, action, move, now](Live& l) {
      if (is_act)
        act(l, cp, seat, action, move, now);
      else
        undo(l, cp, seat, now);
    });
    return;
  }
  if (type == "rematch") {
    if (!c.hello_) {
      refused(code::kBadFrame, "send hello first");
      return;
    }
    if (c.seat_ < 0) {
      refused(table::refusal_code(table::Refusal::kSpectator),
              table::refusal_text(table::Refusal::kSpectator));
      return;
    }
    when_idle(c.table_, [this, cp](Live& l) { rematch(l, cp); });
    return;
  }
  if (type == "replace") {
    if (!c.hello_) {
      refused(code::kBadFrame, "send hello first");
      return;
    }
    auto s = f.find("seat");
    if (s == f.end() || !s->is_number_integer() || s->get<long long>() < 0 ||
        s->get<long long>() > 64) {
      refused(code::kBadFrame, "replace needs an integer 'seat'");
      return;
    }
    if (c.seat_ < 0) {
      refused(table::refusal_code(table::Refusal::kSpectator),
              table::refusal_text(table::Refusal::kSpectator));
      return;
    }
    const Seat seat = static_cast<Seat>(s->get<long long>());
    when_idle(c.table_, [this, cp, seat, now](Live& l) { replace(l, cp, seat, now); });
    return;
  }
  refused(code::kBadFrame, "unknown frame type");
}

void Hub::replace(Live& l, const std::shared_ptr<Client>& cp, Seat seat,
                  Clock::time_point received) {
  Table& t = *l.table;
  const auto here = presence(l);
  // Only a player who is not at the table (no connection at their seat) can be replaced.
  if (seat >= t.num_seats() || seat == cp->seat_ || t.row().seats[seat].kind != "human") {
    refuse(*cp, code::kNotAway, "only another player's seat can be handed to a bot");
    return;
  }
  if (here[static_cast<std::size_t>(seat)].connections > 0) {
    refuse(*cp, code::kNotAway, "that player is at the table");
    return;
  }
  bool done = false;
  try {
    done = t.replace(seat, cp->seat_);
  } catch (const Error& e) {  // its bot is beyond the limits: nothing changes
    std::cerr << "turf serve: table " << t.id() << ": " << e.what() << "\n";
  }
  if (!done) {
    refuse(*cp, code::kNotAway, "a bot cannot take that seat now");
    return;
  }
  write_and_prepare(l, *t.take_write(), nullptr, received, received);
}

void Hub::greet(Live& l, const std::shared_ptr<Client>& cp) {
  if (!cp->hello_) return;  // closed meanwhile
  l.clients.push_back(cp);
  l.active = Clock::now();
  send(*cp, l.table->welcome(cp->seat_));
  auto frame = l.table->state_frame(cp->seat_, 0, wall_now());
  cp->sent_steps_ = l.table->moves();
  send(*cp, frame);
  if (!l.table->rematch().empty()) send(*cp, {{"type", "rematch"}, {"table", l.table->rematch()}});
  schedule_bot(l);  // a table of bots only plays while someone watches
}

void Hub::act(Live& live, const std::shared_ptr<Client>& actor, Seat seat, Action a, int move,
              Clock::time_point received) {
  const auto started = Clock::now();
  Table& t = *live.table;
  // A person acting at a seat a stand-in plays is back: the seat is theirs again (stored
  // first), then their action is taken as any other.
  if (t.take_back(seat)) {
    write_and_prepare(live, *t.take_write(), nullptr, received, started);
    when_idle(t.id(), [this, actor, seat, a, move, received](Live& l) {
      act(l, actor, seat, a, move, received);
    });
    return;
  }
  const std::string why = t.act(seat, a, move);
  if (!why.empty()) {
    refuse(
        *actor, why,
        why == table::refusal_code(table::Refusal::kStale) ? "the table has moved on" : "not now");
    return;
  }
  write_and_prepare(live, *t.take_write(), actor, received, started);
}

void Hub::bot_answer(Live& live, const table::BotTurn& turn, std::optional<Action> answer,
                     Clock::time_point received) {
  const auto started = Clock::now();
  Table& t = *live.table;
  if (!t.complete(turn, answer).empty()) {  // the table changed meanwhile: think again
    schedule_bot(live);
    return;
  }
  write_and_prepare(live, *t.take_write(), nullptr, received, started);
}

void Hub::undo(Live& live, const std::shared_ptr<Client>& actor, Seat seat,
               Clock::time_point received) {
  const auto started = Clock::now();
  Table& t = *live.table;
  const std::string why = t.check_undo(seat);
  if (!why.empty()) {
    refuse(*actor, why, "nothing to take back now");
    return;
  }
  t.undo(seat);
  write_and_prepare(live, *t.take_write(), actor, received, started);
}

void Hub::write_and_prepare(Live& live, Write w, const std::shared_ptr<Client>& actor,
                            Clock::time_point received, Clock::time_point started) {
  auto& stats = server_stats();
  const auto applied = Clock::now();
  if (actor) {
    stats.wait.record(started - received);
    stats.apply.record(applied - started);
  }
  live.busy = true;
  live.received = received;
  live.from_client = actor != nullptr;
  std::weak_ptr<bool> alive = alive_;
  std::weak_ptr<Client> who = actor;
  w.deadline = next_deadline(*live.table);
  live.table->stamp_clocks(w);
  // The write first: the writer thread commits (and fsyncs) while this thread builds the frames.
  store_.write(std::move(w), [this, alive, id = live.table->id(), who](bool ok) {
    const auto done = Clock::now();
    boost::asio::post(io_, [this, alive, id, who, ok, done] {
      if (!alive.expired()) guarded([&] { committed(id, ok, who, done); });
    });
  });
  prepare(live);
  if (actor) stats.frames.record(Clock::now() - applied);
}

void Hub::guarded(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    std::cerr << "turf serve: internal error: " << e.what() << std::endl;
  }
}

void Hub::committed(const std::string& id, bool ok, const std::weak_ptr<Client>& actor,
                    Clock::time_point done) {
  auto it = live_.find(id);
  if (it == live_.end()) return;
  Live& live = it->second;
  auto& stats = server_stats();
  if (live.from_client) stats.hop.record(Clock::now() - done);
  live.busy = false;
  if (!ok) {
    // The store refused: go back to what it holds.
    live.pending.clear();
    std::cerr << "turf serve: a write for table " << id << " failed; reloading it\n";
    if (auto c = actor.lock()) refuse(*c, code::kServerError, "the move could not be stored");
    auto row = store_.load_table(id);
    try {
      if (!row) throw Error("gone from the store");
      live.table->stop_bots();
      live.table = std::make_unique<Table>(std::move(*row), bot_limits_, seed_rule());
      ++live.generation;  // answers of the old table's bots are dropped
      live.bot_thinking = false;
    } catch (const Error& e) {
      std::cerr << "turf serve: table " << id << ": " << e.what() << "\n";
      for (auto& c : live.clients) c->close();
      live_.erase(it);
      return;
    }
    for (auto& c : live.clients) c->sent_steps_ = 0;  // resync everything
    broadcast(live);
  } else {
    // The frames built while the write was in flight (a connection closed meanwhile drops its
    // frame: a closed Client sends nothing).
    for (auto& [c, frame] : live.pending) c->send(std::move(frame));
    live.pending.clear();
  }
  if (live.from_client) stats.server.record(Clock::now() - live.received);
  live.from_client = false;
  live.active = Clock::now();
  schedule_bot(live);
  // A stand-in moved for a seat whose turn goes on: its time is still out.
  if (live.table->deadline()) time_out(live, wall_now());
  drain(id);
  // A game that ended with nobody watching leaves memory now (it stays in the store).
  auto again = live_.find(id);
  if (again != live_.end() && again->second.table->over() && evictable(again->second))
    live_.erase(again);
}

void Hub::prepare(Live& live) {
  Table& t = *live.table;
  const int moves = t.moves();
  const std::int64_t now = t.deadline() ? wall_now() : 0;  // the clock's "deadline_in"
  // One frame per viewer and starting step; most clients of a viewer share one.
  std::map<std::pair<Seat, int>, std::shared_ptr<const std::string>> frames;
  live.pending.clear();
  live.pending.reserve(live.clients.size());
  for (auto& c : live.clients) {
    const int from = std::min(c->sent_steps_, moves);
    auto key = std::make_pair(c->seat_, from);
    auto f = frames.find(key);
    if (f == frames.end())
      f = frames
              .emplace(key, std::make_shared<const std::string>(
                                t.state_frame(c->seat_, from, now).dump()))
              .first;
    c->sent_steps_ = moves;
    live.pending.emplace_back(c, f->second);
  }
}

void Hub::broadcast(Live& live) {
  prepare(live);
  for (auto& [c, frame] : live.pending) c->send(std::move(frame));
  live.pending.clear();
}

void Hub::schedule_bot(Live& live) {
  if (live.busy || live.bot_thinking) return;
  if (!live.has_human && live.clients.empty()) return;  // bots only, and nobody watches
  // The bot's turn holds a copy of its seat's view (no reference to the state) and the table's
  // agent for that seat, which lives as long as the table (a turn keeps it alive if the table
  // goes first). One turn per seat at a time: bot_turn() gives nothing while one is in flight.
  auto turn = live.table->bot_turn();
  if (!turn) return;
  run_turn(live, std::move(*turn));
}

void Hub::run_turn(Live& live, table::BotTurn turn) {
  live.bot_thinking = true;
  auto job = std::make_shared<const table::BotTurn>(std::move(turn));
  const std::string id = live.table->id();
  const std::uint64_t generation = live.generation;
  std::weak_ptr<bool> alive = alive_;
  bots_.submit(
      [this, alive, job, id, generation](TimeSlices* slices) {
        std::optional<Action> answer;
        bool failed = false;
        try {
          answer = job->run(slices);
        } catch (const std::exception& e) {
          failed = true;
          std::cerr << "turf serve: the bot of seat " << job->seat() << " at table " << id
                    << " failed: " << e.what() << "\n";
        }
        boost::asio::post(io_, [this, alive, id, generation, job, answer, failed] {
          if (alive.expired()) return;
          const auto received = Clock::now();
          auto it = live_.find(id);
          if (it == live_.end() || it->second.generation != generation) return;  // reloaded
          it->second.bot_thinking = false;
          it->second.active = received;
          guarded([&] {
            when_idle(id, [this, job, answer, failed, generation, received](Live& l) {
              if (l.generation != generation) return;
              if (failed)  // the table waits (the bot's failure is in the log)
                l.table->complete(*job, std::nullopt);
              else
                bot_answer(l, *job, answer, received);
            });
          });
        });
      },
      live.creator, live.has_human);
}

void Hub::on_close(const std::shared_ptr<Client>& c) {
  c->loading_ = false;  // its table may still be loading: no greeting then
  if (!c->hello_) return;
  c->hello_ = false;
  auto it = live_.find(c->table_);
  if (it == live_.end()) return;
  auto& v = it->second.clients;
  v.erase(std::remove(v.begin(), v.end(), c), v.end());
  it->second.active = Clock::now();
  // the seat's last tab closed: the time it left, for the lobby entry (away_s)
  if (c->seat_ >= 0 &&
      std::none_of(v.begin(), v.end(), [&](const auto& o) { return o->seat_ == c->seat_; })) {
    auto& left = it->second.left;
    if (left.size() <= static_cast<std::size_t>(c->seat_))
      left.resize(static_cast<std::size_t>(c->seat_) + 1);
    left[static_cast<std::size_t>(c->seat_)] = it->second.active;
  }
  // A finished table nobody watches leaves memory (it stays in the store); an unfinished one
  // after the idle time (sweep).
  if (it->second.table->over() && evictable(it->second)) live_.erase(it);
}

}  // namespace turf::server
