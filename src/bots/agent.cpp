#include "bots/agent.h"

#include "bots/random_bot.h"

namespace turf {

namespace {

struct BotKind {
  const char* name;
  const char* help;
  std::vector<std::string> keys;
  std::unique_ptr<Agent> (*make)(const BotSpec&, std::uint64_t seed);
};

const std::vector<BotKind>& kinds() {
  static const std::vector<BotKind> k = {
      {"random",
       "uniform over the legal actions",
       {},
       [](const BotSpec&, std::uint64_t seed) -> std::unique_ptr<Agent> {
         return std::make_unique<RandomBot>(seed);
       }},
  };
  return k;
}

std::string joined_names() {
  std::string s;
  for (const auto& k : kinds()) s += (s.empty() ? "" : ", ") + std::string(k.name);
  return s;
}

}  // namespace

std::vector<std::string> bot_names() {
  std::vector<std::string> out;
  for (const auto& k : kinds()) out.emplace_back(k.name);
  return out;
}

BotSpec parse_bot_spec(const std::string& text) {
  BotSpec spec;
  spec.text = text;
  const auto colon = text.find(':');
  spec.name = text.substr(0, colon);
  const BotKind* kind = nullptr;
  for (const auto& k : kinds())
    if (spec.name == k.name) kind = &k;
  if (!kind)
    throw Error("unknown bot '" + spec.name + "' (bots: " + joined_names() + ", or human)");
  if (colon == std::string::npos) return spec;
  const std::string rest = text.substr(colon + 1);
  std::size_t start = 0;
  while (start <= rest.size()) {
    const auto comma = rest.find(',', start);
    const std::string kv =
        rest.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const auto eq = kv.find('=');
    std::string valid;
    for (const auto& key : kind->keys) valid += (valid.empty() ? "" : ", ") + key;
    if (eq == std::string::npos || eq == 0)
      throw Error("bot spec '" + text + "': expected key=value, got '" + kv + "' (keys of " +
                  spec.name + ": " + (valid.empty() ? "none" : valid) + ")");
    const std::string key = kv.substr(0, eq);
    bool known = false;
    for (const auto& k : kind->keys) known |= k == key;
    if (!known)
      throw Error("bot '" + spec.name + "' has no key '" + key +
                  "' (keys: " + (valid.empty() ? "none" : valid) + ")");
    spec.params.emplace_back(key, kv.substr(eq + 1));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return spec;
}

std::vector<std::string> split_seat_specs(const std::string& list) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const auto comma = list.find(',', start);
    std::string piece =
        list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const bool continues =
        piece.find('=') != std::string::npos && piece.find(':') == std::string::npos;
    if (continues && !out.empty())
      out.back() += "," + piece;
    else
      out.push_back(piece);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

std::unique_ptr<Agent> make_bot(const std::string& text, std::uint64_t seed) {
  const BotSpec spec = parse_bot_spec(text);
  for (const auto& k : kinds())
    if (spec.name == k.name) return k.make(spec, seed);
  throw Error("unknown bot '" + spec.name + "'");
}

}  // namespace turf
