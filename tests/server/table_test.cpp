// Unit tests of the server's parts without the network: the store (a real SQLite file), the
// table (tokens, refusals, undo, narration kept per viewer), static paths and the bot presets.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "bots/agent.h"
#include "bots/presets.h"
#include "harness.h"
#include "server/server.h"
#include "server/store.h"
#include "server/table.h"

using namespace turf;
using namespace turf::server;
using turf::server_test::TempDir;

namespace {
StoredTable dungeon_row() {
  return new_table_row(nlohmann::json::parse(
      R"({"game":"dungeon","seats":[{"kind":"human","name":"Ann"},{"kind":"human","name":"Bob"}]})"));
}
}  // namespace

TEST(ServerTable, TokensAndIdsAreFreshHexAndComparedWhole) {
  StoredTable a = dungeon_row(), b = dungeon_row();
  EXPECT_TRUE(is_hex32(a.id));
  EXPECT_NE(a.id, b.id);
  EXPECT_NE(a.seed, b.seed);
  EXPECT_NE(a.seats[0].token, a.seats[1].token);
  Table t(a);
  EXPECT_EQ(t.seat_of_token(a.seats[0].token), std::optional<Seat>(0));
  EXPECT_EQ(t.seat_of_token(a.seats[1].token), std::optional<Seat>(1));
  EXPECT_FALSE(t.seat_of_token(b.seats[0].token));
  EXPECT_FALSE(t.seat_of_token(a.seats[0].token.substr(0, 31)));
  EXPECT_FALSE(t.seat_of_token(""));
  EXPECT_TRUE(constant_time_equal("abc", "abc"));
  EXPECT_FALSE(constant_time_equal("abc", "abd"));
  EXPECT_FALSE(constant_time_equal("abc", "abcd"));
}

TEST(ServerTable, RefusalsUndoAndNarrationPerViewer) {
  Table t(dungeon_row());
  const Seat mover = t.match().state().to_move();
  const Seat other = 1 - mover;
  const Action a = t.match().view(mover).legal().front().id;
  EXPECT_EQ(t.check_act(kSpectator, a, 0), "spectator");
  EXPECT_EQ(t.check_act(other, a, 0), "not_your_turn");
  EXPECT_EQ(t.check_act(mover, a, 1), "stale");
  EXPECT_EQ(t.check_act(mover, 123456, 0), "illegal");
  EXPECT_EQ(t.check_act(mover, a, 0), "");
  EXPECT_EQ(t.check_undo(mover), "cannot_undo");
  (void)t.steps(0);  // seat 0 connected from the start: narrated incrementally
  Rng rng(4);
  bool undone = false;
  for (int i = 0; i < 60 && !t.over(); ++i) {
    const Seat s = t.match().state().to_move();
    if (!undone && t.check_undo(s).empty()) {
      const int before = t.moves();
      const int n = t.undo();
      EXPECT_EQ(t.moves(), before - n);
      undone = true;
    }
    const auto legal = t.match().view(s).legal();
    t.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))].id);
  }
  EXPECT_TRUE(undone);
  // Incremental narration equals a full replay's, for every viewer.
  for (Seat v : {0, 1, kSpectator}) {
    const auto full = narrate_history(t.match(), v);
    const auto& steps = t.steps(v);
    ASSERT_EQ(steps.size(), full.size());
    for (std::size_t i = 0; i < full.size(); ++i) {
      nlohmann::json lines = nlohmann::json::array();
      for (const auto& n : full[i]) lines.push_back(n.to_json());
      EXPECT_EQ(steps[i]["lines"], lines);
    }
  }
  auto frame = t.state_frame(kSpectator, 0);
  EXPECT_TRUE(frame["legal"].empty());
  EXPECT_EQ(frame["view"], t.match().view(kSpectator).to_json());
  EXPECT_EQ(t.welcome(kSpectator).dump().find(t.row().seats[0].token), std::string::npos);
}

