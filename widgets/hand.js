// The worked hands' bootstrap, loaded as a module on every page: before the reader touches a
// hand, a page downloads only this file.
//
// Each figure.tb-hand reads without JavaScript (its tables). The build wrote the player's controls
// once into the page, as a template (trickbook_site/hand_controls.py), and each hand's data in a
// file beside the page (`data-src`). This module puts a copy of the controls in each hand
// (`.tb-dormant`). A pointer passing over them only starts the downloads (the hand's data, the
// player's modules). The first real interaction (a press, a key; never focus alone) mounts the player
// (hand-player/), which adopts those controls; a press or key that came first is played again once
// it is there. A deep link (#id=step, #id=step&present) wakes its hand at once.
//
// Two hands the build paired (div.tb-pair: one bar, two figures, trickbook_site/pairing.py) wake
// together, on the first use of the pair's bar or a deep link (#first~second=moment).

const hands = new Map(); // figure -> {waking: Promise | null, data: Promise | null, player, queue: [replayable inputs]}
const pairs = new Map(); // div.tb-pair -> the same, for the pair (its figures are in `hands` for their data)
const STEP_KEYS = new Set(["ArrowLeft", "ArrowRight", "Home", "End"]);
let mountModule = null;
const ASSETS = new URL("../", import.meta.url);

// mount.js and its imports, fetched at once (tests/test_widget_modules.py checks them).
const PLAYER_MODULES = ["i18n", "dom", "board", "trace", "engine", "engine-progress", "verdict-view"];
const PLAYER_PARTS = ["mount", "player", "state", "view", "presenter", "questions", "embed-code", "whatif", "other-rules",
  "print-one", "withhold"];

function preload(rel, path, extra) {
  document.head.append(Object.assign(document.createElement("link"), { rel, href: new URL(path, import.meta.url).href, ...extra }));
}

function playerModule() {
  if (!mountModule) {
    for (const name of PLAYER_MODULES.concat(PLAYER_PARTS.map((n) => `hand-player/${n}`))) preload("modulepreload", `${name}.js`);
    // Its catalog (pt for pt-PT, as i18n.js).
    const lang = (document.documentElement.lang || "en").split(/[-_]/)[0].toLowerCase();
    preload("preload", `../i18n/${lang}.json`, { as: "fetch", crossOrigin: "anonymous" });
    mountModule = import("./hand-player/mount.js");
  }
  return mountModule;
}

/** The hand's data (fetched once): from the file beside the page, or from an island a page may still carry. */
function handData(figure) {
  const hand = hands.get(figure);
  hand.data = hand.data || readData(figure);
  return hand.data;
}

async function readData(figure) {
  const island = figure.querySelector("script.tb-data");
  if (island) return JSON.parse(island.textContent);
  const response = await fetch(new URL(figure.dataset.src, location.href));
  if (!response.ok) throw new Error(`${response.status} for ${response.url}`);
  return response.json();
}

/** Load the player for one hand (once); resolves with the mount module when it is there. */
function wake(figure) {
  const hand = hands.get(figure);
  if (!hand) return Promise.resolve(null);
  if (!hand.waking) {
    hand.waking = Promise.all([playerModule(), handData(figure)])
      .then(async ([mount, data]) => {
        hand.player = await mount.mountHand(figure, data);
        if (!hand.player) throw new Error("no steps in the hand's data");
        for (const replay of hand.queue.splice(0)) replay();
        return mount;
      })
      .catch((err) => {
        // The tables still read: the controls go away rather than do nothing.
        console.warn("trickbook: the hand's player could not load", figure.dataset.handId, err);
        const dormant = figure.querySelector(":scope > .tb-dormant");
        if (dormant) dormant.hidden = true;
        hand.queue.length = 0;
        return null;
      });
  }
  return hand.waking;
}

/** Load the pair's player (once): both hands' data and the player's modules. */
function wakePair(root) {
  const pair = pairs.get(root);
  if (!pair) return Promise.resolve(null);
  if (!pair.waking) {
    const figures = [...root.querySelectorAll("figure.tb-hand")];
    pair.waking = Promise.all([playerModule(), ...figures.map(handData)])
      .then(async ([mount, ...data]) => {
        pair.player = await mount.mountPair(root, data);
        if (!pair.player) throw new Error("no steps in the hands' data");
        for (const replay of pair.queue.splice(0)) replay();
        return mount;
      })
      .catch((err) => {
        console.warn("trickbook: the pair's player could not load", root.dataset.pairId, err);
        for (const part of root.querySelectorAll(":scope > .tb-pair-bar, :scope > .tb-pair-how")) part.hidden = true;
        pair.queue.length = 0;
        return null;
      });
  }
  return pair.waking;
}

/** "Try other cards" pressed before the player is there: the engine starts at once where it may (state.js). */
let engineAsked = null;
const engineEarly = () => {
  engineAsked = engineAsked || import("./hand-player/state.js").then((m) => m.startEngineEarly(ASSETS)).catch(() => {});
};

/** Keep an input that came before the player, to play it again once the player is there. */
function keep(figure, replay) {
  const pair = pairs.get(figure);
  const hand = pair || hands.get(figure);
  if (hand.player) return false;
  hand.queue.push(replay);
  if (pair) wakePair(figure);
  else wake(figure);
  return true;
}

