#include "server/table.h"

#include <algorithm>

#include "bots/agent.h"
#include "bots/presets.h"
#include "core/secret.h"

namespace turf::server {

namespace {

// Display names: printable, at most 32 characters (bytes of UTF-8 kept whole).
std::string clean_name(const std::string& raw, const std::string& fallback) {
  std::string out;
  for (unsigned char c : raw) {
    if (c < 0x20 || c == 0x7f) continue;
    out += static_cast<char>(c);
  }
  while (!out.empty() && out.front() == ' ') out.erase(out.begin());
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (out.size() > 32) {
    std::size_t cut = 32;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
    out.resize(cut);
  }
  return out.empty() ? fallback : out;
}

// A bot spec a client may ask for: a preset or a spec within the server's limits (one thread,
// at most 5 s or 200000 iterations a decision).
std::string checked_bot(const std::string& game, const std::string& text) {
  if (text.size() > 100) throw Error("bot spec too long");
  if (text == "human") throw Error("a bot seat needs a bot, not 'human'");
  // A level becomes the game's preset (within the limits below: Presets.* in bots_test); a
  // misspelt level or bot gets a "did you mean".
  const std::string resolved = resolve_bot_spec(game, text);
  for (const auto& level : bot_levels())
    if (text == level) return resolved;
  BotSpec spec = parse_bot_spec(text);
  auto bot = make_bot(text, 1);  // validates names, keys and values (throws Error)
  (void)bot;
  for (const auto& [k, v] : spec.params) {
    if (k == "threads" && v != "1") throw Error("bot '" + text + "': threads must be 1 here");
    if (k == "iters" && (v.size() > 6 || std::stol(v) > 200000))
      throw Error("bot '" + text + "': at most 200000 iterations here");
  }
  for (const auto& [k, v] : spec.params)
    if (k == "time") {
      // to_seconds accepted it; reject more than 5 s.
      double s = std::stod(v);
      if (v.ends_with("ms")) s /= 1000.0;
      if (s > 5.0) throw Error("bot '" + text + "': at most 5s a decision here");
    }
  return text;
}

}  // namespace

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
}  // namespace

Table::Table(StoredTable row) : row_(std::move(row)), match_(build_match(row_)) {
  if (static_cast<int>(row_.seats.size()) != match_.state().num_seats())
    throw Error("table " + row_.id + ": seat count does not fit the game");
  // The table keeps the tokens' hashes only (a fresh row brings the tokens for its creator).
  for (auto& s : row_.seats) {
    if (s.kind == "human" && s.token_hash.empty() && !s.token.empty())
      s.token_hash = sha256_hex(s.token);
    s.token.clear();
  }
  row_.actions.clear();
  row_.actions.shrink_to_fit();
}

std::optional<Seat> Table::bot_to_move() const {
  if (over()) return std::nullopt;
  Seat s = match_.state().to_move();
  if (s >= 0 && s < num_seats() && is_bot(s)) return s;
  return std::nullopt;
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

std::string Table::check_act(Seat seat, Action a, int move) const {
  if (seat < 0) return code::kSpectator;
  if (over() || match_.state().to_move() != seat) return code::kNotYourTurn;
  if (move != moves()) return code::kStale;
  if (!match_.state().is_legal(a)) return code::kIllegal;
  return "";
}

std::string Table::check_undo(Seat seat) const {
  if (seat < 0) return code::kSpectator;
  if (over() || match_.state().to_move() != seat) return code::kNotYourTurn;
  if (match_.undoable() == 0) return code::kCannotUndo;
  return "";
}

void Table::apply(Action a) {
  const State& s = match_.state();
  NarratedAction act;
  act.mover = s.to_move();
  act.move_number = moves();
  std::string full, pub;
  if (!told_.empty()) {
    full = s.action_label(a);
    pub = s.public_label(a);
  }
  match_.apply(a);
  for (auto& [viewer, t] : told_) {
    act.label = (viewer == act.mover || viewer == kOmniscient) ? full : pub;
    View after = match_.view(viewer, false);
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& n : narrate_step(t.last, act, after)) lines.push_back(n.to_json());
    t.steps.push_back(
        {{"move", act.move_number}, {"seat", act.mover}, {"lines", std::move(lines)}});
    t.last = std::move(after);
  }
}

int Table::undo() {
  const int n = match_.undoable();
  match_.undo(n);
  for (auto& [viewer, t] : told_) {
    t.steps.resize(static_cast<std::size_t>(moves()));
    t.last = match_.view(viewer, false);
  }
  return n;
}

Table::Told& Table::told(Seat viewer) {
  auto it = told_.find(viewer);
  if (it != told_.end()) return it->second;
  auto history = narrate_history(match_, viewer);
  std::vector<nlohmann::json> steps;
  steps.reserve(history.size());
  for (std::size_t i = 0; i < history.size(); ++i) {
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& n : history[i]) lines.push_back(n.to_json());
    steps.push_back({{"move", static_cast<int>(i)},
                     {"seat", match_.history()[i].seat},
                     {"lines", std::move(lines)}});
  }
  return told_.emplace(viewer, Told{match_.view(viewer, false), std::move(steps)}).first->second;
}

const std::vector<nlohmann::json>& Table::steps(Seat viewer) {
  return told(viewer).steps;
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
          {"options", match_.options().values()}};
}

