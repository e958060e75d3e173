// `turf cards GAME [NAME] [--json]`: the texts of a game's cards, tiles, events, Neighbors, ...
// from the game's cards hook (issue 16), and the look-up the terminal table's `look NAME` uses.
#include <algorithm>
#include <cctype>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "core/game.h"

namespace turf::cli {

namespace {

std::string folded(const std::string& s) {
  std::string out;
  for (char c : s)
    if (std::isalnum(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string field(const nlohmann::json& c, const char* key) {
  if (!c.contains(key)) return "";
  const auto& v = c[key];
  return v.is_string() ? v.get<std::string>() : v.dump();
}

}  // namespace

nlohmann::json game_cards(const GameInfo& game) {
  if (!game.cards) throw Error(game.id + " has no card texts yet");
  return game.cards();
}

const nlohmann::json& find_card(const nlohmann::json& cards, const std::string& name,
                                const std::string& game) {
  const std::string want = folded(name);
  for (const auto& c : cards)
    if (folded(field(c, "id")) == want || folded(field(c, "name")) == want) return c;
  // A unique part of a name is enough ("gnome" for Garden Gnome).
  const nlohmann::json* only = nullptr;
  int hits = 0;
  for (const auto& c : cards)
    if (!want.empty() && folded(field(c, "name")).find(want) != std::string::npos) {
      only = &c;
      ++hits;
    }
  if (hits == 1) return *only;
  std::string best;
  std::size_t best_d = 1000;
  for (const auto& c : cards) {
    // The whole name, or its start as long as what was typed ("cranw" for Crane Wife).
    const std::string n = folded(field(c, "name"));
    const std::size_t d =
        std::min(edit_distance(want, n), edit_distance(want, n.substr(0, want.size())) + 1);
    if (d < best_d) best_d = d, best = field(c, "name");
  }
  std::string msg = game + " has no card named '" + name + "'";
  if (best_d <= std::max<std::size_t>(2, want.size() / 3)) msg += "; did you mean '" + best + "'?";
  return (throw Error(msg + " (see `turf cards " + game + "`)"), cards.front());
}

std::string card_summary(const nlohmann::json& c) {
  std::string kind = field(c, "kind");
  if (c.contains("types") && c["types"].is_array()) {
    kind.clear();
    for (const auto& t : c["types"]) kind += (kind.empty() ? "" : "/") + t.get<std::string>();
  }
  std::string s = field(c, "name") + " [" + kind;
  if (c.contains("cost_text"))  // a price in the game's own unit ("5 DP")
    s += ", " + field(c, "cost_text");
  else if (c.contains("cost"))
    s += ", $" + field(c, "cost");
  if (c.contains("points_text"))
    s += ", " + field(c, "points_text");
  else if (c.contains("points") && c["points"] != 0)
    s += ", " + field(c, "points") + " VP";
  s += "]: " + field(c, "text");
  return s;
}

std::string card_details(const nlohmann::json& c) {
  std::string s = field(c, "name") + "  (" + field(c, "kind") + ", id " + field(c, "id") + ")\n";
  s += "  " + field(c, "text") + "\n";
  for (const auto& [k, v] : c.items()) {
    if (k == "id" || k == "name" || k == "kind" || k == "text") continue;
    s += "  " + k + ": " + (v.is_string() ? v.get<std::string>() : v.dump()) + "\n";
  }
  return s;
}

int cards(const std::string& game_id, const std::string& name, bool json) {
  const GameInfo& g = Registry::instance().find(game_id);
  const auto all = game_cards(g);
  if (!name.empty()) {
    const auto& c = find_card(all, name, g.id);
    std::cout << (json ? c.dump(2) + "\n" : card_details(c));
    return 0;
  }
  if (json) {
    std::cout << all.dump(2) << "\n";
    return 0;
  }
  std::string kind;
  for (const auto& c : all) {
    if (field(c, "kind") != kind) {
      std::cout << (kind.empty() ? "" : "\n") << field(c, "kind") << "s:\n";
      kind = field(c, "kind");
    }
    std::cout << "  " << card_summary(c) << "  (" << field(c, "tag") << ")\n";
  }
  std::cout << "\nTags: found = printed content; inferred = implied by the rules; designed = ours."
            << "\n`turf cards " << g.id << " NAME` shows one card in full.\n";
  return 0;
}

}  // namespace turf::cli
