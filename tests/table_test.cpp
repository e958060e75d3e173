// The table layer (src/table/): seats and their names, the seed rule, the limits of every bot
// parameter, acts and undos with typed refusals, the change hook, each viewer's story kept
// incrementally (equal to a replay from scratch), bot turns on another thread, stopping a
// decision, and agents that live as long as the table and follow the match (observe, finish).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <thread>

#include "bots/agent.h"
#include "bots/presets.h"
#include "core/match.h"
#include "core/narration.h"
#include "core/rng.h"
#include "core/secret.h"
#include "table/limits.h"
#include "table/seats.h"
#include "table/table.h"
#include "temp_dir.h"

namespace turf::table {
namespace {

const GameInfo& game(const char* id) {
  return Registry::instance().find(id);
}

Match new_match(const GameInfo& g, const std::string& seats, std::uint64_t seed,
                const BotLimits& limits = BotLimits::cli(), int players = 0) {
  const Options options =
      g.resolve(players ? std::map<std::string, std::string>{{"players", std::to_string(players)}}
                        : std::map<std::string, std::string>{});
  auto plans = plan_seats(g, seats, options.players(), limits);
  return Match(g, options, seed, seat_infos(plans));
}

// A match of bots `spec` in every seat, played at random up to a real decision (two or more legal
// actions) some way into the game.
Match at_a_decision(const GameInfo& g, const std::string& spec, std::uint64_t seed) {
  const Options options = g.resolve({});
  Match m(g, options, seed, std::vector<SeatInfo>(options.players(), SeatInfo{spec, ""}));
  Rng rng(seed);
  std::vector<Action> legal;
  for (int i = 0;; ++i) {
    m.state().legal_actions(legal);
    if (i >= 20 && legal.size() > 4) return m;
    m.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
}

// A random legal action of the seat to move.
Action any_action(const Table& t, Rng& rng) {
  const auto legal = t.match().view(t.to_move(), false).legal();
  return legal[rng.below(static_cast<std::uint32_t>(legal.size()))].id;
}

// ---- Seats ------------------------------------------------------------------------------------

TEST(TableSeats, ListsBecomeSeatsWithAgentsAndNames) {
  const auto plans =
      plan_seats(game("yard"), "human, normal,mcts:iters=50,cutoff=9,greedy", 4, BotLimits::cli());
  ASSERT_EQ(plans.size(), 4u);
  EXPECT_EQ(plans[0].kind, SeatKind::kHuman);
  EXPECT_EQ(plans[0].agent, "human");
  EXPECT_EQ(plans[1].agent, bot_preset("yard", "normal"));  // a level is the game's preset
  EXPECT_EQ(plans[2].agent, "mcts:iters=50,cutoff=9");      // one seat's parameters kept together
  EXPECT_EQ(plans[3].kind, SeatKind::kBot);
  EXPECT_EQ(plans[0].name, "Player 1");
  EXPECT_EQ(plans[1].name, "normal 2");
  EXPECT_EQ(plans[2].name, "mcts 3");
  EXPECT_EQ(plans[3].name, "greedy 4");
  EXPECT_EQ(player_name(2), "Player 3");
  EXPECT_EQ(render_narration("{P4} wins", {"A", "B"}), "Player 4 wins");  // the same rule

  auto named = plans;
  name_seats(named, {"  Ann ", "", "Bo  Cy"});
  EXPECT_EQ(named[0].name, "Ann");
  EXPECT_EQ(named[1].name, "normal 2");  // blank: the default
  EXPECT_EQ(named[2].name, "Bo Cy");
  EXPECT_EQ(named[3].name, "greedy 4");  // not given
  auto refused = plans;  // a name that breaks the rule is an error naming which, and names none
  try {
    name_seats(refused, {"Ann", std::string("Bo\x1b[2J\x07")});
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "name 2: the name cannot hold control, invisible or direction-changing characters");
  }
  EXPECT_EQ(refused[0].name, plans[0].name);
  auto generic = plans;
  name_seats(generic, {}, BotNames::kGeneric);  // the server's form
  EXPECT_EQ(generic[0].name, "Player 1");
  EXPECT_EQ(generic[1].name, "Bot 2");

  EXPECT_THROW(plan_seats(game("dungeon"), "human", 2, BotLimits::cli()), Error);
  try {
    plan_seat(game("dungeon"), "hrad", BotLimits::cli());
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("did you mean 'hard'"), std::string::npos) << e.what();
  }
  EXPECT_EQ(plan_seat(game("dungeon"), "ext:./bot --fast", BotLimits::cli()).kind,
            SeatKind::kExternal);
  EXPECT_THROW(plan_seat(game("dungeon"), "ext:  ", BotLimits::cli()), Error);
}

// One name rule for every front end: the cases of tests/fixtures/seat_names.json, which the web
// lobby's checkName (web/tests/unit/seats.test.ts) is tested on too.
TEST(TableSeats, OneNameRuleOnTheSharedCases) {
  std::ifstream in(std::string(TURF_FIXTURES) + "/seat_names.json");
  const auto cases = nlohmann::json::parse(in).at("cases");
  ASSERT_GE(cases.size(), 20u);
  for (const auto& c : cases) {
    const std::string name = c.at("name").get<std::string>();
    const Seat seat = c.at("seat").get<Seat>();
    if (c.contains("kept")) {
      EXPECT_EQ(seat_name(name, seat), c.at("kept").get<std::string>()) << name;
      continue;
    }
    try {
      seat_name(name, seat);
      ADD_FAILURE() << "accepted: " << name;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(c.at("refused").get<std::string>()), std::string::npos)
          << name << ": " << e.what();
    }
  }
  EXPECT_THROW(seat_name("Ann\xff", 0), Error);  // not UTF-8 (JSON cannot carry it)
}

