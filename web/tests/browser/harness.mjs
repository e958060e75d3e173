// Browser-test harness: a REAL `turf serve` on loopback (binary from TURF_BIN, a fresh SQLite
// file, the built client from web/dist) and Debian's Chromium driven by playwright-core.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, existsSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const WEB = resolve(here, "../..");
export const DIST = join(WEB, "dist");
export const SHOTS = join(WEB, "test-results");
mkdirSync(SHOTS, { recursive: true });

export function turfBin() {
  const bin = process.env.TURF_BIN;
  if (!bin) throw new Error("set TURF_BIN to the turf binary (e.g. build/ci/turf)");
  if (!existsSync(bin)) throw new Error(`TURF_BIN ${bin} does not exist`);
  if (!existsSync(join(DIST, "index.html"))) throw new Error("web/dist is missing: run `npm run build` first");
  return bin;
}

// Starts `turf serve --port 0` and resolves with its base URL once it prints the link (`opts.args`:
// more arguments of the operator's, such as --variant).
export async function startServer(opts = {}) {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), "turf-web-"));
  const db = join(dir, "turf.db");
  // The clock of turn-based deadlines (hidden, tests only): the time the server started, until a
  // test moves it (setClock); written whole (a new file renamed over the old).
  const clock = join(dir, "clock");
  const setClock = (t) => {
    writeFileSync(`${clock}.new`, `${t}\n`);
    renameSync(`${clock}.new`, clock);
  };
  const clockStart = Math.floor(Date.now() / 1000);
  setClock(clockStart);
  // The whole suite is one client address creating a table a test, loading pages in many
  // contexts: the per-address limits are raised here (the C++ server tests hold them).
  const args = ["serve", "--host", "127.0.0.1", "--port", String(opts.port ?? 0), "--db", db, "--web", DIST,
    "--tables-per-minute", "6000", "--request-rate", "2000", "--connections-per-address", "512",
    // a create request may fix its deal and bots (hidden, tests only): a test that needs a kind
    // of decision plays a game known to bring it, the same game every run
    "--test-seeds",
    "--test-clock", clock,
    // one program the operator offers by name (turf serve --ext-bot): the example random bot
    "--ext-bot", `random-example=/usr/bin/python3 ${resolve(WEB, "../examples/bots/random_bot.py")}`,
    ...(opts.args ?? [])];
  const proc = spawn(turfBin(), args, { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const url = await new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`turf serve printed no URL in ${STATE_WAIT_MS / 1000} s:\n${out}`)), STATE_WAIT_MS);
    const scan = (chunk) => {
      out += chunk.toString();
      const m = /http:\/\/(127\.0\.0\.1|localhost):(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveUrl(`http://127.0.0.1:${m[2]}/`);
      }
    };
    proc.stdout.on("data", scan);
    proc.stderr.on("data", scan);
    proc.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`turf serve exited with ${code}:\n${out}`));
    });
  });
  proc.removeAllListeners("exit");
  return {
    url,
    dir,
    clockStart,
    setClock,
    port: Number(new URL(url).port),
    log: () => out,
    async stop(signal = "SIGTERM") {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const done = new Promise((r) => proc.once("exit", r));
      proc.kill(signal);
      await done;
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// What the pages broke of the server's Content-Security-Policy (an inline style or script it
// refuses: the page then looks or works otherwise than its code says). closeShared() fails on any.
export const cspViolations = [];

// The bound of a wait for a page state (a move drawn, a selector shown).
export const STATE_WAIT_MS = 120000;

export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const ctx = await newContext(...args);
    // Every wait is for a state and returns once it holds; the bound is for a machine busy with
    // other tests (CI runs the suite beside them on two cores), not a measure of speed.
    ctx.setDefaultTimeout(STATE_WAIT_MS);
    // A page's waitForFunction looks every 30 ms, not at every animation frame (Playwright's
    // default): a page that waits would otherwise draw 60 frames a second for nothing.
    const newPage = ctx.newPage.bind(ctx);
    ctx.newPage = async (...a) => {
      const page = await newPage(...a);
      const waitForFunction = page.waitForFunction.bind(page);
      page.waitForFunction = (fn, arg, opts = {}) => waitForFunction(fn, arg, { polling: 30, ...opts });
      return page;
    };
    ctx.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
    });
    return ctx;
  };
  return browser;
}

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// A small seeded PRNG so that a test plays the same clicks every run.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A screenshot in web/test-results/NAME.png; with `docs`, also in $TURF_SCREENS/NAME.png when
// that is set (`TURF_SCREENS=../docs/screens npm run test:browser` refreshes docs/screens).
export async function shot(page, name, { docs = false } = {}) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  if (docs && process.env.TURF_SCREENS) {
    mkdirSync(process.env.TURF_SCREENS, { recursive: true });
    await page.screenshot({ path: join(resolve(process.env.TURF_SCREENS), `${name}.png`) });
  }
}

