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

}  // namespace
}  // namespace turf::cli
