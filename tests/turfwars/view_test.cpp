// Turf Wars views: what each viewer may know (E2), world sampling that respects it (the draft's
// passed cards, the priority already called, known cards, the face-down discard), the terminal
// drawing, and the bots' honesty on this game.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "bots/agent.h"
#include "bots/eval.h"
#include "core/view.h"
#include "turfwars/board.h"

namespace turf::turfwars {
namespace {

using testing::pos;

std::unique_ptr<State> fresh(int players, std::uint64_t seed) {
  const GameInfo& g = testing::game();
  return g.create(g.resolve({{"players", std::to_string(players)}}), seed);
}

// Plays random actions until `stop` holds (or the game ends); nullptr when it never held.
template <class F>
std::unique_ptr<State> play_until(int players, std::uint64_t seed, F stop, int max = 3000) {
  auto s = fresh(players, seed);
  Rng r(seed * 7 + 1);
  std::vector<Action> legal;
  for (int i = 0; i < max && !s->terminal(); ++i) {
    if (stop(pos(*s))) return s;
    s->legal_actions(legal);
    s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return stop(pos(*s)) ? std::move(s) : nullptr;
}

Position redacted(const State& s, Seat viewer) {
  Position p = pos(s);
  redact(p, viewer);
  return p;
}

TEST(TurfWarsView, E2_HandsAndSecretsAreHidden) {
  auto s = play_until(4, 3, [](const Position& p) { return p.phase == Phase::kDraft; });
  ASSERT_NE(s, nullptr);
  const auto mine = s->view(0).to_json();
  const auto theirs = s->view(1).to_json();
  const auto spectator = s->view(kSpectator).to_json();
  const auto all = s->view(kOmniscient).to_json();
  EXPECT_TRUE(mine["seats"][0].contains("hand"));
  EXPECT_TRUE(mine["seats"][0].contains("secrets"));
  EXPECT_FALSE(mine["seats"][1].contains("hand"));
  EXPECT_FALSE(mine["seats"][1].contains("secrets"));
  EXPECT_FALSE(theirs["seats"][0].contains("hand"));
  EXPECT_EQ(mine["seats"][1]["combat_cards"], theirs["seats"][1]["combat_cards"]);
  for (int seat = 0; seat < 4; ++seat) {
    EXPECT_FALSE(spectator["seats"][seat].contains("hand"));
    EXPECT_TRUE(all["seats"][seat].contains("hand"));
  }
  EXPECT_FALSE(mine.contains("combat_deck_order"));
  EXPECT_TRUE(all.contains("combat_deck_order"));
}

// The wall: what a view holds is the truth with every hidden field overwritten, so two worlds
// that look the same to a seat give the same view object, byte for byte.
TEST(TurfWarsView, E2_ViewsHoldNothingHidden) {
  int checked = 0;
  for (int players = 2; players <= 6; ++players) {
    for (int stop = 20; stop <= 260; stop += 40) {
      int step = 0;
      auto s = play_until(players, 100 + stop, [&](const Position&) { return ++step > stop; });
      if (!s) continue;
      Rng r(stop);
      for (Seat v = kSpectator; v < players; ++v) {
        if (v == -1) continue;
        const View view = s->view(v);
        const Position& seen = view.as<TurfWarsView>().pos;
        EXPECT_TRUE(seen == redacted(*s, v));
        for (int k = 0; k < 4; ++k) {
          const auto w = view.sample_world(r);
          EXPECT_TRUE(redacted(*w, v) == seen) << "players " << players << " viewer " << v;
        }
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100);
}

// Issue 32: Position::secret_bits (the win check's quick look reads it instead of the cards, R31)
// follows the secret cards in every world a view samples and in every view, at every player count:
// equal to the bits rebuilt from the cards the world holds.
TEST(TurfWarsView, R31_E2_SampledWorldsKeepTheSecretBitsOfTheirCards) {
  auto expect_bits = [](const Position& p, const std::string& where) {
    Position rebuilt = p;
    recount_secrets(rebuilt);
    EXPECT_EQ(p.secret_bits, rebuilt.secret_bits) << where;
  };
  int worlds = 0;
  for (int players = 2; players <= 6; ++players) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      auto s = fresh(players, 700 + seed);
      Rng r(seed * 17 + static_cast<std::uint64_t>(players));
      std::vector<Action> legal;
      for (int i = 0; i < 3000 && !s->terminal(); ++i) {
        if (i % 7 == 0) {
          const Seat v = static_cast<Seat>(r.below(static_cast<std::uint32_t>(players)));
          const View view = s->view(v);
          const std::string where = std::to_string(players) + " players, seed " +
                                    std::to_string(seed) + ", action " + std::to_string(i);
          expect_bits(view.as<TurfWarsView>().pos, where + " (view)");
          auto w = view.sample_world(r);
          expect_bits(pos(*w), where + " (sampled)");
          ++worlds;
          if (::testing::Test::HasFailure()) return;
        }
        s->legal_actions(legal);
        s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
      }
    }
  }
  EXPECT_GT(worlds, 300);
}

// E3: undo must not probe secrets. Whether an action can be taken back may not depend on anything
// the mover cannot see, and after an action that stays undoable the mover's view is the same in
// every world consistent with its view before it: otherwise taking back an action would tell it,
// say, that no rival's secret win card fired. Worlds are sampled from the mover's view before the
// action; the action is applied in each.
TEST(TurfWarsView, E3_UndoNeverProbesHiddenInformation) {
  int probes = 0, undoable = 0, secret_checks = 0;
  for (int players : {2, 3, 4, 6}) {
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      const GameInfo& g = testing::game();
      auto s = g.create(g.resolve({{"players", std::to_string(players)}}), 500 + seed);
      Rng r(seed * 31 + static_cast<std::uint64_t>(players));
      std::vector<Action> legal;
      for (int i = 0; i < 4000 && !s->terminal(); ++i) {
        s->legal_actions(legal);
        const Action a = legal[r.below(static_cast<std::uint32_t>(legal.size()))];
        if (i % 5 == 0) {
          const Seat m = s->to_move();
          const View before = s->view(m, false);
          bool others_hold_secrets = false;
          for (int o = 0; o < players; ++o)
            others_hold_secrets |=
                o != m && !pos(*s).seats[o].eliminated && pos(*s).seats[o].num_secrets > 0;
          std::vector<int> undo;
          std::vector<Position> seen;
          for (int k = 0; k < 4; ++k) {
            auto w = before.sample_world(r);
            ASSERT_TRUE(w->is_legal(a));
            w->apply(a);
            undo.push_back(w->undo_floor() < w->move_number());
            seen.push_back(redacted(*w, m));
          }
          ++probes;
          for (std::size_t k = 1; k < undo.size(); ++k) {
            EXPECT_EQ(undo[k], undo[0]) << "undoability depends on the world: players " << players
                                        << " seed " << seed << " action " << i;
            if (undo[0] && undo[k]) {
              EXPECT_TRUE(seen[k] == seen[0]) << "an undoable action shows the mover different "
                                                 "worlds: players "
                                              << players << " seed " << seed << " action " << i;
            }
          }
          undoable += undo[0];
          secret_checks += others_hold_secrets;
        }
        s->apply(a);
      }
    }
  }
  EXPECT_GT(probes, 1000);
  EXPECT_GT(undoable, probes / 10);  // undo still works where nothing hidden is consulted
  EXPECT_GT(secret_checks, probes / 10);
}

TEST(TurfWarsView, E2_FactionChoiceIsSecretUntilTheReveal) {
  auto s = fresh(3, 9);
  std::vector<Action> legal;
  s->legal_actions(legal);
  s->apply(legal[1]);  // seat 0 chooses its second card
  const View v1 = s->view(1);
  EXPECT_FALSE(v1.to_json()["seats"][0].contains("chosen"));
  EXPECT_TRUE(v1.to_json()["seats"][0]["picked"]);
  EXPECT_EQ(s->public_label(legal[1]), "chooses a faction");
  std::set<int> chosen;
  Rng r(1);
  for (int k = 0; k < 60; ++k) chosen.insert(pos(*v1.sample_world(r)).seats[0].chosen);
  EXPECT_GT(chosen.size(), 2u);  // anything but seat 1's own two cards
  for (auto f : pos(*s).seats[1].dealt) EXPECT_EQ(chosen.count(f), 0u);
  // Seat 0 keeps its own choice in its worlds.
  const View v0 = s->view(0);
  for (int k = 0; k < 10; ++k)
    EXPECT_EQ(pos(*v0.sample_world(r)).seats[0].chosen, pos(*s).seats[0].chosen);
}

// E2 with factions=dealt: nobody was dealt a second card, so worlds sampled for any viewer deal
// none either, and every view still equals the redacted truth.
TEST(TurfWarsView, E2_DealtFactionsStayOneCardInSampledWorlds) {
  const GameInfo& g = testing::game();
  for (int players : {2, 4, 6}) {
    auto s = g.create(g.resolve({{"players", std::to_string(players)}, {"factions", "dealt"}}), 5);
    Rng r(players);
    std::vector<Action> legal;
    for (int step = 0; step < 60 && !s->terminal(); ++step) {
      s->legal_actions(legal);
      s->apply(legal[r.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    for (Seat v = 0; v < players; ++v) {
      const View view = s->view(v);
      EXPECT_EQ(view.to_json()["factions"], "dealt");
      for (int k = 0; k < 4; ++k) {
        const auto w = view.sample_world(r);
        EXPECT_TRUE(redacted(*w, v) == view.as<TurfWarsView>().pos);
        for (int seat = 0; seat < players; ++seat) {
          EXPECT_EQ(pos(*w).seats[seat].dealt[1], kNone);
          EXPECT_EQ(pos(*w).seats[seat].dealt[0], pos(*s).seats[seat].faction);
        }
        EXPECT_EQ(pos(*w).faction_deck_size, static_cast<int>(content().factions.size()) - players);
      }
    }
  }
}

// R13, E2: a seat that passed the packet on knows the next seat picked from what it passed.
TEST(TurfWarsView, E2_LaterPicksComeFromWhatTheSeatPassed) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed < 40 && checked < 6; ++seed) {
    auto s = play_until(4, seed, [](const Position& p) {
      if (p.phase != Phase::kDraft || p.draft_cursor < 3) return false;
      for (int i = 1; i < 3; ++i)
        if (p.seats[p.draft_order[i]].merged) return false;  // no bought cards in between
      return true;
    });
    if (!s) continue;
    const Position& p = pos(*s);
    const int first = p.draft_order[0], second = p.draft_order[1], third = p.draft_order[2];
    std::array<int, kMaxTemplates> passed{};
    for (int t = 0; t < kMaxTemplates; ++t) passed[t] = p.seats[first].received[t];
    --passed[p.seats[first].pick];
    const View v = s->view(first);
    Rng r(seed);
    std::set<int> seconds;
    for (int k = 0; k < 40; ++k) {
      const auto w = v.sample_world(r);
      const Position& q = pos(*w);
      EXPECT_GT(passed[q.seats[second].pick], 0) << "a pick the first seat never passed";
      auto rest = passed;
      --rest[q.seats[second].pick];
      EXPECT_GT(rest[q.seats[third].pick], 0);
      EXPECT_EQ(q.seats[first].pick, p.seats[first].pick);
      seconds.insert(q.seats[second].pick);
    }
    EXPECT_GT(seconds.size(), 1u);  // still hidden: several possibilities
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

// E2: once a priority is called, every hidden pick has a higher priority in every world.
TEST(TurfWarsView, E2_HiddenPicksOutrankTheCalledPriority) {
  int checked = 0;
  for (std::uint64_t seed = 1; seed < 60 && checked < 8; ++seed) {
    auto s = play_until(5, seed, [](const Position& p) {
      if (p.phase != Phase::kActions || p.turn.n_group == 0) return false;
      int hidden = 0;
      for (int i = 0; i < p.n_draft; ++i) hidden += !p.seats[p.draft_order[i]].revealed;
      return hidden >= 2;
    });
    if (!s) continue;
    const Position& p = pos(*s);
    Rng r(seed);
    for (Seat v : {kSpectator, 0, 2}) {
      const View view = s->view(v);
      for (int k = 0; k < 20; ++k) {
        const auto world = view.sample_world(r);  // kept alive while q is read
        const Position& q = pos(*world);
        for (int i = 0; i < q.n_draft; ++i) {
          const SeatState& st = q.seats[q.draft_order[i]];
          if (!st.revealed) {
            EXPECT_GT(st.pick, p.turn.tmpl);
          }
        }
      }
    }
    ++checked;
  }
  EXPECT_GE(checked, 4);
}

// R11: cards passed in a Maelstrom stay known to the passer.
TEST(TurfWarsView, R11_PassedCardsStayKnown) {
  testing::Scenario sc(3);
  sc.set_faction(0, "pixies").set_faction(1, "dryads").set_faction(2, "zombies");
  sc.troops(0, "A1", 3).troops(1, "G7", 3).troops(2, "D5", 3);
  sc.hand(0, {"v9", "v10"}).hand(1, {"v3", "v4", "v5"}).hand(2, {"v6", "v7", "v8"});
  const int e = content().event_index("maelstrom");
  for (int i = 0; i < sc.p.event_deck_size; ++i)
    if (sc.p.event_deck[i] == e)
      std::swap(sc.p.event_deck[i], sc.p.event_deck[sc.p.event_deck_size - 1]);
  auto& s = sc.at(Phase::kEvent);
  testing::play(s, "left");
  ASSERT_EQ(pos(s).seats[1].hand[9] + pos(s).seats[1].hand[10], 2);  // both of seat 0's cards
  const View v = s.view(0);
  Rng r(5);
  for (int k = 0; k < 30; ++k) {
    const auto world = v.sample_world(r);  // kept alive while q is read
    const Position& q = pos(*world);
    EXPECT_GE(q.seats[1].hand[9], 1);
    EXPECT_GE(q.seats[1].hand[10], 1);
  }
  // Seat 2 never saw them: in its worlds the 9 and 10 may be anywhere.
  const View v2 = s.view(2);
  bool elsewhere = false;
  for (int k = 0; k < 60 && !elsewhere; ++k)
    elsewhere = pos(*v2.sample_world(r)).seats[1].hand[10] == 0;
  EXPECT_TRUE(elsewhere);
}

// R13: what a seat passed and nobody after it took is in the face-down discard in its worlds.
TEST(TurfWarsView, R13_KnownLeftoversStayInTheDiscard) {
  auto s = play_until(3, 4, [](const Position& p) {
    if (p.phase != Phase::kSpend) return false;
    int known = 0;
    for (int t = 0; t < kMaxTemplates; ++t) known += p.seats[0].known_discard[t];
    return known > 0;
  });
  ASSERT_NE(s, nullptr);
  const Position& p = pos(*s);
  const View v = s->view(0);
  Rng r(2);
  for (int k = 0; k < 20; ++k) {
    const auto world = v.sample_world(r);  // kept alive while q is read
    const Position& q = pos(*world);
    for (int t = 0; t < kMaxTemplates; ++t)
      EXPECT_GE(q.hidden_discard[t], p.seats[0].known_discard[t]);
  }
}

TEST(TurfWarsView, E2_TheFaceDownCombatCardIsSecret) {
  auto s = play_until(
      2, 1,
      [](const Position& p) {
        if (!p.war.active || p.war.revealed) return false;
        for (int i = 0; i < p.war.n_sides; ++i)
          if (p.seats[p.war.sides[i].leader].facedown != kNone) return true;
        return false;
      },
      20000);
  if (!s) {
    for (std::uint64_t seed = 2; seed < 30 && !s; ++seed)
      s = play_until(2, seed, [](const Position& p) {
        if (!p.war.active || p.war.revealed) return false;
        for (int i = 0; i < p.war.n_sides; ++i)
          if (p.seats[p.war.sides[i].leader].facedown != kNone) return true;
        return false;
      });
  }
  ASSERT_NE(s, nullptr);
  const Position& p = pos(*s);
  int owner = -1;
  for (int i = 0; i < p.war.n_sides; ++i)
    if (p.seats[p.war.sides[i].leader].facedown != kNone) owner = p.war.sides[i].leader;
  const Seat other = 1 - owner;
  const auto seen = s->view(other).to_json();
  EXPECT_TRUE(seen["seats"][owner]["face_down_card"]);
  EXPECT_FALSE(seen["seats"][owner].contains("face_down"));
  EXPECT_TRUE(s->view(owner).to_json()["seats"][owner].contains("face_down"));
}

TEST(TurfWarsView, DrawShowsTheBoardInColourAndAscii) {
  for (int players = 2; players <= 6; ++players) {
    auto s = play_until(players, 8, [](const Position& p) { return p.phase == Phase::kActions; });
    ASSERT_NE(s, nullptr);
    const GameInfo& g = testing::game();
    const std::string plain = g.draw(s->view(0), DrawStyle{false, false, {}});
    const std::string colour = g.draw(s->view(0), DrawStyle{true, true, {}});
    EXPECT_EQ(plain.find('\033'), std::string::npos);
    EXPECT_NE(colour.find('\033'), std::string::npos);
    EXPECT_NE(plain.find("Round"), std::string::npos);
    EXPECT_NE(plain.find("Your combat cards"), std::string::npos);
    EXPECT_NE(plain.find("DP"), std::string::npos);
    if (players > 2) {
      EXPECT_NE(plain.find("(@@)"), std::string::npos);  // teleporters
    }
    EXPECT_NE(plain.find("####"), std::string::npos);  // dead spaces
    // Spectators see no hand.
    EXPECT_EQ(g.draw(s->view(kSpectator), DrawStyle{false, false, {}}).find("Your combat"),
              std::string::npos);
  }
}

// The rollout policy (GameInfo::rollout_policy): a home declaration takes a type the seat holds
// most turfs of; any other decision but a purchase (below) stays a uniform pick.
TEST(TurfWarsView, RolloutPolicyDeclaresTheHomeItHolds) {
  const GameInfo& g = testing::game();
  ASSERT_TRUE(g.rollout_policy);
  testing::Scenario sc(2);
  sc.set_faction(0, "geomancer").set_faction(1, "lizard_folk");
  sc.troops(0, "B2", 3).troops(0, "C4", 2).troops(0, "E3", 1);
  sc.troops(1, "A3", 3);
  auto& s = sc.at(Phase::kPreEvent);
  ASSERT_EQ(pos(s).step, Step::kDeclareHome);
  std::vector<Action> legal;
  s.legal_actions(legal);
  const Board& b = board_of(pos(s));
  Rng r(1);
  std::set<int> declared;
  for (int k = 0; k < 40; ++k) declared.insert(g.rollout_policy(s, legal, r) - kActType);
  // B2 is Plains, C4 Forest, E3 Forest (the board in rules_test.cpp): Forest is held twice.
  ASSERT_EQ(b.type[testing::cell(pos(s), "C4")], b.type[testing::cell(pos(s), "E3")]);
  EXPECT_EQ(declared, (std::set<int>{b.type[testing::cell(pos(s), "C4")]}));
  // Elsewhere it is uniform: every legal action comes up.
  auto fresh_game = fresh(4, 2);
  fresh_game->legal_actions(legal);
  ASSERT_GT(legal.size(), 1u);
  std::set<Action> picked;
  for (int k = 0; k < 200; ++k) picked.insert(g.rollout_policy(*fresh_game, legal, r));
  EXPECT_EQ(picked.size(), legal.size());
}

// T4.2, T11.3 for the bots: once the Geomancer has declared in phase 1, the evaluation counts the
// declared home for the coming scoring, even while later seats still act in phase 1 (here the
// Doppelgangers, who clone the Geomancer and declare in their turn). It used to read every phase-1
// position as "not declared yet", so a search cut off there found every declaration worth the same.
TEST(TurfWarsView, EvaluationCountsTheGeomancersDeclarationAtOnce) {
  testing::Scenario sc(2);
  sc.set_faction(0, "geomancer").set_faction(1, "doppelgangers");
  sc.troops(0, "B2", 3).troops(0, "C4", 2).troops(0, "E3", 1);
  sc.troops(1, "A3", 3);
  auto& s = sc.at(Phase::kPreEvent);
  ASSERT_EQ(pos(s).step, Step::kDeclareHome);
  const Board& b = board_of(pos(s));
  const int plains = b.type[testing::cell(pos(s), "B2")];
  const int forest = b.type[testing::cell(pos(s), "C4")];
  int none = 0;
  while (none == plains || none == forest) ++none;
  auto value_after = [&](int type) {
    auto w = s.clone();
    w->apply(kActType + type);
    EXPECT_EQ(pos(*w).phase, Phase::kPreEvent);
    EXPECT_EQ(pos(*w).to_move, 1);  // the Doppelgangers (cloning the Geomancer) still to act
    return turf::evaluate(*w)[0];
  };
  const double v_forest = value_after(forest), v_plains = value_after(plains),
               v_none = value_after(none);
  // One DP a home turf at this round's scoring; later rounds and domination assume the best type
  // either way (the Geomancer declares again next round).
  EXPECT_NEAR(v_forest - v_none, 2.0, 1e-9);
  EXPECT_NEAR(v_plains - v_none, 1.0, 1e-9);
}

// T12 for the bots: the rollout policy buys nothing in phase 5. Uniform purchases spent almost all
// of a seat's DP in every rollout, on things the evaluation values far below their price, so
// search read a DP earned before phase 5 (this round's home bonus) as worth less than nothing.
TEST(TurfWarsView, RolloutPolicyKeepsItsDpInPhase5) {
  const GameInfo& g = testing::game();
  testing::Scenario sc(2);
  sc.troops(0, "B2", 3).troops(1, "A3", 3);
  sc.p.seats[0].dp = sc.p.seats[1].dp = 30;
  auto& s = sc.at(Phase::kSpend);
  ASSERT_EQ(pos(s).step, Step::kBuy);
  std::vector<Action> legal;
  s.legal_actions(legal);
  ASSERT_GT(legal.size(), 3u);  // troops, secret cards, action cards, combat cards... and pass
  Rng r(1);
  for (int k = 0; k < 50; ++k) EXPECT_EQ(g.rollout_policy(s, legal, r), kActPass);
}

// With that policy MCTS values the Geomancer by its flexible home; with uniform rollouts it
// declares a type it holds nothing of five times in six and shuns the faction (docs/ai.md).
TEST(TurfWarsView, MctsRolloutsFollowTheGamesPolicy) {
  const GameInfo& g = testing::game();
  const int geo = content().faction_index("geomancer");
  int dealt = 0, with_policy = 0, uniform = 0;
  for (std::uint64_t seed = 1; dealt < 24; ++seed) {
    auto s = g.create(g.resolve({{"players", "6"}}), seed);
    const auto d = pos(*s).seats[0].dealt;
    if (d[0] != geo && d[1] != geo) continue;
    ++dealt;
    with_policy +=
        make_bot("mcts:iters=300,cutoff=12", seed)->choose(s->view(0)) == kActFaction + geo;
    uniform += make_bot("mcts:iters=300,cutoff=12,rollout=random", seed)->choose(s->view(0)) ==
               kActFaction + geo;
  }
  EXPECT_GE(with_policy, uniform + 6) << with_policy << " against " << uniform;
}

// The honesty test on this game: worlds that look the same to the bot's seat get the same choice.
TEST(TurfWarsView, BotsChooseFromTheViewOnly) {
  int compared = 0;
  for (std::uint64_t seed = 1; compared < 6 && seed < 40; ++seed) {
    int step = 0;
    const int stop = 30 + static_cast<int>(seed * 13 % 90);
    auto s = play_until(3, seed, [&](const Position&) { return ++step > stop; });
    if (!s || s->terminal()) continue;
    std::vector<Action> legal;
    s->legal_actions(legal);
    if (legal.size() < 2) continue;
    const Seat me = s->to_move();
    const View v = s->view(me);
    Rng r(3);
    auto a = v.sample_world(r);
    std::unique_ptr<State> b;
    for (int k = 0; k < 32 && !b; ++k) {
      auto w = v.sample_world(r);
      if (w->view(kOmniscient).to_json() != a->view(kOmniscient).to_json()) b = std::move(w);
    }
    ASSERT_TRUE(b);
    ASSERT_EQ(a->view(me).to_json(), b->view(me).to_json());
    for (const char* spec : {"random", "greedy:worlds=2", "mcts:iters=60"}) {
      auto bot_a = make_bot(spec, 42);
      auto bot_b = make_bot(spec, 42);
      EXPECT_EQ(bot_a->choose(a->view(me, false)), bot_b->choose(b->view(me, false))) << spec;
    }
    ++compared;
  }
  EXPECT_GE(compared, 4);
}

}  // namespace
}  // namespace turf::turfwars
