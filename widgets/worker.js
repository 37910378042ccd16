// The module Web Worker that runs Pyodide and the engine's JSON facade (trickbook.web).
//
// Requests are {id, type: "load" | "whatif" | "variants" | "variant_whatif" | "question_cost" | "practice"
// | "practice_cost" | "table_…", ...}; every request gets exactly one reply {id, ok: true, result} or {id, ok: false, error: {kind, message}}.
// The runtime boots once, when the worker starts; requests are handled one at a time.

import { bootFiles, fromCache } from "./hand-player/state.js";

const CALLS = {
  // The hand players: read a record the page shows (nothing is replayed), then branch from it.
  load: (web, req) => web.load_json(req.record),
  whatif: (web, req) => web.whatif_json(req.record, req.step, req.action, req.seed),
  // "Under other rules": the record under each house rule of its game decided the other way.
  variants: (web, req) => web.variants_json(req.record, req.seed || 0),
  // ... and a "what if" from one step at such a table: the record under the rule up to there, then the reader's card.
  variant_whatif: (web, req) => web.variant_whatif_json(req.record, req.option, req.step, req.action, req.seed || 0),
  // Questions (hand-player/questions.js, practice/): a wrong card played out, a drill's next position.
  question_cost: (web, req) => questions().cost_json(req.record, req.step, req.seat, req.card, req.right, req.level || "gentle"),
  practice: (web, req) => questions().practice_json(req.game, req.seed, req.number),
  practice_cost: (web, req) => questions().practice_cost_json(req.game, req.seed, req.number, req.card, req.right),
  // The play table (play-table/): trickbook.table.facade keeps each open table by its id.
  // A missing value is left out (JavaScript's null would reach Python as JsNull, not None).
  table_new: (web, req) => table().table_new_json.callKwargs({
    ...(req.game ? { game: req.game } : {}),
    ...(req.seat ? { seat: req.seat } : {}),
    ...(req.seed ? { seed: req.seed } : {}),
    ...(req.players ? { players: req.players } : {}),
    ...(req.rounds ? { rounds: req.rounds } : {}),
    ...(req.level ? { level: req.level } : {}),
    // House rules agreed before the match: a plain object of true/false options, as a Python dict.
    ...(req.rules && Object.keys(req.rules).length ? { rules: pyodideRef.toPy(req.rules) } : {}),
  }),
  table_resume: (web, req) => table().table_resume_json(req.saved),
  table_act: (web, req) => table().table_act_json(req.table, req.action),
  table_timeout: (web, req) => table().table_timeout_json(req.table),
  table_next: (web, req) => table().table_next_json(req.table),
  table_explain: (web, req) => table().table_explain_json(req.table, req.target),
};

// The play table's facade, imported on the first table request only.
let pyodideRef = null;
let tableFacade = null;
function table() {
  if (!tableFacade) tableFacade = pyodideRef.pyimport("trickbook.table.facade");
  return tableFacade;
}

// The questions' facade, imported on the first question request only.
let questionsFacade = null;
function questions() {
  if (!questionsFacade) questionsFacade = pyodideRef.pyimport("trickbook.questions.facade");
  return questionsFacade;
}

// assets/runtime.json says where the runtime lives, relative to assets/; assets/snapshot.json,
// when the build made one, names a memory snapshot of that runtime with the engine imported.
//
// The worker is outside the page's meta CSP (a meta policy does not reach a worker), so it
// keeps to the rule itself: everything it loads (the runtime, the engine, the snapshot) is on
// this site's own origin, or it is not loaded at all.
const ASSETS = new URL("../", import.meta.url);
const RUNTIME_JSON = new URL("runtime.json", ASSETS);
const SNAPSHOT_JSON = new URL("snapshot.json", ASSETS);

// The same rule for whatever the runtime itself fetches (its wasm, its library, the engine's wheel).
// A file the worker already started fetching (to judge the link by its first bytes) is handed over.
const siteFetch = self.fetch.bind(self);
const started = new Map(); // URL -> the Promise of its Response

