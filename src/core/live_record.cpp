#include "core/live_record.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "core/narration.h"

namespace turf {

namespace {

constexpr const char* kCipher = "chacha20-poly1305";

std::string key_path(const std::string& match_id) {
  return live_key_dir() + "/" + match_id + ".key";
}

void check_match_id(const std::string& id) {
  const bool ok = id.size() == 32 && id.find_first_not_of("0123456789abcdef") == std::string::npos;
  if (!ok) throw Error("live record: the match id must be 32 lowercase hex digits");
}

std::string aad(const std::string& match_id, const std::string& game) {
  return "turf-live-record|" + match_id + "|" + game;
}

// Creates dir and its parents; the last folder gets mode 0700.
void make_private_dir(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(dir).parent_path(), ec);
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
    throw Error("cannot create the key folder '" + dir + "': " + std::strerror(errno));
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw Error("the key folder '" + dir + "' is not a folder");
  if ((st.st_mode & 077) != 0 && ::chmod(dir.c_str(), 0700) != 0)
    throw Error("cannot make the key folder '" + dir + "' private: " + std::strerror(errno));
}

}  // namespace

std::string live_key_dir() {
  const char* state = std::getenv("XDG_STATE_HOME");
  if (state && *state) return std::string(state) + "/turf/keys";
  const char* home = std::getenv("HOME");
  if (home && *home) return std::string(home) + "/.local/state/turf/keys";
  throw Error(
      "no place for the key of a match in progress: set XDG_STATE_HOME or HOME, or play with "
      "--no-record");
}

LiveSeal new_live_seal() {
  LiveSeal s;
  std::string id(16, '\0');
  os_random(id.data(), id.size());
  s.match_id = to_hex(id);
  os_random(s.key.data(), s.key.size());
  return s;
}

void store_live_key(const LiveSeal& seal) {
  check_match_id(seal.match_id);
  const std::string dir = live_key_dir();
  make_private_dir(dir);
  const std::string path = key_path(seal.match_id);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    if (errno == EEXIST) return;  // stored by an earlier save of this match
    throw Error("cannot write the key file '" + path + "': " + std::strerror(errno));
  }
  const std::string text =
      to_hex(std::string_view(reinterpret_cast<const char*>(seal.key.data()), seal.key.size())) +
      "\n";
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  const bool closed = ::close(fd) == 0;
  if (!ok || !closed) {
    ::unlink(path.c_str());
    throw Error("cannot write the key file '" + path + "'");
  }
}

void forget_live_key(const std::string& match_id) {
  check_match_id(match_id);
  ::unlink(key_path(match_id).c_str());
}

bool is_live_record(const nlohmann::json& r) {
  return r.is_object() && r.contains("sealed");
}

nlohmann::json live_record(const Match& m, const LiveSeal& seal) {
  nlohmann::json full = m.record();
  nlohmann::json j;
  for (const char* k :
       {"format", "version", "engine", "game", "rules_version", "options", "seats", "started"})
    j[k] = full[k];
  j["finished"] = nullptr;
  j["to_move"] = m.over() ? kNobody : m.state().to_move();
  // The public log: what every seat saw of each action, with the spectator's narration of it.
  auto& log = j["public_log"] = nlohmann::json::array();
  auto story = public_narration_json(m);
  auto s = m.state_at(0);
  for (std::size_t i = 0; i < m.history().size(); ++i) {
    const auto& e = m.history()[i];
    log.push_back({{"seat", e.seat},
                   {"label", s->public_label(e.id)},
                   {"time", e.time},
                   {"narration", std::move(story[i])}});
    s->apply(e.id);
  }
  Nonce96 nonce;
  os_random(nonce.data(), nonce.size());
  const std::string sealed =
      aead_seal(seal.key, nonce, aad(seal.match_id, m.game().id), full.dump());
  j["sealed"] = {{"match", seal.match_id},
                 {"cipher", kCipher},
                 {"nonce", to_hex(std::string_view(reinterpret_cast<const char*>(nonce.data()),
                                                   nonce.size()))},
                 {"data", to_hex(sealed)}};
  return j;
}

nlohmann::json open_live_record(const nlohmann::json& live, LiveSeal* seal_out) {
  const auto& s = live.at("sealed");
  auto str = [&](const char* name) {
    if (!s.is_object() || !s.contains(name) || !s[name].is_string())
      throw Error(std::string("live record: 'sealed' has no string '") + name + "'");
    return s[name].get<std::string>();
  };
  if (str("cipher") != kCipher)
    throw Error("live record: unknown cipher '" + str("cipher") + "' (this build reads " + kCipher +
                ")");
  LiveSeal seal;
  seal.match_id = str("match");
  check_match_id(seal.match_id);
  if (!live.contains("game") || !live["game"].is_string())
    throw Error("live record has no field 'game'");
  const std::string game = live["game"].get<std::string>();
  const std::string nonce_bytes = from_hex(str("nonce"));
  if (nonce_bytes.size() != 12) throw Error("live record: the nonce must be 12 bytes");
  Nonce96 nonce;
  std::memcpy(nonce.data(), nonce_bytes.data(), 12);
  const std::string data = from_hex(str("data"));

  const std::string path = key_path(seal.match_id);
  std::string key_text;
  try {
    key_text = read_file(path);
  } catch (const Error&) {
    throw Error("this match is not over and its key '" + path +
                "' is not here: only the account that plays it can open it before the end");
  }
  while (!key_text.empty() && (key_text.back() == '\n' || key_text.back() == '\r'))
    key_text.pop_back();
  const std::string key_bytes = from_hex(key_text);
  if (key_bytes.size() != seal.key.size()) throw Error("the key file '" + path + "' is damaged");
  std::memcpy(seal.key.data(), key_bytes.data(), seal.key.size());
  const auto plain = aead_open(seal.key, nonce, aad(seal.match_id, game), data);
  if (!plain)
    throw Error("the live record does not open with its key '" + path +
                "' (the record or the key was changed)");
  nlohmann::json full = parse_json(*plain, "the sealed record");
  if (!full.is_object() || !full.contains("game") || full["game"] != live["game"])
    throw Error("the sealed record is not a game of " + game);
  if (seal_out) *seal_out = seal;
  return full;
}

void save_match(const Match& m, const LiveSeal& seal, const std::string& path) {
  if (m.over()) {
    m.save(path);
    forget_live_key(seal.match_id);
    return;
  }
  store_live_key(seal);
  write_file(path, live_record(m, seal).dump(1) + "\n");
}

Match load_match(const std::string& path, std::optional<LiveSeal>* seal) {
  const nlohmann::json r = parse_json(read_file(path), "'" + path + "'");
  if (!is_live_record(r)) {
    if (seal) seal->reset();
    return Match::from_record(r);
  }
  LiveSeal s;
  Match m = Match::from_record(open_live_record(r, &s));
  if (seal) *seal = s;
  return m;
}

}  // namespace turf
