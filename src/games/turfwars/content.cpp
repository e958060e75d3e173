// Turf Wars: loads data/turfwars/content.json (embedded at build time) into the kernel's tables —
// the three boards with their adjacency (T1), factions, events and secret wins as primitives
// (T15), the action-card templates and the combat-card types.
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/embedded.h"
#include "core/variant.h"
#include "games/turfwars/game.h"
#include "games/turfwars/rules.h"

namespace turf::turfwars {

namespace {

[[noreturn]] void bad(const std::string& what) {
  throw std::logic_error("data/turfwars/content.json: " + what);
}

int type_of(const Content& c, const std::string& id) {
  for (int t = 0; t < kTypes; ++t)
    if (c.type_ids[t] == id) return t;
  bad("unknown turf type '" + id + "'");
}

void check_tag(const nlohmann::json& j, const std::string& what) {
  const auto tag = j.at("tag").get<std::string>();
  if (tag != "found" && tag != "inferred" && tag != "designed") bad(what + ": bad tag " + tag);
  if (!j.contains("source") || j.at("source").get<std::string>().empty()) bad(what + ": no source");
}

Board load_board(const Content& c, const nlohmann::json& j) {
  Board b;
  b.id = j.at("id").get<std::string>();
  b.tag = j.at("tag").get<std::string>();
  b.min_players = j.at("players")[0].get<int>();
  b.max_players = j.at("players")[1].get<int>();
  b.domination = j.at("domination").get<int>();
  const auto rows = j.at("rows").get<std::vector<std::string>>();
  b.size = static_cast<int>(rows.size());
  if (b.size * b.size > kMaxCells) bad("board " + b.id + " too large");
  const int n = b.size;
  for (int r = 0; r < n; ++r) {
    if (static_cast<int>(rows[r].size()) != n) bad("board " + b.id + " is not square");
    for (int col = 0; col < n; ++col) {
      const int cell = r * n + col;
      const char ch = rows[r][col];
      b.partner[cell] = kNone;
      if (ch == '#') {
        b.kind[cell] = kDeadCell;
      } else if (ch == 'T') {
        b.kind[cell] = kTeleporterCell;
        b.has_teleporters = true;
      } else if (ch == ' ') {
        b.kind[cell] = kOffCell;
      } else {
        b.kind[cell] = kTurfCell;
        int t = -1;
        for (int k = 0; k < kTypes; ++k)
          if (c.type_letters[k] == ch) t = k;
        if (t < 0) bad("board " + b.id + ": unknown letter");
        b.type[cell] = static_cast<std::uint8_t>(t);
        b.turfs.add(cell);
        b.by_type[t].add(cell);
      }
    }
  }
  b.num_turfs = b.turfs.n;
  b.turf_type.fill(kNone);
  b.is_turf.fill(0);
  for (int cell : b.turfs) {
    b.turf_type[cell] = b.type[cell];
    b.is_turf[cell] = 1;
  }
  auto turf = [&](int r, int col) {
    return r >= 0 && col >= 0 && r < n && col < n && b.kind[r * n + col] == kTurfCell;
  };
  const int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1};
  for (int cell = 0; cell < n * n; ++cell) {
    if (b.kind[cell] != kTeleporterCell) continue;
    const int partner = (n - 1 - cell / n) * n + (n - 1 - cell % n);
    if (partner == cell || b.kind[partner] != kTeleporterCell)
      bad("board " + b.id + ": a teleporter without its opposite-diagonal partner");
    b.partner[cell] = static_cast<std::uint8_t>(partner);
  }
  for (int cell : b.turfs) {
    const int r = cell / n, col = cell % n;
    for (int d = 0; d < 4; ++d)
      if (turf(r + dr[d], col + dc[d])) b.adj[cell].add((r + dr[d]) * n + col + dc[d]);
    for (int x = -1; x <= 1; ++x)
      for (int y = -1; y <= 1; ++y)
        if ((x || y) && turf(r + x, col + y)) b.ring[cell].add((r + x) * n + col + y);
    b.adj_tele[cell] = {};
    for (int a : b.adj[cell]) b.adj_tele[cell].add(a);
    for (int d = 0; d < 4; ++d) {
      const int rr = r + dr[d], cc = col + dc[d];
      if (rr < 0 || cc < 0 || rr >= n || cc >= n || b.kind[rr * n + cc] != kTeleporterCell)
        continue;
      const int t2 = b.partner[rr * n + cc];
      for (int e = 0; e < 4; ++e) {
        const int r2 = t2 / n + dr[e], c2 = t2 % n + dc[e];
        if (!turf(r2, c2)) continue;
        const int other = r2 * n + c2;
        if (other != cell && !b.adj_tele[cell].has(other)) b.adj_tele[cell].add(other);
      }
    }
  }
  auto reach = [&](const auto& adj, auto& out, int cell) {
    out = {};
    for (int a : adj[cell]) {
      if (!out.has(a)) out.add(a);
      for (int a2 : adj[a])
        if (a2 != cell && !out.has(a2)) out.add(a2);
    }
    std::sort(out.c.begin(), out.c.begin() + out.n);
  };
  for (int cell : b.turfs) {
    std::sort(b.adj_tele[cell].c.begin(), b.adj_tele[cell].c.begin() + b.adj_tele[cell].n);
    reach(b.adj, b.reach2[cell], cell);
    reach(b.adj_tele, b.reach2_tele[cell], cell);
  }
  return b;
}

Ability load_ability(const Content& c, const nlohmann::json& list, const std::string& who) {
  Ability a;
  for (const auto& x : list) {
    const auto prim = x.at("primitive").get<std::string>();
    const int amount = x.value("amount", 0);
    auto i8 = [](int v) { return static_cast<std::int8_t>(v); };
    if (prim == "first_turn_token")
      a.first_turn_token = true;
    else if (prim == "declare_home")
      a.declare_home = true;
    else if (prim == "clone")
      a.clone = true;
    else if (prim == "event_opt_out")
      a.event_opt_out = true;
    else if (prim == "defend_pull")
      a.defend_pull = true;
    else if (prim == "steal_on_win")
      a.steal_on_win = true;
    else if (prim == "no_retreat_penalty")
      a.no_retreat_penalty = true;
    else if (prim == "champion")
      a.champion = true;
    else if (prim == "pre_event_troops") {
      a.pre_event_troops = i8(amount);
      a.pre_event_turf = static_cast<std::uint8_t>(type_of(c, x.at("turf").get<std::string>()));
    } else if (prim == "pre_event_maneuver")
      a.pre_event_maneuver = i8(amount);
    else if (prim == "silence_defender")
      a.silence_defender = i8(amount);
    else if (prim == "lure")
      a.lure = i8(amount);
    else if (prim == "volley")
      a.volley = i8(amount);
    else if (prim == "attack_bonus")
      a.attack_bonus = i8(amount);
    else if (prim == "attack_range") {
      a.attack_range = i8(amount);
      if (x.contains("turf"))
        a.attack_range_from =
            static_cast<std::uint8_t>(type_of(c, x.at("turf").get<std::string>()));
    } else if (prim == "plunder")
      a.plunder = i8(amount);
    else if (prim == "raise_dead")
      a.raise_dead = i8(std::max(1, amount));
    else if (prim == "reinforce_bonus")
      a.reinforce_bonus = i8(amount);
    else if (prim == "ftt_discount")
      a.ftt_discount = i8(amount);
    else if (prim == "defend_bonus") {
      const auto turf = x.value("turf", std::string("any"));
      if (turf == "any")
        a.defend_bonus_any = i8(a.defend_bonus_any + amount);
      else
        a.defend_bonus_type[type_of(c, turf)] = i8(amount);
    } else {
      bad(who + ": unknown ability primitive '" + prim + "'");
    }
  }
  return a;
}

EventDef load_event(const Content& c, const nlohmann::json& j) {
  EventDef e;
  e.id = j.at("id").get<std::string>();
  e.name = j.at("name").get<std::string>();
  e.text = j.at("text").get<std::string>();
  e.tag = j.at("tag").get<std::string>();
  e.opt_out = j.at("opt_out").get<bool>();
  e.optional = j.value("optional", false);
  for (const auto& x : j.at("effects")) {
    const auto prim = x.at("primitive").get<std::string>();
    const auto amount = static_cast<std::int8_t>(x.value("amount", 0));
    if (prim == "support_allowed")
      e.support_allowed = true;
    else if (prim == "forced_attack")
      e.forced_attack = true;
    else if (prim == "abilities_off")
      e.abilities_off = true;
    else if (prim == "new_home")
      e.new_home = true;
    else if (prim == "mind_control")
      e.mind_control = true;
    else if (prim == "rampage")
      e.rampage = true;
    else if (prim == "no_combat_cards")
      e.no_combat_cards = true;
    else if (prim == "teleporters_off")
      e.teleporters_off = true;
    else if (prim == "pass_cards")
      e.pass_cards = amount;
    else if (prim == "troops_each_turf") {
      e.troops_each_turf = amount;
      e.troops_min = static_cast<std::int8_t>(x.value("min_troops", 1));
    } else if (prim == "round_shift")
      e.round_shift = amount;
    else if (prim == "attack_bonus")
      e.attack_bonus = amount;
    else if (prim == "defend_bonus")
      e.defend_bonus = amount;
    else if (prim == "dp_each")
      e.dp_each = amount;
    else if (prim == "place_troops")
      e.place_troops = amount;
    else if (prim == "attack_ban")
      e.attack_ban = static_cast<std::uint8_t>(type_of(c, x.at("turf").get<std::string>()));
    else
      bad(e.id + ": unknown event primitive '" + prim + "'");
  }
  return e;
}

SecretDef load_secret(const Content& c, const nlohmann::json& j) {
  static const std::map<std::string, Condition> kNames = {
      {"troops_at_least", Condition::kTroopsAtLeast},
      {"kill_neighbour", Condition::kKillNeighbour},
      {"encircle", Condition::kEncircle},
      {"undefeated", Condition::kUndefeated},
      {"unstoppable", Condition::kUnstoppable},
      {"defences_won_at_least", Condition::kDefencesWonAtLeast},
      {"each_type_at_least", Condition::kEachTypeAtLeast},
      {"card_run", Condition::kCardRun},
      {"guardian", Condition::kGuardian},
      {"turfs_at_least", Condition::kTurfsAtLeast},
      {"dp_at_least", Condition::kDpAtLeast},
      {"wars_won_at_least", Condition::kWarsWonAtLeast},
      {"turf_troops_at_least", Condition::kTurfTroopsAtLeast},
      {"usurp", Condition::kUsurp},
      {"giant_slayer", Condition::kGiantSlayer},
      {"homeland", Condition::kHomeland},
      {"tyrant", Condition::kTyrant},
      {"pacifist", Condition::kPacifist},
      {"any_kill", Condition::kAnyKill},
  };
  SecretDef s;
  s.id = j.at("id").get<std::string>();
  s.name = j.at("name").get<std::string>();
  s.text = j.at("text").get<std::string>();
  s.tag = j.at("tag").get<std::string>();
  const auto& cond = j.at("condition");
  const auto it = kNames.find(cond.at("primitive").get<std::string>());
  if (it == kNames.end()) bad(s.id + ": unknown condition");
  s.condition = it->second;
  s.amount = cond.value("amount", 0);
  s.from_round = cond.value("from_round", 0);
  s.troops = cond.value("troops", 0);
  if (cond.contains("turf")) s.turf = type_of(c, cond.at("turf").get<std::string>());
  if (cond.contains("side")) s.side = cond.at("side").get<std::string>() == "left" ? 1 : -1;
  return s;
}

Content load(const nlohmann::json& j) {
  Content c;
  std::map<std::string, int*> constants = {
      {"rounds", &c.rounds},
      {"start_troops", &c.start_troops},
      {"reinforcements", &c.reinforcements},
      {"combat_hand", &c.combat_hand},
      {"troop_cubes", &c.troop_cubes},
      {"draft_extra", &c.draft_extra},
      {"price_troop", &c.price_troop},
      {"price_secret", &c.price_secret},
      {"price_actions", &c.price_actions},
      {"actions_bought", &c.actions_bought},
      {"price_combat", &c.price_combat},
      {"price_ftt", &c.price_ftt},
      {"rainbow_bonus", &c.rainbow_bonus},
      {"support_paid_win", &c.support_paid_win},
      {"support_paid_loss", &c.support_paid_loss},
      {"held_action_cap", &c.held_action_cap},
      {"rampage_extra", &c.rampage_extra},
  };
  for (const auto& x : j.at("constants")) {
    const auto id = x.at("id").get<std::string>();
    check_tag(x, "constant " + id);
    const auto it = constants.find(id);
    if (it == constants.end()) bad("unknown constant " + id);
    *it->second = x.at("value").get<int>();
    constants.erase(it);
  }
  if (!constants.empty()) bad("missing constant " + constants.begin()->first);
  if (c.troop_cubes > 40 || c.rounds > 12) bad("constants beyond the engine's capacity");

  int t = 0;
  for (const auto& x : j.at("turf_types")) {
    if (t >= kTypes) bad("more than six turf types");
    check_tag(x, "turf type");
    c.type_ids[t] = x.at("id").get<std::string>();
    c.type_names[t] = x.at("name").get<std::string>();
    c.type_letters[t] = x.at("letter").get<std::string>().at(0);
    ++t;
  }
  if (t != kTypes) bad("needs six turf types");

  for (const auto& x : j.at("boards")) {
    check_tag(x, "board");
    c.boards.push_back(load_board(c, x));
  }
  for (int n = 2; n <= kMaxSeats; ++n) {
    const Board& b = c.board_for(n);
    if (b.num_turfs % kTypes != 0) bad("board " + b.id + ": turf types are not even");
    for (int k = 0; k < kTypes; ++k)
      if (b.by_type[k].n != b.num_turfs / kTypes) bad("board " + b.id + ": uneven turf types");
  }

  for (const auto& x : j.at("factions")) check_tag(x, "faction");
  for (const auto& x : j.at("factions")) {
    Faction f;
    f.id = x.at("id").get<std::string>();
    f.name = x.at("name").get<std::string>();
    f.text = x.at("text").get<std::string>();
    f.tag = x.at("tag").get<std::string>();
    f.home = type_of(c, x.at("home").get<std::string>());
    f.ability = load_ability(c, x.at("ability"), f.id);
    c.most_ftt_discount = std::max<int>(c.most_ftt_discount, f.ability.ftt_discount);
    c.factions.push_back(std::move(f));
  }
  for (std::size_t i = 0; i < c.factions.size(); ++i)
    c.factions[i].nemesis = c.faction_index(j.at("factions")[i].at("nemesis").get<std::string>());
  if (c.factions.size() > kMaxFactions || c.factions.size() < 2 * kMaxSeats)
    bad("needs 12 to 24 factions");

  for (const auto& x : j.at("events")) {
    check_tag(x, "event");
    c.events.push_back(load_event(c, x));
  }
  if (c.events.size() > kMaxEvents || c.events.size() < static_cast<std::size_t>(c.rounds + 2))
    bad("event deck size");
  for (const auto& x : j.at("secret_wins")) {
    check_tag(x, "secret win");
    c.secrets.push_back(load_secret(c, x));
    const SecretDef& s = c.secrets.back();
    if (s.condition == Condition::kGiantSlayer) {
      if (s.amount < 1) bad(s.id + ": giant_slayer needs an amount of at least 1");
      c.giant_ratio = s.amount;
      c.giant_troops = s.troops;
    }
  }
  if (c.secrets.size() > kMaxSecrets) bad("too many secret wins");

  for (const auto& x : j.at("action_cards")) {
    check_tag(x, "action card");
    const auto kind_s = x.at("kind").get<std::string>();
    ActionKind kind;
    if (kind_s == "attack")
      kind = ActionKind::kAttack;
    else if (kind_s == "strike")
      kind = ActionKind::kStrike;
    else if (kind_s == "teleport")
      kind = ActionKind::kTeleport;
    else if (kind_s == "maneuver")
      kind = ActionKind::kManeuver;
    else if (kind_s == "reinforce")
      kind = ActionKind::kReinforce;
    else
      bad("unknown action kind " + kind_s);
    auto add = [&](int turf, const std::vector<int>& priorities, const std::string& name) {
      std::map<int, int> copies;
      for (int pr : priorities) ++copies[pr];
      for (const auto& [pr, n] : copies) {
        ActionTemplate a;
        a.name = name;
        a.text = x.at("text").get<std::string>();
        a.tag = x.at("tag").get<std::string>();
        a.kind = kind;
        a.turf = turf;
        a.priority = pr;
        a.count = n;
        a.amount = x.value("amount", 0);
        c.templates.push_back(std::move(a));
        c.action_cards += n;
      }
    };
    if (x.contains("turfs")) {
      const auto by = x.at("priorities_by_turf").get<std::vector<std::vector<int>>>();
      if (by.size() != kTypes) bad("priorities_by_turf needs six lists");
      const char* suffix = kind == ActionKind::kAttack   ? " Attack"
                           : kind == ActionKind::kStrike ? " Strike"
                                                         : " Teleport";
      for (int k = 0; k < kTypes; ++k) add(k, by[k], c.type_names[k] + suffix);
    } else {
      add(0, x.at("priorities").get<std::vector<int>>(), x.at("name").get<std::string>());
    }
  }
  // Priorities are unique (checked below), so a plain sort gives one order.
  std::sort(
      c.templates.begin(), c.templates.end(),
      [](const ActionTemplate& a, const ActionTemplate& b) { return a.priority < b.priority; });
  if (c.templates.size() > kMaxTemplates || c.action_cards > kMaxActionCards)
    bad("too many action cards");
  // Cards of one priority must be copies of one card (T8.1): the engine resolves a priority as one
  // group of equal cards.
  for (std::size_t i = 1; i < c.templates.size(); ++i)
    if (c.templates[i].priority == c.templates[i - 1].priority) bad("two cards share a priority");

  int total = 0, ct = 0;
  for (const auto& x : j.at("combat_cards")) {
    check_tag(x, "combat card");
    if (ct >= kCombatTypes) bad("too many combat card types");
    CombatType& d = c.combat[ct];
    d.id = x.at("id").get<std::string>();
    d.name = x.at("name").get<std::string>();
    d.tag = x.at("tag").get<std::string>();
    d.value = x.at("value").get<int>();
    d.count = x.at("count").get<int>();
    total += d.count;
    ++ct;
  }
  if (ct != kCombatTypes || c.combat[kZero].id != "zero" || c.combat[kNegate].id != "negate" ||
      c.combat[kCryForHelp].id != "cry_for_help")
    bad("combat cards: zero, 1..10, negate, cry_for_help in that order");
  for (int v = 1; v <= 10; ++v)
    if (c.combat[v].value != v) bad("combat card values 1..10");
  if (total != j.at("combat_cards_total").at("value").get<int>() || total > kMaxCombatCards)
    bad("combat cards do not add up");
  for (const auto& x : j.at("negate_in_play")) {
    for (int n = x.at("players")[0].get<int>(); n <= x.at("players")[1].get<int>(); ++n)
      c.negate_in_play[n] = x.at("count").get<int>();
  }
  for (int n = 2; n <= kMaxSeats; ++n)
    if (c.negate_in_play[n] > c.combat[kNegate].count || c.combat[kZero].count < n ||
        c.combat[kCryForHelp].count < n)
      bad("not enough special combat cards");
  return c;
}

}  // namespace

