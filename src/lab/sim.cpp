#include "lab/sim.h"

#include "bots/agent.h"
#include "bots/external.h"
#include "core/match.h"
#include "core/narration.h"

namespace turf::lab {

namespace {

// Plays to the end; agents that read words get labelled views and their seat's narration
// (`story`, told before each decision; `before` holds each such seat's last view).
void play_to_the_end(Match& m, std::vector<std::unique_ptr<Agent>>& agents,
                     const std::vector<Seat>& told, std::vector<View>& before,
                     std::vector<std::vector<Narration>>& story) {
  if (told.empty()) {  // built-in bots only: the simulator's hot loop
    while (!m.over()) {
      const Seat s = m.state().to_move();
      m.apply(agents[static_cast<std::size_t>(s)]->choose(m.view(s, false)));
    }
    return;
  }
  while (!m.over()) {
    const Seat s = m.state().to_move();
    Agent& agent = *agents[static_cast<std::size_t>(s)];
    if (agent.wants_narration()) {
      agent.observe(story[static_cast<std::size_t>(s)]);
      story[static_cast<std::size_t>(s)].clear();
    }
    const Action a = agent.choose(m.view(s, agent.wants_narration()));
    NarratedAction act;
    act.mover = s;
    act.move_number = static_cast<int>(m.history().size());
    const std::string full = m.state().label_of(a);
    const std::string shown = m.state().public_label_of(a);
    m.apply(a);
    for (std::size_t k = 0; k < told.size(); ++k) {
      act.label = told[k] == s ? full : shown;
      View after = m.view(told[k], false);
      auto lines = narrate_step(before[k], act, after);
      auto& to = story[static_cast<std::size_t>(told[k])];
      to.insert(to.end(), lines.begin(), lines.end());
      before[k] = std::move(after);
    }
  }
}

}  // namespace

GameResult play_game(const GameInfo& game, const Options& options,
                     const std::vector<std::string>& specs, std::uint64_t seed, bool keep_record) {
  std::vector<SeatInfo> seats;
  std::vector<std::string> names;
  for (const auto& spec : specs) {
    seats.push_back({spec, spec});
    names.push_back(spec);
  }
  std::vector<std::unique_ptr<Agent>> agents;
  for (std::size_t s = 0; s < specs.size(); ++s) {
    const std::uint64_t agent_seed = mix_seed(seed, s + 1);
    if (is_external_spec(specs[s])) {  // interim, until the table layer (src/table/) seats it
      ExternalConfig config = parse_external_spec(specs[s]);
      config.seed = agent_seed;
      agents.push_back(make_external_agent({&game, options, static_cast<Seat>(s), names}, config));
    } else {
      agents.push_back(make_bot(specs[s], agent_seed));
    }
  }
  Match m(game, options, seed, std::move(seats));
  // Agents that read words (external programs) get labelled views and their seat's narration.
  std::vector<Seat> told;
  std::vector<View> before;
  std::vector<std::vector<Narration>> story(specs.size());
  for (std::size_t s = 0; s < specs.size(); ++s)
    if (agents[s]->wants_narration()) {
      told.push_back(static_cast<Seat>(s));
      before.push_back(m.view(static_cast<Seat>(s), false));
    }
  const auto tell = [&](const nlohmann::json& result) {
    for (const Seat t : told) {
      agents[static_cast<std::size_t>(t)]->observe(story[static_cast<std::size_t>(t)]);
      agents[static_cast<std::size_t>(t)]->finish(m.view(t), result);
    }
  };
  try {
    play_to_the_end(m, agents, told, before, story);
  } catch (const ExternalBotFailure& e) {  // on_error=abort: the others are told, then the error
    tell({{"aborted", e.what()}});
    throw;
  }
  if (!told.empty()) tell(match_result_json(m));
  GameResult r;
  r.seed = seed;
  r.scores = m.state().scores();
  r.ranking = m.state().ranking();
  r.length = static_cast<int>(m.history().size());
  if (game.seat_attributes)
    for (Seat s = 0; s < m.state().num_seats(); ++s)
      r.attributes.push_back(game.seat_attributes(m.state(), s));
  if (game.counters) r.counters = game.counters(m.state());
  if (keep_record) r.record = m.record().dump();
  return r;
}

}  // namespace turf::lab
