#include "core/term.h"

#include <string_view>
#include <vector>

#include <termios.h>
#include <unistd.h>

#include <csignal>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace turf::term {

bool stdout_is_tty() {
  return isatty(STDOUT_FILENO) == 1;
}
bool stdin_is_tty() {
  return isatty(STDIN_FILENO) == 1;
}

bool colour_wanted() {
  const char* no = std::getenv("NO_COLOR");
  if (no && *no) return false;
  const char* t = std::getenv("TERM");
  if (t && std::strcmp(t, "dumb") == 0) return false;
  return stdout_is_tty();
}

bool unicode_wanted() {
  for (const char* var : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    const char* v = std::getenv(var);
    if (v && *v) return std::strstr(v, "UTF-8") || std::strstr(v, "utf8") || std::strstr(v, "UTF8");
  }
  return true;  // modern terminals default to UTF-8
}

void clear_screen() {
  if (stdout_is_tty()) std::fputs(kClearAll.c_str(), stdout);
}

void discard_typeahead() {
  if (stdin_is_tty()) tcflush(STDIN_FILENO, TCIFLUSH);
}

namespace {

constexpr int kFatalSignals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

extern "C" void leave_alt_screen_and_die(int sig) {
  static const char off[] = "\033[H\033[2J\033[3J\033[?1049l";
  const ssize_t ignored = ::write(STDOUT_FILENO, off, sizeof off - 1);
  (void)ignored;
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

// Ctrl-Z: the shell must not draw its prompt over a player's hand. Leave the alternate screen
// (cleared) before stopping; when continued, come back to a blank one (the next prompt redraws).
extern "C" void leave_alt_screen_and_stop(int sig) {
  static const char off[] = "\033[H\033[2J\033[3J\033[?1049l";
  static const char on[] = "\033[?1049h\033[H\033[2J\033[3J(continued: press Enter to redraw)\r\n";
  ssize_t ignored = ::write(STDOUT_FILENO, off, sizeof off - 1);
  std::signal(sig, SIG_DFL);
  sigset_t set;  // the signal is blocked while its handler runs: let it through to stop
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, nullptr);
  std::raise(sig);  // stops here until SIGCONT
  std::signal(sig, leave_alt_screen_and_stop);
  ignored = ::write(STDOUT_FILENO, on, sizeof on - 1);
  (void)ignored;
}

}  // namespace

AlternateScreen::AlternateScreen() {
  if (!stdout_is_tty()) return;
  active_ = true;
  std::fflush(stdout);
  for (int sig : kFatalSignals) std::signal(sig, leave_alt_screen_and_die);
  std::signal(SIGTSTP, leave_alt_screen_and_stop);
  std::fputs((kAltScreenOn + kClearAll).c_str(), stdout);
  std::fflush(stdout);
}

AlternateScreen::~AlternateScreen() {
  if (!active_) return;
  std::fflush(stdout);
  std::fputs((kClearAll + kAltScreenOff).c_str(), stdout);
  std::fflush(stdout);
  for (int sig : kFatalSignals) std::signal(sig, SIG_DFL);
  std::signal(SIGTSTP, SIG_DFL);
}

std::size_t display_columns(std::string_view line) {
  std::size_t cols = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\033') {
      while (i < line.size() && line[i] != 'm') ++i;
      continue;
    }
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++cols;
  }
  return cols;
}

std::string fit_columns(const std::string& text, std::size_t width) {
  if (display_columns(text) <= width) return text;
  std::string out;
  std::size_t cols = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool starts = (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
    if (starts && cols == width - 3) break;
    if (starts) ++cols;
    out += text[i];
  }
  return out + "...";
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::vector<std::string> wrap_words(const std::string& text, std::size_t width) {
  std::vector<std::string> out;
  for (const auto& para : split_lines(text)) {
    std::string line;
    std::size_t at = 0;
    while (at <= para.size()) {
      std::size_t next = para.find(' ', at);
      if (next == std::string::npos) next = para.size();
      const std::string word = para.substr(at, next - at);
      if (!line.empty() && display_columns(line) + 1 + display_columns(word) > width) {
        out.push_back(line);
        line.clear();
      }
      line += (line.empty() ? "" : " ") + word;
      at = next + 1;
    }
    out.push_back(fit_columns(line, width));
  }
  return out;
}

std::string wrap_indented(const std::string& text, std::size_t width, std::size_t indent) {
  std::size_t lead = 0;
  while (lead < text.size() && text[lead] == ' ') ++lead;
  std::string out, line = text.substr(0, lead);
  bool first = true;
  std::size_t start = lead;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!first && display_columns(line) + 1 + display_columns(word) > width) {
      out += line + "\n";
      line = std::string(indent, ' ') + word;
    } else {
      line += (first ? "" : " ") + word;
    }
    first = false;
    start = end + 1;
  }
  return out + line + "\n";
}

}  // namespace turf::term
