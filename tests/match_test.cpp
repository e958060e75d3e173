// Match records: round trip, replay, resume, malformed input, undo points.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "bots/agent.h"
#include "core/match.h"
#include "games/dungeon/rules.h"
#include "temp_dir.h"

namespace turf {
namespace {

const GameInfo& dungeon() {
  return Registry::instance().find("dungeon");
}

Match played(std::uint64_t seed, int actions) {
  Match m(dungeon(), dungeon().resolve({}), seed, {{"random", "A"}, {"human", "B"}});
  Rng r(seed);
  std::vector<Action> legal;
  for (int i = 0; i < actions && !m.over(); ++i) {
    m.state().legal_actions(legal);
    m.apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return m;
}

std::string error_of(const nlohmann::json& record) {
  try {
    Match::from_record(record);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(Record, HoldsWhatTheIssueAsksFor) {
  const Match m = played(5, 1000);
  const auto r = m.record();
  EXPECT_EQ(r["format"], "turf-record");
  EXPECT_EQ(r["version"], 1);
  EXPECT_EQ(r["game"], "dungeon");
  EXPECT_EQ(r["rules_version"], dungeon().rules_version);
  EXPECT_EQ(r["options"]["tiles"], "standard");
  EXPECT_EQ(r["seed"], 5);
  EXPECT_EQ(r["seats"][0]["agent"], "random");
  EXPECT_EQ(r["seats"][1]["name"], "B");
  ASSERT_EQ(r["actions"].size(), m.history().size());
  EXPECT_TRUE(r["actions"][0].contains("time"));
  EXPECT_TRUE(r["actions"][0].contains("label"));
  EXPECT_TRUE(r["started"].is_string());
  EXPECT_TRUE(r["finished"].is_string());
  EXPECT_EQ(r["result"]["scores"].size(), 2u);
}

TEST(Record, ReplayReproducesEveryState) {
  const Match m = played(77, 1000);
  const Match back = Match::from_record(nlohmann::json::parse(m.record().dump()));
  ASSERT_EQ(back.history().size(), m.history().size());
  for (int i = 0; i <= static_cast<int>(m.history().size()); i += 7)
    EXPECT_TRUE(back.state_at(i)->equals(*m.state_at(i)));
  EXPECT_TRUE(back.state().equals(m.state()));
  EXPECT_EQ(back.record()["actions"], m.record()["actions"]);
}

TEST(Record, SaveAndResume) {
  const test_files::TempDir dir("turf-match-test");
  const auto path = dir.file("record.json");
  Match m = played(123, 20);
  ASSERT_FALSE(m.over());
  m.save(path);
  Match resumed = Match::load(path);
  EXPECT_TRUE(resumed.state().equals(m.state()));
  // Continue both the same way: they stay equal.
  std::vector<Action> legal;
  Rng r(9);
  while (!m.over()) {
    m.state().legal_actions(legal);
    const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
    m.apply(a);
    resumed.apply(a);
  }
  EXPECT_TRUE(resumed.state().equals(m.state()));
  std::remove(path.c_str());
}

TEST(Record, MalformedRecordsGiveClearErrors) {
  const auto good = played(1, 30).record();
  EXPECT_EQ(error_of(nlohmann::json::array()), "record must be a JSON object");
  auto r = good;
  r["format"] = "chess-pgn";
  EXPECT_NE(error_of(r).find("not a turf record"), std::string::npos);
  r = good;
  r["version"] = 99;
  EXPECT_NE(error_of(r).find("record version 99 is not supported"), std::string::npos);
  r = good;
  r["game"] = "go";
  EXPECT_NE(error_of(r).find("unknown game 'go'"), std::string::npos);
  r = good;
  r["rules_version"] = "dungeon-0";
  EXPECT_NE(error_of(r).find("played under rules 'dungeon-0'"), std::string::npos);
  r = good;
  r["options"]["tiles"] = "weird";
  EXPECT_NE(error_of(r).find("must be one of"), std::string::npos);
  r = good;
  r["seed"] = "abc";
  EXPECT_NE(error_of(r).find("'seed' must be a non-negative integer"), std::string::npos);
  r = good;
  r["actions"][3]["id"] = 424242;
  EXPECT_NE(error_of(r).find("record action 3: action 424242 is not legal there"),
            std::string::npos);
  r = good;
  r["actions"][2]["seat"] = 1 - good["actions"][2]["seat"].get<int>();
  EXPECT_NE(error_of(r).find("record action 2: made by seat"), std::string::npos);
  r = good;
  r["actions"][0]["label"] = "something else";
  EXPECT_NE(error_of(r).find("does not match"), std::string::npos);
  r = good;
  r.erase("actions");
  EXPECT_EQ(error_of(r), "record has no field 'actions'");
  r = good;
  r["actions"][0].erase("id");
  EXPECT_EQ(error_of(r), "record action 0 has no field 'id'");
  EXPECT_THROW(parse_json("{\"format\": ", "x"), Error);
  EXPECT_THROW(Match::load("/nonexistent/dir/r.json"), Error);
}

TEST(Record, ActionsAfterTheEndAreRejected) {
  auto r = played(2, 1000).record();
  r["actions"].push_back(r["actions"].back());
  EXPECT_NE(error_of(r).find("already over"), std::string::npos);
}

TEST(Match, IllegalActionChangesNothing) {
  Match m = played(3, 5);
  const auto before = m.state().clone();
  const auto n = m.history().size();
  EXPECT_THROW(m.apply(-5), Error);
  EXPECT_TRUE(m.state().equals(*before));
  EXPECT_EQ(m.history().size(), n);
}

TEST(Match, WrongSeatCount) {
  EXPECT_THROW(Match(dungeon(), dungeon().resolve({}), 1, {{"human", "A"}}), Error);
}

// E3: within a turn the mover may take back its own decisions, never past the draw that
// started the turn nor past the other seat's actions.
TEST(Undo, StopsAtTheStartOfTheTurn) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Match m(dungeon(), dungeon().resolve({}), seed, {{}, {}});
    std::vector<Action> legal;
    Rng r(seed);
    while (!m.over()) {
      const Seat me = m.state().to_move();
      const int undoable = m.undoable();
      // Everything undoable was done by the mover since the last commit point.
      const int n = static_cast<int>(m.history().size());
      for (int i = n - undoable; i < n; ++i) EXPECT_EQ(m.history()[i].seat, me);
      EXPECT_GE(n - undoable, m.state().undo_floor());
      if (undoable > 0 && r.below(3) == 0) {
        const auto target = m.state_at(n - undoable);
        m.undo(undoable);
        EXPECT_TRUE(m.state().equals(*target));
        EXPECT_EQ(m.undoable(), 0);
        EXPECT_THROW(m.undo(1), Error);
      }
      m.state().legal_actions(legal);
      m.apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    EXPECT_EQ(m.undoable(), 0);  // a finished game cannot be taken back
  }
}

TEST(Undo, TurnStartIsACommitPoint) {
  Match m(dungeon(), dungeon().resolve({}), 8, {{}, {}});
  std::vector<Action> legal;
  Rng r(1);
  int turns_seen = 0;
  int prev_floor = m.state().undo_floor();
  while (!m.over() && turns_seen < 10) {
    const Seat before = m.state().to_move();
    m.state().legal_actions(legal);
    m.apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    if (!m.over() && m.state().to_move() != before) {
      // The new turn drew a tile: the floor moved up to here.
      EXPECT_EQ(m.state().undo_floor(), static_cast<int>(m.history().size()));
      EXPECT_GT(m.state().undo_floor(), prev_floor);
      prev_floor = m.state().undo_floor();
      ++turns_seen;
    }
  }
}

}  // namespace
}  // namespace turf
