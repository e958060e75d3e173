// The narration contract (core/narration.h): default lines, placeholders, history replay.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>

#include "core/live_record.h"
#include "core/match.h"
#include "core/narration.h"
#include "core/secret.h"
#include "temp_dir.h"

namespace turf {
namespace {

TEST(Narration, RenderReplacesSeatPlaceholdersWithNames) {
  EXPECT_EQ(render_narration("{P1} attacks {P2}.", {"Ana", "Bo"}), "Ana attacks Bo.");
  EXPECT_EQ(render_narration("{P3} wins", {"Ana", "Bo"}), "Player 3 wins");
  EXPECT_EQ(render_narration("{P} {Px} {P0} {P12345} {", {"Ana"}), "{P} {Px} {P0} {P12345} {");
}

TEST(Narration, HistoryHasOneEntryPerActionAndEveryEntryHasText) {
  for (const auto& g : Registry::instance().games()) {
    const Options options = g->resolve({});
    Match m(*g, options, 11, std::vector<SeatInfo>(options.players()));
    Rng rng(5);
    std::vector<Action> legal;
    for (int i = 0; i < 40 && !m.over(); ++i) {
      m.state().legal_actions(legal);
      m.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    for (Seat viewer : {Seat{0}, kSpectator}) {
      const auto story = narrate_history(m, viewer);
      ASSERT_EQ(story.size(), m.history().size()) << g->id;
      for (const auto& step : story) {
        ASSERT_FALSE(step.empty()) << g->id;
        for (const auto& n : step) EXPECT_FALSE(n.text.empty()) << g->id << " " << n.kind;
      }
    }
  }
}

// ---- Narration in record files -----------------------------------------------------------------

// A seeded random game of `g` at `players`, played `steps` actions or (steps < 0) to the end.
std::unique_ptr<Match> seeded_game(const GameInfo& g, int players, std::uint64_t seed, int steps) {
  const Options options = g.resolve({{"players", std::to_string(players)}});
  std::vector<SeatInfo> seats(options.players());
  for (int i = 0; i < options.players(); ++i) seats[i].name = "Name" + std::to_string(i + 1);
  auto m = std::make_unique<Match>(g, options, seed, std::move(seats));
  Rng rng(seed ^ 0x5eed);
  std::vector<Action> legal;
  for (int i = 0; (steps < 0 || i < steps) && !m->over() && i < 20000; ++i) {
    m->state().legal_actions(legal);
    m->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return m;
}

// The lines some seat was told at each step and the spectator was not: that seat's own.
std::vector<std::set<std::string>> private_lines(const Match& m) {
  std::vector<std::set<std::string>> out(m.history().size());
  const auto pub = narrate_history(m, kSpectator);
  for (Seat s = 0; s < static_cast<Seat>(m.seats().size()); ++s) {
    const auto story = narrate_history(m, s);
    for (std::size_t i = 0; i < story.size(); ++i)
      for (const auto& n : story[i]) {
        bool shared = false;
        for (const auto& p : pub[i]) shared |= p.text == n.text;
        if (!shared) out[i].insert(n.text);
      }
  }
  return out;
}

// Checks that `lines` (a record's narration of step i) is the spectator's narration of it, and
// holds no seat's own line. Returns the number of private lines the step had.
int check_step(const nlohmann::json& lines, const std::vector<Narration>& spectator,
               const std::set<std::string>& own, const std::vector<std::string>& names,
               const std::string& where) {
  EXPECT_TRUE(lines.is_array()) << where;
  if (!lines.is_array()) return 0;
  EXPECT_EQ(lines.size(), spectator.size()) << where;
  for (std::size_t k = 0; k < lines.size() && k < spectator.size(); ++k) {
    EXPECT_EQ(lines[k]["kind"], spectator[k].kind) << where;
    EXPECT_EQ(lines[k]["text"], spectator[k].text) << where;
    EXPECT_EQ(lines[k]["data"], spectator[k].data) << where;
    EXPECT_EQ(lines[k]["said"], render_narration(spectator[k].text, names)) << where;
    EXPECT_EQ(own.count(lines[k]["text"].get<std::string>()), 0u)
        << where << ": a seat's own line '" << lines[k]["text"] << "' is in the record";
  }
  return static_cast<int>(own.size());
}

class RecordNarration : public ::testing::Test {
 protected:
  const test_files::TempStateHome home_{"turf-narration"};
  const std::filesystem::path dir_{home_.dir().path()};
};

std::vector<std::string> names_of(const Match& m) {
  std::vector<std::string> names;
  for (const auto& s : m.seats()) names.push_back(s.name);
  return names;
}

// A finished record carries, for every action, the narration `turf replay` shows a spectator
// (the same lines, with names) and no line told to one seat alone; it still loads without it.
TEST_F(RecordNarration, FinishedRecordCarriesThePublicNarrationOfEveryStepAndNoSeatsOwn) {
  int private_total = 0;
  for (const auto& g : Registry::instance().games()) {
    for (int players : {g->min_players, g->max_players}) {
      const auto m = seeded_game(*g, players, 4242 + players, -1);
      ASSERT_TRUE(m->over()) << g->id;
      const std::string path = (dir_ / (g->id + ".json")).string();
      const LiveSeal seal = new_live_seal();
      save_match(*m, seal, path);  // as `turf play` saves the last step
      const auto r = nlohmann::json::parse(read_file(path));
      ASSERT_FALSE(is_live_record(r));
      const auto pub = narrate_history(*m, kSpectator);
      const auto own = private_lines(*m);
      ASSERT_EQ(r["actions"].size(), pub.size());
      for (std::size_t i = 0; i < pub.size(); ++i)
        private_total += check_step(r["actions"][i]["narration"], pub[i], own[i], names_of(*m),
                                    g->id + " step " + std::to_string(i));
      // The game's end is told in the file.
      EXPECT_EQ(r["actions"].back()["narration"].back()["kind"], "game_over") << g->id;
      // Reading ignores the narration: with it, and with it removed (an older record), the same
      // match comes back.
      const Match back = Match::from_record(r);
      EXPECT_TRUE(back.state().equals(m->state())) << g->id;
      auto old = r;
      for (auto& a : old["actions"]) a.erase("narration");
      EXPECT_TRUE(Match::from_record(old).state().equals(m->state())) << g->id;
      EXPECT_EQ(Match::from_record(old).record(true)["actions"], r["actions"]) << g->id;
    }
  }
  EXPECT_GT(private_total, 0) << "no seat was told anything of its own: the check is empty";
}

// The live record of a match in progress carries the spectator narration in its public log, and
// no seat's own line anywhere in the file (in clear).
TEST_F(RecordNarration, LiveRecordCarriesThePublicNarrationAndNoSeatsOwn) {
  int private_total = 0;
  for (const auto& g : Registry::instance().games()) {
    for (int players : {g->min_players, g->max_players}) {
      const auto m = seeded_game(*g, players, 99 + players, 60);
      if (m->over()) continue;
      const std::string path = (dir_ / (g->id + "-live.json")).string();
      const LiveSeal seal = new_live_seal();
      save_match(*m, seal, path);
      const std::string text = read_file(path);
      const auto r = nlohmann::json::parse(text);
      ASSERT_TRUE(is_live_record(r));
      const auto pub = narrate_history(*m, kSpectator);
      const auto own = private_lines(*m);
      ASSERT_EQ(r["public_log"].size(), pub.size());
      for (std::size_t i = 0; i < pub.size(); ++i) {
        private_total += check_step(r["public_log"][i]["narration"], pub[i], own[i], names_of(*m),
                                    g->id + " step " + std::to_string(i));
        for (const auto& line : own[i]) {
          EXPECT_EQ(text.find(nlohmann::json(line).dump()), std::string::npos)
              << g->id << ": '" << line << "' in clear";
          EXPECT_EQ(text.find(nlohmann::json(render_narration(line, names_of(*m))).dump()),
                    std::string::npos)
              << g->id << ": '" << line << "' in clear";
        }
      }
      forget_live_key(seal.match_id);
    }
  }
  EXPECT_GT(private_total, 0) << "no seat was told anything of its own: the check is empty";
}

}  // namespace
}  // namespace turf
