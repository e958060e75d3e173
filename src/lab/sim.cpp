#include "lab/sim.h"

#include <algorithm>
#include <cctype>
#include <mutex>

#include "core/narration.h"
#include "core/text.h"
#include "table/table.h"

namespace turf::lab {

namespace {

// A game's cards by id and by lower-case name (built once per game, read by every thread).
struct CardIndex {
  std::map<std::string, std::string> id_of;    // id or lower-case name -> id
  std::map<std::string, std::string> name_of;  // id -> lower-case name
};

const CardIndex& card_index(const GameInfo& game) {
  static std::mutex mutex;
  static std::map<const GameInfo*, CardIndex> built;
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, fresh] = built.try_emplace(&game);
  if (fresh && game.cards)
    for (const auto& c : game.cards()) {
      const std::string id = c.at("id").get<std::string>();
      const std::string name = ascii_lower(c.value("name", id));
      it->second.id_of[id] = id;
      it->second.id_of.emplace(name, id);  // an id wins over another card's name
      it->second.name_of[id] = name;
    }
  return it->second;
}

}  // namespace

namespace {

// The cards an action names (ids), read from its JSON form.
void cards_named(const CardIndex& index, const nlohmann::json& j, std::vector<std::string>& out) {
  out.clear();
  for (const auto& [key, value] : j.items()) {
    if (key == "type" || key == "step" || !value.is_string()) continue;
    const std::string& v = value.get_ref<const std::string&>();
    auto it = index.id_of.find(v);
    if (it == index.id_of.end()) it = index.id_of.find(ascii_lower(v));
    if (it != index.id_of.end() && std::find(out.begin(), out.end(), it->second) == out.end())
      out.push_back(it->second);
  }
}

// The verb of a use: the first word of the action's label, or "chosen" when the label starts
// with the card's name as a whole word ("Sea Attack (50)"; but "t" does not start "tile t").
std::string verb_of(const std::string& lower_label, const std::string& name) {
  const bool starts = lower_label.rfind(name, 0) == 0 &&
                      (lower_label.size() == name.size() ||
                       !std::isalnum(static_cast<unsigned char>(lower_label[name.size()])));
  return starts ? "chosen" : lower_label.substr(0, lower_label.find(' '));
}

}  // namespace

CardUses card_uses_of(const Match& m) {
  const CardIndex& index = card_index(m.game());
  CardUses uses;
  uses.seats.resize(static_cast<std::size_t>(m.state().num_seats()));
  if (index.id_of.empty()) return uses;
  auto s = new_game(m.game(), m.options(), m.seed());
  View seen = s->view(kSpectator, false);  // one step's views at a time: no story is kept
  nlohmann::json j;
  std::vector<std::string> ids, told;
  for (std::size_t i = 0; i < m.history().size(); ++i) {
    const ActionEntry& e = m.history()[i];
    j = nlohmann::json::object();
    s->action_to_json(e.id, j);
    cards_named(index, j, ids);
    if (!ids.empty()) {
      const std::string label = ascii_lower(e.label);
      for (const auto& id : ids)
        ++uses.seats[static_cast<std::size_t>(e.seat)][id][verb_of(label, index.name_of.at(id))];
    }
    // The step as a spectator is told it: the cards the game itself played.
    NarratedAction heard;
    heard.mover = s->to_move();
    heard.move_number = static_cast<int>(i);
    heard.label = s->public_label(e.id);
    s->apply_unchecked(e.id);
    View now = s->view(kSpectator, false);
    told.clear();  // a card once a step, under the kind of the first line that names it
    for (const Narration& line : narrate_step(seen, heard, now)) {
      if (!line.seats.empty() || line.kind == "action" || !line.data.is_object()) continue;
      cards_named(index, line.data, ids);
      for (const auto& id : ids)
        if (std::find(told.begin(), told.end(), id) == told.end()) {
          told.push_back(id);
          ++uses.game[id][line.kind];
        }
    }
    seen = std::move(now);
  }
  return uses;
}

GameResult play_game(const GameInfo& game, const Options& options,
                     const std::vector<std::string>& specs, std::uint64_t seed, bool keep_record,
                     bool card_uses) {
  std::vector<SeatInfo> seats;
  for (const auto& spec : specs) seats.push_back({spec, spec});
  // The agents' seeds follow the match seed (table::SeedRule::kFromMatch): a game's result
  // depends only on its seed. The specs were checked against the command line's limits when the
  // experiment was read.
  table::Table t(Match(game, options, seed, std::move(seats)), {});
  while (t.play_bot()) {
  }
  const Match& m = t.match();
  GameResult r;
  r.seed = seed;
  r.scores = m.state().scores();
  r.ranking = m.state().ranking();
  r.length = static_cast<int>(m.history().size());
  if (game.seat_attributes)
    for (Seat s = 0; s < m.state().num_seats(); ++s)
      r.attributes.push_back(game.seat_attributes(m.state(), s));
  if (game.counters) r.counters = game.counters(m.state());
  if (card_uses) {
    CardUses u = card_uses_of(m);
    r.uses = std::move(u.seats);
    r.game_uses = std::move(u.game);
  }
  if (keep_record) r.record = m.record().dump();
  return r;
}

}  // namespace turf::lab
