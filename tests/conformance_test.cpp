// The conformance suite: runs over every registered game and every player count, playing seeded
// random games and checking the rules contract at every step. A new game gets it for free.
//
// Checked at every step: the legal list is non-empty and free of duplicates; illegal actions are
// rejected with an Error and leave the state unchanged; clones and copies are equal; every
// seat's (and the spectator's) view is identical in the real state and in worlds sampled for
// that viewer; sampled worlds really differ when the view says something hidden could be
// otherwise; a seat's legal actions are the same in its sampled worlds; the omniscient view
// samples back to the state itself; the game stays within its length bound.
// Checked per game: the record round-trips through JSON and replays to the same state at every
// step; the same seed and the same choices give the same game; scores agree with the ranking
// (where GameInfo::ranking_follows_scores).
// Narration (issue 23), NarrationAddsUpToWhatChanged: at every step the changes the spectator's
//   narration tells (data["changes"]) add up to the changes made (see below).
// Hidden information (issue 15), in their own tests so that each game's result stands alone:
//   PublicLogIsTheSameInEveryWorld: for every action and every other seat (and the spectator),
//     in every world sampled from that seat's view before the action where the action is legal,
//     the seat to move after it is the same (no step skipped or added because of a hidden card);
//     when the action is undoable (it drew no randomness and revealed nothing: undo_floor() did
//     not move), that seat's whole view after it and the public label are the same too; when it
//     draws or reveals, the public label is the same in every world where that seat's view after
//     it is the same (it says nothing the revealed view does not).
//   UndoProbeRevealsNothing: after an undoable action, the mover's view is the same in every world
//     consistent with its view before it (else taking actions back would probe hidden cards).
//
// Games per game and player count: GameInfo::conformance_games (2000 unless the game says
// otherwise), scaled by TURF_CONFORMANCE_SCALE or replaced by TURF_CONFORMANCE_GAMES. Every
// value of every option is also played: 20 games a value, scaled the same way.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include "core/match.h"
#include "core/narration.h"
#include "core/view.h"

