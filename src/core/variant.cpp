// Content variants: the patch, its checks and its diff (core/variant.h).
#include "core/variant.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "core/game.h"

namespace turf {

namespace {

using nlohmann::json;

std::string type_words(const json& v) {
  if (v.is_number_integer()) return "a whole number";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a text";
  if (v.is_boolean()) return "true or false";
  if (v.is_array()) return "a list";
  if (v.is_object()) return "an object";
  return "null";
}

bool same_type(const json& base, const json& v) {
  if (base.is_number_integer()) return v.is_number_integer();
  if (base.is_number()) return v.is_number();
  return base.type() == v.type();
}

std::string join(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}

// A list whose entries are all objects: addressed by "id" where every entry has one, else by
// position.
bool addressable(const json& list) {
  return list.is_array() && !list.empty() &&
         std::all_of(list.begin(), list.end(), [](const json& e) { return e.is_object(); });
}
bool has_ids(const json& list) {
  return std::all_of(list.begin(), list.end(),
                     [](const json& e) { return e.contains("id") && e.at("id").is_string(); });
}

void merge(json& target, const json& patch, const std::string& path);

void merge_list(json& list, const json& patch, const std::string& path) {
  const bool ids = has_ids(list);
  std::vector<std::string> names;
  for (std::size_t i = 0; i < list.size(); ++i)
    names.push_back(ids ? list[i].at("id").get<std::string>() : std::to_string(i));
  for (const auto& [key, value] : patch.items()) {
    const auto it = std::find(names.begin(), names.end(), key);
    if (it == names.end())
      throw Error(
          join(path, key) + ": " +
          (ids ? "no entry has the id '" + key + "'" + did_you_mean(key, names)
               : "no entry " + key + " (entries 0.." + std::to_string(names.size() - 1) + ")"));
    if (!value.is_object())
      throw Error(join(path, key) + ": an entry is changed with an object of its fields, not " +
                  type_words(value));
    merge(list[static_cast<std::size_t>(it - names.begin())], value, join(path, key));
  }
}

void merge(json& target, const json& patch, const std::string& path) {
  std::vector<std::string> names;
  for (const auto& [key, _] : target.items()) names.push_back(key);
  for (const auto& [key, value] : patch.items()) {
    const std::string here = join(path, key);
    if (!target.contains(key)) throw Error(here + ": no such field" + did_you_mean(key, names));
    json& slot = target[key];
    if (value.is_null()) throw Error(here + ": a variant changes fields, it cannot remove one");
    if (key == "id") {
      if (value != slot) throw Error(here + ": an id cannot be changed");
      continue;
    }
    if (addressable(slot) && value.is_array() && !has_ids(slot)) {
      // A list of entries without ids (an ability's primitives) may also be replaced whole.
      for (const auto& e : value)
        if (!e.is_object())
          throw Error(here + ": expects a list of objects, not of " + type_words(e));
      slot = value;
    } else if (addressable(slot)) {
      if (!value.is_object())
        throw Error(here + ": a list of entries is changed entry by entry, with an object keyed " +
                    std::string(has_ids(slot) ? "by id" : "by position") + ", not " +
                    type_words(value));
      merge_list(slot, value, here);
    } else if (slot.is_object()) {
      if (!value.is_object()) throw Error(here + ": expects an object, not " + type_words(value));
      merge(slot, value, here);
    } else {
      if (!same_type(slot, value))
        throw Error(here + ": expects " + type_words(slot) + ", not " + type_words(value));
      if (slot.is_array() && !slot.empty() && !value.empty())
        for (const auto& e : value)
          if (!same_type(slot.front(), e))
            throw Error(here + ": expects a list of " + type_words(slot.front()) + ", not of " +
                        type_words(e));
      slot = value;
    }
  }
}

// The start of the UTF-8 character at or before byte i (a cut never splits a character).
std::size_t char_start(const std::string& s, std::size_t i) {
  while (i > 0 && i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) --i;
  return i;
}

// "was -> is" as JSON texts; a text past 120 characters is cut to a window that starts a little
// before the first character where the two differ (two long faction texts that differ at their
// end would otherwise read the same).
std::string change_words(const json& was, const json& is) {
  const std::string a = was.dump(), b = is.dump();
  constexpr std::size_t kMax = 120, kBefore = 40;
  std::size_t first = 0;
  while (first < a.size() && first < b.size() && a[first] == b[first]) ++first;
  const auto cut = [&](const std::string& s) {
    if (s.size() <= kMax) return s;
    const std::size_t from =
        char_start(s, std::min(first > kBefore ? first - kBefore : 0, s.size() - (kMax - 6)));
    std::string out = from > 0 ? "..." : "";
    const std::size_t end = char_start(s, std::min(s.size(), from + kMax - out.size() - 3));
    out += s.substr(from, end - from);
    if (end < s.size()) out += "...";
    return out;
  };
  return cut(a) + " -> " + cut(b);
}

void diff(const json& base, const json& patch, const std::string& path,
          std::vector<std::string>& out) {
  for (const auto& [key, value] : patch.items()) {
    if (!base.contains(key)) continue;
    const json& was = base.at(key);
    const std::string here = join(path, key);
    if (addressable(was) && value.is_object()) {
      const bool ids = has_ids(was);
      for (const auto& [k, v] : value.items())
        for (std::size_t i = 0; i < was.size(); ++i)
          if (ids ? was[i].at("id") == k : std::to_string(i) == k)
            diff(was[i], v, join(here, k), out);
    } else if (was.is_object() && value.is_object()) {
      diff(was, value, here, out);
    } else if (was != value) {
      out.push_back(here + ": " + change_words(was, value));
    }
  }
}

}  // namespace

json apply_variant_patch(const json& content, const json& patch) {
  if (!patch.is_object())
    throw Error("a variant is a JSON object of the fields it changes, not " + type_words(patch));
  json out = content;
  merge(out, patch, "");
  return out;
}

void check_variant_name(std::string_view name) {
  if (name.empty() || name.size() > 40)
    throw Error("a variant's name has 1 to 40 characters, not " + std::to_string(name.size()));
  for (char ch : name)
    if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '-' || ch == '_'))
      throw Error("a variant's name has letters, digits, '-' and '_' only: '" + std::string(name) +
                  "'");
  if (name == kBaseVariant) throw Error("'base' names the game's own content, not a variant");
}