TEST(TableSeats, OneSeedRule) {
  EXPECT_EQ(agent_seed(SeedRule::kFromMatch, 77, 0), mix_seed(77, 1));
  EXPECT_EQ(agent_seed(SeedRule::kFromMatch, 77, 2), mix_seed(77, 3));
  EXPECT_NE(agent_seed(SeedRule::kFromOs, 77, 0), agent_seed(SeedRule::kFromOs, 77, 0));
  // From the match seed, bots included, a match plays the same every time.
  auto play = [](SeedRule rule) {
    TableConfig c;
    c.seeds = rule;
    Table t(new_match(game("dungeon"), "greedy:worlds=2,random", 5), c);
    while (t.play_bot()) {
    }
    std::vector<Action> ids;
    for (const auto& e : t.match().history()) ids.push_back(e.id);
    return ids;
  };
  EXPECT_EQ(play(SeedRule::kFromMatch), play(SeedRule::kFromMatch));
  // From the OS, the bots' choices differ from run to run (the deal is the same).
  bool differ = false;
  for (int k = 0; k < 5 && !differ; ++k)
    differ = play(SeedRule::kFromOs) != play(SeedRule::kFromOs);
  EXPECT_TRUE(differ);
}

// ---- Limits -------------------------------------------------------------------------------------

