// What the page address (or the table's container) sets for a play table: the decision timer and the
// bots' pace for tests (`?timer=SECONDS&pace=MS`, `data-timer` / `data-pace`), and a pinned deal (`?seed=`).

/** A number the address or the container sets (`?NAME=` first, then `data-NAME`); null when neither does or it is not one. */
export function setting(root, name) {
  const fromUrl = new URLSearchParams(location.search).get(name);
  const value = Number(fromUrl ?? root.dataset[name]);
  return fromUrl !== null || root.dataset[name] !== undefined ? (Number.isFinite(value) && value >= 0 ? value : null) : null;
}

/** The seed the page address pins, in lowercase; null when it names none, "" when it names a malformed one. */
export function pinnedSeed() {
  const text = new URLSearchParams(location.search).get("seed");
  if (text === null) return null;
  return /^[0-9a-f]{64}$/i.test(text.trim()) ? text.trim().toLowerCase() : "";
}
