import { api, tableLink, type CreatedTable, type GameEntry, type LobbyTable, type NewSeat } from "./api";
import { h } from "./dom";
import { gameUi } from "./games/registry";

const CREATED_KEY = "turf.created";

interface Remembered {
  created: CreatedTable;
  game: string;
  at: number;
}

function remembered(): Remembered[] {
  try {
    const v = JSON.parse(localStorage.getItem(CREATED_KEY) ?? "[]");
    return Array.isArray(v) ? (v as Remembered[]) : [];
  } catch {
    return [];
  }
}

function remember(r: Remembered) {
  const all = [r, ...remembered().filter((x) => x.created.id !== r.created.id)].slice(0, 20);
  localStorage.setItem(CREATED_KEY, JSON.stringify(all));
}

function gameTitle(games: GameEntry[], id: string): string {
  return gameUi(id)?.title ?? games.find((g) => g.id === id)?.title ?? id;
}

export async function renderLobby(root: HTMLElement): Promise<() => void> {
  root.replaceChildren(h("main", { class: "lobby" }, h("h1", null, "Turf"), h("p", { class: "muted" }, "Loading…")));
  let games: GameEntry[] = [];
  try {
    games = await api.games();
  } catch (e) {
    root.replaceChildren(h("main", { class: "lobby" }, h("h1", null, "Turf"), h("p", { class: "error" }, `Cannot reach the server: ${(e as Error).message}`)));
    return () => {};
  }

  const created = h("section", { class: "created", "aria-live": "polite" });
  const tablesBox = h("section", { class: "tables" });
  const form = newTableForm(games, (c, game) => {
    remember({ created: c, game, at: Date.now() });
    showCreated(created, c, games, game);
    void refresh();
  });

  const gameCards = h(
    "section",
    { class: "games" },
    h("h2", null, "Games"),
    ...games.map((g) =>
      h(
        "article",
        { class: "game-card", "data-game": g.id },
        h("h3", null, gameTitle(games, g.id)),
        h("p", null, gameUi(g.id)?.about || g.summary),
        h("p", { class: "muted" }, `${g.min_players === g.max_players ? g.min_players : `${g.min_players}–${g.max_players}`} players`),
      ),
    ),
  );

  const joinBox = h(
    "section",
    { class: "join" },
    h("h2", null, "Join with a link"),
    h(
      "form",
      {
        onsubmit: ((ev: Event) => {
          ev.preventDefault();
          const input = (ev.target as HTMLFormElement).querySelector("input") as HTMLInputElement;
          const i = input.value.indexOf("#/table/");
          if (i >= 0) location.hash = input.value.slice(i + 1);
        }) as EventListener,
      },
      h("input", { type: "text", placeholder: "paste a join or spectate link", "aria-label": "link" }),
      h("button", { type: "submit" }, "Go"),
    ),
  );

  async function refresh() {
    let tables: LobbyTable[] = [];
    try {
      tables = await api.tables();
    } catch {
      return;
    }
    const mine = new Map(remembered().map((r) => [r.created.id, r.created]));
    tablesBox.replaceChildren(
      h("h2", null, "Tables"),
      tables.length === 0 ? h("p", { class: "muted" }, "No tables yet. Start one above.") : "",
      h(
        "ul",
        { class: "table-list" },
        ...tables.map((t) => {
          const mineT = mine.get(t.id);
          return h(
            "li",
            { class: `table-entry status-${t.status}`, "data-table": t.id },
            h("strong", null, gameTitle(games, t.game)),
            " ",
            h("span", { class: `badge ${t.status}` }, t.status),
            h(
              "div",
              { class: "seats-line" },
              t.seats.map((s) =>
                h("span", { class: "seat-chip" }, `${s.name || `Player ${s.seat + 1}`}${s.kind === "bot" ? " (bot)" : ""}${s.kind === "human" && s.connected ? " ●" : ""}`),
              ),
            ),
            h("span", { class: "muted" }, `${t.moves} moves`),
            " ",
            h("a", { href: `#/table/${t.id}`, class: "button small" }, "Watch"),
            mineT
              ? mineT.seats
                  .filter((s) => s.token)
                  .map((s) => h("a", { href: `#/table/${t.id}/seat/${s.token}`, class: "button small" }, `Play as ${s.name}`))
              : null,
          );
        }),
      ),
    );
  }

  const last = remembered()[0];
  if (last) showCreated(created, last.created, games, last.game);

  root.replaceChildren(
    h(
      "main",
      { class: "lobby" },
      h("header", { class: "lobby-head" }, h("h1", null, "Turf"), h("p", { class: "muted" }, "Sit at a table with friends or bots.")),
      h("div", { class: "lobby-grid" }, h("div", null, form, created, joinBox), h("div", null, tablesBox, gameCards)),
    ),
  );
  await refresh();
  const timer = window.setInterval(() => void refresh(), 3000);
  return () => window.clearInterval(timer);
}

