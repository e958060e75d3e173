#include "server/table.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "bots/presets.h"
#include "core/narration.h"
#include "core/secret.h"
#include "core/variant.h"

namespace turf::server {

namespace {}  // namespace

bool is_hex32(std::string_view s) {
  if (s.size() != 32) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

nlohmann::json error_frame(const std::string& code, const std::string& message) {
  return {{"type", "error"}, {"code", code}, {"message", message}};
}

// ---------------------------------------------------------------------------------------------

namespace {
Match build_match(const StoredTable& row) {
  const GameInfo& game = Registry::instance().find(row.game);
  std::vector<SeatInfo> seats;
  for (const auto& s : row.seats) seats.push_back({s.kind == "bot" ? s.bot : "human", s.name});
  Match m(game, game.resolve(row.options), row.seed, std::move(seats));
  for (const auto& [seat, action] : row.actions) {
    if (m.over() || m.state().to_move() != seat)
      throw Error("table " + row.id + ": stored action by seat " + std::to_string(seat) +
                  " does not fit the game");
    m.apply(action);
  }
  return m;
}

// The bots of a table are seeded from the OS (the table's seed decides the deal; nothing is
// derived from it that a seat could see).
table::TableConfig server_config(const table::BotLimits& limits, table::SeedRule seeds) {
  table::TableConfig c;
  c.limits = limits;
  c.seeds = seeds;
  return c;
}
}  // namespace

Pace Pace::from_request(const nlohmann::json& body) {
  Pace p;
  if (body.contains("pace")) {
    const auto& v = body["pace"];
    if (!v.is_string() || (v != "live" && v != "turn"))
      throw Error("'pace' must be \"live\" or \"turn\"");
    p.turn_based = v == "turn";
  }
  for (const char* field : {"clock", "move_seconds", "budget_seconds", "increment_seconds"})
    if (body.contains(field) && p.turn_based)
      throw Error(std::string("'") + field + "' is for a live table (a turn-based table has " +
                  "'turn_seconds')");
  if (body.contains("clock")) {
    const auto& v = body["clock"];
    if (!v.is_string() || (v != "none" && v != "move" && v != "fischer"))
      throw Error(
          "'clock' must be \"none\", \"move\" (a time per move) or \"fischer\" (a "
          "budget for the game and an increment a turn)");
    if (v == "move") p.move_seconds = kDefaultMoveSeconds;
    if (v == "fischer") {
      p.budget_seconds = kDefaultBudgetSeconds;
      p.increment_seconds = kDefaultIncrementSeconds;
    }
  }
  for (const char* field : {"budget_seconds", "increment_seconds"})
    if (body.contains(field) && !p.fischer())
      throw Error(std::string("'") + field + "' is for a Fischer clock (\"clock\": \"fischer\")");
  if (body.contains("budget_seconds")) {
    const auto& v = body["budget_seconds"];
    if (!v.is_number_integer() || v.get<long long>() < kMinBudgetSeconds ||
        v.get<long long>() > kMaxBudgetSeconds)
      throw Error("'budget_seconds' must be an integer from " + std::to_string(kMinBudgetSeconds) +
                  " to " + std::to_string(kMaxBudgetSeconds) + " (2 hours)");
    p.budget_seconds = v.get<int>();
  }
  if (body.contains("increment_seconds")) {
    const auto& v = body["increment_seconds"];
    if (!v.is_number_integer() || v.get<long long>() < 0 ||
        v.get<long long>() > kMaxIncrementSeconds)
      throw Error("'increment_seconds' must be an integer from 0 to " +
                  std::to_string(kMaxIncrementSeconds));
    p.increment_seconds = v.get<int>();
  }
  if (body.contains("move_seconds")) {
    const auto& v = body["move_seconds"];
    if (!p.move_seconds)
      throw Error("'move_seconds' is for a table with a clock (\"clock\": \"move\")");
    if (!v.is_number_integer() || v.get<long long>() < kMinMoveSeconds ||
        v.get<long long>() > kMaxMoveSeconds)
      throw Error("'move_seconds' must be an integer from " + std::to_string(kMinMoveSeconds) +
                  " to " + std::to_string(kMaxMoveSeconds) + " (1 hour)");
    p.move_seconds = v.get<int>();
  }
  if (body.contains("turn_seconds") && !p.turn_based)
    throw Error("'turn_seconds' is for a turn-based table (\"pace\": \"turn\")");
  for (const char* field : {"on_timeout", "timeout_bot"})
    if (body.contains(field) && !p.timed())
      throw Error(std::string("'") + field +
                  "' is for a turn-based table (\"pace\": \"turn\") or a table with a clock " +
                  "(\"clock\": \"move\")");
  if (body.contains("turn_seconds")) {
    const auto& v = body["turn_seconds"];
    if (!v.is_number_integer() || v.get<long long>() < kMinTurnSeconds ||
        v.get<long long>() > kMaxTurnSeconds)
      throw Error("'turn_seconds' must be an integer from " + std::to_string(kMinTurnSeconds) +
                  " (1 hour) to " + std::to_string(kMaxTurnSeconds) + " (14 days)");
    p.turn_seconds = v.get<int>();
  }
  if (body.contains("on_timeout")) {
    const auto& v = body["on_timeout"];
    if (!v.is_string() || (v != "move" && v != "bot"))
      throw Error("'on_timeout' must be \"move\" or \"bot\"");
    p.on_timeout = v == "move" ? table::StandIn::kOnce : table::StandIn::kFromNow;
  }
  if (body.contains("timeout_bot")) {
    const auto& v = body["timeout_bot"];
    const auto& levels = bot_levels();
    if (!v.is_string() ||
        std::find(levels.begin(), levels.end(), v.get<std::string>()) == levels.end())
      throw Error("'timeout_bot' must be a bot level (easy, normal or hard)");
    p.timeout_bot = v.get<std::string>();
  }
  return p;
}

Pace Pace::from_settings(const nlohmann::json& settings) {
  // A stored row was checked when it was made; anything unreadable reads as live.
  Pace p;
  if (!settings.is_object()) return p;
  if (settings.value("pace", "") == "turn") {
    p.turn_based = true;
    const auto t = settings.value("turn_seconds", 0);
    if (t >= kMinTurnSeconds && t <= kMaxTurnSeconds) p.turn_seconds = t;
  } else if (settings.value("clock", "") == "move") {
    const auto t = settings.value("move_seconds", 0);
    p.move_seconds = t >= kMinMoveSeconds && t <= kMaxMoveSeconds ? t : kDefaultMoveSeconds;
  } else if (settings.value("clock", "") == "fischer") {
    const auto b = settings.value("budget_seconds", 0);
    const auto i = settings.value("increment_seconds", -1);
    p.budget_seconds = b >= kMinBudgetSeconds && b <= kMaxBudgetSeconds ? b : kDefaultBudgetSeconds;
    p.increment_seconds = i >= 0 && i <= kMaxIncrementSeconds ? i : kDefaultIncrementSeconds;
  } else {
    return p;
  }
  if (settings.value("on_timeout", "") == "bot") p.on_timeout = table::StandIn::kFromNow;
  const std::string bot = settings.value("timeout_bot", "");
  const auto& levels = bot_levels();
  if (std::find(levels.begin(), levels.end(), bot) != levels.end()) p.timeout_bot = bot;
  return p;
}

nlohmann::json Pace::to_json() const {
  if (!timed()) return {{"pace", "live"}};
  nlohmann::json j = {{"on_timeout", on_timeout == table::StandIn::kOnce ? "move" : "bot"},
                      {"timeout_bot", timeout_bot}};
  if (turn_based) {
    j["pace"] = "turn";
    j["turn_seconds"] = turn_seconds;
  } else if (fischer()) {
    j["pace"] = "live";
    j["clock"] = "fischer";
    j["budget_seconds"] = budget_seconds;
    j["increment_seconds"] = increment_seconds;
  } else {
    j["pace"] = "live";
    j["clock"] = "move";
    j["move_seconds"] = move_seconds;
  }
  return j;
}

namespace {
// A stored event (Write::note) and back.
std::string note_text(const Narration& n) {
  if (n.kind == "replaced" && n.seats.size() == 2)
    return nlohmann::json{{"kind", "replaced"},
                          {"seat", n.seats[0]},
                          {"by", n.seats[1]},
                          {"bot", n.data.value("bot", "")}}
        .dump();
  if (n.kind != "timeout" || n.seats.empty()) return "";
  return nlohmann::json{{"kind", "timeout"},
                        {"seat", n.seats[0]},
                        {"rule", n.data.value("rule", "move")},
                        {"bot", n.data.value("bot", "")}}
      .dump();
}
// A Fischer clock's times left as an action's note keeps them ({"clocks": [s0, s1, ...]}).
void stored_clocks(const std::string& text, std::vector<std::int64_t>& banks) {
  if (text.find("clocks") == std::string::npos) return;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object() || !j.contains("clocks") || !j["clocks"].is_array() ||
      j["clocks"].size() != banks.size())
    return;
  for (std::size_t s = 0; s < banks.size(); ++s)
    if (j["clocks"][s].is_number_integer() && j["clocks"][s].get<std::int64_t>() >= 0)
      banks[s] = j["clocks"][s].get<std::int64_t>();
}

std::optional<Narration> stored_note(const std::string& text, int seats) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return std::nullopt;
  const int seat = j.value("seat", -1);
  if (seat < 0 || seat >= seats) return std::nullopt;
  if (j.value("kind", "") == "replaced") {
    const int by = j.value("by", -1);
    if (by < 0 || by >= seats || by == seat) return std::nullopt;
    return table::replaced_note(seat, by, j.value("bot", ""));
  }
  if (j.value("kind", "") != "timeout") return std::nullopt;
  return table::timeout_note(
      seat, j.value("rule", "") == "bot" ? table::StandIn::kFromNow : table::StandIn::kOnce,
      j.value("bot", ""));
}
}  // namespace

