// Cry Havoc: registration — options into a Setup, and the hooks every front end reads.
#include "games/cryhavoc/game.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/narration.h"
#include "core/variant.h"
#include "core/view.h"
#include "games/cryhavoc/kernel.h"

namespace turf::cryhavoc {

// ---------------------------------------------------------------------------------------------
// Registration

void register_game(Registry& registry) {
  auto info = std::make_unique<GameInfo>();
  info->id = "cryhavoc";
  info->title = "Cry Havoc (Portal Games, 2016)";
  info->summary =
      "Humans, Machines, Pilgrims and Trogs fight over a crystal planet: area control with a "
      "battle board of three objectives.";
  info->rules_version = "cryhavoc-4";
  info->min_players = 2;
  info->max_players = 4;
  info->options.push_back({"players",
                           OptionSpec::Kind::Integer,
                           "2",
                           {},
                           2,
                           4,
                           "Number of players (the Trogs are a player only with 4)."});
  info->options.push_back({"factions",
                           OptionSpec::Kind::Choice,
                           "random",
                           {"random", "fixed"},
                           0,
                           0,
                           "Which faction each seat plays. Random: factions dealt to seats at "
                           "random (2 players: 2 of Humans, Machines, Pilgrims). Fixed: seats "
                           "take Humans, Machines, Pilgrims, Trogs in that order."});
  info->options.push_back({"extra_skills",
                           OptionSpec::Kind::Integer,
                           "0",
                           {},
                           0,
                           2,
                           "How many random skills every faction gets besides its default skill."});
  info->options.push_back(
      {"game_end",
       OptionSpec::Kind::Choice,
       "after-round-5",
       {"after-round-5", "when-events-run-out"},
       0,
       0,
       "When the game ends. After round 5: the game always lasts 5 rounds. When events run out: "
       "a round that begins with no event token left on the score track is the last one "
       "(players who score fast pull the events forward and can end the game after round 3 or "
       "4)."});
  info->options.push_back(
      {"trog_nests",
       OptionSpec::Kind::Choice,
       "as-printed",
       {"as-printed", "not-into-battles"},
       0,
       0,
       "Where neutral Trogs that lose a battle leave their Nest. As printed: any adjacent "
       "region nobody controls, even one whose battle is still to come. Not into battles: an "
       "adjacent region nobody controls and with no battle still to fight."});
  add_variant_option(*info, "cards, factions, map and tokens", &content_document, &content_slot);
  info->rules_text = embedded_file("docs/rules/cryhavoc.md");
  const GameInfo* self = info.get();
  info->create = [self](const Options& options, std::uint64_t seed) -> std::unique_ptr<State> {
    Setup su;
    su.players = options.players();
    su.random_factions = options.get("factions") == "random";
    su.extra_skills = options.get_int("extra_skills");
    su.end_when_events_run_out = options.get("game_end") == "when-events-run-out";
    su.nest_into_battles = options.get("trog_nests") == "as-printed";
    su.content = variant_slot(options, &content_slot);
    return CryHavocState::create(self, su, seed);
  };
  info->draw = draw;
  info->narrate = narrate;
  info->step_name = [](const View& v) -> std::string {
    const Public& pub = v.as<CryHavocView>().pub;
    return pub.over ? "over" : step_name(pub.step);
  };
  info->pass_actions = {kActDone, kActEndTurn, kActPass};
  info->result_words = result_words;
  info->tally = tally;
  info->cards = [] { return card_texts(0); };
  info->variant_cards = [](const nlohmann::json& patch) { return card_texts(content_slot(patch)); };
  info->evaluate_into = evaluate_into;
  info->eval_scale = 8.0;
  info->conformance_games = 30;
  info->seat_attributes = [](const State& s, Seat seat) {
    const Position& p = dynamic_cast<const CryHavocState&>(s).position();
    static const char* const order[] = {"first", "second", "third", "fourth"};
    int k = 0;
    while (p.pub.start_initiative[k] != seat) ++k;
    return std::map<std::string, std::string>{{"faction", faction_id(p.pub.seats[seat].faction)},
                                              {"initiative", order[k]}};
  };
  info->counters = [](const State& s) {
    const Position& p = dynamic_cast<const CryHavocState&>(s).position();
    const Public& pub = p.pub;
    int structures = 0, prisoners = 0, best = -1000, second = -1000;
    for (int r = 0; r < kMaxRegions; ++r) structures += popcount(pub.regions[r].structures);
    for (int a = 0; a < kFactions; ++a)
      for (int b = 0; b < kFactions; ++b) prisoners += pub.prisoners[a][b];
    for (int q = 0; q < pub.players; ++q) {
      const int v = pub.seats[q].vp;
      if (v > best) {
        second = best;
        best = v;
      } else if (v > second) {
        second = v;
      }
    }
    return std::map<std::string, double>{
        {"battles", pub.battles},          {"trog_battles", pub.trog_battles},
        {"scorings", pub.scorings},        {"events_pulled_forward", pub.events_pulled},
        {"structures_on_map", structures}, {"prisoners_held_at_end", prisoners},
        {"winning_margin", best - second}, {"rounds", pub.round}};
  };
  registry.add(std::move(info));
}

}  // namespace turf::cryhavoc
