// Every `turf play` screen fits a terminal of 80 columns and 40 rows (issue 16): for every game and
// player count, seeded random games drawn at many positions through the same code as the table
// (cli/screen.h), from the seat to move, and from the spectator while a bot thinks.
#include <gtest/gtest.h>

#include "cli/screen.h"
#include "core/match.h"
#include "core/rng.h"
#include "table/table.h"

namespace turf::cli {
namespace {

struct Worst {
  int screens = 0, cut = 0;  // screens drawn; of them, screens whose board lost its top lines
  int rows = 0;
  std::size_t columns = 0;
  std::string where;
};

void check(const Screen& sc, const std::string& where, Worst& worst) {
  const int rows = static_cast<int>(sc.lines.size());
  ++worst.screens;
  worst.cut += sc.cut_rows > 0;
  std::size_t cols = 0;
  for (const auto& l : sc.lines) cols = std::max(cols, display_columns(l));
  if (rows > worst.rows || cols > worst.columns) worst.where = where;
  worst.rows = std::max(worst.rows, rows);
  worst.columns = std::max(worst.columns, cols);
  std::string text;
  for (const auto& l : sc.lines) text += l + "\n";
  EXPECT_LE(rows, kScreenRows) << where << "\n" << text;
  for (const auto& l : sc.lines)
    EXPECT_LE(display_columns(l), kScreenColumns) << where << ": " << l;
}

TEST(Screen, EveryScreenOfEveryGameAndPlayerCountFitsEightyByForty) {
  for (const auto& g : Registry::instance().games()) {
    for (int players = g->min_players; players <= g->max_players; ++players) {
      Worst worst;
      for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        const Options options = g->resolve({{"players", std::to_string(players)}});
        std::vector<SeatInfo> seats(options.players());
        for (int s = 0; s < players; ++s)
          seats[s].name = s == 0 ? "Player 1" : "mcts " + std::to_string(s + 1);
        // All seats human: the table keeps each viewer's story as `turf play` does.
        table::Table t(Match(*g, options, seed * 7919 + players, seats), {});
        const Match& m = t.match();
        Rng rng(seed);
        std::vector<Action> legal;
        const int bound = 3000;
        for (int step = 0; step < bound && !m.over(); ++step) {
          // Many positions early (set-up, first rounds), then every 7th, and the largest menus.
          m.state().legal_actions(legal);
          if (step < 40 || step % 7 == 0 || legal.size() > 24) {
            const Seat seat = m.state().to_move();
            for (bool colour : {false, true}) {
              DrawStyle style;
              style.colour = colour;
              for (const auto& s : m.seats()) style.seat_names.push_back(s.name);
              const std::string where = g->id + " " + std::to_string(players) + "p seed " +
                                        std::to_string(seed) + " step " + std::to_string(step);
              check(play_screen(m, m.view(seat), t.story(seat).steps(), style, "choose 1 to 12"),
                    where, worst);
              if (!colour)
                check(play_screen(m, m.view(kSpectator), t.story(kSpectator).steps(), style, "",
                                  seat),
                      where, worst);
            }
          }
          const Action a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
          ASSERT_EQ(t.act(m.state().to_move(), a, t.moves()), table::Refusal::kNone);
        }
      }
      std::cout << g->id << " " << players << "p: at most " << worst.rows << " rows, "
                << worst.columns << " columns (" << worst.where << "); board cut on " << worst.cut
                << " of " << worst.screens << " screens\n";
    }
  }
}

// Words of `text` joined by single spaces.
std::string words_of(const std::string& text) {
  std::string out;
  bool blank = true;
  for (char c : text) {
    if (c == ' ' || c == '\n') {
      blank = true;
      continue;
    }
    if (blank && !out.empty()) out += ' ';
    out += c;
    blank = false;
  }
  return out;
}

// Issue 23: the line that says what just happened is wrapped, never cut: every narration line of
// the latest step is on the screen in full (while the step takes at most the log's 12 rows), in
// every game, and the screen still fits 80x40.
TEST(Screen, TheLatestStepIsToldInFull) {
  int checked = 0, wrapped = 0;
  for (const auto& g : Registry::instance().games()) {
    for (int players : {g->min_players, g->max_players}) {
      const Options options = g->resolve({{"players", std::to_string(players)}});
      std::vector<SeatInfo> seats(options.players());
      for (int s = 0; s < players; ++s)
        seats[s].name = s == 0 ? "Player 1" : "normal " + std::to_string(s + 1);
      Match m(*g, options, 4242 + players, seats);
      Rng rng(players);
      std::vector<Action> legal;
      DrawStyle style;
      style.colour = false;
      for (const auto& s : m.seats()) style.seat_names.push_back(s.name);
      Worst worst;
      for (int step = 0; step < 1200 && !m.over(); ++step) {
        m.state().legal_actions(legal);
        m.apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        if (step % 5 != 0 && !m.over()) continue;
        const Seat viewer = m.over() ? Seat{0} : m.state().to_move();
        const auto steps = narrate_history(m, viewer);
        const auto lines = narration_lines(steps, style.seat_names);
        std::size_t first = lines.size();
        while (first > 0 && lines[first - 1].rfind("[", 0) != 0) --first;
        if (first == 0) continue;
        --first;  // the latest step's lines: from its "[n]" line on
        std::size_t rows = 0;
        for (std::size_t i = first; i < lines.size(); ++i)
          rows += wrap_narration(lines[i], kScreenColumns - 2).size();
        if (rows > 12) continue;
        const Screen sc = play_screen(m, m.view(viewer), steps, style, "");
        check(sc, g->id + " step " + std::to_string(step), worst);
        std::string shown;
        for (int r = 1; r <= sc.log_rows; ++r) {
          shown += sc.lines[static_cast<std::size_t>(r)] + "\n";
          EXPECT_NE(sc.lines[static_cast<std::size_t>(r)].substr(
                        std::max<std::size_t>(3, sc.lines[static_cast<std::size_t>(r)].size()) - 3),
                    "...")
              << g->id << ": " << sc.lines[static_cast<std::size_t>(r)];
        }
        for (std::size_t i = first; i < lines.size(); ++i) {
          ++checked;
          wrapped += display_columns(lines[i]) > kScreenColumns - 2;
          EXPECT_NE(words_of(shown).find(words_of(lines[i])), std::string::npos)
              << g->id << " step " << step << ": '" << lines[i] << "' not in\n"
              << shown;
        }
      }
    }
  }
  EXPECT_GT(checked, 100);
  EXPECT_GT(wrapped, 0);  // some lines are longer than a row, and they are wrapped
}

}  // namespace
}  // namespace turf::cli