Table::Table(StoredTable row, const table::BotLimits& limits, table::SeedRule seeds)
    : row_(std::move(row)),
      pace_(Pace::from_settings(row_.settings)),
      table_(build_match(row_), server_config(limits, seeds)) {
  if (static_cast<int>(row_.seats.size()) != table_.num_seats())
    throw Error("table " + row_.id + ": seat count does not fit the game");
  for (int s = 0; s < num_seats(); ++s)
    if (row_.seats[s].kind == "human" && !row_.seats[s].stand_in.empty())
      table_.hand_over(s, row_.seats[s].stand_in);
  if (pace_.fischer()) banks_.assign(static_cast<std::size_t>(num_seats()), pace_.budget_seconds);
  for (const auto& [move, text] : row_.notes) {
    if (auto n = stored_note(text, num_seats())) table_.note(move, std::move(*n));
    if (pace_.fischer()) stored_clocks(text, banks_);  // the last action's say
  }
  row_.notes.clear();
  rematch_ = row_.rematch;  // made before the table last left memory
  if (row_.deadline) deadline_seat_ = human_to_move();
  // The turn in progress began its seat's time left before the deadline.
  if (row_.deadline && deadline_seat_ && pace_.fischer())
    turn_start_ = *row_.deadline - banks_[static_cast<std::size_t>(*deadline_seat_)];
  // The table keeps the tokens' hashes only (a fresh row brings the tokens for its creator).
  for (auto& s : row_.seats) {
    if (s.kind == "human" && s.token_hash.empty() && !s.token.empty())
      s.token_hash = sha256_hex(s.token);
    s.token.clear();
  }
  row_.actions.clear();
  row_.actions.shrink_to_fit();
  // The change hook: every change becomes the store's write.
  table_.on_change([this](const table::Change& c) {
    Write w;
    w.table_id = row_.id;
    w.move = c.move;
    w.status = status();
    if (c.kind == table::Change::Kind::kAct) {
      w.kind = Write::Kind::Append;
      w.seat = c.seat;
      w.action = c.action;
      if (c.note) w.note = note_text(*c.note);
      // Who plays each seat, as the store keeps it (a stand-in from now on).
      bool changed = false;
      for (int s = 0; s < num_seats(); ++s) {
        auto& seat = row_.seats[s];
        if (seat.kind == "human" && seat.stand_in != table_.standing_in(s)) {
          seat.stand_in = table_.standing_in(s);
          changed = true;
        }
      }
      if (changed) w.seats = row_.seats;
    } else {
      w.kind = Write::Kind::Truncate;
    }
    write_ = std::move(w);
    row_.updated = now_iso8601();  // as the store writes it (the lobby's "updated")
  });
}

