#include "core/match.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <sstream>

namespace turf {

std::string now_iso8601() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write_file(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error("cannot write '" + path + "'");
    out << text;
    if (!out) throw Error("cannot write '" + path + "'");
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw Error("cannot write '" + path + "'");
  }
}

nlohmann::json parse_json(const std::string& text, const std::string& what) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw Error(what + " is not valid JSON: " + e.what());
  }
}

Match::Match(const GameInfo& game, Options options, std::uint64_t seed, std::vector<SeatInfo> seats)
    : game_(&game),
      options_(std::move(options)),
      seed_(seed),
      seats_(std::move(seats)),
      state_(new_game(game, options_, seed)),
      started_(now_iso8601()) {
  if (static_cast<int>(seats_.size()) != state_->num_seats())
    throw Error(game.id + " with players=" + std::to_string(state_->num_seats()) + " needs " +
                std::to_string(state_->num_seats()) + " seats, not " +
                std::to_string(seats_.size()));
  for (std::size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].name.empty()) seats_[i].name = "Seat " + std::to_string(i);
}

void Match::apply(Action a) {
  const Seat seat = state_->to_move();
  std::string label = state_->terminal() ? std::string() : state_->action_label(a);
  state_->apply(a);  // throws, unchanged, when illegal
  history_.push_back({seat, a, std::move(label), now_iso8601()});
  if (state_->terminal()) finished_ = now_iso8601();
}

int Match::undoable() const {
  if (state_->terminal()) return 0;
  const Seat me = state_->to_move();
  int n = 0;
  for (int i = static_cast<int>(history_.size()) - 1; i >= state_->undo_floor(); --i) {
    if (history_[i].seat != me) break;
    ++n;
  }
  return n;
}

std::unique_ptr<State> Match::state_at(int n) const {
  if (n < 0 || n > static_cast<int>(history_.size()))
    throw Error("position " + std::to_string(n) + " is outside 0.." +
                std::to_string(history_.size()));
  auto s = new_game(*game_, options_, seed_);
  for (int i = 0; i < n; ++i) s->apply(history_[i].id);
  return s;
}

void Match::undo(int n) {
  if (n < 0 || n > undoable())
    throw Error("cannot take back " + std::to_string(n) + " action(s); at most " +
                std::to_string(undoable()) + " now");
  if (n == 0) return;
  const int keep = static_cast<int>(history_.size()) - n;
  state_ = state_at(keep);
  history_.resize(keep);
  finished_.clear();
}

nlohmann::json Match::record() const {
  nlohmann::json j;
  j["format"] = kRecordFormat;
  j["version"] = kRecordVersion;
  j["engine"] = kEngineVersion;
  j["game"] = game_->id;
  j["rules_version"] = game_->rules_version;
  j["options"] = options_.values();
  j["seed"] = seed_;
  auto& seats = j["seats"] = nlohmann::json::array();
  for (std::size_t i = 0; i < seats_.size(); ++i)
    seats.push_back({{"seat", i}, {"agent", seats_[i].agent}, {"name", seats_[i].name}});
  auto& actions = j["actions"] = nlohmann::json::array();
  for (const auto& e : history_)
    actions.push_back({{"seat", e.seat}, {"id", e.id}, {"label", e.label}, {"time", e.time}});
  j["started"] = started_;
  if (state_->terminal()) {
    j["finished"] = finished_;
    j["result"] = {{"scores", state_->scores()}, {"ranking", state_->ranking()}};
  } else {
    j["finished"] = nullptr;
  }
  return j;
}

namespace {

const nlohmann::json& field(const nlohmann::json& j, const char* name, const std::string& where) {
  if (!j.is_object() || !j.contains(name)) throw Error(where + " has no field '" + name + "'");
  return j.at(name);
}

std::string string_field(const nlohmann::json& j, const char* name, const std::string& where) {
  const auto& v = field(j, name, where);
  if (!v.is_string()) throw Error(where + ": '" + name + "' must be a string");
  return v.get<std::string>();
}

std::int64_t int_field(const nlohmann::json& j, const char* name, const std::string& where) {
  const auto& v = field(j, name, where);
  if (!v.is_number_integer()) throw Error(where + ": '" + name + "' must be an integer");
  return v.get<std::int64_t>();
}

}  // namespace

