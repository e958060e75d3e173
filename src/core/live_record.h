// The record of a match in progress, as `turf play` keeps it on disk.
//
// A finished match is saved as its full record (Match::record(true): seed, every action with its
// full label and its public narration), which anyone may replay from any seat. A match that is
// not over is saved as a live record: the same header (game, rules, options, seats, times), the
// public log (each action's seat, public label and spectator narration: what every seat saw) and
// the seat to move in clear, and the full record
// sealed with ChaCha20-Poly1305 under a random key. The key is kept outside the record, in a
// private file (mode 0600, in a 0700 folder) under $XDG_STATE_HOME/turf/keys (default
// ~/.local/state/turf/keys), named by the match's random id; it is deleted when the match ends.
// So the file a hot-seat player may open, copy or share reveals no seed, no hidden choice and no
// hand; --resume finds the key by the match id. The threat model: docs/security.md.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/match.h"
#include "core/secret.h"

namespace turf {

struct LiveSeal {
  std::string match_id;  // 32 hex digits, random
  Key256 key{};
};

// The folder holding the keys of matches in progress; throws Error when neither XDG_STATE_HOME
// nor HOME is set.
std::string live_key_dir();
// A fresh random match id and key.
LiveSeal new_live_seal();
// Writes the seal's key file (mode 0600, folder 0700) unless it exists; throws Error on failure.
void store_live_key(const LiveSeal& seal);
// Removes the key file of a match (when it is over); missing files are fine.
void forget_live_key(const std::string& match_id);

// True when the JSON is a live (sealed) record.
bool is_live_record(const nlohmann::json& record);
// The live record of a match in progress (the full record sealed, the public log in clear).
nlohmann::json live_record(const Match& match, const LiveSeal& seal);
// The full record inside a live record, with the seal it was opened with. Throws Error naming the
// key file when the key is missing or does not open the record.
nlohmann::json open_live_record(const nlohmann::json& live, LiveSeal* seal = nullptr);

// Saves a match the way `turf play` does: a live record while it is not over (storing the key),
// the full record once it is over (and the key is forgotten).
void save_match(const Match& match, const LiveSeal& seal, const std::string& path);

// Loads a record of either kind: a live record is opened with its key. `seal` receives the seal
// of a live record (and stays empty for a full one).
Match load_match(const std::string& path, std::optional<LiveSeal>* seal = nullptr);

}  // namespace turf
