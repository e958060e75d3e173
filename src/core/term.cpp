#include "core/term.h"

#include <unistd.h>

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
  if (stdout_is_tty()) std::fputs("\033[2J\033[H", stdout);
}

}  // namespace turf::term