// Every parameter of every built-in bot has a bound in each preset: at the bound it passes, one
// past it is refused.
TEST(TableLimits, EveryParameterIsBoundedInEveryPreset) {
  for (const BotLimits& l : {BotLimits::cli(), BotLimits::record(), BotLimits::server()}) {
    auto ok = [&](const std::string& spec) {
      EXPECT_NO_THROW(l.check(parse_bot_config(spec))) << l.where << ": " << spec;
    };
    auto refused = [&](const std::string& spec) {
      EXPECT_THROW(l.check(parse_bot_config(spec)), Error) << l.where << ": " << spec;
    };
    const auto n = [](auto x) { return std::to_string(x); };
    ok("mcts:threads=" + n(l.threads));
    refused("mcts:threads=" + n(l.threads + 1));
    ok("mcts:iters=" + n(l.iterations));
    refused("mcts:iters=" + n(l.iterations + 1));
    ok("mcts:time=" + n(static_cast<long>(l.seconds)) + "s");
    refused("mcts:time=" + n(static_cast<long>(l.seconds) + 1) + "s");
    refused("mcts:time=" + n(static_cast<long>(l.seconds) * 1000 + 1) + "ms");  // one parser
    ok("mcts:cutoff=" + n(l.cutoff));
    refused("mcts:cutoff=" + n(l.cutoff + 1));
    ok("greedy:worlds=" + n(l.worlds));
    refused("greedy:worlds=" + n(l.worlds + 1));
    ok("greedy:budget=" + n(l.budget));
    refused("greedy:budget=" + n(l.budget + 1));
    if (l.greedy_rollouts)
      ok("mcts:iters=10,rollout=greedy");
    else
      refused("mcts:iters=10,rollout=greedy");
    ok("mcts:iters=10,rollout=random,c=100,mix=1,fade=0");  // bounded by their meaning
    EXPECT_THROW(l.check_text(std::string(l.spec_chars + 1, 'x')), Error);
  }
  // The cases the review found: accepted by the server before, refused now.
  EXPECT_THROW(BotLimits::server().check(parse_bot_config("greedy:worlds=10000,budget=100000000")),
               Error);
  EXPECT_THROW(BotLimits::server().check(parse_bot_config("mcts:iters=2000,rollout=greedy")),
               Error);
  // Programs: never from a record; at the server only the operator's, by name.
  EXPECT_THROW(plan_seat(game("yard"), "ext:./bot", BotLimits::record()), Error);
  EXPECT_THROW(plan_seat(game("yard"), "ext:./bot", BotLimits::server()), Error);
  auto named = std::make_shared<std::vector<NamedProgram>>(
      std::vector<NamedProgram>{{"bot", {"/usr/bin/python3", "bot.py"}}});
  const BotLimits ext = BotLimits::server(named);
  EXPECT_THROW(plan_seat(game("yard"), "ext:./bot", ext), Error);
  EXPECT_NO_THROW(plan_seat(game("yard"), "ext:bot", ext));
  EXPECT_EQ(ext.external_config("ext:bot").argv, named->front().argv);
  EXPECT_EQ(ext.program_names(), std::vector<std::string>{"bot"});
  // ... within its bounds: its time (the default cut to it), no abort, no file of its choosing.
  EXPECT_DOUBLE_EQ(ext.external_config("ext:bot").decision_seconds, ext.external_seconds);
  EXPECT_DOUBLE_EQ(ext.external_config("ext:bot,time=2s").decision_seconds, 2);
  EXPECT_THROW(ext.external_config("ext:bot,time=6s"), Error);
  EXPECT_THROW(ext.external_config("ext:bot,on_error=abort"), Error);
  EXPECT_THROW(ext.external_config("ext:bot,stderr=/tmp/bot.log"), Error);
  EXPECT_NO_THROW(BotLimits::cli().external_config("ext:./bot,on_error=abort,stderr=/tmp/b.log"));
  // Every preset of every game fits the server's limits.
  for (const auto& g : Registry::instance().games())
    for (const auto& level : bot_levels())
      EXPECT_NO_THROW(plan_seat(*g, level, BotLimits::server())) << g->id << " " << level;
  // Every decision has a cap in time where bots come from others.
  EXPECT_GT(BotLimits::server().decision_seconds, 0);
  EXPECT_GT(BotLimits::record().decision_seconds, 0);
}

// ---- Acting -------------------------------------------------------------------------------------

