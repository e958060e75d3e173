// The card texts of a game (GET /api/games/ID/cards, as `turf cards ID --json` prints them),
// fetched once per page, game and content variant. Views name cards by their ids; drawings look
// the texts up here to show on hover and tap. Resolves to [] when the server cannot answer
// (drawings then show names derived from the ids).
const cache = new Map<string, Promise<unknown[]>>();

// The name of the content variant a table plays, from its options: "base" for the game's own, else
// the name in the option's text ({"name": ..., "patch": ...}, docs/lab.md "Variants").
export function variantName(options: Record<string, unknown> | undefined): string {
  const text = options?.variant;
  if (typeof text !== "string" || text === "base") return "base";
  try {
    const j: unknown = JSON.parse(text);
    const name = j && typeof j === "object" ? (j as { name?: unknown }).name : undefined;
    return typeof name === "string" && /^[A-Za-z0-9_-]{1,40}$/.test(name) ? name : "base";
  } catch {
    return "base";
  }
}

// The texts as the variant `variant` has them (a variant the server offers, by name).
export function cardTexts(game: string, variant = "base"): Promise<unknown[]> {
  const key = `${game}\n${variant}`;
  let p = cache.get(key);
  if (!p) {
    const query = variant === "base" ? "" : `?variant=${encodeURIComponent(variant)}`;
    p = fetch(`api/games/${encodeURIComponent(game)}/cards${query}`)
      .then((r) => (r.ok ? r.json() : []))
      .then((j: unknown) => (Array.isArray(j) ? j : []))
      .catch(() => []);
    cache.set(key, p);
  }
  return p;
}