// One server and one browser for the whole browser suite (every tests/browser/*.test.mjs runs in
// one process through run.mjs): useShared() below, or `await shared()` in a `before` and
// `after(closeShared)` at the top of the file (closing twice is harmless).
let sharedOnce = null;
export function shared() {
  sharedOnce ??= (async () => {
    const server = await startServer();
    const browser = await launchBrowser();
    return { server, browser };
  })();
  return sharedOnce;
}

// In a test file: `const env = useShared();` then env.server and env.browser inside the tests.
export function useShared() {
  const env = {};
  before(async () => Object.assign(env, await shared()));
  after(closeShared);
  return env;
}

export async function closeShared() {
  if (!sharedOnce) return;
  const p = sharedOnce;
  sharedOnce = null;
  const { server, browser } = await p;
  await browser.close();
  await server.stop();
  server.cleanup();
  if (cspViolations.length) throw new Error(`the pages broke the Content-Security-Policy ${cspViolations.length} times, first: ${cspViolations[0]}`);
}

// A page of its own at `link` in a fresh context of `device` (DESKTOP, PHONE), once `ready` (a
// selector) shows: its frames (recordFrames) and the errors it throws are kept.
export async function openPage(browser, link, device, ready) {
  const ctx = await browser.newContext(device);
  const page = await ctx.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const frames = recordFrames(page);
  await page.goto(link);
  await page.waitForSelector(ready);
  return { ctx, page, errors, frames };
}

// Every WebSocket frame a page receives, parsed (register before the page opens the table).
export function recordFrames(page) {
  const frames = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(JSON.parse(String(f.payload)))));
  return frames;
}

// Waits until `frames` (recordFrames) holds every frame the page has drawn: the frame events
// reach the test a little after the page drew them.
export async function framesCaughtUp(page, frames) {
  const end = Date.now() + STATE_WAIT_MS;
  while (Date.now() < end) {
    const drawn = Number(await page.getAttribute("#app", "data-frames"));
    if (frames.length >= drawn) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the recorded frames did not catch up with the page");
}

// The strings another seat's view holds that none of this seat's frames ever held, not even
// inside a sentence or a label (its hidden cards, by construction of the views): they must never
// appear in this seat's page. `mine` are this seat's state frames, `theirs` one view
// of the other seat at the same move as `mine`'s last.
export function hiddenStrings(mine, theirView) {
  const seen = new Set();
  const walk = (v, f, path = "") => {
    if (typeof v === "string") f(v, path);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, f, `${path}[${i}]`));
    else if (v && typeof v === "object") Object.entries(v).forEach(([k, x]) => walk(x, f, `${path}.${k}`));
  };
  for (const fr of mine) walk(fr, (s) => seen.add(s));
  // the keys of this seat's own frames are told to it too (a hand as {"v10": 1})
  const keys = (v) => {
    if (Array.isArray(v)) v.forEach(keys);
    else if (v && typeof v === "object") Object.entries(v).forEach(([k, x]) => (seen.add(k), keys(x)));
  };
  mine.forEach(keys);
  const all = [...seen].join("\u0000"); // a string this seat was told inside a sentence or label
  const out = new Map();
  walk(theirView, (s, path) => {
    if (s.length >= 3 && !out.has(s) && !seen.has(s) && !all.includes(s)) out.set(s, path);
  });
  return [...out].map(([s, path]) => ({ s, path }));
}