/** Fetch `url` now for the runtime to pick up later; a failure is the runtime's to see, when it asks. */
function startFetch(url, wrap = (response) => response) {
  const response = siteFetch(url.href).then(wrap);
  response.catch(() => {}); // not unhandled while nobody has asked for it yet
  started.set(url.href, response);
  return response;
}
self.fetch = (input, init) => {
  let url;
  try {
    url = sameOrigin(input instanceof Request ? input.url : String(input), self.location.href, "a file the engine asked for");
  } catch (err) {
    return Promise.reject(err);
  }
  if (started.has(url.href)) {
    const response = started.get(url.href);
    started.delete(url.href);
    return response;
  }
  const response = siteFetch(input instanceof Request ? input : url.href, init);
  return progress.watching(url) ? response.then((r) => counted(r, url)) : response;
};

/** `url` resolved against `base`, when it stays on this site's origin; an Error naming `what` otherwise. */
function sameOrigin(url, base, what) {
  const resolved = new URL(url, base);
  if (resolved.origin !== self.location.origin) throw new Error(`${what} is not on this site (${resolved.origin})`);
  return resolved;
}

// ----- how far the download is: the page shows it, and waits as long as bytes keep coming -------
//
// {phase: "download", done, total} as the runtime's files arrive (bytes as stored, the build's
// sizes: assets/runtime.json), then {phase: "start"} once the runtime has started. The wasm is not
// wrapped (a Response made here would lose the browser's compiled-code cache on the next visit),
// and the runtime's modules are imported, not fetched: they count when they have arrived, while
// the files beside them show their bytes as they come.
const progress = {
  prefixes: [], // the runtime's and the engine's folders
  total: 0,
  done: 0,
  whole: new Set(), // files counted whole, when their fetch finished
  watching(url) {
    return this.prefixes.some((prefix) => url.href.startsWith(prefix));
  },
  add(bytes) {
    this.done += bytes;
    postMessage({ progress: { phase: "download", done: Math.min(this.done, this.total), total: this.total } });
  },
};

try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!/\.(wasm|mjs)$/.test(new URL(entry.name).pathname) || progress.whole.has(entry.name) || !progress.watching(new URL(entry.name))) continue;
      progress.whole.add(entry.name);
      progress.add(/** @type {PerformanceResourceTiming} */ (entry).decodedBodySize || 0);
    }
  }).observe({ type: "resource", buffered: true });
} catch {
  // No resource timing here: the wasm's bytes are not shown, the rest is.
}

/** `response` with its body counted as it is read (headers and status kept). */
function counted(response, url) {
  if (!response.ok || !response.body || url.pathname.endsWith(".wasm")) return response;
  const counter = new TransformStream({
    transform(chunk, controller) {
      progress.add(chunk.byteLength);
      controller.enqueue(chunk);
    },
  }, undefined, { highWaterMark: 64 * 1024 * 1024, size: (chunk) => chunk.byteLength });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status, statusText: response.statusText, headers: response.headers,
  });
}

async function fetchJSON(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname.split("/").pop()}: HTTP ${response.status}`);
  return response.json();
}

/** What assets/snapshot.json says, or null when there is none or it cannot be used: any problem with it
 * (unreadable, not the shape the build writes, a file elsewhere than this site) is one console warning,
 * and the engine boots normally. */
async function snapshotAbout() {
  try {
    const response = await fetch(SNAPSHOT_JSON);
    if (response.status === 404) return null; // the build made no snapshot
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const about = await response.json();
    const fine = about && typeof about === "object" && typeof about.file === "string"
      && typeof about.pyodide === "string" && typeof about.engine === "string";
    if (!fine) throw new Error("it is not a description of a snapshot");
    return { ...about, url: sameOrigin(about.file, ASSETS, "the snapshot file") };
  } catch (err) {
    console.warn(`trickbook: the engine snapshot's description (snapshot.json) cannot be used (${firstLine(err)}); booting normally`);
    return null;
  }
}

function firstLine(err) {
  return String(err && err.message ? err.message : err).split("\n")[0];
}

/** The snapshot's bytes, unzipped as they arrive (the file is gzip, whatever the server says). */
async function fetchSnapshot(url, cached) {
  const response = cached ? counted(cached, url) : await fetch(url);
  if (!response.ok) throw new Error(`the snapshot: HTTP ${response.status}`);
  const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unzipped).arrayBuffer());
}

