// Cry Havoc in the browser: Debian's Chromium (playwright-core) against a real `turf serve` on
// loopback. Run: TURF_BIN=/path/to/turf node --test tests/browser/cryhavoc.test.mjs (after a build).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DESKTOP, PHONE, act, createTableByApi, docsShots, drawnState, moveOf, recordFrames, shot, useShared, waitMine } from "./harness.mjs";

const env = useShared();
const create = (seats, options = {}, seed = undefined) => createTableByApi(env.server.url, "cryhavoc", seats, options, seed);

describe("cryhavoc in the browser", { timeout: 900000 }, () => {
  for (const players of [2, 3, 4]) {
    it(`C10 a spectator watches a ${players}-player bot table to the end; the VP on screen are the engine's`, async () => {
      // greedy bots at 2 players; random ones at 3-4, whose games take a fraction of the time
      const bot = players === 2 ? "greedy" : "random";
      const seats = Array.from({ length: players }, (_, i) => ({ kind: "bot", bot, name: `Bot ${String.fromCharCode(65 + i)}` }));
      const made = await create(seats);
      const ctx = await env.browser.newContext(players === 3 ? PHONE : DESKTOP);
      const page = await ctx.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const frames = recordFrames(page);
      await page.goto(made.spectate);
      await page.waitForSelector(".ch-board .ch-region");
      assert.equal(await page.locator(".ch-region").count(), players === 2 ? 16 : 19, "every region of the map's side");
      assert.equal(await page.locator(".ch-mine").count(), 0, "a spectator has no hand");
      await page.waitForFunction(() => document.getElementById("app").dataset.over === "true", null, { timeout: 300000 });
      await page.waitForSelector(".end-card");
      const last = frames.filter((f) => f.type === "state" && f.over).at(-1);
      assert.ok(last?.result, "the final frame carries the engine's result");
      for (let s = 0; s < players; s++) {
        const shown = Number(await page.locator(`[data-testid="vp-${s}"]`).innerText());
        assert.equal(shown, last.view.seats[s].vp, `seat ${s}'s VP`);
        assert.equal(shown, last.result.scores[s]);
      }
      // every unit on the map is the view's
      const units = await page.locator(".ch-units").evaluateAll((els) => els.map((e) => Number(e.textContent)));
      const inView = last.view.regions.flatMap((r) => Object.values(r.units ?? {}));
      assert.deepEqual(units.sort(), inView.map(Number).sort());
      const end = await page.locator(".end-card").innerText();
      assert.match(end, /Bot [A-D] wins|Draw/);
      // the game's own unit, and why: the crystals held, and the VP by source (the side panel's table)
      assert.doesNotMatch(end, /\bpoints?\b/, end);
      for (const w of last.result.words) assert.ok(end.includes(w.replace(/\.$/, "")), `the end card says "${w}"`);
      assert.match(end, /\d+ VP; at the end it held \d+ regions?, worth \d+ VP in crystals/);
      assert.equal(await page.locator('.end-card [data-testid="end-breakdown"] [data-testid="vp-breakdown"][open]').count(), 1);
      assert.deepEqual(errors, []);
      if (players === 4) await shot(page, "cryhavoc-4-spectator-end");
      await ctx.close();
    });
  }

  it("on a phone the whole map fits, with zoom tools; zooming in and Fit work", async () => {
    const made = await create([
      { kind: "human", name: "Ann" },
      { kind: "bot", bot: "random", name: "Rex" },
    ]);
    const ctx = await env.browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.goto(made.seats[0].join);
    await page.waitForSelector(".ch-board .ch-region");
    // the fit follows the map's first layout (a resize observer): wait for the view to be fitted
    await page.waitForFunction(() => [...document.querySelectorAll(".ch-region")].every((e) => e.getBoundingClientRect().right <= window.innerWidth), null, { timeout: 5000 }).catch(() => {});
    const boxes = async () => page.locator(".ch-region").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    const map = await page.locator('[data-testid="map"]').boundingBox();
    for (const r of await boxes()) {
      assert.ok(r.left >= map.x - 1 && r.right <= map.x + map.width + 1, `a region at ${r.left}..${r.right} is outside the map box ${map.x}..${map.x + map.width}`);
      assert.ok(r.left >= 0 && r.right <= PHONE.viewport.width, `a region off the screen: ${r.left}..${r.right}`);
    }
    await shot(page, "cryhavoc-phone-fit");
    const width = async () => (await page.locator(".ch-region").first().boundingBox()).width;
    const fitted = await width();
    await page.tap('[data-testid="map"] .zoom-in');
    await page.tap('[data-testid="map"] .zoom-in');
    assert.ok((await width()) > fitted * 1.4, "zoomed in");
    await page.tap('[data-testid="map"] .fit');
    assert.ok(Math.abs((await width()) - fitted) < 1, "Fit shows the whole map again");
    await ctx.close();
  });

  it("C6 C7 C8 a human plays by clicking: an action, a move by two taps, a card for its icons, units on a battle objective", async () => {
    const done = { action: false, move: false, card: false, objective: false, endTurn: false, handShown: false };
    // Whether the human's faction reaches an "End turn" decision (C5.3: only with an unused skill
    // that may follow an action) depends on the deal: the tables are dealt from fixed seeds (turf
    // serve --test-seeds; bots seeded from the deal), the same games every run, from seed 1 on
    // (TURF_TEST_SEED tries others) until everything was clicked.
    const SEED = Number(process.env.TURF_TEST_SEED ?? 1);
    for (let game = 0; game < 6 && !Object.values(done).every(Boolean); game++) {
      const made = await create([
        { kind: "human", name: "Ann" },
        { kind: "bot", bot: "greedy", name: "Rex" },
      ], {}, SEED + game);
      const ctx = await env.browser.newContext(DESKTOP);
      const page = await ctx.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const frames = recordFrames(page);
      await page.goto(made.seats[0].join);
      await page.waitForSelector(".ch-board .ch-prompt");
      for (let n = 0; n < 400 && !Object.values(done).every(Boolean); n++) {
        if (!(await waitMine(page))) break;
        const view = (await drawnState(page, frames))?.view;
        // the hand on screen is the seat's own, card for card
        if (view?.you) {
          const shown = await page.locator(".ch-hand .ch-card:not(.drawn)").evaluateAll((els) => els.map((e) => e.dataset.card));
          assert.deepEqual([...new Set(view.you.hand)].sort(), shown.sort());
        }
        const actionBtn = page.locator('.ch-answers .ch-act:text-is("Move")');
        const sources = page.locator(".ch-region.source");
        const dests = page.locator(".ch-region.target");
        const cards = page.locator(".ch-card .ch-act");
        const numbers = page.locator(".ch-answers .ch-number");
        const endMove = page.locator('.ch-answers .ch-act:text-matches("^(End move|End recruit|End build|Done|End turn|Pass)$")');
        const answers = page.locator(".ch-answers .ch-act");
        // no bare number for a button: each says what it does (issue 29)
        for (const t of await answers.allInnerTexts()) assert.doesNotMatch(t, /^\s*\d+\s*$/, `a button says only "${t}"`);
        // a card discarded for nothing says so on its button
        for (const b of await cards.evaluateAll((els) => els.map((e) => ({ title: e.title, text: e.textContent, warn: e.classList.contains("warn") }))))
          if (/\(\+0\)$/.test(b.title)) {
            assert.match(b.text, /for nothing \(0 /, b.title);
            assert.ok(b.warn, `${b.title}: marked as a warning`);
            done.zeroWarned = true;
          }
        // the prompt asks for a card of the hand: the hand is on the screen of a laptop
        if ((await cards.count()) > 0) {
          await page.waitForFunction(() => {
            const c = document.querySelector(".ch-mine .ch-card.can");
            const r = c?.getBoundingClientRect();
            return r && r.top >= 0 && r.top < window.innerHeight - 20;
          }, null, { timeout: 5000 });
          done.handShown = true;
        }
        if (view?.battle && (await numbers.count()) > 0) {
          assert.equal(await page.locator('[data-testid="battle"].live').count(), 1, "the battle board is shown");
          // the question stays with its buttons: scrolled to the bottom, the prompt is still in view
          await page.locator(".ch-board").evaluate((b) => (b.scrollTop = b.scrollHeight));
          const q = await page.locator(".ch-question").boundingBox();
          const board = await page.locator(".ch-board").boundingBox();
          assert.ok(q && q.y >= board.y - 1 && q.y + q.height <= board.y + board.height, `the question at ${JSON.stringify(q)}`);
          if (!done.objective) await shot(page, "cryhavoc-battle-prompt");
          await act(page, numbers.last());
          done.objective = true;
        } else if ((await actionBtn.count()) > 0) {
          await act(page, actionBtn);
          done.action = true;
        } else if ((await cards.count()) > 0 && !(await dests.count()) && (view?.decision?.points ?? 0) === 0 && view?.decision?.step === "move") {
          // pay for the move: a card for its icons
          await act(page, cards);
          done.card = true;
        } else if ((await dests.count()) > 0) {
          await act(page, dests);
          done.move = true;
        } else if ((await sources.count()) > 0 && !(await page.locator(".ch-region.from").count())) {
          await sources.first().click(); // first tap: where from
          await page.waitForSelector(".ch-region.from");
        } else if ((await endMove.count()) > 0) {
          const label = await endMove.first().innerText();
          await act(page, endMove);
          if (label === "End turn") done.endTurn = true;
        } else if ((await cards.count()) > 0) {
          await act(page, cards);
        } else if ((await answers.count()) > 0) {
          await act(page, answers);
        } else if ((await page.locator(".ch-region.target").count()) > 0) {
          await act(page, page.locator(".ch-region.target"));
        } else {
          assert.fail(`nothing to click at move ${await moveOf(page)}: ${view?.prompt}`);
        }
      }
      console.log(`# seed ${SEED + game}: move ${await moveOf(page)} ${JSON.stringify(done)}`);
      assert.deepEqual(errors, []);
      // the pictures in docs/screens: the first table further on (only with TURF_SCREENS)
      if (game === 0) await docsShots(env.browser, page, made.seats[0].join, "cryhavoc", 50);
      await ctx.close();
    }
    const { zeroWarned, ...need } = done;
    assert.deepEqual(need, { action: true, move: true, card: true, objective: true, endTurn: true, handShown: true });
    if (!zeroWarned) console.log("cryhavoc: no card worth 0 points came up to check its warning (the unit test checks its words)");
  });
});
