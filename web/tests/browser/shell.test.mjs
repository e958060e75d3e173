// Browser tests of the shell every game shares: the lobby's words and form, names, dead ends,
// presence, the log's place on a laptop and the marks of six seats. Real server, real Chromium.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import {
  DESKTOP,
  PHONE,
  assertDomLacks,
  assertNoOverflow,
  isMyTurn,
  framesCaughtUp,
  createTable,
  hiddenStrings,
  moveOf,
  playOneDecision,
  recordFrames,
  rng,
  useShared,
  shot,
  turfBin,
  waitForTurn,
} from "./harness.mjs";

const env = useShared();

// The lobby's form, filled for a dungeon table of two people, Ann and Bea (the pace is the test's).
async function twoPlayerForm(page) {
  await page.goto(env.server.url);
  await page.waitForSelector("form.new-table select[name=game]");
  await page.selectOption("form.new-table select[name=game]", "dungeon");
  for (const [i, name] of ["Ann", "Bea"].entries()) {
    await page.fill(`[name="name-${i}"]`, name);
    await page.selectOption(`[name="kind-${i}"]`, "human");
  }
}

// Creates the table the form describes: its id and each seat's link.
async function createFromForm(page) {
  await page.click("form.new-table button[type=submit]");
  await page.waitForSelector(".created .links");
  const spectate = await page.locator('.created .links input[aria-label="spectate link"]').inputValue();
  const id = /#\/table\/([0-9a-f]+)/.exec(spectate)[1];
  const join = [];
  for (let i = 0; i < 2; i++) join.push(await page.locator(`.created .links li[data-seat="${i}"] input.link`).inputValue());
  return { id, join };
}

