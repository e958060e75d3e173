// Terminal drawing of a Cry Havoc view: the score track with its event spaces, initiative, the map
// as a grid of regions (terrain, crystals, units by faction, control, tokens, structures, battles;
// wrap-around rows marked), the battle board while a battle is fought, each seat's status, the
// viewer's hand, and what is being decided.
#include <algorithm>
#include <string>
#include <vector>

#include "core/term.h"
#include "core/view.h"
#include "games/cryhavoc/game.h"
#include "games/cryhavoc/kernel.h"

namespace turf::cryhavoc {

namespace {

constexpr int kCellW = 17;  // characters per region box, borders included
constexpr int kCellH = 6;

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

void box(Canvas& cv, int x0, int y0, bool unicode, const std::string& c) {
  const std::string h = unicode ? "─" : "-", v = unicode ? "│" : "|";
  for (int x = x0 + 1; x < x0 + kCellW - 1; ++x) {
    cv.put(x, y0, h, c);
    cv.put(x, y0 + kCellH - 1, h, c);
  }
  for (int y = y0 + 1; y < y0 + kCellH - 1; ++y) {
    cv.put(x0, y, v, c);
    cv.put(x0 + kCellW - 1, y, v, c);
  }
  cv.put(x0, y0, unicode ? "┌" : "+", c);
  cv.put(x0 + kCellW - 1, y0, unicode ? "┐" : "+", c);
  cv.put(x0, y0 + kCellH - 1, unicode ? "└" : "+", c);
  cv.put(x0 + kCellW - 1, y0 + kCellH - 1, unicode ? "┘" : "+", c);
}

std::string seat_name(const DrawStyle& style, const Public& pub, int s) {
  std::string n = s < static_cast<int>(style.seat_names.size()) ? style.seat_names[s]
                                                                : "Seat " + std::to_string(s);
  return n + " (" + faction_name(pub.seats[s].faction) + ")";
}

std::string cards_text(const std::vector<std::uint8_t>& defs) {
  std::string out;
  for (auto d : defs) out += (out.empty() ? "" : ", ") + content().cards[d].name;
  return out.empty() ? "none" : out;
}

std::string step_text(const Public& pub) {
  switch (pub.step) {
    case Step::kDiscardToLimit:
      return "Discard down to 7 cards.";
    case Step::kTurnStart:
      return "Choose an action, or use a skill first.";
    case Step::kMove:
      return "Move: " + std::to_string(pub.points) +
             " movement point(s) left; discard cards for more, move units, or end the move.";
    case Step::kRecruit:
      return "Recruit: discard cards for recruits, or end.";
    case Step::kBuild:
      return "Build/Activate: " + std::to_string(pub.points) + " build point(s).";
    case Step::kBuildWhere:
      return "Where does the " + content().structures[pub.chosen].name + " go?";
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

std::string draw(const View& view, const DrawStyle& style) {
  const auto& v = view.as<CryHavocView>();
  const Public& pub = v.pub;
  const Content& c = content();
  const MapDef& m = c.maps[pub.map];
  const bool col = style.colour, uni = style.unicode;
  auto paint = [&](const std::string& s, const std::string& t) { return term::paint(col, s, t); };
  std::string out;

  // Header: round, score track with the event spaces, initiative.
  out += paint(term::kBold, "Cry Havoc") + (uni ? " — " : " - ") + m.name + ", round " +
         std::to_string(pub.round) + "/5";
  if (!pub.over)
    out += ", actions " + std::string(pub.action_round == 0   ? "I"
                                      : pub.action_round == 1 ? "II"
                                                              : "III");
  out += "\n";
  out += "Score:";
  for (int s = 0; s < pub.players; ++s)
    out += "  " + paint(faction_colour(pub.seats[s].faction), faction_name(pub.seats[s].faction)) +
           " " + std::to_string(pub.seats[s].vp);
  out += "   Event spaces:";
  for (int i = 0; i < kEventSpots; ++i)
    out +=
        " [" + std::to_string(c.event_spots[i]) + ":" + std::string(pub.event_count[i], '#') + "]";
  out += "\n";
  if (pub.num_revealed_events) {
    out += "Events so far:";
    for (int i = 0; i < pub.num_revealed_events; ++i)
      out += (i ? ", " : " ") + c.events[pub.revealed_events[i]].name;
    out += "\n";
  }
  auto order = [&](const std::array<std::uint8_t, kMaxSeats>& o) {
    std::string t;
    for (int k = 0; k < pub.players; ++k)
      t += (k ? " > " : "") +
           paint(faction_colour(pub.seats[o[k]].faction), faction_name(pub.seats[o[k]].faction));
    return t;
  };
  out += "Initiative: " + order(pub.initiative) + "   Upcoming: " + order(pub.upcoming) + "\n";
  out += std::string("Scoring: ") +
         (pub.round == kRounds ? "automatic this round (crystals only)"
          : pub.scoring_by == kNone
              ? "not enabled"
              : "enabled by " + faction_name(pub.seats[pub.scoring_by].faction)) +
         "\n\n";

  // The map.
  int rows = 0;
  for (int r = 0; r < m.num_regions; ++r) rows = std::max(rows, m.regions[r].row + 1);
  const int margin = 2;
  Canvas cv(margin * 2 + m.cols * kCellW, rows * kCellH);
  for (int r = 0; r < m.num_regions; ++r) {
    const RegionDef& d = m.regions[r];
    const RegionState& R = pub.regions[r];
    const int x0 = margin + d.col * kCellW, y0 = d.row * kCellH;
    const int owner = pub.hq_faction[r];
    box(cv, x0, y0, uni,
        R.battle         ? term::kMagenta + term::kBold
        : owner != kNone ? faction_colour(owner)
                         : term::kDim);
    cv.text(x0 + 1, y0 + 1, d.name.substr(0, kCellW - 2), term::kBold);
    if (owner != kNone)
      cv.text(x0 + 1, y0 + 2, "HQ " + faction_name(owner), faction_colour(owner));
    else
      cv.text(x0 + 1, y0 + 2, terrain_name(d.terrain) + " " + std::to_string(R.crystals) + "c",
              term::kCyan);
    int x = x0 + 1;
    for (int f = 0; f < kFactions; ++f)
      if (R.units[f])
        x = cv.text(x, y0 + 3, std::string(1, kFactionLetter[f]) + std::to_string(R.units[f]) + " ",
                    term::kBold + faction_colour(f));
    if (R.battle)
      cv.text(x0 + kCellW - 4, y0 + 3, "B" + std::to_string(R.battle),
              term::kMagenta + term::kBold);
    x = x0 + 1;
    if (R.control != kNone)
      x = cv.text(x, y0 + 4, std::string("[") + kFactionLetter[R.control] + "]",
                  faction_colour(R.control)) +
          1;
    if (R.explore) x = cv.text(x, y0 + 4, "E ", term::kYellow);
    if (R.trog) x = cv.text(x, y0 + 4, R.trog == 1 ? "W " : "N ", term::kGreen);
    if (R.artillery) x = cv.text(x, y0 + 4, "a", term::kBlue);
    if (R.watchtower) x = cv.text(x, y0 + 4, "w", term::kBlue);
    if (R.artillery || R.watchtower) ++x;
    int structures = 0, sf = 0;
    for (int sid = 0; sid < kStructIds; ++sid)
      if (R.structures >> sid & 1) ++structures, sf = sid / kStructTypes;
    if (structures)
      x = cv.text(x, y0 + 4, "s" + std::to_string(structures), faction_colour(sf)) + 1;
    if (R.matrix) cv.text(x, y0 + 4, "m" + std::to_string(R.matrix), term::kRed);
    // Wrap-around links: arrows on the edge where the region continues on the other side.
    if (d.wrap_adj) {
      const bool east = d.col == m.cols - 1;
      cv.put(east ? x0 + kCellW : x0 - 1, y0 + 3, uni ? (east ? "→" : "←") : (east ? ">" : "<"),
             term::kDim);
    }
  }
  out += cv.render(col);
  out += paint(term::kDim,
               "  [X] control  H M P T units  B battle token  E exploration, W war party, N nest "
               "(face down)\n  sN structures  mN Matrix cards  a Artillery, w Watchtower  "
               "arrows: the row wraps around") +
         "\n";
  if (pub.map == 1 && (pub.tunnels != 0))
    out += paint(term::kDim, "  Trog tunnels link The Warrens and the three peaks.") + "\n";

  // The battle board.
  if (pub.battle.region != kNone) {
    const BattleState& b = pub.battle;
    out += "\n" + paint(term::kBold + term::kMagenta, "Battle at " + m.regions[b.region].name) +
           " (" + terrain_name(m.regions[b.region].terrain) + "): " + faction_name(b.side[0]) +
           " attack " + faction_name(b.side[1]) + "\n";
    char line[160];
    std::snprintf(line, sizeof line, "  %-19s %-12s %-12s\n", "", faction_name(b.side[0]).c_str(),
                  faction_name(b.side[1]).c_str());
    out += line;
    for (int o = 0; o < kObjectives; ++o) {
      auto cell = [&](int s) {
        std::string t = std::to_string(b.board[s][o]);
        if (b.strength[s][o]) t += "+" + std::to_string(b.strength[s][o]);
        return t;
      };
      std::snprintf(line, sizeof line, "  %-19s %-12s %-12s\n", objective_name(o).c_str(),
                    cell(0).c_str(), cell(1).c_str());
      out += line;
    }
    if (pub.step == Step::kTactics)
      out += "  passed: " + std::string(b.passed[0] ? faction_name(b.side[0]) + " " : "") +
             (b.passed[1] ? faction_name(b.side[1]) : "") + "\n";
  }

  // The seats.
  out += "\n";
  for (int s = 0; s < pub.players; ++s) {
    const SeatState& st = pub.seats[s];
    const int f = st.faction;
    out += (s == pub.to_move && !pub.over ? "> " : "  ") +
           paint(term::kBold + faction_colour(f), seat_name(style, pub, s)) + "  " +
           std::to_string(st.vp) + " VP  hand " + std::to_string(st.hand) + "  deck " +
           std::to_string(st.deck) + "  discard " + std::to_string(st.discard_n) + "  reserve " +
           std::to_string(pub.reserve[f]);
    int held = 0;
    for (int g = 0; g < kFactions; ++g) held += pub.prisoners[f][g];
    if (held) out += "  prisoners " + std::to_string(held);
    if (f == kPilgrims) out += "  store " + std::to_string(st.store);
    out += "  skills:";
    for (int k = 0; k < st.num_skills; ++k)
      out += " " + c.skills[st.skills[k]].name + ((st.exhausted >> k & 1) ? " (used)" : "");
    out += "\n";
  }
  if (pub.trogs_neutral) {
    int held = 0;
    for (int g = 0; g < kFactions; ++g) held += pub.prisoners[kTrogs][g];
    out += "  Neutral Trogs: " + std::to_string(pub.reserve[kTrogs]) + " in the supply, " +
           std::to_string(pub.nest_supply) + " Nest tokens aside" +
           (held ? ", " + std::to_string(held) + " prisoners" : "") + "\n";
  }
  if (v.mine) {
    out += "\nYour hand: " + cards_text(v.mine->hand) + "\n";
    if (!v.mine->limbo.empty()) out += "Drawn: " + cards_text(v.mine->limbo) + "\n";
  }
  if (!pub.over) {
    out += "\n" + paint(term::kBold, seat_name(style, pub, pub.to_move)) + ": " + step_text(pub) +
           "\n";
  } else {
    int best = 0;
    for (int s = 1; s < pub.players; ++s)
      if (pub.seats[s].vp > pub.seats[best].vp) best = s;
    out += "\nGame over. Most VP: " + seat_name(style, pub, best) +
           " (ties: most prisoners, then later in initiative).\n";
  }
  return out;
}

}  // namespace turf::cryhavoc