/** Boot from the snapshot; null (and a console warning) when it does not fit this runtime. */
async function bootFromSnapshot(loadPyodide, options, about, version, cached) {
  if (about.pyodide !== version) {
    console.warn(`trickbook: the engine snapshot is for Pyodide ${about.pyodide}, not ${version}; booting normally`);
    return null;
  }
  const bytes = fetchSnapshot(about.url, cached);
  bytes.catch(() => {});
  let pyodide;
  try {
    pyodide = await loadPyodide({ ...options, _loadSnapshot: bytes });
  } catch (err) {
    console.warn(`trickbook: the engine snapshot did not load (${firstLine(err)}); booting normally`);
    return null;
  }
  const tag = pyodide.globals.get("_TRICKBOOK_SNAPSHOT");
  if (tag !== about.engine) {
    console.warn(`trickbook: the engine snapshot holds engine ${tag}, not ${about.engine}; booting normally`);
    return null;
  }
  return pyodide;
}

async function bootNormally(loadPyodide, options) {
  // The `packages` option fetches the engine's wheel while the runtime starts.
  const pyodide = await loadPyodide({ ...options, packages: ["trickbook"] });
  try {
    pyodide.pyimport("trickbook");
  } catch (err) {
    const last = String(err && err.message ? err.message : err).trim().split("\n").pop();
    throw new Error(`the engine package did not load: ${last}`, { cause: err });
  }
  return pyodide;
}

// ----- which boot: the memory snapshot or the runtime and the wheel -------------------------------
//
// The snapshot spares the runtime's start and the engine's import (seconds of a phone's CPU), but it
// is a download of its own (about 7 MB, gzip inside, so no server compresses it further). It is worth
// it only where the link is fast, or where the browser already holds it. navigator.connection, where
// the browser has it, is believed when it says the link is slow or saves data (its "4g" is not a fast
// link: it says so of 8 Mbit/s, and of a link it has not measured yet); otherwise the link is judged
// by how fast the first bytes of the standard library arrive (a file either boot needs, handed to
// the runtime afterwards), or, when the browser kept the runtime but not this snapshot, of the
// engine's wheel (which the boot without the snapshot needs).
const FIRST_BYTES = 256 * 1024;
const FIRST_BYTES_FAST_MBPS = 15; // measured while the wasm shares the link
const FIRST_BYTES_WAIT_MS = 1500; // slower than this for the first bytes: a slow link
const SMALL_FILE_BYTES = 32 * 1024; // a whole file with less than this after its first chunk ...
const SMALL_FILE_MS = 150; // ... is a fast link's when it took no longer than this

/** "slow" when navigator.connection says the link is slow or saves data, else null (not known). */
function linkByConnection() {
  const connection = self.navigator && navigator.connection;
  if (!connection) return null;
  return connection.saveData || ["slow-2g", "2g", "3g"].includes(connection.effectiveType) ? "slow" : null;
}

/** Start fetching `url` (a file the boot needs either way, which the runtime picks up later); "fast" or
 * "slow" by how fast its bytes arrive after the first (the round trip left out). */
async function linkBySpeed(url) {
  let verdict;
  const judged = new Promise((resolve) => { verdict = resolve; });
  const timer = setTimeout(() => verdict("slow"), FIRST_BYTES_WAIT_MS);
  const asked = performance.now();
  const fast = (bytes, ms) => (bytes * 8) / 1000 / Math.max(ms, 1) >= FIRST_BYTES_FAST_MBPS;
  const response = siteFetch(url.href).then((r) => {
    if (!r.ok || !r.body) {
      verdict("slow");
      return r;
    }
    let first = null;
    let last = null;
    let bytes = 0; // after the first chunk
    const meter = new TransformStream({
      transform(chunk, controller) {
        last = performance.now();
        if (first === null) first = last;
        else bytes += chunk.byteLength;
        if (bytes >= FIRST_BYTES) verdict(fast(bytes, last - first) ? "fast" : "slow");
        progress.add(chunk.byteLength);
        controller.enqueue(chunk);
      },
      flush() {
        // A small file, whole: by its chunks' pace when it came in several, else by its whole time.
        verdict(bytes >= SMALL_FILE_BYTES ? (fast(bytes, last - first) ? "fast" : "slow")
          : (performance.now() - asked <= SMALL_FILE_MS ? "fast" : "slow"));
      },
    }, undefined, { highWaterMark: 64 * 1024 * 1024, size: (chunk) => chunk.byteLength });
    return new Response(r.body.pipeThrough(meter), { status: r.status, statusText: r.statusText, headers: r.headers });
  });
  started.set(url.href, response);
  response.catch(() => verdict("slow"));
  const link = await judged;
  clearTimeout(timer);
  return link;
}