Match Match::from_record(const nlohmann::json& r) {
  const std::string where = "record";
  if (!r.is_object()) throw Error("record must be a JSON object");
  if (string_field(r, "format", where) != kRecordFormat)
    throw Error("not a turf record (format must be '" + std::string(kRecordFormat) + "')");
  const auto version = int_field(r, "version", where);
  if (version != kRecordVersion)
    throw Error("record version " + std::to_string(version) + " is not supported (this build " +
                "reads version " + std::to_string(kRecordVersion) + ")");
  const GameInfo& game = Registry::instance().find(string_field(r, "game", where));
  const std::string rules = string_field(r, "rules_version", where);
  if (rules != game.rules_version)
    throw Error("record was played under rules '" + rules + "' but this build plays '" +
                game.rules_version + "'");

  std::map<std::string, std::string> given;
  const auto& opts = field(r, "options", where);
  if (!opts.is_object()) throw Error("record: 'options' must be an object");
  for (const auto& [k, v] : opts.items()) {
    if (v.is_string())
      given[k] = v.get<std::string>();
    else if (v.is_number_integer())
      given[k] = std::to_string(v.get<std::int64_t>());
    else
      throw Error("record: option '" + k + "' must be a string or integer");
  }
  Options options = game.resolve(given);

  const auto& seed_j = field(r, "seed", where);
  std::uint64_t seed = 0;
  if (seed_j.is_number_unsigned())
    seed = seed_j.get<std::uint64_t>();
  else if (seed_j.is_number_integer() && seed_j.get<std::int64_t>() >= 0)
    seed = static_cast<std::uint64_t>(seed_j.get<std::int64_t>());
  else
    throw Error("record: 'seed' must be a non-negative integer");

  const auto& seats_j = field(r, "seats", where);
  if (!seats_j.is_array()) throw Error("record: 'seats' must be an array");
  std::vector<SeatInfo> seats;
  for (const auto& s : seats_j) {
    SeatInfo info;
    info.agent = string_field(s, "agent", "record seat");
    if (s.contains("name") && s["name"].is_string()) info.name = s["name"].get<std::string>();
    seats.push_back(std::move(info));
  }

  Match m(game, std::move(options), seed, std::move(seats));
  if (r.contains("started") && r["started"].is_string()) m.started_ = r["started"];

  const auto& actions = field(r, "actions", where);
  if (!actions.is_array()) throw Error("record: 'actions' must be an array");
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string at = "record action " + std::to_string(i);
    const auto& a = actions[i];
    const auto id = int_field(a, "id", at);
    if (m.over()) throw Error(at + ": the game was already over");
    if (a.contains("seat")) {
      const auto seat = int_field(a, "seat", at);
      if (seat != m.state_->to_move())
        throw Error(at + ": made by seat " + std::to_string(seat) + " but seat " +
                    std::to_string(m.state_->to_move()) + " was to move");
    }
    if (!m.state_->is_legal(static_cast<Action>(id)))
      throw Error(at + ": action " + std::to_string(id) + " is not legal there");
    if (a.contains("label") && a["label"].is_string()) {
      const std::string expect = m.state_->action_label(static_cast<Action>(id));
      if (a["label"].get<std::string>() != expect)
        throw Error(at + ": label '" + a["label"].get<std::string>() + "' does not match '" +
                    expect + "' (the record does not belong to this game)");
    }
    m.apply(static_cast<Action>(id));
    if (a.contains("time") && a["time"].is_string()) m.history_.back().time = a["time"];
  }
  if (r.contains("finished") && r["finished"].is_string()) m.finished_ = r["finished"];
  return m;
}

Match Match::load(const std::string& path) {
  const nlohmann::json r = parse_json(read_file(path), "'" + path + "'");
  if (r.is_object() && r.contains("sealed"))
    throw Error("'" + path +
                "' is the sealed record of a match in progress (core/live_record.h: load_match)");
  return from_record(r);
}

void Match::save(const std::string& path) const {
  write_file(path, record().dump(1) + "\n");
}

}  // namespace turf
