// Terminal drawing of a Cry Havoc view: the score track with its event spaces, initiative, the map
// as a grid of regions (terrain, crystals, units by faction, control, tokens, structures, battles;
// wrap-around rows marked), the battle board while a battle is fought, each seat's status, the
// viewer's hand, and what is being decided.
#include <algorithm>
#include <string>
#include <vector>

#include "core/match.h"
#include "core/term.h"
#include "core/view.h"
#include "games/cryhavoc/game.h"
#include "games/cryhavoc/kernel.h"

namespace turf::cryhavoc {

namespace {

constexpr int kWideCellW = 17;  // characters per region box, borders included
constexpr int kCellH = 5;  // with a one-line name; boxes share their borders: a row takes 4 lines

const char kFactionLetter[kFactions] = {'H', 'M', 'P', 'T'};

std::string faction_colour(int f) {
  switch (f) {
    case kHumans:
      return term::kBlue;
    case kMachines:
      return term::kRed;
    case kPilgrims:
      return term::kYellow;
    default:
      return term::kGreen;
  }
}

// A character grid where each cell holds one printable glyph and its colour.
struct Canvas {
  int w, h;
  std::vector<std::string> glyph, colour;
  Canvas(int w_, int h_) : w(w_), h(h_), glyph(w_ * h_, " "), colour(w_ * h_) {}
  void put(int x, int y, const std::string& g, const std::string& c = "") {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    glyph[y * w + x] = g;
    colour[y * w + x] = c;
  }
  // Writes plain ASCII text; returns the column after it.
  int text(int x, int y, const std::string& s, const std::string& c = "") {
    for (char ch : s) put(x++, y, std::string(1, ch), c);
    return x;
  }
  std::string render(bool use_colour) const {
    std::string out;
    for (int y = 0; y < h; ++y) {
      std::string line;
      for (int x = 0; x < w; ++x) {
        const auto& c = colour[y * w + x];
        line += use_colour && !c.empty() ? c + glyph[y * w + x] + term::kReset : glyph[y * w + x];
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
    }
    return out;
  }
};

// Box edges on a grid of line flags, joined into box-drawing glyphs once every box is drawn, so
// that neighbouring regions share their borders.
struct Lines {
  int w, h;
  std::vector<std::uint8_t> bits;  // 1 up, 2 down, 4 left, 8 right
  std::vector<std::string> colour;
  Lines(int w_, int h_) : w(w_), h(h_), bits(w_ * h_), colour(w_ * h_) {}
  void add(int x, int y, int b, const std::string& c) {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    bits[y * w + x] |= static_cast<std::uint8_t>(b);
    if (colour[y * w + x].empty() || c != term::kDim) colour[y * w + x] = c;
  }
  void render(Canvas& cv, bool unicode) const {
    static const char* const kGlyph[16] = {" ", "│", "│", "│", "─", "┘", "┐", "┤",
                                           "─", "└", "┌", "├", "─", "┴", "┬", "┼"};
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const int b = bits[y * w + x];
        if (!b) continue;
        const bool corner = (b & 3) && (b & 12);
        cv.put(x, y, unicode ? kGlyph[b] : corner ? "+" : (b & 3) ? "|" : "-", colour[y * w + x]);
      }
  }
};

void box(Lines& ln, int x0, int y0, int cell_w, int cell_h, const std::string& c) {
  const int x1 = x0 + cell_w - 1, y1 = y0 + cell_h - 1;
  for (int x = x0; x < x1; ++x) {
    ln.add(x, y0, 8, c);
    ln.add(x + 1, y0, 4, c);
    ln.add(x, y1, 8, c);
    ln.add(x + 1, y1, 4, c);
  }
  for (int y = y0; y < y1; ++y) {
    ln.add(x0, y, 2, c);
    ln.add(x0, y + 1, 1, c);
    ln.add(x1, y, 2, c);
    ln.add(x1, y + 1, 1, c);
  }
}

// Word-wraps a line to `width` columns; continuation lines start with `indent` spaces.
std::string wrap(const std::string& text, std::size_t width = 79, std::size_t indent = 4) {
  return term::wrap_indented(text, width, indent);
}

// "P1 Ana (Humans)": the 1-based seat number, the name and the faction.
std::string seat_name(const DrawStyle& style, const Public& pub, int s) {
  std::string n = s < static_cast<int>(style.seat_names.size()) ? style.seat_names[s]
                                                                : player_name(static_cast<Seat>(s));
  return "P" + std::to_string(s + 1) + " " + n + " (" + faction_name(pub.seats[s].faction) + ")";
}

std::string cards_text(const Public& pub, const std::vector<std::uint8_t>& defs) {
  std::string out;
  for (auto d : defs) out += (out.empty() ? "" : ", ") + content_of(pub).cards[d].name;
  return out.empty() ? "none" : out;
}

std::string step_text(const Public& pub) {
  switch (pub.step) {
    case Step::kDiscardToLimit:
      return "Discard down to 7 cards.";
    case Step::kTurnStart:
      return "Choose an action, or use a skill first.";
    case Step::kMove:
      return "Move, " + std::to_string(pub.points) +
             (pub.points == 1 ? " movement point" : " movement points") +
             " left: move a unit, discard a card for points, or end the move.";
    case Step::kRecruit:
      return "Recruit: discard cards for recruits, or end.";
    case Step::kBuild:
      return "Build/Activate: " + std::to_string(pub.points) +
             (pub.points == 1 ? " build point" : " build points") +
             " left: discard a card for points, build, activate, or end.";
    case Step::kBuildWhere:
      return "Where does the " + content_of(pub).structures[pub.chosen].name + " go?";
    case Step::kKeep:
      return "Draw 2 keep 1: which card do you keep?";
    case Step::kTrogOrder:
      return "Which Trog token is revealed next?";
    case Step::kBattleOrder:
      return "Which region gets the next battle token?";
    case Step::kEffect:
      return "Resolve the effect: make a choice.";
    case Step::kTurnEnd:
      return "Use a skill, or end the turn.";
    case Step::kPlace:
      return std::string("Battle: how many units on ") +
             (pub.battle.sub == 0 ? "Region Control?" : "Capture Prisoners? (the rest: Attrition)");
    case Step::kTactics:
      return "Battle: play a tactics card, or pass.";
    case Step::kCapture:
      return "Capture Prisoners: take a prisoner from which objective?";
    case Step::kKill:
      return "Attrition: kill a unit on which objective?";
    case Step::kRetreat:
      return "The battle is lost: where do the survivors retreat?";
    case Step::kNest:
      return "The Trogs retreat: where does their Nest go?";
    case Step::kBuyBack:
      return "Prisoners: buy units back at 2 VP each, or done.";
    case Step::kOver:
      return "";
  }
  return "";
}

}  // namespace

std::string prompt(const Public& pub) {
  return step_text(pub);
}

// A region's name in lines of at most `width` columns, broken at spaces (a word longer than a
// line is cut).
std::vector<std::string> name_lines(const std::string& name, int width) {
  return term::wrap_words(name, static_cast<std::size_t>(width));
}

std::string draw(const View& view, const DrawStyle& style) {
  const auto& v = view.as<CryHavocView>();
  const Public& pub = v.pub;
  const Content& c = content_of(pub);
  const MapDef& m = c.maps[pub.map];
  const bool col = style.colour, uni = style.unicode;
  auto paint = [&](const std::string& s, const std::string& t) { return term::paint(col, s, t); };
  std::string out;

  // The map first: when the screen is short of lines the table cuts the top of the board, so the
  // round, the scores, the hand and the decision come after it (issue 23).
  int rows = 0;
  for (int r = 0; r < m.num_regions; ++r) rows = std::max(rows, m.regions[r].row + 1);
  // Boxes as wide as 80 columns allow (a map of six columns gets narrower ones) unless --wide;
  // a name too long for its box takes two lines, and then the boxes of its row are a line taller.
  const int margin = 2;
  const int cell_w =
      style.wide ? kWideCellW : std::min(kWideCellW, (80 - 2 * margin - 1) / m.cols + 1);
  const bool narrow = cell_w < kWideCellW;
  const int inner = cell_w - 2;
  std::array<int, kMaxRegions + 1> name_rows{}, row_y{};  // per map row; row_y: its top line
  for (int r = 0; r < m.num_regions; ++r)
    name_rows[m.regions[r].row] = std::max<int>(
        name_rows[m.regions[r].row], static_cast<int>(name_lines(m.regions[r].name, inner).size()));
  for (int row = 0; row < rows; ++row)
    row_y[row + 1] = row_y[row] + kCellH - 1 + std::max(1, name_rows[row]) - 1;
  const int step_x = cell_w - 1;
  Canvas cv(margin * 2 + m.cols * step_x + 1, row_y[rows] + 1);
  Lines ln(cv.w, cv.h);
  auto clip = [&](int x0, int x, int y, const std::string& t, const std::string& colour) {
    const int room = x0 + 1 + inner - x;
    return room <= 0 ? x : cv.text(x, y, t.substr(0, static_cast<std::size_t>(room)), colour);
  };
  for (int r = 0; r < m.num_regions; ++r) {
    const RegionDef& d = m.regions[r];
    const RegionState& R = pub.regions[r];
    const int x0 = margin + d.col * step_x, y0 = row_y[d.row];
    const int cell_h = row_y[d.row + 1] - y0 + 1;
    const int owner = pub.hq_faction[r];
    box(ln, x0, y0, cell_w, cell_h,
        R.battle         ? term::kMagenta + term::kBold
        : owner != kNone ? faction_colour(owner)
                         : term::kDim);
    // The name (one or two lines); then terrain and crystals (or whose HQ) and the tokens on the
    // map; then control, the units of each faction ("3H": three Humans units) and the battle.
    const auto names = name_lines(d.name, inner);
    for (std::size_t i = 0; i < names.size(); ++i)
      cv.text(x0 + 1, y0 + 1 + static_cast<int>(i), names[i], term::kBold);
    const int y_terrain = y0 + cell_h - 3, y_units = y_terrain + 1;
    int x = x0 + 1;
    if (owner != kNone)
      x = clip(x0, x, y_terrain, "HQ " + faction_name(owner) + " ", faction_colour(owner));
    else
      x = clip(x0, x, y_terrain,
               (narrow ? terrain_name(d.terrain).substr(0, 3) : terrain_name(d.terrain)) + " " +
                   std::to_string(R.crystals) + "c ",
               term::kCyan);
    if (R.explore) x = clip(x0, x, y_terrain, "E", term::kYellow);
    if (R.trog) x = clip(x0, x, y_terrain, R.trog == 1 ? "W" : "N", term::kGreen);
    if (R.artillery) x = clip(x0, x, y_terrain, "a", term::kBlue);
    if (R.watchtower) x = clip(x0, x, y_terrain, "w", term::kBlue);
    int structures = 0, sf = 0;
    for (int sid = 0; sid < kStructIds; ++sid)
      if (R.structures >> sid & 1) ++structures, sf = sid / kStructTypes;
    if (structures)
      x = clip(x0, x, y_terrain, "s" + std::to_string(structures), faction_colour(sf));
    if (R.matrix) clip(x0, x, y_terrain, "m" + std::to_string(R.matrix), term::kRed);
    // The battle token keeps the last columns of the line; the rest is control and units.
    const std::string token = R.battle ? "B" + std::to_string(R.battle) : "";
    const int units_end = x0 + 1 + inner - (token.empty() ? 0 : static_cast<int>(token.size()) + 1);
    auto clip_units = [&](int at, const std::string& t, const std::string& colour) {
      const int room = units_end - at;
      return room <= 0 ? at
                       : cv.text(at, y_units, t.substr(0, static_cast<std::size_t>(room)), colour);
    };
    x = x0 + 1;
    if (R.control != kNone)
      x = clip_units(x, std::string("[") + kFactionLetter[R.control] + "]",
                     faction_colour(R.control));
    for (int f = 0; f < kFactions; ++f)
      if (R.units[f])
        x = clip_units(x + (x > x0 + 1 && (!narrow || R.control == kNone || x > x0 + 4) ? 1 : 0),
                       std::to_string(R.units[f]) + kFactionLetter[f],
                       term::kBold + faction_colour(f));
    if (!token.empty())
      cv.text(x0 + 1 + inner - static_cast<int>(token.size()), y_units, token,
              term::kMagenta + term::kBold);
    // Wrap-around links: arrows on the edge where the region continues on the other side.
    if (d.wrap_adj) {
      const bool east = d.col == m.cols - 1;
      cv.put(east ? x0 + cell_w : x0 - 1, y_terrain, uni ? (east ? "→" : "←") : (east ? ">" : "<"),
             term::kDim);
    }
  }
  ln.render(cv, uni);
  out += cv.render(col);
  // The legend: in full under a short map; under a tall one (three or more rows of two-line
  // names) the common marks only, the rest being in the how-to page (`?`).
  if (row_y[rows] <= 17)
    out += paint(term::kDim,
                 "  [H] control  3H: 3 Humans units  B1 battle  2c crystals  s2 structures\n"
                 "  hidden: E exploration W war party N nest  m1 Matrix a Artillery w Watchtower") +
           "\n";
  else
    out += paint(term::kDim,
                 "  [H] control  3H: 3 Humans units  B1 battle  2c crystals  E W N: face down") +
           "\n";

  // The round, the event spaces on the score track, initiative, the last event, neutral Trogs.
  std::string status =
      paint(term::kBold, "Round " + std::to_string(pub.round) + " of " +
                             (last_round(pub) ? std::to_string(pub.round) + " (the last)"
                              : pub.end_when_events_run_out ? "at most 5"
                                                            : std::to_string(kRounds)));
  if (!pub.over)
    status += ", actions " +
              std::string(pub.action_round == 0   ? "I"
                          : pub.action_round == 1 ? "II"
                                                  : "III") +
              " of III";
  status += std::string("; scoring: ") +
            (last_round(pub)           ? "by itself, crystals only"
             : pub.scoring_by == kNone ? "not enabled"
                                       : "enabled by P" + std::to_string(pub.scoring_by + 1)) +
            ".";
  // The event tokens waiting on the score track: at which VP, how many when stacked.
  std::string track;
  for (int i = 0; i < kEventSpots; ++i)
    if (pub.event_count[i])
      track += std::string(track.empty() ? "" : ", ") + std::to_string(c.event_spots[i]) +
               (pub.event_count[i] > 1 ? " (" + std::to_string(pub.event_count[i]) + ")" : "");
  track =
      track.empty() ? " No event left on the score track." : " Events waiting at " + track + " VP.";
  auto order = [&](const std::array<std::uint8_t, kMaxSeats>& o) {
    std::string t;
    for (int k = 0; k < pub.players; ++k)
      t += (k ? ">" : "") +
           paint(faction_colour(pub.seats[o[k]].faction), "P" + std::to_string(o[k] + 1));
    return t;
  };
  track += " Initiative " + order(pub.initiative) + " (next " + order(pub.upcoming) + ").";
  if (pub.num_revealed_events)  // the earlier ones are in the log (narration)
    track +=
        " Last event: " + c.events[pub.revealed_events[pub.num_revealed_events - 1]].name + ".";
  if (pub.tunnels != 0) track += " Trog tunnels link The Warrens and the three peaks.";
  if (pub.trogs_neutral) {
    int held = 0;
    for (int g = 0; g < kFactions; ++g) held += pub.prisoners[kTrogs][g];
    track += " Neutral Trogs: " + std::to_string(pub.reserve[kTrogs]) + " units, " +
             std::to_string(pub.nest_supply) + " Nests" +
             (held ? ", " + std::to_string(held) + " prisoners" : "") + ".";
  }
  out += wrap(status + track, 79, 2);

  // The seats.
  for (int s = 0; s < pub.players; ++s) {
    const SeatState& st = pub.seats[s];
    const int f = st.faction;
    std::string line = (s == pub.to_move && !pub.over ? "> " : "  ") +
                       paint(term::kBold + faction_colour(f), seat_name(style, pub, s)) + " " +
                       std::to_string(st.vp) + " VP  hand " + std::to_string(st.hand) + " deck " +
                       std::to_string(st.deck) + " reserve " + std::to_string(pub.reserve[f]);
    int held = 0;
    for (int g = 0; g < kFactions; ++g) held += pub.prisoners[f][g];
    if (held) line += " prisoners " + std::to_string(held);
    if (f == kPilgrims) line += " store " + std::to_string(st.store);
    line += ";";
    for (int k = 0; k < st.num_skills; ++k)
      line += " " + c.skills[st.skills[k]].name + ((st.exhausted >> k & 1) ? " (used)" : "");
    out += wrap(line, 79, 6);
  }

  // The battle board.
  if (pub.battle.region != kNone) {
    const BattleState& b = pub.battle;
    std::string t = paint(term::kBold + term::kMagenta, "Battle at " + m.regions[b.region].name) +
                    ": " + faction_name(b.side[0]) + " (attacking) v " + faction_name(b.side[1]);
    if (pub.step == Step::kTactics && (b.passed[0] || b.passed[1]))
      t += "; " +
           (b.passed[0] && b.passed[1] ? std::string("both")
                                       : faction_name(b.side[b.passed[0] ? 0 : 1])) +
           " passed";
    out += wrap(t, 79, 2);
    t = " ";
    for (int o = 0; o < kObjectives; ++o) {
      auto cell = [&](int side) {
        std::string x = std::to_string(b.board[side][o]);
        if (b.strength[side][o]) x += "+" + std::to_string(b.strength[side][o]);
        return x;
      };
      t += " " + objective_name(o) + " " + cell(0) + " v " + cell(1) +
           (o + 1 < kObjectives ? "," : "");
    }
    out += wrap(t, 79, 2);
  }

  // The viewer's hand and the decision, last.
  if (v.mine) {
    // Cards that cannot be played in this battle are marked with "*", said after the hand.
    std::string hand;
    bool marked = false;
    for (auto d : v.mine->hand) {
      const bool no = !tactic_unplayable(pub, v.viewer, d).empty();
      marked |= no;
      hand += (hand.empty() ? "" : ", ") + c.cards[d].name + (no ? "*" : "");
    }
    out += wrap("Your hand: " + (hand.empty() ? std::string("none") : hand) +
                    (marked ? " (*: not playable in this battle)" : ""),
                79, 2);
    if (!v.mine->limbo.empty()) out += wrap("Drawn: " + cards_text(pub, v.mine->limbo), 79, 2);
  }
  if (!pub.over) {
    const std::string who = pub.to_move < style.seat_names.size()
                                ? style.seat_names[pub.to_move]
                                : player_name(static_cast<Seat>(pub.to_move));
    out += wrap(paint(term::kBold, "P" + std::to_string(pub.to_move + 1) + " " + who) + ": " +
                    step_text(pub),
                79, 2);
  } else {
    out += wrap(
        "Game over: " + winner_sentence(pub, [&](int s) { return seat_name(style, pub, s); }) + ".",
        79, 2);
  }
  return out;
}

}  // namespace turf::cryhavoc
