// Turf War: Dungeon at the browser table: our own words for the lobby and the rules panel, and
// the drawing (board.ts) over the view model (model.ts).
import type { GameUi } from "../game";
import { DungeonBoard } from "./board";

export const dungeon: GameUi = {
  id: "dungeon",
  title: "Turf War: Dungeon",
  about:
    "Two players build a dungeon together, one square tile at a time, and fight for its corridors with monsters. " +
    "Every tile must join its passages to the dungeon; a monster on a junction claims the corridors through it, " +
    "and Turtleman beats Were-Rat, Were-Rat beats Crane Wife, Crane Wife beats Turtleman. 28 tiles, about ten minutes.",
  rules: [
    "Each turn: you draw a tile (and a monster card if you hold none), then place one tile from your hand.",
    "A new tile goes next to the dungeon; where it touches a tile, passage meets passage and wall meets wall, and at least one passage must join.",
    "If no tile in your hand fits anywhere, you set one aside; it still counts as your tile for the turn.",
    "Then you may play your monster on any tile that is not a straight and has no monster — or on top of an opponent's monster that yours defeats.",
    "Turtleman (T) beats Were-Rat (R), Were-Rat beats Crane Wife (C), Crane Wife beats Turtleman. Only the top monster of a stack counts.",
    "A monster scores one point per tile along each straight corridor through its tile (one corridor on a dead end, two on an L, T or cross).",
    "An opposing monster on the same corridor that defeats yours cancels your line there; same types share it.",
    "After all 28 tiles the higher score wins; equal scores are a draw.",
  ],
  mount: (host) => new DungeonBoard(host),
};