std::optional<Seat> Table::seat_of_token(std::string_view token) const {
  if (!is_hex32(token)) return std::nullopt;  // the form of a token is no secret
  const std::string hash = sha256_hex(token);
  std::optional<Seat> found;
  for (int s = 0; s < num_seats(); ++s) {
    const auto& seat = row_.seats[s];
    // Every human seat is compared, whatever matched before.
    if (seat.kind == "human" && constant_time_equal(seat.token_hash, hash) && !found) found = s;
  }
  return found;
}

std::optional<Seat> Table::human_to_move() const {
  if (over()) return std::nullopt;
  const Seat s = table_.to_move();
  if (s < 0 || !table_.is_human(s)) return std::nullopt;
  return s;
}

std::optional<std::int64_t> Table::update_deadline(std::int64_t now) {
  const auto s = pace_.timed() ? human_to_move() : std::nullopt;
  // A Fischer clock: the turn of the seat it counted ended: its time used is taken off (never
  // below zero) and the increment added.
  if (pace_.fischer() && deadline_seat_ && deadline_seat_ != s) {
    auto& bank = banks_[static_cast<std::size_t>(*deadline_seat_)];
    bank = std::max<std::int64_t>(0, bank - (now - turn_start_)) + pace_.increment_seconds;
  }
  if (!s) {
    row_.deadline.reset();
    deadline_seat_.reset();
  } else if (deadline_seat_ != s || !row_.deadline) {
    row_.deadline =
        now + (pace_.fischer() ? banks_[static_cast<std::size_t>(*s)] : pace_.seconds());
    turn_start_ = now;
    deadline_seat_ = s;
  }
  return row_.deadline;
}

