// Where a table's frames come from. The shell (table.ts) reads a table only through a
// `TableSource`: the live WebSocket connection to `turf serve` (LiveSource), or several people
// at one device (HotSeatSource, over LiveSources); a replay of a finished game can plug in later
// as another source, without touching the shell's drawing or any game's drawing.
import { api, HttpError, type ReplayView } from "./api";
import { h } from "./dom";
import { Connection } from "./connection";
import { holdSeat, type HeldSeat } from "./mytables";
import type { Presence } from "./names";
import type { ServerFrame, StateFrame, WelcomeFrame } from "./protocol";

// connecting: no answer yet · open: frames flow · closed: lost, trying again ·
// failed: the source gave up for good (the link is wrong: no such table, or not this table's seat).
export type SourceStatus = "connecting" | "open" | "closed" | "failed";

export interface SourceEvents {
  // Protocol frames (docs/protocol.md): a welcome first after every (re)connect, then states.
  frame(f: ServerFrame): void;
  status(s: SourceStatus): void;
  // Who is at each seat now (by seat), where the source can tell; bots count as present. Sent
  // when it changes (an away time, once a minute).
  presence(seats: Presence[]): void;
  // When the table last changed (an action or undo; ms since 1970), where the source can tell:
  // the shell says how long the seat to move has had. Sent when it changes, and once a minute.
  changed?(at: number | null): void;
  // A hot seat (HotSeatSource): the device passes to this seat's player; the shell covers the
  // table until that player says it is them (`claim`). null: the cover goes.
  handover?(seat: number | null): void;
}

export interface TableSource {
  // Starts delivering events; call once.
  start(on: SourceEvents): void;
  // Asks for a legal action; `move` is the move number the page showed. False: not sent (the
  // source is not open), nothing will answer.
  act(action: number, move: number): boolean;
  // Asks to take back this seat's undoable actions. False: not sent.
  undo(): boolean;
  // Stops every connection, timer and request; no event comes after it.
  close(): void;
  // A hot seat: the player the cover asked for is at the device.
  claim?(): void;
  // Asks for a rematch of the finished table (a seat only). False: not sent.
  rematch?(): boolean;
  // Asks a bot to play another seat whose player left the table, until their link comes back
  // (a seat only; docs/protocol.md "Clocks"). False: not sent.
  replace?(seat: number): boolean;
  // Goes to the rematch `table` as this source's viewer: the same seat(s), or watching.
  openRematch?(table: string): void;
  // A source with controls of its own (a replay's moves): the shell shows them under its header.
  controls?(): HTMLElement;
  // A key the shell does not use (a replay steps with the arrows); true when it was used.
  key?(k: string): boolean;
}

// Error codes after which the same hello cannot succeed: a wrong or cut link, or a stored table
// this server cannot load until it restarts (reconnecting would only ask again).
const FATAL = new Set(["bad_token", "no_table", "unavailable"]);

// The live table: one WebSocket (Connection: hello on every reconnect, back-off, keep-alive),
// plus the lobby entry of the table every few seconds for who is connected and since when a seat
// is away (the protocol has no presence frame; the lobby entry is public anyway).
export class LiveSource implements TableSource {
  private conn: Connection | null = null;
  private timer = 0;
  private closed = false;
  private welcomed = false;
  private lastPresence = "";
  private lastChanged = "";

  constructor(
    private readonly table: string,
    private readonly token: string | null,
    private readonly presenceEveryMs = 4000,
  ) {}

  start(on: SourceEvents): void {
    this.conn = new Connection(
      this.token ? { type: "hello", table: this.table, token: this.token } : { type: "hello", table: this.table },
      (f) => {
        if (this.closed) return;
        if (f.type === "welcome") {
          this.welcomed = true;
          // a seat's link opened here: the table joins "my tables" (the token stays in this browser)
          if (this.token && f.seat !== null) holdSeat({ table: this.table, token: this.token, seat: f.seat, game: f.game, at: Date.now() });
        }
        on.frame(f);
        // a refused hello ends the source: reconnecting with the same link cannot help
        if (f.type === "error" && !this.welcomed && FATAL.has(f.code)) {
          this.stop();
          on.status("failed");
        }
      },
      (st) => {
        if (!this.closed) on.status(st);
      },
    );
    const poll = async () => {
      try {
        const t = await api.table(this.table);
        if (this.closed) return;
        const seats = t.seats.map((s): Presence => {
          const connected = s.kind === "bot" || Boolean(s.connected);
          return { connected, awaySeconds: !connected && typeof s.away_s === "number" ? s.away_s : null };
        });
        const key = seats.map((p) => `${p.connected}:${p.awaySeconds === null ? "" : Math.floor(p.awaySeconds / 60)}`).join();
        if (key !== this.lastPresence) {
          this.lastPresence = key;
          on.presence(seats);
        }
        const at = Date.parse(t.updated ?? "");
        const changed = `${t.updated}:${Math.floor((Date.now() - at) / 60000)}`;
        if (changed !== this.lastChanged) {
          this.lastChanged = changed;
          on.changed?.(Number.isNaN(at) ? null : at);
        }
      } catch {
        // the socket's own status tells the player about a lost server
      }
    };
    void poll();
    this.timer = window.setInterval(() => void poll(), this.presenceEveryMs);
  }

