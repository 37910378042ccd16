// Mounting a player on a worked hand (hand.js calls it on the reader's first interaction);
// deep links (#id=step, #id=step&present) and the language chooser's links.

import { loadCatalog } from "../i18n.js";
import { addStylesheet } from "../dom.js";
import { HandPlayer } from "./player.js";
import { parseHash } from "./state.js";
import { expandTrace } from "../trace.js";

const ASSETS = new URL("../../", import.meta.url);
const players = new Map(); // hand id -> HandPlayer
const mounted = new Map(); // figure -> HandPlayer
let catalogLoaded = null; // the page language's catalog, fetched once for every hand

/** The engine is gone for the rest of the page (e.g. it stopped answering): every hand says so. */
function engineFailed() {
  for (const player of mounted.values()) {
    if (player.figure.dataset.engine === "live") player.markFailed();
  }
}

/**
 * The language chooser leads to the same page in another language; carry a
 * hand's deep link (#id=step) along, so that the reader lands on the same step.
 */
function carryHashToOtherLanguages() {
  const target = parseHash(location.hash);
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("a[hreflang].md-select__link"))) {
    const url = new URL(link.href, location.href);
    url.hash = target && players.has(target.id) ? location.hash : "";
    link.href = url.href;
  }
}

function pageLanguage(data) {
  return document.documentElement.lang || (data && data.lang) || "en";
}

function ensureStylesheet() {
  addStylesheet(new URL("widgets/hand.css", ASSETS).href);
}

export function applyHash() {
  const target = parseHash(location.hash);
  if (!target) return;
  const player = players.get(target.id);
  if (!player) return;
  player.showRecordAt(target.step);
  if (target.present) {
    // Opened from a link, not a click: the browser refuses full screen, the window fills instead.
    player.setPresenter(true);
  } else {
    player.figure.scrollIntoView({ block: "start" });
  }
  carryHashToOtherLanguages();
}

/**
 * Mount the player on one hand, given its data (the island the build wrote beside the
 * page); hand.js calls this on the reader's first interaction. Resolves with the
 * player, or null when the data holds no steps (the pre-rendered tables stay as they are).
 */
export async function mountHand(figure, data) {
  ensureStylesheet();
  catalogLoaded = catalogLoaded || loadCatalog(new URL("i18n/", ASSETS), pageLanguage(data));
  await catalogLoaded;
  if (mounted.has(figure)) return mounted.get(figure);
  if (!data || expandTrace(data.replay).length === 0) return null;
  figure.dataset.tbMounted = "true";
  const player = new HandPlayer(figure, data, { assets: ASSETS, onStep: carryHashToOtherLanguages, onFail: engineFailed });
  mounted.set(figure, player);
  const id = figure.dataset.handId || data.id;
  if (!players.has(id)) players.set(id, player); // a deep link opens the first hand of that id
  return player;
}

/**
 * Mount one player on two paired hands (div.tb-pair), given both hands' data; hand.js calls
 * this on the reader's first interaction with the pair. A deep link names the pair
 * (#first~second=moment) or one of its hands (#id=step: the pair moves to that step's moment).
 */
export async function mountPair(root, data) {
  ensureStylesheet();
  catalogLoaded = catalogLoaded || loadCatalog(new URL("i18n/", ASSETS), pageLanguage(data[0]));
  await catalogLoaded;
  if (mounted.has(root)) return mounted.get(root);
  if (data.some((d) => !d || expandTrace(d.replay).length === 0)) return null;
  const { PairPlayer } = await import("./pair.js");
  if (mounted.has(root)) return mounted.get(root);
  const pair = new PairPlayer(root, data, { assets: ASSETS, onStep: carryHashToOtherLanguages });
  mounted.set(root, pair);
  if (!players.has(pair.id)) players.set(pair.id, pair);
  pair.tables.forEach((table, side) => {
    if (!players.has(table.id)) players.set(table.id, pair.side(side));
  });
  return pair;
}