TEST(TableActing, RefusalsAreTypedAndChangeNothing) {
  Table t(new_match(game("dungeon"), "human,human", 3), {});
  std::vector<Change> changes;
  t.on_change([&](const Change& c) { changes.push_back(c); });
  const Seat mover = t.to_move(), other = 1 - mover;
  Rng rng(1);
  const Action a = any_action(t, rng);
  EXPECT_EQ(t.act(kSpectator, a, 0), Refusal::kSpectator);
  EXPECT_EQ(t.act(7, a, 0), Refusal::kSpectator);
  EXPECT_EQ(t.act(other, a, 0), Refusal::kNotYourTurn);
  EXPECT_EQ(t.act(mover, a, 1), Refusal::kStale);
  EXPECT_EQ(t.act(mover, 987654, 0), Refusal::kIllegal);
  EXPECT_EQ(t.undo(mover), Refusal::kCannotUndo);
  EXPECT_EQ(t.undo(kSpectator), Refusal::kSpectator);
  EXPECT_EQ(t.moves(), 0);
  EXPECT_TRUE(changes.empty());
  EXPECT_EQ(std::string(refusal_code(Refusal::kNotYourTurn)), "not_your_turn");
  EXPECT_EQ(std::string(refusal_code(Refusal::kCannotUndo)), "cannot_undo");

  EXPECT_EQ(t.act(mover, a, 0), Refusal::kNone);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_EQ(changes[0].kind, Change::Kind::kAct);
  EXPECT_EQ(changes[0].move, 0);
  EXPECT_EQ(changes[0].seat, mover);
  EXPECT_EQ(changes[0].action, a);
}

TEST(TableActing, UndoTakesBackOnlyTheMoversOwnActions) {
  Table t(new_match(game("yard"), "human,human", 8), {});
  std::vector<Change> changes;
  t.on_change([&](const Change& c) { changes.push_back(c); });
  Rng rng(2);
  int undos = 0;
  for (int i = 0; i < 400 && !t.over(); ++i) {
    const Seat s = t.to_move();
    const int can = t.undoable(s);
    EXPECT_EQ(t.undoable(1 - s), 0);
    EXPECT_EQ(t.undo(1 - s), Refusal::kNotYourTurn);
    if (can > 0 && i % 3 == 0) {
      EXPECT_EQ(t.undo(s, can + 1), Refusal::kCannotUndo);
      const int before = t.moves();
      int n = 0;
      EXPECT_EQ(t.undo(s, 0, &n), Refusal::kNone);
      EXPECT_EQ(n, can);
      EXPECT_EQ(t.moves(), before - can);
      EXPECT_EQ(changes.back().kind, Change::Kind::kUndo);
      EXPECT_EQ(changes.back().undone, can);
      EXPECT_EQ(changes.back().move, t.moves());
      ++undos;
    }
    ASSERT_EQ(t.act(s, any_action(t, rng), t.moves()), Refusal::kNone);
  }
  EXPECT_GT(undos, 3);
}

// ---- Stories ------------------------------------------------------------------------------------

// Every viewer's story, kept step by step through acts and undos (some asked for from the start,
// some only later), equals the story replayed from scratch, in every game.
TEST(TableStories, IncrementalEqualsReplayedFromScratch) {
  for (const auto& g : Registry::instance().games()) {
    for (int players : {g->min_players, g->max_players}) {
      std::string seats = "human";
      for (int s = 1; s < players; ++s) seats += ",human";
      Table t(new_match(*g, seats, 40 + players, BotLimits::cli(), players), {});
      (void)t.story(0);  // from the start
      (void)t.story(kSpectator);
      Rng rng(static_cast<std::uint64_t>(players));
      for (int i = 0; i < 150 && !t.over(); ++i) {
        const Seat s = t.to_move();
        if (i == 60) (void)t.story(kOmniscient);  // asked for midway: replayed once, then kept
        if (t.undoable(s) > 0 && rng.below(4) == 0) {
          ASSERT_EQ(t.undo(s), Refusal::kNone);
        }
        ASSERT_EQ(t.act(s, any_action(t, rng), t.moves()), Refusal::kNone);
      }
      std::vector<Seat> viewers{kSpectator, kOmniscient};
      for (Seat s = 0; s < players; ++s) viewers.push_back(s);
      for (Seat v : viewers) {
        const auto& kept = t.story(v).steps();
        const auto fresh = narrate_history(t.match(), v);
        ASSERT_EQ(kept.size(), fresh.size()) << g->id << " viewer " << v;
        for (std::size_t i = 0; i < fresh.size(); ++i) {
          ASSERT_EQ(kept[i].size(), fresh[i].size()) << g->id << " step " << i;
          for (std::size_t k = 0; k < fresh[i].size(); ++k)
            EXPECT_EQ(kept[i][k].to_json(), fresh[i][k].to_json()) << g->id << " step " << i;
        }
      }
    }
  }
}