std::string variant_option_text(const Variant& v) {
  return json{{"name", v.name}, {"patch", v.patch}}.dump();
}

Variant parse_variant_option(std::string_view text) {
  if (text == kBaseVariant) return {std::string(kBaseVariant), json::object()};
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.size() != 2 || !j.contains("name") ||
      !j.contains("patch") || !j.at("name").is_string() || !j.at("patch").is_object())
    throw Error("the option 'variant' is 'base' or a variant given with --variant");
  Variant v{j.at("name").get<std::string>(), j.at("patch")};
  check_variant_name(v.name);
  return v;
}

std::string variant_label(std::string_view text) {
  if (text == kBaseVariant) return std::string(kBaseVariant);
  const json j = json::parse(text, nullptr, false);
  if (j.is_object() && j.contains("name") && j.at("name").is_string())
    return j.at("name").get<std::string>();
  return "?";
}

void add_variant_option(GameInfo& info, const std::string& what,
                        const nlohmann::json& (*document)(),
                        int (*slot_of)(const nlohmann::json& patch)) {
  info.options.push_back(
      {"variant",
       OptionSpec::Kind::Variant,
       std::string(kBaseVariant),
       {},
       0,
       0,
       "The content played: the game's own, or a designer's variant of its " + what + "."});
  info.content_document = [document]() -> const nlohmann::json& { return document(); };
  info.load_variant = [slot_of](const nlohmann::json& patch) { slot_of(patch); };
}

int variant_slot(const Options& options, int (*slot_of)(const nlohmann::json& patch)) {
  const std::string& text = options.get("variant");
  return text == kBaseVariant ? 0 : slot_of(parse_variant_option(text).patch);
}

std::vector<std::string> variant_diff(const json& content, const json& patch) {
  std::vector<std::string> out;
  if (patch.is_object()) diff(content, patch, "", out);
  return out;
}

std::string json_error_words(std::string_view what) {
  std::string s(what);
  // "[json.exception.out_of_range.403] key 'x' not found" -> "key 'x' not found"
  if (s.rfind("[json.exception.", 0) == 0) {
    const auto end = s.find("] ");
    if (end != std::string::npos) s = s.substr(end + 2);
  }
  return s;
}

std::string loader_words(std::string_view what) {
  std::string s = json_error_words(what);
  // "data/<game>/<file>.json: what" -> "what"
  if (s.rfind("data/", 0) == 0) {
    const auto colon = s.find(": ");
    if (colon != std::string::npos) s = s.substr(colon + 2);
  }
  return "the variant does not fit the game: " + s;
}

}  // namespace turf