// Fails when the page's DOM holds any of `secrets` (hiddenStrings): as a whole text, a whole
// attribute value or one of its words (data-card="x", class="card x"); an id-like secret (with
// "_" or a digit, or 12 characters and more) anywhere at all. Plain words such as "cross" may
// appear in the page's own texts (the rules panel) without telling anything.
export async function assertDomLacks(page, secrets, what) {
  if (secrets.length === 0) return;
  const { html, tokens } = await page.evaluate(() => {
    const tokens = new Set();
    const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let n = walker.currentNode; n; n = walker.nextNode()) {
      if (n.nodeType === Node.TEXT_NODE) {
        const s = n.textContent.trim();
        if (s) tokens.add(s);
      } else {
        for (const a of n.attributes) {
          tokens.add(a.value);
          for (const w of a.value.split(/\s+/)) tokens.add(w);
        }
        if (n instanceof HTMLInputElement) tokens.add(n.value);
      }
    }
    return { html: document.documentElement.outerHTML, tokens: [...tokens] };
  });
  const set = new Set(tokens);
  for (const { s, path } of secrets) {
    const idLike = /[_\d]/.test(s) || s.length >= 12;
    if (set.has(s) || (idLike && html.includes(s))) {
      const at = html.indexOf(s);
      throw new Error(`${what}: the page holds "${s}", which only the other seat's view held (at ${path}); in the page: …${html.slice(Math.max(0, at - 160), at + 60)}…`);
    }
  }
}

// Creates a table through the lobby form; seats: [{name, kind: "human"|"bot:easy"|...}].
// Returns the join links of the human seats (by seat) and the spectate link.
// `listed`: made public (the lobby lists it: tests that find it there).
export async function createTable(page, baseUrl, seats, game = "dungeon", listed = true) {
  await page.goto(baseUrl);
  await page.waitForSelector("form.new-table select[name=game]");
  await page.selectOption("form.new-table select[name=game]", game);
  for (let i = 0; i < seats.length; i++) {
    await page.fill(`[name="name-${i}"]`, seats[i].name);
    await page.selectOption(`[name="kind-${i}"]`, seats[i].kind);
  }
  await page.setChecked("form.new-table input[name=public]", listed);
  await page.click("form.new-table button[type=submit]");
  await page.waitForSelector(".created .links");
  const join = {};
  for (let i = 0; i < seats.length; i++) {
    const input = page.locator(`.created .links li[data-seat="${i}"] input.link`);
    if ((await input.count()) > 0) join[i] = await input.inputValue();
  }
  const spectate = await page.locator('.created .links input[aria-label="spectate link"]').inputValue();
  return { join, spectate, table: /#\/table\/([0-9a-f]+)/.exec(spectate)[1] };
}

// Creates a table of `game` through the HTTP API (the lobby form itself is tested with dungeon);
// seats: [{kind: "human"} | {kind: "bot", bot, name}]. Returns the server's answer: the seats'
// join links and tokens and the spectate link.
// `seed` (a server started with --test-seeds): the table's deal, and its bots seeded from it.
export async function createTableByApi(baseUrl, game, seats, options = {}, seed = undefined) {
  const r = await fetch(`${baseUrl}api/tables`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl.replace(/\/$/, "") },
    body: JSON.stringify({ game, options: { players: String(seats.length), ...options }, seats, ...(seed === undefined ? {} : { seed }) }),
  });
  const body = await r.json();
  assert.equal(r.status, 201, JSON.stringify(body));
  return body;
}

// The latest state frame a page received (recordFrames keeps every frame).
// The last state the page has drawn: waits for the recorded frames to catch up first, since a
// frame event reaches the test a little after the page drew it.
export async function drawnState(page, frames) {
  await framesCaughtUp(page, frames);
  return lastState(frames);
}

export function lastState(frames) {
  for (let i = frames.length - 1; i >= 0; i--) if (frames[i].type === "state") return frames[i];
  return undefined;
}

// Waits until it is this page's turn or the game is over; true when it is the turn.
export async function waitMine(page) {
  await page.waitForFunction(
    () => document.querySelector('.turn[data-mine="true"]') !== null || document.getElementById("app").dataset.over === "true",
    null,
    { timeout: STATE_WAIT_MS },
  );
  return isMyTurn(page);
}

// Clicks the first element of `locator` and waits until the table shows another move.
export async function act(page, locator) {
  const before = await moveOf(page);
  await locator.first().click();
  await page.waitForFunction((m) => Number(document.getElementById("app").dataset.move) !== m, before, { timeout: STATE_WAIT_MS });
}

export async function moveOf(page) {
  const v = await page.getAttribute("#app", "data-move");
  return v === null ? -1 : Number(v);
}

export async function isMyTurn(page) {
  return (await page.locator('.turn[data-mine="true"]').count()) > 0;
}

export async function isOver(page) {
  return (await page.getAttribute("#app", "data-over")) === "true";
}