void Table::stamp_clocks(Write& w) const {
  if (!pace_.fischer() || w.kind != Write::Kind::Append) return;
  nlohmann::json j =
      w.note.empty() ? nlohmann::json::object() : nlohmann::json::parse(w.note, nullptr, false);
  if (!j.is_object()) return;
  j["clocks"] = banks_;
  w.note = j.dump();
}

std::optional<table::BotTurn> Table::time_out() {
  return table_.stand_in(pace_.on_timeout, pace_.timeout_bot);
}

bool Table::replace(Seat seat, Seat by) {
  if (!table_.replace(seat, by, pace_.timeout_bot)) return false;
  row_.seats[static_cast<std::size_t>(seat)].stand_in = pace_.timeout_bot;
  write_seats();
  return true;
}

bool Table::take_back(Seat seat) {
  if (!table_.seat_back(seat)) return false;
  row_.seats[static_cast<std::size_t>(seat)].stand_in.clear();
  write_seats();
  return true;
}

void Table::write_seats() {
  Write w;
  w.kind = Write::Kind::Seats;
  w.table_id = row_.id;
  w.status = status();
  w.seats = row_.seats;
  write_ = std::move(w);
}

std::string Table::check_act(Seat seat, Action a, int move) const {
  return table::refusal_code(table_.check_act(seat, a, move));
}

std::string Table::check_undo(Seat seat) const {
  return table::refusal_code(table_.check_undo(seat));
}

std::string Table::act(Seat seat, Action a, int move) {
  return table::refusal_code(table_.act(seat, a, move));
}

int Table::undo(Seat seat) {
  int n = 0;
  table_.undo(seat, 0, &n);
  return n;
}

std::string Table::complete(const table::BotTurn& turn, std::optional<Action> answer) {
  return table::refusal_code(table_.complete(turn, answer));
}

std::optional<Write> Table::take_write() {
  auto w = std::move(write_);
  write_.reset();
  return w;
}

nlohmann::json Table::welcome(Seat viewer) const {
  nlohmann::json seats = nlohmann::json::array();
  for (int s = 0; s < num_seats(); ++s)
    seats.push_back({{"seat", s}, {"name", row_.seats[s].name}, {"kind", row_.seats[s].kind}});
  return {{"type", "welcome"},
          {"table", row_.id},
          {"game", row_.game},
          {"seat", viewer >= 0 ? nlohmann::json(viewer) : nlohmann::json(nullptr)},
          {"seats", std::move(seats)},
          {"options", match().options().values()},
          {"pace", pace_.to_json()}};
}

nlohmann::json Table::state_frame(Seat viewer, int from_step, std::int64_t now) {
  const auto& all = table_.story(viewer).steps();
  View v = match().view(viewer, true);
  nlohmann::json legal = nlohmann::json::array();
  for (const auto& la : v.legal())
    legal.push_back({{"id", la.id}, {"label", la.label}, {"json", la.json}});
  nlohmann::json log = nlohmann::json::array();
  const auto& history = match().history();
  for (std::size_t i = static_cast<std::size_t>(std::max(0, from_step)); i < all.size(); ++i) {
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& n : all[i]) lines.push_back(n.to_json());
    log.push_back(
        {{"move", static_cast<int>(i)}, {"seat", history[i].seat}, {"lines", std::move(lines)}});
  }
  const bool is_over = v.terminal();
  // The final result is public once the game is over; where scores are ranking keys (turfwars
  // adds 100 for an instant win), its words say it (Match::result).
  nlohmann::json result = table_.result();
  return {{"type", "state"},
          {"move", moves()},
          {"view", v.to_json()},
          {"to_move", is_over ? nlohmann::json(nullptr) : nlohmann::json(v.to_move())},
          {"legal", std::move(legal)},
          {"undoable", table_.undoable(viewer)},
          {"over", is_over},
          {"result", std::move(result)},
          {"log", std::move(log)},
          {"deadline", deadline_json()},
          // Seconds left when the frame was made: a clock counts down from it whatever the
          // browser's own clock says (the server's deadline is the only authority).
          {"deadline_in", row_.deadline
                              ? nlohmann::json(std::max<std::int64_t>(0, *row_.deadline - now))
                              : nlohmann::json(nullptr)},
          {"stand_ins", stand_ins_json()},
          // A Fischer clock: each seat's time left now (the seat to move's counts down).
          {"clocks", clocks_json(now)}};
}