function showCreated(box: HTMLElement, c: CreatedTable, games: GameEntry[], game: string) {
  const base = location.href;
  const copy = (text: string) => async (ev: Event) => {
    const btn = ev.currentTarget as HTMLButtonElement;
    try {
      await navigator.clipboard.writeText(text);
      btn.textContent = "Copied";
    } catch {
      btn.textContent = "Select and copy";
    }
  };
  box.replaceChildren(
    h("h2", null, `Your ${gameTitle(games, game)} table`),
    h("p", { class: "muted" }, "Hand each player their own link: whoever holds a link plays that seat."),
    h(
      "ul",
      { class: "links" },
      ...c.seats.map((s) => {
        if (s.kind !== "human" || !s.token) return h("li", null, `Seat ${s.seat + 1}: ${s.name} (bot)`);
        const link = tableLink(base, c.id, s.token);
        return h(
          "li",
          { "data-seat": s.seat },
          h("span", null, `Seat ${s.seat + 1}: ${s.name} `),
          h("input", { class: "link", readonly: true, value: link, "aria-label": `join link for ${s.name}` }),
          h("button", { type: "button", class: "small", onclick: copy(link) as EventListener }, "Copy"),
          h("a", { class: "button small sit", href: `#/table/${c.id}/seat/${s.token}` }, "Sit here"),
        );
      }),
      h(
        "li",
        null,
        h("span", null, "Spectators: "),
        h("input", { class: "link", readonly: true, value: tableLink(base, c.id), "aria-label": "spectate link" }),
        h("a", { class: "button small", href: `#/table/${c.id}` }, "Watch"),
      ),
    ),
  );
}

