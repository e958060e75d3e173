#include "core/game.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>
#include <nlohmann/json.hpp>

#include "core/text.h"
#include "core/variant.h"
#include "core/view.h"

namespace turf {

namespace {

bool parse_int(std::string_view s, int& out) {
  if (s.empty()) return false;
  const char* first = s.data();
  if (*first == '+') ++first;
  auto [p, ec] = std::from_chars(first, s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  if (word.empty() || word.size() > 200) return "";
  const std::string* best = nullptr;
  std::size_t best_d = 0;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (!best || d < best_d) best = &c, best_d = d;
  }
  const std::size_t limit = std::max<std::size_t>(2, word.size() / 3);
  if (!best || best_d == 0 || best_d > limit) return "";
  return " (did you mean '" + *best + "'?)";
}

// ---------------------------------------------------------------------------------------------
// Options

std::string OptionSpec::allowed_text() const {
  if (kind == Kind::Integer) return std::to_string(min) + ".." + std::to_string(max);
  if (kind == Kind::Variant) return "base or a variant (--variant NAME=FILE)";
  std::string out;
  for (const auto& c : choices) out += (out.empty() ? "" : "|") + c;
  return out;
}

std::string OptionSpec::label(std::size_t i) const {
  if (i < labels.size()) return labels[i];
  return i < choices.size() ? choice_label(choices[i]) : "";
}

std::string choice_label(std::string_view id) {
  std::string out(id);
  for (char& ch : out)
    if (ch == '_' || ch == '-') ch = ' ';
  if (!out.empty()) out[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[0])));
  return out;
}

nlohmann::json GameInfo::catalogue_json() const {
  nlohmann::json opts = nlohmann::json::array();
  for (const auto& o : options) {
    const bool integer = o.kind == OptionSpec::Kind::Integer;
    const bool variant = o.kind == OptionSpec::Kind::Variant;
    int def = 0;
    nlohmann::json oj = {
        {"name", o.name},
        {"type", integer   ? "integer"
                 : variant ? "variant"
                           : "choice"},
        {"default", integer && parse_int(o.default_value, def) ? nlohmann::json(def)
                                                               : nlohmann::json(o.default_value)},
        {"help", o.help}};
    if (integer) {
      oj["min"] = o.min;
      oj["max"] = o.max;
    } else if (!variant) {
      oj["choices"] = o.choices;
      auto& labels = oj["labels"] = nlohmann::json::array();
      for (std::size_t i = 0; i < o.choices.size(); ++i) labels.push_back(o.label(i));
    }
    opts.push_back(std::move(oj));
  }
  return {{"id", id},
          {"title", title},
          {"summary", summary},
          {"rules_version", rules_version},
          {"min_players", min_players},
          {"max_players", max_players},
          {"options", std::move(opts)}};
}

const std::string& Options::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw Error("option '" + name + "' is not set");
  return it->second;
}

int Options::get_int(const std::string& name) const {
  int v = 0;
  if (!parse_int(get(name), v)) throw Error("option '" + name + "' is not an integer");
  return v;
}

std::string Options::to_string() const {
  std::string out;
  for (const auto& [k, v] : values_) out += (out.empty() ? "" : ",") + k + "=" + v;
  return out;
}

const OptionSpec* GameInfo::find_option(std::string_view name) const {
  for (const auto& o : options)
    if (o.name == name) return &o;
  return nullptr;
}

nlohmann::json GameInfo::cards_for(const Options& options) const {
  const auto it = options.values().find("variant");
  if (variant_cards && it != options.values().end() && it->second != kBaseVariant)
    return variant_cards(parse_variant_option(it->second).patch);
  return cards ? cards() : nlohmann::json::array();
}