  act(action: number, move: number): boolean {
    return this.conn?.send({ type: "act", action, move }) ?? false;
  }

  undo(): boolean {
    return this.conn?.send({ type: "undo" }) ?? false;
  }

  rematch(): boolean {
    return this.token !== null && (this.conn?.send({ type: "rematch" }) ?? false);
  }

  replace(seat: number): boolean {
    return this.token !== null && (this.conn?.send({ type: "replace", seat }) ?? false);
  }

  // A seat's token opens its seat at the rematch too (docs/protocol.md, "rematch").
  openRematch(table: string): void {
    location.hash = this.token ? `#/table/${table}/seat/${this.token}` : `#/table/${table}`;
  }

  private stop() {
    this.closed = true;
    window.clearInterval(this.timer);
    this.conn?.close();
    this.conn = null;
  }

  close(): void {
    this.stop();
  }
}

// A hot seat: several people at one device, each with a seat this browser holds (my tables).
// The page shows one held seat's view at a time. When the turn passes to another held seat, the
// source first goes back to the public view (a spectator's connection: nothing of the last
// player's hand stays in the page) and tells the shell to cover the table ("Pass the device to
// Bea"); only `claim()` ("I am Bea") opens Bea's seat. A turn that passes to a bot or to a player
// elsewhere changes nothing: the last player keeps watching.
export class HotSeatSource implements TableSource {
  private live: LiveSource | null = null;
  private on: SourceEvents | null = null;
  private seat: number | null = null; // whose view is shown (null: the public view)
  private waiting: number | null = null; // the held seat the cover asks for
  private closed = false;

  constructor(
    private readonly table: string,
    private readonly held: HeldSeat[],
  ) {}

  start(on: SourceEvents): void {
    this.on = on;
    if (this.held.length === 0) {
      on.frame({ type: "error", code: "no_seats_here", message: "this device holds no seat of this table" });
      on.status("failed");
      return;
    }
    this.connect(null);
  }

  private connect(seat: number | null) {
    this.live?.close();
    this.seat = seat;
    const token = seat === null ? null : (this.held.find((s) => s.seat === seat)?.token ?? null);
    const live = new LiveSource(this.table, token);
    this.live = live;
    const on = this.on!;
    const current = () => !this.closed && live === this.live;
    live.start({
      frame: (f) => {
        if (!current()) return;
        on.frame(f);
        if (f.type === "state") this.turnPassed(f.over, f.to_move);
      },
      status: (st) => {
        if (current()) on.status(st);
      },
      presence: (p) => {
        if (current()) on.presence(p);
      },
      changed: (at) => {
        if (current()) on.changed?.(at);
      },
    });
  }

  private turnPassed(over: boolean, toMove: number | null) {
    if (over || toMove === null || toMove === this.seat || !this.held.some((s) => s.seat === toMove)) return;
    if (this.waiting === toMove) return;
    this.waiting = toMove;
    if (this.seat !== null) this.connect(null);
    this.on?.handover?.(toMove);
  }

  claim(): void {
    if (this.waiting === null || this.closed) return;
    const seat = this.waiting;
    this.waiting = null;
    this.on?.handover?.(null);
    this.connect(seat);
  }

  act(action: number, move: number): boolean {
    return this.waiting === null && this.seat !== null && (this.live?.act(action, move) ?? false);
  }

  undo(): boolean {
    return this.waiting === null && this.seat !== null && (this.live?.undo() ?? false);
  }

  rematch(): boolean {
    return this.seat !== null && (this.live?.rematch() ?? false);
  }