async function post(body) {
  const r = await fetch(new URL("api/tables", env.server.url), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
}

describe("the table shell and the lobby", { timeout: 300000 }, () => {
  it("the lobby speaks the player's language: readable options, seats as the player count, Sit here in view", async () => {
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(env.server.url);
    await page.waitForSelector("form.new-table select[name=game]");
    const catalogue = await (await fetch(new URL("api/games", env.server.url))).json();
    for (const game of ["dungeon", "yard", "turfwars", "cryhavoc"]) {
      await page.selectOption("form.new-table select[name=game]", game);
      // no "players" box: the seat rows are the player count
      assert.equal(await page.locator('[name="opt-players"]').count(), 0, game);
      const labels = await page.locator(".new-table .option > span").allInnerTexts();
      const choices = await page.locator(".new-table .option select option").allInnerTexts();
      // words, not keys: no "_", no "After-round-5"
      for (const w of [...labels, ...choices]) assert.doesNotMatch(w, /_|\w-\w/, `${game}: "${w}"`);
      // no option key or value id in a help text; each help at most three lines, the rest behind "more"
      const g = catalogue.find((x) => x.id === game);
      const ids = g.options.flatMap((o) => [o.name, ...(o.choices ?? [])]).filter((id) => /[_-]/.test(id));
      for (const help of await page.locator(".new-table .option-help").all()) {
        const text = await help.textContent();
        for (const id of ids) assert.ok(!text.includes(id), `${game}: the help "${text}" names "${id}"`);
        const lines = await help.evaluate((el) => {
          const shown = el.querySelector("summary") ?? el;
          return shown.getBoundingClientRect().height / parseFloat(getComputedStyle(shown).lineHeight);
        });
        assert.ok(lines <= 3.2, `${game}: a help of ${lines.toFixed(1)} lines: ${text}`);
      }
    }
    // yard's editions by their names
    await page.selectOption("form.new-table select[name=game]", "yard");
    assert.deepEqual(await page.locator('[name="opt-edition"] option').allInnerTexts(), ["1st edition", "2nd edition"]);
    // a long help: its first sentence, the rest one tap away
    await page.selectOption("form.new-table select[name=game]", "turfwars");
    const cost = page.locator(".option", { has: page.locator('[name="opt-cost"]') }).locator(".option-help details");
    assert.match(await cost.locator("summary").innerText(), /^What winning a Turf War costs the winner\.\s+more$/);
    assert.equal(await cost.locator("summary + span").isVisible(), false);
    await cost.locator("summary").click();
    assert.match(await cost.locator("summary + span").innerText(), /Winner takes all: nothing/);
    await shot(page, "lobby-help-more");
    // a two-player game has no seat buttons; Turf Wars grows to six seats, each with its mark
    await page.selectOption("form.new-table select[name=game]", "dungeon");
    assert.equal(await page.locator(".seat-count button").count(), 0);
    await page.selectOption("form.new-table select[name=game]", "turfwars");
    while (await page.locator(".seat-count button", { hasText: "+ seat" }).isEnabled()) await page.click(".seat-count button:has-text('+ seat')");
    assert.equal(await page.locator(".seat-row").count(), 6);
    const marks = await page.locator(".seat-row .seat-mark").evaluateAll((els) => els.map((e) => e.querySelector("path").getAttribute("fill") + e.textContent));
    assert.equal(new Set(marks).size, 6, `six distinct marks: ${marks}`);
    // bot seats get a bot's name, not "Player N"
    const botName = await page.locator('[name="name-1"]').inputValue();
    assert.match(botName, /bot/i);
    await shot(page, "lobby-turfwars-six-seats");

    // a name that passes for a tag is refused before it is sent
    await page.selectOption("form.new-table select[name=game]", "dungeon");
    await page.fill('[name="name-0"]', "Player 2 (bot)");
    await page.click("form.new-table button[type=submit]");
    assert.match(await page.locator(".new-table .error").innerText(), /brackets/);

    // after "Create table", "Sit here" is in view on a laptop
    await page.fill('[name="name-0"]', "Ann");
    await page.click("form.new-table button[type=submit]");
    await page.waitForSelector(".created .sit");
    const box = await page.locator(".created .sit").first().boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= DESKTOP.viewport.height, `Sit here at ${JSON.stringify(box)}`);
    await shot(page, "lobby-created", { docs: true });
    await ctx.close();
  });

  it("the server refuses names that impersonate or hide characters", async () => {
    for (const name of ["Player 2 (bot)", "Ann (you)", "Ann\u202Enoom", "A\u200Bnn", "Player 2", "{P2}"]) {
      const r = await post({ game: "dungeon", seats: [{ kind: "human", name }, { kind: "bot", bot: "easy" }] });
      assert.equal(r.status, 400, name);
      assert.ok(r.body.error.length > 10, r.body.error);
    }
    const ok = await post({ game: "dungeon", seats: [{ kind: "human", name: "Zoë" }, { kind: "bot", bot: "easy" }] });
    assert.equal(ok.status, 201);
    assert.deepEqual(ok.body.seats.map((s) => s.name), ["Zoë", "Bot 2"]);
  });

  it("a seat can be one of the operator's programs, chosen by name: it plays, and no command is shown", async () => {
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(env.server.url);
    await page.waitForSelector("form.new-table select[name=game]");
    const labels = await page.locator('[name="kind-1"] optgroup[label="Programs"] option').allInnerTexts();
    assert.deepEqual(labels, ["random-example"]);
    assert.doesNotMatch(await page.content(), /random_bot\.py|python3/);
    const { join } = await createTable(page, env.server.url, [
      { name: "Ann", kind: "human" },
      { name: "Rex", kind: "bot:ext:random-example" },
    ]);
    await page.goto(join[0]);
    await page.waitForSelector("#app[data-move]");
    // the program answers on its own: the table moves past the human's turns to the end or to
    // a few moves played by both
    for (let k = 0; k < 3 && !(await page.locator('#app[data-over="true"]').count()); k++) {
      if (await waitForTurn([page])) await playOneDecision(page, rng(k + 1));
    }
    assert.ok((await moveOf(page)) >= 3);
    assert.doesNotMatch(await page.locator(".log").innerText(), /plays for .* from now on/); // no takeover: the program played
    await ctx.close();
  });

  it("a table whose bot moved first waits for its players in the lobby", async () => {
    const r = await post({ game: "dungeon", public: true, seats: [{ kind: "bot", bot: "easy", name: "Rex" }, { kind: "human", name: "Ann" }] });
    assert.equal(r.status, 201);
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(env.server.url);
    const entry = page.locator(`.table-entry[data-table="${r.body.id}"]`);
    await entry.waitFor();
    // the bot plays its first turn at once; the table still says it waits for Ann
    await page.waitForFunction(async (id) => {
      const t = await (await fetch(`api/tables/${id}`)).json();
      return t.moves > 0;
    }, r.body.id);
    await page.reload();
    await entry.waitFor();
    const text = await entry.innerText();
    assert.match(text, /waiting/i);
    assert.match(text, /1 seat free/);
    assert.doesNotMatch(text, /playing/i);
    await ctx.close();
  });

  it("my tables: the seats this browser opened are listed in its lobby, your turn first, and nowhere else", async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await post({ game: "dungeon", public: i === 0, seats: [{ kind: "human", name: "Ann" }, { kind: "human", name: "Bea" }] })).body);
    const link = (t, s) => new URL(`#/table/${t.id}/seat/${t.seats[s].token}`, env.server.url).href;
    const ca = await env.browser.newContext(DESKTOP);
    const a = await ca.newPage();
    // Ann opens her seat at each table; at the second she plays until it is Bea's turn
    for (const [i, t] of made.entries()) {
      await a.goto(link(t, 0));
      await a.waitForSelector("#app[data-move]");
      if (i === 1) {
        const random = rng(3);
        while (await isMyTurn(a)) await playOneDecision(a, random);
      }
    }
    await a.goto(env.server.url);
    const mine = a.locator(".my-tables .my-table");
    await a.waitForFunction((n) => document.querySelectorAll(".my-tables .my-table").length === n, made.length);
    // what the server says of each table's turn, and what the list says
    const turn = {};
    for (const t of made) turn[t.id] = (await (await fetch(new URL(`api/tables/${t.id}`, env.server.url))).json()).to_move;
    assert.equal(turn[made[1].id], 1, "Ann played until it was Bea's turn");
    await a.waitForFunction(() => [...document.querySelectorAll(".my-tables .my-table")].every((e) => e.innerText.match(/your turn|to move/i)));
    const rows = await mine.evaluateAll((els) => els.map((e) => ({ id: e.dataset.table, text: e.innerText, yours: e.classList.contains("your-turn") })));
    for (const r of rows) {
      assert.equal(r.yours, turn[r.id] === 0, `${r.text}: your turn is the server's to_move`);
      if (!r.yours) assert.match(r.text, /Bea to move/);
      assert.match(r.text, /Play as/);
    }
    const firstOther = rows.findIndex((r) => !r.yours);
    assert.ok(firstOther === -1 || rows.slice(firstOther).every((r) => !r.yours), `your turn first: ${JSON.stringify(rows)}`);
    if (rows.some((r) => r.yours)) assert.match(await a.title(), /Your turn/);
    await shot(a, "lobby-my-tables", { docs: true });
    // another browser (another device) lists none of them, and its page holds no token
    const cb = await env.browser.newContext(PHONE);
    const b = await cb.newPage();
    await b.goto(env.server.url);
    await b.waitForSelector(`.table-entry[data-table="${made[0].id}"]`);
    assert.equal(await b.locator(".my-tables .my-table").count(), 0);
    // only the public table is listed to anyone: the others are reached by their links alone
    for (const t of made.slice(1)) assert.equal(await b.locator(`.table-entry[data-table="${t.id}"]`).count(), 0, "a private table is not listed");
    const html = await b.content();
    for (const t of made) for (const s of t.seats) assert.ok(!html.includes(s.token), "no seat token on another browser's page");
    // Bea opens her link there: that browser now holds the table, and only at Bea's seat
    await b.goto(link(made[1], 1));
    await b.waitForSelector("#app[data-move]");
    await b.goto(env.server.url);
    await b.waitForSelector(`.my-tables .my-table.your-turn[data-table="${made[1].id}"]`);
    assert.equal(await b.locator(".my-tables .my-table").count(), 1);
    assert.match(await b.locator(".my-tables .my-table").innerText(), /Play as\s+Bea/);
    await assertNoOverflow(b, "the lobby with my tables on a phone");
    await shot(b, "lobby-my-tables-phone");
    // Remove takes a table off this browser's list; the table goes on (Bea still holds it)
    await a.locator(`.my-table[data-table="${made[1].id}"] button:text-is("Remove")`).click();
    await a.waitForFunction((id) => !document.querySelector(`.my-table[data-table="${id}"]`), made[1].id);
    assert.ok(!(await a.evaluate(() => localStorage.getItem("turf.seats"))).includes(made[1].seats[0].token));
    assert.match((await (await fetch(new URL(`api/tables/${made[1].id}`, env.server.url))).json()).status, /^(waiting|playing)$/);
    await ca.close();
    await cb.close();
  });

  it("turn-based: a table made to wait a turn says the time left; when it runs out a bot plays the seat, the log says so, and the player's link takes it back", async () => {
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await twoPlayerForm(page);
    assert.equal(await page.locator(".turn-options").isVisible(), false, "a live table asks nothing of turns");
    await page.selectOption("form.new-table select[name=pace]", "turn");
    await page.selectOption("form.new-table select[name=turn_seconds]", "3600");
    await page.selectOption("form.new-table select[name=on_timeout]", "bot");
    const { id, join } = await createFromForm(page);
    const entry = async () => (await fetch(new URL(`api/tables/${id}`, env.server.url))).json();
    const made = await entry();
    assert.deepEqual(made.pace, { pace: "turn", turn_seconds: 3600, on_timeout: "bot", timeout_bot: "normal" });
    assert.equal(made.deadline, env.server.clockStart + 3600);
    const first = made.to_move;
    const other = 1 - first;
    const names = ["Ann", "Bea"];
    // the other player's page: whose turn, and how long they have
    await page.goto(join[other]);
    await page.waitForSelector("#app[data-move]");
    assert.match(await page.locator('[data-testid="time-left"]').innerText(), /(\d+ min|1 h) left/);
    assert.match(await page.locator(".turn").innerText(), new RegExp(`${names[first]}[\\s\\S]*to move`));
    // the time runs out (the server's clock moves an hour): a bot plays the first seat
    env.server.setClock(env.server.clockStart + 3600);
    await page.waitForFunction((who) => document.body.innerText.includes(`${who} ran out of time: the normal bot plays for ${who} until ${who} comes back.`), names[first]);
    await page.waitForSelector(`.name-tag[data-seat="${first}"] .tag-stand-in`);
    await page.waitForFunction(() => document.getElementById("app").dataset.mine === "true" || /Your turn/.test(document.querySelector(".turn")?.textContent ?? ""));
    assert.match(await page.locator('[data-testid="time-left"]').innerText(), /1 h left|\d+ min left/);
    assert.equal((await entry()).deadline, env.server.clockStart + 3600 + 3600, "the other's turn has an hour from when it began");
    await shot(page, "table-turn-based-timeout", { docs: true });
    // the first player's link gives the seat back: the tag goes on every page
    const back = await ctx.newPage();
    await back.goto(join[first]);
    await back.waitForSelector("#app[data-move]");
    await page.waitForFunction((s) => !document.querySelector(`.name-tag[data-seat="${s}"] .tag-stand-in`), first);
    assert.equal((await entry()).seats[first].stand_in, undefined);
    // the lobby's "my tables": the pace and the time left
    await page.goto(env.server.url);
    const mine = page.locator(`.my-tables .my-table[data-table="${id}"]`);
    await mine.waitFor();
    assert.match(await mine.innerText(), /turn-based, 1 h a turn/);
    assert.match(await mine.locator('[data-testid="my-time-left"]').innerText(), /left/);
    await ctx.close();
  });

  it("a clock: a live table with a time per turn shows the face of the seat to move counting down; when the server's time runs out a bot makes that turn and the log says so", async () => {
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await twoPlayerForm(page);
    assert.equal(await page.locator(".timeout-options").isVisible(), false, "no clock: nothing runs out");
    await page.selectOption("form.new-table select[name=move_seconds]", "30");
    assert.equal(await page.locator(".timeout-options").isVisible(), true);
    const { id, join } = await createFromForm(page);
    const made = await (await fetch(new URL(`api/tables/${id}`, env.server.url))).json();
    assert.deepEqual(made.pace, { pace: "live", clock: "move", move_seconds: 30, on_timeout: "move", timeout_bot: "normal" });
    // (the server's clock is where earlier tests left it: the deadline is 30 s past it)
    assert.equal(typeof made.deadline, "number");
    const first = made.to_move;
    const names = ["Ann", "Bea"];
    await page.goto(join[1 - first]);
    await page.waitForSelector("#app[data-move]");
    // the face on the name tag of the seat to move, from the server's 30 s, counting down
    const face = page.locator(`.turn .name-tag[data-seat="${first}"] [data-testid="clock-left"]`);
    await face.waitFor();
    const shown = await face.innerText();
    assert.match(shown, /^0:(30|2\d)$/);
    await page.waitForFunction((was) => {
      const now = document.querySelector('.turn [data-testid="clock-left"]')?.textContent ?? was;
      return now !== was && /^0:[0-2]\d$/.test(now);
    }, shown);
    await shot(page, "table-clock", { docs: true });
    // the server's time runs out: the normal bot makes that turn; the other's clock starts
    env.server.setClock(made.deadline);
    await page.waitForFunction((who) => document.body.innerText.includes(`${who} ran out of time: the normal bot moved for ${who}.`), names[first]);
    // a Fischer clock: every player's time left on their name tag, the seat to move's counting down
    const f = await post({ game: "dungeon", clock: "fischer", budget_seconds: 300, increment_seconds: 5, seats: [{ kind: "human", name: "Ann" }, { kind: "human", name: "Bea" }] });
    assert.equal(f.status, 201);
    await page.goto(new URL(`#/table/${f.body.id}/seat/${f.body.seats[0].token}`, env.server.url).href);
    await page.waitForSelector("#app[data-move]");
    await page.waitForFunction(() => document.querySelectorAll('.side [data-testid="clock-left"]').length === 2);
    assert.equal(await page.locator('.side [data-testid="clock-left"][data-running]').count(), 1);
    assert.match(await page.locator('.side [data-testid="clock-left"]:not([data-running])').innerText(), /^5:00$/);
    await shot(page, "table-fischer");
    // on a phone: the faces and the offer to replace the absent player fit the narrow header
    const phone = await env.browser.newContext(PHONE);
    const small = await phone.newPage();
    await small.goto(new URL(`#/table/${f.body.id}/seat/${f.body.seats[0].token}`, env.server.url).href);
    await small.waitForSelector('.replace-bar [data-testid="replace"]');
    await small.waitForSelector('[data-testid="clock-left"]');
    await shot(small, "table-fischer-phone");
    await phone.close();
    await ctx.close();
  });

  it("a player who is not at the table can be replaced by a bot at another player's request, and their link takes the seat back", async () => {
    const r = await post({ game: "dungeon", seats: [{ kind: "human", name: "Ann" }, { kind: "human", name: "Bea" }] });
    const link = (i) => new URL(`#/table/${r.body.id}/seat/${r.body.seats[i].token}`, env.server.url).href;
    const ctx = await env.browser.newContext(DESKTOP);
    const ann = await ctx.newPage();
    await ann.goto(link(0));
    await ann.waitForSelector("#app[data-move]");
    // Bea never came: Ann is offered to let a bot play for her
    const ask = ann.locator('.replace-bar [data-testid="replace"]');
    await ask.waitFor();
    assert.match(await ann.locator(".replace-bar").innerText(), /Bea[\s\S]*is not at the table\.[\s\S]*Let a bot play for them[\s\S]*until they open their link again/);
    await shot(ann, "table-replace");
    await ask.click();
    await ann.waitForSelector('.name-tag[data-seat="1"] .tag-stand-in');
    await ann.waitForSelector(".replace-bar", { state: "hidden" });
    assert.equal((await (await fetch(new URL(`api/tables/${r.body.id}`, env.server.url))).json()).seats[1].stand_in, "normal");
    // Bea's link: the seat is hers again, on every page
    const bea = await ctx.newPage();
    await bea.goto(link(1));
    await bea.waitForSelector("#app[data-move]");
    await ann.waitForFunction(() => !document.querySelector('.name-tag[data-seat="1"] .tag-stand-in'));
    assert.equal((await (await fetch(new URL(`api/tables/${r.body.id}`, env.server.url))).json()).seats[1].stand_in, undefined);
    await ctx.close();
  });

  it("being told: the tab's icon marks your turn, Notify me asks only on a click, a turn met in another tab is notified, the wait is said", async () => {
    const r = await post({ game: "dungeon", seats: [{ kind: "human", name: "Ann" }, { kind: "human", name: "Bea" }] });
    const link = (i) => new URL(`#/table/${r.body.id}/seat/${r.body.seats[i].token}`, env.server.url).href;
    const ca = await env.browser.newContext(DESKTOP);
    // What the page asks of the browser's notifications, and a tab the test can send to the
    // background (document.hidden) and a clock it can move on (Date.now), nothing else changed.
    await ca.addInitScript(() => {
      window.__asked = 0;
      window.__notes = [];
      window.__hidden = false;
      window.__skew = 0;
      Object.defineProperty(document, "hidden", { configurable: true, get: () => window.__hidden });
      const now = Date.now.bind(Date);
      Date.now = () => now() + window.__skew;
      const Real = window.Notification;
      window.Notification = class extends Real {
        constructor(title, options) {
          window.__notes.push({ title, body: options?.body, tag: options?.tag });
          super(title, options);
        }
        static get permission() {
          return Real.permission;
        }
        static requestPermission(...a) {
          window.__asked++;
          return Real.requestPermission(...a);
        }
      };
    });
    const a = await ca.newPage();
    const cb = await env.browser.newContext(DESKTOP);
    const b = await cb.newPage();
    await a.goto(link(0));
    await b.goto(link(1));
    await a.waitForSelector("#app[data-move]");
    await b.waitForSelector("#app[data-move]");
    const icon = async () => a.locator('link[rel="icon"]').getAttribute("data-turn");
    assert.equal(await icon(), String(await isMyTurn(a)), "the icon's mark is the turn");
    assert.equal(await a.evaluate(() => window.__asked), 0, "nothing is asked on load");
    await shot(a, "table-notify-me");
    await a.click("button.notify");
    await a.waitForFunction(() => window.__asked === 1);
    await ca.grantPermissions(["notifications"], { origin: new URL(env.server.url).origin });
    const random = rng(11);
    while (await isMyTurn(a)) await playOneDecision(a, random);
    await b.waitForSelector('.turn[data-mine="true"]');
    await a.waitForFunction(() => document.querySelector('link[rel="icon"]').dataset.turn === "false");
    // Bea has had the turn for a while: Ann's page says how long
    await a.evaluate(() => (window.__skew = 5 * 60 * 1000 + 5000));
    await a.waitForFunction(() => /for 5 min/.test(document.querySelector('[data-testid="turn-since"]')?.textContent ?? ""), null, { timeout: 15000 });
    await a.evaluate(() => (window.__skew = 0));
    // Ann looks at another tab; Bea plays; Ann's turn comes and is notified, once
    await a.evaluate(() => (window.__hidden = true));
    while (await isMyTurn(b)) await playOneDecision(b, random);
    await a.waitForSelector('.turn[data-mine="true"]');
    await a.waitForFunction(() => window.__notes.length === 1);
    const [note] = await a.evaluate(() => window.__notes);
    assert.equal(note.title, "Your turn");
    assert.match(note.body, /^Turf War: Dungeon · Turf$/);
    assert.equal(await icon(), "true");
    assert.match(await a.title(), /Your turn/);
    await ca.close();
    await cb.close();
  });

  it("a hot seat: two people on one phone, the table covered between turns, the last player's hand gone from the page", async () => {
    const ctx = await env.browser.newContext(PHONE);
    const page = await ctx.newPage();
    const frames = recordFrames(page);
    await createTable(page, env.server.url, [{ name: "Ann", kind: "human" }, { name: "Bea", kind: "human" }]);
    await page.click("button.hotseat");
    const cover = page.locator(".handover-overlay:not([hidden])");
    const random = rng(21);
    const met = [];
    let lastSeatView = null;
    let hiddenCount = 0;
    for (let turn = 0; turn < 6; turn++) {
      await cover.waitFor();
      const who = (await cover.locator("h2").innerText()).replace(/^Pass the device to\s*/, "").trim();
      met.push(who);
      // under the cover the page holds the public view: the last player's connection is closed
      await page.waitForFunction(() => document.getElementById("app").dataset.seat === "spectator" && document.getElementById("app").dataset.move);
      await framesCaughtUp(page, frames);
      if (lastSeatView) {
        const welcome = frames.findLastIndex((f) => f.type === "welcome");
        assert.equal(frames[welcome].seat, null);
        const secrets = hiddenStrings(frames.slice(welcome), lastSeatView);
        hiddenCount += secrets.length;
        await assertDomLacks(page, secrets, `under the cover before ${who}'s turn`);
      }
      assert.equal(await page.locator(".turn").evaluate((t) => t.closest("[hidden]") === null), true);
      if (turn === 1) await shot(page, "hotseat-cover-phone", { docs: true });
      await cover.locator("button.claim").click();
      await page.waitForFunction(() => !["spectator", undefined].includes(document.getElementById("app").dataset.seat) && document.getElementById("app").dataset.move);
      assert.equal(await cover.count(), 0);
      const seat = Number(await page.getAttribute("#app", "data-seat"));
      assert.equal(["Ann", "Bea"][seat], who, "the seat opened is the one the cover named");
      assert.ok(await isMyTurn(page), `${who}'s turn`);
      while ((await isMyTurn(page)) && (await page.getAttribute("#app", "data-seat")) === String(seat)) {
        await framesCaughtUp(page, frames);
        // what the seat holds (its legal moves are played, then public: left out)
        const { legal: _legal, ...held } = frames.findLast((f) => f.type === "state")?.view ?? {};
        lastSeatView = held;
        await playOneDecision(page, random);
      }
    }
    assert.ok(met.includes("Ann") && met.includes("Bea"), `both players had the device: ${met}`);
    assert.ok(hiddenCount > 0, "the last player's view held something the public view does not (a hand)");
    for (let i = 1; i < met.length; i++) assert.notEqual(met[i], met[i - 1], "the cover comes when the turn passes to the other player");
    // the table is in "my tables" with both seats, and a Hot seat link back to it
    await page.goto(env.server.url);
    await page.waitForSelector('.my-table a[href^="#/hotseat/"]');
    assert.match(await page.locator(".my-table").first().innerText(), /Play as\s+Ann[\s\S]*Play as\s+Bea/);
    await ctx.close();
  });

  it("a hot seat link on a device that holds no seat of the table says so", async () => {
    const r = await post({ game: "dungeon", seats: [{ kind: "human", name: "Ann" }, { kind: "human", name: "Bea" }] });
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(new URL(`#/hotseat/${r.body.id}`, env.server.url).href);
    await page.waitForSelector(".dead-end:not([hidden])");
    assert.match(await page.locator(".dead-end").innerText(), /holds no seat at this table/);
    await ctx.close();
  });

  it("rematch: a player asks on the end card, the watcher is told, both go to the new table, the player at her seat", async () => {
    const r = await post({ game: "dungeon", seats: [{ kind: "human", name: "Ann" }, { kind: "bot", bot: "easy", name: "Rex" }] });
    const ca = await env.browser.newContext(DESKTOP);
    const a = await ca.newPage();
    await a.goto(new URL(`#/table/${r.body.id}/seat/${r.body.seats[0].token}`, env.server.url).href);
    const cw = await env.browser.newContext(PHONE);
    const w = await cw.newPage();
    await w.goto(new URL(`#/table/${r.body.id}`, env.server.url).href);
    await a.waitForSelector("#app[data-move]");
    const random = rng(8);
    while ((await a.getAttribute("#app", "data-over")) !== "true") {
      if (await isMyTurn(a)) await playOneDecision(a, random);
      else await a.waitForFunction(() => document.querySelector('.turn[data-mine="true"]') || document.getElementById("app").dataset.over === "true");
    }
    await w.waitForSelector(".end-card");
    assert.equal(await w.locator(".end-card button.rematch").count(), 0, "a watcher cannot ask for a rematch");
    await a.locator(".end-card button.rematch").click();
    await a.waitForSelector('.end-card button.rematch:text-is("Play the rematch")');
    await w.waitForSelector('.end-card button.rematch:text-is("Watch the rematch")');
    await shot(w, "rematch-watcher-phone", { docs: true });
    await a.click(".end-card button.rematch");
    await a.waitForFunction((old) => /^#\/table\/[0-9a-f]{32}\/seat\//.test(location.hash) && !location.hash.includes(old), r.body.id);
    const next = /^#\/table\/([0-9a-f]{32})\/seat\/([0-9a-f]+)$/.exec(await a.evaluate(() => location.hash));
    assert.equal(next[2], r.body.seats[0].token, "Ann's own link token opens her seat at the rematch");
    await a.waitForSelector("#app[data-move]");
    assert.equal(await a.getAttribute("#app", "data-seat"), "0");
    assert.equal(await a.getAttribute("#app", "data-over"), "false");
    assert.match(await a.locator(".side, .table-page").first().innerText(), /Ann[\s\S]*Rex/);
    await w.click(".end-card button.rematch");
    await w.waitForFunction((id) => location.hash === `#/table/${id}`, next[1]);
    await w.waitForSelector("#app[data-move]");
    assert.equal(await w.getAttribute("#app", "data-seat"), "spectator");
    await ca.close();
    await cw.close();
  });

  it("replay: a finished game from the lobby, move by move with the buttons, the arrows and a link that keeps the move", async () => {
    const r = await post({ game: "dungeon", public: true, seats: [{ kind: "bot", bot: "random", name: "Rex" }, { kind: "bot", bot: "random", name: "Sue" }] });
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const frames = recordFrames(page);
    await page.goto(new URL(`#/table/${r.body.id}`, env.server.url).href);
    await page.waitForFunction(() => document.getElementById("app").dataset.over === "true", null, { timeout: 120000 });
    await framesCaughtUp(page, frames);
    // what the spectator saw live, move by move
    const live = new Map();
    for (const f of frames) if (f.type === "state") live.set(f.move, f.view);
    const total = Math.max(...live.keys());
    // the replay's answers, as the page got them
    const answers = [];
    const waiting = [];
    page.on("response", async (res) => {
      if (!/\/replay$/.test(new URL(res.url()).pathname)) return;
      answers.push(await res.json().catch(() => null));
      for (const wake of waiting.splice(0)) wake();
    });
    const answerFor = async (k) => {
      while (!answers.some((a) => a?.state?.move === k)) await new Promise((wake) => waiting.push(wake));
      return answers.findLast((a) => a?.state?.move === k);
    };
    await page.goto(env.server.url);
    await page.locator(`.table-entry[data-table="${r.body.id}"] a:text-is("Replay")`).click();
    await page.waitForSelector('[data-testid="replay-at"]');
    assert.equal(await page.locator('[data-testid="replay-at"]').innerText(), `move ${total} of ${total}`);
    await page.waitForSelector(".end-card");
    await page.click('.end-card button:text-is("Look at the board")');
    const at = async (k) => {
      await page.waitForFunction((m) => document.getElementById("app").dataset.move === String(m), k);
      assert.equal(await page.evaluate(() => location.hash), `#/replay/${r.body.id}?at=${k}`);
      assert.equal(await page.locator('[data-testid="replay-at"]').innerText(), `move ${k} of ${total}`);
      const got = await answerFor(k);
      if (live.has(k)) assert.deepEqual(got.state.view, live.get(k), `move ${k} is what the spectator saw`);
      assert.equal(got.welcome.seat, null);
    };
    await page.click('[data-testid="replay"] button[aria-label="the start"]');
    await at(0);
    await page.keyboard.press("ArrowRight");
    await at(1);
    await page.click('[data-testid="replay"] button[aria-label="one move on"]');
    await at(2);
    await page.keyboard.press("ArrowLeft");
    await at(1);
    // seen by the first seat: its hand, as it saw the move live (the game is over)
    await page.selectOption('[data-testid="replay"] select', "0");
    await page.waitForFunction(() => document.getElementById("app").dataset.seat === "0");
    assert.equal(await page.evaluate(() => location.hash), `#/replay/${r.body.id}?view=0&at=1`);
    const seen = answers.findLast((a) => a?.welcome?.seat === 0 && a.state.move === 1);
    assert.ok(seen, "the page asked for the first seat's view");
    assert.doesNotMatch(await page.locator(".turn").innerText(), /Your turn/);
    assert.notDeepEqual(seen.state.view, live.get(1), "a seat's view differs from the spectator's");
    await shot(page, "replay-desktop", { docs: true });
    // everything that was hidden (the game is over): asked for and drawn, and the link says so
    const before = answers.length;
    await page.selectOption('[data-testid="replay"] select', "all");
    await page.waitForFunction(() => location.hash.includes("view=all"));
    assert.equal(await page.evaluate(() => location.hash), `#/replay/${r.body.id}?view=all&at=1`);
    while (answers.length === before) await new Promise((wake) => waiting.push(wake));
    const all = answers.at(-1);
    assert.equal(all.welcome.seat, null);
    assert.notDeepEqual(all.state.view, live.get(1), "everything is more than the spectator saw");
    assert.notDeepEqual(all.state.view, seen.state.view, "and more than one seat saw");
    await page.selectOption('[data-testid="replay"] select', "");
    await page.waitForFunction(() => document.getElementById("app").dataset.seat === "spectator");
    // the link keeps the move: opened again (a new document), the same move
    await page.goto("about:blank");
    await page.goto(new URL(`#/replay/${r.body.id}?at=3`, env.server.url).href);
    await at(3);
    // a table still playing has no replay: the page says so
    const open = await post({ game: "dungeon", seats: [{ kind: "human", name: "Ann" }, { kind: "human", name: "Bea" }] });
    await page.goto(new URL(`#/replay/${open.body.id}`, env.server.url).href);
    await page.waitForSelector(".dead-end:not([hidden])");
    assert.match(await page.locator(".dead-end").innerText(), /no replay yet/);
    await ctx.close();
  });

  it("a record file of a terminal game opens as a replay from the lobby", async () => {
    const file = join(env.server.dir, "terminal-game.json");
    execFileSync(turfBin(), ["play", "dungeon", "--seats", "random,random", "--names", "Rex,Sue", "--seed", "18446744073709551557", "--record", file], { stdio: ["ignore", "ignore", "inherit"] });
    const record = JSON.parse(readFileSync(file, "utf8"));
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(env.server.url);
    await page.setInputFiles('input[aria-label="record file"]', file);
    await page.waitForFunction(() => location.hash.startsWith("#/replay/"));
    await page.waitForSelector('[data-testid="replay-at"]');
    const n = record.actions.length;
    assert.equal(await page.locator('[data-testid="replay-at"]').innerText(), `move ${n} of ${n}`);
    await page.waitForSelector(".end-card");
    assert.match(await page.locator(".end-card").innerText(), /Rex|Sue/);
    // a file that is not a record: said, and nothing made
    await page.goto(env.server.url);
    await page.setInputFiles('input[aria-label="record file"]', { name: "notes.json", mimeType: "application/json", buffer: Buffer.from('{"hello": 1}') });
    await page.waitForFunction(() => /cannot be replayed/.test(document.querySelector(".record .error")?.textContent ?? ""));
    await ctx.close();
  });

  it("a wrong or cut link ends on a card that says so, not on 'Connecting' forever", async () => {
    const r = await post({ game: "dungeon", seats: [{ kind: "human", name: "Ann" }, { kind: "bot", bot: "easy" }] });
    const ctx = await env.browser.newContext(PHONE);
    const page = await ctx.newPage();
    const cut = r.body.seats[0].token.slice(0, 20);
    for (const [hash, words] of [
      [`#/table/${r.body.id}/seat/${cut}`, /does not open a seat/],
      [`#/table/${"ab".repeat(16)}`, /no such table/i],
    ]) {
      await page.goto(new URL(hash, env.server.url).href);
      await page.waitForSelector(".dead-end:not([hidden])", { timeout: 10000 });
      assert.match(await page.locator(".dead-end").innerText(), words);
      // no table: no rules to read, nothing to take back
      assert.equal(await page.locator(".rules-toggle").isVisible(), false);
      assert.equal(await page.locator(".table-head .undo").isVisible(), false);
      assert.doesNotMatch(await page.locator(".turn").innerText(), /Connecting/);
      // it stays: no reconnect brings the spinner back
      await page.waitForTimeout(1500);
      assert.equal(await page.locator(".dead-end").isVisible(), true);
      await page.click(".dead-end a");
      await page.waitForSelector("form.new-table");
    }
    await shot(page, "dead-end-phone");
    await ctx.close();
  });

  it("a human opponent who left is shown as away, and back when they return", async () => {
    const r = await post({ game: "dungeon", seats: [{ kind: "human", name: "Ann" }, { kind: "human", name: "Bea" }] });
    const link = (i) => new URL(`#/table/${r.body.id}/seat/${r.body.seats[i].token}`, env.server.url).href;
    const ca = await env.browser.newContext(DESKTOP);
    const cb = await env.browser.newContext(DESKTOP);
    const a = await ca.newPage();
    const b = await cb.newPage();
    await a.goto(link(0));
    await b.goto(link(1));
    await a.waitForSelector("#app[data-move]");
    await b.waitForSelector("#app[data-move]");
    const beaAway = '.player[data-seat="1"] .tag-away';
    await a.waitForFunction((sel) => !document.querySelector(sel), beaAway, { timeout: 10000 });
    assert.equal(await a.locator('[data-testid="absence"]').count(), 0, "Bea is here: nothing to say");
    await cb.close();
    await a.waitForSelector(beaAway, { timeout: 15000 });
    // Ann plays her turn; then the game waits for Bea, and Ann's page says so, and what to do
    const random = rng(5);
    while (await isMyTurn(a)) await playOneDecision(a, random);
    const absence = a.locator('.prompt [data-testid="absence"]');
    await absence.waitFor({ timeout: 15000 });
    assert.match(await absence.innerText(), /^Bea left the table (less than a minute|\d+ min) ago; the game waits until they open their link again/);
    assert.match(await a.locator(".prompt").innerText(), /Waiting for Bea/);
    await shot(a, "opponent-away");
    const cb2 = await env.browser.newContext(DESKTOP);
    const b2 = await cb2.newPage();
    await b2.goto(link(1));
    await a.waitForFunction((sel) => !document.querySelector(sel), beaAway, { timeout: 15000 });
    await a.waitForFunction(() => !document.querySelector('[data-testid="absence"]'), null, { timeout: 15000 });
    await ca.close();
    await cb2.close();
  });

  it("on a laptop the newest log line stays in view, numbered by turn past a hundred digits", async () => {
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const t = await createTable(page, env.server.url, [
      { name: "Ann", kind: "human" },
      { name: "Rex", kind: "bot:easy" },
    ]);
    await page.goto(t.join[0]);
    await page.waitForSelector("#app[data-move]");
    const random = rng(31);
    for (let i = 0; i < 16; i++) {
      await waitForTurn([page]);
      await playOneDecision(page, random);
    }
    await waitForTurn([page]);
    // the newest line (a turn's entry may be taller than the log), once the log has scrolled
    const last = page.locator(".log .log-line").last();
    await page
      .waitForFunction(() => {
        const lines = document.querySelectorAll(".log .log-line");
        const b = lines[lines.length - 1]?.getBoundingClientRect();
        const l = document.querySelector(".log")?.getBoundingClientRect();
        return b && l && b.bottom <= l.bottom + 1 && b.top >= l.top - 1;
      })
      .catch(() => {}); // the assertions below say what was wrong
    const box = await last.boundingBox();
    const logBox = await page.locator(".log").boundingBox();
    assert.ok(box.y + box.height <= DESKTOP.viewport.height + 1, `newest log line at ${JSON.stringify(box)}`);
    assert.ok(box.y + box.height <= logBox.y + logBox.height + 1 && box.y >= logBox.y - 1, `inside the log's visible area: ${JSON.stringify(box)} in ${JSON.stringify(logBox)}`);
    // numbered by turn: entry i says "i."
    const ns = await page.locator(".log .log-entry").evaluateAll((els) => els.map((e) => [e.dataset.turn, e.querySelector(".log-n").textContent]));
    ns.forEach(([n, text], i) => assert.equal(text, `${i + 1}.`, `entry ${n}`));
    // each decision once: no bare "Name: label" line before a turn's sentence
    const lines = await page.locator(".log .log-line").allInnerTexts();
    assert.equal(lines.filter((l) => /^Ann: /.test(l)).length <= 2, true, lines.join("\n"));
    assert.ok((await moveOf(page)) > 10);
    await ctx.close();
  });

  it("six seats get six marks at a Turf Wars table of bots, in the log and the turn line", async () => {
    const r = await post({
      game: "turfwars",
      options: { players: 6 },
      seats: Array.from({ length: 6 }, (_, i) => ({ kind: "bot", bot: "easy", name: `Bot ${"ABCDEF"[i]}` })),
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(new URL(r.body.spectate, env.server.url).href);
    await page.waitForFunction(() => new Set([...document.querySelectorAll(".log .log-entry")].map((e) => e.dataset.seat)).size === 6, null, { timeout: 60000 });
    // (one evaluate: the log is redrawn as the bots play)
    const colours = await page.evaluate(() => {
      const by = new Map();
      for (const e of document.querySelectorAll(".log .log-entry")) by.set(e.dataset.seat, getComputedStyle(e).borderLeftColor);
      return [...by.values()];
    });
    assert.equal(new Set(colours).size, 6, `six log colours: ${colours}`);
    await shot(page, "turfwars-six-bots-log");
    await ctx.close();
  });

  it("on a 390 px phone nothing sticks out sideways, in the lobby and in every game; one Undo at most", async () => {
    // a table in the list, with names as long as they come
    await post({ game: "dungeon", seats: [{ kind: "human", name: "Maximilian Bear" }, { kind: "bot", bot: "normal", name: "Normal bot 2" }] });
    const ctx = await env.browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.goto(env.server.url);
    await page.waitForSelector("form.new-table select[name=game]");
    await page.waitForSelector(".table-entry");
    for (const game of ["dungeon", "yard", "turfwars", "cryhavoc"]) {
      await page.selectOption("form.new-table select[name=game]", game);
      await assertNoOverflow(page, `the lobby, ${game}`);
    }
    await shot(page, "lobby-phone-form");
    const games = await (await fetch(new URL("api/games", env.server.url))).json();
    for (const g of games) {
      // the longest names a seat may have, where they are most cramped
      const players = g.id === "turfwars" ? 4 : 2;
      const names = ["Maximilian Bear", "Normal bot 2", "Annabel Lee", "Bartholomew"].slice(0, players);
      const r = await post({ game: g.id, options: { players }, seats: names.map((name, i) => (i === 0 ? { kind: "human", name } : { kind: "bot", bot: "random", name })) });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const p = await ctx.newPage();
      await p.goto(new URL(`#/table/${r.body.id}/seat/${r.body.seats[0].token}`, env.server.url).href);
      await p.waitForSelector("#app[data-move]");
      const random = rng(11);
      for (let k = 0; k < 12; k++) {
        if (!(await waitForTurn([p], 30000))) break;
        await assertNoOverflow(p, `${g.id} at move ${await moveOf(p)}`);
        // one Undo on the page (the header's), never a second in the prompt
        assert.ok((await p.locator("button:visible", { hasText: /^Undo$/ }).count()) <= 1, `${g.id}: two Undo buttons`);
        const before = await moveOf(p);
        await p.evaluate(() => (document.querySelector(".fallback").open = true));
        const buttons = p.locator(".fallback-list button.legal");
        await buttons.nth(Math.floor(random() * (await buttons.count()))).evaluate((b) => b.click());
        await p.waitForFunction((m) => Number(document.getElementById("app").dataset.move) !== m, before);
      }
      await assertNoOverflow(p, `${g.id} later on`);
      await shot(p, `${g.id}-phone-overflow-check`);
      await p.close();
    }
    await ctx.close();
  });

  it("every game's board zooms in and fits again with the same tools (+, −, Fit)", async () => {
    // what is drawn in each board's pan/zoom layer, to measure
    const drawn = { dungeon: "g.tile", yard: ".y-pile", turfwars: ".tw-cell", cryhavoc: ".ch-region" };
    for (const [game, sel] of Object.entries(drawn)) {
      const r = await post({ game, options: { players: 2 }, seats: [{ kind: "human", name: "Ann" }, { kind: "bot", bot: "random", name: "Rex" }] });
      for (const view of [DESKTOP, PHONE]) {
        const ctx = await env.browser.newContext(view);
        const page = await ctx.newPage();
        await page.goto(new URL(`#/table/${r.body.id}/seat/${r.body.seats[0].token}`, env.server.url).href);
        const map = page.locator('[data-testid="map"]');
        await page.waitForSelector("#app[data-move]");
        // the dungeon starts with no tile: play until one is on the board
        for (let k = 0; k < 8 && (await map.locator(sel).count()) === 0; k++)
          if (await waitForTurn([page], 20000)) await playOneDecision(page, rng(k));
        await map.locator(sel).first().waitFor();
        // a quiet board: this seat to move (a bot's move redraws it)
        await waitForTurn([page], 30000);
        const tools = map.locator(".zoom-tools");
        assert.deepEqual(await tools.locator("button").allInnerTexts().then((t) => t.slice(-3)), ["+", "−", "Fit"], game);
        const width = async () => {
          for (let tries = 0; tries < 100; tries++) {
            const box = await map.locator(sel).first().boundingBox(); // null while it is redrawn
            if (box) return box.width;
          }
          throw new Error(`${game}: ${sel} is never on the board`);
        };
        const fitted = await width();
        const tap = (b) => (view === PHONE ? tools.locator(b).tap() : tools.locator(b).click());
        await tap(".zoom-in");
        await tap(".zoom-in");
        assert.ok((await width()) > fitted * 1.5, `${game}: + zooms in (${fitted} -> ${await width()})`);
        await tap(".zoom-out");
        assert.ok((await width()) < fitted * 1.5, `${game}: − zooms out`);
        await tap(".fit");
        assert.ok(Math.abs((await width()) - fitted) < 1, `${game}: Fit shows it as at first`);
        await ctx.close();
      }
    }
  });

  it("E2 in every game, a seat's page never holds what only the other seat's view holds", async () => {
    const games = await (await fetch(new URL("api/games", env.server.url))).json();
    for (const g of games) {
      const r = await post({ game: g.id, options: { players: 2 }, seats: [{ kind: "human", name: "Ann" }, { kind: "human", name: "Bea" }] });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const ctxs = [await env.browser.newContext(DESKTOP), await env.browser.newContext(PHONE)];
      const pages = await Promise.all(ctxs.map((c) => c.newPage()));
      const frames = pages.map(recordFrames);
      await Promise.all(pages.map((p, i) => p.goto(new URL(`#/table/${r.body.id}/seat/${r.body.seats[i].token}`, env.server.url).href)));
      await Promise.all(pages.map((p) => p.waitForSelector("#app[data-move]")));
      // every game in the catalogue has its own drawing at the table
      for (const p of pages) assert.equal(await p.getByText("not drawn in the browser yet").count(), 0, `${g.id} has no drawing`);
      const catalogue = await (await fetch(new URL(`api/games/${g.id}/cards`, env.server.url))).json();
      const random = rng(40);
      let hidden = 0;
      for (let k = 0; k < 24; k++) {
        const p = await waitForTurn(pages, 20000);
        if (!p) break;
        const before = await moveOf(p);
        // every engine action is reachable from the text list, drawn game or not
        await p.evaluate(() => (document.querySelector(".fallback").open = true));
        const buttons = p.locator(".fallback-list button.legal");
        await buttons.nth(Math.floor(random() * (await buttons.count()))).click();
        await p.waitForFunction((m) => Number(document.getElementById("app").dataset.move) > m, before);
        if (k % 6 === 5) {
          const m = await moveOf(p); // the page that acted is the one that knows the newest move
          await Promise.all(pages.map((q) => q.waitForFunction((mm) => Number(document.getElementById("app").dataset.move) === mm, m)));
          for (const i of [0, 1]) await framesCaughtUp(pages[i], frames[i]);
          for (const me of [0, 1]) {
            const states = frames[me].filter((f) => f.type === "state");
            const theirs = frames[1 - me].filter((f) => f.type === "state").at(-1).view;
            // what every page may show: the card catalogue and the game's short rules
            const open = { cards: catalogue, rules: await pages[me].locator(".rules-panel").textContent() };
            const secrets = hiddenStrings([...states, open], theirs);
            hidden += secrets.length;
            await assertDomLacks(pages[me], secrets, `${g.id} seat ${me}`);
          }
        }
      }
      if (g.id !== "dungeon") assert.ok(hidden > 0, `${g.id}: the other seat's view held something hidden (the check is not empty)`);
      for (const c of ctxs) await c.close();
    }
  });
});