/** A copy of the page's bar for one hand, showing the hand's first step. */
function drawControls(figure, template) {
  const dormant = template.content.firstElementChild.cloneNode(true);
  const total = Math.max(0, Number(figure.dataset.steps) || 0);
  const step = Math.max(0, Math.min(total, Math.trunc(Number(figure.dataset.step)) || 0));
  const counter = dormant.querySelector(".tb-counter");
  const where = counter.dataset.where.replace("{step}", String(step)).replace("{total}", String(total));
  counter.textContent = where;
  const slider = dormant.querySelector(".tb-slider");
  Object.assign(slider, { max: String(total), value: String(step) });
  slider.setAttribute("aria-valuetext", where);
  for (const cls of ["tb-first", "tb-prev"]) dormant.querySelector(`.${cls}`).setAttribute("aria-disabled", String(step === 0));
  for (const cls of ["tb-next", "tb-last"]) dormant.querySelector(`.${cls}`).setAttribute("aria-disabled", String(step === total));
  const caption = figure.querySelector(":scope > figcaption");
  if (caption) caption.after(dormant);
  else figure.prepend(dormant);
  dormant.hidden = false;
  return dormant;
}

function hasData(figure) {
  return Boolean(figure.dataset.src || figure.querySelector("script.tb-data"));
}

/** A pair of hands: its bar (written by the build, hidden) is shown; its first use wakes both. */
function listenPair(root) {
  const bar = root.querySelector(":scope > .tb-pair-bar");
  const figures = [...root.querySelectorAll("figure.tb-hand")];
  if (!bar || figures.length !== 2 || !figures.every(hasData)) return;
  // The pair's layout (side by side, each table in a region of its own), only on a page that has one.
  const sheet = new URL("hand-pair.css", import.meta.url).href;
  if (![...document.querySelectorAll("link")].some((link) => link.rel === "stylesheet" && link.href === sheet)) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: sheet }));
  }
  for (const figure of figures) hands.set(figure, { waking: null, data: null, player: null, queue: [] });
  pairs.set(root, { waking: null, data: null, player: null, queue: [] });
  bar.hidden = false;
  for (const how of root.querySelectorAll(":scope > .tb-pair-how")) how.hidden = false;
  attach(root, bar, () => wakePair(root), figures);
}

function listen(figure, template) {
  if (!template || !hasData(figure)) return;
  const dormant = drawControls(figure, template);
  hands.set(figure, { waking: null, data: null, player: null, queue: [] });
  attach(figure, dormant, () => wake(figure), [figure]);
}

/** The controls' first uses: a pointer over them fetches ahead, a press or key is kept and played again.
 * Focus alone fetches nothing: a keyboard passing through a hand on its way down the page downloads nothing. */
function attach(figure, dormant, soon, figures) {
  dormant.addEventListener("pointerdown", (event) => {
    // A press on "Try other cards" asks about the engine before the player's modules are asked for, so
    // that the engine's first files do not wait behind them for a connection.
    if (event.target.closest(".tb-try")) engineEarly();
    soon();
  }, { passive: true });
  const fetchAhead = () => {
    playerModule().catch(() => {});
    for (const f of figures) handData(f).catch(() => {});
  };
  dormant.addEventListener("pointerover", fetchAhead, { once: true, passive: true });
  dormant.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button && keep(figure, () => button.click())) {
      event.preventDefault();
      // "Try other cards": start the engine now if it may (state.js).
      if (button.matches(".tb-try")) engineEarly();
    }
  });
  dormant.addEventListener("input", (event) => {
    const slider = event.target;
    if (!slider.matches(".tb-slider")) return;
    const value = slider.value;
    keep(figure, () => {
      slider.value = value;
      slider.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });
  figure.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!STEP_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    if (target.matches("input, textarea, select, .tb-scroll, .tb-pair-side")) return;
    if (keep(figure, () => target.dispatchEvent(new KeyboardEvent("keydown", { key: event.key, bubbles: true, cancelable: true })))) {
      event.preventDefault();
    }
  });
}

/** The hand a deep link (#id=step) names, woken; then the player moves to the step. */
function followHash() {
  const text = decodeURIComponent(location.hash.replace(/^#/, "")).split("&")[0];
  const at = text.lastIndexOf("=");
  if (at <= 0) return;
  const id = text.slice(0, at);
  // A pair answers to its own id and to each of its hands' ids.
  const root = [...pairs.keys()].find((p) => p.dataset.pairId === id || p.querySelector(`figure[data-hand-id="${CSS.escape(id)}"]`));
  if (root) {
    wakePair(root).then((mount) => mount && mount.applyHash());
    return;
  }
  const figure = [...hands.keys()].find((f) => f.dataset.handId === id && !f.closest(".tb-pair"));
  if (figure) wake(figure).then((mount) => mount && mount.applyHash());
}

/**
 * The language chooser's links already lead to this page in the other language
 * (and carry a hand's deep link). Material would instead look the page up in a
 * sitemap that a site without an absolute `site_url` leaves empty, and send the
 * reader to the other language's home page: let the link do what it says.
 */
function followLanguageLink(event) {
  const link = event.target instanceof Element ? event.target.closest("a[hreflang].md-select__link") : null;
  if (link && link.href) event.stopPropagation();
}

function start() {
  // For translators: `?i18n-keys` shows each segment's English source on hover (i18n-keys.js).
  if (new URLSearchParams(location.search).has("i18n-keys")) {
    import("./i18n-keys.js").then((keys) => keys.showKeys()).catch((err) => console.warn("trickbook: i18n-keys", err));
  }
  const template = document.querySelector("template.tb-controls-template");
  for (const root of document.querySelectorAll(".tb-pair")) {
    if (!pairs.has(root)) listenPair(root);
  }
  for (const figure of document.querySelectorAll("figure.tb-hand")) {
    if (!hands.has(figure) && !figure.closest(".tb-pair")) listen(figure, template);
  }
  followHash();
}

// A published site offers "Keep for offline" (offline/control.js): `trickbook publish` names its service worker.
if (document.querySelector('meta[name="trickbook-offline"]')) import("./offline/control.js");

document.addEventListener("click", followLanguageLink, true);
window.addEventListener("hashchange", followHash);
if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(start);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