/** The boot without the snapshot, started at once: every file it needs asked for together, rather than
 * each when the runtime comes to it (on a link with long round trips, each wait is one). */
function startSlowBoot(indexURL, lockFileURL, stdlib, about) {
  const early = (url) => {
    if (!started.has(url.href)) startFetch(url, (r) => counted(r, url));
  };
  early(new URL("pyodide.asm.wasm", indexURL));
  early(stdlib);
  if (lockFileURL) early(new URL(lockFileURL));
  if (about && typeof about.wheel === "string") early(new URL(about.wheel, lockFileURL || indexURL));
  import(new URL("pyodide.asm.mjs", indexURL).href).catch(() => {}); // the runtime imports the same module
}

async function boot() {
  const began = performance.now();
  const [runtime, described] = await Promise.all([fetchJSON(RUNTIME_JSON), snapshotAbout()]);
  if (!runtime || typeof runtime.pyodide !== "string") throw new Error("runtime.json names no runtime");
  let about = described;
  // A snapshot of another engine than the one this site ships is refused before anything is judged
  // or fetched for it, whatever the link: one warning, and the engine boots normally.
  if (about && typeof runtime.engine === "string" && about.engine !== runtime.engine) {
    console.warn(`trickbook: the engine snapshot is of engine ${about.engine}, not this site's ${runtime.engine}; ` +
      "booting normally");
    about = null;
  }
  // A published site keeps the engine's lockfile and wheel apart from the runtime (runtime.lockfile);
  // the engine boots with its own standard library (only the modules it needs: assets.py), beside its
  // wheel, or without one the runtime's.
  const files = bootFiles(runtime, RUNTIME_JSON);
  const indexURL = sameOrigin(files.indexURL, RUNTIME_JSON, "the Pyodide runtime").href;
  const lockFileURL = files.lockFile ? sameOrigin(files.lockFile, RUNTIME_JSON, "the engine's lockfile").href : null;
  progress.prefixes = [indexURL, ...(lockFileURL ? [new URL("./", lockFileURL).href] : [])];
  const stdlib = sameOrigin(files.stdlib, RUNTIME_JSON, "the engine's standard library");
  const options = { indexURL, stdLibURL: stdlib.href, ...(lockFileURL ? { lockFileURL } : {}) };
  const version = runtime.pyodide.split("/").filter(Boolean).pop();
  const loader = import(sameOrigin("pyodide.mjs", indexURL, "the Pyodide runtime").href);
  loader.catch(() => {});
  let link = null;
  let judged = null; // what the link was judged by
  let cached = null;
  if (about) {
    const wasm = sameOrigin(files.wasm, RUNTIME_JSON, "the Pyodide runtime");
    cached = await fromCache(about.url, siteFetch);
    const stdlibCached = cached ? null : await fromCache(stdlib, siteFetch);
    if (cached) [link, judged] = ["fast", "cache"];
    else if ((link = linkByConnection())) judged = "connection";
    else if (stdlibCached) {
      // The runtime kept but not this snapshot. With this engine's wheel kept too, an earlier visit
      // judged the link slow and booted without the snapshot: so does this one, from the cache. Else
      // (a republished engine) the link is judged by the new wheel, which a slow boot needs anyway.
      started.set(stdlib.href, Promise.resolve(counted(stdlibCached, stdlib)));
      const wheel = typeof about.wheel === "string" ? new URL(about.wheel, lockFileURL || indexURL) : null;
      const wheelCached = wheel && await fromCache(wheel, siteFetch);
      if (!wheel || wheelCached) {
        if (wheelCached) started.set(wheel.href, Promise.resolve(counted(wheelCached, wheel)));
        [link, judged] = ["slow", "earlier visit"];
      } else [link, judged] = [await linkBySpeed(wheel), "wheel"];
    } else {
      startFetch(wasm); // the runtime picks it up: no time lost while judging
      [link, judged] = [await linkBySpeed(stdlib), "first bytes"];
    }
  }
  const useSnapshot = link === "fast";
  if (!useSnapshot) startSlowBoot(indexURL, lockFileURL, stdlib, about);
  progress.total = (useSnapshot ? runtime.download_bytes : runtime.slow_link_bytes) || runtime.download_bytes || 0;
  const { loadPyodide } = await loader;
  let pyodide = useSnapshot ? await bootFromSnapshot(loadPyodide, options, about, version, cached) : null;
  const snapshot = pyodide !== null;
  if (!snapshot) {
    if (useSnapshot) progress.total = runtime.slow_link_bytes || progress.total;
    pyodide = await bootNormally(loadPyodide, options);
  }
  const booted = performance.now();
  postMessage({ progress: { phase: "start" } });
  const web = pyodide.pyimport("trickbook.web");
  pyodideRef = pyodide;
  const ready = performance.now();
  return { web, timing: { boot: booted - began, engine: ready - booted, snapshot, link, judged } };
}

