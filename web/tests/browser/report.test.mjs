// The lab's HTML report (`turf sim --report`) read in Chromium as a designer would: on a laptop
// and on a phone, with a Turf Wars study whose faction (20) and secret (26) charts are long. The
// charts are sorted bars with the fair share marked and every interval drawn, their words keep
// a readable size, nothing runs off the page, and each chart's table holds the same figures.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { DESKTOP, PHONE, assertNoOverflow, shot, turfBin, useShared } from "./harness.mjs";

const env = useShared();
const dir = mkdtempSync(join(tmpdir(), "turf-report-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function report(name, args) {
  const out = join(dir, name);
  const r = spawnSync(turfBin(), ["sim", ...args, "--threads", "2", "--no-records", "--out", out, "--report", `${out}.html`], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return `file://${out}.html`;
}

// Everything the checks need, read from the drawn page.
async function readCharts(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("figure.chart.bars")].map((f) => {
      const box = (el) => el.getBoundingClientRect();
      const rows = [...f.querySelectorAll(".row:not(.axis)")].map((r) => ({
        name: r.querySelector(".name").textContent,
        nameBox: box(r.querySelector(".name")).toJSON(),
        linesBox: box(r.querySelector(".lines")).toJSON(),
        lines: [...r.querySelectorAll(".line")].map((l) => ({
          value: Number(l.querySelector(".value").dataset.value),
          track: box(l.querySelector(".track")).toJSON(),
          bar: box(l.querySelector(".bar")).toJSON(),
          whisker: box(l.querySelector(".whisker")).toJSON(),
          fair: box(l.querySelector(".fair")).left,
        })),
      }));
      const ticks = [...f.querySelectorAll(".axis .tick")].map((t) => ({ text: t.textContent, box: box(t).toJSON() }));
      const fonts = [...f.querySelectorAll(".name, .value, .tick, figcaption")].map((el) => parseFloat(getComputedStyle(el).fontSize));
      const table = [...f.querySelectorAll("details.astable tbody tr")].map((tr) => [...tr.children].map((td) => td.textContent.trim()));
      return { title: f.querySelector("figcaption").textContent, declared: Number(f.dataset.rows), rows, ticks, fonts, table };
    }),
  );
}

describe("the lab report in Chromium", { timeout: 300000 }, () => {
  it("long charts are sorted bars with the fair share and intervals, readable on a laptop and a phone, each with its table", async () => {
    const url = report("turfwars", ["turfwars", "--seats", "random", "-o", "players=4", "-o", "factions=dealt", "--games", "160", "--seed", "7"]);
    for (const [device, name] of [[DESKTOP, "desktop"], [PHONE, "phone"]]) {
      const ctx = await env.browser.newContext(device);
      const page = await ctx.newPage();
      await page.goto(url);
      await assertNoOverflow(page, `the report on a ${name}`);
      const charts = await readCharts(page);
      assert.ok(charts.some((c) => c.rows.length >= 20), `a chart with 20 or more rows (${charts.map((c) => c.rows.length)})`);
      for (const [i, c] of charts.entries()) {
        const what = `${name}, "${c.title}"`;
        assert.equal(c.rows.length, c.declared, what);
        // sorted, largest first (the seat chart keeps the order of play)
        const firsts = c.rows.map((r) => r.lines[0].value);
        if (i > 0) assert.deepEqual(firsts, [...firsts].sort((a, b) => b - a), `${what} is sorted`);
        assert.ok(c.fonts.every((px) => px >= 11), `${what}: words of ${Math.min(...c.fonts)} px`);
        const fair = c.rows[0].lines[0].fair;
        for (const r of c.rows) {
          // the name and the bars never overlap: beside them on a laptop, above them on a phone
          const apart = r.nameBox.right <= r.linesBox.left + 0.5 || r.nameBox.bottom <= r.linesBox.top + 0.5;
          assert.ok(apart, `${what}: "${r.name}" overlaps its bars`);
          for (const l of r.lines) {
            assert.ok(Math.abs(l.fair - fair) < 1, `${what}: the fair share is marked at one place`);
            assert.ok(l.bar.left >= l.track.left - 0.5 && l.bar.right <= l.track.right + 0.5, `${what}: "${r.name}" bar inside its track`);
            // the share sits inside its interval, and the interval is drawn (at least a hair wide)
            assert.ok(l.whisker.left <= l.bar.right + 1 && l.bar.right <= l.whisker.right + 1, `${what}: "${r.name}" share outside its interval`);
          }
        }
        // equal steps of the scale do not overlap each other
        for (let k = 1; k < c.ticks.length; ++k) assert.ok(c.ticks[k - 1].box.right <= c.ticks[k].box.left, `${what}: ticks ${c.ticks[k - 1].text} and ${c.ticks[k].text} overlap`);
        // the table holds the chart's rows in the chart's order, with the same shares
        assert.deepEqual(c.table.map((t) => t[0]), c.rows.map((r) => r.name), `${what}: table rows`);
        assert.deepEqual(c.table.map((t) => Number(t.at(-1).split(/\s/)[0])), firsts, `${what}: table shares`);
      }
      const long = page.locator("figure.chart.bars").filter({ has: page.locator(".row:nth-child(24)") }).first();
      await long.scrollIntoViewIfNeeded();
      await shot(page, `report-long-chart-${name}`, { docs: true });
      await page.getByText("Is anything unfair?").scrollIntoViewIfNeeded();
      await shot(page, `report-fair-share-${name}`, { docs: true });
      await ctx.close();
    }
  });

  it("a sweep draws one bar per cell in every row, in the cells' colours, with a key", async () => {
    const url = report("dungeon", ["dungeon", "--seats", "random,greedy:worlds=2", "--games", "40", "--seed", "5", "--sweep", "tiles=standard,open"]);
    const ctx = await env.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.goto(url);
    await assertNoOverflow(page, "the sweep report");
    const charts = await readCharts(page);
    assert.ok(charts.length >= 2);
    for (const c of charts) for (const r of c.rows) assert.equal(r.lines.length, 2, `${c.title}: "${r.name}" has a bar per cell`);
    const keys = await page.locator("figure.chart.bars").first().locator(".legend .key").allTextContents();
    assert.ok(keys.some((k) => k.includes("standard")) && keys.some((k) => k.includes("open")) && keys.some((k) => k.includes("fair share")), keys.join(" | "));
    await ctx.close();
  });
});