async function click(page, locator, touch) {
  if (touch) await locator.tap();
  else await locator.click();
}

// Takes ONE decision on the dungeon table by clicking what the board and the hand offer, then
// waits until the page shows a later move. Returns a word for what it did.
export async function playOneDecision(page, random, { touch = false, undoChance = 0 } = {}) {
  const before = await moveOf(page);
  const undo = page.locator(".table-head .undo:not([disabled])");
  let did;
  if (undoChance > 0 && (await undo.count()) > 0 && random() < undoChance) {
    await click(page, undo, touch);
    did = "undo";
    await page.waitForFunction((m) => Number(document.getElementById("app").dataset.move) < m, before, { timeout: STATE_WAIT_MS });
    return did;
  }
  const hand = page.locator(".hand-tile:not([disabled])");
  const cells = page.locator("g.candidate");
  const preview = page.locator("g.preview");
  const targets = page.locator("g.tile.target");
  const pass = page.locator(".prompt button.pass");
  if ((await hand.count()) > 0) {
    const n = await hand.count();
    await click(page, hand.nth(Math.floor(random() * n)), touch);
    did = "tile";
  } else if ((await cells.count()) > 0) {
    const n = await cells.count();
    await click(page, cells.nth(Math.floor(random() * n)), touch);
    did = "cell";
  } else if ((await preview.count()) > 0) {
    // turn the preview on the board a few times, then commit the rotation it shows
    const turns = Math.floor(random() * 3);
    for (let i = 0; i < turns; i++) {
      const was = await preview.getAttribute("data-passages");
      await click(page, preview, touch);
      await page.waitForFunction(
        (w) => {
          const p = document.querySelector("g.preview");
          return p && (p.getAttribute("data-passages") !== w || document.querySelectorAll(".rot").length === 1);
        },
        was,
      );
    }
    const shown = await preview.getAttribute("data-passages");
    const place = page.locator(".prompt button.place");
    const selected = await page.locator(".rot.selected").getAttribute("data-passages");
    if (selected !== shown) throw new Error(`preview ${shown} but picker ${selected}`);
    await click(page, place, touch);
    did = `orient ${shown}`;
  } else if ((await targets.count()) > 0 && (random() < 0.8 || (await pass.count()) === 0)) {
    const n = await targets.count();
    await click(page, targets.nth(Math.floor(random() * n)), touch);
    did = "monster";
  } else if ((await pass.count()) > 0) {
    await click(page, pass, touch);
    did = "pass";
  } else {
    throw new Error(`nothing to click on ${page.url()} at move ${before}`);
  }
  await page.waitForFunction((m) => Number(document.getElementById("app").dataset.move) > m, before, { timeout: STATE_WAIT_MS });
  return did;
}

// Waits until one of the pages may act (or all are over); returns that page or null.
export async function waitForTurn(pages, timeoutMs = STATE_WAIT_MS) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    for (const p of pages) if (await isMyTurn(p)) return p;
    if ((await Promise.all(pages.map(isOver))).every(Boolean)) return null;
    await new Promise((r) => setTimeout(r, 40));
  }
  throw new Error("no page got the turn in time");
}

// The tiles, monsters and scores a page shows, for comparing two pages or before/after reload.
export async function boardSummary(page) {
  return page.evaluate(() => ({
    tiles: [...document.querySelectorAll("g.tile")].map((t) => `${t.dataset.x},${t.dataset.y}:${t.dataset.passages}:${t.dataset.stack}`).sort(),
    monsters: [...document.querySelectorAll("g.monster.top")].map((m) => `${m.dataset.owner}:${m.dataset.monster}`).sort(),
    scores: [...document.querySelectorAll(".player .score")].map((s) => s.textContent),
    totals: [...document.querySelectorAll(".player .breakdown")].map((s) => s.dataset.total),
    log: [...document.querySelectorAll(".log .log-line")].map((l) => l.textContent),
  }));
}

// For docs/screens only (TURF_SCREENS set; nothing otherwise): docsShots on a table of its own,
// `made` by the caller's create(), so that the pictures show a game under way (a test's own table
// may be over by then).
export async function docsShotsFresh(browser, made, name, move, ready) {
  if (!process.env.TURF_SCREENS) return;
  const { ctx, page } = await openPage(browser, made.seats[0].join, DESKTOP, ready);
  await docsShots(browser, page, made.seats[0].join, name, move);
  await ctx.close();
}

