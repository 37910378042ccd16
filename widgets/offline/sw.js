// The service worker of a published site's "Keep for offline" (offline/control.js).
//
// `trickbook publish` writes this file at the site's root as sw.js, with VERSION (the hash
// of every file it lists) and FILES (per language folder: its pages and files, and the
// shared assets: runtime, engine, widgets, catalogs, each with the sha256 of its bytes)
// filled in. It is registered only when a reader asks, with the site's folder as its
// scope; it keeps one cache per kept language, named by scope and VERSION. A new publish is a new
// sw.js: once installed, it fills new caches for the languages that were kept and drops
// the old ones.
//
// The caches belong to the whole origin: any page of it (another site under the same
// host, say) can write into them. So nothing is kept unless its bytes are those the
// build listed, and nothing is answered from a cache unless its address is one the build
// listed, inside the scope, and its bytes still have the listed hash; every other request
// goes to the network as if there were no worker.

// This script runs as a service worker: its global scope, with that type.
/* global __FILES__ -- (for ESLint) the build writes the files' list in its place */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "__VERSION__";
/** Per language folder: each file kept, by its address from the site's root, with its SRI sha256. */
const FILES = __FILES__;
// The worker acts only when registered for the folder it sits in, the site's root.
const SCOPE = sw.registration.scope;
const IN_PLACE = SCOPE === new URL("./", sw.location.href).href;
const inScope = (url) => IN_PLACE && url.startsWith(SCOPE);
// The caches are named by the scope, so that sites sharing an origin leave each other's alone:
// "trickbook-offline <scope> <version> <lang>" (control.js reads the names too).
const OWN = `trickbook-offline ${SCOPE} `;
const cacheName = (lang) => `${OWN}${VERSION} ${lang}`;
// The names before they carried the scope, "trickbook-offline-<version>-<lang>": refilled and dropped.
const LEGACY = "trickbook-offline-";
const ours = (name) => name.startsWith(OWN) || name.startsWith(LEGACY);
const langOf = (name) => name.slice(name.lastIndexOf(name.startsWith(OWN) ? " " : "-") + 1);

/** Each listed address, absolute: its hash and the languages that keep it. */
const LISTED = new Map();
for (const [lang, files] of Object.entries(FILES)) {
  for (const [path, hash] of Object.entries(files)) {
    const url = new URL(path, SCOPE).href;
    if (!inScope(url)) continue;
    const entry = LISTED.get(url) || { hash, langs: [] };
    entry.langs.push(lang);
    LISTED.set(url, entry);
  }
}

/** A failure the page is told about by its code, never by its text. */
class KeepError extends Error {
  constructor(code, detail) {
    super(`${code}: ${detail}`);
    this.code = code;
  }
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}

/** A response holding ``bytes``, with the status and headers of ``response``. */
const withBody = (bytes, response) =>
  new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });

/** The listed file at ``url`` from the network, if its bytes have the listed hash; null otherwise. */
async function fetchListed(url, hash, init) {
  const response = await fetch(url, init);
  if (!response.ok) return null;
  const bytes = await response.arrayBuffer();
  return (await sha256(bytes)) === hash ? withBody(bytes, response) : null;
}

async function keptLanguages() {
  const names = await caches.keys();
  return names.filter(ours).map(langOf);
}

async function keep(lang) {
  if (!IN_PLACE) throw new KeepError("scope", `registered for ${SCOPE}, not the folder of ${sw.location.href}`);
  if (!Object.hasOwn(FILES, lang)) throw new KeepError("language", lang);
  const files = Object.entries(FILES[lang]).map(([path, hash]) => [new URL(path, SCOPE).href, hash]);
  const outside = files.find(([url]) => !inScope(url));
  if (outside) throw new KeepError("scope", `${outside[0]} is outside ${SCOPE}`);
  // Everything is fetched and checked before anything is kept: a copy is whole or not there.
  const fetched = [];
  const queue = [...files];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [url, hash] = next;
      // cache: "reload" so that nothing stale from the browser's own cache is kept for offline.
      const response = await fetchListed(url, hash, { cache: "reload" }).catch(() => undefined);
      if (!response) {
        queue.length = 0;  // the other fetches stop too
        throw response === undefined ? new KeepError("network", url)
          : new KeepError("changed", `${url} is not the file the site was published with`);
      }
      fetched.push([url, response]);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  const cache = await caches.open(cacheName(lang));
  try {
    for (const [url, response] of fetched) await cache.put(url, response);
  } catch (err) {
    await caches.delete(cacheName(lang));
    throw new KeepError("storage", String(err));
  }
}

sw.addEventListener("install", (event) => {
  // A new version fills its caches for the languages kept before it, then takes over.
  event.waitUntil((async () => {
    for (const lang of new Set(await keptLanguages())) {
      if (Object.hasOwn(FILES, lang)) await keep(lang);
    }
    await sw.skipWaiting();
  })());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (ours(name) && !name.startsWith(`${OWN}${VERSION} `)) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

sw.addEventListener("message", (event) => {
  // Only the site's own pages may ask: a page elsewhere on the origin gets no answer.
  const source = event.source;
  if (!source || !("url" in source) || !inScope(source.url)) return;
  const { type, lang, id } = event.data || {};
  const reply = (answer) => source.postMessage({ id, ...answer });
  const work = type === "keep" ? keep(lang).then(() => ({ ok: true, version: VERSION }))
    : type === "forget" ? (async () => {
      for (const name of await caches.keys()) if (ours(name)) await caches.delete(name);
      await sw.registration.unregister();
      return { ok: true };
    })()
      : Promise.resolve({ ok: false, error: "request", detail: String(type) });
  // The page is told what failed by a code (and the details, for its console), never shown an exception.
  event.waitUntil(work.catch((err) => ({
    ok: false, error: err instanceof KeepError ? err.code : "browser", detail: String(err && err.message ? err.message : err),
  })).then(reply));
});

/** The listed address a request is for (a page's without its query), or null. */
function listedURL(request) {
  const url = new URL(request.url);
  url.hash = "";
  if (request.mode === "navigate") url.search = "";
  return inScope(url.href) && LISTED.has(url.href) ? url.href : null;
}

/** The kept copy of a listed file, if one still has the listed bytes; else the network's. */
async function answer(request, url) {
  const { hash, langs } = LISTED.get(url);
  const names = new Set(await caches.keys());
  for (const lang of langs) {
    if (!names.has(cacheName(lang))) continue;
    const cache = await caches.open(cacheName(lang));
    const hit = await cache.match(url);
    if (!hit) continue;
    const bytes = await hit.arrayBuffer();
    if (hit.ok && (await sha256(bytes)) === hash) return withBody(bytes, hit);
    // Not what the site published: never served. Online, the listed file takes its place.
    await cache.delete(url);
    const good = await fetchListed(url, hash, { cache: "no-cache" }).catch(() => null);
    if (good) {
      await cache.put(url, good.clone());
      return good;
    }
  }
  return fetch(request);
}

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = listedURL(request);
  if (url) event.respondWith(answer(request, url));
});
