// Turf Wars: registration — the options cost (T10), mind_control (T6.6) and factions (T2.2)
// turned into a Setup, and the hooks every front end reads.
#include "games/turfwars/game.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/narration.h"
#include "core/variant.h"
#include "core/view.h"

namespace turf::turfwars {

// ---------------------------------------------------------------------------------------------
// Registration

void register_game(Registry& registry) {
  auto info = std::make_unique<GameInfo>();
  info->id = "turfwars";
  info->title = "Turf Wars (Cray Cray Games, 2013)";
  info->summary =
      "Two to six fantasy factions draft action cards and fight Turf Wars with troops and combat "
      "cards for home turfs, a nemesis, secret goals or points.";
  info->rules_version = "turfwars-4";
  info->min_players = 2;
  info->max_players = kMaxSeats;
  info->options.push_back(
      {"players", OptionSpec::Kind::Integer, "4", {}, 2, kMaxSeats, "Number of players (2 to 6)."});
  OptionSpec cost{"cost",
                  OptionSpec::Kind::Choice,
                  "simple",
                  {},
                  0,
                  0,
                  "What winning a Turf War costs the winner. Simple, the rulebook's "
                  "recommendation: a third of the losers' committed troops, at least one. Winner "
                  "takes all: nothing. Balanced: the lesser of half the losers' and a third of "
                  "the winner's committed troops, at least one. Fury: nothing, but each loser "
                  "may play a combat card from its hand to kill that many of the winner's "
                  "troops."};
  for (const char* id : kCostIds) cost.choices.push_back(id);
  info->options.push_back(std::move(cost));
  info->options.push_back({"mind_control",
                           OptionSpec::Kind::Choice,
                           "on",
                           {"on", "off"},
                           0,
                           0,
                           "Whether the Mind Control event, optional in the rulebook, is in "
                           "the event deck (On) or not (Off)."});
  info->options.push_back({"factions",
                           OptionSpec::Kind::Choice,
                           "choose",
                           {"choose", "dealt"},
                           0,
                           0,
                           "How each player gets a faction. Choose: each player is dealt two "
                           "faction cards and keeps one in secret, as printed. Dealt: each "
                           "player plays the one card it is dealt."});
  info->options.push_back({"bloodlust",
                           OptionSpec::Kind::Choice,
                           "printed",
                           {"printed", "half"},
                           0,
                           0,
                           "What the Bloodlust event allows. Printed: attack any adjacent "
                           "turf; a single troop is enough. Half, the FAQ's house rule: only "
                           "another player's turf, with at least half the troops of the turf "
                           "it starts from."});
  add_variant_option(*info, "cards and numbers", &content_document, &content_slot);
  info->rules_text = embedded_file("docs/rules/turfwars.md");
  const GameInfo* self = info.get();
  info->create = [self](const Options& options, std::uint64_t seed) -> std::unique_ptr<State> {
    Setup s;
    s.players = options.players();
    for (int k = 0; k < kNumCosts; ++k)
      if (options.get("cost") == kCostIds[k]) s.cost = static_cast<Cost>(k);
    s.mind_control = options.get("mind_control") == "on";
    s.one_faction = options.get("factions") == "dealt";
    s.bloodlust_half = options.get("bloodlust") == "half";
    s.content = variant_slot(options, &content_slot);
    return TurfWarsState::create(self, s, seed);
  };
  info->draw = draw;
  info->narrate = narrate;
  info->step_name = [](const View& v) -> std::string {
    const Position& p = v.as<TurfWarsView>().pos;
    return p.over() ? "over" : step_name(p.step);
  };
  info->pass_actions = {kActPass, kActStayOut};
  info->result_words = result_words;
  info->ranking_follows_scores = false;  // an instant win ranks first whatever the DP (R32)
  info->cards = [] { return card_texts(0); };
  info->variant_cards = [](const nlohmann::json& patch) { return card_texts(content_slot(patch)); };
  info->evaluate_into = evaluate_into;
  info->rollout_policy = rollout_choice;
  info->eval_scale = 8.0;
  info->conformance_games = 24;
  info->seat_attributes = [](const State& st, Seat seat) {
    const Position& p = dynamic_cast<const TurfWarsState&>(st).position();
    std::map<std::string, std::string> out;
    // Where the seat sat in the first turn order (T2.3, T3.2): "first" holds the First Turn
    // Token at the start. Before the factions are revealed nobody holds it yet.
    static const char* const kOrdinals[] = {"first", "second", "third", "fourth", "fifth", "sixth"};
    const auto f = p.seats[seat].faction;
    if (f != kNone) out["order"] = kOrdinals[(seat - p.first_ftt + p.num_seats) % p.num_seats];
    if (f != kNone) {
      out["faction"] = content_of(p).factions[f].id;
      out["home"] = content_of(p).type_ids[content_of(p).factions[f].home];
      // The secret win card drawn at set-up (T2.5): "none" for a seat whose nemesis is in play.
      const SeatState& st = p.seats[seat];
      out["secret"] = st.nemesis == kNone && st.num_secrets > 0
                          ? content_of(p).secrets[st.secrets[0]].id
                          : std::string("none");
    }
    return out;
  };
  info->counters = [](const State& st) {
    const Position& p = dynamic_cast<const TurfWarsState&>(st).position();
    std::map<std::string, double> out;
    for (auto w : {WinType::kDomination, WinType::kNemesis, WinType::kSecret, WinType::kPoints})
      out[std::string("win_") + win_name(w)] = p.win_type == w ? 1.0 : 0.0;
    int eliminated = 0;
    double dp = 0;
    for (int s = 0; s < p.num_seats; ++s) {
      eliminated += p.seats[s].eliminated;
      dp += p.seats[s].dp;
    }
    out["rounds_played"] = p.rounds_played;
    out["eliminated"] = eliminated;
    out["turf_wars"] = p.wars_fought;
    out["mean_dp"] = dp / p.num_seats;
    out["winners"] = __builtin_popcount(p.winners);
    return out;
  };
  registry.add(std::move(info));
}

}  // namespace turf::turfwars
