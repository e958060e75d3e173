// Terminal drawing of a Turf Wars view: the board (turf types, dead spaces, teleporters, troops
// in their owner's colour), the round, phase and event, every seat's DP, troops and card counts,
// the viewer's own cards, and the Turf War in progress. Colour and plain-ASCII fall-backs.
#include <cstdio>
#include <string>

#include "core/match.h"
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
                                                       : player_name(static_cast<Seat>(s));
}

std::string hand_text(const Position& p, const std::array<std::uint8_t, kCombatTypes>& h) {
  std::string out;
  for (int t = 0; t < kCombatTypes; ++t)
    for (int k = 0; k < h[t]; ++k) out += (out.empty() ? "" : ", ") + combat_label(p, t);
  return out.empty() ? "none" : out;
}

std::string templates_text(const Position& p, const std::array<std::uint8_t, kMaxTemplates>& h) {
  std::string out;
  for (int t = 0; t < kMaxTemplates; ++t)
    for (int k = 0; k < h[t]; ++k) out += (out.empty() ? "" : ", ") + template_label(p, t);
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

// Word-wraps a line to `width` columns; continuation lines start with `indent` spaces.
std::string wrap(const std::string& text, std::size_t width = 79, std::size_t indent = 4) {
  return term::wrap_indented(text, width, indent);
}

}  // namespace

// The decision the seat to move faces, as a sentence (issue 16).
std::string prompt(const Position& p) {
  const Content& c = content_of(p);
  switch (p.step) {
    case Step::kChooseFaction:
      return "Choose your faction (each faction's card gives its ability, home turf and nemesis).";
    case Step::kChooseStart:
      return "Choose your starting turf (never next to another player's, diagonals included).";
    case Step::kClone:
      return "Doppelgangers: choose the faction whose ability you copy this round.";
    case Step::kDeclareHome:
      return "Declare your home turf type.";
    case Step::kManeuverFrom:
      return "Choose a turf to move troops from, or done to move no more.";
    case Step::kManeuverTo:
      return "Choose the turf the troops move to.";
    case Step::kManeuverCount:
      return "How many troops move?";
    case Step::kPlace:
      return "Place a troop in a turf you control.";
    case Step::kOptOut:
      return "Lizard Folk: take part in the event, or stay out of it.";
    case Step::kDirection:
      return "Maelstrom: call the direction the combat cards are passed.";
    case Step::kDraftPick:
      return "Draft: pick one action card from the packet; the rest pass on.";
    case Step::kSource:
      return "Your action card " +
             (p.turn.tmpl != kNone ? template_label(p, p.turn.tmpl) : std::string("")) +
             ": choose the turf it starts from, or pass.";
    case Step::kTarget:
      return "Choose the turf to attack or move to.";
    case Step::kCommit:
      return "Commit attacking troops to the Turf War at " +
             (p.war.target != kNone ? cell_name(p, p.war.target) : std::string("the target")) + ".";
    case Step::kJoin:
      return "Join the Turf War as a supporter of one side, or stay out.";
    case Step::kPull:
      return "Unicorns: choose an adjacent turf to pull defenders from.";
    case Step::kPullCount:
      return "How many troops do you pull?";
    case Step::kLure:
      return "Sirens: choose whose troops you lure.";
    case Step::kDefendCommit:
      return "You are attacked at " +
             (p.war.target != kNone ? cell_name(p, p.war.target) : std::string("your turf")) +
             ": commit defending troops.";
    case Step::kSupportTurf:
      return "Choose the turf your supporting troops come from.";
    case Step::kCombatCard:
      return "Play a combat card face down (the cards are revealed together).";
    case Step::kCallHelp:
      return "Cry for Help: call a player to support your defence.";
    case Step::kRetreat:
      return "You lost the turf: retreat your remaining troops to an adjacent turf you control "
             "(half are lost).";
    case Step::kFury:
      return "Hell Hath No Fury: retaliate with a combat card, or not.";
    case Step::kRampage:
      return "Rampage: attack on from the turf you won, or stop (play no more cards).";
    case Step::kBuy:
      return "Spend Dominance Points (" + std::to_string(p.seats[p.to_move].dp) +
             " DP): buy something, or done.";
    case Step::kKeepCombat:
      return "Keep one of the two combat cards you bought.";
    case Step::kExchange:
      // T12.3: two cards go back, one at a time, and one new card is drawn (issue 23).
      return p.sub == 4 ? "Exchange: give back a second combat card; then you draw one new card."
                        : "Exchange: give back two combat cards, one at a time; then you draw "
                          "one new card.";
    case Step::kTieSupport:
      return "Tie-break: pledge your troops to one of the tied players.";
    case Step::kOver:
      return "";
  }
  (void)c;
  return "";
}

std::string unplayable_reason(const Position& p, int seat, int t) {
  if (t != kCryForHelp || p.seats[seat].hand[t] == 0) return "";
  if (p.num_seats <= 2) return "Cry for Help is never played in a two-player game";
  if (p.war.active && p.step == Step::kCombatCard && p.to_move == seat) {
    const War& w = p.war;
    if (!w.has_defender || w.sides[w.n_sides - 1].leader != seat)
      return "only the defender may cry for help";
  }
  return "";
}

namespace {

std::string seat_tag(int s) {
  return "P" + std::to_string(s + 1);
}

}  // namespace

