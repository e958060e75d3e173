#include "table/seats.h"

#include <algorithm>
#include <cstring>

#include "bots/presets.h"
#include "core/rng.h"
#include "core/secret.h"
#include "core/text.h"

namespace turf::table {

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

std::string seat_name(std::string_view given, Seat seat) {
  std::string out;
  std::size_t count = 0;
  bool space = false;
  for (std::size_t i = 0; i < given.size();) {
    const Utf8Char ch = decode_utf8(given, i);
    if (ch.len == 0) throw Error("the name is not valid UTF-8");
    const char32_t cp = ch.cp;
    if (unsafe_char(cp))
      throw Error("the name cannot hold control, invisible or direction-changing characters");
    if (cp < 0x80 && cp != 0 && std::strchr("()[]{}<>", static_cast<int>(cp)))
      throw Error("the name cannot hold brackets");
    const bool is_space = cp == ' ' || cp == 0xA0 || (cp >= 0x2000 && cp <= 0x200A) ||
                          cp == 0x202F || cp == 0x205F || cp == 0x3000;
    if (is_space) {
      space = true;
    } else {
      if (space && !out.empty()) {
        out += ' ';
        ++count;
      }
      space = false;
      out.append(given.substr(i, ch.len));
      ++count;
    }
    i += ch.len;
  }
  if (count > kSeatNameChars)
    throw Error("the name has more than " + std::to_string(kSeatNameChars) + " characters");
  // "Player N" of another seat: the word, optional spaces, up to three digits.
  const std::string lower = ascii_lower(out);
  if (lower.rfind("player", 0) == 0) {
    std::size_t k = 6;
    while (k < lower.size() && lower[k] == ' ') ++k;
    const std::string digits = lower.substr(k);
    if (!digits.empty() && digits.size() <= 3 &&
        std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
        std::stoi(digits) != seat + 1)
      throw Error("\"" + out + "\" is another seat's name");
  }
  return out;
}

std::string listed_seat_name(const std::vector<std::string>& names, std::size_t i) {
  try {
    return seat_name(names[i], static_cast<Seat>(i));
  } catch (const Error& e) {
    throw Error("name " + std::to_string(i + 1) + ": " + e.what());
  }
}

void name_seats(std::vector<SeatPlan>& seats, const std::vector<std::string>& names,
                BotNames bots) {
  std::vector<std::string> out(seats.size());  // the seats change only when every name is good
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const SeatPlan& p = seats[i];
    std::string& name = out[i];
    if (i < names.size()) name = listed_seat_name(names, i);
    if (!name.empty()) continue;
    const std::string number = std::to_string(i + 1);
    if (p.kind != SeatKind::kHuman && bots == BotNames::kGeneric) {
      name = "Bot " + number;
      continue;
    }
    switch (p.kind) {
      case SeatKind::kHuman:
        name = player_name(static_cast<Seat>(i));
        break;
      case SeatKind::kExternal:
        name = "ext " + number;
        break;
      case SeatKind::kBot: {
        const bool level =
            std::find(bot_levels().begin(), bot_levels().end(), p.asked) != bot_levels().end();
        name = (level ? p.asked : p.agent.substr(0, p.agent.find(':'))) + " " + number;
        break;
      }
    }
  }
  // No two seats alike, ignoring case (a default included: a person named "Bot 2" beside the
  // second seat's bot).
  for (std::size_t i = 0; i < out.size(); ++i)
    for (std::size_t k = 0; k < i; ++k)
      if (ascii_lower(out[i]) == ascii_lower(out[k]))
        throw Error("two seats would have the same name '" + out[i] + "'");
  for (std::size_t i = 0; i < seats.size(); ++i) seats[i].name = std::move(out[i]);
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
