// Finding the worked hands of a page and mounting a player on each; deep links
// (#id=step, #id=step&present) and the language chooser's links.

import { loadCatalog } from "../i18n.js";
import { el, onEveryPage } from "../board.js";
import { HandPlayer } from "./player.js";
import { parseHash } from "./state.js";
import { expandTrace } from "../trace.js";

const ASSETS = new URL("../../", import.meta.url);
const players = new Map(); // hand id -> HandPlayer

/** The engine is gone for the rest of the page (e.g. it stopped answering): every hand says so. */
function engineFailed() {
  for (const player of players.values()) {
    if (player.figure.dataset.engine === "live") player.markFailed();
  }
}

/**
 * The language chooser leads to the same page in another language; carry a
 * hand's deep link (#id=step) along, so that the reader lands on the same step.
 */
function carryHashToOtherLanguages() {
  const target = parseHash(location.hash);
  for (const link of document.querySelectorAll("a[hreflang].md-select__link")) {
    const url = new URL(link.href, location.href);
    url.hash = target && players.has(target.id) ? location.hash : "";
    link.href = url.href;
  }
}

function readIsland(figure) {
  const island = figure.querySelector(":scope > script.tb-data, script.tb-data");
  if (!island) return null;
  try {
    return JSON.parse(island.textContent);
  } catch (err) {
    console.warn("trickbook: unreadable hand data", figure.dataset.handId, err);
    return null;
  }
}

function pageLanguage(figures) {
  const htmlLang = document.documentElement.lang;
  if (htmlLang) return htmlLang;
  const data = figures.length ? readIsland(figures[0]) : null;
  return (data && data.lang) || "en";
}

function ensureStylesheet() {
  const href = new URL("widgets/hand.css", ASSETS).href;
  const present = [...document.querySelectorAll("link[rel='stylesheet']")].some((link) => link.href === href);
  if (!present) document.head.append(el("link", { rel: "stylesheet", href }));
}

function applyHash() {
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

async function mount() {
  const figures = [...document.querySelectorAll("figure.tb-hand")].filter((f) => !f.dataset.tbMounted);
  if (!figures.length) return;
  ensureStylesheet();
  await loadCatalog(new URL("i18n/", ASSETS), pageLanguage(figures));
  for (const figure of figures) {
    const data = readIsland(figure);
    if (!data || expandTrace(data.replay).length === 0) continue; // the pre-rendered tables stay as they are
    figure.dataset.tbMounted = "true";
    players.set(figure.dataset.handId || data.id, new HandPlayer(figure, data, {
      assets: ASSETS, onStep: carryHashToOtherLanguages, onFail: engineFailed,
    }));
  }
  applyHash();
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

export function start() {
  document.addEventListener("click", followLanguageLink, true);
  window.addEventListener("hashchange", applyHash);
  onEveryPage(mount);
}