nlohmann::json Table::clocks_json(std::int64_t now) const {
  if (!pace_.fischer()) return nullptr;
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t s = 0; s < banks_.size(); ++s)
    out.push_back(deadline_seat_ && static_cast<std::size_t>(*deadline_seat_) == s && row_.deadline
                      ? std::max<std::int64_t>(0, *row_.deadline - now)
                      : banks_[s]);
  return out;
}

nlohmann::json Table::deadline_json() const {
  return row_.deadline ? nlohmann::json(*row_.deadline) : nlohmann::json(nullptr);
}

nlohmann::json Table::stand_ins_json() const {
  nlohmann::json out = nlohmann::json::object();
  for (int s = 0; s < num_seats(); ++s)
    if (!table_.standing_in(s).empty()) out[std::to_string(s)] = table_.standing_in(s);
  return out;
}

nlohmann::json Table::lobby_entry(const std::vector<SeatPresence>& presence) const {
  nlohmann::json seats = nlohmann::json::array();
  bool open = false;
  for (int s = 0; s < num_seats(); ++s) {
    const SeatPresence here = s < static_cast<int>(presence.size())
                                  ? presence[static_cast<std::size_t>(s)]
                                  : SeatPresence{};
    const bool on = here.connections > 0;
    const bool human = row_.seats[s].kind == "human";
    if (human && !on) open = true;
    seats.push_back({{"seat", s},
                     {"name", row_.seats[s].name},
                     {"kind", row_.seats[s].kind},
                     {"connected", !human || on}});
    // a person who sat here and left: since when (docs/protocol.md)
    if (human && !on && here.away_seconds >= 0) seats.back()["away_s"] = here.away_seconds;
    if (!table_.standing_in(s).empty()) seats.back()["stand_in"] = table_.standing_in(s);
  }
  const char* st = over() ? "over" : (moves() == 0 && open ? "waiting" : "playing");
  // whose turn it is: public (every state frame says it); null when the game is over
  const nlohmann::json to_move =
      over() ? nlohmann::json(nullptr) : nlohmann::json(table_.to_move());
  return {{"id", row_.id},
          {"game", row_.game},
          {"options", match().options().values()},
          {"status", st},
          {"seats", seats},
          {"moves", moves()},
          {"to_move", to_move},
          {"created", row_.created},
          {"updated", row_.updated},
          {"pace", pace_.to_json()},
          {"deadline", deadline_json()},
          {"public", row_.listed},
          {"rematch", rematch_.empty() ? nlohmann::json(nullptr) : nlohmann::json(rematch_)}};
}

// ---------------------------------------------------------------------------------------------

nlohmann::json replay_json(const StoredTable& row, int at, Seat viewer) {
  if (row.status != "over") throw Error("a replay opens once the game is over");
  if (viewer != kSpectator && viewer != kOmniscient &&
      (viewer < 0 || viewer >= static_cast<int>(row.seats.size())))
    throw Error("'view' must be a seat from 0 to " + std::to_string(row.seats.size() - 1));
  const int total = static_cast<int>(row.actions.size());
  if (at == -1) at = total;  // the end
  if (at < 0 || at > total) throw Error("'at' must be a move from 0 to " + std::to_string(total));
  StoredTable upto = row;
  upto.actions.resize(static_cast<std::size_t>(at));
  const Match m = build_match(upto);
  const View v = m.view(viewer, true);
  auto story = narrate_history(m, viewer);
  for (const auto& [move, text] : row.notes)  // the table's events, first in their step
    if (auto n = stored_note(text, static_cast<int>(row.seats.size()));
        n && move < static_cast<int>(story.size()))
      story[static_cast<std::size_t>(move)].insert(story[static_cast<std::size_t>(move)].begin(),
                                                   std::move(*n));
  nlohmann::json log = nlohmann::json::array();
  for (std::size_t i = 0; i < story.size(); ++i) {
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& n : story[i]) lines.push_back(n.to_json());
    log.push_back({{"move", static_cast<int>(i)},
                   {"seat", m.history()[i].seat},
                   {"lines", std::move(lines)}});
  }
  nlohmann::json seats = nlohmann::json::array();
  for (std::size_t s = 0; s < row.seats.size(); ++s)
    seats.push_back({{"seat", s}, {"name", row.seats[s].name}, {"kind", row.seats[s].kind}});
  const bool is_over = v.terminal();
  nlohmann::json welcome = {
      {"type", "welcome"},
      {"table", row.id},
      {"game", row.game},
      {"seat", viewer >= 0 ? nlohmann::json(viewer) : nlohmann::json(nullptr)},
      {"seats", std::move(seats)},
      {"options", m.options().values()},
      {"pace", Pace::from_settings(row.settings).to_json()}};
  nlohmann::json state = {
      {"type", "state"},
      {"move", at},
      {"view", v.to_json()},
      {"to_move", is_over ? nlohmann::json(nullptr) : nlohmann::json(v.to_move())},
      {"legal", nlohmann::json::array()},
      {"undoable", 0},
      {"over", is_over},
      {"result", is_over ? m.result() : nlohmann::json(nullptr)},
      {"log", std::move(log)}};
  return {{"welcome", std::move(welcome)}, {"state", std::move(state)}, {"moves", total}};
}