// ---- Bots ---------------------------------------------------------------------------------------

TEST(TableBots, TurnsRunOnAnotherThreadOneAtATime) {
  Table t(new_match(game("dungeon"), "human,mcts:iters=60", 12), {});
  Rng rng(5);
  int bot_moves = 0;
  for (int i = 0; i < 300 && !t.over(); ++i) {
    if (t.is_human(t.to_move())) {
      EXPECT_FALSE(t.bot_turn());
      ASSERT_EQ(t.act(t.to_move(), any_action(t, rng), t.moves()), Refusal::kNone);
      continue;
    }
    auto turn = t.bot_turn();
    ASSERT_TRUE(turn);
    EXPECT_FALSE(t.bot_turn());  // its decision is in flight
    EXPECT_FALSE(t.bot_to_move());
    EXPECT_EQ(t.act(turn->seat(), turn->view().legal()[0].id, t.moves()), Refusal::kNotYourTurn);
    auto answer = std::async(std::launch::async, [&turn] { return turn->run(); }).get();
    ASSERT_TRUE(answer);
    ASSERT_EQ(t.complete(*turn, answer), Refusal::kNone);
    ++bot_moves;
  }
  EXPECT_GT(bot_moves, 5);
}

TEST(TableBots, AStaleAnswerIsNotPlayedAndTheBotThinksAgain) {
  Table t(new_match(game("dungeon"), "mcts:iters=30,random", 13), {});
  auto turn = t.bot_turn();
  ASSERT_TRUE(turn);
  const auto answer = turn->run();
  ASSERT_TRUE(answer);
  BotTurn old = *turn;
  ASSERT_EQ(t.complete(*turn, answer), Refusal::kNone);
  ASSERT_TRUE(t.play_bot());                            // the table moves on
  EXPECT_EQ(t.complete(old, answer), Refusal::kStale);  // an answer for another position
  EXPECT_EQ(t.moves(), 2);
  auto next = t.bot_turn();
  ASSERT_TRUE(next);
  EXPECT_EQ(t.complete(*next, std::nullopt), Refusal::kStale);  // dropped (stopped)
  EXPECT_TRUE(t.bot_turn());                                    // and handed out again
}

