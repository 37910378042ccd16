// The service worker of a published site's "Keep for offline" (offline/control.js).
//
// `trickbook publish` writes this file at the site's root as sw.js, with VERSION (the hash
// of the site's shared assets) and FILES (per language folder: its pages and files, and
// the shared assets: runtime, engine, widgets, catalogs) filled in. It is registered
// only when a reader asks; it keeps one cache per kept language, named by VERSION, and
// answers from it, the network otherwise. A new publish is a new sw.js: once installed,
// it fills new caches for the languages that were kept and drops the old ones.

// This script runs as a service worker: its global scope, with that type.
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const VERSION = "__VERSION__";
const FILES = __FILES__;
const PREFIX = "trickbook-offline-";
const cacheName = (lang) => `${PREFIX}${VERSION}-${lang}`;

async function keptLanguages() {
  const names = await caches.keys();
  return names.filter((n) => n.startsWith(PREFIX)).map((n) => n.slice(n.lastIndexOf("-") + 1));
}

async function keep(lang) {
  if (!FILES[lang]) throw new Error(`no such language: ${lang}`);
  const cache = await caches.open(cacheName(lang));
  // cache: "reload" so that nothing stale from the browser's own cache is kept for offline.
  await cache.addAll(FILES[lang].map((path) => new Request(new URL(path, sw.registration.scope), { cache: "reload" })));
}

sw.addEventListener("install", (event) => {
  // A new version fills its caches for the languages kept before it, then takes over.
  event.waitUntil((async () => {
    for (const lang of new Set(await keptLanguages())) {
      if (FILES[lang]) await keep(lang);
    }
    await sw.skipWaiting();
  })());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && !name.startsWith(`${PREFIX}${VERSION}-`)) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

sw.addEventListener("message", (event) => {
  const { type, lang, id } = event.data || {};
  const reply = (answer) => event.source && event.source.postMessage({ id, ...answer });
  const work = type === "keep" ? keep(lang).then(() => ({ ok: true, version: VERSION }))
    : type === "forget" ? (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX)) await caches.delete(name);
      await sw.registration.unregister();
      return { ok: true };
    })()
      : Promise.resolve({ ok: false, error: `unknown request ${type}` });
  event.waitUntil(work.catch((err) => ({ ok: false, error: String(err && err.message ? err.message : err) })).then(reply));
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  event.respondWith((async () => {
    const names = (await caches.keys()).filter((n) => n.startsWith(`${PREFIX}${VERSION}-`));
    for (const name of names) {
      const cache = await caches.open(name);
      const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      if (hit) return hit;
    }
    return fetch(request);
  })());
});
