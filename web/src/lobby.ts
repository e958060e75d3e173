import { api, HttpError, recordBody, tableLink, type CreatedTable, type GameEntry, type GameOption, type LobbyTable, type NewPace, type NewSeat } from "./api";
import { askToNotify, canAskToNotify, newTurns, notifyTurn, setFavicon } from "./attention";
import { h } from "./dom";
import { forgetTable, heldSeats, holdSeat, myTables, turnWords, type MyTable } from "./mytables";
import { gameUi } from "./games/registry";
import { checkName, defaultName, paceWords, timeLeftWords } from "./names";
import { markBadge, seatMark } from "./seats";
import { nameEl } from "./table";

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

// "mind_control" -> "Mind control", "after-round-5" -> "After round 5": option names (and
// choices the catalogue gives no label for) as a person reads them, as the engine's
// choice_label makes them.
export function readable(word: string): string {
  const w = word.replace(/[_-]/g, " ").trim();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

// An option's help in two parts: what the lobby shows at once (its first sentence, when the whole
// is longer than `short` characters) and the rest, behind "more".
export function helpParts(help: string, short = 140): { first: string; more: string } {
  const text = help.trim();
  if (text.length <= short) return { first: text, more: "" };
  const end = text.indexOf(". ");
  if (end < 0 || end + 1 > short) return { first: text, more: "" };
  return { first: text.slice(0, end + 1), more: text.slice(end + 2) };
}

// What the lobby says of a table: seats still free (a human seat nobody sits at), playing, over.
// A table whose bot moved first, before anyone sat down, is still waiting for its players.
export function tableStatus(t: Pick<LobbyTable, "status" | "seats" | "moves">): { badge: string; words: string } {
  if (t.status === "over") return { badge: "over", words: `finished after ${t.moves} move${t.moves === 1 ? "" : "s"}` };
  const free = t.seats.filter((s) => s.kind === "human" && !s.connected).length;
  if (free > 0) return { badge: "waiting", words: `${free} seat${free === 1 ? "" : "s"} free` };
  return { badge: "playing", words: `move ${t.moves + 1}` };
}

// The default name of a seat in the new-table form: "Player 2" for a person, "Easy bot" for a
// bot (a number added when two bots share a level).
function defaultSeatName(kind: string, seat: number, kinds: string[]): string {
  if (kind === "human") return defaultName(seat, "");
  const same = kinds.filter((k) => k === kind).length;
  if (kind.startsWith("bot:ext:")) return `${kind.slice(8)}${same > 1 ? ` ${seat + 1}` : ""}`; // a program, by its name
  const level = kind.slice(4);
  return `${readable(level)} bot${same > 1 ? ` ${seat + 1}` : ""}`;
}

// What a seat of the new-table form may be: a person, a bot level, or one of the programs the
// server's operator offers (turf serve --ext-bot NAME=COMMAND; the catalogue names them, never
// their commands), as [value, label, group]: programs are listed under "Programs".
export function seatKinds(g: Pick<GameEntry, "programs">): [string, string, string][] {
  return [
    ["human", "Person", ""],
    ...["easy", "normal", "hard"].map((l): [string, string, string] => [`bot:${l}`, `${readable(l)} bot`, ""]),
    ...(g.programs ?? []).map((p): [string, string, string] => [`bot:${p.bot}`, p.name, "Programs"]),
  ];
}

// The seat kinds as <option>s, each group's under its <optgroup>.
function seatChoices(all: [string, string, string][], selected: string): HTMLElement[] {
  const out: HTMLElement[] = [];
  for (const group of [...new Set(all.map(([, , g]) => g))]) {
    const options = all.filter(([, , g]) => g === group).map(([k, label]) => h("option", { value: k, selected: selected === k }, label));
    out.push(...(group ? [h("optgroup", { label: group }, ...options)] : options));
  }
  return out;
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
    // the links and "Sit here" replace nothing but come first, in view
    created.scrollIntoView({ block: "start" });
    created.querySelector<HTMLElement>(".sit")?.focus({ preventScroll: true });
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

  // A record file of `turf play`, `turf sim` or `turf arena`, read here and sent to the server as
  // its game, seats and action ids (recordBody), opens as a replay.
  const recordMsg = h("p", { class: "error", role: "alert" });
  const recordInput = h("input", { type: "file", accept: ".json,application/json", "aria-label": "record file" }) as HTMLInputElement;
  recordInput.addEventListener("change", async () => {
    recordMsg.textContent = "";
    const file = recordInput.files?.[0];
    if (!file) return;
    try {
      const body = recordBody(await file.text());
      const made = await api.importRecord(body);
      location.hash = `#/replay/${made.id}`;
    } catch (e) {
      recordMsg.textContent = `This file cannot be replayed: ${(e as Error).message}`;
    }
  });
  const recordBox = h(
    "section",
    { class: "join record" },
    h("h2", null, "Watch a record"),
    h("p", { class: "muted small" }, "A finished game saved by turf in a terminal opens here as a replay (it stays private)."),
    recordInput,
    recordMsg,
  );

  const myBox = h("section", { class: "my-tables", "aria-live": "polite" });
  // the entries of held tables the lobby list does not carry, asked one by one, each at most every
  // 15 s (the server limits requests per address)
  const asked = new Map<string, { entry: LobbyTable | "gone"; at: number }>();
  let yoursBefore: Set<string> | null = null;
  async function drawMine(tables: LobbyTable[]) {
    const held = heldSeats();
    const entries = new Map<string, LobbyTable | "gone">(tables.map((t) => [t.id, t]));
    const now = Date.now();
    for (const id of [...new Set(held.map((s) => s.table))].filter((id) => !entries.has(id)).slice(0, 20)) {
      const a = asked.get(id);
      if (a && now - a.at < 15000) continue;
      try {
        asked.set(id, { entry: await api.table(id), at: now });
      } catch (e) {
        if (e instanceof HttpError && e.status === 404) asked.set(id, { entry: "gone", at: now });
      }
    }
    for (const [id, a] of asked) if (!entries.has(id)) entries.set(id, a.entry);
    const mine = myTables(held, entries);
    const yours = new Set(mine.filter((t) => t.yourTurn).map((t) => t.table));
    for (const id of newTurns(yoursBefore, yours)) notifyTurn(`${gameTitle(games, mine.find((t) => t.table === id)?.game ?? "")} · Turf`, `turf-${id}`);
    yoursBefore = yours;
    setFavicon(yours.size > 0);
    const notify = canAskToNotify()
      ? h(
          "button",
          {
            type: "button",
            class: "small secondary notify",
            title: "A browser notification when one of these tables becomes your turn while you look at another tab",
            onclick: (() => void askToNotify().finally(() => void drawMine(tables))) as EventListener,
          },
          "Notify me",
        )
      : null;
    myBox.replaceChildren(
      ...(mine.length === 0
        ? []
        : [h("h2", null, "My tables ", notify), h("ul", { class: "table-list" }, ...mine.map((t) => myEntry(t, games, () => {
            forgetTable(t.table);
            void drawMine(tables);
          })))]),
    );
    const turns = mine.filter((t) => t.yourTurn).length;
    document.title = turns > 0 ? `● Your turn (${turns}) · Turf` : "Turf";
  }

  async function refresh() {
    let tables: LobbyTable[] = [];
    try {
      tables = await api.tables();
    } catch {
      return;
    }
    await drawMine(tables);
    const mine = new Map(remembered().map((r) => [r.created.id, r.created]));
    tablesBox.replaceChildren(
      h("h2", null, "Public tables"),
      h("p", { class: "muted small" }, "Tables made public, to watch or to replay. Your own are under My tables; a table that is not public is reached only by its links."),
      tables.length === 0 ? h("p", { class: "muted" }, "No public tables yet.") : "",
      h(
        "ul",
        { class: "table-list" },
        ...tables.map((t) => {
          const mineT = mine.get(t.id);
          const st = tableStatus(t);
          return h(
            "li",
            { class: `table-entry status-${st.badge}`, "data-table": t.id },
            h("strong", null, gameTitle(games, t.game)),
            " ",
            h("span", { class: `badge ${st.badge}` }, st.badge),
            " ",
            h("span", { class: "muted table-words" }, st.words),
            h(
              "div",
              { class: "seats-line" },
              t.seats.map((s) =>
                h(
                  "span",
                  { class: "seat-chip", "data-seat": s.seat },
                  markBadge(seatMark(s.seat), 16),
                  nameEl(defaultName(s.seat, s.name), s.seat),
                  s.kind === "bot" ? h("span", { class: "tag tag-bot" }, "bot") : null,
                  s.kind === "human" && !s.connected && t.status !== "over" ? h("span", { class: "tag tag-free" }, "free") : null,
                ),
              ),
            ),
            t.status === "over"
              ? h("a", { href: `#/replay/${t.id}`, class: "button small" }, "Replay")
              : h("a", { href: `#/table/${t.id}`, class: "button small" }, "Watch"),
            mineT
              ? mineT.seats
                  .filter((s) => s.token)
                  .map((s) => h("a", { href: `#/table/${t.id}/seat/${s.token}`, class: "button small" }, "Play as ", nameEl(defaultName(s.seat, s.name), s.seat)))
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
      h("div", { class: "lobby-grid" }, h("div", null, myBox, created, form, joinBox, recordBox), h("div", null, tablesBox, gameCards)),
    ),
  );
  await refresh();
  const timer = window.setInterval(() => void refresh(), 3000);
  return () => window.clearInterval(timer);
}

// One line of "my tables": the game, the turn in words ("your turn" marked), the seats, a link to
// play at each seat held, and Remove (forgets the table in this browser; the table goes on).
function myEntry(t: MyTable, games: GameEntry[], remove: () => void): HTMLElement {
  const e = t.entry !== null && t.entry !== "gone" ? t.entry : null;
  const words = turnWords(t);
  const names = (seat: number) => e?.seats.find((s) => s.seat === seat)?.name ?? "";
  return h(
    "li",
    { class: `table-entry my-table${t.yourTurn ? " your-turn" : ""}`, "data-table": t.table },
    h("strong", null, gameTitle(games, t.game)),
    " ",
    t.yourTurn ? h("span", { class: "badge your-turn" }, "your turn") : words ? h("span", { class: "muted table-words" }, words) : "",
    e && typeof e.deadline === "number" && e.status !== "over"
      ? h("span", { class: "muted time-left", "data-testid": "my-time-left" }, ` · ${timeLeftWords(e.deadline - Math.floor(Date.now() / 1000))}`)
      : null,
    e && paceWords(e.pace) ? h("div", { class: "muted small pace-line" }, paceWords(e.pace)) : null,
    e
      ? h(
          "div",
          { class: "seats-line" },
          e.seats.map((s) =>
            h("span", { class: "seat-chip", "data-seat": s.seat }, markBadge(seatMark(s.seat), 16), nameEl(defaultName(s.seat, s.name), s.seat), t.seats.some((m) => m.seat === s.seat) ? h("span", { class: "tag tag-you" }, "you") : null),
          ),
        )
      : null,
    t.seats.length > 1 && e && e.status !== "over" ? h("a", { href: `#/hotseat/${t.table}`, class: "button small" }, "Hot seat") : null,
    e?.status === "over" ? h("a", { href: `#/replay/${t.table}`, class: "button small" }, "Replay") : null,
    t.entry === "gone"
      ? null
      : t.seats.map((s) => h("a", { href: `#/table/${t.table}/seat/${s.token}`, class: "button small" }, e?.status === "over" ? "See as " : "Play as ", nameEl(defaultName(s.seat, names(s.seat)), s.seat))),
    h("button", { type: "button", class: "small secondary", title: "Take this table off this list (the table goes on)", onclick: remove as EventListener }, "Remove"),
  );
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
  const humans = c.seats.filter((s) => s.kind === "human" && s.token);
  box.replaceChildren(
    h("h2", null, `Your ${gameTitle(games, game)} table`),
    h("p", { class: "muted" }, humans.length > 1 ? "Sit at your seat, and hand each other player their own link: whoever holds a link plays that seat. Or play every seat on this device, passing it around." : "Sit at your seat; the bots are waiting."),
    humans.length > 1
      ? h(
          "button",
          {
            type: "button",
            class: "hotseat",
            onclick: (() => {
              // this browser holds every person's seat; the hot seat covers the table between turns
              for (const s of humans) holdSeat({ table: c.id, token: s.token!, seat: s.seat, game, at: Date.now() });
              location.hash = `#/hotseat/${c.id}`;
            }) as EventListener,
          },
          "Play all here (hot seat)",
        )
      : "",
    h(
      "ul",
      { class: "links" },
      ...c.seats.map((s) => {
        const who = h("span", { class: "seat-who" }, markBadge(seatMark(s.seat), 18), nameEl(defaultName(s.seat, s.name), s.seat));
        if (s.kind !== "human" || !s.token) return h("li", { "data-seat": s.seat }, who, h("span", { class: "tag tag-bot" }, "bot"));
        const link = tableLink(base, c.id, s.token);
        return h(
          "li",
          { "data-seat": s.seat },
          who,
          h("a", { class: `button small sit${s === humans[0] ? " primary" : ""}`, href: `#/table/${c.id}/seat/${s.token}` }, "Sit here"),
          h("input", { class: "link", readonly: true, value: link, "aria-label": `join link for ${s.name}` }),
          h("button", { type: "button", class: "small", onclick: copy(link) as EventListener }, "Copy"),
        );
      }),
      h(
        "li",
        null,
        h("span", { class: "seat-who" }, "Spectators"),
        h("a", { class: "button small", href: `#/table/${c.id}` }, "Watch"),
        h("input", { class: "link", readonly: true, value: tableLink(base, c.id), "aria-label": "spectate link" }),
      ),
    ),
  );
}

// A variant option is offered only where the server offers variants of the game (its choices
// beyond "base").
export function offeredOption(o: GameOption): boolean {
  if (o.name === "players") return false;
  return o.type !== "variant" || (o.choices?.length ?? 0) > 1;
}

function optionInput(o: GameOption): HTMLElement {
  if ((o.type === "choice" || o.type === "variant") && o.choices?.length)
    return h("select", { name: `opt-${o.name}` }, ...o.choices.map((c, i) => h("option", { value: c, selected: String(o.default) === c }, o.labels?.[i] ?? readable(c))));
  if (o.type === "integer") return h("input", { type: "number", name: `opt-${o.name}`, value: String(o.default ?? ""), min: o.min, max: o.max });
  return h("input", { type: "text", name: `opt-${o.name}`, value: String(o.default ?? "") });
}

// An option's help under its box: the first sentence, the rest behind "more" (a paragraph of
// seven lines is not read in a lobby).
function optionHelp(help: string): HTMLElement {
  const { first, more } = helpParts(help);
  if (!more) return h("small", { class: "muted option-help" }, first);
  return h("small", { class: "muted option-help" }, h("details", null, h("summary", null, first, h("span", { class: "more" }, " more")), h("span", null, more)));
}

function newTableForm(games: GameEntry[], onCreated: (c: CreatedTable, game: string) => void): HTMLElement {
  const gameSel = h("select", { name: "game", "aria-label": "game" }, ...games.map((g) => h("option", { value: g.id }, gameTitle(games, g.id))));
  const optionsBox = h("div", { class: "options" });
  const seatsBox = h("div", { class: "seats" });
  const msg = h("p", { class: "error", role: "alert" });
  let seatCount = 2;
  // Live or turn-based (docs/protocol.md "Turn-based tables"): the time a turn has, and what a
  // bot does when it runs out.
  const select = (name: string, label: string, choices: [string, string][], chosen = choices[0][0]) =>
    h("select", { name, "aria-label": label }, ...choices.map(([v, words]) => h("option", { value: v, selected: v === chosen }, words)));
  const paceSel = select("pace", "pace", [
    ["live", "Live: all play now"],
    ["turn", "Over days: a turn at a time"],
  ]);
  const hours = (n: number) => String(n * 3600);
  const turnSel = select(
    "turn_seconds",
    "time per turn",
    [
      [hours(1), "1 hour"],
      [hours(4), "4 hours"],
      [hours(12), "12 hours"],
      [hours(24), "1 day"],
      [hours(72), "3 days"],
      [hours(168), "7 days"],
      [hours(336), "14 days"],
    ],
    hours(24),
  );
  // A live table's clock: a time per move (docs/protocol.md "Clocks").
  const clockSel = select("move_seconds", "clock", [
    ["0", "No clock: the game waits"],
    ["30", "30 seconds a turn"],
    ["60", "1 minute a turn"],
    ["120", "2 minutes a turn"],
    ["300", "5 minutes a turn"],
    ["f:300:5", "5 minutes a game, +5 s a turn"],
    ["f:600:5", "10 minutes a game, +5 s a turn"],
    ["f:1800:10", "30 minutes a game, +10 s a turn"],
  ]);
  const clockBox = h("div", { class: "clock-options" }, h("label", { class: "option" }, h("span", null, "Clock"), clockSel));
  const timeoutSel = select("on_timeout", "when time runs out", [
    ["move", "a bot makes that turn for them"],
    ["bot", "a bot plays for them until they are back"],
  ]);
  const turnBox = h("div", { class: "turn-options", hidden: true }, h("label", { class: "option" }, h("span", null, "Time per turn"), turnSel));
  const timeoutBox = h(
    "div",
    { class: "timeout-options", hidden: true },
    h("label", { class: "option" }, h("span", null, "When a player's time runs out"), timeoutSel, h("small", { class: "muted option-help" }, "The game's normal bot steps in; the player's link still opens their seat.")),
  );
  const showPace = () => {
    turnBox.hidden = paceSel.value !== "turn";
    clockBox.hidden = paceSel.value === "turn";
    timeoutBox.hidden = paceSel.value !== "turn" && clockSel.value === "0";
  };
  paceSel.addEventListener("change", showPace);
  clockSel.addEventListener("change", showPace);
  // Listed in the lobby for anyone to watch (off: only its links reach it).
  const publicBox = h("input", { type: "checkbox", name: "public" }) as HTMLInputElement;

  function current(): GameEntry {
    return games.find((g) => g.id === gameSel.value) ?? games[0];
  }

  // The number of players is the number of seat rows (the "+ seat" and "− seat" buttons), never
  // an option box of its own.
  function drawOptions() {
    const g = current();
    const players = g.options.find((o) => o.name === "players");
    seatCount = Number(players?.default) || g.min_players;
    seatCount = Math.min(Math.max(seatCount, g.min_players), g.max_players);
    optionsBox.replaceChildren(
      ...g.options
        .filter(offeredOption)
        .map((o) => h("label", { class: "option" }, h("span", null, readable(o.name)), optionInput(o), o.help ? optionHelp(o.help) : null)),
    );
    drawSeats();
  }

  function drawSeats() {
    const g = current();
    const old = [...seatsBox.querySelectorAll<HTMLElement>(".seat-row")].map((r) => ({
      name: r.querySelector<HTMLInputElement>("input")!.value,
      kind: r.querySelector<HTMLSelectElement>("select")!.value,
      auto: r.dataset.auto === "true",
    }));
    const kinds = Array.from({ length: seatCount }, (_, i) => old[i]?.kind ?? (i === 0 ? "human" : "bot:normal"));
    const rows: HTMLElement[] = [];
    for (let i = 0; i < seatCount; i++) {
      const auto = old[i] ? old[i].auto : true;
      const name = auto ? defaultSeatName(kinds[i], i, kinds) : old[i].name;
      const input = h("input", { type: "text", name: `name-${i}`, value: name, maxlength: 24, "aria-label": `seat ${i + 1} name`, autocomplete: "off" });
      const sel = h(
        "select",
        { name: `kind-${i}`, "aria-label": `seat ${i + 1} player` },
        ...seatChoices(seatKinds(g), kinds[i]),
      );
      const row = h("div", { class: "seat-row", "data-seat": i, "data-auto": String(auto) }, markBadge(seatMark(i), 22), input, sel);
      // a name typed by hand stays; a default name follows the seat's kind
      input.addEventListener("input", () => (row.dataset.auto = "false"));
      sel.addEventListener("change", () => drawSeats());
      rows.push(row);
    }
    seatsBox.replaceChildren(
      ...rows,
      g.min_players !== g.max_players
        ? h(
            "div",
            { class: "seat-count" },
            h("button", { type: "button", class: "small", disabled: seatCount <= g.min_players, onclick: (() => { seatCount--; drawSeats(); }) as EventListener }, "− seat"),
            h("button", { type: "button", class: "small", disabled: seatCount >= g.max_players, onclick: (() => { seatCount++; drawSeats(); }) as EventListener }, "+ seat"),
            h("span", { class: "muted" }, `${seatCount} players (${g.min_players}–${g.max_players})`),
          )
        : h("p", { class: "muted seat-count" }, `${seatCount} players`),
    );
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
        const options: Record<string, unknown> = { players: seatCount };
        for (const o of g.options) {
          const el = optionsBox.querySelector<HTMLInputElement>(`[name="opt-${o.name}"]`);
          if (!el) continue;
          options[o.name] = el.type === "number" ? Number(el.value) : el.value;
        }
        const seats: NewSeat[] = [];
        const problems: string[] = [];
        for (let i = 0; i < seatCount; i++) {
          const name = seatsBox.querySelector<HTMLInputElement>(`[name="name-${i}"]`)!.value.trim() || defaultName(i, "");
          const kind = seatsBox.querySelector<HTMLSelectElement>(`[name="kind-${i}"]`)!.value;
          const bad = checkName(name, i);
          if (bad) problems.push(`Seat ${i + 1}: ${bad}`);
          seats.push(kind === "human" ? { kind: "human", name } : { kind: "bot", bot: kind.slice(4), name });
        }
        const lower = seats.map((s) => s.name.toLowerCase());
        lower.forEach((n, i) => {
          if (lower.indexOf(n) !== i) problems.push(`Seats ${lower.indexOf(n) + 1} and ${i + 1} have the same name.`);
        });
        if (problems.length) {
          msg.textContent = problems.join(" ");
          return;
        }
        try {
          const onTimeout = timeoutSel.value === "bot" ? "bot" : "move";
          const pace: NewPace | null =
            paceSel.value === "turn"
              ? { pace: "turn", turn_seconds: Number(turnSel.value), on_timeout: onTimeout }
              : clockSel.value.startsWith("f:")
                ? { pace: "live", clock: "fischer", budget_seconds: Number(clockSel.value.split(":")[1]), increment_seconds: Number(clockSel.value.split(":")[2]), on_timeout: onTimeout }
                : clockSel.value !== "0"
                  ? { pace: "live", clock: "move", move_seconds: Number(clockSel.value), on_timeout: onTimeout }
                  : null;
          onCreated(await api.create(g.id, options, seats, pace, publicBox.checked), g.id);
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
    h("label", { class: "option" }, h("span", null, "Pace"), paceSel),
    turnBox,
    clockBox,
    timeoutBox,
    h("label", { class: "option check" }, publicBox, h("span", null, "Public: list it in the lobby for anyone to watch")),
    msg,
    h("button", { type: "submit", class: "primary" }, "Create table"),
  );
  return form;
}
