// Tournaments between agents: seat schedules, results as JSON lines, win rates and Elo.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/game.h"
#include "lab/stats.h"

namespace turf::lab {

// Which agent (index into the agent list) sits in each seat of game g.
// Two seats: a round robin of every pair of agents, each pair's games alternating seats.
// More seats: blocks of one game per agent; each block draws a random order of the agents and
// rotates it through the seats, so each agent takes every seat equally often.
struct Schedule {
  int agents = 2;
  int seats = 2;
  long games = 0;  // total, rounded up so that every pair / block is complete
  std::uint64_t seed = 1;
  static Schedule make(int agents, int seats, long at_least, std::uint64_t seed);
  std::vector<int> seating(long game) const;
};

// One finished game, as stored in a JSON line.
struct ArenaGame {
  long index = 0;
  std::vector<std::string> seats;  // agent spec per seat
  std::vector<double> scores;
  std::vector<int> ranking;
};

struct AgentRow {
  std::string agent;
  long games = 0;
  double wins = 0, draws = 0, losses = 0;  // wins: alone at the top; draws: shared top
  double share = 0;                        // sum of outcome shares (1/k when k share the top)
  Interval share_ci;
  double elo = 0;
  Interval elo_ci;
};

struct ArenaTable {
  std::vector<AgentRow> rows;
  // Head to head: score of row agent against column agent (wins + half draws) / games.
  std::vector<std::vector<double>> head_to_head;
  std::vector<std::vector<long>> pair_games;
};

// Win rates with Wilson intervals and Elo (Bradley-Terry fit over every pair of seats of every
// game, one virtual draw per pair as a prior; 95% intervals from a bootstrap over games).
// Elo is anchored at 0 for "random" when present, else at the agents' mean.
ArenaTable arena_table(const std::vector<ArenaGame>& games, const std::vector<std::string>& agents,
                       std::uint64_t seed = 1, int bootstrap = 200);

// Elo from pairwise results only (exposed for tests): wins[i][j] = score of i against j.
std::vector<double> bradley_terry_elo(const std::vector<std::vector<double>>& wins,
                                      const std::vector<std::vector<double>>& games, int anchor);

}  // namespace turf::lab
