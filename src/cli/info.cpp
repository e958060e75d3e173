// `turf games` and `turf rules`.
#include <sys/ioctl.h>
#include <unistd.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "cli/commands.h"
#include "core/embedded.h"
#include "core/game.h"
#include "core/term.h"

namespace turf::cli {

std::map<std::string, std::string> parse_option_list(const std::vector<std::string>& items) {
  std::map<std::string, std::string> out;
  for (const auto& item : items) {
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error("option '" + item + "' must be written key=value");
    const std::string key = item.substr(0, eq);
    if (out.count(key)) throw Error("option '" + key + "' is given twice");
    out[key] = item.substr(eq + 1);
  }
  return out;
}

int games(bool json) {
  const auto& reg = Registry::instance();
  if (json) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& g : reg.games()) j.push_back(g->catalogue_json());
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  for (const auto& g : reg.games()) {
    const std::string players =
        g->min_players == g->max_players
            ? std::to_string(g->min_players)
            : std::to_string(g->min_players) + "-" + std::to_string(g->max_players);
    std::cout << g->id << "  " << g->title << "  (" << players << " players)\n";
    std::cout << "    " << g->summary << "\n";
    for (const auto& o : g->options)
      std::cout << "    --option " << o.name << "=" << o.allowed_text() << "  (default "
                << o.default_value << ")  " << o.help << "\n";
  }
  return 0;
}

std::string game_short_help(const GameInfo& g) {
  try {
    const std::string page(embedded_file("data/" + g.id + "/howto.md"));
    // A line holding `{priority order}` gets the cards' order of play, from the game's card
    // catalogue (priority_order), and is wrapped under its own text.
    const std::string marker = "{priority order}";
    if (page.find(marker) == std::string::npos) return page;
    std::string out;
    for (const auto& line : term::split_lines(page)) {
      const auto at = line.find(marker);
      if (at == std::string::npos) {
        out += line + "\n";
        continue;
      }
      std::size_t indent = 0;  // an item "  4. Draft: ..." goes on under its text
      while (indent < line.size() && (line[indent] == ' ' || line[indent] == '.' ||
                                      (line[indent] >= '0' && line[indent] <= '9')))
        ++indent;
      out += term::wrap_indented(line.substr(0, at) + priority_order(game_cards(g, Options{})) +
                                     line.substr(at + marker.size()),
                                 76, indent);
    }
    return out;
  } catch (const std::logic_error&) {
    return g.title + "\n" + g.summary + "\n(`turf rules " + g.id + " --full` has the rules.)\n";
  }
}

namespace {
int terminal_rows() {
  winsize w{};
  return ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_row > 0 ? w.ws_row : 24;
}
}  // namespace

void show_paged(const std::string& text) {
  const long lines = std::count(text.begin(), text.end(), '\n');
  if (term::stdout_is_tty() && lines > terminal_rows() - 2) {
    const char* env = std::getenv("PAGER");
    const std::string pager = env && *env ? env : "less -R";
    if (FILE* f = popen(pager.c_str(), "w")) {
      std::fwrite(text.data(), 1, text.size(), f);
      if (pclose(f) == 0) return;
    }
  }
  std::cout << text << std::flush;
}

int rules(const std::string& game, bool full) {
  const GameInfo& g = Registry::instance().find(game);
  std::string text = full ? std::string(g.rules_text) : game_short_help(g);
  if (!text.empty() && text.back() != '\n') text += "\n";
  if (!full)
    text += "\nThe full rules digest, clause by clause: turf rules " + g.id + " --full\n" +
            (g.cards ? "Every card's text: turf cards " + g.id + "\n" : std::string());
  show_paged(text);
  return 0;
}

}  // namespace turf::cli
