// The leak test: every frame sent to each seat during seeded games of every game, at several
// player counts, is checked against what that seat may know. For each state frame the test
// rebuilds the match independently (the seed and actions read from the SQLite file, replayed
// through Match) and requires the frame's view, legal actions and narration to equal
// Match::view(seat) and narrate_history(match, seat) exactly; no frame may contain the seed or
// another seat's token. Human seats are driven by the test with seeded random choices, and
// some tables hold server bots as well (their moves go through the same broadcast).
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "core/match.h"
#include "core/narration.h"
#include "harness.h"

using namespace turf;
using namespace turf::server_test;

namespace {

struct Case {
  std::string game;
  int players;
  int bots;  // the last `bots` seats are server bots
};

struct Played {
  std::string id;
  std::vector<std::string> tokens;  // per seat ("" for bots)
  std::vector<std::pair<int, std::vector<std::string>>>
      frames;  // viewer seat (-2 spectator), frames
};

Played play_case(int port, const Case& c, std::uint64_t seed) {
  json seats = json::array();
  for (int s = 0; s < c.players; ++s) {
    if (s >= c.players - c.bots)
      seats.push_back({{"kind", "bot"}, {"bot", "random"}});
    else
      seats.push_back({{"kind", "human"}, {"name", "P" + std::to_string(s + 1)}});
  }
  json created = create_table(
      port, {{"game", c.game}, {"options", {{"players", c.players}}}, {"seats", seats}});
  Played out;
  out.id = created["id"];
  TableDriver d(port, out.id);
  for (auto& s : created["seats"]) {
    out.tokens.push_back(s.value("token", ""));
    if (s.contains("token")) d.join(s["token"]);
  }
  d.join("");  // a spectator
  Rng rng(seed);
  d.play(rng, 5000);
  if (!d.over()) throw std::runtime_error(c.game + ": game not over after 5000 actions");
  for (std::size_t i = 0; i < d.size(); ++i)
    out.frames.emplace_back(d.conn(i).seat, d.conn(i).ws->frames());
  return out;
}

}  // namespace

TEST(ServerLeak, EveryFrameIsExactlyTheSeatsViewAndNarration) {
  TempDir dir;
  const std::string db = dir.file("turf.db");
  ServerProcess server(db);
  // Every game of the registry at every player count with human seats only, and each game once
  // more with a server bot in the last seat (at its smallest count past two, or two).
  std::vector<Case> cases;
  for (const auto& g : Registry::instance().games()) {
    for (int n = g->min_players; n <= g->max_players; ++n) cases.push_back({g->id, n, 0});
    cases.push_back({g->id, std::min(g->max_players, std::max(g->min_players, 3)), 1});
  }
  ASSERT_GE(cases.size(), 16u);
  std::vector<Played> played(cases.size());
  std::vector<std::string> failures(cases.size());
  {
    std::vector<std::thread> threads;
    for (std::size_t i = 0; i < cases.size(); ++i)
      threads.emplace_back([&, i] {
        try {
          played[i] = play_case(server.port(), cases[i], 1000 + i);
        } catch (const std::exception& e) {
          failures[i] = e.what();
        }
      });
    for (auto& t : threads) t.join();
  }
  long checked = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE(cases[i].game + " players=" + std::to_string(cases[i].players));
    ASSERT_EQ(failures[i], "");
    const Played& p = played[i];
    DbTable t = read_db_table(db, p.id);
    ASSERT_EQ(t.status, "over");
    // The independent match: game, options, seed and actions from the store.
    const GameInfo& game = Registry::instance().find(cases[i].game);
    std::vector<SeatInfo> seat_info(static_cast<std::size_t>(cases[i].players));
    Match match(game, game.resolve({{"players", std::to_string(cases[i].players)}}), t.seed,
                seat_info);
    for (auto [seat, a] : t.actions) {
      ASSERT_EQ(match.state().to_move(), seat);
      match.apply(a);
    }
    ASSERT_TRUE(match.over());
    const std::string seed_text = std::to_string(t.seed);
    for (const auto& [viewer, frames] : p.frames) {
      const auto narration = narrate_history(match, viewer);
      int told = 0;  // narration steps this connection has been told
      for (const auto& text : frames) {
        ++checked;
        EXPECT_EQ(text.find(seed_text), std::string::npos) << "the seed in a frame";
        for (int s = 0; s < static_cast<int>(p.tokens.size()); ++s)
          if (s != viewer && !p.tokens[s].empty()) {
            EXPECT_EQ(text.find(p.tokens[s]), std::string::npos) << "another seat's token";
          }
        json f = json::parse(text);
        if (f["type"] != "state") continue;
        const int m = f["move"].get<int>();
        auto state = match.state_at(m);
        const View v = state->view(viewer, true);
        ASSERT_EQ(f["view"], v.to_json()) << "viewer " << viewer << " move " << m;
        json legal = json::array();
        for (const auto& la : v.legal())
          legal.push_back({{"id", la.id}, {"label", la.label}, {"json", la.json}});
        ASSERT_EQ(f["legal"], legal);
        if (viewer < 0) {
          ASSERT_TRUE(f["legal"].empty());
        }
        ASSERT_EQ(f["to_move"].is_null() ? kNobody : f["to_move"].get<int>(),
                  state->terminal() ? kNobody : state->to_move());
        // The end in words comes from the spectator's view (public to everyone), where the game
        // has words for it (turfwars' scores are ranking keys).
        if (f["over"].get<bool>()) {
          const View end = state->view(kSpectator, false);
          if (game.result_words) {
            ASSERT_EQ(f["result"]["words"].size(), static_cast<std::size_t>(cases[i].players));
            for (Seat s = 0; s < cases[i].players; ++s)
              ASSERT_EQ(f["result"]["words"][static_cast<std::size_t>(s)],
                        game.result_words(end, s));
          } else {
            ASSERT_FALSE(f["result"].contains("words"));
          }
        }
        // The log continues exactly where this connection was (no undo in these games).
        ASSERT_EQ(static_cast<int>(f["log"].size()), m - told);
        for (const auto& step : f["log"]) {
          const int k = step["move"].get<int>();
          json lines = json::array();
          for (const auto& n : narration[static_cast<std::size_t>(k)]) lines.push_back(n.to_json());
          ASSERT_EQ(step["lines"], lines) << "viewer " << viewer << " step " << k;
          ASSERT_EQ(step["seat"], t.actions[static_cast<std::size_t>(k)].first);
        }
        told = m;
      }
      EXPECT_EQ(told, static_cast<int>(t.actions.size()));
    }
  }
  EXPECT_GT(checked, 1000);
}
