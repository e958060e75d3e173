// Turf Wars at the browser table: our own words for the lobby and the rules panel, and the
// drawing (board.ts) over the view model (model.ts).
import type { GameUi } from "../game";
import { TurfWarsBoard } from "./board";

export const turfwars: GameUi = {
  id: "turfwars",
  title: "Turf Wars",
  about:
    "Two to six factions fight over a board of six kinds of turf for up to ten rounds. Each round brings " +
    "reinforcements, an event, a draft of action cards and Turf Wars between troops that meet on the same ground. " +
    "A faction wins at once by holding enough turfs of its home type, by striking down its nemesis, or by " +
    "fulfilling a secret win card.",
  rules: [
    "Each player secretly chooses one of two factions; each has a home turf type, a nemesis and an ability. Everyone starts with 4 troops on a turf of their home type.",
    "A round: abilities that act before the event; reinforcements (2 troops each); a new event, in force until the next; a draft of action cards; the actions in order of priority; scoring and spending.",
    "Action cards attack into a neighbouring turf of their type (a Strike reaches two steps), teleport troops, move them around, or reinforce.",
    "A Turf War: the attacker commits troops, others may join a side, the defender commits, then every side plays a combat card face down and they are revealed together. Troops plus card values decide; a tie goes to the defender.",
    "The losers lose what they committed; the winner also loses some (the cost of winning). A Negate Attack card calls the war off; Cry for Help drafts another player to the defender's side.",
    "Scoring each round: 1 DP per 2 turfs, 1 per home turf, 5 for holding every type. DP buy troops, secret win cards, action and combat cards, and the First Turn Token.",
    "You win at once by holding enough turfs of your home type, by landing the killing blow on your nemesis, or by fulfilling a secret win card; otherwise the most DP after round 10.",
  ],
  mount: (host) => new TurfWarsBoard(host),
};
