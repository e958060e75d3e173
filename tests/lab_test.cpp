// The balance lab: exact merging of shards, independence from the thread count, the
// sequential test, parsing of its inputs, and the report.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/narration.h"
#include "lab/experiment.h"
#include "lab/report.h"
#include "lab/sim.h"
#include "lab/stats.h"

namespace turf::lab {
namespace {

Experiment small(long games) {
  Experiment e;
  e.game = &Registry::instance().find("dungeon");
  e.seats = {"random", "greedy:worlds=2"};
  e.games = games;
  e.seed = 77;
  e.sweeps = {parse_sweep("tiles=standard,open")};
  return e;
}

TEST(Lab, ShardsMergeToExactlyTheSingleRun) {
  const Experiment whole = small(30);
  const auto single = summarize(whole, run(whole, 2, false).lines);
  std::vector<GameLine> merged;
  for (int k = 0; k < 4; ++k) {
    Experiment shard = whole;
    shard.shard = k;
    shard.shards = 4;
    for (auto& l : run(shard, 1, false).lines) merged.push_back(std::move(l));
  }
  std::reverse(merged.begin(), merged.end());  // order of arrival does not matter
  EXPECT_EQ(summarize(whole, merged).dump(), single.dump());
}

TEST(Lab, ShardsAreDisjointAndCoverEverything) {
  Experiment e = small(103);
  std::vector<bool> seen(103, false);
  for (int k = 0; k < 7; ++k) {
    e.shard = k;
    e.shards = 7;
    const auto [b, end] = e.index_range();
    for (long i = b; i < end; ++i) {
      EXPECT_FALSE(seen[i]);
      seen[i] = true;
    }
  }
  for (bool s : seen) EXPECT_TRUE(s);
}

TEST(Lab, ResultsDoNotDependOnThreads) {
  const Experiment e = small(16);
  EXPECT_EQ(summarize(e, run(e, 1, false).lines).dump(),
            summarize(e, run(e, 2, false).lines).dump());
}

TEST(Lab, SummaryCountsSharesDrawsAndAttributes) {
  Experiment e;
  e.game = &Registry::instance().find("dungeon");
  e.seats = {"random"};
  e.games = 4;
  auto line = [](long i, std::vector<int> ranking, std::vector<double> scores) {
    return GameLine{{"cell", 0},
                    {"index", i},
                    {"seats", {"random", "random"}},
                    {"scores", scores},
                    {"ranking", ranking},
                    {"length", 70 + i},
                    {"attributes", {{{"order", "first"}}, {{"order", "second"}}}},
                    {"counters", {{"tiles_set_aside", i}}}};
  };
  const auto s = summarize(e, {line(0, {0, 1}, {10, 5}), line(1, {0, 0}, {7, 7}),
                               line(2, {1, 0}, {3, 9}), line(3, {0, 1}, {12, 2})});
  const auto& c = s["cells"][0];
  EXPECT_EQ(c["games"], 4);
  EXPECT_DOUBLE_EQ(c["seats"][0]["win_share"]["value"].get<double>(), (1 + 0.5 + 0 + 1) / 4.0);
  EXPECT_DOUBLE_EQ(c["draw_rate"]["value"].get<double>(), 0.25);
  EXPECT_DOUBLE_EQ(c["seats"][1]["score"]["mean"].get<double>(), (5 + 7 + 9 + 2) / 4.0);
  EXPECT_EQ(c["attributes"][0]["key"], "order");
  EXPECT_DOUBLE_EQ(c["attributes"][0]["win_share"]["value"].get<double>(), 2.5 / 4);
  EXPECT_DOUBLE_EQ(c["length"]["mean"].get<double>(), 71.5);
  EXPECT_DOUBLE_EQ(c["counters"][0]["value"]["mean"].get<double>(), 1.5);
}

TEST(Lab, SummaryTestsAgainstTheFairShareWithCorrections) {
  // 400 made-up games: seat 0 wins 224 (0.56 against a fair 0.5: z = 2.4, p = 0.016395), seat 1
  // the rest; the attribute "hand" is big for seat 0 in even games and for seat 1 in odd ones, and
  // big wins exactly half (p = 1). Four tests: Holm multiplies the smallest p by 4 (0.06558, not
  // significant), Benjamini-Hochberg by 4/2 (0.03279, significant).
  Experiment e;
  e.game = &Registry::instance().find("dungeon");
  e.seats = {"random"};
  e.games = 400;
  std::vector<GameLine> lines;
  for (long i = 0; i < 400; ++i) {
    const bool first = i % 100 < 56;
    const bool big0 = i % 2 == 0;
    lines.push_back(
        {{"cell", 0},
         {"index", i},
         {"seats", {"random", "random"}},
         {"scores", {first ? 10 : 5, first ? 5 : 10}},
         {"ranking", first ? std::vector<int>{0, 1} : std::vector<int>{1, 0}},
         {"length", 70},
         {"attributes", {{{"hand", big0 ? "big" : "small"}}, {{"hand", big0 ? "small" : "big"}}}}});
  }
  const auto s = summarize(e, lines);
  const auto& tests = s["fair_share_tests"];
  ASSERT_EQ(tests.size(), 4u);
  EXPECT_EQ(tests[0]["subject"].get<std::string>(), "seat 0");
  EXPECT_EQ(tests[2]["subject"].get<std::string>(), "hand=big");
  EXPECT_NEAR(tests[0]["points"].get<double>(), 6.0, 1e-9);
  EXPECT_NEAR(tests[1]["points"].get<double>(), -6.0, 1e-9);
  for (int k : {0, 1}) {
    EXPECT_NEAR(tests[k]["p_value"].get<double>(), 0.016395071849, 1e-9);
    EXPECT_NEAR(tests[k]["p_holm"].get<double>(), 0.065580287397, 1e-9);
    EXPECT_NEAR(tests[k]["p_bh"].get<double>(), 0.032790143698, 1e-9);
    EXPECT_TRUE(tests[k]["significant_uncorrected"].get<bool>());
    EXPECT_FALSE(tests[k]["significant_holm"].get<bool>());
    EXPECT_TRUE(tests[k]["significant_bh"].get<bool>());
  }
  for (int k : {2, 3}) {
    EXPECT_NEAR(tests[k]["p_value"].get<double>(), 1.0, 1e-12);
    EXPECT_NEAR(tests[k]["p_holm"].get<double>(), 1.0, 1e-12);
    EXPECT_NEAR(tests[k]["p_bh"].get<double>(), 1.0, 1e-12);
  }
  // A seat needs ceil(782.53) games to show 0.55 against 0.5 at 80% power.
  EXPECT_EQ(tests[0]["games_needed_5_points"].get<double>(), 783);
  const auto& m = s["multiple_testing"]["fair_share"];
  EXPECT_EQ(m["tests"].get<long>(), 4);
  EXPECT_NEAR(m["expected_false_alarms"].get<double>(), 0.2, 1e-12);
  EXPECT_EQ(m["significant_uncorrected"].get<long>(), 2);
  EXPECT_EQ(m["significant_holm"].get<long>(), 0);
  EXPECT_EQ(m["significant_bh"].get<long>(), 2);
  EXPECT_EQ(s["multiple_testing"]["comparisons"]["tests"].get<long>(), 0);

  // The report says the same, and colours the corrected values only: BH red, Holm and raw not.
  const std::string html = html_report(s);
  EXPECT_NE(html.find("4 tests. At 5% each, chance alone gives about 0.2 false alarms. "
                      "Significant: <b>2</b> uncorrected, <b>0</b> after Holm, <b>2</b> after "
                      "Benjamini–Hochberg."),
            std::string::npos);
  EXPECT_NE(html.find("Is anything unfair?</b> No seat or attribute"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"n ns\" data-label=\"p\"><span>0.0164</span></td><td "
                      "class=\"n ns\" data-label=\"Holm\"><span>0.0656</span></td><td "
                      "class=\"n sig\" data-label=\"BH\"><span>0.0328</span></td>"),
            std::string::npos);
}

TEST(Lab, ComparisonsCarryEffectSizesNewcombeIntervalsAndCorrections) {
  const Experiment e = small(30);
  const auto s = summarize(e, run(e, 2, false).lines);
  const auto& cmp = s["comparisons"];
  ASSERT_FALSE(cmp.empty());
  long shares = 0, raw = 0, holm = 0, bh = 0;
  for (const auto& t : cmp) {
    const double p = t["p_value"].get<double>();
    EXPECT_GE(t["p_holm"].get<double>(), p - 1e-15);
    EXPECT_GE(t["p_bh"].get<double>(), p - 1e-15);
    EXPECT_LE(t["p_bh"].get<double>(), t["p_holm"].get<double>() + 1e-15);
    raw += t["significant_uncorrected"].get<bool>();
    holm += t["significant_holm"].get<bool>();
    bh += t["significant_bh"].get<bool>();
    if (!t.contains("points")) continue;
    ++shares;
    const double d = t["points"].get<double>();
    EXPECT_NEAR(d, 100 * t["difference"].get<double>(), 1e-9);
    EXPECT_EQ(t["interval"].get<std::string>(), "newcombe");
    EXPECT_LE(t["points_ci95"][0].get<double>(), d);
    EXPECT_GE(t["points_ci95"][1].get<double>(), d);
    // The games needed for a 5-point change from the baseline's share, towards one half.
    if (t["metric"].get<std::string>().rfind("seat ", 0) == 0) {
      const int seat = t["metric"].get<std::string>()[5] - '0';
      const double pb = s["cells"][0]["seats"][seat]["win_share"]["value"].get<double>();
      const auto [p1, p2] = towards_half(pb, 0.05);
      EXPECT_EQ(t["games_needed_5_points"].get<double>(), std::ceil(games_needed_two(p1, p2)));
    }
  }
  EXPECT_GE(shares, 3);  // two seats and the draw rate at least
  // The game's own metrics (GameInfo::counters) are compared too, by name in words.
  const auto& counters = s["cells"][0]["counters"];
  ASSERT_FALSE(counters.empty());
  for (const auto& k : counters) {
    std::string words = k["name"].get<std::string>();
    std::replace(words.begin(), words.end(), '_', ' ');
    EXPECT_TRUE(std::any_of(cmp.begin(), cmp.end(), [&](const auto& t) {
      return t["metric"] == words + " (mean)";
    })) << words;
  }
  const auto& m = s["multiple_testing"]["comparisons"];
  EXPECT_EQ(m["tests"].get<std::size_t>(), cmp.size());
  EXPECT_EQ(m["significant_uncorrected"].get<long>(), raw);
  EXPECT_EQ(m["significant_holm"].get<long>(), holm);
  EXPECT_EQ(m["significant_bh"].get<long>(), bh);
  EXPECT_NE(html_report(s).find("games for 5 points"), std::string::npos);
}

// Issue 31, per-card answers: the cards each seat's actions named, counted from the game's own
// action JSON, agree with what the records' labels say (an independent reading: "buy Porch
// Light ($2)" is a buy of the card named Porch Light).
TEST(Lab, CardUsesAreTheCardsEachSeatsActionsNamed) {
  struct Case {
    std::string game, prefix, verb;
  };
  for (const Case& c : {Case{"yard", "buy ", "buy"}, Case{"yard", "sway ", "sway"},
                        Case{"dungeon", "tile ", "tile"}, Case{"cryhavoc", "keep ", "keep"}}) {
    const GameInfo& game = Registry::instance().find(c.game);
    std::map<std::string, std::string> id_of;  // lower-case name -> id
    for (const auto& k : game.cards()) {
      std::string name = k["name"].get<std::string>();
      for (auto& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      id_of[name] = k["id"].get<std::string>();
    }
    long checked = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const GameResult r =
          play_game(game, game.resolve({}), {"random", "random"}, seed, true, true);
      ASSERT_EQ(r.uses.size(), 2u);
      std::vector<std::map<std::string, int>> expected(2);
      const auto record = nlohmann::json::parse(r.record);
      for (const auto& a : record.at("actions")) {
        std::string label = a["label"].get<std::string>();
        for (auto& ch : label) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        if (label.rfind(c.prefix, 0) != 0) continue;
        std::string name = label.substr(c.prefix.size());
        name = name.substr(0, name.find(" ("));  // "porch light ($2)", "rockslide"
        ASSERT_TRUE(id_of.count(name)) << c.game << ": " << label;
        ++expected[a["seat"].get<int>()][id_of[name]];
        ++checked;
      }
      for (int s = 0; s < 2; ++s) {
        std::map<std::string, int> got;
        for (const auto& [card, verbs] : r.uses[s])
          if (verbs.count(c.verb)) got[card] = verbs.at(c.verb);
        EXPECT_EQ(got, expected[s]) << c.game << " seed " << seed << " seat " << s;
      }
    }
    EXPECT_GT(checked, 4) << c.game << " " << c.verb;
  }
  // Without asking, nothing is counted.
  const GameInfo& yard = Registry::instance().find("yard");
  EXPECT_TRUE(play_game(yard, yard.resolve({}), {"random", "random"}, 1, false).uses.empty());
}

// The cards the game itself plays (issue 31: Events "fired"): read here from the public narration
// as records carry it (an "event" line with no seat names the card in its data), once a step,
// against lab::card_uses_of (its game part).
TEST(Lab, TheGamesOwnCardsAreTheEventsItRevealed) {
  struct Case {
    std::string game, field;
  };
  for (const Case& c :
       {Case{"yard", "card"}, Case{"turfwars", "event"}, Case{"cryhavoc", "event"}}) {
    const GameInfo& game = Registry::instance().find(c.game);
    long checked = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const GameResult r =
          play_game(game, game.resolve({{"players", "2"}}), {"random", "random"}, seed, true, true);
      std::map<std::string, int> expected;
      const Match m = Match::from_record(nlohmann::json::parse(r.record));
      for (const auto& step : public_narration_json(m)) {
        std::set<std::string> ids;
        for (const auto& line : step)
          if (line["kind"] == "event" && line["seats"].empty() && line["data"].contains(c.field))
            ids.insert(line["data"][c.field].get<std::string>());
        for (const auto& id : ids) ++expected[id], ++checked;
      }
      std::map<std::string, int> got;
      for (const auto& [card, verbs] : r.game_uses)
        if (verbs.count("event")) got[card] = verbs.at("event");
      EXPECT_EQ(got, expected) << c.game << " seed " << seed;
    }
    EXPECT_GT(checked, 2) << c.game;
  }
  // The dungeon's game plays no card of its own; without asking, nothing is counted.
  const GameInfo& dungeon = Registry::instance().find("dungeon");
  EXPECT_TRUE(play_game(dungeon, dungeon.resolve({}), {"random", "random"}, 2, false, true)
                  .game_uses.empty());
  const GameInfo& yard = Registry::instance().find("yard");
  EXPECT_TRUE(play_game(yard, yard.resolve({}), {"random", "random"}, 1, false).game_uses.empty());
}

TEST(Lab, CardAnswersCompareTheSeatsThatUsedACardWithTheOthers) {
  Experiment e;
  e.game = &Registry::instance().find("yard");
  e.seats = {"random"};
  e.games = 4;
  // Seat 0 buys a Garden in games 0, 1 and 2 and wins games 0 and 2 and half of game 1; seat 1
  // buys one in game 3 and loses it; the Tulips are bought by both seats of game 0.
  auto line = [](long i, std::vector<int> ranking, nlohmann::json uses) {
    return GameLine{{"cell", 0},
                    {"index", i},
                    {"seats", {"random", "random"}},
                    {"seed", i},
                    {"scores", {1, 1}},
                    {"ranking", ranking},
                    {"length", 50},
                    {"attributes", nlohmann::json::array()},
                    {"uses", uses}};
  };
  const nlohmann::json garden = {{"garden", {{"buy", 1}, {"play", 2}}}};
  const nlohmann::json both = {{"garden", {{"buy", 1}}}, {"tulips", {{"buy", 1}}}};
  const nlohmann::json none = nlohmann::json::object();
  std::vector<GameLine> lines = {line(0, {0, 1}, {both, {{"tulips", {{"buy", 2}}}}}),
                                 line(1, {0, 0}, {garden, none}), line(2, {0, 1}, {garden, none}),
                                 line(3, {0, 1}, {none, garden})};
  // The game itself revealed the Event Tornado in games 1 and 3 (twice in game 3).
  lines[1]["game_uses"] = {{"tornado", {{"event", 1}}}};
  lines[3]["game_uses"] = {{"tornado", {{"event", 2}}}};
  for (const auto& l : lines) validate_line(e, l);
  const auto s = summarize(e, lines);
  const auto& cards = s["cells"][0]["cards"];
  std::map<std::string, nlohmann::json> by_id;
  for (const auto& k : cards) by_id[k["id"].get<std::string>()] = k;
  ASSERT_EQ(by_id.size(), e.game->cards().size());  // every card, used or not
  const auto& g = by_id["garden"];
  EXPECT_DOUBLE_EQ(g["games"]["value"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(g["seats_using"].get<double>(), 4);
  EXPECT_DOUBLE_EQ(g["uses_per_game"]["buy"].get<double>(), 4 / 4.0);
  EXPECT_DOUBLE_EQ(g["uses_per_game"]["play"].get<double>(), 6 / 4.0);
  // Users: seat 0 of games 0, 1, 2 (1 + 0.5 + 1) and seat 1 of game 3 (0): 2.5 of 4. Others:
  // seat 1 of games 0, 1, 2: 0 + 0.5 + 0, and seat 0 of game 3: 1: 1.5 of 4.
  EXPECT_DOUBLE_EQ(g["users_win_share"]["value"].get<double>(), 2.5 / 4);
  EXPECT_DOUBLE_EQ(g["others_win_share"]["value"].get<double>(), 1.5 / 4);
  EXPECT_DOUBLE_EQ(g["difference"].get<double>(), 0.25);
  const Interval ci = newcombe_difference(2.5, 4, 1.5, 4);
  EXPECT_DOUBLE_EQ(g["difference_ci95"][0].get<double>(), ci.low);
  EXPECT_DOUBLE_EQ(g["difference_ci95"][1].get<double>(), ci.high);
  const auto& t = by_id["tulips"];  // both seats of game 0 (1 + 0 of 2) against 2.5 of 6
  EXPECT_DOUBLE_EQ(t["games"]["value"].get<double>(), 0.25);
  EXPECT_DOUBLE_EQ(t["uses_per_game"]["buy"].get<double>(), 3 / 4.0);
  EXPECT_DOUBLE_EQ(t["difference"].get<double>(), 0.5 - 3.0 / 6);
  EXPECT_FALSE(by_id["fountain"].contains("difference"));  // nobody used it
  // An Event: in half the games, 3 reveals in 4 games, and no seat used it (no win share).
  const auto& tornado = by_id["tornado"];
  EXPECT_DOUBLE_EQ(tornado["games"]["value"].get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(tornado["uses_per_game"]["event"].get<double>(), 3 / 4.0);
  EXPECT_DOUBLE_EQ(tornado["seats_using"].get<double>(), 0);
  EXPECT_FALSE(tornado.contains("difference"));
  // Sorted by the difference, largest first; the cards without one last.
  EXPECT_EQ(cards[0]["id"], "garden");
  EXPECT_EQ(cards[1]["id"], "tulips");
  EXPECT_FALSE(cards[2].contains("difference"));
  // The report lists them with the warning that this is association.
  const std::string html = html_report(s);
  EXPECT_NE(html.find("Garden"), std::string::npos);
  EXPECT_NE(html.find("association, not cause"), std::string::npos);
  // A malformed uses field is refused, naming it.
  auto bad = lines[1];
  bad["uses"] = {garden};
  EXPECT_THROW(validate_line(e, bad), Error);
  bad["uses"] = {{{"garden", {{"buy", 0}}}}, none};
  EXPECT_THROW(validate_line(e, bad), Error);
  bad["uses"] = {{{"garden", 3}}, none};
  EXPECT_THROW(validate_line(e, bad), Error);
  bad = lines[1];
  bad["game_uses"] = {{"tornado", {{"event", 0}}}};
  EXPECT_THROW(validate_line(e, bad), Error);
  bad["game_uses"] = nlohmann::json::array();
  EXPECT_THROW(validate_line(e, bad), Error);
}

TEST(Lab, ParsingGivesClearErrors) {
  EXPECT_EQ(parse_shard("2/8"), (std::pair<int, int>{1, 8}));
  EXPECT_THROW(parse_shard("0/8"), Error);
  EXPECT_THROW(parse_shard("9/8"), Error);
  EXPECT_THROW(parse_shard("2-8"), Error);
  EXPECT_THROW(parse_shard("a/b"), Error);
  EXPECT_EQ(parse_sweep("tiles=standard,open").values.size(), 2u);
  EXPECT_THROW(parse_sweep("tiles"), Error);
  EXPECT_THROW(parse_sweep("tiles=a,a"), Error);
  const auto u = parse_until("order=first winrate < 0.5 by 0.03 alpha 0.01");
  EXPECT_EQ(u.subject, "order=first");
  EXPECT_EQ(u.op, '<');
  EXPECT_DOUBLE_EQ(u.delta, 0.03);
  EXPECT_DOUBLE_EQ(u.alpha, 0.01);
  EXPECT_THROW(parse_until("seat0 score != 0.5"), Error);
  EXPECT_THROW(parse_until("seat0 winrate == 0.5"), Error);
  EXPECT_THROW(parse_until("seat0 winrate != 1.5"), Error);
  EXPECT_THROW(parse_until("banana winrate != 0.5"), Error);
  EXPECT_THROW(parse_until("seat0 winrate != 0.5 by"), Error);
  Experiment e = small(10);
  e.sweeps.push_back(parse_sweep("tiles=open"));
  EXPECT_THROW(e.cells(), Error);  // swept twice
  Experiment bad = small(10);
  bad.sweeps = {parse_sweep("tiles=standard,huge")};
  EXPECT_THROW(bad.cells(), Error);
}

TEST(Sprt, DecidesAClearDifferenceQuickly) {
  Experiment e;
  e.game = &Registry::instance().find("dungeon");
  e.seats = {"random", "greedy:worlds=2"};
  e.games = 400;
  e.until = parse_until("seat1 winrate > 0.5 by 0.1");
  const auto r = run(e, 2, false);
  ASSERT_EQ(r.sprt.size(), 1u);
  EXPECT_EQ(r.sprt[0]["decision"], "H1");
  EXPECT_LT(r.sprt[0]["games"].get<long>(), 60);
  EXPECT_EQ(static_cast<long>(r.lines.size()), r.sprt[0]["games"].get<long>());
  // The same decision after the same number of games, whatever the threads.
  const auto r1 = run(e, 1, false);
  EXPECT_EQ(r1.sprt[0]["games"], r.sprt[0]["games"]);
}

TEST(Sprt, AcceptsTheNullWhenThereIsNoDifference) {
  // Made-up games where seat 0 wins exactly every other game.
  Until u = parse_until("seat0 winrate != 0.5 by 0.1");
  std::vector<GameLine> lines;
  for (int i = 0; i < 2000; ++i)
    lines.push_back({{"ranking", i % 2 ? std::vector<int>{0, 1} : std::vector<int>{1, 0}},
                     {"seats", {"a", "b"}},
                     {"attributes", nlohmann::json::array()}});
  const auto d = sprt_decide(u, lines);
  EXPECT_EQ(d["decision"], "H0");
  EXPECT_LT(d["games"].get<long>(), 2000);
  EXPECT_NEAR(d["estimate"].get<double>(), 0.5, 0.01);
}

TEST(Report, IsSelfContainedAndDrawsCharts) {
  const Experiment e = small(8);
  const auto s = summarize(e, run(e, 2, false).lines);
  const std::string html = html_report(s);
  EXPECT_NE(html.find("<!doctype html>"), std::string::npos);
  EXPECT_NE(html.find("Balance report: Turf War"), std::string::npos);
  // Charts: win share by seat, by agent and by attribute as bars; scores per cell and game
  // length as histograms; each bar chart carries its figures as a table too.
  std::size_t charts = 0, bars = 0, tables = 0;
  for (std::size_t p = 0; (p = html.find("<figure class=\"chart", p)) != std::string::npos; ++p)
    ++charts;
  for (std::size_t p = 0; (p = html.find("<figure class=\"chart bars", p)) != std::string::npos;
       ++p)
    ++bars;
  for (std::size_t p = 0; (p = html.find("The figures as a table", p)) != std::string::npos; ++p)
    ++tables;
  EXPECT_GE(charts, 5u);
  EXPECT_GE(bars, 2u);
  EXPECT_EQ(tables, bars);
  EXPECT_EQ(html.find("<script"), std::string::npos);
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  EXPECT_NE(html.find(reproduce_command(s["experiment"])), std::string::npos);
  EXPECT_EQ(reproduce_command(s["experiment"]),
            "turf sim dungeon --seats random,greedy:worlds=2 --games 8 --seed 77 --sweep "
            "tiles=standard,open");
}

}  // namespace
}  // namespace turf::lab
