#include "table/seats.h"

#include <algorithm>

#include "bots/presets.h"
#include "core/rng.h"
#include "core/secret.h"
#include "core/text.h"

namespace turf::table {

namespace {}  // namespace

SeatKind seat_kind(std::string_view agent) {
  if (agent == "human") return SeatKind::kHuman;
  if (is_external_spec(agent)) return SeatKind::kExternal;
  return SeatKind::kBot;
}

SeatPlan plan_seat(const GameInfo& game, std::string_view text, const BotLimits& limits) {
  SeatPlan p;
  p.asked = trim(text);
  p.kind = seat_kind(p.asked);
  if (p.kind == SeatKind::kExternal) {
    (void)limits.external_config(p.asked);  // checks the spec and its settings
    p.agent = p.asked;
  } else {
    limits.check_text(p.asked);
    p.agent = resolve_bot_spec(game.id, p.asked);  // a level becomes the game's preset
    if (p.kind == SeatKind::kBot) limits.check(parse_bot_config(p.agent));
  }
  return p;
}

std::vector<SeatPlan> plan_seats(const GameInfo& game, const std::string& list, int players,
                                 const BotLimits& limits) {
  std::vector<SeatPlan> out;
  const auto specs = split_seat_specs(list);
  if (static_cast<int>(specs.size()) != players)
    throw Error(game.id + " with players=" + std::to_string(players) + " needs " +
                std::to_string(players) + " seats, not " + std::to_string(specs.size()) +
                (game.min_players != game.max_players ? " (set --option players=N)" : ""));
  for (std::size_t i = 0; i < specs.size(); ++i) out.push_back(plan_seat(game, specs[i], limits));
  name_seats(out);
  return out;
}

std::string clean_seat_name(std::string_view given) {
  return trim(sanitize_text(trim(sanitize_text(given, 4096)), kSeatNameBytes));
}

void name_seats(std::vector<SeatPlan>& seats, const std::vector<std::string>& names,
                BotNames bots) {
  for (std::size_t i = 0; i < seats.size(); ++i) {
    SeatPlan& p = seats[i];
    const std::string given = i < names.size() ? clean_seat_name(names[i]) : std::string();
    if (!given.empty()) {
      p.name = given;
      continue;
    }
    const std::string number = std::to_string(i + 1);
    if (p.kind != SeatKind::kHuman && bots == BotNames::kGeneric) {
      p.name = "Bot " + number;
      continue;
    }
    switch (p.kind) {
      case SeatKind::kHuman:
        p.name = player_name(static_cast<Seat>(i));
        break;
      case SeatKind::kExternal:
        p.name = "ext " + number;
        break;
      case SeatKind::kBot: {
        const bool level =
            std::find(bot_levels().begin(), bot_levels().end(), p.asked) != bot_levels().end();
        p.name = (level ? p.asked : p.agent.substr(0, p.agent.find(':'))) + " " + number;
        break;
      }
    }
  }
}

std::vector<SeatInfo> seat_infos(const std::vector<SeatPlan>& seats) {
  std::vector<SeatInfo> out;
  out.reserve(seats.size());
  for (const auto& p : seats) out.push_back({p.agent, p.name});
  return out;
}

std::uint64_t agent_seed(SeedRule rule, std::uint64_t match_seed, Seat seat) {
  return rule == SeedRule::kFromMatch ? mix_seed(match_seed, static_cast<std::uint64_t>(seat) + 1)
                                      : os_random_u64();
}

std::shared_ptr<Agent> make_agent(const Match& match, Seat seat, const BotLimits& limits,
                                  std::uint64_t seed,
                                  const std::function<void(const std::string&)>& log) {
  const std::string& agent = match.seats()[static_cast<std::size_t>(seat)].agent;
  switch (seat_kind(agent)) {
    case SeatKind::kHuman:
      return nullptr;
    case SeatKind::kBot: {
      BotConfig config = parse_bot_config(agent);
      limits.check(config);
      return make_bot(config, seed);
    }
    case SeatKind::kExternal: {
      // A name the server no longer offers (a table loaded from its store) seats a program that
      // cannot start: its fallback bot plays.
      ExternalConfig config = limits.external_config(agent, true);
      config.seed = seed;
      if (log) config.log = log;
      ExternalHello hello{&match.game(), match.options(), seat, {}};
      for (const auto& s : match.seats()) hello.names.push_back(s.name);
      return make_external_agent(std::move(hello), std::move(config));
    }
  }
  return nullptr;
}

}  // namespace turf::table