// For docs/screens only (TURF_SCREENS set; nothing otherwise): plays the seat of `page` by random
// clicks on the text list of moves until the table reaches move `move` (or its end), then shoots
// it at 1280x800 and the same seat's link on a phone at 390x844, as NAME-desktop and NAME-phone.
export async function docsShots(browser, page, link, name, move, seed = 7) {
  if (!process.env.TURF_SCREENS) return;
  const random = rng(seed);
  for (let n = 0; n < 3000; n++) {
    const at = await moveOf(page);
    if (at >= move || (await isOver(page))) break;
    const b = page.locator(".fallback-list button.legal");
    const k = await b.count();
    if (!(await isMyTurn(page)) || k === 0) {
      await page.waitForTimeout(50);
      continue;
    }
    // (the list may be redrawn meanwhile, with fewer moves: then look again)
    if (!(await b.nth(Math.floor(random() * k)).evaluate((el) => el.click(), null, { timeout: 2000 }).then(() => true, () => false))) continue;
    await page.waitForFunction((m) => Number(document.getElementById("app").dataset.move) !== m, at, { timeout: STATE_WAIT_MS }).catch(() => {});
  }
  // as a person arriving at the table sees it, from the top (the clicks above scrolled the page)
  await page.reload();
  await page.waitForSelector("#app[data-move]");
  await page.waitForTimeout(600);
  await shot(page, `${name}-desktop`, { docs: true });
  const phone = await browser.newContext(PHONE);
  const p = await phone.newPage();
  await p.goto(link);
  await p.waitForSelector("#app[data-move]");
  await p.waitForTimeout(600);
  await shot(p, `${name}-phone`, { docs: true });
  await phone.close();
}

// Fails when something on the page sticks out of the screen sideways (issue 29, a 390 px phone):
// the page wider than the viewport, an element past its left or right edge (except inside a
// board's own pan/zoom area, [data-testid="map"], or a box that scrolls or clips and itself
// fits), text cut off by its box (an ellipsis, a clipped overflow), or a name or card name broken
// inside a word.
export async function assertNoOverflow(page, what) {
  // what folds away (a breakdown, a help's "more", the text list of moves) is looked at open
  const closed = await page.evaluate(() => {
    const shut = [...document.querySelectorAll("details:not([open])")];
    shut.forEach((d, i) => {
      d.dataset.shutForCheck = String(i);
      d.open = true;
    });
    return shut.length;
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const bad = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const out = [];
    const describe = (el) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    if (document.documentElement.scrollWidth > vw + 1) out.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${vw} px screen`);
    const clipped = (el) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const st = getComputedStyle(p);
        if (st.overflowX !== "visible") {
          const r = p.getBoundingClientRect();
          return r.left >= -1 && r.right <= vw + 1;
        }
      }
      return false;
    };
    for (const el of document.querySelectorAll("body *")) {
      if (el.closest('[data-testid="map"]') || el.closest("[hidden]")) continue;
      const st = getComputedStyle(el);
      if (st.display === "none" || st.visibility === "hidden") continue;
      if (st.clipPath !== "none") continue; // visually hidden on purpose (text for screen readers)
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if ((r.right > vw + 1 || r.left < -1) && !clipped(el)) out.push(`${describe(el)} spans ${Math.round(r.left)}..${Math.round(r.right)}`);
      if (el instanceof HTMLElement && el.children.length === 0 && el.scrollWidth > el.clientWidth + 1 && (st.overflowX !== "visible" || st.textOverflow === "ellipsis") && el.clientWidth > 0)
        out.push(`${describe(el)} cuts its text (${el.scrollWidth} px in ${el.clientWidth})`);
    }
    for (const el of document.querySelectorAll("bdi.name, .y-name, .ch-card strong, .tw-acard strong")) {
      if (el.closest('[data-testid="map"]') || !el.getClientRects().length) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const m of n.textContent.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top)));
          if (tops.size > 1) out.push(`"${m[0]}" is broken over two lines in ${describe(el)}`);
        }
      }
    }
    return [...new Set(out)].slice(0, 12);
  });
  if (closed)
    await page.evaluate(() =>
      document.querySelectorAll("details[data-shut-for-check]").forEach((d) => {
        d.open = false;
        delete d.dataset.shutForCheck;
      }),
    );
  assert.deepEqual(bad, [], `${what}: ${bad.join("; ")}`);
}