nlohmann::json Table::state_frame(Seat viewer, int from_step) {
  const auto& all = told(viewer).steps;
  View v = match_.view(viewer, true);
  nlohmann::json legal = nlohmann::json::array();
  for (const auto& la : v.legal())
    legal.push_back({{"id", la.id}, {"label", la.label}, {"json", la.json}});
  nlohmann::json log = nlohmann::json::array();
  for (std::size_t i = static_cast<std::size_t>(std::max(0, from_step)); i < all.size(); ++i)
    log.push_back(all[i]);
  const bool is_over = v.terminal();
  nlohmann::json result = nullptr;
  if (is_over) {
    // The final result is public once the game is over.
    result = {{"scores", match_.state().scores()}, {"ranking", match_.state().ranking()}};
    // Where scores are ranking keys (turfwars adds 100 for an instant win), the words say it.
    if (const auto& words = match_.game().result_words) {
      const View end = match_.view(kSpectator, false);
      auto& w = result["words"] = nlohmann::json::array();
      for (Seat s = 0; s < match_.state().num_seats(); ++s) w.push_back(words(end, s));
    }
  }
  return {{"type", "state"},
          {"move", moves()},
          {"view", v.to_json()},
          {"to_move", is_over ? nlohmann::json(nullptr) : nlohmann::json(v.to_move())},
          {"legal", std::move(legal)},
          {"undoable", v.my_turn() ? match_.undoable() : 0},
          {"over", is_over},
          {"result", std::move(result)},
          {"log", std::move(log)}};
}

nlohmann::json Table::lobby_entry(const std::vector<int>& connections) const {
  nlohmann::json seats = nlohmann::json::array();
  bool open = false;
  for (int s = 0; s < num_seats(); ++s) {
    const bool on = s < static_cast<int>(connections.size()) && connections[s] > 0;
    if (row_.seats[s].kind == "human" && !on) open = true;
    seats.push_back({{"seat", s},
                     {"name", row_.seats[s].name},
                     {"kind", row_.seats[s].kind},
                     {"connected", row_.seats[s].kind == "bot" || on}});
  }
  const char* st = over() ? "over" : (moves() == 0 && open ? "waiting" : "playing");
  return {{"id", row_.id},          {"game", row_.game}, {"options", match_.options().values()},
          {"status", st},           {"seats", seats},    {"moves", moves()},
          {"created", row_.created}};
}

// ---------------------------------------------------------------------------------------------

StoredTable new_table_row(const nlohmann::json& body) {
  if (!body.is_object()) throw Error("the body must be a JSON object");
  if (!body.contains("game") || !body["game"].is_string()) throw Error("'game' must be a string");
  const GameInfo& game = Registry::instance().find(body["game"].get<std::string>());
  StoredTable row;
  row.game = game.id;
  if (body.contains("options")) {
    const auto& o = body["options"];
    if (!o.is_object()) throw Error("'options' must be an object");
    if (o.size() > 32) throw Error("too many options");
    for (auto& [k, v] : o.items()) {
      if (v.is_string())
        row.options[k] = v.get<std::string>();
      else if (v.is_number_integer())
        row.options[k] = std::to_string(v.get<long long>());
      else
        throw Error("option '" + k + "' must be a string or an integer");
    }
  }
  if (!body.contains("seats") || !body["seats"].is_array() || body["seats"].empty())
    throw Error("'seats' must be a non-empty array");
  const auto& seats = body["seats"];
  if (seats.size() > 8) throw Error("too many seats");
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const auto& s = seats[i];
    const std::string where = "seat " + std::to_string(i);
    if (!s.is_object()) throw Error(where + " must be an object");
    if (!s.contains("kind") || !s["kind"].is_string())
      throw Error(where + ": 'kind' must be a string");
    const std::string kind = s["kind"].get<std::string>();
    std::string name;
    if (s.contains("name")) {
      if (!s["name"].is_string()) throw Error(where + ": 'name' must be a string");
      name = s["name"].get<std::string>();
    }
    StoredSeat seat;
    seat.kind = kind;
    if (kind == "human") {
      seat.name = clean_name(name, "Player " + std::to_string(i + 1));
      seat.token = os_random_hex(16);
      seat.token_hash = sha256_hex(seat.token);
    } else if (kind == "bot") {
      std::string level = "normal";
      if (s.contains("bot")) {
        if (!s["bot"].is_string()) throw Error(where + ": 'bot' must be a string");
        level = s["bot"].get<std::string>();
      }
      seat.bot = checked_bot(game.id, level);
      seat.name = clean_name(name, "Bot " + std::to_string(i + 1) + " (" +
                                       (level.size() <= 12 ? level : std::string("custom")) + ")");
    } else {
      throw Error(where + ": 'kind' must be \"human\" or \"bot\"");
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
  row.id = os_random_hex(16);
  row.seed = os_random_u64();
  row.created = now_iso8601();
  row.status = "playing";
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

nlohmann::json games_json() {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& g : Registry::instance().games()) {
    nlohmann::json options = nlohmann::json::array();
    for (const auto& o : g->options) {
      nlohmann::json j = {{"name", o.name},
                          {"kind", o.kind == OptionSpec::Kind::Integer ? "integer" : "choice"},
                          {"default", o.default_value},
                          {"help", o.help}};
      if (o.kind == OptionSpec::Kind::Integer) {
        j["min"] = o.min;
        j["max"] = o.max;
      } else {
        j["choices"] = o.choices;
      }
      options.push_back(std::move(j));
    }
    nlohmann::json bots;
    for (const auto& level : bot_levels()) bots[level] = bot_preset(g->id, level);
    out.push_back({{"id", g->id},
                   {"title", g->title},
                   {"summary", g->summary},
                   {"about", game_about(*g)},
                   {"min_players", g->min_players},
                   {"max_players", g->max_players},
                   {"options", std::move(options)},
                   {"bots", std::move(bots)}});
  }
  return out;
}

}  // namespace turf::server
