// What a player reads never shows developer text (issue 23): no file names, no clause ids of the
// rules digests, no field names of the data. Checked for every game over its card texts (as
// `turf cards` lists them and as `look NAME` shows one), its how-to (`turf rules GAME`), its
// option help (`turf games`) and the narration of seeded games, from a seat and from the
// spectator. The how-to also fits one screen of 80 columns and 40 rows.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "cli/commands.h"
#include "cli/screen.h"
#include "core/match.h"
#include "core/narration.h"
#include "core/rng.h"
#include "core/view.h"

namespace turf::cli {
namespace {

// The clause ids of a game's rules digest: the bold ids that open its clauses ("**R12",
// "**Y3.2", "**T5.1") and those of its sections ("## Y10 The effect vocabulary").
std::set<std::string> clause_ids(const GameInfo& g) {
  std::set<std::string> out;
  static const std::regex kId(R"((?:\*\*|\n#+ )([A-Z][0-9]+(\.[0-9]+)*))");
  const std::string text(g.rules_text);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kId); it != std::sregex_iterator();
       ++it)
    out.insert((*it)[1].str());
  return out;
}

// Games whose board squares are named like clause ids: Turf Wars names a cell by column letter
// and row number ("E1", its E5), always followed by its terrain ("E1 Swamp", "E1 (Swamp)").
bool square_names_look_like_clauses(const GameInfo& g) {
  return g.id == "turfwars";
}

// What may not reach a player, with the reason; "" when `text` is clean. `clauses`: the clause
// ids of the game; `squares`: whether an id followed by a capitalised word is a square.
std::string developer_text(const std::string& text, const std::set<std::string>& clauses,
                           bool squares = false) {
  static const std::regex kFile(R"((\.md|\.json|\.cpp|\.h)\b|\b(docs|data|src|tests)/)");
  static const std::regex kWord(R"([A-Z][0-9]+(\.[0-9]+)*)");
  // Field names as the data writes them (points_text, hosts_monsters) and JSON.
  static const std::regex kField(R"(\b[a-z]+_[a-z0-9_]+\b|\{"|":|\[")");
  std::smatch m;
  if (std::regex_search(text, m, kFile)) return "a file name ('" + m.str() + "')";
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kWord);
       it != std::sregex_iterator(); ++it) {
    const auto at = static_cast<std::size_t>(it->position());
    const auto end = at + static_cast<std::size_t>(it->length());
    const bool alone = (at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]))) &&
                       (end == text.size() || !std::isalnum(static_cast<unsigned char>(text[end])));
    std::string id = it->str();
    static const std::regex kTerrain(R"(^ \(?[A-Z][a-z]+)");
    if (squares && id.find('.') == std::string::npos &&
        std::regex_search(text.begin() + static_cast<std::ptrdiff_t>(end), text.end(), kTerrain))
      continue;
    while (alone && !clauses.count(id) && id.find('.') != std::string::npos)
      id.resize(id.rfind('.'));  // "R12.3" cites R12 as well
    if (alone && clauses.count(id)) return "a clause id ('" + it->str() + "')";
  }
  if (std::regex_search(text, m, kField)) return "a field name or JSON ('" + m.str() + "')";
  return "";
}

