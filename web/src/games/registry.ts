// The one list of games the browser knows how to show. The shell and the lobby look a game up
// here by its engine id and never name a game themselves; a game missing from this list (or
// whose entry has no mount) is still playable from the text list of moves.
// To add a game: a folder web/src/games/<id>/ whose index.ts exports a GameUi, and one line here.
import { cryhavoc } from "./cryhavoc";
import { dungeon } from "./dungeon";
import type { GameUi } from "./game";
import { turfwars } from "./turfwars";
import { yard } from "./yard";

export const GAMES: readonly GameUi[] = [dungeon, yard, turfwars, cryhavoc];

export function gameUi(id: string | null | undefined): GameUi | undefined {
  return id ? GAMES.find((g) => g.id === id) : undefined;
}