const runtime = boot();
// Nothing awaits `runtime` until the first request; keep its failure from going unhandled.
runtime.catch(() => {});

function describe(err, kind) {
  const message = err && err.message ? String(err.message) : String(err);
  // A Python traceback can be long: the last lines say what went wrong.
  return { kind, message: message.split("\n").slice(-6).join("\n") };
}

async function handle(request) {
  const { id, type } = request || {};
  const call = CALLS[type];
  if (!call) {
    postMessage({ id, ok: false, error: { kind: "request", message: `unknown request type ${JSON.stringify(type)}` } });
    return;
  }
  let web, timing;
  try {
    ({ web, timing } = await runtime);
  } catch (err) {
    postMessage({ id, ok: false, error: describe(err, "boot") });
    return;
  }
  try {
    const text = call(web, request);
    postMessage({ id, ok: true, result: JSON.parse(text), timing });
  } catch (err) {
    postMessage({ id, ok: false, error: describe(err, "call") });
  }
}

// ----- the strong bot warmed in an idle moment ------------------------------------------------------
//
// The first search of a process costs about three times a later one (the runtime compiles code on its
// first use: bench/move_times.py). After the worker has answered a request that opened a table of
// strong bots (or asked the strong bots what a wrong card costs), and while no other request waits, it
// runs throw-away searches of that game (trickbook.bots.warm), once per game: the reader's first bot
// move then costs what later ones do, and nothing waits for the warm-up, which comes after the answer.
// A request that arrives during it waits for its end (about 0.1 s, once).
const warmed = new Set();
let waiting = 0; // requests received and not yet answered

/** The game whose strong bots a request sets to work, or null. */
function strongGame(request) {
  try {
    if (request.type === "table_new") return request.level && request.level !== "strong" ? null : request.game || null;
    if (request.type === "table_resume") {
      const saved = JSON.parse(request.saved);
      return saved && typeof saved.game === "string" && (!saved.level || saved.level === "strong") ? saved.game : null;
    }
    if (request.type === "question_cost" && request.level === "strong") {
      const found = /^\s*game\s*=\s*"([^"]+)"/m.exec(String(request.record));
      return found ? found[1] : null;
    }
  } catch {
    // Not a request this worker could read: nothing to warm.
  }
  return null;
}

function warmLater(request) {
  const game = strongGame(request || {});
  if (!game || warmed.has(game)) return;
  setTimeout(() => {
    if (waiting > 0 || warmed.has(game)) return; // the reader is waiting: warm after a later answer
    warmed.add(game);
    queue = queue.then(async () => {
      const { timing } = await runtime;
      const done = JSON.parse(pyodideRef.pyimport("trickbook.bots.warm").warm_up_json(game));
      // Later answers carry it with the boot's timing: {game: ms}.
      timing.warm = { ...(timing.warm || {}), [game]: done.error ? null : done.ms };
    }).catch((err) => console.warn(`trickbook: warming the ${game} bots failed (${firstLine(err)})`));
  }, 0);
}

let queue = Promise.resolve();
self.onmessage = (event) => {
  // Serially: Pyodide runs one call at a time anyway, and replies keep their order.
  waiting += 1;
  queue = queue.then(() => handle(event.data)).catch((err) => {
    postMessage({ id: event.data && event.data.id, ok: false, error: describe(err, "worker") });
  }).finally(() => {
    waiting -= 1;
    warmLater(event.data);
  });
};