TEST(PlayerText, TheCheckCatchesWhatItLooksFor) {
  const auto yard = clause_ids(Registry::instance().find("yard"));
  const auto tw = clause_ids(Registry::instance().find("turfwars"));
  ASSERT_TRUE(yard.count("R12") && yard.count("Y10") && yard.count("Y3.2") && tw.count("T5.1"));
  EXPECT_NE(developer_text("see docs/rules/yard.md", yard), "");
  EXPECT_NE(developer_text("tile mix (data/dungeon/content.json)", yard), "");
  EXPECT_NE(developer_text("the engine takes any two cards (R12)", yard), "");
  EXPECT_NE(developer_text("vocabulary of Y10", yard), "");
  EXPECT_NE(developer_text("as in T5.1.", tw), "");
  EXPECT_NE(developer_text("as in Y3.2.1", yard), "");
  EXPECT_NE(developer_text("points_text: 1 VP", yard), "");
  EXPECT_NE(developer_text("count: {\"edition_1\":2}", yard), "");
  EXPECT_EQ(developer_text("Player 2 plays Tulips onto b2 (P2 a1). 1T beats 2R; $5, 3 VP.", yard),
            "");
  EXPECT_EQ(developer_text("Ann starts at E1 Swamp.", tw, true), "");  // a square, not E1
  EXPECT_EQ(developer_text("Ann attacks E1 (Swamp).", tw, true), "");
  EXPECT_NE(developer_text("Cells are named as in E1.", tw, true), "");
}

// The text without the game's option values ("dead_ends", "winner_takes_all"): a player types
// them after -o, so the how-to (a terminal page) may name them as they are typed.
std::string without_choices(std::string text, const GameInfo& g) {
  for (const auto& o : g.options)
    for (const auto& c : o.choices)
      for (std::size_t at; !c.empty() && (at = text.find(c)) != std::string::npos;)
        text.replace(at, c.size(), "choice");
  return text;
}

// Every card text, in the list and in full.
TEST(PlayerText, CardTextsOfEveryGame) {
  for (const auto& g : Registry::instance().games()) {
    if (!g->cards) continue;
    const auto clauses = clause_ids(*g);
    const auto all = g->cards();
    for (const auto& c : all) {
      const std::string name = c.value("name", "?");
      EXPECT_EQ(developer_text(card_summary(c), clauses, square_names_look_like_clauses(*g)), "")
          << g->id << " " << name << ": " << card_summary(c);
      const std::string full = card_details(c, all);
      EXPECT_EQ(developer_text(full, clauses, square_names_look_like_clauses(*g)), "")
          << g->id << " " << name << ":\n"
          << full;
      for (std::size_t at = 0, end; at < full.size(); at = end + 1) {
        end = full.find('\n', at);
        if (end == std::string::npos) end = full.size();
        EXPECT_LE(display_columns(full.substr(at, end - at)), 80u) << g->id << " " << name;
      }
    }
  }
}

// `turf rules GAME`: the how-to, clean, within 80 columns and one screen of 40 rows with the
// lines `turf rules` adds under it.
TEST(PlayerText, HowToOfEveryGameFitsOneScreen) {
  for (const auto& g : Registry::instance().games()) {
    const std::string text = game_short_help(*g);
    EXPECT_EQ(developer_text(without_choices(text, *g), clause_ids(*g)), "") << g->id;
    int lines = 0;
    for (std::size_t at = 0, end; at < text.size(); at = end + 1, ++lines) {
      end = text.find('\n', at);
      if (end == std::string::npos) end = text.size();
      EXPECT_LE(display_columns(text.substr(at, end - at)), 80u)
          << g->id << ": " << text.substr(at, end - at);
    }
    EXPECT_LE(lines + 3, kScreenRows - 2) << g->id << " takes " << lines << " lines";
  }
}

