// Small terminal helpers: ANSI styles, and whether the terminal wants them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace turf::term {

inline const std::string kReset = "\033[0m";
inline const std::string kBold = "\033[1m";
inline const std::string kDim = "\033[2m";
inline const std::string kRed = "\033[31m";
inline const std::string kGreen = "\033[32m";
inline const std::string kYellow = "\033[33m";
inline const std::string kBlue = "\033[34m";
inline const std::string kMagenta = "\033[35m";
inline const std::string kCyan = "\033[36m";

// `text` wrapped in `style` when colour is on.
inline std::string paint(bool colour, const std::string& style, const std::string& text) {
  return colour ? style + text + kReset : text;
}

// Columns a line takes on a terminal: ANSI colour sequences take none, a UTF-8 character one.
std::size_t display_columns(std::string_view line);

// `text` cut to at most `width` columns (colour sequences kept; a cut line ends in "...").
std::string fit_columns(const std::string& text, std::size_t width);

// The lines of a text, without their '\n'.
std::vector<std::string> split_lines(const std::string& text);

// Plain text broken at spaces into lines of at most `width` columns, each line of the text
// (each paragraph) on its own; a word longer than a line is cut with "...".
std::vector<std::string> wrap_words(const std::string& text, std::size_t width);

// One line of text (its leading blanks kept) broken at spaces into lines of at most `width`
// columns, each ending in '\n'; the lines after the first start with `indent` spaces. A word
// longer than a line stands alone on its line.
std::string wrap_indented(const std::string& text, std::size_t width, std::size_t indent);

// True when stdout is a terminal and NO_COLOR is not set (https://no-color.org).
bool colour_wanted();
// True when stdout (or stdin) is a terminal.
bool stdout_is_tty();
bool stdin_is_tty();
// True when the locale can show UTF-8 box-drawing characters.
bool unicode_wanted();
// Clears the screen and the terminal's scrollback (ESC[2J ESC[3J), only on a terminal.
void clear_screen();

// The escape sequences of the hot seat (see docs/security.md).
inline const std::string kClearAll = "\033[H\033[2J\033[3J";  // home, screen, scrollback
inline const std::string kAltScreenOn = "\033[?1049h";
inline const std::string kAltScreenOff = "\033[?1049l";

// Drops whatever was typed on a terminal stdin and not read yet (tcflush); no-op otherwise.
void discard_typeahead();

// While alive, output goes to the terminal's alternate screen (no scrollback), which is cleared
// on leaving; a fatal signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) also leaves it before the
// process ends, and Ctrl-Z (SIGTSTP) leaves it before stopping (a blank one is back on SIGCONT).
// Does nothing when stdout is not a terminal.
class AlternateScreen {
 public:
  AlternateScreen();
  ~AlternateScreen();
  AlternateScreen(const AlternateScreen&) = delete;
  AlternateScreen& operator=(const AlternateScreen&) = delete;

 private:
  bool active_ = false;
};

}  // namespace turf::term
