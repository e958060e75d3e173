// Dungeon: registration — options (the mix of tiles, the influence rule) and the hooks every
// front end reads.
#include "games/dungeon/game.h"

#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <span>

#include "core/embedded.h"
#include "core/variant.h"
#include "core/view.h"

namespace turf::dungeon {

// ---------------------------------------------------------------------------------------------
// Registration

void register_game(Registry& registry) {
  auto info = std::make_unique<GameInfo>();
  info->id = "dungeon";
  info->title = "Turf War (Brett Cutler, 2010)";
  info->summary = "Two players dig a dungeon tile by tile and set monsters to rule its corridors.";
  info->rules_version = "dungeon-2";
  info->min_players = info->max_players = kSeats;
  info->options.push_back({"players",
                           OptionSpec::Kind::Integer,
                           "2",
                           {},
                           2,
                           2,
                           "Number of players (this game is for two)."});
  // The help names every mix with its tiles, from the data the deck is built from (issue 23).
  std::string mixes;
  for (const auto& m : content().mixes) {
    std::string tiles_in;
    for (int s = 0; s < kNumShapes; ++s)
      if (m.counts[s] > 0) {
        std::string name = content().shapes[s].name;  // "Straight" -> "straight", "L" stays
        if (name.size() > 1)
          for (char& ch : name)
            ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        tiles_in += (tiles_in.empty() ? "" : ", ") + std::to_string(m.counts[s]) + " " + name;
      }
    mixes += " " + choice_label(m.id) + ": " + tiles_in + ".";
  }
  OptionSpec tiles{"tiles",
                   OptionSpec::Kind::Choice,
                   content().mixes.front().id,
                   {},
                   0,
                   0,
                   "The shapes of the " + std::to_string(kDeckSize) + " dungeon tiles." + mixes};
  for (const auto& m : content().mixes) tiles.choices.push_back(m.id);
  info->options.push_back(std::move(tiles));
  info->options.push_back({"influence",
                           OptionSpec::Kind::Choice,
                           "passage",
                           {"passage", "direction"},
                           0,
                           0,
                           "What a monster's line of influence is. Passage: the whole "
                           "straight corridor through its tile. Direction: each open side of "
                           "its tile, up to the wall."});
  add_variant_option(*info, "tiles and monsters", &content_document, &content_slot);
  info->rules_text = embedded_file("docs/rules/dungeon.md");
  const GameInfo* self = info.get();
  info->create = [self](const Options& options, std::uint64_t seed) -> std::unique_ptr<State> {
    const auto& mixes = content().mixes;
    const auto it = std::find_if(mixes.begin(), mixes.end(),
                                 [&](const Mix& m) { return m.id == options.get("tiles"); });
    Setup setup{static_cast<int>(it - mixes.begin()),
                options.get("influence") == "direction" ? kInfluenceDirection : kInfluencePassage};
    setup.content = variant_slot(options, &content_slot);
    return DungeonState::create(self, setup, seed);
  };
  info->draw = draw;
  info->narrate = narrate;
  info->step_name = [](const View& v) -> std::string {
    const auto& d = v.as<DungeonView>();
    if (d.over) return "over";
    return d.step ? step_name(*d.step) : d.monster_step ? "monster" : "tile";
  };
  info->pass_actions = {kActPass};
  info->result_words = result_words;
  info->cards = [] { return cards(); };
  info->variant_cards = [](const nlohmann::json& patch) { return cards(&patch); };
  info->evaluate_into = evaluate_into;
  info->eval_scale = 6.0;
  info->seat_attributes = [](const State& s, Seat seat) {
    const auto& p = dynamic_cast<const DungeonState&>(s).position();
    return std::map<std::string, std::string>{
        {"order", seat == p.first_player ? "first" : "second"}};
  };
  info->counters = [](const State& s) {
    const auto& p = dynamic_cast<const DungeonState&>(s).position();
    int covered = 0;
    for (int t = 0; t < p.num_tiles; ++t) {
      int on_tile = 0;
      for (int m = 0; m < p.num_monsters; ++m) on_tile += p.monsters[m].tile == t;
      covered += std::max(0, on_tile - 1);
    }
    const auto pts = score(p);
    return std::map<std::string, double>{{"tiles_set_aside", p.num_set_aside},
                                         {"monsters_played", p.num_monsters},
                                         {"monsters_covered", covered},
                                         {"winning_margin", std::abs(pts[0] - pts[1])}};
  };
  registry.add(std::move(info));
}

}  // namespace turf::dungeon
