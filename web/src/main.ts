import "./style.css";
import { parseRoute } from "./api";
import { renderLobby } from "./lobby";
import { heldSeats } from "./mytables";
import { HotSeatSource, LiveSource, ReplaySource } from "./source";
import { renderTable } from "./table";

const root = document.getElementById("app")!;
let cleanup: () => void = () => {};

async function route() {
  cleanup();
  cleanup = () => {};
  const r = parseRoute(location.hash);
  if (r.page === "table") {
    document.body.dataset.page = "table";
    cleanup = renderTable(root, new LiveSource(r.table, r.token));
  } else if (r.page === "replay") {
    document.body.dataset.page = "table";
    cleanup = renderTable(root, new ReplaySource(r.table, r.at, r.view));
  } else if (r.page === "hotseat") {
    document.body.dataset.page = "table";
    cleanup = renderTable(root, new HotSeatSource(r.table, heldSeats().filter((s) => s.table === r.table)));
  } else {
    document.body.dataset.page = "lobby";
    document.title = "Turf";
    const stop = await renderLobby(root);
    cleanup = stop;
  }
}

window.addEventListener("hashchange", () => void route());
void route();
