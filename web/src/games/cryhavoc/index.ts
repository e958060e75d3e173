// Cry Havoc at the browser table: our own words for the lobby and the rules panel, and the
// drawing (board.ts) over the view model (model.ts).
import type { GameUi } from "../game";
import { CryHavocBoard } from "./board";

export const cryhavoc: GameUi = {
  id: "cryhavoc",
  title: "Cry Havoc",
  about:
    "An asymmetric war for a crystal-rich planet, for two to four players: Humans, Machines, Pilgrims and the native " +
    "Trogs each bring their own units, tactics cards, structures and skills. Move, recruit and build, then fight " +
    "battles that settle control of the region, attrition and prisoners in turn. Crystals in the regions you control " +
    "score whenever a player enables scoring, and at the end of the fifth round.",
  rules: [
    "Five rounds. Each round: events, everyone draws 4 cards, three turns each in initiative order, then the battles, prisoners and (when someone enabled it) scoring.",
    "A turn is one action: Move, Recruit or Build (paid by discarding cards for their icons), Draw 2 keep 1, or Enable Scoring. A ready skill may be used before or after it.",
    "Moving: each move point takes one unit one step. A unit entering enemy units or a Trog token stops. Where you end with no enemy, you take control; where enemies are, a battle token goes down.",
    "A battle: the attacker puts its units on the three objectives, then the defender; then both may play tactics cards in turn until both pass.",
    "Region Control: more units win the region and 2 VP (the defender wins ties). Capture Prisoners: more units take one enemy prisoner. Attrition: each unit there kills one enemy unit, 1 VP each.",
    "Prisoners score 1 VP each at the end of the round; their owner may buy them back for 2 VP each.",
    "Scoring: 1 VP per crystal in the regions you control; the player who enabled it also scores 1 VP per region. Round 5 always scores crystals. The most VP wins.",
  ],
  mount: (host) => new CryHavocBoard(host),
};
