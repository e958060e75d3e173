// libFuzzer target: action application over every game and option value.
//
// The input chooses a game, a value for each of its options, a seed, then a sequence of steps:
// legal actions (by index), illegal and extreme ids (which every public entry point must refuse
// with turf::Error and no change), undo, labels and JSON of every legal action, views from
// every seat with their JSON, sampled worlds, parsing of typed actions and record round trips.
// When the input runs out, the game is played to its end with legal actions drawn from the seed.
// Anything but a turf::Error escaping, a sanitizer report or a broken invariant is a finding.
// With TURF_FUZZ_STATS=1 the executions and actions per game are printed at exit.
#include <array>
#include <atomic>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/match.h"
#include "core/view.h"

namespace {

using namespace turf;

struct Bytes {
  const std::uint8_t* p;
  std::size_t n;
  bool empty() const { return n == 0; }
  std::uint8_t u8() {
    if (!n) return 0;
    --n;
    return *p++;
  }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = v << 8 | u8();
    return v;
  }
  std::uint64_t u64() { return static_cast<std::uint64_t>(u32()) << 32 | u32(); }
  std::string text(std::size_t max) {
    std::string s;
    const std::size_t len = u8() % (max + 1);
    for (std::size_t i = 0; i < len && n; ++i) s += static_cast<char>(u8());
    return s;
  }
};

[[noreturn]] void finding(const char* what) {
  std::fprintf(stderr, "fuzz_actions: %s\n", what);
  std::abort();
}

constexpr std::size_t kGames = 16;
std::array<std::atomic<std::uint64_t>, kGames> g_runs{}, g_actions{}, g_refused{};

// Printed at exit; made after the registry (see below), so destroyed before it.
struct Stats {
  ~Stats() {
    if (!std::getenv("TURF_FUZZ_STATS")) return;
    const auto& games = Registry::instance().games();
    for (std::size_t i = 0; i < games.size() && i < kGames; ++i)
      std::fprintf(stderr,
                   "fuzz_actions: %-9s %12llu executions %14llu actions %12llu refused ids\n",
                   games[i]->id.c_str(), static_cast<unsigned long long>(g_runs[i].load()),
                   static_cast<unsigned long long>(g_actions[i].load()),
                   static_cast<unsigned long long>(g_refused[i].load()));
  }
};