namespace {
// The "options" of a create request or a record: {name: string or integer}, at most 32, as text.
std::map<std::string, std::string> request_options(const nlohmann::json& body) {
  std::map<std::string, std::string> out;
  if (!body.contains("options")) return out;
  const auto& o = body["options"];
  if (!o.is_object()) throw Error("'options' must be an object");
  if (o.size() > 32) throw Error("too many options");
  for (auto& [k, v] : o.items()) {
    if (v.is_string())
      out[k] = v.get<std::string>();
    else if (v.is_number_integer())
      out[k] = std::to_string(v.get<long long>());
    else
      throw Error("option '" + k + "' must be a string or an integer");
  }
  return out;
}

// The option "variant" of a request: "base", or an offered variant by its name or its text
// (stored as its text); anything else is refused before the game loads any content.
void admit_variant(const GameInfo& game, std::map<std::string, std::string>& options,
                   const OfferedVariants& variants) {
  const auto it = options.find("variant");
  // (a game without variants refuses the option as it refuses any unknown one: GameInfo::resolve)
  if (it == options.end() || it->second == kBaseVariant || !game.load_variant) return;
  // The same variant written another way (keys in another order, spaces) is the same variant.
  std::string canonical;
  try {
    canonical = variant_option_text(parse_variant_option(it->second));
  } catch (const Error&) {
    // not a variant's text: only a name can match, or it is refused below
  }
  std::vector<std::string> names;
  for (const auto& v : variants) {
    if (v.game != game.id) continue;
    names.push_back(v.name);
    if (it->second == v.name || it->second == v.option ||
        (!canonical.empty() && canonical == v.option)) {
      it->second = v.option;
      return;
    }
  }
  if (names.empty())
    throw Error("this server plays " + game.title +
                " with its own content only (the option 'variant' must be 'base')");
  std::string list;
  for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
  // A name is quoted (with "did you mean"); a patch of the client's own is not echoed.
  const bool name = it->second.size() <= 40 && it->second.find('{') == std::string::npos;
  throw Error("this server offers no " +
              (name ? "variant '" + it->second + "'" : std::string("such variant")) +
              (name ? did_you_mean(it->second, names) : "") + "; it offers: base, " + list);
}

}  // namespace