// Stand-ins (a turn-based table's timeout): a bot decides for a human seat once, or plays it
// until seat_back; every viewer is told why with that action, and the change hook carries it.
TEST(TableStandIns, OnceOrFromNowOnAndTheSeatComesBack) {
  Table t(new_match(game("dungeon"), "human,human", 21), {});
  std::vector<std::string> noted;
  t.on_change([&](const Change& c) { noted.push_back(c.note ? c.note->text : ""); });
  const Seat first = t.to_move();
  const std::string p = "{P" + std::to_string(first + 1) + "}";
  auto once = t.stand_in(StandIn::kOnce, "easy");
  ASSERT_TRUE(once);
  EXPECT_EQ(once->seat(), first);
  EXPECT_FALSE(t.stand_in(StandIn::kOnce, "easy"));  // one decision at a time
  EXPECT_EQ(once->view().viewer(), first);           // the seat's own view, never more
  ASSERT_EQ(t.complete(*once, once->run()), Refusal::kNone);
  EXPECT_TRUE(t.is_human(first));  // still its player's seat
  EXPECT_EQ(noted,
            std::vector<std::string>{p + " ran out of time: the easy bot moved for " + p + "."});
  const auto& step = t.story(kSpectator).steps().at(0);
  ASSERT_FALSE(step.empty());
  EXPECT_EQ(step.front().kind, "timeout");
  EXPECT_EQ(step.front().data["rule"], "move");
  // Beyond the limits: an Error, nothing changed.
  TableConfig tight;
  tight.limits = BotLimits::server();
  Table u(new_match(game("dungeon"), "human,human", 21), tight);
  EXPECT_THROW(u.stand_in(StandIn::kOnce, "mcts:iters=100000000"), Error);
  EXPECT_TRUE(u.is_human(u.to_move()));
  // From now on: the seat's turns are the bot's, its player's acts are refused, until it is back.
  Rng rng(3);
  while (!t.over() && t.to_move() == first)
    ASSERT_EQ(t.act(first, any_action(t, rng), t.moves()), Refusal::kNone);
  const Seat other = t.to_move();
  auto from_now = t.stand_in(StandIn::kFromNow, "easy");
  ASSERT_TRUE(from_now);
  EXPECT_EQ(t.standing_in(other), "easy");
  EXPECT_FALSE(t.is_human(other));
  EXPECT_EQ(t.act(other, from_now->view().legal()[0].id, t.moves()), Refusal::kNotYourTurn);
  ASSERT_EQ(t.complete(*from_now, from_now->run()), Refusal::kNone);
  EXPECT_NE(noted.back().find("until"), std::string::npos);
  // Its next decision is in flight when the player comes back: dropped, the seat is theirs.
  if (!t.over() && t.to_move() == other) {
    auto next = t.bot_turn();
    ASSERT_TRUE(next);
    EXPECT_TRUE(t.seat_back(other));
    EXPECT_EQ(t.complete(*next, next->run()), Refusal::kStale);
    EXPECT_TRUE(t.is_human(other));
    EXPECT_EQ(t.standing_in(other), "");
    EXPECT_FALSE(t.bot_turn());
    EXPECT_EQ(t.act(other, any_action(t, rng), t.moves()), Refusal::kNone);
  } else {
    EXPECT_TRUE(t.seat_back(other));
  }
  EXPECT_FALSE(t.seat_back(other));  // nothing to give back now
}

// Replaced at another player's request: the bot plays the seat from now on; the request is told
// with the bot's first action for it; a player back before that action is not told about it.
TEST(TableStandIns, ReplacedAtAnotherPlayersRequest) {
  Table t(new_match(game("dungeon"), "human,human", 21), {});
  std::vector<std::string> noted;
  t.on_change([&](const Change& c) { noted.push_back(c.note ? c.note->text : ""); });
  const Seat first = t.to_move(), other = 1 - first;
  EXPECT_FALSE(t.replace(first, first, "easy"));  // one's own seat
  EXPECT_FALSE(t.replace(2, first, "easy"));      // no such seat
  // Asked, and the player back before the bot moved for them: nothing is told.
  ASSERT_TRUE(t.replace(first, other, "easy"));
  EXPECT_FALSE(t.replace(first, other, "easy"));  // a bot's already
  EXPECT_EQ(t.standing_in(first), "easy");
  EXPECT_TRUE(t.seat_back(first));
  Rng rng(5);
  ASSERT_EQ(t.act(first, any_action(t, rng), t.moves()), Refusal::kNone);
  EXPECT_EQ(noted, std::vector<std::string>{""});
  // Asked for the seat to move: the bot's action carries the line.
  const Seat now = t.to_move(), asker = 1 - now;
  ASSERT_TRUE(t.replace(now, asker, "normal"));
  auto turn = t.bot_turn();
  ASSERT_TRUE(turn);
  ASSERT_EQ(t.complete(*turn, turn->run()), Refusal::kNone);
  const std::string p = "{P" + std::to_string(now + 1) + "}";
  EXPECT_EQ(noted.back(), "{P" + std::to_string(asker + 1) + "} asked the normal bot to play for " +
                              p + " until " + p + " comes back.");
  const auto line = replaced_note(now, asker, "normal");
  EXPECT_EQ(line.kind, "replaced");
  EXPECT_EQ(line.seats, (std::vector<Seat>{now, asker}));
}

