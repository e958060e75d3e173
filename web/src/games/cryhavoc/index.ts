// Cry Havoc at the browser table: our own words for the lobby and the rules panel.
// The drawing (mount) is to come; until then the table plays from the text list of moves.
import type { GameUi } from "../game";

export const cryhavoc: GameUi = {
  id: "cryhavoc",
  title: "Cry Havoc",
  about:
    "An asymmetric war for a crystal-rich planet, for two to four players: Humans, Machines, Pilgrims and the native " +
    "Trogs each bring their own units, tactics cards, structures and skills. Move, recruit and build, then fight " +
    "battles that settle control of the region, attrition and prisoners in turn. Crystals in the regions you control " +
    "score whenever a player enables scoring, and at the end of the fifth round.",
  rules: ["This game's table is not drawn yet: its moves are listed as buttons beside the board."],
};