function newTableForm(games: GameEntry[], onCreated: (c: CreatedTable, game: string) => void): HTMLElement {
  const gameSel = h("select", { name: "game", "aria-label": "game" }, ...games.map((g) => h("option", { value: g.id }, gameTitle(games, g.id))));
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("div", { class: "seats" });
  const msg = h("p", { class: "error", role: "alert" });
  let seatCount = 2;

  function current(): GameEntry {
    return games.find((g) => g.id === gameSel.value) ?? games[0];
  }

  function drawOptions() {
    const g = current();
    seatCount = Math.min(Math.max(seatCount, g.min_players), g.max_players);
    optionsBox.replaceChildren(
      ...g.options.map((o) => {
        let input: HTMLElement;
        if (o.choices && o.choices.length) {
          input = h("select", { name: `opt-${o.name}` }, ...o.choices.map((c) => h("option", { value: c, selected: String(o.default) === c }, c)));
        } else if (o.kind === "bool") {
          input = h("input", { type: "checkbox", name: `opt-${o.name}`, checked: Boolean(o.default) });
        } else if (o.kind === "integer" || o.kind === "int" || typeof o.default === "number") {
          input = h("input", { type: "number", name: `opt-${o.name}`, value: String(o.default ?? ""), min: o.min, max: o.max });
          if (o.name === "players") input.addEventListener("change", () => {
            seatCount = Number((input as HTMLInputElement).value) || seatCount;
            drawSeats();
          });
        } else {
          input = h("input", { type: "text", name: `opt-${o.name}`, value: String(o.default ?? "") });
        }
        return h("label", { class: "option", title: o.help ?? "" }, h("span", null, o.name), input, o.help ? h("small", { class: "muted" }, o.help) : null);
      }),
    );
    const players = g.options.find((o) => o.name === "players");
    if (players && Number.isFinite(Number(players.default))) seatCount = Number(players.default);
    drawSeats();
  }

  function drawSeats() {
    const g = current();
    const rows: HTMLElement[] = [];
    for (let i = 0; i < seatCount; i++) {
      const prev = seatsBox.querySelector<HTMLElement>(`[data-seat="${i}"]`);
      const prevName = prev?.querySelector<HTMLInputElement>("input")?.value;
      const prevKind = prev?.querySelector<HTMLSelectElement>("select")?.value;
      rows.push(
        h(
          "div",
          { class: "seat-row", "data-seat": i },
          h("span", { class: "seat-no" }, `Seat ${i + 1}`),
          h("input", { type: "text", name: `name-${i}`, value: prevName ?? `Player ${i + 1}`, maxlength: 24, "aria-label": `seat ${i + 1} name` }),
          h(
            "select",
            { name: `kind-${i}`, "aria-label": `seat ${i + 1} player` },
            ...["human", "bot:easy", "bot:normal", "bot:hard"].map((k) =>
              h("option", { value: k, selected: (prevKind ?? (i === 0 ? "human" : "human")) === k }, k === "human" ? "Human" : `Bot (${k.slice(4)})`),
            ),
          ),
        ),
      );
    }
    seatsBox.replaceChildren(
      ...rows,
      g.min_players !== g.max_players
        ? h(
            "div",
            { class: "seat-count" },
            h("button", { type: "button", class: "small", disabled: seatCount <= g.min_players, onclick: (() => { seatCount--; syncPlayers(); drawSeats(); }) as EventListener }, "− seat"),
            h("button", { type: "button", class: "small", disabled: seatCount >= g.max_players, onclick: (() => { seatCount++; syncPlayers(); drawSeats(); }) as EventListener }, "+ seat"),
          )
        : "",
    );
  }

  function syncPlayers() {
    const p = optionsBox.querySelector<HTMLInputElement>('[name="opt-players"]');
    if (p) p.value = String(seatCount);
  }

  gameSel.addEventListener("change", drawOptions);
  drawOptions();

  const form = h(
    "form",
    {
      class: "new-table",
      onsubmit: (async (ev: Event) => {
        ev.preventDefault();
        msg.textContent = "";
        const g = current();
        const options: Record<string, unknown> = {};
        for (const o of g.options) {
          const el = optionsBox.querySelector<HTMLInputElement>(`[name="opt-${o.name}"]`);
          if (!el) continue;
          if (o.kind === "bool") options[o.name] = el.checked;
          else if (el.type === "number") options[o.name] = Number(el.value);
          else options[o.name] = el.value;
        }
        const seats: NewSeat[] = [];
        for (let i = 0; i < seatCount; i++) {
          const name = seatsBox.querySelector<HTMLInputElement>(`[name="name-${i}"]`)!.value.trim() || `Player ${i + 1}`;
          const kind = seatsBox.querySelector<HTMLSelectElement>(`[name="kind-${i}"]`)!.value;
          seats.push(kind === "human" ? { kind: "human", name } : { kind: "bot", bot: kind.slice(4), name });
        }
        try {
          onCreated(await api.create(g.id, options, seats), g.id);
        } catch (e) {
          msg.textContent = `Could not create the table: ${(e as Error).message}`;
        }
      }) as EventListener,
    },
    h("h2", null, "New table"),
    h("label", { class: "option" }, h("span", null, "Game"), gameSel),
    optionsBox,
    h("h3", null, "Seats"),
    seatsBox,
    msg,
    h("button", { type: "submit", class: "primary" }, "Create table"),
  );
  return form;
}
