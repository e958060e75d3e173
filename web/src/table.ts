// The table shell every game shares: the header (whose turn, undo, rules, connection), the log,
// the legal actions as text buttons (the fallback that makes every action reachable), the error
// toast, the dead-end card and the end card. It reads the table from a TableSource and mounts the
// game's drawing from the registry; it never names a game.
import { h } from "./dom";
import type { GameBoard, GameHost } from "./games/game";
import { gameUi } from "./games/registry";
import { logEntries } from "./log";
import { absenceWords, seatNames, seatTags, type Presence } from "./names";
import { initialState, myTurn, rankingWords, reduce, renderText, type TableState } from "./protocol";
import { markBadge, seatMark } from "./seats";
import type { SourceStatus, TableSource } from "./source";

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

const TAG_WORDS: Record<string, string> = { you: "you", bot: "bot", away: "away" };

// A name as an element: isolated from the text around it (a name written right to left cannot
// turn the sentence around it), in its seat's colour.
export function nameEl(name: string, seat: number | null): HTMLElement {
  return h("bdi", { class: `name${seat === null ? "" : ` ${seatMark(seat).cls}`}` }, name);
}

// A narration sentence with its {P1} placeholders as name elements.
export function richText(text: string, names: string[]): (Node | string)[] {
  const out: (Node | string)[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{P(\d+)\}/g)) {
    const i = Number(m[1]) - 1;
    out.push(text.slice(last, m.index));
    out.push(nameEl(renderText(m[0], names), i));
    last = (m.index ?? 0) + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

export function renderTable(root: HTMLElement, source: TableSource): () => void {
  let state: TableState = initialState();
  let busy = false;
  let drawing: GameBoard | null = null;
  let mountedGame: string | null = null;
  let endDismissed = false;
  let failed = false;
  let toastTimer = 0;
  let presence: Presence[] | null = null;
  let renderedLog = ""; // the key of the log as drawn
  let conn: SourceStatus = "connecting";

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

  // The log keeps its newest line in view: after every change of its content or of its size
  // (the game's panel above it grows and shrinks), unless the reader scrolled up to read.
  // A scroll event of our own (it arrives later, maybe after more lines came) says nothing of
  // the reader: only a scroll away from where we put the log decides.
  let stick = true;
  let autoTop = -1;
  const toBottom = () => {
    if (!stick) return;
    log.scrollTop = log.scrollHeight;
    autoTop = log.scrollTop;
  };
  log.addEventListener("scroll", () => {
    if (Math.abs(log.scrollTop - autoTop) <= 1) return;
    stick = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
  });
  const logObserver = new ResizeObserver(toBottom);
  logObserver.observe(log);

  // The drawing redraws when its area changes size (a rotated phone, a resized window), once a
  // frame at most.
  let resizeFrame = 0;
  const boardObserver = new ResizeObserver(() => {
    if (resizeFrame) return;
    resizeFrame = requestAnimationFrame(() => {
      resizeFrame = 0;
      drawing?.redraw();
    });
  });

  const names = () => seatNames(state.seats);
  const seatsNow = () =>
    state.seats.map((st) => ({ ...st, connected: presence && st.seat < presence.length ? presence[st.seat].connected : st.connected }));

  // An engine label as the game's players read it (seats named), else as it is.
  const actionText = (label: string, nm: string[]) => gameUi(state.game)?.actionText?.(label, nm) ?? label;

  function act(id: number) {
    if (busy || !myTurn(state) || !state.legal.some((a) => a.id === id)) return;
    if (source.act(id, state.move)) busy = true;
    draw();
  }
  function undo() {
    if (busy || state.seat === null || state.undoable <= 0) return;
    if (source.undo()) busy = true;
    draw();
  }

  const host: GameHost = {
    board: boardArea,
    panel: sidePanel,
    act,
    undo,
    redraw: () => {
      if (state.view) drawing?.update(state);
    },
    busy: () => busy,
    names,
    nameTag: (seat) => nameTag(seat),
    mark: seatMark,
    render: (text) => renderText(text, names()),
    absence: (seat) => {
      const st = state.seats.find((x) => x.seat === seat);
      const p = presence?.[seat];
      if (!st || st.kind !== "human" || !p || p.connected || seat === state.seat) return null;
      return absenceWords(names()[seat] ?? "", p.awaySeconds);
    },
  };

  function nameTag(seat: number): HTMLElement {
    const st = seatsNow().find((x) => x.seat === seat);
    const tags = st ? seatTags(st, state.seat) : [];
    return h(
      "span",
      { class: `name-tag ${seatMark(seat).cls}`, "data-seat": seat },
      markBadge(seatMark(seat)),
      nameEl(names()[seat] ?? renderText(`{P${seat + 1}}`, []), seat),
      ...tags.map((t) => h("span", { class: `tag tag-${t}` }, TAG_WORDS[t])),
    );
  }

  source.start({
    frame: (f) => {
      if (f.type === "state" || f.type === "error") busy = false;
      // for tests: how many frames this page drew (they compare it with the frames they saw)
      root.dataset.frames = String(Number(root.dataset.frames ?? 0) + 1);
      state = reduce(state, f);
      draw();
    },
    status: (st: SourceStatus) => {
      conn = st;
      if (st !== "open") busy = false;
      if (st === "failed") failed = true;
      draw();
    },
    presence: (p) => {
      presence = p;
      draw(); // the drawing's update() follows, with the new tags in nameTag() and absence()
    },
  });

  undoBtn.addEventListener("click", undo);
  rulesBtn.addEventListener("click", () => {
    rules.hidden = !rules.hidden;
    rulesBtn.setAttribute("aria-expanded", String(!rules.hidden));
  });

  const deadEnd = h("div", { class: "dead-end pad", hidden: true, role: "alert" });

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
      deadEnd,
      h(
        "div",
        { class: "table-body" },
        boardArea,
        h("div", { class: "side" }, h("div", { class: "side-top" }, sidePanel, fallback), h("section", { class: "log-box" }, h("h3", { class: "log-title" }, "Log"), log)),
      ),
      rules,
      errorBox,
      endOverlay,
    ),
  );

  function mount() {
    const ui = gameUi(state.game);
    mountedGame = state.game;
    title.textContent = ui?.title ?? state.game ?? "Table";
    rules.replaceChildren(
      h("h2", null, `${ui?.title ?? state.game}: short rules`),
      ui ? h("ol", null, ...ui.rules.map((r) => h("li", null, r))) : h("p", null, "This game's table is not drawn yet: its moves are listed as buttons."),
      h("button", { type: "button", onclick: (() => rulesBtn.click()) as EventListener }, "Close"),
    );
    if (ui?.mount) {
      drawing = ui.mount(host);
    } else {
      boardArea.append(h("p", { class: "muted pad" }, "This game's table is not drawn in the browser yet: play with the moves listed beside it."));
    }
  }

  function unmount() {
    drawing?.destroy();
    drawing = null;
    boardArea.replaceChildren();
    sidePanel.replaceChildren();
    mountedGame = null;
  }

  function draw() {
    const nm = names();
    status.dataset.conn = conn;
    status.textContent =
      conn === "open" ? (state.table && state.seat === null ? "watching" : "connected") : conn === "connecting" ? "connecting…" : conn === "failed" ? "no table" : "reconnecting…";
    if (failed) {
      deadEnd.hidden = false;
      deadEnd.replaceChildren(
        h("h2", null, state.error?.code === "no_table" ? "There is no such table" : "This link does not open a seat at this table"),
        h("p", null, "The link may be cut short or mistyped, or the table was removed. Ask whoever made the table for the link again, or start a new table."),
        h("a", { class: "button primary", href: "#/" }, "Go to the lobby"),
      );
      turn.textContent = "No table";
      // nothing to take back and no rules to read at a table that is not there
      undoBtn.hidden = true;
      rulesBtn.hidden = true;
      rules.hidden = true;
      return;
    }
    if (state.game && mountedGame !== state.game) {
      unmount();
      mount();
    }
    if (state.game) document.title = `${myTurn(state) ? "● Your turn · " : ""}${gameUi(state.game)?.title ?? state.game} · Turf`;

    // for tests and tools: the move this page shows
    // (absent between a welcome and its state frame: the page is resyncing)
    if (state.view) root.dataset.move = String(state.move);
    else delete root.dataset.move;
    root.dataset.over = String(state.over);
    root.dataset.seat = state.seat === null ? "spectator" : String(state.seat);

    // whose turn
    const you = state.seat;
    turn.replaceChildren();
    if (!state.view) turn.append("Connecting to the table…");
    else if (state.over) turn.append("Game over");
    else if (state.toMove === null) turn.append("…");
    else if (you !== null && state.toMove === you) turn.append("Your turn");
    else turn.append(nameTag(state.toMove), " to move");
    if (you === null && state.view) turn.append(" · you are watching");
    turn.dataset.mine = String(myTurn(state));

    undoBtn.disabled = busy || you === null || state.undoable <= 0 || state.over;
    undoBtn.hidden = you === null;

    // fallback: every legal action as a text button
    const list = fallback.querySelector(".fallback-list")!;
    list.replaceChildren(
      ...(myTurn(state)
        ? state.legal.map((a) =>
            h("button", { type: "button", class: "small legal", "data-action": a.id, disabled: busy, onclick: (() => act(a.id)) as EventListener }, actionText(a.label, nm)),
          )
        : [h("span", { class: "muted" }, you === null ? "Spectators do not move." : "Not your turn.")]),
    );
    // games without a drawn table play from this list: keep it open for them
    if (state.game && !drawing) fallback.open = true;
    fallback.hidden = you === null;

    drawLog(nm);

    // errors: a toast for four seconds (a new error restarts it)
    if (state.error) {
      errorBox.hidden = false;
      errorBox.textContent = ERROR_WORDS[state.error.code] ?? state.error.message;
      window.clearTimeout(toastTimer);
      toastTimer = window.setTimeout(() => (errorBox.hidden = true), 4000);
    }

    if (state.view) drawing?.update(state);
    toBottom();

    // end screen
    if (state.over && state.result && !endDismissed) {
      const words = rankingWords(state.result, nm);
      // where the scores come from: the game's own breakdown (its side panel's); each seat's
      // result in a table as well where the ranking lines do not say it, or without a breakdown
      const breakdown = drawing?.endBreakdown?.() ?? null;
      const said = words.join(" ");
      const table = !breakdown || state.seats.some((s) => !said.includes((state.result!.words?.[s.seat] ?? "").replace(/\.$/, "")));
      endOverlay.hidden = false;
      endOverlay.replaceChildren(
        h(
          "div",
          { class: "end-card" },
          h("h2", null, "Game over"),
          ...words.map((w, i) => h("p", { class: i === 0 ? "winner" : "" }, w)),
          table
            ? h(
                "table",
                { class: "final-scores" },
                h("tr", null, h("th", null, "Player"), h("th", null, "Result")),
                ...state.seats.map((s) =>
                  h("tr", { "data-seat": s.seat }, h("td", null, nameTag(s.seat)), h("td", { class: "final-score" }, state.result!.words?.[s.seat] ?? String(state.result!.scores[s.seat]))),
                ),
              )
            : null,
          breakdown ? h("div", { class: "end-breakdown", "data-testid": "end-breakdown" }, breakdown) : null,
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

  // The log, one numbered entry per turn; redrawn when it changed, scrolled to the newest line.
  function drawLog(nm: string[]) {
    const entries = logEntries(state.log);
    const key = `${nm.join("\u0001")}\u0002${state.log.map((s) => s.move).join(",")}\u0002${entries.map((e) => e.lines.length).join(",")}`;
    if (key === renderedLog) return;
    renderedLog = key;
    log.replaceChildren(
      ...entries.map((e) =>
        h(
          "li",
          { class: `log-entry ${seatMark(e.seat).cls}`, "data-seat": e.seat, "data-move": e.moves[0], "data-turn": e.n },
          h("span", { class: "log-n", "aria-hidden": "true" }, `${e.n}.`),
          h(
            "div",
            { class: "log-lines" },
            ...e.lines.map((l) => h("p", { class: `log-line kind-${l.kind}`, "data-seat": l.seat ?? "" }, ...richText(l.text, nm))),
          ),
        ),
      ),
    );
    stick = true;
  }


  draw();
  boardObserver.observe(boardArea);
  return () => {
    source.close();
    logObserver.disconnect();
    boardObserver.disconnect();
    cancelAnimationFrame(resizeFrame);
    window.clearTimeout(toastTimer);
    unmount();
    delete root.dataset.move;
    delete root.dataset.over;
    delete root.dataset.seat;
    delete root.dataset.frames;
  };
}
