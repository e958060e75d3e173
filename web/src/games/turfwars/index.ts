// Turf Wars at the browser table: our own words for the lobby and the rules panel.
// The drawing (mount) is to come; until then the table plays from the text list of moves.
import type { GameUi } from "../game";

export const turfwars: GameUi = {
  id: "turfwars",
  title: "Turf Wars",
  about:
    "Two to six factions fight over a board of six kinds of turf for up to ten rounds. Each round brings " +
    "reinforcements, an event, a draft of action cards and Turf Wars between troops that meet on the same ground. " +
    "A faction wins at once by holding enough turfs of its home type, by striking down its nemesis, or by " +
    "fulfilling a secret win card.",
  rules: ["This game's table is not drawn yet: its moves are listed as buttons beside the board."],
};
