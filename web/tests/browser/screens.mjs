// Screenshots for docs/screens/ (not a test): seats a human against bots, plays it by random clicks
// on the text list of moves up to a move number, then shoots 1280x800 and 390x844.
// Usage: TURF_BIN=build/ci/turf node tests/browser/screens.mjs GAME PLAYERS MOVES OUTDIR [BOT]
import { startServer, launchBrowser, DESKTOP, PHONE, rng } from "./harness.mjs";
const [game, players, moves, out, bot] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4]), process.argv[5], process.argv[6] ?? "greedy"];
const server = await startServer();
const browser = await launchBrowser();
try {
  const seats = [{ kind: "human", name: "Ann" }];
  for (let i = 1; i < players; i++) seats.push({ kind: "bot", bot, name: "" });
  const r = await fetch(server.url + "api/tables", { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url.replace(/\/$/, "") }, body: JSON.stringify({ game, options: { players: String(players) }, seats }) });
  const made = await r.json();
  if (!r.ok) throw new Error(JSON.stringify(made));
  const join = made.seats[0].join;
  const ctx = await browser.newContext(DESKTOP);
  const page = await ctx.newPage();
  page.on("pageerror", (e) => console.log("pageerror", e.message));
  await page.goto(join);
  const random = rng(7);
  for (let n = 0; n < 2000; n++) {
    await page.waitForFunction(() => document.getElementById("app").dataset.move !== undefined);
    const mv = Number(await page.getAttribute("#app", "data-move"));
    if (mv >= moves || (await page.getAttribute("#app", "data-over")) === "true") break;
    const mine = (await page.locator('.turn[data-mine="true"]').count()) > 0;
    if (!mine) { await page.waitForTimeout(100); continue; }
    const b = page.locator(".fallback-list button.legal");
    const k = await b.count();
    if (!k) { await page.waitForTimeout(100); continue; }
    const before = mv;
    await b.nth(Math.floor(random() * k)).evaluate((el) => el.click());
    await page.waitForFunction((m) => Number(document.getElementById("app").dataset.move) !== m, before, { timeout: 15000 }).catch(() => {});
  }
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${game}-${players}-desktop.png` });
  const phone = await browser.newContext(PHONE);
  const pp = await phone.newPage();
  await pp.goto(join);
  await pp.waitForTimeout(1200);
  await pp.screenshot({ path: `${out}/${game}-${players}-phone.png`, fullPage: false });
  await pp.screenshot({ path: `${out}/${game}-${players}-phone-full.png`, fullPage: true });
  console.log("move", await page.getAttribute("#app", "data-move"));
} finally {
  await browser.close();
  await server.stop();
  server.cleanup();
}
