// Browser tests: Debian's Chromium (playwright-core) against a real `turf serve` on loopback.
// Run: TURF_BIN=/path/to/turf npm run test:browser (after `npm run build`).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  DESKTOP,
  PHONE,
  assertDomLacks,
  framesCaughtUp,
  boardSummary,
  createTable,
  hiddenStrings,
  isMyTurn,
  isOver,
  moveOf,
  recordFrames,
  playOneDecision,
  rng,
  useShared,
  shot,
  startServer,
  waitForTurn,
  waitMine,
} from "./harness.mjs";

const env = useShared();

// What one seat's page shows of the hidden cards: its own hand and monster card only, never the
// other seat's (the DOM, not only the frames), and no string that only the other seat's view held.
async function assertOwnCardsOnly(page, frames, otherView, me) {
  const states = frames.filter((f) => f.type === "state");
  const view = states[states.length - 1].view;
  const shown = await page.evaluate(() => ({
    hand: [...document.querySelectorAll(".hand-tile")].map((b) => b.dataset.shape),
    card: [...document.querySelectorAll(".monster-card[data-monster]")].map((c) => c.dataset.monster),
    hands: document.querySelectorAll(".hand").length,
  }));
  assert.deepEqual(shown.hand, view.seats[me].hand ?? [], "the hand shown is the seat's own");
  assert.deepEqual(shown.card, view.seats[me].monster ? [view.seats[me].monster] : []);
  assert.ok(shown.hands <= 1, "one hand on the page");
  await assertDomLacks(page, hiddenStrings(states, otherView), `seat ${me}`);
}

// Plays decisions on whichever page has the turn until the game is over or `limit` decisions.
async function play(pages, random, { limit = 1000, touch = new Set(), undoChance = 0, onDecision } = {}) {
  let n = 0;
  const seen = new Set();
  while (n < limit) {
    const p = await waitForTurn(pages, 60000);
    if (!p) break;
    const did = await playOneDecision(p, random, { touch: touch.has(p), undoChance });
    seen.add(did.split(" ")[0]);
    n++;
    if (onDecision) await onDecision(n, p, did);
  }
  return { decisions: n, seen };
}

async function endWords(page) {
  await page.waitForSelector(".end-overlay:not([hidden]) .end-card", { timeout: 30000 });
  return page.locator(".end-card").innerText();
}

