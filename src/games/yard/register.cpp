// Turf War (yard): registration — options (players 2-4, edition 1|2), statistics hooks, and the
// hooks every front end reads.
#include "games/yard/game.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/view.h"

namespace turf::yard {

namespace {

const char* const kOrdinals[kMaxSeats] = {"first", "second", "third", "fourth"};

}  // namespace

// ---------------------------------------------------------------------------------------------
// Registration

void register_game(Registry& registry) {
  auto info = std::make_unique<GameInfo>();
  info->id = "yard";
  info->title = "Turf War (Gadabout Games, 2021)";
  info->summary =
      "Build up your Yard with Plants, Ornaments and Features, pester rivals' Yards, and sway "
      "the Neighbors.";
  info->rules_version = "yard-3";  // R26 bounded for a Bribe-only row (issue 29)
  info->min_players = 2;
  info->max_players = kMaxSeats;
  info->options.push_back(
      {"players", OptionSpec::Kind::Integer, "2", {}, 2, kMaxSeats, "Number of players."});
  info->options.push_back({"edition",
                           OptionSpec::Kind::Choice,
                           "2",
                           {"1", "2"},
                           0,
                           0,
                           "Which printed rules. 1st edition: a Tool is played onto a Pile, "
                           "then goes to the Garage; a done Event leaves the game. 2nd edition: "
                           "a Tool goes straight to the Garage; a done Event goes to the bottom "
                           "of the Store deck.",
                           {"1st edition", "2nd edition"}});
  info->rules_text = embedded_file("docs/rules/yard.md");
  const GameInfo* self = info.get();
  info->create = [self](const Options& options, std::uint64_t seed) -> std::unique_ptr<State> {
    return YardState::create(self, {options.players(), std::stoi(options.get("edition"))}, seed);
  };
  info->draw = draw;
  info->narrate = narrate;
  info->step_name = [](const View& v) { return step_id(v.as<YardView>().pos); };
  info->pass_actions = {kActDone, kActStop};
  info->result_words = result_words;
  info->cards = cards;
  info->why_not = why_not;
  info->evaluate_into = evaluate_into;
  info->eval_scale = 6.0;
  info->conformance_games = 40;
  info->seat_attributes = [](const State& s, Seat seat) {
    const Position& p = dynamic_cast<const YardState&>(s).position();
    std::map<std::string, std::string> a;
    a["order"] = kOrdinals[(seat - p.first_player + p.seats) % p.seats];
    const Player& pl = p.players[seat];
    const Content& c = content();
    for (int k = 0; k < static_cast<int>(c.cards.size()); ++k) {
      const CardDef& d = c.cards[k];
      if (d.count[p.edition - 1] == 0 || d.is(kEvent)) continue;
      a["bought:" + d.id] = (pl.bought >> k & 1) ? "yes" : "no";
      if (!d.starting) a["played:" + d.id] = (pl.played >> k & 1) ? "yes" : "no";
    }
    for (int n = 0; n < static_cast<int>(c.neighbors.size()); ++n)
      if (pl.sway >> n & 1) a["swayed:" + c.neighbors[n].id] = "yes";
    return a;
  };
  info->counters = [](const State& s) {
    const Position& p = dynamic_cast<const YardState&>(s).position();
    std::map<std::string, double> c;
    c["rounds"] = std::min(p.turn / p.seats + 1, kMaxRounds);  // the round the game ended in
    c["end_last_neighbor"] = p.end_reason == EndReason::kLastNeighbor;
    c["end_round_limit"] = p.end_reason == EndReason::kRoundLimit;
    c["end_action_cap"] = p.end_reason == EndReason::kActionCap;
    c["end_stalemate"] = p.end_reason == EndReason::kStalemate;  // R26
    c["events_done"] = p.events_done;
    c["store_deck_left"] = p.deck_size - p.deck_known;
    c["store_short"] = p.store_size < kStoreSlots;
    int cards = 0, pests = 0, tallest = 0, sway = 0;
    std::vector<int> pts;
    for (int seat = 0; seat < p.seats; ++seat) {
      const Player& pl = p.players[seat];
      cards += pl.yard_size;
      pests += yard_symbols(pl, kPest);
      tallest = std::max(tallest, tallest_pile(pl));
      sway += neighbors_swayed(pl);
      pts.push_back(score(p, seat));
    }
    std::sort(pts.rbegin(), pts.rend());
    c["cards_in_yards"] = cards;
    c["pests_in_yards"] = pests;
    c["tallest_pile"] = tallest;
    c["neighbors_swayed"] = sway;
    c["winning_margin"] = pts[0] - pts[1];
    c["winner_points"] = pts[0];
    return c;
  };
  registry.add(std::move(info));
}

}  // namespace turf::yard
