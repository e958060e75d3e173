#include "core/match.h"

#include "core/narration.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

namespace turf {

std::string now_iso8601() {
  // Formatted once a second per thread: every action of a match is stamped (the lab plays
  // thousands a second).
  thread_local std::time_t last = -1;
  thread_local char buf[32];
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  if (t != last) {
    std::tm tm{};
    gmtime_r(&t, &tm);
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    last = t;
  }
  return buf;
}

std::string read_file(const std::string& path, std::size_t max_bytes) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(st)) throw Error("cannot read '" + path + "'");
  if (std::filesystem::is_directory(st)) throw Error("'" + path + "' is a directory, not a file");
  if (!std::filesystem::is_regular_file(st) && !std::filesystem::is_fifo(st))
    throw Error("'" + path + "' is not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read '" + path + "'");
  std::string out;
  char buf[1 << 16];
  while (in) {
    in.read(buf, sizeof buf);
    const auto got = static_cast<std::size_t>(in.gcount());
    if (out.size() + got > max_bytes)
      throw Error("'" + path + "' is larger than " + std::to_string(max_bytes >> 20) +
                  " MiB; refusing to read it");
    out.append(buf, got);
  }
  if (in.bad()) throw Error("cannot read '" + path + "'");
  return out;
}

void prepare_output_dir(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return;
  if (std::filesystem::exists(path, ec))
    throw Error("cannot write into '" + path + "': it exists and is not a folder");
  std::filesystem::create_directories(path, ec);
  if (ec) throw Error("cannot create the folder '" + path + "': " + ec.message());
}

void prepare_output_file(const std::string& path) {
  if (path.empty()) throw Error("an output file name is empty");
  const auto parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) prepare_output_dir(parent.string());
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw Error("cannot write '" + path + "': it is a folder");
  const std::string probe = path + ".tmp";
  const bool existed = std::filesystem::exists(probe, ec);
  {
    std::ofstream out(probe, std::ios::binary | std::ios::app);
    if (!out) throw Error("cannot write '" + path + "'");
  }
  if (!existed) std::remove(probe.c_str());
}

