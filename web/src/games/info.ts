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
      "Two to four players fight over a back yard with cards. Play cards to stake out areas, bring in allies and " +
      "knock out rivals; the player holding the most ground when the deck runs dry wins. Quick, with plenty of take-that.",
    rules: ["The table for this game is drawn in a coming version; its legal actions are listed as buttons."],
  },
  turfwars: {
    title: "Turf Wars",
    about:
      "Two to six factions of fantasy creatures struggle for the districts of a city. Move your units, declare home " +
      "turf, and settle contested districts in wars decided by secret cards. Alliances come and go; territory is what counts.",
    rules: ["The table for this game is drawn in a coming version; its legal actions are listed as buttons."],
  },
  cryhavoc: {
    title: "Cry Havoc",
    about:
      "An asymmetric war for a crystal-rich planet: Humans, Machines, Pilgrims and the native Trogs each play by their own " +
      "cards and skills. Recruit, move, build and fight battles over regions where control, prisoners and the attacker's " +
      "ambition are scored separately. Two to four players.",
    rules: ["The table for this game is drawn in a coming version; its legal actions are listed as buttons."],
  },
};
