// Content variants (issue 31; docs/lab.md "Variants"): a designer's change to a game's content,
// written as a patch over the content's JSON in the manner of a JSON merge patch (RFC 7396).
//
//   {"factions": {"sirens": {"ability": [{"primitive": "lure", "amount": 3}]}},
//    "constants": {"start_troops": {"value": 5}}}
//
// An object merges into an object key by key; a list of entries that have ids is addressed by id
// (a list of objects without ids by position, "0", "1", ..., or replaced whole by a list of
// objects); any other value (a number, a string, a list of numbers) replaces the one it names. A
// patch can change what is there, never add or remove: every key must exist in the content, every
// id must name an entry, and every value must have the type it replaces; the game's own loader then
// checks the result as it checks the build's data. A variant travels as the game option "variant"
// (its name and patch in one compact JSON text), so records, replays and tables carry it like any
// other option.
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace turf {

// The content with the patch applied. Throws Error naming the JSON path of the first thing in the
// patch that does not fit ("factions.sirens.abilty: no such field (did you mean 'ability'?)").
nlohmann::json apply_variant_patch(const nlohmann::json& content, const nlohmann::json& patch);

struct Variant {
  std::string name;      // "sirens-lure-3": letters, digits, '-', '_'
  nlohmann::json patch;  // an object
};

// The option value of a variant: {"name":...,"patch":...} as compact JSON (keys sorted, so the
// same variant always gives the same text). The game's own content is the value "base".
inline constexpr std::string_view kBaseVariant = "base";
std::string variant_option_text(const Variant& v);
// Reads an option value back (throws Error when it is neither "base" nor a variant's text).
// "base" gives {name "base", patch {}}.
Variant parse_variant_option(std::string_view text);
// The variant's name from an option value ("base" for the base), for labels; never throws.
std::string variant_label(std::string_view text);
// Checks a variant's name (throws Error).
void check_variant_name(std::string_view name);

// The lines of a readable diff of the patch against the content: one line per value changed,
// "factions.sirens.ability: [{lure 2}] -> [{lure 3}]" (JSON texts; one past 120 characters is cut
// to the part around the first difference, "...").
std::vector<std::string> variant_diff(const nlohmann::json& content, const nlohmann::json& patch);

// A loader's refusal of patched content in a player's words: "the variant does not fit the game:
// ..." without the data file's name or the JSON library's codes.
std::string loader_words(std::string_view what);
// The JSON library's message without its code ("[json.exception.parse_error.101] ...").
std::string json_error_words(std::string_view what);

// Gives a game content variants: the option "variant" (help: "... variant of its <what>."), and
// GameInfo::content_document / load_variant from the game's two functions.
void add_variant_option(GameInfo& info, const std::string& what,
                        const nlohmann::json& (*document)(),
                        int (*slot_of)(const nlohmann::json& patch));
// The content slot the resolved options play (0 for "base"), through the game's slot_of.
int variant_slot(const Options& options, int (*slot_of)(const nlohmann::json& patch));

// The refusal of one more variant when a process holds as many as it can (ContentSlots::slot_of;
// GameInfo::resolve keeps the type): not a fault of the variant, of the process's room.
class NoRoomForVariant : public Error {
 public:
  using Error::Error;
};

// The contents one process plays with: slot 0 the game's own, then each variant in the order it
// was first asked for, kept for the life of the process (a position names its content by slot, so
// a slot never changes once given). At most kMaxVariantSlots - 1 variants: one process (a lab run,
// a table server) holds a handful, and the bound keeps a client from filling memory with them.
inline constexpr int kMaxVariantSlots = 32;

template <class Content>
class ContentSlots {
 public:
  // load(document) builds a content from the game's JSON (throwing on what it refuses);
  // load_variant (when given) a variant's, with the game's further checks against the base.
  ContentSlots(nlohmann::json base, Content (*load)(const nlohmann::json&),
               Content (*load_variant)(const nlohmann::json&) = nullptr)
      : base_(std::move(base)), load_(load_variant ? load_variant : load) {
    owned_[0] = std::make_unique<const Content>(load(base_));
    table_[0] = owned_[0].get();
    keys_[0] = nlohmann::json::object().dump();
    used_ = 1;
  }
  // Every slot's content (read without a lock: a slot is written once, before any position can
  // name it, and never again).
  const Content* const* table() const { return table_.data(); }
  const nlohmann::json& base_document() const { return base_; }
  // The slot of a patch, loading it the first time. Throws Error (what does not fit, by JSON
  // path; what the loader refuses; too many variants).
  int slot_of(const nlohmann::json& patch) {
    const std::string key = patch.dump();
    std::lock_guard lock(mutex_);
    for (int i = 0; i < used_; ++i)
      if (keys_[i] == key) return i;
    if (used_ >= kMaxVariantSlots)
      throw NoRoomForVariant("too many variants in one process (at most " +
                             std::to_string(kMaxVariantSlots - 1) + ")");
    const nlohmann::json doc = apply_variant_patch(base_, patch);
    std::unique_ptr<const Content> c;
    try {
      c = std::make_unique<const Content>(load_(doc));
    } catch (const Error&) {
      throw;
    } catch (const std::exception& e) {
      throw Error(loader_words(e.what()));
    }
    owned_[used_] = std::move(c);
    table_[used_] = owned_[used_].get();
    keys_[used_] = key;
    return used_++;
  }

 private:
  nlohmann::json base_;
  Content (*load_)(const nlohmann::json&);
  std::mutex mutex_;
  int used_ = 0;
  std::array<const Content*, kMaxVariantSlots> table_{};
  std::array<std::unique_ptr<const Content>, kMaxVariantSlots> owned_{};
  std::array<std::string, kMaxVariantSlots> keys_{};
};

}  // namespace turf
