// The part of a prompt box that every drawing shares: the end of the game, whose move it is
// while it is not this seat's (with the question, for a spectator; with what is happening when
// that seat's person has left the table), or this seat's question; and a button that takes one
// legal action. The games add their own answers below the question. Undo is the page header's
// (one Undo on the page).
import { h } from "../dom";
import type { TableState } from "../protocol";
import type { GameHost } from "./game";

export interface PromptStart {
  box: HTMLElement; // div.prompt.<prefix>-prompt (data-testid "prompt"), holding the question line
  mine: boolean; // this seat is to answer now: the caller appends its answers to `box`
}

// `prefix` names the game's classes: `<prefix>-prompt` on the box, `<prefix>-question` on the line.
// `over`: the game's own words for its end ("The dungeon is complete.").
export function startPrompt(host: GameHost, state: TableState, question: string | undefined, prefix: string, over = "The game is over."): PromptStart {
  const box = h("div", { class: `prompt ${prefix}-prompt`, "data-testid": "prompt" });
  const line = (text: string) => box.append(h("span", { class: `${prefix}-question` }, text));
  const me = state.seat;
  if (state.over) {
    line(over);
    return { box, mine: false };
  }
  if (me === null || state.toMove !== me) {
    const who = state.toMove === null ? "" : host.names()[state.toMove] ?? "";
    line(me === null ? `${who} to move: ${question ?? ""}` : `Waiting for ${who}…`);
    const gone = state.toMove === null ? null : host.absence(state.toMove);
    if (gone) box.append(h("span", { class: "absence", "data-testid": "absence", role: "status" }, gone));
    return { box, mine: false };
  }
  line(question ?? "");
  return { box, mine: true };
}

// A button that takes the legal action `id` (its engine label as the tooltip); disabled while
// an action is on its way.
export function actButton(host: GameHost, id: number, label: string, text: string, cls: string): HTMLButtonElement {
  const b = h("button", { type: "button", class: cls, "data-action": id, title: label, disabled: host.busy() }, text);
  b.addEventListener("click", () => host.act(id));
  return b;
}
