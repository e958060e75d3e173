// Terminal drawing of a dungeon view: the tiles with their passages, monsters by owner and type,
// the numbers of the legal choices drawn where they apply, and each seat's status.
#include <algorithm>
#include <climits>
#include <map>
#include <string>
#include <vector>

#include "core/match.h"
#include "core/term.h"
#include "core/view.h"
#include "games/dungeon/game.h"

namespace turf::dungeon {

namespace {

constexpr int kTileW = 5, kTileH = 3;         // characters per tile
const std::string kFloor = "\033[48;5;236m";  // dark grey background of a tile

struct Glyphs {
  const char *v, *h, *wall, *stub[4];
  const char* joint[16];
};

// joint[mask]: the centre character for a tile open on the sides in mask.
const Glyphs kUnicode = {
    "┃",
    "━",
    "·",
    {"╹", "╺", "╻", "╸"},
    {" ", "╹", "╺", "┗", "╻", "┃", "┏", "┣", "╸", "┛", "━", "┻", "┓", "┫", "┳", "╋"}};
const Glyphs kAscii = {
    "|",
    "-",
    ".",
    {"'", "-", ",", "-"},
    {" ", "'", "-", "+", ",", "|", "+", "+", "-", "+", "-", "+", "+", "+", "+", "+"}};

// A canvas of cells, each holding one printable glyph (possibly multi-byte) and a colour.
struct Canvas {
  int w, h;
  std::vector<std::string> glyph;
  std::vector<std::string> colour;
  std::vector<char> floor;  // part of a tile: drawn on a dark background when colour is on
  Canvas(int w_, int h_) : w(w_), h(h_), glyph(w_ * h_, " "), colour(w_ * h_), floor(w_ * h_, 0) {}
  void put(int x, int y, const std::string& g, const std::string& c = "") {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    glyph[y * w + x] = g;
    colour[y * w + x] = c;
  }
  void text(int x, int y, const std::string& s, const std::string& c = "") {
    for (std::size_t i = 0; i < s.size(); ++i)
      put(x + static_cast<int>(i), y, std::string(1, s[i]), c);
  }
  std::string render(bool use_colour) const {
    std::string out;
    for (int y = 0; y < h; ++y) {
      std::string line;
      for (int x = 0; x < w; ++x) {
        const auto& c = colour[y * w + x];
        const std::string bg = floor[y * w + x] ? kFloor : "";
        if (use_colour && (!c.empty() || !bg.empty()))
          line += bg + c + glyph[y * w + x] + term::kReset;
        else
          line += glyph[y * w + x];
      }
      if (!use_colour)
        while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
    return out;
  }
};

void draw_tile(Canvas& cv, int ox, int oy, std::uint8_t mask, const Glyphs& g, const std::string& c,
               bool colour) {
  const int cx = ox + kTileW / 2, cy = oy + kTileH / 2;
  for (int y = oy; y < oy + kTileH; ++y)
    for (int x = ox; x < ox + kTileW; ++x) cv.floor[y * cv.w + x] = 1;
  if (mask & bit(kN)) cv.put(cx, oy, g.v, c);
  if (mask & bit(kS)) cv.put(cx, oy + kTileH - 1, g.v, c);
  if (mask & bit(kW))
    for (int x = ox; x < cx; ++x) cv.put(x, cy, g.h, c);
  if (mask & bit(kE))
    for (int x = cx + 1; x < ox + kTileW; ++x) cv.put(x, cy, g.h, c);
  cv.put(cx, cy, g.joint[mask], c);
  if (!colour) {
    // Without colour, faint corner marks show where each tile lies.
    cv.put(ox, oy, g.wall);
    cv.put(ox + kTileW - 1, oy, g.wall);
    cv.put(ox, oy + kTileH - 1, g.wall);
    cv.put(ox + kTileW - 1, oy + kTileH - 1, g.wall);
  }
}

std::string seat_colour(int seat) {
  return seat == 0 ? term::kRed : term::kBlue;
}

}  // namespace

std::string draw(const View& view, const DrawStyle& style) {
  const auto& v = view.as<DungeonView>();
  const Content& c = v.content_used();
  const Glyphs& g = style.unicode ? kUnicode : kAscii;

  // Menu numbers of the legal choices that have a place on the board.
  std::map<std::pair<int, int>, int> cell_choice, monster_choice;
  for (std::size_t i = 0; i < view.legal().size(); ++i) {
    const Action a = view.legal()[i].id;
    if (a >= kActMonster && a < kActMonster + kCellCodes)
      monster_choice[{code_x(a - kActMonster), code_y(a - kActMonster)}] = static_cast<int>(i) + 1;
    else if (a >= kActCell && a < kActCell + kCellCodes)
      cell_choice[{code_x(a - kActCell), code_y(a - kActCell)}] = static_cast<int>(i) + 1;
  }

  int minx = 0, maxx = 0, miny = 0, maxy = 0;
  auto grow = [&](int x, int y) {
    minx = std::min(minx, x), maxx = std::max(maxx, x), miny = std::min(miny, y),
    maxy = std::max(maxy, y);
  };
  for (const auto& t : v.tiles) grow(t.x, t.y);
  for (const auto& [xy, n] : cell_choice) grow(xy.first, xy.second);

  const int margin = 4;  // row labels
  Canvas cv(margin + (maxx - minx + 1) * kTileW, 1 + (maxy - miny + 1) * kTileH);
  for (int x = minx; x <= maxx; ++x) {
    const std::string label = std::to_string(x);
    // The last digit sits above the tile's centre column.
    cv.text(margin + (x - minx) * kTileW + kTileW / 2 - static_cast<int>(label.size()) + 1, 0,
            label, term::kDim);
  }
  for (int y = maxy; y >= miny; --y) {
    const std::string label = std::to_string(y);
    cv.text(margin - 1 - static_cast<int>(label.size()), 1 + (maxy - y) * kTileH + kTileH / 2,
            label, term::kDim);
  }
  auto origin = [&](int x, int y) {
    return std::pair<int, int>{margin + (x - minx) * kTileW, 1 + (maxy - y) * kTileH};
  };

  for (std::size_t t = 0; t < v.tiles.size(); ++t) {
    const auto& tile = v.tiles[t];
    auto [ox, oy] = origin(tile.x, tile.y);
    const bool fresh = !v.over && t + 1 == v.tiles.size();
    draw_tile(cv, ox, oy, tile.mask, g, fresh ? term::kBold + term::kGreen : "", style.colour);
    int depth = 0;
    for (const auto& m : v.monsters) depth += m.tile == t;
    if (tile.top != kNone) {
      const auto& m = v.monsters[tile.top];
      // The owner's number before the monster's letter: readable without colour (issue 16).
      cv.put(ox + kTileW / 2 - 1, oy + kTileH / 2, std::to_string(m.owner + 1),
             seat_colour(m.owner));
      cv.put(ox + kTileW / 2, oy + kTileH / 2, std::string(1, c.monsters[m.type].letter),
             term::kBold + seat_colour(m.owner));
      if (depth > 1)
        cv.put(ox + kTileW / 2 + 1, oy + kTileH / 2, std::to_string(depth), seat_colour(m.owner));
    }
    auto it = monster_choice.find({tile.x, tile.y});
    if (it != monster_choice.end()) {
      const std::string n = std::to_string(it->second);
      cv.text(ox + (n.size() == 1 ? 1 : 0), oy, n, term::kYellow + term::kBold);
    }
  }
  for (const auto& [xy, n] : cell_choice) {
    auto [ox, oy] = origin(xy.first, xy.second);
    const std::string s = "[" + std::to_string(n) + "]";
    cv.text(ox + (kTileW - static_cast<int>(s.size())) / 2, oy + kTileH / 2, s,
            term::kYellow + term::kBold);
  }

  std::string out;
  if (!v.tiles.empty() || !cell_choice.empty()) out += cv.render(style.colour);

  // The rotations to choose from, drawn side by side.
  std::vector<std::pair<int, std::uint8_t>> orients;
  for (std::size_t i = 0; i < view.legal().size(); ++i) {
    const Action a = view.legal()[i].id;
    if (a >= kActOrient && a < kActOrient + 16)
      orients.push_back({static_cast<int>(i) + 1, static_cast<std::uint8_t>(a - kActOrient)});
  }
  if (!orients.empty()) {
    Canvas oc(static_cast<int>(orients.size()) * (kTileW + 4), kTileH + 1);
    for (std::size_t i = 0; i < orients.size(); ++i) {
      const int ox = static_cast<int>(i) * (kTileW + 4) + 2;
      draw_tile(oc, ox, 0, orients[i].second, g, "", style.colour);
      oc.text(ox + 1, kTileH, "[" + std::to_string(orients[i].first) + "]",
              term::kYellow + term::kBold);
    }
    out += "\nRotations:\n" + oc.render(style.colour);
  }

  auto name = [&](int s) {
    const std::string n = s < static_cast<int>(style.seat_names.size())
                              ? style.seat_names[s]
                              : player_name(static_cast<Seat>(s));
    return term::paint(style.colour, term::kBold + seat_colour(s), n) + " (P" +
           std::to_string(s + 1) + ")";
  };
  out += "\n";
  for (int s = 0; s < kSeats; ++s) {
    const auto& si = v.seats[s];
    out += (s == v.to_move && !v.over ? "> " : "  ") + name(s) + "  " + std::to_string(si.score) +
           " points  tiles: ";
    if (si.hand) {
      std::string h;
      for (auto x : *si.hand) h += (h.empty() ? "" : ", ") + shape_label(x);
      out += h.empty() ? "none" : h;
    } else {
      out += std::to_string(si.hand_count);
    }
    out += "  monster: ";
    if (si.monster)
      out += *si.monster == kNone ? "none" : c.monsters[*si.monster].name;
    else
      out += si.has_monster ? "1 card" : "none";
    out += " (" + std::to_string(si.monster_deck_count) + " left)\n";
  }
  out += "  Dungeon deck: " + std::to_string(v.deck_count) + " tiles";
  if (!v.set_aside.empty()) {
    std::string s;
    for (auto x : v.set_aside) s += (s.empty() ? "" : ", ") + shape_label(x);
    out += "   set aside: " + s;
  }
  out += "   turn " + std::to_string(v.turn) + "/28\n";
  out += term::paint(style.colour, term::kDim,
                     "  1T: P1's Turtleman. T Turtleman beats R Were-Rat beats C Crane Wife "
                     "beats T;\n  a digit after it: monsters stacked there\n");
  if (v.step && !v.over) {
    std::string what;
    switch (*v.step) {
      case Step::kChooseTile:
        what = "Choose a tile to place.";
        break;
      case Step::kChooseCell:
        what = "Place the " + shape_label(v.chosen_shape) + " tile: pick a cell.";
        break;
      case Step::kOrient:
        what = "Turn the " + shape_label(v.chosen_shape) + " tile at " +
               std::to_string(v.chosen_x) + "," + std::to_string(v.chosen_y) + ".";
        break;
      case Step::kSetAside:
        what = "No tile in your hand fits anywhere: set one aside.";
        break;
      case Step::kMonster:
        what = "Play your monster on a numbered tile, or pass.";
        break;
      case Step::kOver:
        break;
    }
    out += "  " + what + "\n";
  }
  if (v.over) {
    const auto& a = v.seats[0].score;
    const auto& b = v.seats[1].score;
    out += "  Game over: " +
           (a == b ? "a draw, " + std::to_string(a) + " points each"
                   : name(a > b ? 0 : 1) + " wins with " + std::to_string(std::max(a, b)) +
                         " points to " + std::to_string(std::min(a, b))) +
           ".\n";
  }
  return out;
}

}  // namespace turf::dungeon
