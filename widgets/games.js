// The games this site knows, as the build wrote them from the engine's registry (assets/games.json,
// trickbook_site/assets.py from trickbook.table.page_data): each game's choices before Start (the
// players' counts, the session's lengths in rounds, and the one of each chosen first). A play table
// or a drill mounts only on a `data-game` found there; no widget names a game. What a table shows
// once a match is on comes with the engine's view (`view.shows`), and a drill's hints with its answer.

const ASSETS = new URL("../", import.meta.url);
let games = null;

/** The site's games by name: {name: {players, players_first, rounds, rounds_first}} ({} if unreadable). */
export function siteGames() {
  games = games || fetch(new URL("games.json", ASSETS))
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`games.json: ${response.status}`))))
    .catch((err) => {
      console.warn("trickbook: the site's list of games could not be read", err);
      return {};
    });
  return games;
}

/** The entry of one game, or null for a name the site does not know. */
export async function siteGame(name) {
  const known = await siteGames();
  return typeof name === "string" && Object.hasOwn(known, name) ? known[name] : null;
}