bool EventDef::has_effect() const {
  return support_allowed || forced_attack || abilities_off || new_home || mind_control || rampage ||
         no_combat_cards || teleporters_off || pass_cards || troops_each_turf || round_shift ||
         attack_bonus || defend_bonus || dp_each || place_troops || attack_ban != kNone;
}

namespace {
// A variant's content: as the base's, with the same action card templates in number (one per
// card, turf and priority: their ids are actions, and the observation counts them).
Content load_variant(const nlohmann::json& j) {
  Content c = load(j);
  const std::size_t n = content().templates.size();
  if (c.templates.size() != n)
    throw Error("action_cards: the action cards make " + std::to_string(c.templates.size()) +
                " kinds (by card, turf and priority) where the game has " + std::to_string(n) +
                "; a variant changes them, not their number");
  return c;
}

ContentSlots<Content>& slots() {
  static ContentSlots<Content> s(nlohmann::json::parse(embedded_file("data/turfwars/content.json")),
                                 &load, &load_variant);
  return s;
}
}  // namespace

const Content& content() {
  return *slots().table()[0];
}
const Content* const* content_table() {
  return slots().table();
}
int content_slot(const nlohmann::json& patch) {
  // The boards and turf types are the geometry the action ids, the observation layout and the
  // kernel's precomputed masks are built on: a variant changes cards and numbers, not the map.
  for (const char* key : {"boards", "turf_types"})
    if (patch.is_object() && patch.contains(key))
      throw Error(std::string(key) + ": a variant changes cards and numbers, not the boards");
  return slots().slot_of(patch);
}
const nlohmann::json& content_document() {
  return slots().base_document();
}

int Content::faction_index(const std::string& id) const {
  for (std::size_t i = 0; i < factions.size(); ++i)
    if (factions[i].id == id) return static_cast<int>(i);
  throw std::logic_error("unknown faction " + id);
}
int Content::event_index(const std::string& id) const {
  for (std::size_t i = 0; i < events.size(); ++i)
    if (events[i].id == id) return static_cast<int>(i);
  throw std::logic_error("unknown event " + id);
}
int Content::secret_index(const std::string& id) const {
  for (std::size_t i = 0; i < secrets.size(); ++i)
    if (secrets[i].id == id) return static_cast<int>(i);
  throw std::logic_error("unknown secret win " + id);
}
const Board& Content::board_for(int players) const {
  for (const auto& b : boards)
    if (players >= b.min_players && players <= b.max_players) return b;
  throw std::logic_error("no board for " + std::to_string(players) + " players");
}

}  // namespace turf::turfwars