// A decision stopped from another thread ends and is dropped; one that reaches the cap of its
// limits ends and is played. Bounded waits (the latency is measured in docs/architecture.md).
TEST(TableBots, DecisionsStopOnRequestAndAtTheCap) {
  for (const char* spec : {"mcts:iters=1000000000", "mcts:iters=1000000000,rollout=greedy",
                           "greedy:worlds=10000,budget=100000000", "mcts:time=3600s,threads=2"}) {
    Table t(at_a_decision(game("cryhavoc"), spec, 3), {});
    const int moves = t.moves();
    auto turn = t.bot_turn();
    ASSERT_TRUE(turn);
    auto running = std::async(std::launch::async, [&turn] { return turn->run(); });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const auto asked = std::chrono::steady_clock::now();
    turn->stop();
    ASSERT_EQ(running.wait_for(std::chrono::seconds(20)), std::future_status::ready) << spec;
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - asked).count();
    std::cout << spec << ": stopped " << ms << " ms after the request\n";
    EXPECT_FALSE(running.get()) << spec;
    EXPECT_EQ(t.complete(*turn, std::nullopt), Refusal::kStale);
    EXPECT_EQ(t.moves(), moves);  // nothing half-done
  }
  // The cap: the decision ends by itself and its (legal) answer is played.
  TableConfig capped;
  capped.limits.decision_seconds = 0.2;
  for (const char* spec : {"mcts:iters=1000000000,rollout=greedy", "greedy:worlds=10000"}) {
    Table t(at_a_decision(game("cryhavoc"), spec, 4), capped);
    const int moves = t.moves();
    auto running = std::async(std::launch::async, [&t] { return t.play_bot(); });
    ASSERT_EQ(running.wait_for(std::chrono::seconds(20)), std::future_status::ready) << spec;
    EXPECT_TRUE(running.get());
    EXPECT_EQ(t.moves(), moves + 1) << spec;
  }
}

// The server's bots share their runners in slices (bots/agent.h TimeSlices, docs/security.md
// "Bot time"): with one runner held by a search that would take hours, another table's short
// decision still gets its turns and answers; the long one goes on until it is stopped.
TEST(TableBots, ALongSearchSharesItsRunnerInSlices) {
  TimeSlices slices(1, std::chrono::milliseconds(20));
  Table long_table(at_a_decision(game("cryhavoc"), "mcts:iters=1000000000", 3), {});
  auto long_turn = long_table.bot_turn();
  ASSERT_TRUE(long_turn);
  auto long_run = std::async(std::launch::async, [&] { return long_turn->run(&slices); });
  while (slices.running() == 0) std::this_thread::yield();  // it holds the one runner
  Table short_table(at_a_decision(game("dungeon"), bot_preset("dungeon", "normal"), 5), {});
  auto short_turn = short_table.bot_turn();
  ASSERT_TRUE(short_turn);
  auto short_run = std::async(std::launch::async, [&] { return short_turn->run(&slices); });
  // Without slices it would wait for the hours-long search: never within the minute.
  ASSERT_EQ(short_run.wait_for(std::chrono::seconds(60)), std::future_status::ready);
  const auto answer = short_run.get();
  ASSERT_TRUE(answer);
  EXPECT_NE(long_run.wait_for(std::chrono::seconds(0)), std::future_status::ready);
  EXPECT_EQ(short_table.complete(*short_turn, answer), Refusal::kNone);
  long_turn->stop();
  ASSERT_EQ(long_run.wait_for(std::chrono::seconds(20)), std::future_status::ready);
  EXPECT_FALSE(long_run.get());
  EXPECT_EQ(slices.running(), 0);
  EXPECT_EQ(slices.waiting(), 0);
  // Closed (the server stops), nothing waits for a runner.
  TimeSlices closed(1, std::chrono::milliseconds(20));
  TimeSlices::Ticket held, next;
  closed.enter(held);
  auto waiting = std::async(std::launch::async, [&] { closed.enter(next); });
  while (closed.waiting() == 0) std::this_thread::yield();
  closed.close();
  ASSERT_EQ(waiting.wait_for(std::chrono::seconds(20)), std::future_status::ready);
  closed.leave(next);
  closed.leave(held);
}

