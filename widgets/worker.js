// The module Web Worker that runs Pyodide and the engine's JSON facade (trickbook.web).
//
// Requests are {id, type: "load" | "whatif" | "variants" | "question_cost" | "practice" | "table_…", ...}; every request gets
// exactly one reply {id, ok: true, result} or {id, ok: false, error: {kind, message}}.
// The runtime boots once, when the worker starts; requests are handled one at a time.

const CALLS = {
  // The hand players: read a record the page shows (nothing is replayed), then branch from it.
  load: (web, req) => web.load_json(req.record),
  whatif: (web, req) => web.whatif_json(req.record, req.step, req.action, req.seed),
  // "Under other rules": the record under each house rule of its game decided the other way.
  variants: (web, req) => web.variants_json(req.record, req.seed || 0),
  // Questions (hand-player/questions.js, practice/): a wrong card played out, a drill's next position.
  question_cost: (web, req) => questions().cost_json(req.record, req.step, req.seat, req.card, req.right, req.level || "gentle"),
  practice: (web, req) => questions().practice_json(req.game, req.seed, req.number),
  // The play table (play-table/): trickbook.table.facade keeps each open table by its id.
  // A missing value is left out (JavaScript's null would reach Python as JsNull, not None).
  table_new: (web, req) => table().table_new_json.callKwargs({
    game: req.game || "euchre",
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
const siteFetch = self.fetch.bind(self);
self.fetch = (input, init) => {
  let url;
  try {
    url = sameOrigin(input instanceof Request ? input.url : String(input), self.location.href, "a file the engine asked for");
  } catch (err) {
    return Promise.reject(err);
  }
  return siteFetch(input instanceof Request ? input : url.href, init);
};

/** `url` resolved against `base`, when it stays on this site's origin; an Error naming `what` otherwise. */
function sameOrigin(url, base, what) {
  const resolved = new URL(url, base);
  if (resolved.origin !== self.location.origin) throw new Error(`${what} is not on this site (${resolved.origin})`);
  return resolved;
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
async function fetchSnapshot(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the snapshot: HTTP ${response.status}`);
  const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unzipped).arrayBuffer());
}

/** Boot from the snapshot; null (and a console warning) when it does not fit this runtime. */
async function bootFromSnapshot(loadPyodide, indexURL, lockFileURL, about, version) {
  if (about.pyodide !== version) {
    console.warn(`trickbook: the engine snapshot is for Pyodide ${about.pyodide}, not ${version}; booting normally`);
    return null;
  }
  const bytes = fetchSnapshot(about.url);
  bytes.catch(() => {});
  let pyodide;
  try {
    pyodide = await loadPyodide({ indexURL, _loadSnapshot: bytes, ...(lockFileURL ? { lockFileURL } : {}) });
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

async function bootNormally(loadPyodide, indexURL, lockFileURL) {
  // The `packages` option fetches the engine's wheel while the runtime starts.
  const pyodide = await loadPyodide({ indexURL, packages: ["trickbook"], ...(lockFileURL ? { lockFileURL } : {}) });
  try {
    pyodide.pyimport("trickbook");
  } catch (err) {
    const last = String(err && err.message ? err.message : err).trim().split("\n").pop();
    throw new Error(`the engine package did not load: ${last}`);
  }
  return pyodide;
}

async function boot() {
  const started = performance.now();
  const [runtime, about] = await Promise.all([fetchJSON(RUNTIME_JSON), snapshotAbout()]);
  if (!runtime || typeof runtime.pyodide !== "string") throw new Error("runtime.json names no runtime");
  const indexURL = sameOrigin(runtime.pyodide, RUNTIME_JSON, "the Pyodide runtime").href;
  // A published site keeps the engine's lockfile and wheel apart from the runtime (runtime.lockfile).
  const lockFileURL = typeof runtime.lockfile === "string" ? sameOrigin(runtime.lockfile, RUNTIME_JSON, "the engine's lockfile").href : null;
  const version = runtime.pyodide.split("/").filter(Boolean).pop();
  const { loadPyodide } = await import(sameOrigin("pyodide.mjs", indexURL, "the Pyodide runtime").href);
  let pyodide = about ? await bootFromSnapshot(loadPyodide, indexURL, lockFileURL, about, version) : null;
  const snapshot = pyodide !== null;
  if (!snapshot) pyodide = await bootNormally(loadPyodide, indexURL, lockFileURL);
  const booted = performance.now();
  const web = pyodide.pyimport("trickbook.web");
  pyodideRef = pyodide;
  const ready = performance.now();
  return { web, timing: { boot: booted - started, engine: ready - booted, snapshot } };
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

let queue = Promise.resolve();
self.onmessage = (event) => {
  // Serially: Pyodide runs one call at a time anyway, and replies keep their order.
  queue = queue.then(() => handle(event.data)).catch((err) => {
    postMessage({ id: event.data && event.data.id, ok: false, error: describe(err, "worker") });
  });
};
