// The card texts of a game (GET /api/games/ID/cards, as `turf cards ID --json` prints them),
// fetched once per page and game. Views name cards by their ids; drawings look the texts up here
// to show on hover and tap. Resolves to [] when the server cannot answer (drawings then show
// names derived from the ids).
const cache = new Map<string, Promise<unknown[]>>();

export function cardTexts(game: string): Promise<unknown[]> {
  let p = cache.get(game);
  if (!p) {
    p = fetch(`api/games/${encodeURIComponent(game)}/cards`)
      .then((r) => (r.ok ? r.json() : []))
      .then((j: unknown) => (Array.isArray(j) ? j : []))
      .catch(() => []);
    cache.set(game, p);
  }
  return p;
}
