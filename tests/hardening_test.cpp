// Issue 15, "Crashes and bad input" and "No lost work": every public entry point refuses any
// integer action id with an Error, records are read with limits and printed safely, and the
// balance lab's streamed runs resume to exactly the result of an uninterrupted run.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <climits>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/match.h"
#include "core/parallel.h"
#include "core/view.h"
#include "lab/experiment.h"
#include "table/table.h"
#include "temp_dir.h"

namespace turf {
namespace {

// Every option value of the game at least once (the other options at their defaults).
std::vector<Options> option_sets(const GameInfo& g) {
  std::vector<Options> out = {g.resolve({})};
  for (const auto& o : g.options) {
    std::vector<std::string> values;
    if (o.kind == OptionSpec::Kind::Integer)
      for (int v = o.min; v <= o.max; ++v) values.push_back(std::to_string(v));
    else
      values = o.choices;
    for (const auto& v : values) out.push_back(g.resolve({{o.name, v}}));
  }
  return out;
}

void expect_refused_everywhere(Match& m, Action a) {
  const int moves = m.state().move_number();
  EXPECT_THROW(m.apply(a), Error) << m.game().id << " action " << a;
  EXPECT_THROW((void)m.state().label_of(a), Error);
  EXPECT_THROW((void)m.state().public_label_of(a), Error);
  nlohmann::json j;
  EXPECT_THROW(m.state().action_json_of(a, j), Error);
  EXPECT_EQ(m.state().move_number(), moves);
}

// The defect of issue 15: Match::apply(5000) on a new Cry Havoc game built the label first and
// crashed; turfwars and yard indexed out of bounds for other ids.
TEST(Hardening, MatchApplyRefusesIllegalIdsOnANewGameOfEveryGame) {
  for (const auto& g : Registry::instance().games()) {
    Match m(*g, g->resolve({}), 1, std::vector<SeatInfo>(g->resolve({}).players()));
    for (Action a : {5000, -1, INT_MIN, INT_MAX, 1 << 20, 255, 256, 65535})
      if (!m.state().is_legal(a)) expect_refused_everywhere(m, a);
  }
}

// A property over every game and every option value: at random points of random games, random
// and extreme ids that are not legal are refused by every entry point, and the game goes on.
RC_GTEST_PROP(Hardening, EveryEntryPointRefusesEveryIllegalId, ()) {
  const auto& games = Registry::instance().games();
  const GameInfo& g = *games[*rc::gen::inRange<std::size_t>(0, games.size())];
  const auto sets = option_sets(g);
  const Options options = sets[*rc::gen::inRange<std::size_t>(0, sets.size())];
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  Match m(g, options, seed, std::vector<SeatInfo>(static_cast<std::size_t>(options.players())));
  Rng rng(seed);
  std::vector<Action> legal;
  const auto ids = *rc::gen::container<std::vector<Action>>(
      16, rc::gen::oneOf(rc::gen::arbitrary<Action>(), rc::gen::inRange<Action>(-300, 3000),
                         rc::gen::element<Action>(INT_MIN, INT_MAX, -1, 5000, 4096, 65536)));
  std::size_t next = 0;
  while (!m.over()) {
    m.state().legal_actions(legal);
    if (rng.below(8) == 0) {
      const Action a = ids[next++ % ids.size()];
      if (std::find(legal.begin(), legal.end(), a) == legal.end()) {
        const int moves = m.state().move_number();
        RC_ASSERT_THROWS_AS(m.apply(a), Error);
        RC_ASSERT_THROWS_AS((void)m.state().label_of(a), Error);
        RC_ASSERT_THROWS_AS((void)m.state().public_label_of(a), Error);
        nlohmann::json j;
        RC_ASSERT_THROWS_AS(m.state().action_json_of(a, j), Error);
        RC_ASSERT(m.state().move_number() == moves);
      }
    }
    m.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  for (Action a : {0, 1, -1, 5000}) RC_ASSERT_THROWS_AS(m.apply(a), Error);
}

nlohmann::json small_record(const std::string& game) {
  const GameInfo& g = Registry::instance().find(game);
  Match m(g, g.resolve({}), 9, std::vector<SeatInfo>(g.resolve({}).players()));
  std::vector<Action> legal;
  for (int i = 0; i < 6 && !m.over(); ++i) {
    m.state().legal_actions(legal);
    m.apply(legal[0]);
  }
  return m.record();
}

TEST(Hardening, RecordRefusesActionIdsBeyond32Bits) {
  auto r = small_record("dungeon");
  const auto id = r["actions"][0]["id"].get<std::int64_t>();
  r["actions"][0]["id"] = (std::int64_t{1} << 32) + id;  // read as `id` before the fix
  try {
    Match::from_record(r);
    FAIL() << "an id of 2^32+k was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("out of range"), std::string::npos) << e.what();
  }
  r["actions"][0]["id"] = 1.5;
  EXPECT_THROW(Match::from_record(r), Error);
}

TEST(Hardening, RecordNamesAndAgentsAreSanitized) {
  auto r = small_record("yard");
  r["seats"][0]["name"] = "Ann\x1b[2J\x1b]0;pwned\x07\r\n";
  r["seats"][1]["name"] = std::string(500, 'x') + "\u00e9";
  r["seats"][1]["agent"] = "human\u009b31m";
  const Match m = Match::from_record(r);
  EXPECT_EQ(m.seats()[0].name, "Ann[2J]0;pwned");
  EXPECT_LE(m.seats()[1].name.size(), 64u);
  EXPECT_EQ(m.seats()[1].agent, "human31m");
  EXPECT_NO_THROW((void)m.record().dump());                     // still valid UTF-8
  EXPECT_EQ(sanitize_text("\xc3\xa9\xc3\xa9", 3), "\xc3\xa9");  // never cut inside a character
}

// A record's agents come from a file: the table takes them within the record's limits
// (table/limits.h), and a record never starts a program.
TEST(Hardening, RecordAgentSpecsAreCapped) {
  auto r = small_record("dungeon");
  const table::TableConfig record{table::BotLimits::record(), table::SeedRule::kFromMatch, {}};
  r["seats"][1]["agent"] = "mcts:threads=256,time=3600s";
  EXPECT_NO_THROW((void)Match::from_record(r));  // replay and view need no agent
  EXPECT_THROW(table::Table(Match::from_record(r), record), Error);
  r["seats"][1]["agent"] = "mcts:iters=100000000000";
  EXPECT_THROW(table::Table(Match::from_record(r), record), Error);
  r["seats"][1]["agent"] = "greedy:worlds=5000";
  EXPECT_THROW(table::Table(Match::from_record(r), record), Error);
  r["seats"][1]["agent"] = "ext:touch /tmp/turf-record-ran-a-program";
  EXPECT_THROW(table::Table(Match::from_record(r), record), Error);
  r["seats"][1]["agent"] = "mcts:time=500ms";
  EXPECT_NO_THROW(table::Table(Match::from_record(r), record));
  r["seats"][1]["agent"] = "greedy";
  EXPECT_NO_THROW(table::Table(Match::from_record(r), record));
}

TEST(Hardening, ReadFileRefusesDevicesFoldersAndHugeFiles) {
  EXPECT_THROW(read_file("/dev/zero"), Error);
  EXPECT_THROW(read_file("/"), Error);
  const test_files::TempDir dir("turf-hardening-test");
  const auto big = dir.file("big.json");
  { std::ofstream out(big); }
  std::filesystem::resize_file(big, kMaxInputFile + 1);  // sparse: no disk used
  try {
    read_file(big);
    FAIL() << "a file over the cap was read";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("larger than 64 MiB"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Match::load(big), Error);
}

TEST(Hardening, OutputPathsAreCheckedAsInputErrors) {
  EXPECT_THROW(prepare_output_file("/proc/turf-no-such-dir/x.json"), Error);
  EXPECT_THROW(prepare_output_file("/"), Error);
  EXPECT_THROW(prepare_output_dir("/dev/null"), Error);
  const test_files::TempDir out("turf-hardening-out");
  const auto dir = std::filesystem::path(out.path()) / "a" / "b";
  EXPECT_NO_THROW(prepare_output_file((dir / "r.json").string()));
  EXPECT_TRUE(std::filesystem::is_directory(dir));
  EXPECT_FALSE(std::filesystem::exists(dir / "r.json.tmp"));
}

TEST(Hardening, DidYouMean) {
  EXPECT_EQ(did_you_mean("gmaes", {"games", "rules", "play"}), " (did you mean 'games'?)");
  EXPECT_EQ(did_you_mean("--sede", {"--seed", "--seats"}), " (did you mean '--seed'?)");
  EXPECT_EQ(did_you_mean("zzzzzz", {"games", "rules"}), "");
  try {
    Registry::instance().find("dungen");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'dungeon'"), std::string::npos);
  }
}

TEST(Hardening, ParallelForUsesNoMoreThreadsThanTasks) {
  std::atomic<long> sum{0};
  parallel_for(3, 1000, [&](long i) { sum += i + 1; });
  EXPECT_EQ(sum.load(), 6);
}

}  // namespace

namespace lab {
namespace {

Experiment experiment(bool until) {
  Experiment e;
  e.game = &Registry::instance().find("dungeon");
  e.seats = {"random", "greedy:worlds=2"};
  e.games = 24;
  e.seed = 31;
  e.sweeps = {parse_sweep("tiles=standard,open")};
  if (until) e.until = parse_until("seat1 winrate > 0.5 by 0.2");
  return e;
}

// Plays until `stop_after` games were delivered (interrupted), then resumes from the delivered
// lines, as `turf sim --resume` does from games.jsonl; the summary must equal an uninterrupted
// run's, byte for byte.
void check_resume(bool until, long stop_after) {
  const Experiment e = experiment(until);
  const auto ncells = e.cells().size();
  Summary whole(e);
  nlohmann::json sprt_whole;
  ASSERT_TRUE(run_stream(
      e, 2, false, std::vector<long>(ncells, 0), std::vector<std::vector<GameLine>>(ncells),
      [&](GameLine&& l) { whole.add(l); }, {}, &sprt_whole));

  std::vector<GameLine> saved;
  std::atomic<long> delivered{0};
  const bool complete = run_stream(
      e, 2, false, std::vector<long>(ncells, 0), std::vector<std::vector<GameLine>>(ncells),
      [&](GameLine&& l) {
        saved.push_back(std::move(l));
        ++delivered;
      },
      [&] { return delivered.load() >= stop_after; }, nullptr);
  EXPECT_FALSE(complete);
  ASSERT_GE(static_cast<long>(saved.size()), stop_after);
  std::vector<long> done(ncells, 0);
  std::vector<std::vector<GameLine>> prior(ncells);
  Summary resumed(e);
  for (const auto& l : saved) {
    validate_line(e, l);
    const auto c = l["cell"].get<std::size_t>();
    EXPECT_EQ(l["index"].get<long>(), done[c]) << "lines arrive in order";
    ++done[c];
    prior[c].push_back(l);
    resumed.add(l);
  }
  nlohmann::json sprt;
  ASSERT_TRUE(run_stream(
      e, 1, false, done, prior, [&](GameLine&& l) { resumed.add(l); }, {}, &sprt));
  nlohmann::json a = whole.finish(), b = resumed.finish();
  if (until) a["sprt"] = sprt_whole, b["sprt"] = sprt;
  EXPECT_EQ(a.dump(), b.dump());
}

TEST(LabStream, AnInterruptedRunResumesToTheUninterruptedResult) {
  check_resume(false, 5);
  check_resume(false, 30);  // in the second cell
}

TEST(LabStream, AnInterruptedSequentialTestResumesToTheSameDecision) {
  check_resume(true, 7);
}

TEST(LabStream, RunMatchesTheStream) {
  const Experiment e = experiment(false);
  const auto lines = run(e, 2, false).lines;
  ASSERT_EQ(lines.size(), 48u);
  for (std::size_t i = 1; i < lines.size(); ++i)
    EXPECT_LT(std::make_pair(lines[i - 1]["cell"].get<int>(), lines[i - 1]["index"].get<long>()),
              std::make_pair(lines[i]["cell"].get<int>(), lines[i]["index"].get<long>()));
}

TEST(LabStream, ValidateLineRefusesEveryBadField) {
  const Experiment e = experiment(false);
  const GameLine good = {{"cell", 1},
                         {"index", 3},
                         {"seed", 5},
                         {"seats", {"random", "greedy"}},
                         {"scores", {4, 2}},
                         {"ranking", {0, 1}},
                         {"length", 70},
                         {"attributes", {{{"order", "first"}}, {{"order", "second"}}}},
                         {"counters", {{"x", 1.5}}}};
  EXPECT_NO_THROW(validate_line(e, good));
  auto bad = [&](const char* key, nlohmann::json value) {
    GameLine l = good;
    if (value.is_discarded())
      l.erase(key);
    else
      l[key] = std::move(value);
    EXPECT_THROW(validate_line(e, l), Error) << key << " = " << l.dump();
  };
  const auto gone = nlohmann::json(nlohmann::json::value_t::discarded);
  bad("ranking", {0, 1, 2});  // longer than the seats: crashed merge before
  bad("ranking", {1, 1});     // nobody first
  bad("ranking", {0, 7});
  bad("ranking", "0,1");
  bad("scores", nlohmann::json::array());  // empty: crashed merge before
  bad("scores", {"a", "b"});
  bad("cell", 2);
  bad("cell", -1);
  bad("cell", "0");
  bad("index", 24);
  bad("index", -3);
  bad("index", 1.5);
  bad("seats", {"random"});
  bad("seats", {1, 2});
  bad("length", -1);
  bad("attributes", {{{"order", 1}}});
  bad("attributes", "x");
  bad("counters", {{"x", "y"}});
  bad("seed", "5");
  bad("ranking", gone);
  bad("cell", gone);
  EXPECT_THROW(validate_line(e, nlohmann::json::array()), Error);
}

}  // namespace
}  // namespace lab
}  // namespace turf
