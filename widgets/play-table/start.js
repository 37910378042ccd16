// The play table's bootstrap, the one script a play page loads before the reader touches it.
//
// The build wrote the table's opening controls into the page, hidden (`.tbt-intro`:
// the players' count for Nap, the bots' level, Start, the status line; see trickbook_site/on_demand.py).
// This module shows them in place of the message for readers without JavaScript and
// imports the table (table.js, its view, the catalog) when the reader comes to them:
// the pointer over them, focus, a press. A press of Start that comes before the table
// is there is kept and made again once it is. A saved match (persistence.js) is
// resumed at once, as before. The bots' level is read and saved as the table does it. A page that
// names a table server (`<meta name="trickbook-online">`, put in by `trickbook serve` or the
// site's settings) also offers play with others (widgets/online/online.js, imported only then).
// Once the reader's controls answer (shown and listened to, or a saved match's table
// mounted), the table's root says so: `data-table="ready"`.

import { siteGames } from "../games.js";
import { loadSaved, loadSettings, saveSettings } from "./persistence.js";

const ASSETS = new URL("../../", import.meta.url);
let loading = null;

function addStylesheets() {
  for (const name of ["table.css", "felt.css"]) {
    const href = new URL(`widgets/play-table/${name}`, ASSETS).href;
    if ([...document.querySelectorAll("link")].some((link) => link.rel === "stylesheet" && link.href === href)) continue;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.append(link);
  }
}

/** Import the table and mount it on the page's tables (once). */
function load() {
  loading = loading || import("./table.js").then((table) => table.mount()).catch((err) => {
    console.warn("trickbook: the play table could not load", err);
  });
  return loading;
}

/**
 * The table's skip link (the build wrote it in the table) goes after the theme's own, at the top of
 * the page: the keyboard reaches it at the second Tab. It takes the focus to Start, or, once a match
 * is on, to the decision at hand (table.js listens for "tbt-skip").
 */
function placeSkipLink(root) {
  const link = root.querySelector(":scope > .tbt-skip");
  if (!link) return;
  root.id = root.id || link.hash.slice(1);
  const theirs = document.querySelector("a.md-skip:not(.tbt-skip)");
  if (theirs) theirs.after(link);
  else document.body.prepend(link);
  link.hidden = false;
  link.addEventListener("click", (event) => {
    event.preventDefault();
    const start = root.querySelector(".tbt-start");
    if (start && start.offsetParent !== null) {
      start.scrollIntoView({ block: "center" });
      start.focus();
    } else {
      root.dispatchEvent(new CustomEvent("tbt-skip"));
    }
  });
}

function prepare(root) {
  placeSkipLink(root);
  const intro = root.querySelector(":scope > .tbt-intro");
  if (!intro || loadSaved(root.dataset.game)) {
    load().then(() => { root.dataset.table = "ready"; });
    return;
  }
  for (const node of root.children) if (node !== intro) node.hidden = true;
  intro.hidden = false;
  // The bots' level the reader chose on an earlier visit (persistence.js's settings), shown at once.
  const gentle = intro.querySelector(".tbt-gentle");
  if (gentle) gentle.checked = loadSettings().level === "gentle";
  // The decision timer is off for a reader who asks for reduced motion; Start reads the box.
  const timer = intro.querySelector(".tbt-timer-on");
  if (timer && window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) timer.checked = false;
  const soon = () => load();
  for (const type of ["pointerover", "pointerdown", "focusin"]) intro.addEventListener(type, soon, { passive: true });
  intro.addEventListener("change", (event) => {
    // Ticked before the table was there: remembered at once, as the table does; the table reads it.
    if (event.target === gentle && !root.dataset.tbMounted) saveSettings({ level: gentle.checked ? "gentle" : "strong" });
  });
  intro.addEventListener("click", (event) => {
    const start = event.target instanceof Element ? event.target.closest(".tbt-start") : null;
    if (!start || root.dataset.tbMounted) return;
    // Pressed before the table was there: press it again once it is (the same button, adopted).
    load().then(() => {
      if (root.dataset.tbMounted) start.click();
    });
  });
  root.dataset.table = "ready";
}

/** The table mounted on `root` (table.js), for the online table to play through. */
async function tableOf(root) {
  await load();
  const table = await import("./table.js");
  return table.tables.get(root);
}

async function start() {
  addStylesheets();
  const server = /** @type {HTMLMetaElement|null} */ (document.querySelector('meta[name="trickbook-online"]'));
  const base = server && server.content ? server.content : null;
  // Only the games the site knows (assets/games.json, from the engine's registry).
  const known = await siteGames();
  for (const root of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("div.tb-table[data-game]"))) {
    if (!Object.hasOwn(known, root.dataset.game) || root.dataset.tbMounted) continue;
    // Opened by a table's join link: the table plays online, and no saved match resumes under it.
    if (base && location.hash.startsWith("#join=")) root.dataset.onlineJoin = location.hash.slice(6);
    prepare(root);
    if (base) {
      import("../online/online.js").then((online) => online.offer(root, base, () => tableOf(root)))
        .catch((err) => console.warn("trickbook: play with others could not load", err));
    }
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
