// The screen `turf play` draws for a human (issue 16): the title, the latest narration as the
// viewer knows it, the board drawn by the game, the menu of legal actions, the command line, a
// notice and the prompt, last. It fits a terminal of 80 columns and 40 rows: the log gets the
// rows the rest leaves (2 to 12), and always the whole of the latest step's narration, wrapped
// (up to 12 rows), so the prompt and the viewer's own hand, which the games draw last, are never
// scrolled away; a board too tall for what is left loses its top lines (the `board` command
// shows it whole). tests/screen_test.cpp draws it at many positions of every game
// and player count and checks the size.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/match.h"
#include "core/narration.h"
#include "core/term.h"
#include "core/view.h"

namespace turf::cli {

// The terminal's column helpers (core/term.h), by their short names here.
using term::display_columns;
using term::fit_columns;
using term::split_lines;
using term::wrap_words;

inline constexpr int kScreenRows = 40;
inline constexpr int kScreenColumns = 80;

struct Screen {
  std::vector<std::string> lines;  // the last one is the prompt (no newline after it)
  int log_rows = 0;                // narration lines shown
  int board_rows = 0;              // rows the game's board takes
  int cut_rows = 0;                // rows cut from the top of the board to fit (0: none)
};

// The screen for `v` (the viewer's view, labelled). With `thinking` set (a bot's seat), the menu
// and prompt give way to "<name> is thinking…". `notice` is a message for the viewer (an error,
// a card's text). `story` is the viewer's own narration, step by step (the table keeps it:
// table::Table::story; core/narration.h Story).
Screen play_screen(const Match& m, const View& v, const std::vector<std::vector<Narration>>& story,
                   const DrawStyle& style, const std::string& notice, Seat thinking = kNobody);

// A story's lines from step `first` on, "[move] text", oldest first, seats named (the log of the
// screen and the `log` command).
std::vector<std::string> narration_lines(const std::vector<std::vector<Narration>>& story,
                                         const std::vector<std::string>& names,
                                         std::size_t first = 0);

// A narration line ("[12] text" or an indented follow-up line) broken at spaces into lines of at
// most `width` columns, each further line indented under the text (issue 23: the line that says
// what just happened is never cut). A word longer than a line is cut with "...".
std::vector<std::string> wrap_narration(const std::string& line, std::size_t width);

}  // namespace turf::cli