  // Every seat held here plays the rematch here too: the same tokens open the same seats.
  openRematch(table: string): void {
    for (const s of this.held) holdSeat({ ...s, table, at: Date.now() });
    location.hash = `#/hotseat/${table}`;
  }

  close(): void {
    this.closed = true;
    this.live?.close();
    this.live = null;
  }
}

// A finished table's replay (GET /api/tables/ID/replay?at=K): the frames a spectator got live at
// move K. Its own controls (first, back, forward, last, a slider) step through the moves; the link
// follows the move shown (#/replay/ID?at=K), so that it can be shared.
export class ReplaySource implements TableSource {
  private on: SourceEvents | null = null;
  private moves = 0;
  private at: number;
  private asked = 0; // the latest request: an older answer is dropped
  private closed = false;
  private readonly bar = h("div", { class: "replay-bar", "data-testid": "replay" });
  private names: string[] = [];

  constructor(
    private readonly table: string,
    at: number | null,
    private view: ReplayView = null, // a seat (its hand shown), "all" (every hand), or null: the spectator
  ) {
    this.at = at ?? -1;
  }

  start(on: SourceEvents): void {
    this.on = on;
    void this.show(this.at);
  }

  controls(): HTMLElement {
    return this.bar;
  }

  private async show(at: number) {
    const n = ++this.asked;
    let r: { welcome: WelcomeFrame; state: StateFrame; moves: number };
    try {
      r = await api.replay(this.table, at < 0 ? null : at, this.view);
    } catch (e) {
      if (this.closed || n !== this.asked) return;
      const code = e instanceof HttpError && e.status === 404 ? "no_table" : "no_replay";
      this.on?.frame({ type: "error", code, message: (e as Error).message });
      this.on?.status("failed");
      return;
    }
    if (this.closed || n !== this.asked) return;
    this.moves = r.moves;
    this.at = r.state.move;
    this.names = r.welcome.seats.map((s) => s.name);
    this.on?.frame(r.welcome);
    this.on?.frame(r.state);
    this.on?.status("open");
    history.replaceState(null, "", `#/replay/${this.table}?${this.view === null ? "" : `view=${this.view}&`}at=${this.at}`);
    this.drawBar();
  }

  private drawBar() {
    const go = (k: number) => () => void this.show(Math.max(0, Math.min(this.moves, k)));
    const slider = h("input", { type: "range", min: 0, max: this.moves, value: this.at, "aria-label": "move" }) as HTMLInputElement;
    slider.addEventListener("change", () => void this.show(Number(slider.value)));
    const btn = (label: string, title: string, k: number, off: boolean) =>
      h("button", { type: "button", class: "small", title, "aria-label": title, disabled: off, onclick: go(k) as EventListener }, label);
    // whose eyes: the spectator's, or a seat's (its hand; the game is over, so it is no secret)
    const eyes = h(
      "select",
      { "aria-label": "seen by", title: "Whose view: a seat's shows its hand; Everything shows all that was hidden" },
      h("option", { value: "", selected: this.view === null }, "Spectator"),
      ...this.names.map((n, i) => h("option", { value: String(i), selected: this.view === i }, n || `Player ${i + 1}`)),
      h("option", { value: "all", selected: this.view === "all" }, "Everything"),
    ) as HTMLSelectElement;
    eyes.addEventListener("change", () => {
      this.view = eyes.value === "" ? null : eyes.value === "all" ? "all" : Number(eyes.value);
      void this.show(this.at);
    });
    this.bar.replaceChildren(
      eyes,
      btn("Start", "the start", 0, this.at === 0),
      btn("◀", "one move back", this.at - 1, this.at === 0),
      slider,
      btn("▶", "one move on", this.at + 1, this.at === this.moves),
      btn("End", "the end", this.moves, this.at === this.moves),
      h("span", { class: "replay-at", "data-testid": "replay-at" }, `move ${this.at} of ${this.moves}`),
    );
  }

  // Arrow keys step too (the shell passes keys it does not use).
  key(k: string): boolean {
    if (k === "ArrowLeft" && this.at > 0) void this.show(this.at - 1);
    else if (k === "ArrowRight" && this.at < this.moves) void this.show(this.at + 1);
    else return false;
    return true;
  }

  act(): boolean {
    return false;
  }

  undo(): boolean {
    return false;
  }

  close(): void {
    this.closed = true;
  }
}
