#include "bots/agent.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "bots/config.h"
#include "bots/greedy.h"
#include "bots/mcts.h"
#include "bots/random_bot.h"

namespace turf {

namespace {

constexpr long kDefaultMctsIterations = 2000;
// The largest values a parameter can hold (how much a bot may spend is BotLimits' business).
constexpr long kMaxInt = 2'000'000'000;
constexpr long kMaxLong = 1'000'000'000'000;

struct BotKind {
  const char* name;
  const char* help;
  std::vector<std::string> keys;
  // Reads the spec's parameters into c (the defaults of the kind before).
  void (*read)(const BotSpec&, BotConfig& c);
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

const std::vector<BotKind>& kinds() {
  static const std::vector<BotKind> k = {
      {"random", "uniform over the legal actions", {}, [](const BotSpec&, BotConfig&) {}},
      {"greedy",
       "one ply over sampled worlds, by the game's evaluation",
       {"worlds", "budget"},
       [](const BotSpec& spec, BotConfig& bot) {
         GreedyConfig& c = bot.greedy;
         for (const auto& [key, v] : spec.params) {
           if (key == "worlds") c.worlds = static_cast<int>(to_long(spec, key, v, 1, kMaxInt));
           if (key == "budget") c.budget = static_cast<int>(to_long(spec, key, v, 0, kMaxInt));
         }
       }},
      {"mcts",
       "information-set Monte Carlo tree search",
       {"iters", "time", "threads", "rollout", "cutoff", "c", "mix", "fade"},
       [](const BotSpec& spec, BotConfig& bot) {
         MctsConfig& c = bot.mcts;
         for (const auto& [key, v] : spec.params) {
           if (key == "iters") c.iterations = to_long(spec, key, v, 1, kMaxLong);
           if (key == "time") c.seconds = parse_seconds(v, "bot '" + spec.text + "': time");
           if (key == "threads") c.threads = static_cast<int>(to_long(spec, key, v, 1, kMaxInt));
           if (key == "cutoff") c.cutoff = static_cast<int>(to_long(spec, key, v, 0, kMaxInt));
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

double parse_seconds(const std::string& text, const std::string& what) {
  std::string num = text;
  double unit = 1;
  if (num.size() > 2 && num.compare(num.size() - 2, 2, "ms") == 0) {
    num.resize(num.size() - 2);
    unit = 0.001;
  } else if (!num.empty() && num.back() == 's') {
    num.pop_back();
  }
  char* end = nullptr;
  const double x = std::strtod(num.c_str(), &end);
  if (num.empty() || *end || !(x > 0) || !(x * unit <= 1e6))
    throw Error(what + " must look like 1s, 500ms or 2.5s, not '" + text + "'");
  return x * unit;
}

BotConfig parse_bot_config(const std::string& text) {
  const BotSpec spec = parse_bot_spec(text);
  BotConfig c;
  c.kind = spec.name;
  c.text = text;
  for (const auto& k : kinds())
    if (spec.name == k.name) k.read(spec, c);
  return c;
}

std::unique_ptr<Agent> make_bot(const BotConfig& c, std::uint64_t seed) {
  if (c.kind == "random") return std::make_unique<RandomBot>(seed);
  if (c.kind == "greedy") return std::make_unique<GreedyBot>(c.greedy, seed);
  if (c.kind == "mcts") return std::make_unique<MctsBot>(c.mcts, seed);
  throw Error("unknown bot '" + c.kind + "' (bots: " + joined_names() + ", or human)");
}

std::unique_ptr<Agent> make_bot(const std::string& text, std::uint64_t seed) {
  return make_bot(parse_bot_config(text), seed);
}

void StopSignal::start(double seconds) noexcept {
  if (!(seconds > 0)) {
    deadline_.store(kNone, std::memory_order_relaxed);
    return;
  }
  const auto at = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(std::min(seconds, 1e6)));
  deadline_.store(at.time_since_epoch().count(), std::memory_order_relaxed);
}

TimeSlices::TimeSlices(int runners, Clock::duration slice)
    : slice_(slice), runners_(std::max(1, runners)), free_(runners_) {}

int TimeSlices::running() const {
  std::lock_guard lock(mutex_);
  return runners_ - free_;
}

void TimeSlices::hand_over() noexcept {
  while (free_ > 0 && !line_.empty()) {
    Ticket* next = line_.front();
    line_.pop_front();
    waiting_count_.fetch_sub(1, std::memory_order_relaxed);
    --free_;
    next->since_.store(Clock::now().time_since_epoch().count(), std::memory_order_relaxed);
    next->running_.store(true, std::memory_order_relaxed);
  }
}

void TimeSlices::queue_and_wait(Ticket& t, std::unique_lock<std::mutex>& lock) noexcept {
  line_.push_back(&t);
  waiting_count_.fetch_add(1, std::memory_order_relaxed);
  hand_over();
  cv_.notify_all();
  cv_.wait(lock, [&] { return closed_ || t.running_.load(std::memory_order_relaxed); });
}

void TimeSlices::enter(Ticket& t) {
  std::unique_lock lock(mutex_);
  if (closed_) {
    t.running_.store(true, std::memory_order_relaxed);
    return;
  }
  queue_and_wait(t, lock);
}

void TimeSlices::poll(Ticket& t) noexcept {
  if (waiting_count_.load(std::memory_order_relaxed) == 0 &&
      t.running_.load(std::memory_order_relaxed))
    return;
  const auto now = Clock::now().time_since_epoch().count();
  if (t.running_.load(std::memory_order_relaxed) &&
      now - t.since_.load(std::memory_order_relaxed) < slice_.count())
    return;
  std::unique_lock lock(mutex_);
  if (closed_) return;
  if (t.running_.load(std::memory_order_relaxed) && !line_.empty() &&
      now - t.since_.load(std::memory_order_relaxed) >= slice_.count()) {
    // the slice is spent and someone waits: to the back of the line, the runner to the front
    t.running_.store(false, std::memory_order_relaxed);
    ++free_;
    queue_and_wait(t, lock);
    return;
  }
  // (another thread of the same decision may have yielded for it: all of them wait)
  cv_.wait(lock, [&] { return closed_ || t.running_.load(std::memory_order_relaxed); });
}

void TimeSlices::leave(Ticket& t) noexcept {
  std::lock_guard lock(mutex_);
  if (t.running_.load(std::memory_order_relaxed)) {
    t.running_.store(false, std::memory_order_relaxed);
    if (!closed_) ++free_;
  } else {
    const auto it = std::find(line_.begin(), line_.end(), &t);
    if (it != line_.end()) {
      line_.erase(it);
      waiting_count_.fetch_sub(1, std::memory_order_relaxed);
    }
  }
  hand_over();
  cv_.notify_all();
}

void TimeSlices::close() noexcept {
  std::lock_guard lock(mutex_);
  closed_ = true;
  cv_.notify_all();
}

Action Agent::decide(const View& view, const StopSignal& stop) {
  struct Reset {
    const StopSignal*& p;
    ~Reset() { p = nullptr; }
  } reset{stop_};
  stop_ = &stop;
  return choose(view);
}

}  // namespace turf
