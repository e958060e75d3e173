// Turf War: Yard at the browser table: our own words for the lobby and the rules panel.
// The drawing (mount) is to come; until then the table plays from the text list of moves.
import type { GameUi } from "../game";

export const yard: GameUi = {
  id: "yard",
  title: "Turf War: Yard",
  about:
    "Two to four neighbours compete for the finest back yard. On your turn you stay Home, to play cards into your " +
    "three-by-three yard of dirt and grass and to win over a Neighbor whose wishes your yard meets, or you go Away, to " +
    "work for money and buy tools, plants, ornaments and features from the Store; pests can land in a rival's yard. " +
    "When the last Neighbor of the row is won over, yards and neighbours are counted for points.",
  rules: ["This game's table is not drawn yet: its moves are listed as buttons beside the board."],
};
