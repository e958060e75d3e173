// Our own words for each game: the lobby paragraph (used when the server's catalogue has no
// `about`) and the short rules panel shown at the table.

export const GAME_TEXT: Record<string, { title: string; about: string; rules: string[] }> = {
  dungeon: {
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
  },
  yard: {
    title: "Turf War: Yard",
    about:
      "Two to four neighbours compete for the finest back yard. On your turn you stay Home, to play cards into your " +
      "three-by-three yard of dirt and grass and to win over a Neighbor whose wishes your yard meets, or you go Away, to " +
      "work for money and buy tools, plants, ornaments and features from the Store; pests can land in a rival's yard. " +
      "When the last Neighbor of the row is won over, yards and neighbours are counted for points.",
    rules: ["The table for this game is drawn in a coming version; its legal actions are listed as buttons."],
  },
  turfwars: {
    title: "Turf Wars",
    about:
      "Two to six factions fight over a board of six kinds of turf for up to ten rounds. Each round brings " +
      "reinforcements, an event, a draft of action cards and Turf Wars between troops that meet on the same ground. " +
      "A faction wins at once by holding enough turfs of its home type, by striking down its nemesis, or by " +
      "fulfilling a secret win card.",
    rules: ["The table for this game is drawn in a coming version; its legal actions are listed as buttons."],
  },
  cryhavoc: {
    title: "Cry Havoc",
    about:
      "An asymmetric war for a crystal-rich planet, for two to four players: Humans, Machines, Pilgrims and the native " +
      "Trogs each bring their own units, tactics cards, structures and skills. Move, recruit and build, then fight " +
      "battles that settle control of the region, attrition and prisoners in turn. Crystals in the regions you control " +
      "score whenever a player enables scoring, and at the end of the fifth round.",
    rules: ["The table for this game is drawn in a coming version; its legal actions are listed as buttons."],
  },
};
