// Action ids as the rules documents give them (docs/rules/<game>.md, "Actions": what `turf rules
// GAME --full` prints, docs/bots.md "Action ids"), checked against every legal action of seeded
// games: each id falls in exactly one documented row, its JSON has the row's type (Turf Wars: the
// step, one of the row's steps), and it decodes by the row's formula ("600 + 16 × seat + pile")
// into values that each stand for one thing (the same decoded value always has the same JSON
// field, integer fields equal to it). And the one way to read every game's decision
// (decision_step, docs/bots.md "The step and the pass"): the step's name and its pass.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

#include "core/game.h"
#include "core/rng.h"
#include "core/view.h"

namespace turf {
namespace {

// One row of a game's action table.
struct Row {
  std::string text;          // the id column as written
  std::vector<Action> list;  // explicit ids ("2, 3"), or empty
  Action base = 0;           // a formula's first number
  Action end = 0;            // the next row's first number (the row's ids are [base, end))
  std::vector<std::pair<long, std::string>> terms;  // coefficient × variable, largest first
  std::string last;                                 // the variable with coefficient 1
  std::set<std::string> types;                      // the JSON column's "type" values
  std::set<std::string> steps;                      // Turf Wars: the steps column
  bool any_step = false;                            // "several"
};

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t`");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t`") - b + 1);
}

std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::string cur;
  bool in_code = false;
  for (std::size_t i = 1; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '`') in_code = !in_code;
    if (c == '|' && !in_code) {
      out.push_back(trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  return out;
}

// The action table of the game's rules text (the section "## Actions").
std::vector<Row> action_rows(const GameInfo& game) {
  std::istringstream in{std::string(game.rules_text)};
  std::string line;
  bool in_section = false;
  std::vector<std::string> header;
  std::vector<Row> rows;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) {
      if (in_section) break;
      in_section = line == "## Actions";
      continue;
    }
    if (!in_section || line.rfind("|", 0) != 0) continue;
    auto c = cells(line);
    if (header.empty()) {
      header = c;
      continue;
    }
    if (c.front().find("---") != std::string::npos) continue;
    Row r;
    r.text = c.front();
    std::string id = std::regex_replace(r.text, std::regex("\\([^)]*\\)"), "");
    if (std::regex_match(id, std::regex("\\s*\\d+(\\s*,\\s*\\d+)*\\s*"))) {
      std::istringstream ids(std::regex_replace(id, std::regex(","), " "));
      for (Action a; ids >> a;) r.list.push_back(a);
      r.base = r.list.front();
    } else {
      // "B + k × name + name", "B + name × k + name"
      std::istringstream terms(std::regex_replace(id, std::regex("\\+"), " + "));
      std::string part, term;
      std::vector<std::string> parts;
      for (std::string w; terms >> w;) {
        if (w == "+") {
          parts.push_back(trim(term));
          term.clear();
        } else {
          term += " " + w;
        }
      }
      parts.push_back(trim(term));
      r.base = std::stoi(parts.front());
      for (std::size_t k = 1; k < parts.size(); ++k) {
        std::smatch m;
        if (std::regex_match(parts[k], m, std::regex("(\\d+) × (\\w+)")))
          r.terms.emplace_back(std::stol(m[1]), m[2]);
        else if (std::regex_match(parts[k], m, std::regex("(\\w+) × (\\d+)")))
          r.terms.emplace_back(std::stol(m[2]), m[1]);
        else if (std::regex_match(parts[k], m, std::regex("(\\w+)")))
          r.last = m[1];
        else
          ADD_FAILURE() << game.id << ": cannot read the id formula '" << r.text << "'";
      }
      std::sort(r.terms.begin(), r.terms.end(), std::greater<>());
    }
    const std::string& json = c.back();
    std::smatch m;
    for (auto it = json.cbegin();
         std::regex_search(it, json.cend(), m, std::regex("\"type\":\"(\\w+)\""));
         it = m.suffix().first)
      r.types.insert(m[1]);
    const auto steps = std::find(header.begin(), header.end(), "steps");
    if (steps != header.end()) {
      const std::string& st = c[static_cast<std::size_t>(steps - header.begin())];
      r.any_step = st == "several";
      std::istringstream words(std::regex_replace(st, std::regex(","), " "));
      for (std::string w; words >> w;) r.steps.insert(w);
    }
    rows.push_back(std::move(r));
  }
  // A formula row's ids run up to the next row's first id.
  std::vector<Action> starts;
  for (const auto& r : rows) starts.push_back(r.base);
  std::sort(starts.begin(), starts.end());
  for (auto& r : rows) {
    const auto next = std::upper_bound(starts.begin(), starts.end(), r.base);
    r.end = next == starts.end() ? std::numeric_limits<Action>::max() : *next;
  }
  return rows;
}