// One server for the file; a hang fails the suite after 10 minutes instead of blocking CI.
describe("dungeon in the browser", { timeout: 600000 }, () => {
  it("lobby: the four games with a paragraph each, a new table, join links, the open tables", async () => {
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(env.server.url);
    const cards = page.locator(".game-card");
    await cards.first().waitFor();
    const ids = await cards.evaluateAll((els) => els.map((e) => e.dataset.game).sort());
    assert.deepEqual(ids, ["cryhavoc", "dungeon", "turfwars", "yard"]);
    for (const text of await cards.locator("p").first().allInnerTexts()) assert.ok(text.length > 60, text);
    const t = await createTable(page, env.server.url, [
      { name: "Ann", kind: "human" },
      { name: "Bot Bob", kind: "bot:normal" },
    ]);
    assert.ok(t.join[0].includes(`#/table/${t.table}/seat/`), t.join[0]);
    assert.equal(t.join[1], undefined, "a bot seat has no join link");
    await page.waitForSelector(`.table-entry[data-table="${t.table}"]`);
    const entry = await page.locator(`.table-entry[data-table="${t.table}"]`).innerText();
    assert.match(entry, /Ann/);
    assert.match(entry, /Bot Bob/);
    assert.doesNotMatch(entry, /\(bot\)/, "bot-ness is a tag beside the name, not words in it");
    assert.equal(await page.locator(`.table-entry[data-table="${t.table}"] .seat-chip[data-seat="1"] .tag-bot`).count(), 1);
    await shot(page, "lobby-desktop");
    const phone = await env.browser.newContext(PHONE);
    const pp = await phone.newPage();
    await pp.goto(env.server.url);
    await pp.waitForSelector(`.table-entry[data-table="${t.table}"]`);
    await shot(pp, "lobby-phone");
    // the join link seats Ann
    await page.goto(t.join[0]);
    await page.waitForSelector('#app[data-seat="0"][data-move]');
    assert.match(await page.locator(".player.you").innerText(), /Ann/);
    await ctx.close();
    await phone.close();
  });

  it("D7_1 two humans play a whole game by clicking, one on a desktop and one on a phone", async () => {
    const setup = await env.browser.newContext(DESKTOP);
    const sp = await setup.newPage();
    const t = await createTable(sp, env.server.url, [
      { name: "Ann", kind: "human" },
      { name: "Bea", kind: "human" },
    ]);
    await setup.close();
    const ca = await env.browser.newContext(DESKTOP);
    const cb = await env.browser.newContext(PHONE);
    const a = await ca.newPage();
    const b = await cb.newPage();
    // every frame each seat receives, for the E2 check at the end
    const frames = [[], []];
    [a, b].forEach((p, i) => p.on("websocket", (ws) => ws.on("framereceived", (f) => frames[i].push(JSON.parse(String(f.payload))))));
    await a.goto(t.join[0]);
    await b.goto(t.join[1]);
    await a.waitForSelector("#app[data-move]");
    await b.waitForSelector("#app[data-move]");
    const random = rng(17);
    let shotTaken = false;
    const { decisions, seen } = await play([a, b], random, {
      touch: new Set([b]),
      undoChance: 0.05,
      onDecision: async (n, p) => {
        // both pages agree on the board after every decision
        await a.waitForFunction((m) => Number(document.getElementById("app").dataset.move) === m, await moveOf(p));
        await b.waitForFunction((m) => Number(document.getElementById("app").dataset.move) === m, await moveOf(p));
        const [sa, sb] = [await boardSummary(a), await boardSummary(b)];
        assert.deepEqual(sa.tiles, sb.tiles);
        assert.deepEqual(sa.monsters, sb.monsters);
        assert.deepEqual(sa.scores, sb.scores);
        // the scoring lines the page draws add up to the engine's scores (D6 restated in model.ts)
        assert.deepEqual(sa.totals, sa.scores, `breakdown ${sa.totals} vs scores ${sa.scores}`);
        if (n % 7 === 0) {
          await framesCaughtUp(a, frames[0]);
          await framesCaughtUp(b, frames[1]);
          const lastB = frames[1].filter((f) => f.type === "state").at(-1).view;
          const lastA = frames[0].filter((f) => f.type === "state").at(-1).view;
          await assertOwnCardsOnly(a, frames[0], lastB, 0);
          await assertOwnCardsOnly(b, frames[1], lastA, 1);
        }
        if (!shotTaken && n > 40 && (await a.locator("g.monster.top").count()) >= 3 && (await a.locator("g.tile.last-move").count()) > 0) {
          shotTaken = true;
          await shot(a, "dungeon-desktop", { docs: true });
          await shot(b, "dungeon-phone", { docs: true });
        }
        // a rotation preview, on camera once
        if ((await a.locator("g.preview").count()) > 0 && !(await a.evaluate(() => window.__previewShot))) {
          await a.evaluate(() => (window.__previewShot = true));
          await shot(a, "dungeon-desktop-rotation-preview");
        }
      },
    });
    assert.ok(decisions >= 28, `a whole game takes at least 28 decisions, got ${decisions}`);
    for (const kind of ["tile", "cell", "monster"]) assert.ok(seen.has(kind), `played a ${kind} by clicking (${[...seen]})`);
    assert.ok(await isOver(a));
    assert.ok(await isOver(b));
    const sa = await boardSummary(a);
    assert.equal(sa.tiles.length + 0 <= 28, true);
    const words = await endWords(a);
    await endWords(b);
    assert.match(words, /Game over/);
    assert.match(words, /(wins with \d+ points?|Draw:)/);
    // the ranking in words names the seat with the higher score
    const [s0, s1] = sa.scores.map(Number);
    if (s0 > s1) assert.match(words, /Ann wins/);
    else if (s1 > s0) assert.match(words, /Bea wins/);
    else assert.match(words, /Draw/);
    // E2: a seat's frames hold its own hand and monster, never the other seat's, nor the deck order
    for (const me of [0, 1]) {
      const states = frames[me].filter((f) => f.type === "state");
      assert.ok(states.length >= 28, `seat ${me} got ${states.length} state frames`);
      for (const f of states) {
        assert.ok(Array.isArray(f.view.seats[me].hand), "a seat's own hand is in its view");
        assert.equal(f.view.seats[1 - me].hand, undefined, `seat ${me} was sent the other hand`);
        assert.equal(f.view.seats[1 - me].monster, undefined, `seat ${me} was sent the other monster`);
        assert.equal(f.view.deck_order, undefined);
        if (f.to_move !== me) assert.deepEqual(f.legal, [], "legal actions only for the seat to move");
      }
    }
    await shot(a, "dungeon-desktop-end");
    await shot(b, "dungeon-phone-end");
    await ca.close();
    await cb.close();
  });

  it("a human against a bot plays to the end, the bot answering on its own", async () => {
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const t = await createTable(page, env.server.url, [
      { name: "Ann", kind: "human" },
      { name: "Rex", kind: "bot:easy" },
    ]);
    const frames = recordFrames(page);
    await page.goto(t.join[0]);
    await page.waitForSelector("#app[data-move]");
    // the short rules are one click away
    await page.click("button.rules-toggle");
    const rules = await page.locator(".rules-panel").innerText();
    assert.match(rules, /Turtleman \(T\) beats Were-Rat/);
    await shot(page, "dungeon-rules-panel");
    await page.click(".rules-panel button");
    assert.equal(await page.locator(".rules-panel").isVisible(), false);
    // the bot's last move is marked on the board: its tile, and its monster when it played one
    let marked = 0;
    const checkLastMove = async () => {
      // after Ann's turn: wait for the bot's answer (a state), then look at its marks
      if (!(await isMyTurn(page)) && !(await waitMine(page))) return;
      if ((await page.locator(".hand-tile.can-take").count()) === 0) return;
      const now = await moveOf(page);
      const byMove = new Map();
      for (const f of frames) if (f.type === "state") for (const st of f.log ?? []) byMove.set(st.move, st);
      const steps = [...byMove.values()].filter((st) => st.move < now).sort((x, y) => x.move - y.move);
      const botTurn = [];
      for (let i = steps.length - 1; i >= 0 && steps[i].seat !== 0; i--) botTurn.push(...steps[i].lines);
      const tile = botTurn.find((l) => l.kind === "tile_placed");
      const monster = botTurn.find((l) => l.kind === "monster_placed");
      if (!tile) return;
      const at = await page.locator("g.tile.last-move").evaluateAll((els) => els.map((e) => `${e.dataset.x},${e.dataset.y}`));
      assert.deepEqual(at, [`${tile.data.x},${tile.data.y}`]);
      const mon = await page.locator("g.monster-stack.last-monster").evaluateAll((els) => els.map((e) => `${e.dataset.x},${e.dataset.y}`));
      assert.deepEqual(mon, monster ? [`${monster.data.x},${monster.data.y}`] : []);
      marked++;
    };
    const { decisions } = await play([page], rng(5), { onDecision: checkLastMove });
    assert.ok(marked >= 5, `the bot's last move was checked ${marked} times`);
    assert.ok(decisions >= 14, `Ann takes at least 14 turns, took ${decisions} decisions`);
    const words = await endWords(page);
    assert.match(words, /(Ann|Rex) wins|Draw/);
    const log = (await boardSummary(page)).log.join("\n");
    assert.match(log, /Rex/, "the log names the bot by its display name");
    assert.doesNotMatch(log, /\{P\d\}/, "no placeholder is left in the log");
    await shot(page, "dungeon-bot-end");
    await ctx.close();
  });

  it("a reload mid-game resumes the same position and play goes on", async () => {
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const t = await createTable(page, env.server.url, [
      { name: "Ann", kind: "human" },
      { name: "Rex", kind: "bot:easy" },
    ]);
    await page.goto(t.join[0]);
    await page.waitForSelector("#app[data-move]");
    const random = rng(9);
    // E3 undo: take the first tile decision of the turn (a tile, or its cell when the engine took
    // the only shape at once), take it back: the turn starts over
    await waitForTurn([page]);
    const m0 = await moveOf(page);
    assert.ok(["tile", "cell"].includes(await playOneDecision(page, random)));
    // one Undo on the page, the header's (issue 29: not again in the prompt)
    assert.equal(await page.locator("button:visible", { hasText: /^Undo$/ }).count(), 1);
    await page.click(".table-head .undo");
    await page.waitForFunction((m) => Number(document.getElementById("app").dataset.move) <= m, m0);
    assert.ok((await page.locator(".hand-tile.can-take, g.candidate").count()) > 0, "the tile decision is offered again");
    await page.waitForSelector(".table-head .undo[disabled]");
    await play([page], random, { limit: 12 });
    // let a bot answer land, then compare before and after the reload
    await waitForTurn([page]);
    const before = await boardSummary(page);
    const move = await moveOf(page);
    assert.ok(before.tiles.length >= 3, `tiles on the board: ${before.tiles.length}`);
    await page.reload();
    await page.waitForFunction((m) => Number(document.getElementById("app").dataset.move) === m, move);
    const afterReload = await boardSummary(page);
    assert.deepEqual(afterReload, before);
    await shot(page, "dungeon-after-reload");
    const { decisions } = await play([page], random, { limit: 6 });
    assert.equal(decisions, 6);
    assert.ok((await moveOf(page)) > move);
    await ctx.close();
  });

  it("the page reconnects by itself when the server is killed and restarted, and play goes on", async () => {
    const own = await startServer();
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    let again;
    try {
      const t = await createTable(page, own.url, [
        { name: "Ann", kind: "human" },
        { name: "Rex", kind: "bot:easy" },
      ]);
      await page.goto(t.join[0]);
      await page.waitForSelector("#app[data-move]");
      const random = rng(11);
      await play([page], random, { limit: 8 });
      await waitForTurn([page]);
      const before = await boardSummary(page);
      const move = await moveOf(page);
      await own.stop("SIGKILL");
      await page.waitForSelector('.conn[data-conn="closed"], .conn[data-conn="connecting"]');
      again = await startServer({ dir: own.dir, port: own.port });
      await page.waitForSelector('.conn[data-conn="open"]', { timeout: 20000 });
      await page.waitForFunction((m) => Number(document.getElementById("app").dataset.move) === m, move);
      assert.deepEqual(await boardSummary(page), before);
      const { decisions } = await play([page], random, { limit: 4 });
      assert.equal(decisions, 4);
    } finally {
      await ctx.close();
      await again?.stop();
      await own.stop();
      own.cleanup();
    }
  });

  it("the board pans with a drag, zooms with the wheel and a two-finger pinch; a drag is no click", async () => {
    const ctx = await env.browser.newContext(PHONE);
    const page = await ctx.newPage();
    const t = await createTable(page, env.server.url, [
      { name: "Ann", kind: "human" },
      { name: "Rex", kind: "bot:easy" },
    ]);
    await page.goto(t.join[0]);
    await page.waitForSelector("#app[data-move]");
    const random = rng(3);
    // play until a cell is to be chosen
    for (let i = 0; i < 40 && (await page.locator("g.candidate").count()) === 0; i++) {
      await waitForTurn([page]);
      if ((await page.locator("g.candidate").count()) > 0) break;
      await playOneDecision(page, random, { touch: true });
    }
    assert.ok((await page.locator("g.candidate").count()) > 0);
    const transform = () => page.getAttribute("g.world", "transform");
    const parse = (tr) => tr.match(/-?[\d.]+(e-?\d+)?/g).map(Number);
    const before = parse(await transform());
    const move = await moveOf(page);
    // drag starting on a candidate cell: the view moves, nothing is played
    const box = await page.locator("g.candidate").first().boundingBox();
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + 30, cy + 20, { steps: 5 });
    await page.mouse.move(cx + 60, cy + 40, { steps: 5 });
    await page.mouse.up();
    const dragged = parse(await transform());
    assert.ok(Math.abs(dragged[0] - before[0] - 60) < 2 && Math.abs(dragged[1] - before[1] - 40) < 2, `${before} -> ${dragged}`);
    assert.equal(await moveOf(page), move, "a drag played a move");
    // the wheel zooms in
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction((k) => Number(document.querySelector("g.world").getAttribute("transform").match(/scale\(([\d.]+)/)[1]) > k, dragged[2]);
    const wheeled = parse(await transform());
    // two fingers spread apart: a pinch zooms in further
    const cdp = await ctx.newCDPSession(page);
    const svgBox = await page.locator("svg.dungeon-svg").boundingBox();
    const mx = svgBox.x + svgBox.width / 2;
    const my = svgBox.y + svgBox.height / 2;
    const touch = (type, d) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x: mx - d, y: my, id: 1 }, { x: mx + d, y: my, id: 2 }],
      });
    await touch("touchStart", 20);
    for (const d of [30, 45, 60, 80]) await touch("touchMove", d);
    await touch("touchEnd", 0);
    const pinched = parse(await transform());
    assert.ok(pinched[2] > wheeled[2] * 1.5, `pinch scale ${wheeled[2]} -> ${pinched[2]}`);
    assert.equal(await moveOf(page), move, "a pinch played a move");
    await shot(page, "dungeon-phone-zoomed");
    // Fit brings the whole dungeon back, and a tap on a candidate still plays
    await page.locator(".zoom-tools .fit").tap();
    await page.locator("g.candidate").first().tap();
    await page.waitForFunction((m) => Number(document.getElementById("app").dataset.move) > m, move);
    await ctx.close();
  });

  it("E2 a spectator sees the board but no hand, and no frame it receives carries one", async () => {
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const t = await createTable(page, env.server.url, [
      { name: "Ann", kind: "human" },
      { name: "Rex", kind: "bot:easy" },
    ]);
    await page.goto(t.join[0]);
    await page.waitForSelector("#app[data-move]");
    await play([page], rng(21), { limit: 8 });
    assert.ok((await page.locator(".hand-tile").count()) > 0, "the seated player sees a hand");

    const watch = await env.browser.newContext(PHONE);
    const sp = await watch.newPage();
    const frames = [];
    sp.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
    await sp.goto(t.spectate);
    await sp.waitForSelector('#app[data-seat="spectator"][data-move]');
    // Ann plays on while the spectator watches live
    await play([page], rng(22), { limit: 4 });
    await sp.waitForFunction((m) => Number(document.getElementById("app").dataset.move) >= m, await moveOf(page));
    assert.equal(await sp.locator(".hand, .hand-tile, .monster-card").count(), 0);
    assert.equal(await sp.locator(".undo").isVisible(), false);
    assert.match(await sp.locator(".turn").innerText(), /watching/);
    assert.equal(await sp.locator("g.candidate, g.preview, g.tile.target").count(), 0);
    const sa = await boardSummary(page);
    const ss = await boardSummary(sp);
    assert.deepEqual(ss.tiles, sa.tiles);
    const states = frames.map((f) => JSON.parse(f)).filter((f) => f.type === "state");
    assert.ok(states.length >= 2, `state frames: ${states.length}`);
    for (const f of states) {
      assert.deepEqual(f.legal, []);
      for (const seat of f.view.seats) {
        assert.equal(seat.hand, undefined, "a spectator frame carries a hand");
        assert.equal(seat.monster, undefined, "a spectator frame carries a monster card");
      }
      assert.equal(f.view.deck_order, undefined);
    }
    await shot(sp, "dungeon-phone-spectator");
    await ctx.close();
    await watch.close();
  });
});