namespace turf {
namespace {

struct Case {
  const GameInfo* game;
  int players;
};

std::vector<Case> all_cases() {
  std::vector<Case> out;
  for (const auto& g : Registry::instance().games())
    for (int n = g->min_players; n <= g->max_players; ++n) out.push_back({g.get(), n});
  return out;
}

// The game's own count (GameInfo::conformance_games), scaled by TURF_CONFORMANCE_SCALE;
// TURF_CONFORMANCE_GAMES, when set, replaces it for every game.
double conformance_scale() {
  const char* env = std::getenv("TURF_CONFORMANCE_SCALE");
  return env ? std::atof(env) : 1.0;
}

int games_per_case(const GameInfo& g) {
  if (const char* env = std::getenv("TURF_CONFORMANCE_GAMES")) return std::max(1, std::atoi(env));
  return std::max(1, static_cast<int>(g.conformance_games * conformance_scale()));
}

void PrintTo(const Case& c, std::ostream* os) {
  *os << c.game->id << " with " << c.players << " players";
}

class Conformance : public ::testing::TestWithParam<Case> {};

void check_illegal_rejected(State& s, const std::vector<Action>& legal, Rng& rng) {
  const std::set<Action> ok(legal.begin(), legal.end());
  const auto before = s.clone();
  std::vector<Action> probes = {-1, *ok.rbegin() + 1, std::numeric_limits<Action>::max()};
  for (int k = 0; k < 3; ++k) probes.push_back(static_cast<Action>(rng.below(20000)));
  for (Action a : probes) {
    if (ok.count(a)) continue;
    EXPECT_THROW(s.apply(a), Error) << "illegal action " << a << " accepted";
    ASSERT_TRUE(s.equals(*before)) << "a rejected action changed the state";
  }
}

void check_views(const State& s, const std::vector<Action>& legal, Rng& rng) {
  std::vector<Seat> viewers;
  for (Seat v = 0; v < s.num_seats(); ++v) viewers.push_back(v);
  viewers.push_back(kSpectator);
  const std::string truth = s.view(kOmniscient).to_json().dump();
  for (Seat viewer : viewers) {
    const View view = s.view(viewer);
    const std::string seen = view.to_json().dump();
    bool differed = false;
    // When something is hidden, every distinct arrangement is equally likely, so the true one has
    // probability at most 1/2: 64 samples all equal to it would happen with probability < 2^-63.
    const int samples = view.ambiguous() ? 64 : 2;
    for (int k = 0; k < samples; ++k) {
      const auto world = view.sample_world(rng);
      ASSERT_EQ(world->view(viewer).to_json().dump(), seen)
          << "the view of " << viewer_name(viewer) << " differs in a world sampled for it";
      std::vector<Action> wl;
      world->legal_actions(wl);
      ASSERT_EQ(wl.empty(), s.terminal()) << "a sampled world has no legal action";
      if (viewer == s.to_move()) {
        ASSERT_EQ(wl, legal) << "the mover's legal actions differ";
      }
      if (!differed && world->view(kOmniscient).to_json().dump() != truth) differed = true;
      if (differed && k >= 1) break;
    }
    if (view.ambiguous()) {
      ASSERT_TRUE(differed) << "worlds sampled for " << viewer_name(viewer)
                            << " never differ although something is hidden from it";
    }
  }
  const View all = s.view(kOmniscient);
  EXPECT_FALSE(all.ambiguous());
  ASSERT_TRUE(all.sample_world(rng)->equals(s)) << "the omniscient view does not sample back";
}

// Plays one seeded random game with every check. Returns the actions played.
std::vector<Action> play_checked(const GameInfo& game, const Options& options, std::uint64_t seed,
                                 bool check_every_step) {
  Match match(game, options, seed,
              std::vector<SeatInfo>(static_cast<std::size_t>(options.players())));
  Rng policy(seed ^ 0x9E3779B97F4A7C15ULL);
  Rng probe(seed + 17);
  std::vector<Action> legal, actions;
  std::vector<std::unique_ptr<State>> states;
  states.push_back(match.state().clone());
  const int bound = match.state().length_bound();
  while (!match.over()) {
    const State& s = match.state();
    s.legal_actions(legal);
    EXPECT_FALSE(legal.empty()) << "no legal action before the end";
    if (legal.empty()) break;
    EXPECT_EQ(std::set<Action>(legal.begin(), legal.end()).size(), legal.size()) << "duplicates";
    EXPECT_GE(s.to_move(), 0);
    EXPECT_LT(s.to_move(), s.num_seats());
    if (check_every_step) {
      auto copy = s.clone();
      check_illegal_rejected(*copy, legal, probe);
      EXPECT_TRUE(copy->equals(s));
      auto other = game.create(options, seed + 1);
      other->copy_from(s);
      EXPECT_TRUE(other->equals(s));
      check_views(s, legal, probe);
      if (::testing::Test::HasFatalFailure()) return actions;
    }
    const Action a = legal[policy.below(static_cast<std::uint32_t>(legal.size()))];
    match.apply(a);
    actions.push_back(a);
    states.push_back(match.state().clone());
    EXPECT_LE(match.state().move_number(), bound) << "longer than the length bound";
  }
  // The end: scores agree with the ranking (where the game says they do); ranks are dense from
  // 0 up in the order of the seats' places.
  const auto scores = match.state().scores();
  const auto ranking = match.state().ranking();
  EXPECT_EQ(scores.size(), static_cast<std::size_t>(options.players()));
  EXPECT_EQ(ranking.size(), static_cast<std::size_t>(options.players()));
  EXPECT_EQ(std::count(ranking.begin(), ranking.end(), 0) > 0, true);
  for (std::size_t i = 0; i < ranking.size(); ++i) {
    // a rank counts the seats strictly ahead (competition ranking: 0, 0, 2)
    const auto ahead =
        std::count_if(ranking.begin(), ranking.end(), [&](int r) { return r < ranking[i]; });
    EXPECT_EQ(ranking[i], ahead) << "rank " << ranking[i] << " of seat " << i;
  }
  if (game.ranking_follows_scores)
    for (std::size_t i = 0; i < scores.size(); ++i)
      for (std::size_t j = 0; j < scores.size(); ++j)
        if (scores[i] > scores[j]) {
          EXPECT_LT(ranking[i], ranking[j]) << "ranking contradicts scores";
        }
  check_views(match.state(), {}, probe);

  // The record, through JSON text, replays to the same state at every step.
  const Match replayed = Match::from_record(nlohmann::json::parse(match.record().dump()));
  EXPECT_TRUE(replayed.state().equals(match.state()));
  auto s = game.create(options, seed);
  EXPECT_TRUE(s->equals(*states[0]));
  for (std::size_t i = 0; i < actions.size(); ++i) {
    s->apply(replayed.history()[i].id);
    EXPECT_TRUE(s->equals(*states[i + 1])) << "replay differs after action " << i;
  }
  return actions;
}

TEST_P(Conformance, RandomGamesKeepTheContract) {
  const Case c = GetParam();
  const Options options = c.game->resolve({{"players", std::to_string(c.players)}});
  const int n = games_per_case(*c.game);
  for (int g = 0; g < n && !HasFatalFailure(); ++g) {
    const std::uint64_t seed = mix_seed(0xC0FFEE, static_cast<std::uint64_t>(g));
    const auto actions = play_checked(*c.game, options, seed, true);
    if (g < 20) {  // the same seed and the same choices give the same game
      const auto again = play_checked(*c.game, options, seed, false);
      EXPECT_EQ(actions, again);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Hidden information: the public log and the undo probe.

// The top-level fields in which two view objects differ, for failure messages.
std::string view_difference(const std::string& a, const std::string& b) {
  const auto ja = nlohmann::json::parse(a), jb = nlohmann::json::parse(b);
  std::string out;
  for (const auto& [k, v] : ja.items())
    if (!jb.contains(k) || jb[k] != v) {
      std::string va = v.dump(), vb = jb.contains(k) ? jb[k].dump() : "(absent)";
      if (va.size() > 160) va = va.substr(0, 160) + "...";
      if (vb.size() > 160) vb = vb.substr(0, 160) + "...";
      out += "\n    '" + k + "': real " + va + "\n    '" + k + "': world " + vb;
    }
  return out;
}

struct LeakCounts {
  long actions = 0;   // actions checked
  long worlds = 0;    // sampled worlds in which the action was legal and was compared
  long undoable = 0;  // undoable actions probed
};

// Where a failure happened, for its message.
std::string at_step(const State& s, Action a, std::uint64_t seed) {
  return "seed " + std::to_string(seed) + ", move " + std::to_string(s.move_number()) + ", " +
         viewer_name(s.to_move()) + " plays '" + s.action_label(a) + "' (public: '" +
         s.public_label(a) + "')";
}

// A view's JSON without whose turn it is (the seat to move, its legal actions, the end).
std::string without_turn(const std::string& view_json) {
  auto j = nlohmann::json::parse(view_json);
  for (const char* k : {"to_move", "legal", "terminal", "move_number"}) j.erase(k);
  return j.dump();
}

// (a) The public log. Returns false at the first failure (reported).
//
// For another seat o and a world w sampled from o's view before the action, in which the action
// is legal: the seat to move after it must be the same as in the real game (a step skipped, or
// added, because of something o cannot see would tell o about it); when the action draws or
// reveals, this is asked of the worlds where o sees the same facts after it (a public draw may
// decide who moves). When the action is undoable (it drew nothing and revealed nothing), o's
// whole view after it and its public label must be the same too. When it commits, o may learn
// what it reveals: the public label must be the same in every world where o's view after it is
// the same (the label tells nothing the revealed view does not).
bool check_public_log(const State& s, Action a, const State& after, std::uint64_t seed, Rng& rng,
                      LeakCounts& n) {
  const Seat mover = s.to_move();
  const bool undoable = after.undo_floor() == s.undo_floor();
  const std::string pub = s.public_label(a);
  const char* kind = undoable ? " (undoable)" : " (draws or reveals)";
  std::vector<Seat> others;
  for (Seat o = 0; o < s.num_seats(); ++o)
    if (o != mover) others.push_back(o);
  others.push_back(kSpectator);
  ++n.actions;
  for (Seat o : others) {
    const View before = s.view(o, false);
    if (!before.ambiguous()) continue;  // nothing hidden from o: nothing to compare
    const std::string seen_after = after.view(o).to_json().dump();
    const std::string seen_facts = without_turn(seen_after);
    for (int k = 0; k < 6; ++k) {
      auto w = before.sample_world(rng);
      if (!w->is_legal(a)) continue;
      ++n.worlds;
      const std::string world_pub = w->public_label(a);
      w->apply(a);
      const std::string world_after = w->view(o).to_json().dump();
      // A draw or a reveal may decide who moves next, when o sees it: then the facts o sees
      // after the action (its view without whose turn it is) differ too.
      const bool same_facts =
          undoable || world_after == seen_after || without_turn(world_after) == seen_facts;
      if (same_facts && (w->to_move() != after.to_move() || w->terminal() != after.terminal())) {
        ADD_FAILURE() << "who moves next depends on what " << viewer_name(o)
                      << " cannot see: " << at_step(s, a, seed) << kind << "; next "
                      << viewer_name(after.to_move()) << " in the real game, "
                      << viewer_name(w->to_move()) << " in a world sampled for " << viewer_name(o)
                      << " before the action";
        return false;
      }
      if (undoable && world_after != seen_after) {
        ADD_FAILURE() << "an undoable action shows " << viewer_name(o)
                      << " something hidden from it: " << at_step(s, a, seed)
                      << "; its view after differs from a world sampled for it:"
                      << view_difference(seen_after, world_after);
        return false;
      }
      if (world_pub != pub && (undoable || world_after == seen_after)) {
        ADD_FAILURE() << "the public label depends on what " << viewer_name(o)
                      << " cannot see: " << at_step(s, a, seed) << kind
                      << "; in a world sampled for " << viewer_name(o)
                      << " with the same view after, the same action reads '" << world_pub << "'";
        return false;
      }
    }
  }
  return true;
}

// (b) The undo probe. Returns false at the first failure (reported).
bool check_undo_probe(const State& s, Action a, const State& after, std::uint64_t seed, Rng& rng,
                      LeakCounts& n) {
  if (after.undo_floor() != s.undo_floor()) return true;  // committed: cannot be taken back
  const Seat mover = s.to_move();
  const View before = s.view(mover, false);
  if (!before.ambiguous()) return true;
  ++n.undoable;
  const std::string seen_after = after.view(mover).to_json().dump();
  for (int k = 0; k < 6; ++k) {
    auto w = before.sample_world(rng);
    if (!w->is_legal(a)) {
      ADD_FAILURE() << "the mover's action is not legal in a world sampled for it: "
                    << at_step(s, a, seed);
      return false;
    }
    ++n.worlds;
    w->apply(a);
    const std::string world_after = w->view(mover).to_json().dump();
    if (world_after != seen_after) {
      ADD_FAILURE() << "undo probe: an undoable action shows " << viewer_name(mover)
                    << " something that depends on hidden cards (it could take the action back "
                       "and try again): "
                    << at_step(s, a, seed) << "; its view after differs in a world sampled for it:"
                    << view_difference(seen_after, world_after);
      return false;
    }
  }
  return true;
}

// Plays seeded random games, running `check` on every action, until the first failure.
template <class Check>
void play_with_leak_check(const Case& c, Check check, const char* what, bool must_compare) {
  const Options options = c.game->resolve({{"players", std::to_string(c.players)}});
  // A quarter of the contract's games (each step samples several worlds per seat).
  const int games = std::max(1, games_per_case(*c.game) / 4);
  LeakCounts n;
  std::vector<Action> legal;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t seed = mix_seed(0x5EC2E7, static_cast<std::uint64_t>(g));
    auto s = c.game->create(options, seed);
    Rng policy(seed ^ 0x9E3779B97F4A7C15ULL), probe(seed + 29);
    while (!s->terminal()) {
      s->legal_actions(legal);
      ASSERT_FALSE(legal.empty());
      const Action a = legal[policy.below(static_cast<std::uint32_t>(legal.size()))];
      auto after = s->clone();
      after->apply(a);
      if (!check(*s, a, *after, seed, probe, n)) return;
      s = std::move(after);
    }
  }
  std::cout << "[ leaks    ] " << c.game->id << " " << c.players << "p " << what << ": " << games
            << " games, " << (must_compare ? n.actions : n.undoable)
            << (must_compare ? " actions" : " undoable actions") << ", " << n.worlds
            << " worlds compared\n";
  if (must_compare) {
    EXPECT_GT(n.worlds, 0) << "no world was ever compared: it checked nothing";
  }
}

TEST_P(Conformance, PublicLogIsTheSameInEveryWorld) {
  play_with_leak_check(GetParam(), check_public_log, "public log", true);
}

TEST_P(Conformance, UndoProbeRevealsNothing) {
  play_with_leak_check(GetParam(), check_undo_probe, "undo probe", false);
}

// The values of an option the suite plays: every choice, or an integer's least and greatest.
std::vector<std::string> values_played(const OptionSpec& spec) {
  if (spec.kind == OptionSpec::Kind::Integer)
    return {std::to_string(spec.min), std::to_string(spec.max)};
  return spec.choices;
}

TEST_P(Conformance, EveryOptionValueWorks) {
  const Case c = GetParam();
  for (const auto& spec : c.game->options) {
    if (spec.name == "players") continue;
    for (const auto& v : values_played(spec)) {
      const Options options =
          c.game->resolve({{"players", std::to_string(c.players)}, {spec.name, v}});
      // 20 games a value (scaled like the rest, at least 3), the first quarter with every check.
      const int games = std::max(3, static_cast<int>(20 * conformance_scale()));
      for (int g = 0; g < games; ++g) play_checked(*c.game, options, 1000 + g, g < (games + 3) / 4);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The narration adds up (issue 23).
//
// What the spectator is told of a step must account for what the step changed. A game that
// declares the public counters its narration accounts for (GameInfo::tally) puts every change of
// one of them, and of "score/<seat>" (scores()[seat]), in exactly one line of the step as
// data["changes"] = {counter: change}: at every step the changes told, summed per counter, must
// equal the changes made, so nothing is told twice and nothing is lost (two battles ending within
// one action, an exploration and a battle together). A game without a tally is held to what its
// narration says: when it tells "score/<seat>" changes, they must add up in the same way, and a
// "scoring" line for one seat whose data carries a "score" must name that seat's scores() after
// the step.

using Tally = std::map<std::string, int>;

std::string tally_text(const Tally& t) {
  std::string out;
  for (const auto& [k, v] : t) out += " " + k + "=" + std::to_string(v);
  return out.empty() ? " (none)" : out;
}

TEST_P(Conformance, NarrationAddsUpToWhatChanged) {
  const Case c = GetParam();
  const GameInfo& g = *c.game;
  // A tenth of the contract's games with the default options (at least 3, at most 20), then 2
  // games for every value of every other option (extra skills, variants).
  std::vector<Options> runs;
  const int games = std::clamp(games_per_case(g) / 10, 3, 20);
  for (int k = 0; k < games; ++k)
    runs.push_back(g.resolve({{"players", std::to_string(c.players)}}));
  for (const auto& spec : g.options) {
    if (spec.name == "players") continue;
    for (const auto& v : values_played(spec))
      for (int k = 0; k < 2; ++k)
        runs.push_back(g.resolve({{"players", std::to_string(c.players)}, {spec.name, v}}));
  }
  long steps = 0, told_changes = 0, totals = 0;
  std::vector<Action> legal;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const std::uint64_t seed = mix_seed(0xADD5, static_cast<std::uint64_t>(k));
    auto s = g.create(runs[k], seed);
    Rng policy(seed ^ 0x9E3779B97F4A7C15ULL);
    while (!s->terminal()) {
      s->legal_actions(legal);
      ASSERT_FALSE(legal.empty());
      const Action a = legal[policy.below(static_cast<std::uint32_t>(legal.size()))];
      auto after = s->clone();
      after->apply(a);
      NarratedAction act;
      act.mover = s->to_move();
      act.label = s->public_label(a);
      act.move_number = s->move_number();
      const auto story =
          narrate_step(s->view(kSpectator, false), act, after->view(kSpectator, false));
      ++steps;
      const auto sb = s->scores(), sa = after->scores();
      Tally told, made;
      bool tells_scores = false;
      std::string text;
      for (const auto& n : story) {
        text += "\n    " + n.kind + ": " + n.text;
        if (n.data.contains("changes") && n.data["changes"].is_object())
          for (const auto& [key, v] : n.data["changes"].items()) {
            told[key] += v.get<int>();
            ++told_changes;
            tells_scores |= key.rfind("score/", 0) == 0;
          }
        if (n.kind == "scoring" && n.seats.size() == 1 && n.data.contains("score") &&
            n.data["score"].is_number_integer()) {
          ++totals;
          EXPECT_EQ(n.data["score"].get<double>(), sa[static_cast<std::size_t>(n.seats[0])])
              << g.id << " seed " << seed << ", move " << s->move_number() << ": " << n.text;
        }
      }
      if (g.tally || tells_scores)
        for (std::size_t i = 0; i < sa.size(); ++i)
          made["score/" + std::to_string(i)] = static_cast<int>(std::lround(sa[i] - sb[i]));
      if (g.tally) {
        const Tally tb = g.tally(*s), ta = g.tally(*after);
        for (const auto& [key, v] : ta) made[key] += v;
        for (const auto& [key, v] : tb) made[key] -= v;
      } else {
        for (auto it = told.begin(); it != told.end();)  // only the scores are checked
          it = it->first.rfind("score/", 0) == 0 ? std::next(it) : told.erase(it);
      }
      std::erase_if(made, [](const auto& kv) { return kv.second == 0; });
      std::erase_if(told, [](const auto& kv) { return kv.second == 0; });
      if (told != made) {
        ADD_FAILURE() << g.id << " " << c.players << "p, seed " << seed << ", move "
                      << s->move_number() << ", " << viewer_name(act.mover) << " plays '"
                      << s->action_label(a) << "': the narration tells" << tally_text(told)
                      << "\n  but the step changed" << tally_text(made) << "\n  narration:" << text;
        return;
      }
      s = std::move(after);
    }
  }
  std::cout << "[ adds up  ] " << g.id << " " << c.players << "p: " << runs.size() << " games, "
            << steps << " steps, " << told_changes << " changes told, " << totals
            << " totals checked" << (g.tally ? "" : " (no tally: scores only where told)") << "\n";
  if (g.tally) {
    EXPECT_GT(told_changes, 0) << "a game with a tally told no change: it checked nothing";
  }
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  return info.param.game->id + "_" + std::to_string(info.param.players) + "p";
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, ::testing::ValuesIn(all_cases()), case_name);

}  // namespace
}  // namespace turf
