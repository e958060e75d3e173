// The whole browser suite in one process, so that every file shares one `turf serve` and one
// Chromium (harness.mjs shared()): `node --test tests/browser/run.mjs` (npm run test:browser).
// A single file still runs alone: `node --test tests/browser/dungeon.test.mjs`.
import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.env.TURF_BROWSER_ONLY; // e.g. "dungeon,shell"
for (const f of readdirSync(here).filter((n) => n.endsWith(".test.mjs")).sort()) {
  if (only && !only.split(",").some((o) => f.startsWith(o))) continue;
  await import(pathToFileURL(`${here}/${f}`).href);
}
