// Being told it is your turn (issue 30): the tab's icon carries a mark while a table waits for
// you, and, when the player asked for it with a click (never on load), the browser notifies a
// turn that comes while the tab is in the background. A notification says only what the tab's
// title says: the game and "your turn".

// The tab's icon: a green square with a "T"; with `yourTurn`, an orange dot in its corner.
export function faviconHref(yourTurn: boolean): string {
  const dot = yourTurn ? `<circle cx="25" cy="7" r="7" fill="#e69f00" stroke="#1d1b22" stroke-width="2"/>` : "";
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">` +
    `<rect x="1" y="3" width="28" height="28" rx="6" fill="#1e5b4b"/>` +
    `<path d="M8 10h14v4h-5v13h-4V14H8z" fill="#f1ece3"/>${dot}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function setFavicon(yourTurn: boolean) {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  const href = faviconHref(yourTurn);
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  link.dataset.turn = String(yourTurn);
}

// Whether a "Notify me" button makes sense: the browser has notifications and the player was
// not asked yet (after "granted" or "denied" the button has nothing to do).
export function canAskToNotify(): boolean {
  return typeof Notification !== "undefined" && Notification.permission === "default";
}

export function notificationsOn(): boolean {
  return typeof Notification !== "undefined" && Notification.permission === "granted";
}

// Asks the browser once; only ever called from a click.
export async function askToNotify(): Promise<boolean> {
  if (typeof Notification === "undefined") return false;
  return (await Notification.requestPermission()) === "granted";
}

// A turn that became yours: notified only when the player allowed it and is looking elsewhere.
// One notification per table (`tag`): a newer turn replaces the older one.
export function notifyTurn(title: string, tag: string) {
  if (!notificationsOn() || !document.hidden) return;
  try {
    const n = new Notification("Your turn", { body: title, tag, icon: faviconHref(true) });
    n.onclick = () => {
      window.focus();
      n.close();
    };
  } catch {
    // a browser that allows notifications only from a service worker: the title and icon say it
  }
}

// The turns that became yours since the last look: the ids in `now` not in `before`. The first
// look (before === null) notifies nothing: those turns were there when the page opened.
export function newTurns(before: Set<string> | null, now: Set<string>): string[] {
  if (before === null) return [];
  return [...now].filter((id) => !before.has(id));
}
