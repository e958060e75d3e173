// Terminal drawing of a yard view: each Yard as a 3x3 grid of Piles (ground, cards and Places,
// the top cards), each player's money, Home/Away, hand (the viewer's own only, as printed: Y9.1),
// Garage size and Sway; the Store, the Trash, the Neighbors, and the decision being made.
#include <algorithm>
#include <string>
#include <vector>

#include "core/match.h"
#include "core/term.h"
#include "core/view.h"
#include "games/yard/game.h"

namespace turf::yard {

namespace {

constexpr int kCellW = 19;  // characters inside a Pile's cell

std::string seat_colour(int seat) {
  static const std::string colours[kMaxSeats] = {term::kRed, term::kBlue, term::kGreen,
                                                 term::kYellow};
  return colours[seat % kMaxSeats];
}

std::string type_colour(const CardDef& d) {
  if (d.is(kPest)) return term::kMagenta;
  if (d.is(kTool)) return term::kYellow;
  if (d.is(kPlant)) return term::kGreen;
  if (d.is(kOrnament)) return term::kBlue;
  if (d.is(kFeature)) return term::kCyan;
  return "";
}

// `s` cut or padded to exactly w characters (names are ASCII).
std::string fit(const std::string& s, int w) {
  if (static_cast<int>(s.size()) > w) return s.substr(0, static_cast<std::size_t>(w - 1)) + ".";
  return s + std::string(static_cast<std::size_t>(w - static_cast<int>(s.size())), ' ');
}

std::string list_kinds(const std::array<std::uint8_t, kMaxKinds>& counts, bool with_cost) {
  std::string out;
  for (int k = 0; k < static_cast<int>(content().cards.size()); ++k) {
    if (!counts[k]) continue;
    if (!out.empty()) out += ", ";
    out += card_name(k);
    if (counts[k] > 1) out += " x" + std::to_string(counts[k]);
    if (with_cost) out += " $" + std::to_string(content().cards[k].cost);
  }
  return out.empty() ? "none" : out;
}

std::string cards_text(int n) {
  return std::to_string(n) + (n == 1 ? " card" : " cards");
}

std::string neighbor_text(int n) {
  const NeighborDef& d = content().neighbors[n];
  std::string out;
  auto add = [&](const std::string& s) { out += (out.empty() ? "" : ", ") + s; };
  for (int s = 0; s < kNumSymbols; ++s)
    if (d.criteria.symbols[s])
      add(std::to_string(d.criteria.symbols[s]) + " " + symbol_name(s) +
          (d.criteria.symbols[s] > 1 ? "s" : ""));
  if (d.criteria.cards) add(std::to_string(d.criteria.cards) + " cards");
  if (d.criteria.places) add(std::to_string(d.criteria.places) + " Places");
  if (d.criteria.grass) add(std::to_string(d.criteria.grass) + " Grass");
  if (d.criteria.tallest) add("a Pile of " + std::to_string(d.criteria.tallest));
  for (int i = 0; i < d.bribe.size; ++i) {
    const Step& st = d.bribe.steps[i];
    switch (st.op) {
      case Op::kPay:
        add("pay $" + std::to_string(st.n));
        break;
      case Op::kGiveToGarage:
        add("give " + std::to_string(st.n) + " Yard cards");
        break;
      case Op::kTrashHand:
        add("trash " + std::to_string(st.n) + " from hand");
        break;
      case Op::kTrashOwnTop:
        add("trash " + std::to_string(st.n) + " Yard cards");
        break;
      default:
        break;
    }
  }
  return d.name + " (" + out + ")";
}

struct Box {
  const char *h, *v;
  const char* joints[3][3];  // [top/middle/bottom][left/inner/right]
};
const Box kUnicodeBox = {"─", "│", {{"┌", "┬", "┐"}, {"├", "┼", "┤"}, {"└", "┴", "┘"}}};
const Box kAsciiBox = {"-", "|", {{"+", "+", "+"}, {"+", "+", "+"}, {"+", "+", "+"}}};

std::string rule_line(const Box& b, int which) {
  std::string line = "     " + std::string(b.joints[which][0]);
  for (int c = 0; c < 3; ++c) {
    for (int i = 0; i < kCellW + 2; ++i) line += b.h;
    line += b.joints[which][c == 2 ? 2 : 1];
  }
  return line + "\n";
}

// The 3x3 grid of one Yard, two lines per Pile: "G 2/3 Tulips" (Grass or Dirt, cards/Places,
// the top card), then what lies under the top card.
std::string draw_yard(const Player& pl, const DrawStyle& style) {
  const Box& b = style.unicode ? kUnicodeBox : kAsciiBox;
  std::string out = "      ";
  for (int c = 0; c < 3; ++c) out += fit("   " + std::to_string(c + 1), kCellW + 3);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  out += "\n" + rule_line(b, 0);
  for (int r = 0; r < 3; ++r) {
    for (int line = 0; line < 2; ++line) {
      out += "   " + std::string(1, line == 0 ? static_cast<char>('a' + r) : ' ') + " " + b.v;
      for (int c = 0; c < 3; ++c) {
        const int q = r * 3 + c;
        std::vector<int> stack;  // top first
        for (int i = pl.yard_size - 1; i >= 0; --i)
          if (pl.yard_pile[i] == q) stack.push_back(i);
        std::string cell;
        if (line == 0) {
          const bool grass = pl.grass >> q & 1;
          const std::string head = std::string(grass ? "G" : "D") + " " +
                                   std::to_string(stack.size()) + "/" +
                                   std::to_string(pile_places(pl, q));
          cell = term::paint(style.colour, grass ? term::kGreen : term::kDim, head);
          int width = static_cast<int>(head.size());
          if (!stack.empty()) {
            const int k = kind_of(pl.yard[stack[0]]);
            const std::string name = fit(card_name(k), kCellW - width - 1);
            cell += " " + term::paint(style.colour, type_colour(content().cards[k]), name);
            width += 1 + static_cast<int>(name.size());
          }
          cell += std::string(static_cast<std::size_t>(kCellW - width), ' ');
        } else {
          std::string text;
          if (stack.size() >= 2) text = "  on " + card_name(kind_of(pl.yard[stack[1]]));
          if (stack.size() > 2) text += " +" + std::to_string(stack.size() - 2);
          cell = term::paint(style.colour && !text.empty(), term::kDim, fit(text, kCellW));
        }
        out += " " + cell + " " + b.v;
      }
      out += "\n";
    }
    out += rule_line(b, r == 2 ? 2 : 1);
  }
  return out;
}

// `text` broken at ", " into lines of at most `width` characters, continued with `indent`.
std::string wrap(const std::string& text, std::size_t width, const std::string& indent) {
  std::string out, line;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t next = text.find(", ", at);
    next = next == std::string::npos ? text.size() : next + 2;
    const std::string piece = text.substr(at, next - at);
    if (!line.empty() && line.size() + piece.size() > width) {
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
      line = indent;
    }
    line += piece;
    at = next;
  }
  return out + line + "\n";
}

// Items laid out after `head` in lines of at most `width` columns, separated by " | ",
// continued with `indent`; an item is never broken (one longer than a line is cut).
std::string pack(const std::string& head, const std::vector<std::string>& items, std::size_t width,
                 const std::string& indent) {
  std::string out, line = head;
  bool first = true;
  for (const auto& raw : items) {
    const std::string item = raw.size() > width - indent.size()
                                 ? fit(raw, static_cast<int>(width - indent.size()))
                                 : raw;
    const std::string sep = first ? "" : " | ";
    if (!first && line.size() + sep.size() + item.size() > width) {
      out += line + "\n";
      line = indent + item;
    } else {
      line += sep + item;
    }
    first = false;
  }
  if (items.empty()) line += "none";
  return out + line + "\n";
}

// Each kind of `counts` as "Name xN: $cost points; what it does" (short_card_text).
std::vector<std::string> card_items(const std::array<std::uint8_t, kMaxKinds>& counts) {
  std::vector<std::string> out;
  for (int k = 0; k < static_cast<int>(content().cards.size()); ++k) {
    if (!counts[k]) continue;
    out.push_back(card_name(k) + (counts[k] > 1 ? " x" + std::to_string(counts[k]) : "") + ": " +
                  short_card_text(k));
  }
  return out;
}

// A Yard in three lines, one per row: each Pile's ground, cards/Places and top card. A rival's
// row of bare Dirt is left out (its letter shows which are drawn), and a Yard of bare Dirt is one
// line, so that a table of four keeps its story and its board on one screen (issue 23).
std::string draw_yard_compact(const Player& pl, const DrawStyle& style, bool numbered = false) {
  std::string out;
  if (numbered) out += "      1                      2                      3\n";
  const auto bare = [&](int r) {
    for (int q = r * 3; q < r * 3 + 3; ++q)
      if ((pl.grass >> q & 1) || pile_top(pl, q) >= 0) return false;
    return true;
  };
  if (!numbered && bare(0) && bare(1) && bare(2))
    return term::paint(style.colour, term::kDim, "    Yard: nine bare Dirt Piles") + "\n";
  for (int r = 0; r < 3; ++r) {
    if (!numbered && bare(r)) continue;
    out += "    " + std::string(1, static_cast<char>('a' + r));
    for (int c = 0; c < 3; ++c) {
      const int q = r * 3 + c;
      int top = -1, n = 0;
      for (int i = 0; i < pl.yard_size; ++i)
        if (pl.yard_pile[i] == q) top = i, ++n;
      const bool grass = pl.grass >> q & 1;
      const std::string head = std::string(grass ? "G" : "D") + std::to_string(n) + "/" +
                               std::to_string(pile_places(pl, q));
      std::string cell = term::paint(style.colour, grass ? term::kGreen : term::kDim, head);
      int width = static_cast<int>(head.size());
      if (top >= 0) {
        const int k = kind_of(pl.yard[top]);
        const std::string name = fit(card_name(k), 22 - width - 1);
        cell += " " + term::paint(style.colour, type_colour(content().cards[k]), name);
        width += 1 + static_cast<int>(name.size());
      }
      out += " " + cell + std::string(static_cast<std::size_t>(std::max(0, 22 - width)), ' ');
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += "\n";
  }
  return out;
}

}  // namespace

std::string draw(const View& view, const DrawStyle& style) {
  const auto& v = view.as<YardView>();
  const Position& p = v.pos;
  const Content& c = content();
  auto plain_name = [&](int s) {
    return s < static_cast<int>(style.seat_names.size()) ? style.seat_names[s]
                                                         : player_name(static_cast<Seat>(s));
  };
  auto name = [&](int s) {
    return term::paint(style.colour, term::kBold + seat_colour(s), plain_name(s));
  };
  // Rivals first (their Yards compact unless wide), the table, then the viewer's own seat last
  // with its full Yard and hand, so the hand sits next to the prompt (issue 16).
  const Seat me = view.viewer() >= 0 ? view.viewer() : kNobody;
  auto seat_block = [&](int s, bool full) {
    const Player& pl = p.players[s];
    const bool mover = !p.over() && s == p.to_move();
    std::string b = (mover ? "> " : "  ") + name(s) + " (P" + std::to_string(s + 1) + ")" +
                    (s == p.turn_player && !p.over() ? " turn" : "") + "   " +
                    (pl.away ? "AWAY" : "HOME") + "   $" + std::to_string(pl.money) + "   " +
                    std::to_string(score(p, s)) + (score(p, s) == 1 ? " point" : " points") +
                    " (Yard " + std::to_string(yard_vp(p, s)) + ", Sway " +
                    std::to_string(sway_vp(p, s)) + ")";
    std::string sway;
    for (int n = 0; n < static_cast<int>(c.neighbors.size()); ++n)
      if (pl.sway >> n & 1) sway += (sway.empty() ? "" : ", ") + neighbor_name(n);
    const bool own = s == me;
    // The viewer's own Garage by name, with when it comes back (Y3.2): a card there cannot be
    // played until then (issue 23).
    std::string more =
        "Sway: " + (sway.empty() ? std::string("none") : sway) + "   Garage: " +
        (own && pl.garage_size ? list_kinds(pl.garage, false) : cards_text(pl.garage_size));
    if (s != me && view.viewer() != kOmniscient) more += "   hand: " + cards_text(pl.hand_size);
    if (!full && !own) {
      // A rival on a compact screen: its status in one line (two when its Sway is long).
      b = (mover ? "> " : "  ") + name(s) + " (P" + std::to_string(s + 1) + ")" +
          (s == p.turn_player && !p.over() ? " turn" : "") + " " + (pl.away ? "AWAY" : "HOME") +
          " $" + std::to_string(pl.money) + " " + std::to_string(score(p, s)) +
          (score(p, s) == 1 ? " point" : " points") +
          "  Sway: " + (sway.empty() ? std::string("none") : sway) + "  Garage " +
          std::to_string(pl.garage_size) + "  hand " + std::to_string(pl.hand_size);
      const std::size_t cols = b.size() - name(s).size() + plain_name(s).size();
      if (cols > 79) {
        std::string t = wrap(b, 79 + b.size() - cols, "      ");
        b = t.substr(0, t.size() - 1);
      }
      b += "\n";
    } else {
      b += "\n" + wrap("    " + more, 79, "      ");
      if (own && pl.garage_size && !p.over() && p.to_move() == s && p.nframes == 0 &&
          (p.phase == Phase::kSide || (p.phase == Phase::kMain && !pl.away)))
        b += term::paint(style.colour, term::kDim,
                         "    (the Garage comes back into your hand when you turn from Away to "
                         "Home)") +
             "\n";
    }
    // The viewer's own Yard in full with --wide, else compact with the column numbers the Pile
    // choices use (a screen of 40 rows has no room for the full grid and the hand's texts).
    b += (full && (!own || style.wide)) ? draw_yard(pl, style) : draw_yard_compact(pl, style, own);
    if (s == me || view.viewer() == kOmniscient) {
      b += pack("    hand: ", card_items(pl.hand), 79, "      ");
      // Why cards cannot be played now, when it is this seat's own decision (issue 16).
      if (s == me && p.to_move() == s && !p.over()) {
        std::vector<std::pair<std::string, std::string>> why;  // reason, cards
        for (int k = 0; k < static_cast<int>(c.cards.size()); ++k) {
          if (!pl.hand[k]) continue;
          const std::string r = unplayable_reason(p, s, k);
          // In the middle of another decision, or at the turn's end, there is nothing to say.
          if (r.empty() || p.nframes > 0 || p.phase == Phase::kEnd) continue;
          auto it =
              std::find_if(why.begin(), why.end(), [&](const auto& w) { return w.first == r; });
          if (it == why.end())
            why.push_back({r, card_name(k)});
          else
            it->second += ", " + card_name(k);
        }
        int kinds = 0;
        for (int k = 0; k < static_cast<int>(c.cards.size()); ++k) kinds += pl.hand[k] > 0;
        for (const auto& [r, cards] : why) {
          // One reason for every card in hand: said once, without the list.
          const std::string what =
              why.size() == 1 && kinds > 1 && cards.find(", ") != std::string::npos &&
                      static_cast<int>(std::count(cards.begin(), cards.end(), ',')) + 1 == kinds
                  ? "any card"
                  : cards;
          std::string t = wrap("    cannot play " + what + ": " + r, 79, "      ");
          if (!t.empty() && t.back() == '\n') t.pop_back();
          b += term::paint(style.colour, term::kDim, t) + "\n";
        }
      }
    }
    return b;
  };
  std::string out;
  for (int s = 0; s < p.seats; ++s)
    if (s != me) out += seat_block(s, style.wide || (view.viewer() == kOmniscient && p.seats <= 2));
  out += pack("  Store: ", card_items(p.store), 79, "    ");
  out += "  Store deck: " + cards_text(p.deck_size);
  if (p.deck_known) out += " (" + std::to_string(p.deck_known) + " done Events at the bottom)";
  out += "\n" + wrap("  Trash: " + list_kinds(p.trash, false), 79, "    ");
  if (p.limbo_size) out += "  Gathered Pests: " + list_kinds(p.limbo, false) + "\n";
  std::string row;
  for (int i = 0; i < p.row_size; ++i) row += (row.empty() ? "" : ", ") + neighbor_text(p.row[i]);
  std::string neighbors = "  Neighbors: " + (row.empty() ? std::string("none") : row);
  if (p.set_aside_size) neighbors += "   face down: " + std::to_string(p.set_aside_size);
  out += wrap(neighbors, 79, "    ");
  out += term::paint(style.colour, term::kDim,
                     "  Piles: G Grass/D Dirt, cards/Places, top card (--wide: what is under); "
                     "P1-P4\n");
  if (me >= 0) out += "\n" + seat_block(me, true);
  const std::string round = "  Round " + std::to_string(p.turn / p.seats + 1) + ", edition " +
                            std::to_string(p.edition) + ".";
  const std::string decision = decision_text(p);
  if (round.size() + 1 + decision.size() <= 79) {
    out += round + " " + term::paint(style.colour, term::kBold, decision) + "\n";
  } else {  // the question on lines of its own, wrapped (the Home/Away one says what Home brings)
    out += round + "\n";
    for (const auto& line : term::wrap_words(decision, 77))
      out += "  " + term::paint(style.colour, term::kBold, line) + "\n";
  }
  if (p.over()) {
    const auto r = ranks(p);
    std::string winners;
    int first = 0;
    for (int s = 0; s < p.seats; ++s)
      if (r[s] == 0) {
        winners += (winners.empty() ? "" : " and ") + name(s);
        ++first;
      }
    out += "  Game over: " + winners + (first > 1 ? " share the first place" : " wins") + ".\n";
  }
  return out;
}

}  // namespace turf::yard
