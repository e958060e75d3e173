// External bots (bots/external.h, docs/bots.md): real programs on real pipes, no mocks. The
// example bots play every game; hostile bots (tests/external/hostile_bot.py) break the protocol
// one way each and get the documented consequence; after every test no process of theirs is
// left (checked in /proc: their process group, this process's children, their grandchildren).
#include <dirent.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "bots/external.h"
#include "core/match.h"
#include "core/narration.h"
#include "proc_files.h"
#include "table/table.h"
#include "temp_dir.h"

namespace turf {
namespace {

using Clock = std::chrono::steady_clock;

std::string source(const std::string& rel) {
  return std::string(TURF_SOURCE_DIR) + "/" + rel;
}

std::string python(const std::string& script) {
  return "/usr/bin/python3 " + source(script);
}

std::string hostile(const std::string& mode, int after = 0, const std::string& pidfile = "") {
  return python("tests/external/hostile_bot.py") + " " + mode + " " + std::to_string(after) +
         (pidfile.empty() ? "" : " " + pidfile);
}

using ProcInfo = procfs::ProcStat;
using procfs::all_processes;

// Processes (zombies included) in process group pgid, or children of this process.
std::vector<ProcInfo> leftovers(int pgid) {
  std::vector<ProcInfo> out;
  for (const auto& p : all_processes())
    if ((pgid > 0 && p.pgid == pgid) || p.ppid == getpid()) out.push_back(p);
  return out;
}

bool gone(int pid) {
  for (const auto& p : all_processes())
    if (p.pid == pid) return false;
  return true;
}

std::string describe(const std::vector<ProcInfo>& ps) {
  std::string s;
  for (const auto& p : ps)
    s += "pid " + std::to_string(p.pid) + " ppid " + std::to_string(p.ppid) + " pgid " +
         std::to_string(p.pgid) + " state " + p.state + "; ";
  return s;
}

// Waits (bounded) until nothing of the group is left.
void expect_nothing_left(int pgid, double seconds = 60) {
  const auto until = Clock::now() + std::chrono::milliseconds(static_cast<int>(seconds * 1000));
  std::vector<ProcInfo> left;
  while (!(left = leftovers(pgid)).empty() && Clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_TRUE(left.empty()) << describe(left);
}

std::vector<int> read_pids(const std::string& path, double seconds = 60) {
  const auto until = Clock::now() + std::chrono::milliseconds(static_cast<int>(seconds * 1000));
  while (Clock::now() < until) {
    std::ifstream f(path);
    std::vector<int> v;
    int x;
    while (f >> x) v.push_back(x);
    if (v.size() >= 2) return v;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return {};
}

std::string temp_path(const std::string& name) {
  static const test_files::TempDir dir("turf-external-test");
  return dir.file(name);
}

struct Played {
  std::unique_ptr<Match> match;
  std::vector<std::string> log;
  int pid = 0;  // the program's, at the start
  bool failed = false;
  std::string failure;
  bool aborted = false;
  std::string abort_text;
  int decisions = 0;  // asked of the external seat
};

// A match with the program in seat `seat` and random bots elsewhere, run like the table runs
// seats: labelled views, the seat's narration before each decision and at the end.
Played play(const std::string& game_id, const std::string& spec, int players = 2, Seat seat = 0,
            std::uint64_t seed = 11, const std::function<void(ExternalConfig&)>& tweak = {},
            const std::function<void(ExternalAgent&, Match&)>& each_turn = {}) {
  const GameInfo& game = Registry::instance().find(game_id);
  const Options options = game.resolve({{"players", std::to_string(players)}});
  std::vector<SeatInfo> seats;
  std::vector<std::string> names;
  for (int s = 0; s < players; ++s) {
    seats.push_back(
        {s == seat ? spec : "random", s == seat ? "Prog" : "Rand " + std::to_string(s)});
    names.push_back(seats.back().name);
  }
  Played out;
  out.match = std::make_unique<Match>(game, options, seed, seats);
  Match& m = *out.match;
  ExternalConfig config = parse_external_spec(spec);
  config.log = [&out](const std::string& line) { out.log.push_back(line); };
  if (tweak) tweak(config);
  std::vector<std::unique_ptr<Agent>> others;
  for (int s = 0; s < players; ++s) others.push_back(make_bot("random", mix_seed(seed, s + 1)));
  {
    ExternalAgent agent({&game, options, seat, names}, config);
    out.pid = agent.pid();
    std::vector<Narration> story;
    View before = m.view(seat, false);
    try {
      for (int guard = 0; !m.over() && guard <= m.state().length_bound(); ++guard) {
        const Seat s = m.state().to_move();
        Action a;
        if (s == seat) {
          if (each_turn) each_turn(agent, m);
          agent.observe(story);
          story.clear();
          ++out.decisions;
          a = agent.choose(m.view(s, true));
        } else {
          a = others[static_cast<std::size_t>(s)]->choose(m.view(s, false));
        }
        NarratedAction act{s, s == seat ? m.state().label_of(a) : m.state().public_label_of(a),
                           static_cast<int>(m.history().size())};
        m.apply(a);
        View after = m.view(seat, false);
        for (auto& n : narrate_step(before, act, after)) story.push_back(std::move(n));
        before = std::move(after);
      }
      agent.observe(story);
      agent.finish(m.view(seat), match_result_json(m));
    } catch (const ExternalBotFailure& e) {
      out.aborted = true;
      out.abort_text = e.what();
      agent.finish(m.view(seat), {{"aborted", e.what()}});
    }
    out.failed = agent.failed();
    out.failure = agent.failure();
  }
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

// The record of what was played replays to the same match (the failure changed nothing).
void expect_record_valid(const Match& m) {
  const Match again = Match::from_record(nlohmann::json::parse(m.record().dump()));
  EXPECT_EQ(again.history().size(), m.history().size());
  EXPECT_TRUE(again.state().equals(m.state()));
}

// ---------------------------------------------------------------------------------------------
// Specs

TEST(ExternalSpec, ParsesCommandAndSettings) {
  const auto c = parse_external_spec(
      "ext:python3 bot.py --depth 3,time=250ms,on_error=abort,fallback=normal,stderr=/tmp/b.log");
  EXPECT_EQ(c.command, "python3 bot.py --depth 3");
  EXPECT_DOUBLE_EQ(c.decision_seconds, 0.25);
  EXPECT_EQ(c.on_error, OnBotError::kAbort);
  EXPECT_EQ(c.fallback, "normal");
  EXPECT_EQ(c.stderr_path, "/tmp/b.log");
  const auto d = parse_external_spec("ext:./bot");
  EXPECT_EQ(d.command, "./bot");
  EXPECT_DOUBLE_EQ(d.decision_seconds, 10);
  EXPECT_EQ(d.on_error, OnBotError::kFallback);
  EXPECT_EQ(d.fallback, "greedy");
  EXPECT_TRUE(is_external_spec("ext:x"));
  EXPECT_FALSE(is_external_spec("greedy"));
}

TEST(ExternalSpec, RefusesBadSpecsClearly) {
  const auto message = [](const std::string& spec) {
    try {
      parse_external_spec(spec);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  EXPECT_NE(message("ext:").find("needs a command"), std::string::npos);
  EXPECT_NE(message("ext:bot,tme=1s").find("did you mean 'time'"), std::string::npos);
  EXPECT_NE(message("ext:bot,b").find("cannot hold a comma"), std::string::npos);
  EXPECT_NE(message("ext:bot,time=forever").find("must look like 1s"), std::string::npos);
  EXPECT_NE(message("ext:bot,on_error=ignore").find("fallback or abort"), std::string::npos);
  EXPECT_NE(message("ext:bot,fallback=mcts:iters=5").find("fallback must be one of"),
            std::string::npos);
  EXPECT_NE(message("ext:bot,fallback=ext:x").find("fallback must be one of"), std::string::npos);
}

// A record names its seats' agents; one that names a program is refused when it would be run
// (turf play --resume without --seats): only the command line starts programs.
TEST(ExternalSpec, RecordsNeverStartPrograms) {
  const GameInfo& game = Registry::instance().find("dungeon");
  Match m(game, game.resolve({}), 1, {{"ext:touch /tmp/pwned", "A"}, {"random", "B"}});
  try {
    table::Table t(Match::from_record(m.record()),
                   {table::BotLimits::record(), table::SeedRule::kFromMatch, {}});
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("never starts programs"), std::string::npos);
  }
}

// ---------------------------------------------------------------------------------------------
// The example bots, end to end

TEST(ExternalBot, RandomExamplePlaysEveryGameAtEveryEndOfThePlayerRange) {
  for (const auto& g : Registry::instance().games()) {
    for (int players : {g->min_players, g->max_players}) {
      SCOPED_TRACE(g->id + " players=" + std::to_string(players));
      const Seat seat = players - 1;
      const auto p = play(g->id, "ext:" + python("examples/bots/random_bot.py"), players, seat);
      EXPECT_FALSE(p.failed) << p.failure << "\n" << joined(p.log);
      EXPECT_TRUE(p.log.empty()) << joined(p.log);
      EXPECT_TRUE(p.match->over());
      EXPECT_GT(p.decisions, 0);
      expect_record_valid(*p.match);
      expect_nothing_left(p.pid);
    }
  }
}

TEST(ExternalBot, StrategyExamplePlaysEveryGame) {
  for (const auto& g : Registry::instance().games()) {
    for (int players : {g->min_players, g->max_players}) {
      SCOPED_TRACE(g->id + " players=" + std::to_string(players));
      const auto p = play(g->id, "ext:" + python("examples/bots/greedy_bot.py"), players, 0);
      EXPECT_FALSE(p.failed) << p.failure << "\n" << joined(p.log);
      EXPECT_TRUE(p.match->over());
      expect_record_valid(*p.match);
      expect_nothing_left(p.pid);
    }
  }
}

// What the program receives is exactly its seat's view, its seat's narration and the result:
// the recording bot writes every message it gets; each is compared with the engine's own.
TEST(ExternalBot, MessagesCarryTheSeatsViewNarrationAndResult) {
  for (const auto& g : Registry::instance().games()) {
    SCOPED_TRACE(g->id);
    const std::string transcript = temp_path(g->id + ".jsonl");
    std::filesystem::remove(transcript);
    const int players = std::min(3, g->max_players);
    const Seat seat = 1;
    std::vector<nlohmann::json> views;
    std::vector<std::vector<Narration>> told;
    // The narration the seat should get before each decision, computed independently.
    const auto p = play(
        g->id, "ext:" + python("tests/external/recording_bot.py") + " " + transcript, players, seat,
        5, {}, [&](ExternalAgent&, Match& m) { views.push_back(m.view(seat, true).to_json()); });
    ASSERT_FALSE(p.failed) << p.failure;
    const auto story = narrate_history(*p.match, seat);
    std::ifstream in(transcript);
    std::vector<nlohmann::json> msgs;
    for (std::string line; std::getline(in, line);) msgs.push_back(nlohmann::json::parse(line));
    ASSERT_EQ(msgs.size(), views.size() + 2);  // hello, the decisions, the end
    const auto& hello = msgs.front();
    EXPECT_EQ(hello["type"], "hello");
    EXPECT_EQ(hello["protocol"], "turf-bot");
    EXPECT_EQ(hello["version"], 1);
    EXPECT_EQ(hello["game"], g->id);
    EXPECT_EQ(hello["rules_version"], g->rules_version);
    EXPECT_EQ(hello["options"], nlohmann::json(p.match->options().values()));
    EXPECT_EQ(hello["seat"], seat);
    EXPECT_EQ(hello["names"].size(), static_cast<std::size_t>(players));
    EXPECT_EQ(hello["names"][1], "Prog");
    EXPECT_EQ(hello["time_ms"], 10000);
    if (g->cards) {
      EXPECT_EQ(hello["cards"], g->cards());
    }
    // Every narration line of the seat's story, in order, split over the decisions and the end.
    std::vector<nlohmann::json> expected_lines, got_lines;
    for (const auto& step : story)
      for (const auto& n : step) {
        auto j = n.to_json();
        j["said"] = render_narration(n.text, {"Rand 0", "Prog", "Rand 2"});
        expected_lines.push_back(j);
      }
    for (std::size_t i = 0; i < views.size(); ++i) {
      const auto& d = msgs[i + 1];
      EXPECT_EQ(d["type"], "decide");
      EXPECT_EQ(d["decision"], i + 1);
      EXPECT_EQ(d["view"], views[i]) << "decision " << i + 1;
      EXPECT_EQ(d["move"], views[i]["move_number"]);
      for (const auto& l : d["narration"]) got_lines.push_back(l);
    }
    const auto& end = msgs.back();
    EXPECT_EQ(end["type"], "end");
    EXPECT_EQ(end["reason"], "over");
    EXPECT_EQ(end["view"], p.match->view(seat).to_json());
    EXPECT_EQ(end["result"], match_result_json(*p.match));
    for (const auto& l : end["narration"]) got_lines.push_back(l);
    EXPECT_EQ(got_lines, expected_lines);
    expect_nothing_left(p.pid);
  }
}

// A compound command runs under /bin/sh as written (a simple one replaces the shell).
TEST(ExternalBot, CompoundCommandRunsUnderTheShell) {
  const auto p =
      play("yard",
           "ext:cd " + source("examples/bots") + " && X=1 /usr/bin/python3 random_bot.py --seed 4",
           2, 1);
  EXPECT_FALSE(p.failed) << p.failure;
  EXPECT_TRUE(p.match->over());
  expect_nothing_left(p.pid);
}

// A program constructed on a thread that has ended keeps running (the supervisor is forked by
// a long-lived thread: PR_SET_PDEATHSIG follows the forking thread).
TEST(ExternalBot, OutlivesTheThreadThatStartedIt) {
  const GameInfo& game = Registry::instance().find("dungeon");
  const Options options = game.resolve({});
  std::unique_ptr<ExternalAgent> agent;
  std::thread([&] {
    agent =
        make_external_agent({&game, options, 0, {"A", "B"}},
                            parse_external_spec("ext:" + python("examples/bots/random_bot.py")));
  }).join();
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  Match m(game, options, 3, {{"ext", "A"}, {"random", "B"}});
  auto other = make_bot("random", 1);
  while (!m.over()) {
    const Seat s = m.state().to_move();
    m.apply(s == 0 ? agent->choose(m.view(0, true)) : other->choose(m.view(1, false)));
  }
  EXPECT_FALSE(agent->failed()) << agent->failure();
  const int pid = agent->pid();
  agent->finish(m.view(0), match_result_json(m));
  agent.reset();
  expect_nothing_left(pid);
}

// ---------------------------------------------------------------------------------------------
// Hostile programs: each failure is named in the log, the fallback plays on (or the match is
// aborted under on_error=abort), the record replays, and nothing is left running.

struct Hostile {
  const char* mode;
  int after;
  const char* expect;  // in the failure text
};

class HostileBot : public ::testing::TestWithParam<Hostile> {};

TEST_P(HostileBot, GetsTheDocumentedConsequence) {
  const Hostile h = GetParam();
  const auto started = Clock::now();
  const auto p =
      play("dungeon", "ext:" + hostile(h.mode, h.after), 2, 0, 11, [](ExternalConfig& c) {
        c.decision_seconds = 0.5;
        c.start_seconds = 0.5;
        c.exit_seconds = 0.3;
      });
  const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
  EXPECT_TRUE(p.failed);
  EXPECT_NE(p.failure.find(h.expect), std::string::npos) << p.failure;
  ASSERT_FALSE(p.log.empty());
  EXPECT_NE(p.log[0].find("seat 0 (Prog)"), std::string::npos) << p.log[0];
  EXPECT_NE(p.log[0].find("the built-in bot 'greedy' plays this seat from now on"),
            std::string::npos)
      << p.log[0];
  EXPECT_FALSE(p.aborted);
  EXPECT_TRUE(p.match->over());  // the fallback finished the match
  EXPECT_GT(p.decisions, h.after);
  expect_record_valid(*p.match);
  expect_nothing_left(p.pid);
  EXPECT_LT(seconds, 15) << "bounded: one timeout, then the fallback";
}

INSTANTIATE_TEST_SUITE_P(
    Modes, HostileBot,
    ::testing::Values(Hostile{"crash_at_start", 0, "exited with status 3"},
                      Hostile{"crash", 3, "killed by signal 11 (SIGSEGV)"},
                      Hostile{"exit", 2, "exited with status 4"},
                      Hostile{"hang", 2, "no answer within 500 ms at its decision 3"},
                      Hostile{"silent_start", 0, "no answer within 500 ms before it said ready"},
                      Hostile{"garbage", 1, "'I resign, good game', which is not a JSON object"},
                      Hostile{"wrong_type", 0, "expected a message of type 'action'"},
                      Hostile{"illegal", 1, "answered id '987654'"},
                      Hostile{"wrong_decision", 3, "an answer to another decision"},
                      Hostile{"string_id", 0, "needs an integer \"id\""},
                      Hostile{"deep", 0, "which is not a JSON object"},
                      Hostile{"flood", 1, "more than 1024 KiB on stdout for one answer"},
                      Hostile{"huge_line", 0, "a line longer than 64 KiB"},
                      Hostile{"close_stdin", 0, "closed its standard input"},
                      Hostile{"close_stdout", 1, "closed its standard output"},
                      Hostile{"wrong_version", 0, "speaks protocol version 99"},
                      Hostile{"no_ready", 0, "expected a message of type 'ready'"},
                      Hostile{"unsolicited", 2, "when no answer was asked"},
                      Hostile{"ignore_term", 1, "no answer within 500 ms"}),
    [](const auto& info) { return std::string(info.param.mode); });

TEST(ExternalBot, AbortPolicyStopsTheMatchAndKeepsTheRecord) {
  const auto p = play("dungeon", "ext:" + hostile("illegal", 3) + ",on_error=abort", 2, 0, 11,
                      [](ExternalConfig& c) { c.exit_seconds = 0.3; });
  EXPECT_TRUE(p.aborted);
  EXPECT_NE(p.abort_text.find("the match is aborted"), std::string::npos) << p.abort_text;
  EXPECT_NE(p.abort_text.find("not one of the legal action ids"), std::string::npos);
  ASSERT_FALSE(p.log.empty());
  EXPECT_NE(p.log[0].find("the match is aborted"), std::string::npos);
  EXPECT_FALSE(p.match->over());
  EXPECT_EQ(p.decisions, 4);
  expect_record_valid(*p.match);  // every action before the failure, nothing of it
  expect_nothing_left(p.pid);
}

// The program's stderr never reaches the protocol: a bot that writes megabytes of it plays on,
// turf keeps a bounded tail, and the file asked for stops at its cap.
TEST(ExternalBot, StderrIsKeptApartAndBounded) {
  const std::string file = temp_path("stderr.log");
  std::filesystem::remove(file);
  const auto p = play("dungeon", "ext:" + hostile("stderr_flood", 1000) + ",stderr=" + file, 2, 0,
                      11, [](ExternalConfig& c) { c.stderr_file_cap = 200000; });
  EXPECT_FALSE(p.failed) << p.failure;
  EXPECT_TRUE(p.match->over());
  const auto size = std::filesystem::file_size(file);
  EXPECT_GT(size, 190000u);
  EXPECT_LT(size, 201000u);
  std::ifstream f(file);
  std::string first;
  std::getline(f, first);
  EXPECT_EQ(first.rfind("[seat 0] noise 1 ", 0), 0u) << first.substr(0, 40);
  expect_nothing_left(p.pid);
}

// The last lines of stderr go with the failure into the log.
TEST(ExternalBot, FailureLogCarriesTheProgramsLastWords) {
  const auto p = play("dungeon", "ext:" + hostile("crash", 2), 2, 0);
  ASSERT_GE(p.log.size(), 2u) << joined(p.log);
  EXPECT_NE(p.log[1].find("seat 0 stderr: hostile: crashing now"), std::string::npos)
      << joined(p.log);
}

// A slow program within its time is fine; past it, the fallback answers.
TEST(ExternalBot, DecisionTimeIsASetting) {
  const auto ok = play("dungeon", "ext:" + hostile("slow", 2) + ",time=5s", 2, 0);
  EXPECT_FALSE(ok.failed) << ok.failure;
  const auto late = play("dungeon", "ext:" + hostile("slow", 2) + ",time=600ms", 2, 0);
  EXPECT_TRUE(late.failed);
  EXPECT_NE(late.failure.find("no answer within 600 ms at its decision 3"), std::string::npos)
      << late.failure;
  expect_nothing_left(late.pid);
}

// What a program starts is stopped with it: a grandchild in its group, one that left the group
// for a session of its own, and a program that ignores SIGTERM.
TEST(ExternalBot, NoDescendantOutlivesTheMatch) {
  for (const char* mode : {"grandchild", "escape", "ignore_term", "linger"}) {
    SCOPED_TRACE(mode);
    const std::string pids = temp_path(std::string(mode) + ".pids");
    std::filesystem::remove(pids);
    const bool plays = std::string(mode) != "ignore_term";
    const auto started = Clock::now();
    const auto p = play("dungeon", "ext:" + hostile(mode, plays ? 100000 : 1, pids), 2, 0, 11,
                        [](ExternalConfig& c) {
                          c.decision_seconds = 1;
                          c.exit_seconds = 0.3;
                        });
    EXPECT_EQ(p.failed, !plays) << p.failure;
    const auto v = read_pids(pids, 10);
    ASSERT_GE(v.size(), 2u);
    EXPECT_EQ(v[0], v[1]) << "the program leads its own process group";
    expect_nothing_left(v[1]);
    if (v.size() > 2) {
      EXPECT_TRUE(gone(v[2])) << "grandchild " << v[2];
    }
    EXPECT_LT(std::chrono::duration<double>(Clock::now() - started).count(), 12);
  }
}

// kill_external_bots() (for signal handlers) kills every running program's group at once; the
// agent sees its program killed and the fallback plays on.
TEST(ExternalBot, KillFunctionForSignalHandlers) {
  const std::string pids = temp_path("killed.pids");
  std::filesystem::remove(pids);
  bool killed = false;
  const auto p = play("dungeon", "ext:" + hostile("grandchild", 100000, pids), 2, 0, 11, {},
                      [&](ExternalAgent&, Match& m) {
                        if (m.history().size() > 10 && !killed) {
                          kill_external_bots();
                          killed = true;
                        }
                      });
  EXPECT_TRUE(p.failed);
  EXPECT_NE(p.failure.find("killed by signal 9"), std::string::npos) << p.failure;
  const auto v = read_pids(pids, 10);
  ASSERT_EQ(v.size(), 3u);
  expect_nothing_left(v[1]);
  EXPECT_TRUE(gone(v[2]));
}

// ---------------------------------------------------------------------------------------------
// The death of turf itself (kill -9, Ctrl-C): the supervisor, told by PR_SET_PDEATHSIG, kills
// the program's group and what escaped it.

void turf_dies_and_nothing_is_left(int sig, const char* mode) {
  const std::string pids = temp_path(std::string("death-") + mode + ".pids");
  std::filesystem::remove(pids);
  // It plays two decisions, then waits with a process of its own while turf waits for it.
  const std::string agents = "ext:" + hostile(mode, 2, pids) + ",time=60s,random";
  const pid_t turf = fork();
  ASSERT_GE(turf, 0);
  if (turf == 0) {
    setpgid(0, 0);  // like a job of a shell: Ctrl-C reaches this group, not the test
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execl(TURF_BIN, TURF_BIN, "arena", "dungeon", "--agents", agents.c_str(), "--games", "1000",
          "--threads", "1", static_cast<char*>(nullptr));
    _exit(127);
  }
  const auto v = read_pids(pids);
  ASSERT_EQ(v.size(), 3u) << "the program did not report";
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  kill(sig == SIGINT ? -turf : turf, sig);  // Ctrl-C goes to the foreground group
  int status = 0;
  waitpid(turf, &status, 0);
  EXPECT_TRUE(WIFSIGNALED(status));
  const auto until = Clock::now() + std::chrono::seconds(60);  // a bound for a busy machine
  bool clean = false;
  while (!clean && Clock::now() < until) {
    clean = gone(v[2]);
    for (const auto& p : all_processes()) clean &= p.pgid != v[1];
    if (!clean) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(clean) << describe(leftovers(v[1])) << " grandchild " << v[2];
}

TEST(ExternalBot, NothingLeftWhenTurfIsKilled) {
  turf_dies_and_nothing_is_left(SIGKILL, "grandchild");
}
TEST(ExternalBot, NothingLeftAfterCtrlC) {
  turf_dies_and_nothing_is_left(SIGINT, "escape");
}

}  // namespace
}  // namespace turf