// A real program at the table (tests/external/recording_bot.py writes every message it gets):
// started once for the whole match, given a labelled view at each of its decisions and, before
// each, every line its seat was told since the previous one; at the end the rest and the result.
std::vector<nlohmann::json> transcript_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<nlohmann::json> msgs;
  for (std::string line; std::getline(in, line);) msgs.push_back(nlohmann::json::parse(line));
  return msgs;
}

std::string recording_bot(const std::string& transcript) {
  return "ext:/usr/bin/python3 " + std::string(TURF_SOURCE_DIR) +
         "/tests/external/recording_bot.py " + transcript;
}

TEST(TableBots, AProgramLivesAsLongAsTheTableAndIsToldItsSeatsStory) {
  const test_files::TempDir dir("turf-table");
  const std::string transcript = dir.file("transcript");
  int decisions = 0;
  nlohmann::json result;
  std::vector<Narration> story;
  {
    Table t(new_match(game("yard"), recording_bot(transcript) + ",greedy:worlds=2", 21), {});
    EXPECT_TRUE(t.follows(0));
    EXPECT_FALSE(t.follows(1));
    while (t.play_bot()) {
    }
    ASSERT_TRUE(t.over());
    for (const auto& e : t.match().history()) decisions += e.seat == 0;
    result = t.result();
    for (const auto& step : t.story(0).steps()) story.insert(story.end(), step.begin(), step.end());
  }
  const auto msgs = transcript_of(transcript);
  ASSERT_EQ(msgs.size(), static_cast<std::size_t>(decisions) + 2);  // hello, decisions, end
  EXPECT_EQ(msgs.front()["type"], "hello");  // one program for the whole match
  std::vector<nlohmann::json> told;
  for (std::size_t i = 1; i + 1 < msgs.size(); ++i) {
    EXPECT_EQ(msgs[i]["type"], "decide");
    EXPECT_FALSE(msgs[i]["view"]["legal"][0]["label"].get<std::string>().empty());  // labelled
    for (auto line : msgs[i]["narration"]) told.push_back(line);
  }
  const auto& end = msgs.back();
  EXPECT_EQ(end["type"], "end");
  EXPECT_EQ(end["reason"], "over");
  EXPECT_EQ(end["result"], result);
  for (auto line : end["narration"]) told.push_back(line);
  // Everything the seat was told, exactly once, in order: its story.
  ASSERT_EQ(told.size(), story.size());
  for (std::size_t i = 0; i < story.size(); ++i) {
    told[i].erase("said");
    EXPECT_EQ(told[i], story[i].to_json()) << i;
  }
}

TEST(TableBots, AProgramIsToldWhenTheTableCloses) {
  const test_files::TempDir dir("turf-table");
  const std::string transcript = dir.file("transcript");
  {
    Table t(new_match(game("dungeon"), recording_bot(transcript) + ",human", 2), {});
    if (!t.is_human(t.to_move())) {
      ASSERT_TRUE(t.play_bot());
    }
    t.close("the player went home");
  }
  const auto msgs = transcript_of(transcript);
  ASSERT_FALSE(msgs.empty());
  EXPECT_EQ(msgs.back()["type"], "end");
  EXPECT_EQ(msgs.back()["reason"], "aborted");
  EXPECT_EQ(msgs.back()["why"], "the player went home");
}

TEST(TableEnd, ResultInWords) {
  Table t(new_match(game("dungeon"), "random,random", 11), {});
  EXPECT_EQ(t.result_in_words(), "");
  EXPECT_TRUE(t.result().is_null());
  while (t.play_bot()) {
  }
  const std::string words = t.result_in_words();
  EXPECT_NE(words.find("random 1, "), std::string::npos) << words;
  EXPECT_NE(words.find("random 2, "), std::string::npos) << words;
  EXPECT_EQ(words.substr(0, 3), "1st") << words;
  EXPECT_EQ(t.result()["scores"], nlohmann::json(t.match().state().scores()));
}

}  // namespace
}  // namespace turf::table
