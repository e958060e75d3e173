// The part of a prompt box that every drawing shares: the end of the game, whose move it is
// while it is not this seat's (with the question, for a spectator), or this seat's question;
// and a button that takes one legal action. The games add their own answers below the question.
import { h } from "../dom";
import type { TableState } from "../protocol";
import type { GameHost } from "./game";

export interface PromptStart {
  box: HTMLElement; // div.prompt.<prefix>-prompt (data-testid "prompt"), holding the question line
  mine: boolean; // this seat is to answer now: the caller appends its answers to `box`
}

// `prefix` names the game's classes: `<prefix>-prompt` on the box, `<prefix>-question` on the line.
export function startPrompt(host: GameHost, state: TableState, question: string | undefined, prefix: string): PromptStart {
  const box = h("div", { class: `prompt ${prefix}-prompt`, "data-testid": "prompt" });
  const line = (text: string) => box.append(h("span", { class: `${prefix}-question` }, text));
  const me = state.seat;
  if (state.over) {
    line("The game is over.");
    return { box, mine: false };
  }
  if (me === null || state.toMove !== me) {
    const who = state.toMove === null ? "" : host.names()[state.toMove] ?? "";
    line(me === null ? `${who} to move: ${question ?? ""}` : `Waiting for ${who}…`);
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
