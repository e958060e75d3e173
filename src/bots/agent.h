// Agents: anything that chooses actions for a seat. Agents receive only the seat's View — never
// the State — so a bot cannot see what its seat cannot see. Search bots sample complete worlds
// from the view (View::sample_world), which re-deals everything hidden.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/view.h"

namespace turf {

struct Narration;  // core/narration.h

class Agent {
 public:
  virtual ~Agent() = default;
  // Chooses one of view.legal(). Called only when view.my_turn().
  virtual Action choose(const View& view) = 0;
  // The spec that recreates this agent ("random", "mcts:iters=500").
  virtual std::string spec() const = 0;
  // True for agents that read words (an external program): choose() must get a labelled view
  // (labels and JSON of the legal actions) and observe() the seat's narration. False (the
  // built-in bots): an unlabelled view is enough and observe() may be skipped.
  virtual bool wants_narration() const { return false; }
  // The seat's narration since its last decision (core/narration.h): called just before each
  // choose() and once at the end, before finish().
  virtual void observe(const std::vector<Narration>& lines) { (void)lines; }
  // The end of the match: the seat's final view and the result, {"scores": [...], "ranking":
  // [...], "words": [...]} (bots/external.h match_result_json), or {"aborted": "why"} when the
  // match stops before its end.
  virtual void finish(const View& final_view, const nlohmann::json& result) {
    (void)final_view, (void)result;
  }
};

// A parsed bot spec: "name" or "name:key=value,key=value".
struct BotSpec {
  std::string name;
  std::vector<std::pair<std::string, std::string>> params;
  std::string text;  // as written
};

// Parses one spec; throws Error naming the valid bots or keys.
BotSpec parse_bot_spec(const std::string& text);
// Splits "human,mcts:time=1s,threads=2,random" into specs: a piece with '=' and no ':' continues
// the previous spec's parameters.
std::vector<std::string> split_seat_specs(const std::string& list);
// Creates the bot for a spec; `seed` drives its own randomness. Throws Error for a bad spec.
std::unique_ptr<Agent> make_bot(const std::string& spec, std::uint64_t seed);
// A duration as bots take it: "1s", "500ms", "2.5s", "0.5" (seconds), above 0 and at most
// 3600 s; throws Error naming `what`.
double parse_seconds(const std::string& text, const std::string& what);
// The names of the bots, for help texts.
std::vector<std::string> bot_names();

}  // namespace turf
