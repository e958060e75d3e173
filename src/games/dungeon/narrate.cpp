// Narration of a dungeon step (issue 16), computed from the viewer's views before and after the
// step only (core/narration.h): the tile placed with its shape and rotation, a tile set aside, a
// monster played and what it covers, the points that changed and the end of the game. A seat's
// drawn tile is named to that seat only (its view holds its hand); others read "draws a tile".
#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>

#include "core/narration.h"
#include "core/view.h"
#include "games/dungeon/game.h"

namespace turf::dungeon {

namespace {

std::string seat_ref(int s) {
  return "{P" + std::to_string(s + 1) + "}";
}

std::string at(int x, int y) {
  return std::to_string(x) + "," + std::to_string(y);
}

// "a T", "an L", "a Were-Rat"... by the sound of the first letter ("L" is said "el").
std::string article(const std::string& word) {
  const bool vowel_sound =
      !word.empty() &&
      (std::string("AEIOUaeiou").find(word[0]) != std::string::npos ||
       (word.size() == 1 && std::string("FHLMNRSX").find(word[0]) != std::string::npos));
  return (vowel_sound ? "an " : "a ") + word;
}

}  // namespace

void narrate(const View& before_view, const NarratedAction& act, const View& after_view,
             std::vector<Narration>& out) {
  const auto& b = before_view.as<DungeonView>();
  const auto& a = after_view.as<DungeonView>();
  const Content& c = a.content_used();
  const int mover = act.mover;

  // The decisions that leave nothing on the table yet, in words (issue 23), first: the tile
  // chosen (by name to its owner only), the cell, and a pass, before what follows it (the other
  // player's draw).
  auto said = [&](const char* kind, std::string text) {
    Narration n;
    n.kind = kind;
    n.seats = {mover};
    n.data = {{"label", act.label}};
    n.text = seat_ref(mover) + " " + std::move(text);
    out.push_back(std::move(n));
  };
  if (mover >= 0) {
    const std::string& l = act.label;
    if (l == "pass")
      said("pass", "plays no monster this turn.");
    else if (l == "takes a tile")
      said("tile_chosen", "picks one of its tiles to place.");
    else if (l.rfind("tile ", 0) == 0)
      said("tile_chosen", "picks " + article(l.substr(5)) + " tile to place.");
    else if (l.rfind("at ", 0) == 0)
      said("cell_chosen", "chooses the cell " + l.substr(3) + " for it.");
  }

  // A tile placed (D4.4) with its rotation (D4.3).
  for (std::size_t t = b.tiles.size(); t < a.tiles.size(); ++t) {
    const PlacedTile& tile = a.tiles[t];
    Narration n;
    n.kind = "tile_placed";
    n.seats = {mover};
    n.data = {{"shape", c.shapes[tile.shape].id},
              {"x", tile.x},
              {"y", tile.y},
              {"passages", passages_text(tile.mask)}};
    n.text = seat_ref(mover) + " places " + article(shape_label(tile.shape)) + " tile at " +
             at(tile.x, tile.y) + ", open " + passages_text(tile.mask) + ".";
    out.push_back(std::move(n));
  }
  // A tile set aside (D4.6).
  for (std::size_t i = b.set_aside.size(); i < a.set_aside.size(); ++i) {
    Narration n;
    n.kind = "tile_set_aside";
    n.seats = {mover};
    n.data = {{"shape", c.shapes[a.set_aside[i]].id}};
    n.text = seat_ref(mover) + " cannot place any tile and sets " +
             article(shape_label(a.set_aside[i])) + " tile aside.";
    out.push_back(std::move(n));
  }
  // A monster played (D5), on an empty tile or on top of the monster it defeats.
  for (std::size_t i = b.monsters.size(); i < a.monsters.size(); ++i) {
    const PlayedMonster& m = a.monsters[i];
    const PlacedTile& tile = a.tiles[m.tile];
    Narration n;
    n.kind = "monster_placed";
    n.seats = {m.owner};
    n.data = {{"monster", c.monsters[m.type].id},
              {"owner", m.owner},
              {"x", tile.x},
              {"y", tile.y},
              {"tile", c.shapes[tile.shape].id}};
    n.text = seat_ref(m.owner) + " plays " + article(c.monsters[m.type].name) + " on the " +
             shape_label(tile.shape) + " tile at " + at(tile.x, tile.y);
    const std::uint8_t under = m.tile < b.tiles.size() ? b.tiles[m.tile].top : kNone;
    if (under != kNone) {
      const PlayedMonster& u = b.monsters[under];
      int depth = 0;
      for (const auto& x : a.monsters) depth += x.tile == m.tile;
      n.seats.push_back(u.owner);
      n.data["covers"] = {{"monster", c.monsters[u.type].id}, {"owner", u.owner}};
      n.data["stack"] = depth;
      n.text += ", defeating " + seat_ref(u.owner) + "'s " + c.monsters[u.type].name + " (" +
                std::to_string(depth) + " monsters stacked there)";
    }
    n.text += ".";
    out.push_back(std::move(n));
  }
  // Draws: tiles (D3) and monster cards, named to their owner only.
  for (int s = 0; s < kSeats; ++s) {
    const auto& sb = b.seats[s];
    const auto& sa = a.seats[s];
    if (sa.hand_count > sb.hand_count && a.deck_count < b.deck_count) {
      Narration n;
      n.kind = "tile_drawn";
      n.seats = {s};
      n.data = {{"count", sa.hand_count - sb.hand_count}};
      if (sa.hand && sb.hand) {
        // The drawn shapes: the after-hand minus the before-hand, plus what the seat placed or
        // set aside in this step.
        std::array<int, kNumShapes> cnt{};
        for (auto x : *sa.hand) ++cnt[x];
        for (auto x : *sb.hand) --cnt[x];
        for (std::size_t t = b.tiles.size(); t < a.tiles.size(); ++t)
          if (s == mover) ++cnt[a.tiles[t].shape];
        for (std::size_t i = b.set_aside.size(); i < a.set_aside.size(); ++i)
          if (s == mover) ++cnt[a.set_aside[i]];
        std::string names;
        auto& ids = n.data["shapes"] = nlohmann::json::array();
        for (int k = 0; k < kNumShapes; ++k)
          for (int j = 0; j < cnt[k]; ++j) {
            names += (names.empty() ? "" : " and ") + article(shape_label(k));
            ids.push_back(c.shapes[k].id);
          }
        n.text = seat_ref(s) + " draws " + (names.empty() ? "a tile" : names + " tile") + ".";
      } else {
        n.text = seat_ref(s) + " draws a tile.";
      }
      out.push_back(std::move(n));
    }
    if (sa.has_monster && !sb.has_monster) {
      Narration n;
      n.kind = "monster_drawn";
      n.seats = {s};
      if (sa.monster && *sa.monster != kNone) {
        n.data = {{"monster", c.monsters[*sa.monster].id}};
        n.text = seat_ref(s) + " draws a monster card: " + c.monsters[*sa.monster].name + ".";
      } else {
        n.text = seat_ref(s) + " draws a monster card.";
      }
      out.push_back(std::move(n));
    }
  }
  // Points (D6): every change, with the new total.
  for (int s = 0; s < kSeats; ++s) {
    const int d = a.seats[s].score - b.seats[s].score;
    if (d == 0) continue;
    Narration n;
    n.kind = "scoring";
    n.seats = {s};
    n.data = {{"change", d}, {"score", a.seats[s].score}};
    n.text = seat_ref(s) + (d > 0 ? " gains " : " loses ") + std::to_string(std::abs(d)) +
             (std::abs(d) == 1 ? " point" : " points") + " of influence (now " +
             std::to_string(a.seats[s].score) + ").";
    out.push_back(std::move(n));
  }
  // The end (D7).
  if (a.over && !b.over) {
    const int p0 = a.seats[0].score, p1 = a.seats[1].score;
    Narration n;
    n.kind = "game_over";
    n.seats = {0, 1};
    n.data = {{"scores", {p0, p1}}};
    if (p0 == p1) {
      n.text = "The dungeon is complete: a draw, " + std::to_string(p0) + " points each.";
    } else {
      const int w = p0 > p1 ? 0 : 1;
      n.data["winner"] = w;
      n.text = "The dungeon is complete: " + seat_ref(w) + " wins with " +
               std::to_string(std::max(p0, p1)) + " points to " + std::to_string(std::min(p0, p1)) +
               ".";
    }
    out.push_back(std::move(n));
  }
}

}  // namespace turf::dungeon