Options GameInfo::resolve(const std::map<std::string, std::string>& given) const {
  std::map<std::string, std::string> values;
  for (const auto& [name, raw] : given) {
    const OptionSpec* spec = find_option(name);
    if (!spec) {
      std::string known;
      std::vector<std::string> names;
      for (const auto& o : options) known += (known.empty() ? "" : ", ") + o.name;
      for (const auto& o : options) names.push_back(o.name);
      throw Error("game '" + id + "' has no option '" + name + "' (options: " + known + ")" +
                  did_you_mean(name, names));
    }
    const std::string value = trim(raw);
    if (spec->kind == OptionSpec::Kind::Integer) {
      int v = 0;
      if (!parse_int(value, v) || v < spec->min || v > spec->max)
        throw Error("option '" + name + "' of game '" + id + "' must be in " +
                    spec->allowed_text() + ", not '" + value + "'");
      values[name] = std::to_string(v);
    } else if (spec->kind == OptionSpec::Kind::Variant) {
      const Variant v = parse_variant_option(value);
      if (v.name != kBaseVariant) {
        if (!load_variant) throw Error("game '" + id + "' has no content variants");
        try {
          load_variant(v.patch);
        } catch (const NoRoomForVariant& e) {
          throw NoRoomForVariant("variant '" + v.name + "': " + e.what());
        } catch (const Error& e) {
          throw Error("variant '" + v.name + "': " + e.what());
        }
        values[name] = variant_option_text(v);
      } else {
        values[name] = std::string(kBaseVariant);
      }
    } else {
      if (std::find(spec->choices.begin(), spec->choices.end(), value) == spec->choices.end())
        throw Error("option '" + name + "' of game '" + id + "' must be one of " +
                    spec->allowed_text() + ", not '" + value + "'");
      values[name] = value;
    }
  }
  for (const auto& o : options)
    if (!values.count(o.name)) values[o.name] = o.default_value;
  return Options(std::move(values));
}

// ---------------------------------------------------------------------------------------------
// State

bool State::is_legal(Action a) const {
  std::vector<Action> legal;
  legal_actions(legal);
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

namespace {

void require_legal(const State& s, Action a) {
  if (s.terminal()) throw Error("the game is over; no action can be applied");
  if (!s.is_legal(a))
    throw Error("action " + std::to_string(a) + " is not legal now for seat " +
                std::to_string(s.to_move()));
}

}  // namespace

void State::apply(Action a) {
  require_legal(*this, a);
  apply_unchecked(a);
}

std::string State::label_of(Action a) const {
  require_legal(*this, a);
  return action_label(a);
}

std::string State::public_label_of(Action a) const {
  require_legal(*this, a);
  return public_label(a);
}

void State::action_json_of(Action a, nlohmann::json& out) const {
  require_legal(*this, a);
  action_to_json(a, out);
}

std::vector<int> State::ranking() const {
  const auto s = scores();
  std::vector<int> rank(s.size(), 0);
  for (std::size_t i = 0; i < s.size(); ++i)
    for (std::size_t j = 0; j < s.size(); ++j)
      if (s[j] > s[i]) ++rank[i];
  return rank;
}

std::vector<double> State::outcome() const {
  const auto r = ranking();
  const auto winners = std::count(r.begin(), r.end(), 0);
  std::vector<double> out(r.size(), 0.0);
  for (std::size_t i = 0; i < r.size(); ++i)
    if (r[i] == 0) out[i] = 1.0 / static_cast<double>(winners);
  return out;
}

View State::view(Seat viewer, bool labelled) const {
  std::vector<LegalAction> legal;
  const Seat mover = to_move();
  if (!terminal() && (viewer == mover || viewer == kOmniscient)) {
    std::vector<Action> ids;
    legal_actions(ids);
    legal.reserve(ids.size());
    for (Action a : ids) {
      LegalAction la;
      la.id = a;
      if (labelled) {
        la.label = action_label(a);
        action_to_json(a, la.json);
      }
      legal.push_back(std::move(la));
    }
  }
  return View(info_, viewer, mover, terminal(), move_number(), std::move(legal),
              make_view_data(viewer));
}

// ---------------------------------------------------------------------------------------------
// View

Action View::parse_action(const std::string& raw) const {
  const std::string text = trim(raw);
  if (legal_.empty()) throw Error("no action can be taken by " + viewer_name(viewer_) + " now");
  if (text.empty()) throw Error("empty action");
  int id = 0;
  if (parse_int(text, id)) {
    for (const auto& la : legal_)
      if (la.id == id) return la.id;
    throw Error("action id " + text + " is not legal now");
  }
  if (text.front() == '{') {
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded()) throw Error("malformed action JSON: " + text);
    for (const auto& la : legal_)
      if (la.json == j) return la.id;
    throw Error("action " + text + " is not legal now");
  }
  return match_label(text);
}

