import { Connection } from "./connection";
import { h } from "./dom";
import { DungeonBoard } from "./games/dungeon";
import { GAME_TEXT } from "./games/info";
import { initialState, myTurn, rankingWords, reduce, renderText, seatNames, type TableState } from "./protocol";

// What a game's drawing gets from the table shell.
export interface TableContext {
  act: (actionId: number) => void;
  undo: () => void;
  names: string[];
  busy: boolean; // an action was sent and its answer has not come yet
}

export interface GameDrawing {
  readonly board: HTMLElement; // the main area (board)
  readonly panel: HTMLElement; // game-specific side panel (players, hand, prompt)
  update(state: TableState, ctx: TableContext): void;
}

const ERROR_WORDS: Record<string, string> = {
  bad_token: "This link is not valid for this table.",
  no_table: "There is no such table.",
  not_your_turn: "It is not your turn.",
  stale: "The table moved on; here is the current position.",
  illegal: "That move is not allowed.",
  cannot_undo: "Nothing to take back.",
  spectator: "Spectators cannot act.",
  rate_limited: "Too many messages; slow down.",
  server_error: "The server could not save that move; the table was reloaded.",
  too_large: "That message was too large.",
  bad_frame: "The server did not understand that message.",
};

export function renderTable(root: HTMLElement, tableId: string, token: string | null): () => void {
  let state: TableState = initialState();
  let busy = false;
  let drawing: GameDrawing | null = null;
  let endDismissed = false;
  let rendered: number[] = []; // the moves whose steps the log shows

  const status = h("span", { class: "conn", "data-conn": "connecting" }, "connecting…");
  const turn = h("div", { class: "turn", "aria-live": "polite", "data-testid": "turn" });
  const title = h("strong", { class: "title" }, "Table");
  const undoBtn = h("button", { type: "button", class: "undo", disabled: true }, "Undo");
  const rulesBtn = h("button", { type: "button", class: "rules-toggle", "aria-expanded": "false" }, "Rules");
  const rules = h("aside", { class: "rules-panel", hidden: true });
  const log = h("ol", { class: "log", "aria-label": "game log" });
  const errorBox = h("div", { class: "error-toast", role: "alert", hidden: true });
  const fallback = h("details", { class: "fallback" }, h("summary", null, "All moves as text"), h("div", { class: "fallback-list" }));
  const sidePanel = h("div", { class: "game-panel" });
  const boardArea = h("div", { class: "board-area" });
  const endOverlay = h("div", { class: "end-overlay", hidden: true, role: "dialog", "aria-label": "game over" });

  const conn = new Connection(
    token ? { type: "hello", table: tableId, token } : { type: "hello", table: tableId },
    (f) => {
      if (f.type === "welcome") {
        rendered = [];
        log.replaceChildren();
      }
      if (f.type === "state" || f.type === "error") busy = false;
      state = reduce(state, f);
      draw();
    },
    (st) => {
      status.dataset.conn = st;
      status.textContent = st === "open" ? (token ? "connected" : "watching") : st === "connecting" ? "connecting…" : "reconnecting…";
      if (st !== "open") busy = false;
    },
  );

  undoBtn.addEventListener("click", () => {
    if (conn.send({ type: "undo" })) busy = true;
    draw();
  });
  rulesBtn.addEventListener("click", () => {
    rules.hidden = !rules.hidden;
    rulesBtn.setAttribute("aria-expanded", String(!rules.hidden));
  });

  const ctx = (): TableContext => ({
    act: (id) => {
      if (busy) return;
      if (conn.send({ type: "act", action: id, move: state.move })) busy = true;
      draw();
    },
    undo: () => undoBtn.click(),
    names: seatNames(state),
    busy,
  });

  root.replaceChildren(
    h(
      "div",
      { class: "table-page" },
      h(
        "header",
        { class: "table-head" },
        h("a", { href: "#/", class: "home", "aria-label": "lobby" }, "◂ Lobby"),
        title,
        turn,
        h("span", { class: "head-tools" }, undoBtn, rulesBtn, status),
      ),
      h("div", { class: "table-body" }, boardArea, h("div", { class: "side" }, sidePanel, fallback, h("h3", { class: "log-title" }, "Log"), log)),
      rules,
      errorBox,
      endOverlay,
    ),
  );

  function draw() {
    const names = seatNames(state);
    if (state.game && !drawing && state.game === "dungeon") {
      drawing = new DungeonBoard();
      boardArea.replaceChildren(drawing.board);
      sidePanel.replaceChildren(drawing.panel);
    }
    if (state.game) {
      const text = GAME_TEXT[state.game];
      title.textContent = text?.title ?? state.game;
      if (rules.childElementCount === 0)
        rules.append(
          h("h2", null, `${text?.title ?? state.game}: short rules`),
          h("ol", null, ...(text?.rules ?? []).map((r) => h("li", null, r))),
          h("button", { type: "button", onclick: (() => rulesBtn.click()) as EventListener }, "Close"),
        );
      document.title = `${myTurn(state) ? "● Your turn · " : ""}${text?.title ?? state.game} · Turf`;
    }
    // games without a drawn table yet: the seat's view as text, and the moves as buttons
    if (state.game && !drawing) {
      if (boardArea.childElementCount === 0)
        boardArea.append(
          h("div", { class: "raw-view pad" },
            h("p", { class: "muted" }, "This game's table is not drawn yet: here is what you see, as text; play with the moves listed beside it."),
            h("pre", { class: "view-json" })),
        );
      const pre = boardArea.querySelector(".view-json");
      if (pre && state.view) pre.textContent = JSON.stringify(state.view, null, 1);
    }

    // for tests and tools: the move this page shows
    // (absent between a welcome and its state frame: the page is resyncing)
    if (state.view) root.dataset.move = String(state.move);
    else delete root.dataset.move;
    root.dataset.over = String(state.over);
    root.dataset.seat = state.seat === null ? "spectator" : String(state.seat);

    // whose turn
    const you = state.seat;
    let turnText = "";
    if (!state.view) turnText = "Connecting to the table…";
    else if (state.over) turnText = "Game over";
    else if (state.toMove === null) turnText = "…";
    else if (you !== null && state.toMove === you) turnText = "Your turn";
    else turnText = `${names[state.toMove] ?? `Player ${state.toMove + 1}`} to move${state.seats[state.toMove]?.kind === "bot" ? " (bot)" : ""}`;
    if (you === null && state.view) turnText += " · you are watching";
    turn.textContent = turnText;
    turn.dataset.mine = String(myTurn(state));

    undoBtn.disabled = busy || you === null || state.undoable <= 0 || state.over;
    undoBtn.hidden = you === null;

    // fallback: every legal action as a text button
    const list = fallback.querySelector(".fallback-list")!;
    list.replaceChildren(
      ...(myTurn(state)
        ? state.legal.map((a) =>
            h("button", { type: "button", class: "small legal", "data-action": a.id, disabled: busy, onclick: (() => ctx().act(a.id)) as EventListener }, a.label),
          )
        : [h("span", { class: "muted" }, you === null ? "Spectators do not move." : "Not your turn.")]),
    );
    // games without a drawn table play from this list: keep it open for them
    if (state.game && !drawing) fallback.open = true;
    fallback.hidden = you === null;

    // log: append the new steps; rebuild when an undo took steps back
    const moves = state.log.map((st) => st.move);
    if (moves.length < rendered.length || rendered.some((m, i) => moves[i] !== m)) {
      log.replaceChildren();
      rendered = [];
    }
    for (const step of state.log.slice(rendered.length)) {
      for (const line of step.lines)
        log.append(h("li", { class: `log-line kind-${line.kind}`, "data-seat": step.seat, "data-move": step.move }, renderText(line.text, names)));
      rendered.push(step.move);
    }
    log.scrollTop = log.scrollHeight;

    // errors
    if (state.error) {
      errorBox.hidden = false;
      errorBox.textContent = ERROR_WORDS[state.error.code] ?? state.error.message;
      window.setTimeout(() => (errorBox.hidden = true), 4000);
    }

    drawing?.update(state, { ...ctx(), names });

    // end screen
    if (state.over && state.result && !endDismissed) {
      const words = rankingWords(state.result, names);
      endOverlay.hidden = false;
      endOverlay.replaceChildren(
        h(
          "div",
          { class: "end-card" },
          h("h2", null, "Game over"),
          ...words.map((w, i) => h(i === 0 ? "p" : "p", { class: i === 0 ? "winner" : "" }, w)),
          h(
            "table",
            { class: "final-scores" },
            h("tr", null, h("th", null, "Player"), h("th", null, "Points")),
            ...state.seats.map((s) => h("tr", null, h("td", null, names[s.seat]), h("td", null, state.result!.words?.[s.seat] ?? String(state.result!.scores[s.seat])))),
          ),
          h(
            "div",
            { class: "end-buttons" },
            h("button", { type: "button", onclick: (() => { endDismissed = true; endOverlay.hidden = true; }) as EventListener }, "Look at the board"),
            h("a", { class: "button primary", href: "#/" }, "Back to the lobby"),
          ),
        ),
      );
    } else if (!state.over) {
      endOverlay.hidden = true;
      endDismissed = false;
    }
  }

  draw();
  return () => {
    conn.close();
    delete root.dataset.move;
    delete root.dataset.over;
    delete root.dataset.seat;
  };
}
