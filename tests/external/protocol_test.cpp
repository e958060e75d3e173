// External bots at the table layer (docs/bots.md), with real child programs on real pipes: what a
// decide tells besides the view (the step, its pass, whether it is forced), the numbers of a
// failure line, that no byte of a program reaches a log raw, programs named by an operator run
// without a shell, a failure told to every seat by its class alone, and version 2's worlds:
// sampled from the seat's view only, bounded, and version 1 unchanged.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "bots/external.h"
#include "core/match.h"
#include "core/narration.h"
#include "core/rng.h"
#include "core/variant.h"
#include "table/table.h"
#include "temp_dir.h"

namespace turf {
namespace {

std::string source(const std::string& rel) {
  return std::string(TURF_SOURCE_DIR) + "/" + rel;
}

std::string py(const std::string& script, const std::string& args = "") {
  return "/usr/bin/python3 " + source(script) + (args.empty() ? "" : " " + args);
}

// A file name of this test process (tests run side by side: ctest -j).
std::string temp_path(const std::string& name) {
  static const test_files::TempDir dir("turf-protocol-test");
  return dir.file(name);
}

std::vector<nlohmann::json> read_lines(const std::string& path) {
  std::vector<nlohmann::json> out;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(nlohmann::json::parse(line));
  return out;
}

struct Run {
  std::unique_ptr<table::Table> table;
  std::vector<std::string> log;
};

// A match of bots and programs at the table, played to its end as turf play, arena and serve
// play it (Table::play_bot); the programs' log lines are kept.
Run play_table(const std::string& game_id, const std::vector<std::string>& specs,
               table::BotLimits limits = table::BotLimits::cli(), std::uint64_t seed = 5) {
  const GameInfo& g = Registry::instance().find(game_id);
  std::vector<SeatInfo> seats;
  for (std::size_t s = 0; s < specs.size(); ++s)
    seats.push_back({specs[s], "S" + std::to_string(s)});
  Run run;
  auto log = std::make_shared<std::vector<std::string>>();
  table::TableConfig config{limits, table::SeedRule::kFromMatch,
                            [log](const std::string& line) { log->push_back(line); }};
  run.table = std::make_unique<table::Table>(
      Match(g, g.resolve({{"players", std::to_string(specs.size())}}), seed, seats), config);
  for (int guard = 0; !run.table->over() && guard < 100000; ++guard) run.table->play_bot();
  run.table->close();
  run.log = *log;
  return run;
}

// ---------------------------------------------------------------------------------------------
// decide: the step, its pass, forced

TEST(ExternalDecide, TellsTheStepItsPassAndWhetherItIsForcedInEveryGame) {
  int forced = 0;  // in all games: most games take a step with one option by themselves
  for (const auto& g : Registry::instance().games()) {
    SCOPED_TRACE(g->id);
    const std::string transcript = temp_path(g->id + "-decide.jsonl");
    const auto run =
        play_table(g->id, {"random", "ext:" + py("tests/external/recording_bot.py", transcript)});
    ASSERT_TRUE(run.table->over());
    EXPECT_TRUE(run.log.empty()) << run.log.front();
    int passes = 0, decides = 0;
    for (const auto& msg : read_lines(transcript)) {
      if (msg["type"] != "decide") continue;
      ++decides;
      // The view is the seat's own (tested elsewhere); the step is what the engine says of it.
      const auto& legal = msg["view"]["legal"];
      EXPECT_EQ(msg["forced"], legal.size() == 1);
      forced += msg["forced"].get<bool>();
      ASSERT_TRUE(msg["step"]["name"].is_string());
      EXPECT_NE(msg["step"]["name"], "decision");
      if (!msg["step"]["pass"].is_null()) {
        ++passes;
        bool found = false;
        for (const auto& a : legal) found |= a["id"] == msg["step"]["pass"];
        EXPECT_TRUE(found) << msg["step"].dump();
      }
    }
    EXPECT_GT(decides, 5);
    EXPECT_GT(passes, 0);
  }
  EXPECT_GT(forced, 0);
}

// A program that said ready at once is ready, however long after its start the first decision
// comes (a person thinking first at the server, a table of bots waiting for a watcher): its ready
// waits in the pipe. The allowances are tiny here, and passed before the first decision.
TEST(ExternalDecide, AReadyThatWaitsInThePipeIsReadAtTheFirstDecision) {
  const std::string transcript = temp_path("late.jsonl");
  const std::string answered = temp_path("late.answered");
  std::filesystem::remove(transcript);
  std::filesystem::remove(answered);
  // recording_bot.py, told to mark a file once its ready is written: the test waits for that
  // state, never for a time.
  const GameInfo& g = Registry::instance().find("dungeon");
  ExternalConfig c = parse_external_spec(
      "ext:" + py("tests/external/recording_bot.py", transcript + " " + answered));
  // Allowances so tiny that they always pass before the program even runs.
  c.start_seconds = 1e-6;
  c.decision_seconds = 1e-6;
  std::vector<std::string> log;
  c.log = [&](const std::string& l) { log.push_back(l); };
  const auto constructed = std::chrono::steady_clock::now();
  ExternalAgent agent({&g, g.resolve({}), 0, {"A", "B"}}, c);
  // The hello fits the pipe: it is written even when starting the program took longer than the
  // allowance (as on a loaded machine).
  EXPECT_FALSE(agent.failed()) << agent.failure();
  // The program has read its hello and written its ready.
  for (int i = 0; i < 3000 && !std::filesystem::exists(answered); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_TRUE(std::filesystem::exists(answered));
  // The allowance has long passed; the end (it fits the pipe too) is written all the same.
  ASSERT_GT(std::chrono::steady_clock::now() - constructed, std::chrono::microseconds(1));
  // The end asks for the ready first, like a decision, and needs no answer itself.
  const Match m(g, g.resolve({}), 2, {{"ext", "A"}, {"random", "B"}});
  agent.finish(m.view(0), {{"aborted", "test"}});
  EXPECT_FALSE(agent.failed()) << agent.failure();
  EXPECT_TRUE(log.empty()) << log.front();
  const auto told = read_lines(transcript);
  ASSERT_EQ(told.size(), 2u);
  EXPECT_EQ(told.front()["type"], "hello");
  EXPECT_EQ(told.back()["type"], "end");
}

// A program at a variant's table reads the variant's card texts in its hello, as the table's
// players read them.
TEST(ExternalHello, AVariantsCardsAreTheOnesTold) {
  const std::string transcript = temp_path("variant.jsonl");
  std::filesystem::remove(transcript);
  const GameInfo& g = Registry::instance().find("turfwars");
  const Options options = g.resolve(
      {{"variant", variant_option_text(
                       {"lure3", nlohmann::json::parse(
                                     R"({"factions": {"sirens": {"text": "Lures three."}}})")})}});
  ExternalConfig c =
      parse_external_spec("ext:" + py("tests/external/recording_bot.py", transcript));
  ExternalAgent agent({&g, options, 0, {"A", "B"}}, c);
  for (int i = 0; i < 3000 && read_lines(transcript).empty(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const auto told = read_lines(transcript);
  ASSERT_FALSE(told.empty());
  EXPECT_EQ(told.front()["cards"], g.cards_for(options));
  int sirens = 0;
  for (const auto& card : told.front()["cards"])
    if (card["id"] == "sirens") sirens += card["text"] == "Lures three.";
  EXPECT_EQ(sirens, 1);
}

// ---------------------------------------------------------------------------------------------
// Failure lines: the protocol's numbers

TEST(ExternalLog, FailureLinesCountSeatsAndMovesAsTheProtocolDoes) {
  // It plays two decisions, then hangs at its third.
  const auto run = play_table(
      "dungeon",
      {"random", "ext:" + py("tests/external/hostile_bot.py", "hang 2") + ",time=400ms"});
  ASSERT_FALSE(run.log.empty());
  // Seat 1 as hello.seat says, the decision as decide.decision, the move as decide.move (the
  // number of actions before it): replayed here from the record.
  const Match& m = run.table->match();
  int decision = 0, move = -1;
  for (std::size_t i = 0; i < m.history().size(); ++i)
    if (m.history()[i].seat == 1 && ++decision == 3) move = static_cast<int>(i);
  ASSERT_GE(move, 0);
  const std::string expected =
      "seat 1 (S1): no answer within 400 ms at its decision 3 (move " + std::to_string(move) + ")";
  EXPECT_EQ(run.log.front().rfind(expected, 0), 0u) << run.log.front() << "\nexpected " << expected;
}

// ---------------------------------------------------------------------------------------------
// No byte of a program reaches a terminal, a log or another player raw

// What must never appear: terminal controls (ESC, BEL, DEL, BS, the 8-bit CSI, U+009B), bytes
// that are not UTF-8, bidi embeddings, overrides, isolates and marks, zero-width characters.
const char* const kForbidden[] = {
    "\x1b",         "\x07",         "\x7f",         "\x08",         "\x9b",
    "\xff",         "\xfe",         "\xc0",         "\xc2\x9b",     "\xe2\x80\xaa",
    "\xe2\x80\xab", "\xe2\x80\xac", "\xe2\x80\xad", "\xe2\x80\xae", "\xe2\x81\xa6",
    "\xe2\x81\xa7", "\xe2\x81\xa8", "\xe2\x81\xa9", "\xe2\x80\x8e", "\xe2\x80\x8f",
    "\xd8\x9c",     "\xe2\x80\x8b", "\xe2\x80\x8c", "\xe2\x80\x8d", "\xef\xbb\xbf"};

void expect_clean(const std::string& text, const std::string& what) {
  for (const char* bad : kForbidden)
    EXPECT_EQ(text.find(bad), std::string::npos)
        << what << " holds the bytes of '" << nlohmann::json(std::string(bad)).dump() << "'";
  for (const char c : text) EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20 && c != '\n') << what;
}

TEST(ExternalLog, NoByteOfAProgramReachesALogRaw) {
  for (const char* mode : {"dirty_stdout", "dirty_stderr"}) {
    SCOPED_TRACE(mode);
    const std::string file = temp_path(std::string(mode) + ".stderr");
    std::filesystem::remove(file);
    const auto run = play_table(
        "dungeon", {"ext:" + py("tests/external/hostile_bot.py", std::string(mode) + " 1") +
                        ",time=500ms,stderr=" + file,
                    "random"});
    ASSERT_GE(run.log.size(), 1u);
    std::string all;
    for (const auto& l : run.log) all += l + "\n";
    expect_clean(all, "the log");
    // What is around the dropped bytes is still shown (the line is not just emptied).
    EXPECT_NE(all.find(std::string(mode) == "dirty_stdout" ? "'?31m ?? ??" : "stderr: dirty"),
              std::string::npos)
        << all;
    if (std::string(mode) == "dirty_stderr") {
      std::ifstream in(file);
      const std::string saved((std::istreambuf_iterator<char>(in)), {});
      expect_clean(saved, "the stderr file");
      EXPECT_NE(saved.find("[seat 0] dirty ?31m end"), std::string::npos) << saved;
    }
    // Every seat's story: the takeover line the table tells, and nothing of the program's.
    for (const Seat viewer : {Seat{0}, Seat{1}, kSpectator})
      for (const auto& step : run.table->story(viewer).steps())
        for (const auto& n : step) expect_clean(n.to_json().dump(), "a narration line");
  }
}

// The real command line: `turf arena`'s stderr, which is a terminal for whoever runs it.
TEST(ExternalLog, NoByteOfAProgramReachesTurfsStderrRaw) {
  for (const char* mode : {"dirty_stdout", "dirty_stderr"}) {
    SCOPED_TRACE(mode);
    const std::string out = temp_path(std::string(mode) + ".arena");
    const std::string command = std::string(TURF_BIN) + " arena dungeon --games 2 --seed 3 " +
                                "--agents 'ext:" + py("tests/external/hostile_bot.py", mode) +
                                ",time=500ms,random' >/dev/null 2>" + out;
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    std::ifstream in(out);
    const std::string text((std::istreambuf_iterator<char>(in)), {});
    EXPECT_NE(text.find("turf: seat "), std::string::npos) << text;
    expect_clean(text, "turf's stderr");
  }
}

// The sanitiser itself, each kind of byte sequence.
TEST(ExternalLog, TheOneSanitiserDropsOrMarksEveryDangerousSequence) {
  EXPECT_EQ(sanitize_text("a\x9b"
                          "31mb",
                          100),
            "a?31mb");
  EXPECT_EQ(sanitize_text("\xff\xfe", 100), "??");
  EXPECT_EQ(sanitize_text("\xc0\xaf", 100), "??");                  // an overlong '/'
  EXPECT_EQ(sanitize_text("\xed\xa0\x80", 100), "???");             // a surrogate
  EXPECT_EQ(sanitize_text("\xe2\x80", 100), "??");                  // a cut sequence
  EXPECT_EQ(sanitize_text("x\xe2\x80\xaey", 100), "xy");            // U+202E
  EXPECT_EQ(sanitize_text("\xe2\x81\xa6z\xe2\x81\xa9", 100), "z");  // isolates
  EXPECT_EQ(sanitize_text("\xe2\x80\x8f\xd8\x9c\xef\xbb\xbf", 100), "");
  EXPECT_EQ(sanitize_text("\xc2\x9b"
                          "2J\x1b[2J\x07",
                          100),
            "2J[2J");
  EXPECT_EQ(sanitize_text("a\tb", 100), "a b");
  EXPECT_EQ(sanitize_text("Zo\xc3\xab \xe6\x9d\x8e", 100), "Zo\xc3\xab \xe6\x9d\x8e");  // kept
  EXPECT_EQ(sanitize_text("\xe6\x9d\x8e\xe6\x9d\x8e", 4), "\xe6\x9d\x8e");              // cut whole
  EXPECT_EQ(sanitize_text("a\x1b"
                          "b",
                          100, "?"),
            "a?b");
}

// ---------------------------------------------------------------------------------------------
// Programs an operator names: no shell

TEST(ExternalNamed, CommandsAreSplitIntoWordsWithoutAShell) {
  EXPECT_EQ(split_command("python3  'my bot.py' --x \"a \\\"b\\\"\" c\\ d"),
            (std::vector<std::string>{"python3", "my bot.py", "--x", "a \"b\"", "c d"}));
  EXPECT_EQ(split_command("bot ; touch x > y $(id)"),
            (std::vector<std::string>{"bot", ";", "touch", "x", ">", "y", "$(id)"}));
  EXPECT_THROW(split_command("bot 'open"), Error);
  EXPECT_THROW(split_command("   "), Error);
  const auto p = parse_named_program("mc=python3 " + source("examples/bots/mc_bot.py"));
  EXPECT_EQ(p.name, "mc");
  EXPECT_EQ(p.argv.front().front(), '/');  // found on PATH, made absolute
  EXPECT_EQ(p.argv.back(), source("examples/bots/mc_bot.py"));
  for (const char* bad : {"=python3", "My Bot=python3", "x=", "x=/nonexistent/bot",
                          "x=no-such-program-anywhere", "x=/tmp"})
    EXPECT_THROW(parse_named_program(bad), Error) << bad;
}

TEST(ExternalNamed, ANamedProgramRunsAsItsWordsAndItsNameIsAllATableGives) {
  const std::string marker = temp_path("shell-ran");
  std::filesystem::remove(marker);
  // A command whose words a shell would run as two commands, the second writing the marker.
  auto programs = std::make_shared<std::vector<NamedProgram>>();
  programs->push_back(parse_named_program(
      "rnd=/usr/bin/python3 " + source("examples/bots/random_bot.py") + " ; touch " + marker));
  programs->push_back(
      parse_named_program("plain=/usr/bin/python3 " + source("examples/bots/random_bot.py")));
  const auto limits = table::BotLimits::server(programs);
  // The random bot ignores the extra words; nothing runs them.
  const auto run = play_table("yard", {"ext:plain", "ext:rnd"}, limits);
  EXPECT_TRUE(run.table->over());
  EXPECT_FALSE(std::filesystem::exists(marker));
  // A table names a program, never a command: anything else is refused, with a "did you mean".
  const GameInfo& yard = Registry::instance().find("yard");
  EXPECT_NO_THROW(table::plan_seat(yard, "ext:plain,time=2s", limits));
  for (const std::string& bad :
       std::vector<std::string>{"ext:touch " + marker, "ext:id > " + marker, "ext:/bin/sh",
                                "ext:plain; touch " + marker})
    EXPECT_THROW(table::plan_seat(yard, bad, limits), Error) << bad;
  try {
    table::plan_seat(yard, "ext:plian", limits);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'plain'"), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find("python3"), std::string::npos) << "no command shown";
  }
  EXPECT_FALSE(std::filesystem::exists(marker));
  // A name no longer offered (a table from storage): the seat's fallback plays.
  const auto gone = play_table("dungeon", {"ext:vanished", "random"},
                               table::BotLimits::server(std::make_shared<std::vector<NamedProgram>>(
                                   std::vector<NamedProgram>{(*programs)[1]})));
  EXPECT_TRUE(gone.table->over());
  ASSERT_FALSE(gone.log.empty());
  EXPECT_NE(gone.log.front().find("no longer offers a program named 'vanished'"), std::string::npos)
      << gone.log.front();
}

// ---------------------------------------------------------------------------------------------
// A failure is told to every seat, by its class only

TEST(ExternalTakeover, EverySeatIsToldByTheFailuresClassNeverItsWords) {
  // The program writes its whole view back where its action belongs: the failure's text quotes
  // it (for the operator's log), the seats are told only that it broke the protocol.
  const auto run =
      play_table("dungeon", {"random", "ext:" + py("tests/external/hostile_bot.py", "echo_view 2") +
                                           ",time=2s,fallback=normal"});
  ASSERT_FALSE(run.log.empty());
  EXPECT_NE(run.log.front().find("{\"seen\""), std::string::npos) << run.log.front();
  const Match& m = run.table->match();
  int decision = 0, move = -1;
  for (std::size_t i = 0; i < m.history().size(); ++i)
    if (m.history()[i].seat == 1 && ++decision == 3) move = static_cast<int>(i);
  ASSERT_GE(move, 0);
  for (const Seat viewer : {Seat{0}, Seat{1}, kSpectator, kOmniscient}) {
    const auto& steps = run.table->story(viewer).steps();
    int told = 0;
    for (std::size_t i = 0; i < steps.size(); ++i)
      for (const auto& n : steps[i]) {
        if (n.kind != "bot_takeover") continue;
        ++told;
        EXPECT_EQ(static_cast<int>(i), move) << "told with the first move the bot plays";
        EXPECT_EQ(n.seats, std::vector<Seat>{1});
        EXPECT_EQ(n.data, (nlohmann::json{{"reason", "protocol"}, {"fallback", "normal"}}));
        EXPECT_EQ(n.text,
                  "{P2}'s program broke the protocol: the normal bot plays for {P2} from now on.");
      }
    EXPECT_EQ(told, 1) << viewer_name(viewer);
  }
}

// ---------------------------------------------------------------------------------------------
// Version 2: worlds from the seat's own view

// A position of a seeded random game where the mover's view hides something, and a second true
// state that looks the same from the mover's seat but differs in what is hidden from it.
struct TwoTruths {
  std::unique_ptr<State> a, b;
  Seat seat = 0;
};

TwoTruths two_truths(const GameInfo& g, int players, std::uint64_t seed) {
  std::vector<Action> legal;
  for (std::uint64_t k = 0;; ++k) {
    auto s = g.create(g.resolve({{"players", std::to_string(players)}}), seed + k);
    Rng rng(seed + k);
    const int stop = 10 + static_cast<int>((seed + k) % 23);
    for (int i = 0; i < stop && !s->terminal(); ++i) {
      s->legal_actions(legal);
      s->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    if (s->terminal()) continue;
    s->legal_actions(legal);
    const Seat me = s->to_move();
    const View v = s->view(me);
    if (legal.size() < 2 || !v.ambiguous()) continue;
    Rng r(99);
    for (int t = 0; t < 64; ++t) {
      auto w = v.sample_world(r);
      if (w->view(kOmniscient).to_json() != s->view(kOmniscient).to_json() &&
          w->view(me).to_json() == v.to_json())
        return {std::move(s), std::move(w), me};
    }
  }
}

std::vector<nlohmann::json> search_from(const GameInfo& g, const State& truth, Seat seat,
                                        const std::string& file) {
  std::filesystem::remove(file);
  ExternalConfig c =
      parse_external_spec("ext:" + py("tests/external/search_bot.py", "record " + file + " 6"));
  c.seed = 1234;  // the agent's own seed (from the OS at the server): the same for both truths
  std::vector<std::string> names;
  for (int s = 0; s < truth.num_seats(); ++s) names.push_back("P" + std::to_string(s));
  ExternalAgent agent(
      {&g, g.resolve({{"players", std::to_string(truth.num_seats())}}), seat, names}, c);
  const View v = truth.view(seat, true);
  const Action a = agent.choose(v);
  EXPECT_FALSE(agent.failed()) << agent.failure();
  EXPECT_EQ(a, v.legal().front().id);
  agent.finish(v, {{"aborted", "test"}});
  auto lines = read_lines(file);
  if (!lines.empty()) lines.erase(lines.begin());  // the hello
  return lines;
}

TEST(ExternalSearch, WorldsComeFromTheSeatsViewAloneInEveryGame) {
  for (const auto& g : Registry::instance().games()) {
    SCOPED_TRACE(g->id);
    const int players = std::min(3, g->max_players);
    const TwoTruths t = two_truths(*g, players, 40);
    const auto from_a = search_from(*g, *t.a, t.seat, temp_path(g->id + "-a.jsonl"));
    const auto from_b = search_from(*g, *t.b, t.seat, temp_path(g->id + "-b.jsonl"));
    // 6 worlds, a play, two rollouts, 6 drops.
    ASSERT_EQ(from_a.size(), 15u);
    // The same answers, world for world, whatever the hidden truth: nothing of it gets through.
    EXPECT_EQ(from_a, from_b);
    // Each world is the seat's view with everything hidden dealt anew: the worlds differ.
    std::set<std::string> distinct;
    for (int i = 0; i < 6; ++i) {
      const auto& w = from_a[static_cast<std::size_t>(i)];
      ASSERT_EQ(w["type"], "world") << w.dump();
      EXPECT_EQ(w["move"], t.a->move_number());
      EXPECT_EQ(w["to_move"], t.seat);
      distinct.insert(w["view"].dump());
    }
    EXPECT_GE(distinct.size(), 2u);
    EXPECT_EQ(from_a[6]["type"], "world");
    EXPECT_EQ(from_a[6]["move"], t.a->move_number() + 1);
    ASSERT_EQ(from_a[7]["type"], "outcomes");
    ASSERT_EQ(from_a[7]["outcomes"].size(), 3u);
    for (const auto& o : from_a[7]["outcomes"]) {
      EXPECT_TRUE(o["terminal"].get<bool>());
      EXPECT_EQ(o["ranking"].size(), static_cast<std::size_t>(players));
    }
    for (const auto& o : from_a[8]["outcomes"]) {
      EXPECT_LE(o["moves"].get<int>(), 3);
      if (!o["terminal"].get<bool>()) {
        EXPECT_EQ(o["estimate"].size(), static_cast<std::size_t>(players));
      }
    }
    EXPECT_EQ(from_a[14]["type"], "dropped");
  }
}

// Another seed of the agent (another decision, another server) gives other worlds: the worlds
// are drawn, not fixed by the view.
TEST(ExternalSearch, TheAgentsOwnSeedDrawsTheWorlds) {
  const GameInfo& g = Registry::instance().find("dungeon");
  const TwoTruths t = two_truths(g, 2, 70);
  const auto first = search_from(g, *t.a, t.seat, temp_path("seed-a.jsonl"));
  std::filesystem::remove(temp_path("seed-b.jsonl"));
  ExternalConfig c = parse_external_spec(
      "ext:" + py("tests/external/search_bot.py", "record " + temp_path("seed-b.jsonl") + " 6"));
  c.seed = 4321;
  ExternalAgent agent({&g, g.resolve({}), t.seat, {"A", "B"}}, c);
  agent.choose(t.a->view(t.seat, true));
  agent.finish(t.a->view(t.seat), {{"aborted", "test"}});
  auto second = read_lines(temp_path("seed-b.jsonl"));
  second.erase(second.begin());
  ASSERT_EQ(first.size(), second.size());
  EXPECT_NE(first[0]["view"], second[0]["view"]);
}

TEST(ExternalSearch, RequestsAndWorldsAreBoundedAndRefusalsSayWhy) {
  const std::string file = temp_path("caps.jsonl");
  std::filesystem::remove(file);
  const GameInfo& g = Registry::instance().find("dungeon");
  ExternalConfig c =
      parse_external_spec("ext:" + py("tests/external/search_bot.py", "caps " + file));
  c.max_requests = 200;
  c.max_worlds = 5;
  c.max_rollouts = 4;
  std::vector<std::string> log;
  c.log = [&](const std::string& l) { log.push_back(l); };
  Match m(g, g.resolve({}), 8, {{"ext", "A"}, {"random", "B"}});
  ExternalAgent agent({&g, m.options(), 0, {"A", "B"}}, c);
  auto other = make_bot("random", 2);
  while (!m.over()) {
    const Seat s = m.state().to_move();
    m.apply(s == 0 ? agent.choose(m.view(0, true)) : other->choose(m.view(1, false)));
  }
  agent.finish(m.view(0), m.result());
  EXPECT_FALSE(agent.failed()) << agent.failure();
  const auto lines = read_lines(file);
  ASSERT_GT(lines.size(), 10u);
  EXPECT_EQ(lines[0]["versions"], (nlohmann::json{1, 2}));
  EXPECT_EQ(lines[0]["limits"]["requests"], 200);
  EXPECT_EQ(lines[0]["limits"]["worlds"], 5);
  std::vector<std::string> why;
  for (std::size_t i = 1; i < lines.size(); ++i)
    why.push_back(lines[i]["type"] == "refused" ? lines[i]["why"].get<std::string>()
                                                : lines[i]["type"].get<std::string>());
  const auto has = [&](std::size_t i, const std::string& text) {
    ASSERT_LT(i, why.size());
    EXPECT_NE(why[i].find(text), std::string::npos) << i << ": " << why[i];
  };
  for (std::size_t i = 0; i < 5; ++i) has(i, "world");
  has(5, "at most 5 worlds at once");
  has(6, "must be the handle of a world");
  has(7, "actions[0] is not legal");
  has(8, "must be an array");
  has(9, "\"count\" must be 1 to 4");
  has(10, "\"count\" must be 1 to 4");
  has(11, "another decision");
  has(12, "dropped");
  has(13, "world");  // a fork, now that there is room
  EXPECT_NE(why.back().find("at most 200 requests a decision"), std::string::npos) << why.back();
  // 14 answers (one refused for naming another decision, which is not counted), then unknown
  // worlds up to the 200th request, then the refusal.
  EXPECT_EQ(why.size(), 14u + 187u + 1u);
}

// Version 1 is unchanged: a request is not an action.
TEST(ExternalSearch, VersionOneKnowsNoRequests) {
  const auto run = play_table(
      "dungeon",
      {"ext:" + py("tests/external/search_bot.py", "v1 " + temp_path("v1.jsonl")), "random"});
  ASSERT_FALSE(run.log.empty());
  EXPECT_NE(run.log.front().find("expected a message of type 'action'"), std::string::npos)
      << run.log.front();
  EXPECT_EQ(run.log.front().find("or a request"), std::string::npos);
  EXPECT_TRUE(run.table->over());
}

// The example bot of version 2 plays every game to its end without a failure.
TEST(ExternalSearch, TheMonteCarloExamplePlaysEveryGame) {
  for (const auto& g : Registry::instance().games()) {
    SCOPED_TRACE(g->id);
    const auto run = play_table(
        g->id,
        {"ext:" + py("examples/bots/mc_bot.py", "--seed 1 --share 0.001 --rollouts 1 --depth 40"),
         "random"});
    EXPECT_TRUE(run.table->over());
    EXPECT_TRUE(run.log.empty()) << run.log.front();
  }
}

}  // namespace
}  // namespace turf
