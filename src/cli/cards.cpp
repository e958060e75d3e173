// `turf cards GAME [NAME] [--json]`: the texts of a game's cards, tiles, events, Neighbors, ...
// from the game's cards hook (issue 16), and the look-up the terminal table's `look NAME` uses.
#include <algorithm>
#include <cctype>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/screen.h"
#include "core/game.h"
#include "core/text.h"
#include "core/variant.h"
#include "lab/experiment.h"

namespace turf::cli {

namespace {

std::string folded(const std::string& s) {
  std::string out;
  for (char c : s)
    if (std::isalnum(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string field(const nlohmann::json& c, const char* key) {
  if (!c.contains(key)) return "";
  const auto& v = c[key];
  return v.is_string() ? v.get<std::string>() : v.dump();
}

}  // namespace

nlohmann::json game_cards(const GameInfo& game, const Options& options) {
  if (!game.cards) throw Error(game.id + " has no card texts yet");
  nlohmann::json all = game.cards_for(options);  // a variant's where the options name one
  for (auto& c : all) {
    if (!c.contains("text_by_option")) continue;
    for (const auto& [key, texts] : c["text_by_option"].items()) {
      const auto v = options.values().find(key);
      if (v != options.values().end() && texts.contains(v->second)) c["text"] = texts[v->second];
    }
    c.erase("text_by_option");  // said: the text is these options' now
  }
  return all;
}

std::string priority_order(const nlohmann::json& cards) {
  struct Entry {
    int first;           // priority
    std::string second;  // group
    std::size_t at;      // the order the cards list it in: ties keep it
  };
  std::vector<Entry> order;
  for (const auto& c : cards)
    if (c.contains("priorities") && c.contains("group"))
      for (const auto& p : c["priorities"])
        order.push_back({p.get<int>(), c["group"].get<std::string>(), order.size()});
  // (No std::stable_sort: libstdc++ 12's get_temporary_buffer is deprecated under clang.)
  std::sort(order.begin(), order.end(), [](const Entry& a, const Entry& b) {
    return a.first != b.first ? a.first < b.first : a.at < b.at;
  });
  std::vector<std::string> runs;
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && order[j + 1].second == order[i].second) ++j;
    runs.push_back(order[i].second + " " + std::to_string(order[i].first) +
                   (order[j].first != order[i].first ? "-" + std::to_string(order[j].first) : ""));
    i = j + 1;
  }
  std::string out;
  for (std::size_t i = 0; i < runs.size(); ++i)
    out += (i == 0 ? "" : i + 1 == runs.size() ? " and " : ", ") + runs[i];
  return out;
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

namespace {

// "points_text" -> "points text": a field's name as words.
std::string words(const std::string& key) {
  std::string out = key;
  std::replace(out.begin(), out.end(), '_', ' ');
  return out;
}

// A field's value in words: lists joined, objects as "2 in edition 1, 3 in edition 2", true as
// "yes", another card's id as its name (`all`: the game's cards); "" for what says nothing
// (false, 0, empty).
std::string value_words(const nlohmann::json& v, const nlohmann::json& all) {
  if (v.is_string()) {
    if (all.is_array())
      for (const auto& c : all)
        if (c.is_object() && c.value("id", "") == v.get<std::string>())
          return c.value("name", v.get<std::string>());
    return v.get<std::string>();
  }
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "";
  if (v.is_number_integer()) return v.get<long long>() == 0 ? "" : v.dump();
  if (v.is_number()) return v.dump();
  std::string out;
  if (v.is_array()) {
    for (const auto& e : v)
      if (const std::string w = value_words(e, all); !w.empty())
        out += (out.empty() ? "" : ", ") + w;
  } else if (v.is_object()) {
    for (const auto& [k, e] : v.items())
      if (const std::string w = value_words(e, all); !w.empty())
        out += (out.empty() ? "" : ", ") + w + " in " + words(k);
  }
  return out;
}

// The price: "$6" where the game counts in dollars ("cost_unit": "$"), "4 DP" for another unit,
// "cost 4" without one.
std::string cost_words(const nlohmann::json& c) {
  const std::string n = field(c, "cost"), unit = field(c, "cost_unit");
  if (unit == "$") return "$" + n;
  return unit.empty() ? "cost " + n : n + " " + unit;
}

const char* tag_words(const std::string& tag) {
  if (tag == "found") return "found: printed content";
  if (tag == "inferred") return "inferred: implied by the rules";
  if (tag == "designed") return "designed: ours";
  if (tag == "expansion") return "expansion: from an expansion";
  return "";
}

// `text` broken at spaces into lines of at most `width` columns after `indent`.
std::string wrapped(const std::string& text, const std::string& indent, std::size_t width) {
  std::string out;
  for (const auto& line : wrap_words(text, width - indent.size())) out += indent + line + "\n";
  return out;
}

}  // namespace

std::string card_summary(const nlohmann::json& c) {
  std::string kind = words(field(c, "kind"));
  if (c.contains("types") && c["types"].is_array()) {
    kind.clear();
    for (const auto& t : c["types"]) kind += (kind.empty() ? "" : "/") + t.get<std::string>();
  }
  std::string s = field(c, "name") + " [" + kind;
  if (c.contains("cost")) s += ", " + cost_words(c);
  if (c.contains("points_text"))
    s += ", " + field(c, "points_text");
  else if (c.contains("points") && c["points"] != 0)
    s += ", " + field(c, "points") + " VP";
  s += "]: " + field(c, "text");
  return s;
}

// What a player reads of one card (`look NAME`, `turf cards GAME NAME`): its name, kind and types,
// its text, then its other facts in words; never the data's field names as they are written or
// its JSON (issue 23).
std::string card_details(const nlohmann::json& c, const nlohmann::json& all) {
  std::string kind = words(field(c, "kind"));
  if (c.contains("types") && c["types"].is_array() && !c["types"].empty())
    kind += ": " + value_words(c["types"], all);
  std::string s = field(c, "name") + "  (" + kind + ")\n";
  s += wrapped(field(c, "text"), "  ", 78);
  std::string facts;
  const auto fact = [&](const std::string& f) {
    if (!f.empty()) facts += (facts.empty() ? "" : "; ") + f;
  };
  if (c.contains("cost")) fact(cost_words(c));
  if (c.contains("points_text"))
    fact(field(c, "points_text"));
  else if (c.contains("points") && c["points"].is_number() && c["points"] != 0)
    fact(field(c, "points") + " VP");
  if (c.contains("count")) {
    const std::string n = value_words(c["count"], all);
    if (!n.empty()) fact("copies: " + n);
  }
  if (c.contains("starting") && c["starting"] == true) fact("in every starting hand");
  for (const auto& [k, v] : c.items()) {
    if (k == "id" || k == "name" || k == "kind" || k == "text" || k == "types" || k == "cost" ||
        k == "cost_unit" || k == "points" || k == "points_text" || k == "count" ||
        k == "starting" || k == "tag" || k == "designed")
      continue;
    const std::string w = value_words(v, all);
    if (!w.empty()) fact(words(k) + (v.is_boolean() ? "" : ": " + w));
  }
  if (c.contains("tag")) fact(tag_words(field(c, "tag")));
  if (!facts.empty()) s += wrapped(facts + ".", "  ", 78);
  if (c.contains("designed") && !value_words(c["designed"], all).empty()) {
    std::string d;
    for (const auto& e : c["designed"]) d += (d.empty() ? "" : "; ") + value_words(e, all);
    s += wrapped("Designed by us: " + d + ".", "  ", 78);
  }
  return s;
}

std::string card_details(const nlohmann::json& c) {
  return card_details(c, nlohmann::json());
}

int cards(const std::string& game_id, const std::string& name, bool json,
          const std::vector<std::string>& options, const std::string& variant) {
  const GameInfo& g = Registry::instance().find(game_id);
  auto given = parse_option_list(options);
  if (!variant.empty()) given["variant"] = variant_option_text(lab::read_variant(g, variant));
  const auto all = game_cards(g, g.resolve(given));
  if (!name.empty()) {
    const auto& c = find_card(all, name, g.id);
    std::cout << (json ? c.dump(2) + "\n" : card_details(c, all));
    return 0;
  }
  if (json) {
    std::cout << all.dump(2) << "\n";
    return 0;
  }
  std::string kind;
  for (const auto& c : all) {
    if (field(c, "kind") != kind) {
      std::cout << (kind.empty() ? "" : "\n") << words(field(c, "kind")) << "s:\n";
      kind = field(c, "kind");
    }
    std::cout << "  " << card_summary(c) << "  (" << field(c, "tag") << ")\n";
  }
  std::cout << "\nTags: found = printed content; inferred = implied by the rules; designed = ours."
            << "\n`turf cards " << g.id << " NAME` shows one card in full.\n";
  return 0;
}

}  // namespace turf::cli
