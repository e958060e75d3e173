#include "bots/agent.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "bots/greedy.h"
#include "bots/mcts.h"
#include "bots/random_bot.h"

namespace turf {

namespace {

constexpr long kDefaultMctsIterations = 2000;

struct BotKind {
  const char* name;
  const char* help;
  std::vector<std::string> keys;
  std::unique_ptr<Agent> (*make)(const BotSpec&, std::uint64_t seed);
};

long to_long(const BotSpec& spec, const std::string& key, const std::string& v, long lo, long hi) {
  char* end = nullptr;
  const long x = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end || x < lo || x > hi)
    throw Error("bot '" + spec.text + "': " + key + " must be a whole number in " +
                std::to_string(lo) + ".." + std::to_string(hi) + ", not '" + v + "'");
  return x;
}

double to_double(const BotSpec& spec, const std::string& key, const std::string& v, double lo,
                 double hi) {
  char* end = nullptr;
  const double x = std::strtod(v.c_str(), &end);
  if (v.empty() || *end || !(x >= lo && x <= hi))
    throw Error("bot '" + spec.text + "': " + key + " must be a number from " + std::to_string(lo) +
                " to " + std::to_string(hi) + ", not '" + v + "'");
  return x;
}

double to_seconds(const BotSpec& spec, const std::string& v) {
  return parse_seconds(v, "bot '" + spec.text + "': time");
}

const std::vector<BotKind>& kinds() {
  static const std::vector<BotKind> k = {
      {"random",
       "uniform over the legal actions",
       {},
       [](const BotSpec&, std::uint64_t seed) -> std::unique_ptr<Agent> {
         return std::make_unique<RandomBot>(seed);
       }},
      {"greedy",
       "one ply over sampled worlds, by the game's evaluation",
       {"worlds", "budget"},
       [](const BotSpec& spec, std::uint64_t seed) -> std::unique_ptr<Agent> {
         GreedyConfig c;
         for (const auto& [key, v] : spec.params) {
           if (key == "worlds") c.worlds = static_cast<int>(to_long(spec, key, v, 1, 10000));
           if (key == "budget") c.budget = static_cast<int>(to_long(spec, key, v, 0, 100000000));
         }
         return std::make_unique<GreedyBot>(c, seed);
       }},
      {"mcts",
       "information-set Monte Carlo tree search",
       {"iters", "time", "threads", "rollout", "cutoff", "c", "mix", "fade"},
       [](const BotSpec& spec, std::uint64_t seed) -> std::unique_ptr<Agent> {
         MctsConfig c;
         for (const auto& [key, v] : spec.params) {
           if (key == "iters") c.iterations = to_long(spec, key, v, 1, 1000000000);
           if (key == "time") c.seconds = to_seconds(spec, v);
           if (key == "threads") c.threads = static_cast<int>(to_long(spec, key, v, 1, 256));
           if (key == "cutoff") c.cutoff = static_cast<int>(to_long(spec, key, v, 0, 100000));
           if (key == "c") c.exploration = to_double(spec, key, v, 0, 100);
           if (key == "mix") c.mix = to_double(spec, key, v, 0, 1);
           if (key == "fade") c.mix_fade = to_double(spec, key, v, 0, 1e9);
           if (key == "rollout") {
             if (v != "policy" && v != "random" && v != "greedy")
               throw Error("bot '" + spec.text +
                           "': rollout must be policy, random or greedy, not '" + v + "'");
             c.rollout = v == "greedy"   ? MctsConfig::Rollout::kGreedy
                         : v == "random" ? MctsConfig::Rollout::kRandom
                                         : MctsConfig::Rollout::kPolicy;
           }
         }
         if (c.iterations > 0 && c.seconds > 0)
           throw Error("bot '" + spec.text + "': give iters or time, not both");
         if (c.iterations == 0 && c.seconds == 0) c.iterations = kDefaultMctsIterations;
         const bool fade = std::any_of(spec.params.begin(), spec.params.end(),
                                       [](const auto& kv) { return kv.first == "fade"; });
         if (fade && c.mix == 0)
           throw Error("bot '" + spec.text + "': fade needs mix (the weight it fades)");
         return std::make_unique<MctsBot>(c, seed);
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

double parse_seconds(const std::string& v, const std::string& what) {
  std::string num = v;
  double unit = 1;
  if (num.size() > 2 && num.compare(num.size() - 2, 2, "ms") == 0) {
    num.resize(num.size() - 2);
    unit = 0.001;
  } else if (!num.empty() && num.back() == 's') {
    num.pop_back();
  }
  char* end = nullptr;
  const double x = std::strtod(num.c_str(), &end);
  if (num.empty() || *end || !(x > 0) || x * unit > 3600)
    throw Error(what + " must look like 1s, 500ms or 2.5s (at most 3600s), not '" + v + "'");
  return x * unit;
}

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