StoredTable new_table_row(const nlohmann::json& body, const table::BotLimits& limits,
                          bool allow_seed, const OfferedVariants& variants) {
  if (!body.is_object()) throw Error("the body must be a JSON object");
  if (body.contains("seed") && !allow_seed) throw Error("'seed' is not a field of a table");
  if (allow_seed && body.contains("seed") &&
      (!body["seed"].is_number_unsigned() || body["seed"].get<std::uint64_t>() > (1ULL << 53)))
    throw Error("'seed' must be an integer from 0 to 2^53");
  if (!body.contains("game") || !body["game"].is_string()) throw Error("'game' must be a string");
  const GameInfo& game = Registry::instance().find(body["game"].get<std::string>());
  StoredTable row;
  row.game = game.id;
  row.options = request_options(body);
  admit_variant(game, row.options, variants);
  if (!body.contains("seats") || !body["seats"].is_array() || body["seats"].empty())
    throw Error("'seats' must be a non-empty array");
  const auto& seats = body["seats"];
  if (seats.size() > 8) throw Error("too many seats");
  std::vector<table::SeatPlan> plans;
  std::vector<std::string> names;
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const auto& s = seats[i];
    const std::string where = "seat " + std::to_string(i);
    if (!s.is_object()) throw Error(where + " must be an object");
    if (!s.contains("kind") || !s["kind"].is_string())
      throw Error(where + ": 'kind' must be a string");
    const std::string kind = s["kind"].get<std::string>();
    std::string& name = names.emplace_back();
    if (s.contains("name")) {
      if (!s["name"].is_string()) throw Error(where + ": 'name' must be a string");
      try {
        name = table::seat_name(s["name"].get<std::string>(), static_cast<Seat>(i));
      } catch (const Error& e) {
        throw Error(where + ": " + e.what());
      }
    }
    if (kind == "human") {
      plans.push_back(table::plan_seat(game, "human", limits));
    } else if (kind == "bot") {
      std::string bot = "normal";
      if (s.contains("bot")) {
        if (!s["bot"].is_string()) throw Error(where + ": 'bot' must be a string");
        bot = s["bot"].get<std::string>();
      }
      if (bot == "human") throw Error("a bot seat needs a bot, not 'human'");
      plans.push_back(table::plan_seat(game, bot, limits));
    } else {
      throw Error(where + ": 'kind' must be \"human\" or \"bot\"");
    }
  }
  // Unnamed seats: "Player N" and "Bot N" (docs/protocol.md, "Names").
  table::name_seats(plans, names, table::BotNames::kGeneric);
  for (const auto& p : plans) {
    StoredSeat seat;
    seat.kind = p.kind == table::SeatKind::kHuman ? "human" : "bot";
    seat.name = p.name;
    if (p.kind == table::SeatKind::kHuman) {
      seat.token = os_random_hex(16);
      seat.token_hash = sha256_hex(seat.token);
    } else {
      seat.bot = p.agent;
    }
    row.seats.push_back(std::move(seat));
  }
  const int n = static_cast<int>(seats.size());
  if (n < game.min_players || n > game.max_players)
    throw Error(
        game.id + " needs " + std::to_string(game.min_players) +
        (game.min_players == game.max_players ? "" : " to " + std::to_string(game.max_players)) +
        " seats, not " + std::to_string(n));
  if (!row.options.count("players")) row.options["players"] = std::to_string(seats.size());
  Options resolved = game.resolve(row.options);
  if (resolved.players() != static_cast<int>(seats.size()))
    throw Error(game.id + " with players=" + std::to_string(resolved.players()) + " needs " +
                std::to_string(resolved.players()) + " seats, not " + std::to_string(seats.size()));
  row.options = resolved.values();
  row.settings = Pace::from_request(body).to_json();
  if (body.contains("public")) {
    if (!body["public"].is_boolean()) throw Error("'public' must be true or false");
    row.listed = body["public"].get<bool>();
  }
  row.id = os_random_hex(16);
  row.seed =
      allow_seed && body.contains("seed") ? body["seed"].get<std::uint64_t>() : os_random_u64();
  row.created = now_iso8601();
  row.updated = row.created;
  row.status = "playing";
  return row;
}

