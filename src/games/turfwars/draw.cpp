// Terminal drawing of a Turf Wars view: the board (turf types, dead spaces, teleporters, troops
// in their owner's colour), the round, phase and event, every seat's DP, troops and card counts,
// the viewer's own cards, and the Turf War in progress. Colour and plain-ASCII fall-backs.
#include <string>

#include "core/term.h"
#include "core/view.h"
#include "games/turfwars/game.h"

namespace turf::turfwars {

namespace {

const std::string kSeatColours[kMaxSeats] = {term::kRed,    term::kBlue,    term::kGreen,
                                             term::kYellow, term::kMagenta, term::kCyan};
// Background-free foreground colours per turf type (256-colour codes).
const std::string kTurfColours[kTypes] = {"\033[38;5;179m", "\033[38;5;34m", "\033[38;5;246m",
                                          "\033[38;5;142m", "\033[38;5;39m", "\033[38;5;95m"};

std::string pad(std::string s, std::size_t w) {
  while (s.size() < w) s += ' ';
  return s;
}

std::string seat_name(const DrawStyle& style, int s) {
  return s < static_cast<int>(style.seat_names.size()) ? style.seat_names[s]
                                                       : "Seat " + std::to_string(s);
}

std::string hand_text(const std::array<std::uint8_t, kCombatTypes>& h) {
  std::string out;
  for (int t = 0; t < kCombatTypes; ++t)
    for (int k = 0; k < h[t]; ++k) out += (out.empty() ? "" : ", ") + combat_label(t);
  return out.empty() ? "none" : out;
}

std::string templates_text(const std::array<std::uint8_t, kMaxTemplates>& h) {
  std::string out;
  for (int t = 0; t < kMaxTemplates; ++t)
    for (int k = 0; k < h[t]; ++k) out += (out.empty() ? "" : ", ") + template_label(t);
  return out.empty() ? "none" : out;
}

const char* phase_title(Phase ph) {
  switch (ph) {
    case Phase::kFactions:
      return "choosing factions";
    case Phase::kStarts:
      return "choosing starting turfs";
    case Phase::kPreEvent:
      return "1 pre-event actions";
    case Phase::kReinforce:
      return "2 reinforcements";
    case Phase::kEvent:
      return "3 event";
    case Phase::kDraft:
      return "4 action-card draft";
    case Phase::kActions:
      return "4 actions";
    case Phase::kBloodlust:
      return "4 bloodlust attacks";
    case Phase::kScore:
      return "5 scoring";
    case Phase::kSpend:
      return "5 spending DP";
    case Phase::kTieBreak:
      return "tie-break";
    case Phase::kOver:
      return "game over";
  }
  return "";
}

}  // namespace

std::string draw(const View& view, const DrawStyle& style) {
  const auto& v = view.as<TurfWarsView>();
  const Position& p = v.pos;
  const Content& c = content();
  const Board& b = board_of(p);
  const bool col = style.colour;
  std::string out;

  // The board: a header of column letters, then each row. A cell is 7 characters wide: a turf's
  // letter, then its troops and owner seat ("F 12:4"), or a dot when it is empty.
  out += "    ";
  for (int x = 0; x < b.size; ++x)
    out += "   " + std::string(1, static_cast<char>('A' + x)) + "   ";
  out += "\n";
  for (int y = 0; y < b.size; ++y) {
    std::string row = (y + 1 < 10 ? "  " : " ") + std::to_string(y + 1) + " ";
    for (int x = 0; x < b.size; ++x) {
      const int cell = y * b.size + x;
      switch (b.kind[cell]) {
        case kOffCell:
          row += "       ";
          break;
        case kDeadCell:
          row += " " + term::paint(col, term::kDim, style.unicode ? "░░░░░" : "#####") + " ";
          break;
        case kTeleporterCell:
          row += "  " +
                 term::paint(col, term::kBold + term::kMagenta,
                             teleporters_active(p) ? "(@@)" : "(..)") +
                 " ";
          break;
        default: {
          const int t = b.type[cell];
          row += " " + term::paint(col, kTurfColours[t], std::string(1, c.type_letters[t]));
          if (p.owner[cell] >= 0) {
            const int o = p.owner[cell];
            std::string n = std::to_string(p.troops[cell]);
            while (n.size() < 3) n = " " + n;
            row += term::paint(col, term::kBold + kSeatColours[o], n + ":" + std::to_string(o));
          } else {
            row += "  .  ";
          }
        }
      }
    }
    out += row + "\n";
  }
  out += term::paint(col, term::kDim,
                     "  D desert F forest M mountain P plains S sea W swamp; (@@) teleporter"
                     " ((..) inactive); 12:4 = 12 troops of seat 4\n");

  // Round, phase, event.
  out += "\n  Round " + std::to_string(p.round) + "/" + std::to_string(c.rounds) + "   phase " +
         phase_title(p.phase) + "   FTT: " + seat_name(style, p.ftt) + "\n";
  if (p.event != kNone) {
    const EventDef& e = c.events[p.event];
    out += "  Event: " + term::paint(col, term::kBold, e.name) + " - " + e.text + "\n";
  }

  // Seats.
  for (int s = 0; s < p.num_seats; ++s) {
    const SeatState& st = p.seats[s];
    std::string line = (s == p.to_move && !p.over()) ? "> " : "  ";
    line += term::paint(col, term::kBold + kSeatColours[s], pad(seat_name(style, s), 8));
    if (!col) line += "[" + std::to_string(s) + "] ";
    line += " " + pad(st.faction != kNone ? c.factions[st.faction].name : "?", 14);
    line += "home " + pad(c.type_names[st.home], 9);
    line += std::to_string(st.dp) + " DP  " + std::to_string(turfs_of(p, s)) + " turfs  " +
            std::to_string(troops_of(p, s)) + " troops  " + std::to_string(v.hand_count[s]) +
            " combat  " + std::to_string(st.num_secrets) + " secret";
    if (st.num_held) line += "  " + std::to_string(st.num_held) + " bought";
    if (st.nemesis != kNone) line += "  nemesis: " + seat_name(style, st.nemesis);
    if (st.eliminated) line += "  ELIMINATED";
    if (st.opted_out) line += "  (stays out of the event)";
    if (p.draft_state == 2 && st.revealed && st.pick != kNone)
      line += "  plays " + template_label(st.pick);
    out += line + "\n";
  }

  // The viewer's own cards.
  if (v.viewer >= 0) {
    const SeatState& me = p.seats[v.viewer];
    out += "\n  Your combat cards: " + hand_text(me.hand) + "\n";
    if (me.num_secrets) {
      out += "  Your secret wins:";
      for (int i = 0; i < me.num_secrets; ++i) {
        const SecretDef& d = c.secrets[me.secrets[i]];
        out += " " + d.name + " (" + d.text + ")";
      }
      out += "\n";
    }
    if (me.num_held) out += "  Bought action cards: " + templates_text(me.held) + "\n";
    if (me.pick != kNone && !me.revealed)
      out += "  Your action card: " + template_label(me.pick) + "\n";
    if (p.phase == Phase::kFactions) {
      out += "  Dealt factions:";
      for (auto f : me.dealt)
        if (f != kNone) out += " " + c.factions[f].name + " (" + c.factions[f].text + ")";
      out += "\n";
    }
    if (v.sees_packet) out += "  Packet: " + templates_text(p.packet) + "\n";
    if (me.drawn[0] != kNone)
      out += "  Drawn: " + combat_label(me.drawn[0]) + ", " + combat_label(me.drawn[1]) + "\n";
  }

  // The Turf War in progress.
  if (p.war.active) {
    const War& w = p.war;
    out += "\n  Turf War at " + cell_name(p, w.target) + ":";
    for (int s = 0; s < w.n_sides; ++s) {
      out += "  " + seat_name(style, w.sides[s].leader) +
             (s < w.n_attackers ? " attacks with " : " defends with ") +
             std::to_string(w.sides[s].committed);
      if (w.sides[s].card != kNone) out += " + " + combat_label(w.sides[s].card);
    }
    for (int i = 0; i < w.n_sups; ++i) {
      out += "  " + seat_name(style, w.sups[i].seat) + " supports with " +
             std::to_string(w.sups[i].given);
      if (w.sups[i].card != kNone) out += " + " + combat_label(w.sups[i].card);
    }
    if (w.cancelled) out += "  (negated)";
    out += "\n";
  }

  if (p.over()) {
    std::string who;
    for (int s = 0; s < p.num_seats; ++s)
      if (p.winners >> s & 1) who += (who.empty() ? "" : " and ") + seat_name(style, s);
    const char* how = p.win_type == WinType::kDomination ? "home turf domination"
                      : p.win_type == WinType::kNemesis  ? "the killing blow on the nemesis"
                      : p.win_type == WinType::kSecret   ? "a secret win card"
                                                         : "Dominance Points";
    out += "\n  Game over: " + term::paint(col, term::kBold, who) + " won by " + how + "\n";
  }
  return out;
}

}  // namespace turf::turfwars
