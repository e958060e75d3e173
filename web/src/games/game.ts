// The contract between the table shell (web/src/table.ts) and one game's drawing.
//
// Each game lives in its own folder, web/src/games/<id>/, whose index.ts exports one `GameUi`;
// web/src/games/registry.ts lists them. The shell never names a game: it looks the game id of
// the table up in the registry, mounts the drawing into a `GameHost`, feeds it every new
// `TableState` through `update`, and calls `destroy` when the page leaves the table. A game
// whose entry has no `mount` (or no entry at all) is played from the text list of moves, which
// every table keeps as a fallback. What the drawings share (redraw, destroy, card texts, an SVG
// board with its pan/zoom, keyboard buttons) is in board_base.ts; each game's CSS is in its folder.
//
// Like chessground's `Api`, the surface is small on purpose: everything a drawing needs from the
// page comes through the host, and everything the page needs from a drawing is `update`,
// `redraw` and `destroy`. A drawing reads only the seat's view (TableState.view), the legal
// actions and the log the server sent: never anything else, so it cannot show what the seat may
// not know.
import type { TableState } from "../protocol";

// How a seat is shown everywhere (board pieces, player rows, log lines): a colour that stays
// distinguishable under the common colour-vision deficiencies AND a shape AND the seat's number,
// so that colour is never the only cue. Seats 0..5 have distinct marks (six seats: Turf Wars).
// web/src/seats.ts makes them and draws them (markSvg for boards, markBadge for HTML).
export interface SeatMark {
  seat: number;
  colour: string; // CSS colour of the seat's pieces (fill)
  ink: string; // a text colour readable on `colour`
  letter: string; // "1".."6": the seat's number as people read it, drawn on pieces
  shape: "circle" | "diamond" | "square" | "triangle" | "hexagon" | "star";
  cls: string; // CSS class "seat-0".."seat-5" (style.css sets --seat-colour and --seat-ink)
}

// What the shell offers a mounted drawing.
export interface GameHost {
  // The two areas the drawing owns; the shell empties them after destroy().
  readonly board: HTMLElement; // the main area (the board, the map); fills the space left
  readonly panel: HTMLElement; // the side panel above the log (players, hand, prompt)
  // Takes a legal action by id (ignored while busy(), when it is not this seat's turn, or for
  // an id that is not in the current legal list).
  act(actionId: number): void;
  // Takes back this seat's undoable actions (as the Undo button does).
  undo(): void;
  // Asks the shell to call update() again with the current state (after a local UI change such
  // as a selected card, when the drawing prefers one code path for all drawing).
  redraw(): void;
  // True while an action was sent and its answer has not come back.
  busy(): boolean;
  // Display names per seat: plain names ("Ann", "Player 2"), never with "(bot)" or "(you)" in
  // them; use them for every {P1}-style placeholder. Where a seat is named in a row, prefer
  // nameTag(), which adds the mark and the bot/you/away chips.
  names(): string[];
  // A fresh element naming a seat as the whole page does: its mark, its name, and chips for
  // "you", "bot" and "away" (a human who left the table).
  nameTag(seat: number): HTMLElement;
  // The mark of a seat (colour + shape + number), the same everywhere on the page.
  mark(seat: number): SeatMark;
  // The text of a narration line with its {P1} placeholders replaced by names.
  render(text: string): string;
  // What the page knows of a seat nobody sits at now, in a sentence for the prompt ("Bea left
  // the table 3 min ago; the game waits for her to come back with her link."), or null while
  // someone sits there (and for bots).
  absence(seat: number): string | null;
  // The name of the content variant the table plays ("base": the game's own; docs/lab.md
  // "Variants"): card texts are that variant's.
  variant(): string;
}

// A mounted drawing.
export interface GameBoard {
  // A new table state (a move, an undo, a reconnect, busy() changed). Draw from it alone; keep
  // only UI state of your own (a selected card, a zoom) between calls.
  update(state: TableState): void;
  // Draw the last state again (the page changed size, or the host's names or presence changed).
  redraw(): void;
  // Releases every listener on elements outside board/panel, every observer, timer and
  // animation frame; the shell then empties the host's areas. No call comes after destroy().
  destroy(): void;
  // Where each seat's score comes from, for the end card: the same part the drawing shows in its
  // panel (a fresh element each call), or null where it has none.
  endBreakdown?(): HTMLElement | null;
}

// One game's entry in the registry.
export interface GameUi {
  id: string; // the engine's game id ("dungeon")
  // Our own words for the lobby and the table's short-rules panel (plain text, no clause ids).
  title: string;
  about: string;
  rules: string[];
  // The drawing; absent while a game has none yet (the table then shows the text list of moves).
  mount?(host: GameHost): GameBoard;
  // An engine action label as this game's players read it, seats named ("give to P2" -> "give
  // to Bea"): the text list of moves and the drawing's button titles use it. Absent: the label.
  actionText?(label: string, names: string[]): string;
}
