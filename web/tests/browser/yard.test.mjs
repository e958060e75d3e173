// Yard in the browser: Debian's Chromium (playwright-core) against a real `turf serve` on
// loopback. Run: TURF_BIN=/path/to/turf node --test tests/browser/yard.test.mjs (after a build).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DESKTOP, PHONE, act, createTableByApi, docsShots, drawnState, framesCaughtUp, isOver, lastState, openPage, recordFrames, rng, shot, useShared, waitMine } from "./harness.mjs";

const env = useShared();
const create = (seats, options = {}) => createTableByApi(env.server.url, "yard", seats, options);

describe("yard in the browser", { timeout: 600000 }, () => {
  for (const players of [2, 3, 4]) {
    it(`Y7 a spectator watches a ${players}-player bot table to the end; the points on screen are the engine's`, async () => {
      const seats = Array.from({ length: players }, (_, i) => ({ kind: "bot", bot: "greedy", name: `Bot ${String.fromCharCode(65 + i)}` }));
      const made = await create(seats);
      const ctx = await env.browser.newContext(players === 3 ? PHONE : DESKTOP);
      const page = await ctx.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const frames = recordFrames(page);
      await page.goto(made.spectate);
      await page.waitForSelector(".yard-board .y-yard");
      assert.equal(await page.locator(".y-yard").count(), players, "one Yard a player");
      assert.equal(await page.locator(".y-yard .y-pile").count(), players * 9, "nine Piles a Yard");
      assert.equal(await page.locator(".y-hand").count(), 0, "a spectator has no hand");
      await page.waitForFunction(() => document.getElementById("app").dataset.over === "true", null, { timeout: 240000 });
      await page.waitForSelector(".end-card");
      const last = frames.filter((f) => f.type === "state" && f.over).at(-1);
      assert.ok(last?.result, "the final frame carries the engine's result");
      for (let s = 0; s < players; s++) {
        const shown = Number(await page.locator(`[data-testid="total-${s}"]`).innerText());
        assert.equal(shown, last.result.scores[s], `seat ${s}'s points on screen`);
        assert.equal(shown, last.view.seats[s].score);
        // the breakdown adds up to the same points
        const parts = last.view.seats[s].points;
        const sum = [...parts.yard, ...parts.sway].reduce((a, e) => a + e.points, 0);
        assert.equal(sum, shown);
      }
      const end = await page.locator(".end-card").innerText();
      assert.match(end, /Bot [A-D] wins|Draw/);
      // why: each seat's points by Yard and Sway, the best card, how the game ended, and where
      // each seat's points come from (the side panel's breakdown, open)
      for (const w of last.result.words) assert.ok(end.includes(w.replace(/\.$/, "")), `the end card says "${w}"`);
      assert.match(end, /\d+ points?: -?\d+ from the Yard/);
      assert.match(end, /Neighbor is swayed|stood still|is played|decisions/);
      assert.equal(await page.locator('.end-card [data-testid="end-points"][open]').count(), players);
      assert.deepEqual(errors, []);
      if (players === 4) await shot(page, "yard-4-spectator-end");
      await ctx.close();
    });
  }

  it("Y3 Y4 Y5.5 a human plays by clicking: Away and a purchase, Home, a Tool into the rival's Yard (1st edition)", async () => {
    const made = await create(
      [
        { kind: "human", name: "Ann" },
        { kind: "bot", bot: "greedy", name: "Rex" },
      ],
      { edition: "1" },
    );
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const frames = recordFrames(page);
    await page.goto(made.seats[0].join);
    await page.waitForSelector(".yard-board .y-prompt");
    const done = { bought: false, home: false, intoRival: false, info: false, why: false, homeSays: false };
    let mode = "shop";
    for (let n = 0; n < 200 && !(done.bought && done.intoRival && done.homeSays); n++) {
      if (!(await waitMine(page))) break;
      // the card texts are one tap away
      if (!done.info) {
        await page.locator(".y-hand .y-chip-body").first().click();
        const info = await page.locator('[data-testid="card-info"]').innerText();
        assert.match(info, /Play:|VP/);
        done.info = true;
        await page.locator('[data-testid="card-info"] button').click();
        assert.equal(await page.locator('[data-testid="card-info"]').count(), 0);
      }
      const decision = await page.locator(".y-question").innerText();
      if (process.env.YDEBUG) console.log(n, mode, decision, await page.locator(".store .y-chip .y-act").count(), await page.locator(".y-prompt .y-act").allTextContents());
      const button = (text) => page.locator(`.y-prompt .y-act:text-is("${text}")`);
      const rake = page.locator('.y-hand .y-chip[data-card="rake"] .y-act');
      const buy = page.locator(".store .y-chip .y-act");
      if (/Home or Away/.test(decision)) {
        // the card shows no side while it is being turned, and the question says what Home brings
        assert.equal((await page.locator('[data-testid="side-0"]').textContent()).trim(), "Home or Away?");
        await framesCaughtUp(page, frames);
        const me = lastState(frames).view.seats[0];
        if (process.env.YDEBUG) console.log("home or away:", me.side, me.garage_count, decision);
        if (me.side === "away" && me.garage_count > 0) {
          const n = me.garage_count;
          assert.ok(decision.includes(`Home: your ${n} Garage card${n === 1 ? " comes" : "s come"} back to your hand.`), decision);
          done.homeSays = true;
        }
        const rivalAway = (await page.locator('[data-testid="side-1"]').textContent()).trim() === "Away";
        mode = rivalAway && !done.intoRival && (await page.locator('.y-hand .y-chip[data-card="rake"]').count()) > 0 ? "into" : "shop";
        if (mode === "into") {
          // why a card cannot be played: before turning Home, every card says so
          assert.match(await page.locator(".y-why-all").innerText(), /choose Home for this turn first/);
          done.why = true;
        }
        await act(page, button(mode === "into" ? "Home" : "Away"));
        if (mode === "into") done.home = true;
      } else if (mode === "into" && !done.intoRival && (await rake.count()) > 0) {
        // a Tool is played like a Pest onto any Pile of an Away rival (Y8.1): the card, then the Pile
        await act(page, rake);
        const targets = page.locator('.y-yard[data-seat="1"] .y-pile.target');
        assert.equal(await targets.count(), 9, "every Pile of the Away rival takes the Tool");
        await shot(page, "yard-two-tap");
        const pile = await targets.nth(4).getAttribute("data-pile");
        await act(page, targets.nth(4));
        done.intoRival = true;
        assert.match(await page.locator(".log").innerText(), /Rake/, `the log tells the Rake's play onto ${pile}`);
      } else if ((await page.locator('.y-prompt .y-act:text-matches("Work")').count()) > 0) {
        await act(page, page.locator('.y-prompt .y-act:text-matches("Work")'));
      } else if (!done.bought && (await buy.count()) > 0 && /buy/i.test(decision + (await buy.first().getAttribute("title")))) {
        const card = await buy.first().evaluate((b) => b.closest(".y-chip").dataset.card);
        const garageBefore = (await drawnState(page, frames)).view.seats[0].garage_count;
        await act(page, buy.first());
        assert.equal((await drawnState(page, frames)).view.seats[0].garage_count, garageBefore + 1, `${card} went into the Garage`);
        done.bought = true;
      } else if ((await button("Done").count()) + (await button("Stop").count()) > 0) {
        await act(page, page.locator('.y-prompt .y-act:text-is("Done"), .y-prompt .y-act:text-is("Stop")'));
      } else {
        // any other question (an Event's Pile, a Store card to trash): take the first thing offered
        const any = page.locator(".yard-board [data-action]");
        assert.ok((await any.count()) > 0, `something to click for: ${decision}`);
        await act(page, any.first());
      }
    }
    // the pictures in docs/screens: this table further on (only with TURF_SCREENS)
    await docsShots(env.browser, page, made.seats[0].join, "yard", 80);
    assert.ok(done.intoRival, "a Tool went into the rival's Yard by two taps");
    assert.ok(done.bought, "a card was bought");
    assert.ok(done.info && done.why && done.home && done.homeSays, JSON.stringify(done));
    // how the game ends, and how one that stalls ends, from the view's limits (one tap away)
    if (!(await isOver(page))) {
      await page.locator('[data-testid="end-rule"] summary').click();
      const rule = await page.locator('[data-testid="end-rule"]').innerText();
      assert.match(rule, /last Neighbor of the row is swayed/);
      assert.match(rule, /3 whole rounds/);
      assert.match(rule, /as many more such rounds as working \(\$5 a turn\) takes to pay it/);
      assert.match(rule, /Round 200 is the last/);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it("every legal action is a click on the board, on the Yard where it acts; labels name seats", async () => {
    const made = await create([
      { kind: "human", name: "Ann" },
      { kind: "bot", bot: "random", name: "Rex" },
      { kind: "bot", bot: "random", name: "Sue" },
    ]);
    const { ctx, page, errors, frames } = await openPage(env.browser, made.seats[0].join, DESKTOP, ".yard-board .y-prompt");
    const random = rng(29);
    const seen = new Map(); // action type -> how often it was checked
    let rivalYard = 0;
    for (let n = 0; n < 160; n++) {
      if (!(await waitMine(page))) break;
      // the page has drawn every frame recorded, and the recorder has every frame drawn (nothing
      // comes while the table waits for this seat)
      await framesCaughtUp(page, frames);
      await page.waitForFunction((n) => Number(document.getElementById("app").dataset.frames) >= n, frames.length);
      const st = lastState(frames);
      for (const a of st.legal) {
        const el = page.locator(`.yard-board [data-action="${a.id}"]`);
        assert.ok((await el.count()) > 0, `"${a.label}" (${JSON.stringify(a.json)}) has nothing to click on the board`);
        // and it can be tapped: shown, and not covered by another Pile (a trial click acts on nothing)
        await el.first().click({ trial: true, timeout: 3000 });
        // the Yard it acts on: the seat it names, else the deciding seat's (a Pest, Grass) or the
        // turn player's (a Start or End action)
        const where =
          typeof a.json.seat === "number"
            ? a.json.seat
            : ["pest", "yard_card", "grass"].includes(a.json.type)
              ? st.view.to_move
              : ["start", "end"].includes(a.json.type)
                ? st.view.turn_player
                : null;
        if (where !== null) {
          assert.ok((await page.locator(`.y-yard[data-seat="${where}"] [data-action="${a.id}"]`).count()) > 0, `"${a.label}" is not on seat ${where + 1}'s Yard`);
          if (where !== 0) rivalYard++;
        }
        seen.set(a.json.type, (seen.get(a.json.type) ?? 0) + 1);
      }
      // the text list names seats as the page does, never "P2"
      await page.evaluate(() => (document.querySelector(".fallback").open = true));
      for (const t of await page.locator(".fallback-list button.legal").allInnerTexts()) assert.doesNotMatch(t, /\bP\d\b/, t);
      const clicks = page.locator(".yard-board [data-action]:not([disabled])");
      await act(page, clicks.nth(Math.floor(random() * (await clicks.count()))));
    }
    console.log(`yard: legal actions checked on the board by kind: ${JSON.stringify(Object.fromEntries(seen))}; on a rival's Yard: ${rivalYard}`);
    assert.ok(seen.size >= 6, "the check met several kinds of actions");
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  it("the points are explained: a tap lists what scores, hovering a line marks its Pile", async () => {
    const made = await create([
      { kind: "bot", bot: "greedy", name: "Bo" },
      { kind: "bot", bot: "greedy", name: "Cy" },
    ]);
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(made.spectate);
    await page.waitForFunction(() => document.getElementById("app").dataset.over === "true", null, { timeout: 240000 });
    await page.click(".end-buttons button"); // look at the board
    await page.locator('[data-testid="score-0"]').click();
    const box = page.locator('[data-testid="points-breakdown"]');
    assert.match(await box.innerText(), /Yard -?\d+, Sway \d+/);
    const row = box.locator("tr[data-pile]:not([data-pile=''])").first();
    if ((await row.count()) > 0) {
      await row.hover();
      assert.equal(await page.locator(".y-yard[data-seat='0'] .y-pile.explained").count(), 1);
    }
    await shot(page, "yard-points");
    await ctx.close();
  });
});
