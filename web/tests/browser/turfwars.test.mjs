// Turf Wars in the browser: Debian's Chromium (playwright-core) against a real `turf serve` on
// loopback. Run: TURF_BIN=/path/to/turf node --test tests/browser/turfwars.test.mjs (after a build).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DESKTOP, PHONE, act, createTableByApi, docsShotsFresh, drawnState, moveOf, recordFrames, shot, startServer, turfBin, useShared, waitMine } from "./harness.mjs";

const env = useShared();
const create = (seats, options = {}, seed = undefined) => createTableByApi(env.server.url, "turfwars", seats, options, seed);

describe("turfwars in the browser", { timeout: 900000 }, () => {
  it("a variant the operator offers is a lobby choice, and its table shows the variant's card texts", async () => {
    // A variant that rewrites every faction's text (turf serve --variant GAME:NAME=FILE): whichever
    // factions the seat is dealt, their texts on screen must be the variant's.
    const dir = mkdtempSync(join(tmpdir(), "turf-variant-"));
    const factions = JSON.parse(execFileSync(turfBin(), ["cards", "turfwars", "--json"], { encoding: "utf8" })).filter((c) => c.kind === "faction");
    const patch = { factions: Object.fromEntries(factions.map((f) => [f.id, { text: `Variant words for ${f.name}.` }])) };
    writeFileSync(join(dir, "words.json"), JSON.stringify(patch));
    const server = await startServer({ args: ["--variant", `turfwars:words=${join(dir, "words.json")}`] });
    const ctx = await env.browser.newContext(DESKTOP);
    try {
      const page = await ctx.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(server.url);
      await page.waitForSelector("form.new-table select[name=game]");
      await page.selectOption("form.new-table select[name=game]", "turfwars");
      const choice = page.locator('form.new-table select[name="opt-variant"]');
      assert.deepEqual(await choice.locator("option").allTextContents(), ["The game's own", "words"]);
      await choice.selectOption("words");
      await shot(page, "turfwars-lobby-variant");
      await page.click("form.new-table button[type=submit]");
      await page.waitForSelector(".created .links");
      const join0 = await page.locator('.created .links li[data-seat="0"] input.link').inputValue();
      await page.goto(join0);
      await page.waitForSelector(".tw-board .tw-prompt");
      assert.ok(await waitMine(page));
      await page.waitForFunction(() => [...document.querySelectorAll(".tw-choice-card p")].some((p) => p.textContent !== ""), null, { timeout: 60000 });
      const texts = await page.locator(".tw-choice-card p").allTextContents();
      assert.ok(texts.length >= 1, "no faction to choose");
      for (const t of texts) assert.match(t, /^Variant words for .+\.$/);
      // the table says which content it plays
      assert.equal(await page.locator("header.table-head .title").textContent(), "Turf Wars · words");
      await shot(page, "turfwars-variant-factions");
      // on a phone the name fits the header (the page never scrolls sideways)
      const phone = await env.browser.newContext(PHONE);
      try {
        const small = await phone.newPage();
        await small.goto(join0);
        await small.waitForSelector(".tw-board .tw-prompt");
        assert.equal(await small.locator("header.table-head .title").textContent(), "Turf Wars · words");
        assert.ok(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
        await shot(small, "turfwars-variant-phone");
      } finally {
        await phone.close();
      }
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
      await server.stop();
      server.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const players of [2, 3, 4, 5, 6]) {
    it(`T13 a spectator watches a ${players}-player bot table to the end; DP and results on screen are the engine's`, async () => {
      // greedy bots at 2-3 players; random ones at 4-6, whose games take a fraction of the time
      const bot = players <= 3 ? "greedy" : "random";
      const seats = Array.from({ length: players }, (_, i) => ({ kind: "bot", bot, name: `Bot ${String.fromCharCode(65 + i)}` }));
      const made = await create(seats);
      const ctx = await env.browser.newContext(players === 5 ? PHONE : DESKTOP);
      const page = await ctx.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const frames = recordFrames(page);
      await page.goto(made.spectate);
      await page.waitForSelector(".tw-board .tw-cell");
      const size = players === 2 ? 5 : players <= 4 ? 7 : 9;
      assert.equal(await page.locator(".tw-coord").count(), size, `a ${size}x${size} board`);
      assert.equal(await page.locator(".tw-mine").count(), 0, "a spectator has no hand");
      await page.waitForFunction(() => document.getElementById("app").dataset.over === "true", null, { timeout: 300000 });
      await page.waitForSelector(".end-card");
      const last = frames.filter((f) => f.type === "state" && f.over).at(-1);
      assert.ok(last?.result?.words, "the final frame carries each seat's result in words");
      for (let s = 0; s < players; s++) {
        assert.equal(Number(await page.locator(`[data-testid="dp-${s}"]`).innerText()), last.view.seats[s].dp, `seat ${s}'s DP`);
      }
      const end = await page.locator(".end-card").innerText();
      for (const w of last.result.words) assert.ok(end.includes(w), `the end card says "${w}"`);
      // where the DP come from, as the side panel has it
      assert.equal(await page.locator('.end-card [data-testid="end-breakdown"] [data-testid="dp-breakdown"][open]').count(), 1);
      // the home-turf goal in words (issue 29: not a bare "1/5")
      const rows = await page.locator(".tw-players").innerText();
      if (last.view.domination) assert.match(rows, new RegExp(`home turfs: [A-Z][a-z]+, \\d+ of ${last.view.domination} needed to win`));
      assert.doesNotMatch(rows, /\d+\/\d+/);
      // the troops on the board are the view's
      const onBoard = await page.locator(".tw-troops").count();
      assert.equal(onBoard, last.view.turfs.join(" ").split(" ").filter((t) => t.includes("@")).length);
      assert.deepEqual(errors, []);
      if (players === 6) await shot(page, "turfwars-6-spectator-end");
      await ctx.close();
    });
  }

  it("T7 T9 a human plays by clicking: a faction, turfs, troops, a draft pick, a combat card in a Turf War", async () => {
    const done = { faction: false, cell: false, count: false, draft: false, combatInWar: false, secretShown: false };
    // Greedy bots often end a game early (a secret win card): the tables are dealt from fixed
    // seeds (turf serve --test-seeds; bots seeded from the deal), so the game is the same every
    // run; the game of seed 1 brings every kind of decision (TURF_TEST_SEED tries others).
    let games = 0;
    const SEED = Number(process.env.TURF_TEST_SEED ?? 1);
    for (let game = 0; game < 10 && !Object.values(done).every(Boolean); game++, games++) {
      const made = await create([
        { kind: "human", name: "Ann" },
        { kind: "bot", bot: "greedy", name: "Rex" },
        { kind: "bot", bot: "greedy", name: "Sue" },
      ], {}, SEED + game);
      const ctx = await env.browser.newContext(DESKTOP);
      const page = await ctx.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      const frames = recordFrames(page);
      await page.goto(made.seats[0].join);
      await page.waitForSelector(".tw-board .tw-prompt");
      for (let n = 0; n < 500 && !Object.values(done).every(Boolean); n++) {
        if (!(await waitMine(page))) break;
        const view = (await drawnState(page, frames))?.view;
        // the seat's own secret win cards, and no one else's, are on its screen
        const secrets = (view?.seats?.[0]?.secrets ?? "").split(" ").filter(Boolean);
        const shown = await page.locator(".tw-secrets [data-secret]").evaluateAll((els) => els.map((e) => e.dataset.secret));
        assert.deepEqual(shown, secrets);
        if (secrets.length) done.secretShown = true;
        const faction = page.locator(".tw-choice-card .tw-act");
        const packet = page.locator(".tw-acard .tw-act");
        const combat = page.locator(".tw-ccard .tw-act");
        const cells = page.locator(".tw-cell.target");
        const counts = page.locator(".tw-counts .tw-act");
        const answers = page.locator(".tw-answers .tw-act");
        if ((await faction.count()) > 0) {
          await act(page, faction);
          done.faction = true;
        } else if ((await packet.count()) > 0) {
          const card = await packet.first().evaluate((b) => b.closest(".tw-acard").dataset.card);
          await act(page, packet);
          assert.ok((await page.locator(".tw-pick").innerText()).includes(card), "the picked card is shown as yours");
          done.draft = true;
        } else if ((await combat.count()) > 0) {
          const inWar = !!view?.war;
          if (inWar) assert.equal(await page.locator('[data-testid="war"].live').count(), 1, "the war in progress is shown");
          await act(page, combat);
          if (inWar) done.combatInWar = true;
        } else if ((await cells.count()) > 0) {
          await act(page, cells);
          done.cell = true;
        } else if ((await counts.count()) > 0) {
          await act(page, counts.nth(Math.floor((await counts.count()) / 2))); // about half the troops
          done.count = true;
        } else if ((await answers.count()) > 0) {
          // the rest: purchases, support, passing; prefer passing when offered
          const pass = page.locator('.tw-answers .tw-act:text-matches("^(Pass|Done|Stay out|Stop)$")');
          await act(page, (await pass.count()) > 0 ? pass : answers);
        } else {
          assert.fail(`nothing to click at move ${await moveOf(page)}: ${view?.prompt}`);
        }
      }
      console.log(`# seed ${SEED + game}: move ${await moveOf(page)} ${JSON.stringify(done)}`);
      assert.deepEqual(errors, []);
      // the pictures in docs/screens: the first table further on (only with TURF_SCREENS)
      if (game === 0 && process.env.TURF_SCREENS) {
        // (random bots: the picture is of a game under way, not of an early secret win)
        const seats = [{ kind: "human", name: "Ann" }, { kind: "bot", bot: "random", name: "Rex" }, { kind: "bot", bot: "random", name: "Sue" }];
        await docsShotsFresh(env.browser, await create(seats), "turfwars", 60, ".tw-board .tw-prompt");
      }
      await ctx.close();
    }
    assert.deepEqual(done, { faction: true, cell: true, count: true, draft: true, combatInWar: true, secretShown: true }, `after ${games} games`);
  });
});
