// Turf War: Yard at the browser table: our own words for the lobby and the rules panel, and the
// drawing (board.ts) over the view model (model.ts).
import type { GameUi } from "../game";
import { YardBoard } from "./board";
import { actionText } from "./model";

export const yard: GameUi = {
  id: "yard",
  title: "Turf War: Yard",
  about:
    "Two to four neighbours compete for the finest back yard. On your turn you stay Home, to play cards into your " +
    "three-by-three yard of dirt and grass and to win over a Neighbor whose wishes your yard meets, or you go Away, to " +
    "work for money and buy tools, plants, ornaments and features from the Store; pests can land in a rival's yard. " +
    "When the last Neighbor of the row is won over, yards and neighbours are counted for points.",
  rules: [
    "Each turn: first the Start actions of the cards in your Yard, then you turn your card to Home or Away, then you do any of that side's two actions, then the End actions of your Yard's cards.",
    "Turning from Away to Home brings every card of your Garage back into your hand, then the cards of your Yard that act on that turn do so.",
    "Home: play a card from your hand, and sway one Neighbor whose wishes your Yard meets (or whose price you pay).",
    "Away: work for $5, and buy one card of the Store; bought cards go into your Garage.",
    "Tools act and go to your Garage. Plants, Ornaments and Features go on a Pile with a free Place (Grass has one; some cards add more). Pests go on any Pile, also of a rival who is Away.",
    "Playing into a rival's Yard: play the card, then tap a highlighted Pile of that rival.",
    "The game ends when the last Neighbor of the row is swayed. Points: the cards of your Yard (covered ones too) and your Neighbors; more Neighbors break a tie.",
  ],
  mount: (host) => new YardBoard(host),
  actionText,
};