TEST(ServerTable, CreateRequestsAreValidated) {
  auto bad = [](const char* body) {
    EXPECT_THROW(new_table_row(nlohmann::json::parse(body)), Error) << body;
  };
  bad(R"([])");
  bad(R"({"game":3,"seats":[]})");
  bad(R"({"game":"dungeon"})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"human"},{"kind":"human"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"genius"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"hrad"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"human"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"mcts:time=60s"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human"},{"kind":"bot","bot":"mcts:iters=90000000"}]})");
  bad(R"({"game":"dungeon","options":{"tiles":"huge"},"seats":[{"kind":"human"},{"kind":"human"}]})");
  bad(R"({"game":"dungeon","options":{"tiles":[1]},"seats":[{"kind":"human"},{"kind":"human"}]})");
  bad(R"({"game":"dungeon","seats":[{"kind":"human","name":7},{"kind":"human"}]})");
  auto row = new_table_row(nlohmann::json::parse(
      R"({"game":"yard","options":{"players":3},"seats":[{"kind":"human"},{"kind":"bot","bot":"hard"},{"kind":"bot","bot":"random"}]})"));
  EXPECT_EQ(row.seats[1].bot, bot_preset("yard", "hard"));
  EXPECT_EQ(row.options.at("players"), "3");
}

TEST(ServerStore, WritesSurviveReopeningAndTruncate) {
  TempDir dir;
  const std::string path = dir.file("s.db");
  StoredTable row = dungeon_row();
  Table t(row);
  {
    Store store(path);
    Write c;
    c.kind = Write::Kind::Create;
    c.table = row;
    c.status = "playing";
    ASSERT_TRUE(store.write_sync(c));
    EXPECT_FALSE(store.write_sync(c));  // the same id twice: refused, the rest stands
    Rng rng(2);
    for (int i = 0; i < 10; ++i) {
      const Seat s = t.match().state().to_move();
      const auto legal = t.match().view(s).legal();
      const Action a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))].id;
      Write w;
      w.table_id = row.id;
      w.move = t.moves();
      w.seat = s;
      w.action = a;
      w.status = "playing";
      t.apply(a);
      ASSERT_TRUE(store.write_sync(w));
    }
    Write again;  // a move index already stored is refused
    again.table_id = row.id;
    again.move = 3;
    again.status = "playing";
    EXPECT_FALSE(store.write_sync(again));
    Write cut;
    cut.kind = Write::Kind::Truncate;
    cut.table_id = row.id;
    cut.move = 8;
    cut.status = "playing";
    ASSERT_TRUE(store.write_sync(cut));
  }
  Store store(path);
  auto loaded = store.load_table(row.id);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->seed, row.seed);
  EXPECT_EQ(loaded->seats[1].token, row.seats[1].token);
  ASSERT_EQ(loaded->actions.size(), 8u);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(loaded->actions[i].first, t.match().history()[i].seat);
    EXPECT_EQ(loaded->actions[i].second, t.match().history()[i].id);
  }
  EXPECT_EQ(store.load_unfinished().size(), 1u);
  Table again(*loaded);  // replays through Match
  EXPECT_EQ(again.moves(), 8);
  EXPECT_FALSE(store.load_table("0123456789abcdef0123456789abcdef"));
}

TEST(ServerStatic, PathsCannotLeaveTheFolder) {
  TempDir dir;
  std::filesystem::create_directories(dir.file("web/a"));
  std::ofstream(dir.file("web/index.html")) << "i";
  std::ofstream(dir.file("web/a/b.js")) << "b";
  std::ofstream(dir.file("out.txt")) << "o";
  const std::string root = std::filesystem::canonical(dir.file("web")).string();
  EXPECT_EQ(static_path(root, "/"), root + "/index.html");
  EXPECT_EQ(static_path(root, "/a/b.js?x=1"), root + "/a/b.js");
  EXPECT_EQ(static_path(root, "/a/"), "");  // no index.html there
  EXPECT_EQ(static_path(root, "/a/%62.js"), root + "/a/b.js");
  for (const char* bad : {"/../out.txt", "/a/../../out.txt", "/%2e%2e/out.txt", "/%2E%2E%2Fout.txt",
                          "/a/%252e%252e/out.txt", "/a/b.js%00", "/a\\..\\..\\out.txt", "//out.txt",
                          "out.txt", "/%zz", "/%2", "/missing"}) {
    EXPECT_EQ(static_path(root, bad), "") << bad;
  }
}

TEST(ServerPresets, EveryGameHasThreeWorkingLevels) {
  for (const auto& g : Registry::instance().games()) {
    for (const auto& level : bot_levels()) {
      const std::string spec = bot_preset(g->id, level);
      EXPECT_NO_THROW(make_bot(spec, 1)) << g->id << " " << level;
    }
  }
  EXPECT_THROW(bot_preset("dungeon", "godlike"), Error);
  EXPECT_THROW(bot_preset("chess", "easy"), Error);
}