Utf8Char decode_utf8(std::string_view text, std::size_t i) {
  const auto c0 = static_cast<unsigned char>(text[i]);
  if (c0 < 0x80) return {c0, 1};
  const std::size_t len = (c0 >> 5) == 6 ? 2 : (c0 >> 4) == 14 ? 3 : (c0 >> 3) == 30 ? 4 : 0;
  if (len == 0 || i + len > text.size()) return {0, 0};
  char32_t cp = c0 & (0x7f >> len);
  for (std::size_t k = 1; k < len; ++k) {
    const auto c = static_cast<unsigned char>(text[i + k]);
    if ((c & 0xc0) != 0x80) return {0, 0};
    cp = (cp << 6) | (c & 0x3f);
  }
  const bool overlong =
      (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
  if (overlong || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return {0, 0};
  return {cp, len};
}

bool unsafe_char(char32_t cp) {
  return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) ||    // C0, DEL, C1 (CSI is U+009B)
         cp == 0xad || cp == 0x61c || cp == 0x180e ||  // soft hyphen, Arabic letter mark, MVS
         (cp >= 0x200b && cp <= 0x200f) ||             // zero-width, LRM, RLM
         (cp >= 0x202a && cp <= 0x202e) ||             // bidi embeddings and overrides
         (cp >= 0x2060 && cp <= 0x206f) ||  // word joiner, invisible operators, bidi isolates
         cp == 0xfeff || (cp >= 0xfff9 && cp <= 0xfffb);  // BOM, interlinear annotations
}

std::string sanitize_text(std::string_view text, std::size_t max_bytes,
                          std::string_view replacement) {
  std::string out;
  out.reserve(std::min(text.size(), max_bytes));
  for (std::size_t i = 0; i < text.size() && out.size() <= max_bytes;) {
    const Utf8Char ch = decode_utf8(text, i);
    if (ch.len == 0) {  // not UTF-8: a stray byte (an 8-bit C1 control such as 0x9b), a cut or
      out += '?';       // overlong sequence
      ++i;
      continue;
    }
    if (ch.cp == '\t')
      out += ' ';
    else if (unsafe_char(ch.cp))
      out.append(replacement);
    else
      out.append(text.substr(i, ch.len));
    i += ch.len;
  }
  if (out.size() > max_bytes) {
    // Never end inside a UTF-8 sequence (the text is valid UTF-8 now): drop a cut character.
    std::size_t k = max_bytes;
    while (k > 0 && (static_cast<unsigned char>(out[k]) & 0xc0) == 0x80) --k;
    out.resize(k);
  }
  return out;
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
    if (seats_[i].name.empty()) seats_[i].name = player_name(static_cast<Seat>(i));
}

void Match::apply(Action a) {
  const Seat seat = state_->to_move();
  std::string label = state_->label_of(a);  // throws, unchanged, when illegal or over
  state_->apply_unchecked(a);
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

nlohmann::json Match::record(bool with_narration) const {
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
  if (with_narration) {
    auto story = public_narration_json(*this);
    for (std::size_t i = 0; i < actions.size(); ++i) actions[i]["narration"] = std::move(story[i]);
  }
  j["started"] = started_;
  if (state_->terminal()) {
    j["finished"] = finished_;
    // For a reader of the file, each seat's result as the end screen says it (scores may be
    // ranking keys, GameInfo::result_words).
    j["result"] = result(with_narration);
  } else {
    j["finished"] = nullptr;
  }
  return j;
}

nlohmann::json Match::result(bool words) const {
  if (!state_->terminal()) return nullptr;
  nlohmann::json r = {{"scores", state_->scores()}, {"ranking", state_->ranking()}};
  if (words && game_->result_words) {
    const View end = state_->view(kSpectator, false);
    auto& w = r["words"] = nlohmann::json::array();
    for (Seat s = 0; s < state_->num_seats(); ++s) w.push_back(game_->result_words(end, s));
  }
  return r;
}

std::string player_name(Seat seat) {
  return "Player " + std::to_string(seat + 1);
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
  if (seed_j.is_number_float()) throw Error("record: 'seed' must be a non-negative integer");
  if (seed_j.is_number_unsigned())
    seed = seed_j.get<std::uint64_t>();
  else if (seed_j.is_number_integer() && seed_j.get<std::int64_t>() >= 0)
    seed = static_cast<std::uint64_t>(seed_j.get<std::int64_t>());
  else
    throw Error("record: 'seed' must be a non-negative integer");

  const auto& seats_j = field(r, "seats", where);
  if (!seats_j.is_array()) throw Error("record: 'seats' must be an array");
  std::vector<SeatInfo> seats;
  if (seats_j.size() > 64) throw Error("record: too many seats");
  for (const auto& s : seats_j) {
    SeatInfo info;
    // Names and agents are printed on screens: no terminal escapes or control characters.
    info.agent = sanitize_text(string_field(s, "agent", "record seat"), 200);
    if (s.contains("name") && s["name"].is_string())
      info.name = sanitize_text(s["name"].get<std::string>(), 64);
    seats.push_back(std::move(info));
  }

  Match m(game, std::move(options), seed, std::move(seats));
  if (r.contains("started") && r["started"].is_string())
    m.started_ = sanitize_text(r["started"].get<std::string>(), 40);

  const auto& actions = field(r, "actions", where);
  if (!actions.is_array()) throw Error("record: 'actions' must be an array");
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string at = "record action " + std::to_string(i);
    const auto& a = actions[i];
    const auto id = int_field(a, "id", at);
    if (id < std::numeric_limits<Action>::min() || id > std::numeric_limits<Action>::max())
      throw Error(at + ": action id " + std::to_string(id) + " is out of range");
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
        throw Error(at + ": label '" + sanitize_text(a["label"].get<std::string>(), 200) +
                    "' does not match '" + expect + "' (the record does not belong to this game)");
    }
    m.apply(static_cast<Action>(id));
    if (a.contains("time") && a["time"].is_string())
      m.history_.back().time = sanitize_text(a["time"].get<std::string>(), 40);
  }
  if (r.contains("finished") && r["finished"].is_string())
    m.finished_ = sanitize_text(r["finished"].get<std::string>(), 40);
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
  write_file(path, record(true).dump(1) + "\n");
}

}  // namespace turf
