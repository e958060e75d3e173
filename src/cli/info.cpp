// `turf games` and `turf rules`.
#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "core/game.h"

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
    for (const auto& g : reg.games()) {
      nlohmann::json opts = nlohmann::json::array();
      for (const auto& o : g->options) {
        nlohmann::json oj = {{"name", o.name},
                             {"type", o.kind == OptionSpec::Kind::Integer ? "integer" : "choice"},
                             {"default", o.default_value},
                             {"help", o.help}};
        if (o.kind == OptionSpec::Kind::Integer) {
          oj["min"] = o.min;
          oj["max"] = o.max;
        } else {
          oj["choices"] = o.choices;
        }
        opts.push_back(std::move(oj));
      }
      j.push_back({{"id", g->id},
                   {"title", g->title},
                   {"summary", g->summary},
                   {"rules_version", g->rules_version},
                   {"min_players", g->min_players},
                   {"max_players", g->max_players},
                   {"options", opts}});
    }
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

int rules(const std::string& game) {
  const GameInfo& g = Registry::instance().find(game);
  std::cout << g.rules_text;
  if (!g.rules_text.empty() && g.rules_text.back() != '\n') std::cout << "\n";
  return 0;
}

}  // namespace turf::cli