namespace {

bool alnum(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0;
}
bool alpha(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

// `s` trimmed, with each run of blanks as one space.
std::string spaced(std::string_view s) {
  std::string out;
  for (char c : trim(s)) {
    const bool blank = c == ' ' || c == '\t';
    if (!blank)
      out += c;
    else if (out.back() != ' ')
      out += ' ';
  }
  return out;
}

// Lower case, runs of blanks as one space.
std::string folded(std::string_view s) {
  return ascii_lower(spaced(s));
}

// The label without its notes in parentheses: "buy garden ($6)" -> "buy garden".
std::string without_notes(const std::string& label) {
  std::string out;
  int depth = 0;
  for (char c : label) {
    if (c == '(') ++depth;
    if (depth == 0) out += c;
    if (c == ')' && depth > 0) --depth;
  }
  return trim(out);
}

// How `want` (folded) names `label` (as written) by a part of it (issue 23): kPart when `want`
// starts where a word of the label starts and ends where one ends ("garden" in "take Garden from
// the Trash"), or within a word it completes ("gno" for "Gnome"); kHalfName when it stops at the
// end of a word that a capitalised word follows, as it might cut a name in two ("buy garden" in
// "buy Garden Gnome ($6)"); kNone otherwise.
enum class Part { kNone, kHalfName, kPart };

Part names_part(const std::string& want, const std::string& label) {
  const std::string orig = spaced(label), l = ascii_lower(orig);
  Part best = Part::kNone;
  for (std::size_t at = l.find(want); at != std::string::npos; at = l.find(want, at + 1)) {
    if (at > 0 && alnum(l[at - 1])) continue;
    const std::size_t end = at + want.size();
    if (end == l.size() || !alnum(l[end])) {
      const bool name_goes_on = end + 1 < l.size() && l[end] == ' ' &&
                                std::isupper(static_cast<unsigned char>(orig[end + 1]));
      if (!name_goes_on) return Part::kPart;
      best = Part::kHalfName;
    } else if (alpha(want.back()) && alpha(l[end])) {
      return Part::kPart;
    }
  }
  return best;
}

std::string quoted_list(const std::vector<const LegalAction*>& hits) {
  const std::size_t shown = std::min<std::size_t>(hits.size(), 6);
  std::string list;
  for (std::size_t i = 0; i < shown; ++i)
    list += std::string(i == 0 ? "" : i + 1 == shown ? " or " : ", ") + "'" + hits[i]->label + "'";
  if (hits.size() > shown) list += " (and " + std::to_string(hits.size() - shown) + " more)";
  return list;
}

}  // namespace

Action View::match_label(const std::string& text) const {
  const std::string want = folded(text);
  // From the strictest reading to the loosest; the first that names exactly one action wins, and
  // one that names several is refused with the candidates.
  const std::function<bool(const LegalAction&)> tiers[] = {
      [&](const LegalAction& la) { return folded(la.label) == want; },
      [&](const LegalAction& la) { return folded(without_notes(la.label)) == want; },
      [&](const LegalAction& la) {  // the end of the label: "garden" for "buy Garden ($6)"
        const std::string l = folded(without_notes(la.label));
        return l.size() > want.size() &&
               l.compare(l.size() - want.size(), want.size(), want) == 0 &&
               !alnum(l[l.size() - want.size() - 1]);
      },
      [&](const LegalAction& la) { return names_part(want, la.label) == Part::kPart; },
      [&](const LegalAction& la) { return names_part(want, la.label) == Part::kHalfName; },
  };
  const std::string refused = "'" + text + "' is not a legal action now";
  // The game's reason, where the text names something that cannot be done now.
  const std::string why = game_->why_not ? game_->why_not(*this, want) : std::string();
  const std::size_t last = std::size(tiers) - 1;
  for (std::size_t t = 0; t <= last; ++t) {
    std::vector<const LegalAction*> hits;
    for (const auto& la : legal_)
      if (tiers[t](la)) hits.push_back(&la);
    if (hits.size() > 1)
      throw Error("'" + text + "' fits more than one action: did you mean " + quoted_list(hits) +
                  "?");
    if (hits.size() != 1) continue;
    // Half a name ("buy pink" for "buy Pink Flamingo ($3)") acts only when the game finds
    // nothing else it could mean; without a game that can tell, it is asked about.
    if (t == last && !why.empty()) throw Error(refused + ": " + why);
    if (t == last && !game_->why_not)
      throw Error(refused + " (did you mean " + quoted_list(hits) + "?)");
    return hits.front()->id;
  }
  if (!why.empty()) throw Error(refused + ": " + why);
  std::vector<std::string> labels;
  for (const auto& la : legal_) labels.push_back(la.label);
  throw Error(refused + did_you_mean(text, labels));
}

nlohmann::json View::to_json() const {
  nlohmann::json j;
  j["game"] = game_->id;
  j["viewer"] = viewer_name(viewer_);
  j["to_move"] = to_move_;
  j["terminal"] = terminal_;
  j["move_number"] = move_number_;
  auto& legal = j["legal"] = nlohmann::json::array();
  for (const auto& la : legal_)
    legal.push_back({{"id", la.id}, {"label", la.label}, {"action", la.json}});
  data_->to_json(j);
  return j;
}

DecisionStep decision_step(const View& view) {
  DecisionStep d;
  d.name = view.game().step_name ? view.game().step_name(view) : "decision";
  if (view.my_turn())
    for (const Action a : view.game().pass_actions) {
      const auto& legal = view.legal();
      if (std::any_of(legal.begin(), legal.end(),
                      [a](const LegalAction& la) { return la.id == a; })) {
        d.pass = a;
        break;
      }
    }
  return d;
}

std::string viewer_name(Seat viewer) {
  if (viewer == kSpectator) return "spectator";
  if (viewer == kOmniscient) return "omniscient";
  return "seat " + std::to_string(viewer);
}

Seat parse_viewer(const std::string& raw, int num_seats) {
  const std::string text = ascii_lower(trim(raw));
  if (text == "spectator") return kSpectator;
  if (text == "omniscient" || text == "all") return kOmniscient;
  int s = 0;
  if (parse_int(text, s) && s >= 0 && s < num_seats) return s;
  throw Error("viewer must be a seat 0.." + std::to_string(num_seats - 1) +
              ", 'spectator' or 'omniscient', not '" + raw + "'");
}

// ---------------------------------------------------------------------------------------------
// Registry

const Registry& Registry::instance() {
  static const Registry registry = [] {
    Registry r;
    register_all_games(r);
    return r;
  }();
  return registry;
}

const GameInfo& Registry::find(std::string_view id) const {
  for (const auto& g : games_)
    if (g->id == id) return *g;
  std::string known;
  std::vector<std::string> ids;
  for (const auto& g : games_) known += (known.empty() ? "" : ", ") + g->id;
  for (const auto& g : games_) ids.push_back(g->id);
  throw Error("unknown game '" + std::string(id) + "' (games: " + known + ")" +
              did_you_mean(id, ids));
}

void Registry::add(std::unique_ptr<GameInfo> info) {
  if (!info->find_option("players"))
    throw std::logic_error("game " + info->id + " must declare the option 'players'");
  games_.push_back(std::move(info));
}

std::unique_ptr<State> new_game(const GameInfo& info, const Options& options, std::uint64_t seed) {
  return info.create(options, seed);
}

}  // namespace turf
