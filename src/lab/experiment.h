// The balance lab's experiments: N seeded games per cell of a sweep grid, between fixed seats.
//
// Reproducibility and sharding: game i of every cell is played with game seed mix_seed(seed, i)
// (the same seeds in every cell: common random numbers make cells comparable), so each game's
// result depends only on the experiment and its index. A shard K/N plays a disjoint contiguous
// slice of the indices; the summary is computed only from the game lines sorted by (cell,
// index), so merging the shards' lines gives exactly the summary of a single run.
//
// Sequential testing: --until "seat0 winrate != 0.5" runs a sequential probability ratio test
// (Wald) on the games in index order and stops once it decides; see parse_until().
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/variant.h"

namespace turf::lab {

struct Sweep {
  std::string key;
  std::vector<std::string> values;
};

// "seat0 winrate != 0.5", "order=first winrate < 0.5 by 0.03", "agent1 winrate > 0.6"
struct Until {
  std::string subject;  // "seat0", "agent1" or an attribute "key=value"
  char op = '!';        // '!' (different), '<', '>'
  double p0 = 0.5;      // the null hypothesis
  double delta = 0.02;  // the smallest difference worth detecting
  double alpha = 0.05, beta = 0.05;
  std::string text;
};
Until parse_until(const std::string& text);

struct Experiment {
  const GameInfo* game = nullptr;
  std::map<std::string, std::string> base_options;  // as given (validated per cell)
  std::vector<std::string> seats;                   // one spec per seat, or one for all
  long games = 1000;                                // per cell
  std::uint64_t seed = 1;
  std::vector<Sweep> sweeps;
  int shard = 0, shards = 1;
  std::optional<Until> until;
  // Per-card answers: each game line names the cards each seat used (lab::card_uses_of), and
  // the summary gives every card's use and the win share of its users (--no-cards: off; read
  // as off from an experiment.json written before it existed).
  bool cards = true;
  // Content variants by name (--variant NAME=FILE; core/variant.h): the option "variant" (set or
  // swept) names them, or "base"; each cell's options carry the variant's whole text.
  std::map<std::string, nlohmann::json> variants;

  // The option sets of the grid, in order (the first is the baseline).
  std::vector<Options> cells() const;
  // The seat specs for a cell's player count.
  std::vector<std::string> seats_for(const Options& cell) const;
  // Game indices [begin, end) of this shard.
  std::pair<long, long> index_range() const;
  // Everything that identifies the experiment (not the shard), for files and merging.
  nlohmann::json to_json() const;
  static Experiment from_json(const nlohmann::json& j);
};

// "NAME=FILE" or "FILE" (the name is then the file's stem), as --variant takes it: reads the
// patch and checks it against the game's content before any game runs. Throws Error naming the
// file, and in the patch the JSON path of what does not fit.
Variant read_variant(const GameInfo& game, const std::string& arg);

// Parses "K/N" (1 <= K <= N), returning the zero-based shard.
std::pair<int, int> parse_shard(const std::string& text);
// Parses "key=v1,v2,...".
Sweep parse_sweep(const std::string& text);

// One finished game, as a JSON line: cell, cell options, index, seed, seats, scores, ranking,
// length, per-seat attributes, counters and (optionally) the record.
using GameLine = nlohmann::json;

struct RunResult {
  std::vector<GameLine> lines;  // sorted by (cell, index)
  nlohmann::json sprt;          // the sequential test's decision, when --until was given
};

// Plays the experiment's games (this shard) on `threads` threads. `progress(done, total)` is
// called from worker threads. With `until`, cells are played in batches and stop once decided.
RunResult run(const Experiment& e, int threads, bool keep_records,
              const std::function<void(long, long)>& progress = {});

// Streaming: plays the games of this shard from where `done` leaves off and hands each finished
// line to `sink` in the order of an uninterrupted run (cell by cell, index by index; from one
// thread at a time), so that a file written by the sink is always a prefix of the complete one
// and memory stays bounded (only games finished ahead of an unfinished one wait). done[c] is the
// number of games of cell c already delivered (a prefix from index_range().first); with
// `until`, `prior[c]` holds those lines (records may be left out) for the sequential test.
// `stop()` is polled before each game: once true, no new game starts, the games in flight end,
// and what is in order is delivered; the function then returns false (true when complete).
// The sequential tests' decisions go to *sprt (with `until`).
bool run_stream(const Experiment& e, int threads, bool keep_records, const std::vector<long>& done,
                const std::vector<std::vector<GameLine>>& prior,
                const std::function<void(GameLine&&)>& sink, const std::function<bool()>& stop,
                nlohmann::json* sprt, const std::function<void(long, long)>& progress = {});

// Checks every field of a game line against the experiment (cell, index in range, seats, scores
// and ranking with one entry per seat, types); throws Error naming what is wrong.
void validate_line(const Experiment& e, const GameLine& line);

// The summary, built one game line at a time (in (cell, index) order, for results that do not
// depend on the order of arrival). Holds a few numbers per game, never the lines.
class Summary {
 public:
  explicit Summary(const Experiment& e);  // e must outlive the summary
  ~Summary();
  void add(const GameLine& line);
  nlohmann::json finish() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  static nlohmann::json cards_json(const Impl& impl, std::size_t cell);
};

// The summary of a set of game lines: per cell, win shares by seat, agent and attribute with
// Wilson intervals, draw rate, score and length distributions, counters; comparisons of every
// cell with the baseline (two-proportion z-tests, Welch t-tests).
nlohmann::json summarize(const Experiment& e, std::vector<GameLine> lines);

// The sequential test over lines in index order (exposed for tests).
nlohmann::json sprt_decide(const Until& until, const std::vector<GameLine>& lines);

}  // namespace turf::lab