std::string draw(const View& view, const DrawStyle& style) {
  const auto& v = view.as<TurfWarsView>();
  const Position& p = v.pos;
  const Content& c = content_of(p);
  const Board& b = board_of(p);
  const bool col = style.colour;
  std::string out;

  // The board: a header of column letters, then each row. A cell is 7 characters wide: a turf's
  // letter, then its troops and owner's seat number ("F 12:4", 1-based), or a dot when empty.
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
            row += term::paint(col, term::kBold + kSeatColours[o], n + ":" + std::to_string(o + 1));
          } else {
            row += "  .  ";
          }
        }
      }
    }
    out += row + "\n";
  }
  out +=
      term::paint(col, term::kDim,
                  std::string("  D desert F forest M mountain P plains S sea W swamp  ") +
                      (style.unicode ? "░" : "#") + " dead space\n" +
                      "  (@@) teleporter, (..) not working   12:4 = 12 troops of player 4 (P4)\n");

  // Round, phase, event.
  out += "  Round " + std::to_string(p.round) + "/" + std::to_string(c.rounds) + "   phase " +
         phase_title(p.phase) + "   FTT: " + seat_tag(p.ftt) + " " + seat_name(style, p.ftt) + "\n";
  if (p.event != kNone) {
    const EventDef& e = c.events[p.event];
    out += wrap("  Event: " + term::paint(col, term::kBold, e.name) + " - " + e.text);
  }

  // Seats: one row each.
  char buf[200];
  std::snprintf(buf, sizeof buf, "    %-12s %-13s %-8s %3s %5s %6s %5s %6s %3s\n", "Player",
                "Faction", "Home", "DP", "Turfs", "Troops", "Cards", "Secret", "Nem");
  out += term::paint(col, term::kDim, buf);
  for (int s = 0; s < p.num_seats; ++s) {
    const SeatState& st = p.seats[s];
    std::string name = seat_name(style, s);
    if (name.size() > 12) name = name.substr(0, 12);
    std::snprintf(buf, sizeof buf, " %-13s %-8s %3d %5d %6d %5d %6d %3s",
                  (st.faction != kNone ? c.factions[st.faction].name : std::string("?")).c_str(),
                  c.type_names[st.home].c_str(), st.dp, turfs_of(p, s), troops_of(p, s),
                  v.hand_count[s], st.num_secrets,
                  st.nemesis != kNone ? seat_tag(st.nemesis).c_str() : "-");
    std::string line = (s == p.to_move && !p.over()) ? ">" : " ";
    line +=
        term::paint(col, term::kBold + kSeatColours[s], seat_tag(s) + " " + pad(name, 12)) + buf;
    // What does not fit the row goes on a line of its own below it.
    std::string more;
    auto add = [&](const std::string& x) { more += (more.empty() ? "" : "; ") + x; };
    if (st.eliminated) add("ELIMINATED");
    if (st.num_held) add(std::to_string(st.num_held) + " bought action cards for the next draft");
    if (st.opted_out) add("stays out of the event");
    if (p.draft_state == 2 && st.revealed && st.pick != kNone)
      add("plays " + template_label(p, st.pick));
    out += line + "\n";
    if (!more.empty()) out += wrap(std::string(18, ' ') + more, 79, 18);
  }

  // The Turf War in progress.
  if (p.war.active) {
    const War& w = p.war;
    std::string t = "  Turf War at " + cell_name(p, w.target) + ":";
    for (int s = 0; s < w.n_sides; ++s) {
      t += " " + seat_tag(w.sides[s].leader) +
           (s < w.n_attackers ? " attacks with " : " defends with ") +
           std::to_string(w.sides[s].committed);
      if (w.sides[s].card != kNone) t += " + " + combat_label(p, w.sides[s].card);
      t += ";";
    }
    for (int i = 0; i < w.n_sups; ++i) {
      t += " " + seat_tag(w.sups[i].seat) + " supports with " + std::to_string(w.sups[i].given);
      if (w.sups[i].card != kNone) t += " + " + combat_label(p, w.sups[i].card);
      t += ";";
    }
    if (w.cancelled) t += " (negated)";
    out += wrap(t);
  }

  if (p.over()) {  // the same words as the end screens (result_words)
    std::string end;
    for (int s = 0; s < p.num_seats; ++s)
      if (p.winners >> s & 1)
        end += (end.empty() ? "" : "; ") + term::paint(col, term::kBold, seat_name(style, s)) +
               " wins with " + result_words(view, s);
    out += wrap("  Game over: " + end + ".");
  }

  // The viewer's own cards, last.
  if (v.viewer >= 0) {
    const SeatState& me = p.seats[v.viewer];
    if (p.phase == Phase::kFactions) {
      std::string t = "  Dealt factions:";
      for (auto f : me.dealt)
        if (f != kNone) t += " " + c.factions[f].name + " (" + c.factions[f].text + ")";
      out += wrap(t);
    }
    for (int i = 0; i < me.num_secrets; ++i) {
      const SecretDef& d = c.secrets[me.secrets[i]];
      out += wrap("  Your secret win: " + d.name + " - " + d.text);
    }
    if (me.num_held) out += wrap("  Bought action cards: " + templates_text(p, me.held));
    if (me.pick != kNone && !me.revealed)
      out += "  Your action card: " + template_label(p, me.pick) + "\n";
    if (v.sees_packet) out += wrap("  Packet: " + templates_text(p, p.packet));
    if (me.drawn[0] != kNone)
      out +=
          "  Drawn: " + combat_label(p, me.drawn[0]) + ", " + combat_label(p, me.drawn[1]) + "\n";
    out += wrap("  Your combat cards: " + hand_text(p, me.hand));
    const std::string why = unplayable_reason(p, v.viewer, kCryForHelp);
    if (!why.empty()) out += term::paint(col, term::kDim, "    (" + why + ")") + "\n";
    if (view.my_turn()) out += wrap(term::paint(col, term::kBold, "  " + prompt(p)));
  }
  return out;
}

}  // namespace turf::turfwars