// The option help of the catalogue (`turf games`, the web lobby) is read beside the choices'
// labels, so it names a choice by its label ("Winner takes all"), never by its id
// ("winner_takes_all", "after-round-5"), and no option by its key ("mind_control"); it opens
// with a short sentence (the lobby shows that much, and the rest behind "more"). The labels are
// words: no '_', no '-' between words (issue 29).
TEST(PlayerText, OptionHelpOfEveryGame) {
  for (const auto& g : Registry::instance().games()) {
    const nlohmann::json catalogue = g->catalogue_json();
    for (const auto& o : catalogue.at("options")) {
      const std::string help = o.at("help").get<std::string>();
      const std::string name = o.at("name").get<std::string>();
      EXPECT_EQ(developer_text(help, clause_ids(*g)), "") << g->id << " " << name << ": " << help;
      for (const auto& other : g->options) {
        if (other.name.find('_') == std::string::npos) continue;
        EXPECT_EQ(help.find(other.name), std::string::npos)
            << g->id << " " << name << " names the option key " << other.name;
      }
      if (!o.contains("choices")) continue;
      ASSERT_EQ(o.at("labels").size(), o.at("choices").size()) << g->id << " " << name;
      for (std::size_t i = 0; i < o.at("choices").size(); ++i) {
        const std::string id = o.at("choices")[i].get<std::string>();
        const std::string label = o.at("labels")[i].get<std::string>();
        if (id.find_first_of("_-") != std::string::npos) {
          EXPECT_EQ(help.find(id), std::string::npos)
              << g->id << " " << name << " names the value id " << id << ": " << help;
        }
        EXPECT_EQ(label.find_first_of("_-"), std::string::npos) << g->id << " " << label;
        EXPECT_NE(help.find(label), std::string::npos)
            << g->id << " " << name << " does not explain " << label << ": " << help;
      }
      const auto first = help.find(". ");
      EXPECT_LE(first == std::string::npos ? help.size() : first + 1, 120u)
          << g->id << " " << name << ": the first sentence is long: " << help;
    }
  }
}

TEST(PlayerText, TheOptionHelpCheckCatchesWhatItLooksFor) {
  OptionSpec o{"cost",
               OptionSpec::Kind::Choice,
               "a",
               {"winner_takes_all", "after-round-5"},
               0,
               0,
               "What it costs. winner_takes_all: nothing."};
  EXPECT_EQ(o.label(0), "Winner takes all");
  EXPECT_EQ(o.label(1), "After round 5");
  o.labels = {"All to the winner"};
  EXPECT_EQ(o.label(0), "All to the winner");
  EXPECT_EQ(o.label(1), "After round 5");  // a label missing from `labels`: made from the id
  EXPECT_NE(developer_text(o.help, {}), "");
}

// The narration of seeded random games, as a seat and the spectator read it, names rendered.
TEST(PlayerText, NarrationOfSeededGames) {
  for (const auto& g : Registry::instance().games()) {
    const auto clauses = clause_ids(*g);
    for (int players : {g->min_players, g->max_players}) {
      const Options options = g->resolve({{"players", std::to_string(players)}});
      std::vector<SeatInfo> seats(options.players());
      std::vector<std::string> names;
      for (int s = 0; s < players; ++s) names.push_back(seats[s].name = "Ann" + std::to_string(s));
      Match m(*g, options, 23 + players, seats);
      Rng rng(players);
      std::vector<Action> legal;
      for (int step = 0; step < 1500 && !m.over(); ++step) {
        // The question a seat is asked (shown at the terminal and in the browser): no terminal
        // command or marks of one front end ("`look`", "(* : ...)").
        const nlohmann::json j = m.view(m.state().to_move()).to_json();
        if (j.contains("prompt") && j["prompt"].is_string()) {
          const std::string q = j["prompt"].get<std::string>();
          EXPECT_EQ(q.find('`'), std::string::npos) << g->id << ": " << q;
          EXPECT_EQ(q.find("(*"), std::string::npos) << g->id << ": " << q;
        }
        m.state().legal_actions(legal);
        m.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      }
      for (Seat viewer : {Seat{0}, kSpectator}) {
        int told = 0;
        for (const auto& step : narrate_history(m, viewer))
          for (const auto& line : step) {
            const std::string text = render_narration(line.text, names);
            ++told;
            ASSERT_EQ(developer_text(text, clauses, square_names_look_like_clauses(*g)), "")
                << g->id << " " << players << "p: " << text;
          }
        EXPECT_GT(told, 0) << g->id;
      }
    }
  }
}

}  // namespace
}  // namespace turf::cli