StoredTable record_row(const nlohmann::json& body, const OfferedVariants& variants) {
  if (!body.is_object()) throw Error("the record must be a JSON object");
  if (!body.contains("game") || !body["game"].is_string()) throw Error("'game' must be a string");
  const GameInfo& game = Registry::instance().find(body["game"].get<std::string>());
  StoredTable row;
  row.game = game.id;
  row.options = request_options(body);
  admit_variant(game, row.options, variants);
  const auto& seed = body.contains("seed") ? body["seed"] : nlohmann::json();
  if (seed.is_number_unsigned()) {
    row.seed = seed.get<std::uint64_t>();
  } else if (seed.is_string() && !seed.get<std::string>().empty() &&
             seed.get<std::string>().size() <= 20 &&
             seed.get<std::string>().find_first_not_of("0123456789") == std::string::npos) {
    try {
      row.seed = std::stoull(seed.get<std::string>());
    } catch (const std::exception&) {
      throw Error("'seed' must be an integer from 0 to 2^64 - 1");
    }
  } else {
    throw Error("'seed' must be an integer from 0 to 2^64 - 1 (or its decimal text)");
  }
  if (!body.contains("seats") || !body["seats"].is_array() || body["seats"].empty() ||
      body["seats"].size() > 8)
    throw Error("'seats' must be an array of 1 to 8 seats");
  for (std::size_t i = 0; i < body["seats"].size(); ++i) {
    const auto& s = body["seats"][i];
    const std::string where = "seat " + std::to_string(i);
    if (!s.is_object() || !s.contains("agent") || !s["agent"].is_string())
      throw Error(where + ": 'agent' must be a string");
    StoredSeat seat;
    const bool human = table::seat_kind(s["agent"].get<std::string>()) == table::SeatKind::kHuman;
    seat.kind = human ? "human" : "bot";
    if (!human) seat.bot = "random";
    try {
      seat.name = table::seat_name(s.value("name", ""), static_cast<Seat>(i));
    } catch (const Error& e) {
      throw Error(where + ": " + e.what());
    }
    if (seat.name.empty())
      seat.name = human ? player_name(static_cast<Seat>(i)) : "Bot " + std::to_string(i + 1);
    row.seats.push_back(std::move(seat));
  }
  if (!body.contains("actions") || !body["actions"].is_array())
    throw Error("'actions' must be an array of action ids");
  if (body["actions"].size() > static_cast<std::size_t>(kMaxRecordActions))
    throw Error("a record holds at most " + std::to_string(kMaxRecordActions) + " actions");
  Options resolved = game.resolve(row.options);  // throws Error (bad option)
  if (resolved.players() != static_cast<int>(row.seats.size()))
    throw Error(game.id + " with players=" + std::to_string(resolved.players()) + " needs " +
                std::to_string(resolved.players()) + " seats, not " +
                std::to_string(row.seats.size()));
  row.options = resolved.values();
  // Played through: every action must be legal for the seat to move.
  std::vector<SeatInfo> infos;
  for (const auto& s : row.seats) infos.push_back({"human", s.name});
  Match m(game, resolved, row.seed, std::move(infos));
  for (std::size_t i = 0; i < body["actions"].size(); ++i) {
    const auto& a = body["actions"][i];
    if (!a.is_number_integer() || a.get<long long>() < INT32_MIN || a.get<long long>() > INT32_MAX)
      throw Error("action " + std::to_string(i) + " must be an action id");
    if (m.over()) throw Error("the game was over before action " + std::to_string(i));
    const Seat seat = m.state().to_move();
    const Action action = static_cast<Action>(a.get<long long>());
    if (!m.state().is_legal(action))
      throw Error("action " + std::to_string(i) + " is not a legal action there");
    m.apply(action);
    row.actions.emplace_back(seat, action);
  }
  if (!m.over()) throw Error("only a finished game's record can be replayed here");
  row.id = os_random_hex(16);
  row.created = now_iso8601();
  row.updated = row.created;
  row.status = "over";
  row.moves = static_cast<int>(row.actions.size());
  return row;
}

std::string game_about(const GameInfo& game) {
  std::string text(game.rules_text);
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find("\n\n", pos);
    if (end == std::string::npos) end = text.size();
    std::string para = text.substr(pos, end - pos);
    while (!para.empty() && para.front() == '\n') para.erase(para.begin());
    if (!para.empty() && para.front() != '#') {
      for (auto& c : para)
        if (c == '\n') c = ' ';
      return para;
    }
    pos = end + 2;
  }
  return game.summary;
}

const nlohmann::json& game_cards_json(const GameInfo& game) {
  // Built once for every game, on first use (a function-local static: thread-safe).
  static const std::map<std::string, nlohmann::json> built = [] {
    std::map<std::string, nlohmann::json> m;
    for (const auto& g : Registry::instance().games())
      m.emplace(g->id, g->cards ? g->cards() : nlohmann::json::array());
    return m;
  }();
  return built.at(game.id);
}

nlohmann::json games_json(const std::vector<std::string>& programs,
                          const OfferedVariants& variants) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& g : Registry::instance().games()) {
    nlohmann::json entry = g->catalogue_json();
    nlohmann::json bots;
    for (const auto& level : bot_levels()) bots[level] = bot_preset(g->id, level);
    entry["about"] = game_about(*g);
    entry["bots"] = std::move(bots);
    nlohmann::json named = nlohmann::json::array();
    for (const auto& p : programs) named.push_back({{"name", p}, {"bot", "ext:" + p}});
    entry["programs"] = std::move(named);
    for (auto& o : entry["options"]) {
      if (o["type"] != "variant") continue;
      nlohmann::json choices = {std::string(kBaseVariant)};
      nlohmann::json labels = {"The game's own"};
      for (const auto& v : variants)
        if (v.game == g->id) {
          choices.push_back(v.name);
          labels.push_back(v.name);
        }
      o["choices"] = std::move(choices);
      o["labels"] = std::move(labels);
    }
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace turf::server