// "cell = (y + 32) × 64 + (x + 32)" under a table (dungeon's cells).
struct CellFormula {
  long y = 0, row = 0, x = 0;
};
std::optional<CellFormula> cell_formula(const GameInfo& game) {
  const std::string text(game.rules_text);
  std::smatch m;
  if (!std::regex_search(text, m,
                         std::regex("cell = \\(y \\+ (\\d+)\\) × (\\d+) \\+ \\(x \\+ (\\d+)\\)")))
    return std::nullopt;
  return CellFormula{std::stol(m[1]), std::stol(m[2]), std::stol(m[3])};
}

const Row* row_of(const std::vector<Row>& rows, Action id) {
  for (const auto& r : rows)
    if (!r.list.empty() && std::find(r.list.begin(), r.list.end(), id) != r.list.end()) return &r;
  for (const auto& r : rows)
    if (r.list.empty() && id >= r.base && id < r.end) return &r;
  return nullptr;
}

// Every legal action of the seat to move at every step of seeded random games.
template <class F>
void each_decision(const GameInfo& g, int games, F&& f) {
  std::vector<Action> legal;
  for (int players = g.min_players; players <= g.max_players; ++players) {
    const Options o = g.resolve({{"players", std::to_string(players)}});
    for (int seed = 1; seed <= games; ++seed) {
      auto s = g.create(o, 7000 + static_cast<std::uint64_t>(seed));
      Rng rng(static_cast<std::uint64_t>(seed));
      for (int k = 0; !s->terminal() && k <= s->length_bound(); ++k) {
        const View v = s->view(s->to_move());
        f(v, players);
        s->legal_actions(legal);
        s->apply(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
      }
    }
  }
}

TEST(ActionIds, EveryLegalActionDecodesByTheDocumentedTable) {
  for (const auto& g : Registry::instance().games()) {
    SCOPED_TRACE(g->id);
    const auto rows = action_rows(*g);
    ASSERT_GE(rows.size(), 5u) << "no action table in the rules text";
    const auto cell = cell_formula(*g);
    if (g->id == "dungeon") {
      EXPECT_TRUE(cell) << "dungeon's table names cells by a formula";
    }
    // per player count (a board's size), row and variable: decoded value -> the JSON field of
    // that name
    std::map<std::tuple<int, std::string, std::string>, std::map<long, std::string>> meaning;
    std::set<std::string> used;
    long checked = 0;
    each_decision(*g, 12, [&](const View& v, int players) {
      for (const auto& la : v.legal()) {
        const Row* r = row_of(rows, la.id);
        ASSERT_TRUE(r) << "id " << la.id << " (" << la.label << ") is in no row of the table";
        used.insert(r->text);
        const std::string type = la.json.value("type", "");
        if (!r->steps.empty() || r->any_step) {  // Turf Wars: the type is the step
          EXPECT_TRUE(r->any_step || r->steps.count(type))
              << "id " << la.id << " " << la.json.dump() << ": step not in '" << r->text << "'";
        } else {
          EXPECT_TRUE(r->types.count(type))
              << "id " << la.id << " " << la.json.dump() << ": type not in row '" << r->text << "'";
        }
        if (!r->list.empty()) continue;
        long rest = la.id - r->base;
        std::vector<std::pair<std::string, long>> values;
        for (const auto& [coef, name] : r->terms) {
          values.emplace_back(name, rest / coef);
          rest %= coef;
        }
        if (!r->last.empty()) {
          values.emplace_back(r->last, rest);
        } else {
          EXPECT_EQ(rest, 0) << "id " << la.id << " of '" << r->text << "'";
        }
        for (const auto& [name, n] : values) {
          const auto field = la.json.find(name);
          if (name == "cell" && cell && la.json.contains("x") && la.json.contains("y")) {
            // dungeon: "cell = (y + 32) × 64 + (x + 32)", as the text says under the table
            EXPECT_EQ(n, (la.json["y"].get<long>() + cell->y) * cell->row +
                             (la.json["x"].get<long>() + cell->x))
                << "id " << la.id << " " << la.json.dump();
            continue;
          }
          if (field == la.json.end() || name == "type") continue;  // "type" is the JSON's kind
          if (field->is_number_integer()) {
            EXPECT_EQ(field->get<long>(), n) << name << " of id " << la.id << " " << la.json.dump();
            continue;
          }
          const std::string what = field->dump();
          // The same decoded value always names the same thing (two values may name things of the
          // same name: Turf Wars' action cards of one kind at two priorities).
          const auto [it, fresh] = meaning[{players, r->text, name}].emplace(n, what);
          EXPECT_EQ(it->second, what)
              << name << "=" << n << " of '" << r->text << "' (id " << la.id << ")";
          (void)fresh;
        }
        ++checked;
      }
    });
    EXPECT_GT(checked, 1000);
    // Most rows are met in a dozen random games a player count (the rare ones need a rare card).
    EXPECT_GE(used.size() * 10, rows.size() * 6) << used.size() << " of " << rows.size();
  }
}

// The JSON of a pass in each game, as docs/bots.md ("The step and the pass") lists them.
bool documented_pass(const std::string& game, const nlohmann::json& j) {
  const std::string type = j.value("type", "");
  if (game == "dungeon") return type == "pass";
  if (game == "yard") return type == "done" || type == "stop";
  if (game == "turfwars")
    return j.value("choice", "") == "pass" || j.value("choice", "") == "stay_out";
  if (game == "cryhavoc") return type == "done" || type == "end_turn" || type == "pass";
  return false;
}

TEST(DecisionStep, EveryGameNamesItsStepAndItsPass) {
  for (const auto& g : Registry::instance().games()) {
    SCOPED_TRACE(g->id);
    std::set<std::string> names;
    long with_pass = 0, decisions = 0;
    each_decision(*g, 6, [&](const View& v, int) {
      const DecisionStep d = decision_step(v);
      ++decisions;
      EXPECT_FALSE(d.name.empty());
      EXPECT_NE(d.name, "decision") << "the game has no step names";
      EXPECT_NE(d.name, "over");
      names.insert(d.name);
      // The game's own field says the same where it has one.
      const auto j = v.to_json();
      if (g->id == "dungeon") {
        EXPECT_EQ(d.name,
                  (j.contains("pending") ? j["pending"]["step"] : j["step"]).get<std::string>());
      } else if (g->id == "turfwars") {
        EXPECT_EQ(d.name, j["step"].get<std::string>());
      } else if (g->id == "cryhavoc") {
        EXPECT_EQ(d.name, j["decision"]["step"].get<std::string>());
      }
      // The pass: legal, of the documented form; and whenever a documented pass is legal, the
      // step has a pass (one of them: at most one is legal at a time).
      int passes = 0;
      for (const auto& la : v.legal()) passes += documented_pass(g->id, la.json);
      EXPECT_LE(passes, 1) << "two ways to pass at " << d.name;
      EXPECT_EQ(d.pass.has_value(), passes > 0) << d.name;
      if (d.pass) {
        ++with_pass;
        const auto it = std::find_if(v.legal().begin(), v.legal().end(),
                                     [&](const LegalAction& la) { return la.id == *d.pass; });
        ASSERT_NE(it, v.legal().end());
        EXPECT_TRUE(documented_pass(g->id, it->json)) << it->json.dump();
      }
    });
    EXPECT_GE(names.size(), 3u);
    EXPECT_GT(with_pass, 0);
    EXPECT_LT(with_pass, decisions);
    // Not the seat to move: no pass.
    const auto s = g->create(g->resolve({}), 3);
    const Seat other = (s->to_move() + 1) % s->num_seats();
    EXPECT_FALSE(decision_step(s->view(other)).pass.has_value());
  }
}

}  // namespace
}  // namespace turf