// Every checked entry point must refuse an id that is not legal now, changing nothing.
void expect_refused(Match& m, Action a) {
  const int before = m.state().move_number();
  const std::size_t history = m.history().size();
  int refused = 0;
  try {
    m.apply(a);
  } catch (const Error&) {
    ++refused;
  }
  try {
    (void)m.state().label_of(a);
  } catch (const Error&) {
    ++refused;
  }
  try {
    (void)m.state().public_label_of(a);
  } catch (const Error&) {
    ++refused;
  }
  try {
    nlohmann::json j;
    m.state().action_json_of(a, j);
  } catch (const Error&) {
    ++refused;
  }
  if (refused != 4) finding("an illegal action id was accepted");
  if (m.state().move_number() != before || m.history().size() != history)
    finding("a refused action changed the match");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes b{data, size};
  const auto& games = Registry::instance().games();
  static Stats stats;
  // TURF_FUZZ_GAME=<index> fixes the game (for long runs measured per game).
  static const char* only = std::getenv("TURF_FUZZ_GAME");
  const std::size_t pick = b.u8() % games.size();
  const std::size_t gi = only ? static_cast<std::size_t>(std::atoi(only)) % games.size() : pick;
  const GameInfo& game = *games[gi];
  std::map<std::string, std::string> given;
  for (const auto& o : game.options) {
    const std::uint8_t k = b.u8();
    if (o.kind == OptionSpec::Kind::Integer)
      given[o.name] = std::to_string(o.min + k % (o.max - o.min + 1));
    else if (o.kind == OptionSpec::Kind::Choice)
      given[o.name] = o.choices[k % o.choices.size()];
    // Kind::Variant: the game's own content (variants have their own tests).
  }
  const Options options = game.resolve(given);
  const std::uint64_t seed = b.u64();
  Match m(game, options, seed, std::vector<SeatInfo>(static_cast<std::size_t>(options.players())));
  Rng rng(seed ^ size);
  std::vector<Action> legal;
  const long bound = m.state().length_bound();
  long steps = 0, actions = 0, refused = 0;
  ++g_runs[gi];
  while (!m.over() && !b.empty()) {
    if (++steps > 4 * bound + 64) finding("the game does not end within 4x its length bound");
    const State& s = m.state();
    s.legal_actions(legal);
    if (legal.empty()) finding("no legal action before the end");
    const std::uint8_t op = b.u8() % 24;
    if (op < 12) {
      const std::uint32_t k = b.empty() ? rng.below(static_cast<std::uint32_t>(legal.size()))
                                        : b.u8() % static_cast<std::uint32_t>(legal.size());
      m.apply(legal[k]);
      ++actions;
    } else if (op == 12 || op == 13) {
      const Action extremes[] = {
          INT_MIN, INT_MAX, -1, 0, 5000, 1 << 16, static_cast<Action>(b.u32()), legal.back() + 1};
      const Action a = extremes[b.u8() % 8];
      if (std::find(legal.begin(), legal.end(), a) == legal.end()) {
        expect_refused(m, a);
        ++refused;
      }
    } else if (op == 14) {
      const int n = m.undoable();
      try {
        m.undo(n + 1);
        finding("undo past the undo floor was accepted");
      } catch (const Error&) {
      }
      if (n > 0) m.undo(1 + b.u8() % n);
    } else if (op == 15) {
      for (Action a : legal) {
        nlohmann::json j;
        s.action_json_of(a, j);
        if (s.label_of(a).empty()) finding("an empty label");
        (void)s.public_label_of(a);
      }
    } else if (op == 16 || op == 17) {
      const int pick = b.u8() % (s.num_seats() + 2);
      const Seat viewer = pick < s.num_seats()    ? pick
                          : pick == s.num_seats() ? kSpectator
                                                  : kOmniscient;
      const View v = s.view(viewer);
      (void)v.to_json().dump();
      if (v.my_turn() && v.legal().size() != legal.size()) finding("the mover's view lost actions");
    } else if (op == 18 || op == 19) {
      const View v = s.view(s.to_move(), false);
      Rng world_rng(b.u64());
      auto w = v.sample_world(world_rng);
      if (w->to_move() != s.to_move() || w->terminal()) finding("a sampled world differs in turn");
      std::vector<Action> wl;
      w->legal_actions(wl);
      if (wl != legal) finding("a sampled world has other legal actions for the mover");
      w->apply(wl[b.u8() % wl.size()]);
    } else if (op == 20) {
      const View v = s.view(s.to_move());
      try {
        const Action a = v.parse_action(b.text(24));
        if (std::find(legal.begin(), legal.end(), a) == legal.end())
          finding("parse_action returned an illegal action");
      } catch (const Error&) {
      }
    } else if (op == 21) {
      const Match back = Match::from_record(nlohmann::json::parse(m.record().dump()));
      if (!back.state().equals(s)) finding("a record does not replay to the same state");
    } else {
      // A legal action through its label and JSON, as a front end sends it.
      const View v = s.view(s.to_move());
      const auto& la = v.legal()[b.u8() % v.legal().size()];
      if (v.parse_action(la.json.dump()) != la.id) finding("an action's JSON names another");
      try {
        (void)v.parse_action(la.label);  // labels may repeat; must not crash
      } catch (const Error&) {
      }
      m.apply(la.id);
      ++actions;
    }
  }
  // The input is used up: the game is played to its end from the seed through the checked
  // State::apply (on a copy; the match's labels and times are not needed any more).
  auto rest = m.state().clone();
  while (!rest->terminal()) {
    if (++steps > 4 * bound + 64) finding("the game does not end within 4x its length bound");
    rest->legal_actions(legal);
    if (legal.empty()) finding("no legal action before the end");
    rest->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    ++actions;
  }
  try {
    rest->apply(0);
    finding("an action after the end was accepted");
  } catch (const Error&) {
  }
  if (m.over()) expect_refused(m, 0);
  g_actions[gi] += static_cast<std::uint64_t>(actions);
  g_refused[gi] += static_cast<std::uint64_t>(refused);
  return 0;
}
