// What every game's drawing shares: its life (the last state, redraw, destroy, card texts that
// arrive after it may have gone), an SVG board with its pan/zoom, and the board elements that act
// as buttons (a tap that does not end a drag of the pan/zoom, and Enter or Space on the focused
// element).
import { cardTexts } from "../cards";
import { s } from "../dom";
import { PanZoom, type Margins } from "../panzoom";
import type { TableState } from "../protocol";
import type { GameBoard, GameHost } from "./game";

export abstract class BoardBase implements GameBoard {
  protected last: TableState | null = null; // the state drawn last (redraw draws it again)
  private destroyed = false; // destroy() came: card texts that arrive later are dropped
  protected abstract readonly pz: PanZoom; // the board's pan/zoom (made in the game's constructor)

  constructor(protected readonly host: GameHost) {}

  abstract update(state: TableState): void;

  redraw(): void {
    if (this.last) this.update(this.last);
  }

  destroy(): void {
    this.destroyed = true;
    this.pz.destroy();
    this.last = null;
  }

  // Fetches the game's card texts (cards.ts), as the table's variant has them; once they come, unless the drawing was destroyed
  // meanwhile, hands them to `use` and draws again.
  protected loadCards(game: string, use: (list: unknown[]) => void): void {
    void cardTexts(game, this.host.variant()).then((list) => {
      if (this.destroyed) return;
      use(list);
      this.redraw();
    });
  }

  // `el` on the board acts on a tap (a click that does not end a drag of the view) and on
  // Enter/Space (keyButton). `stop`: the click goes no further up the board.
  protected tapButton(el: Element, act: () => void, stop = false): void {
    el.addEventListener("click", (ev) => {
      if (this.pz.wasDrag()) return; // the end of a drag is not a tap
      if (stop) ev.stopPropagation();
      act();
    });
    keyButton(el, act);
  }
}

// An SVG board: the svg (its class, and what a screen reader calls it), the group that the
// pan/zoom moves (the board draws into it), and the pan/zoom (`margins`: room for a legend or the
// zoom tools).
export function svgBoard(
  cls: string,
  label: string,
  margins: Partial<Margins>,
): { svg: SVGSVGElement; world: SVGGElement; pz: PanZoom } {
  const svg = s("svg", { class: cls, role: "img", "aria-label": label }) as SVGSVGElement;
  const world = s("g", { class: "world" }) as SVGGElement;
  svg.append(world);
  return { svg, world, pz: PanZoom.svg(svg, world, margins) };
}

// Makes `el` a button for the keyboard: role "button", focusable, and Enter or Space on it acts
// (as a click does; the caller adds the click).
export function keyButton(el: Element, act: () => void): void {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.addEventListener("keydown", (ev) => {
    const k = (ev as KeyboardEvent).key;
    if (k === "Enter" || k === " ") {
      ev.preventDefault();
      act();
    }
  });
}
