// The module Web Worker that runs Pyodide and the engine's JSON facade (trickbook.web).
//
// Requests are {id, type: "replay" | "load" | "legal" | "whatif" | "table_…", ...}; every request gets
// exactly one reply {id, ok: true, result} or {id, ok: false, error: {kind, message}}.
// The runtime boots once, when the worker starts; requests are handled one at a time.

const CALLS = {
  replay: (web, req) => web.replay_json(req.record),
  // The hand players: read a record the page shows (nothing is replayed), then branch from it.
  load: (web, req) => web.load_json(req.record),
  legal: (web, req) => web.legal_json(req.record, req.step),
  whatif: (web, req) => web.whatif_json(req.record, req.step, req.action, req.seed),
  // The play table (play-table/): trickbook.table.facade keeps each open table by its id.
  // A missing value is left out (JavaScript's null would reach Python as JsNull, not None).
  table_new: (web, req) => table().table_new_json.callKwargs({
    game: req.game || "euchre",
    ...(req.seat ? { seat: req.seat } : {}),
    ...(req.seed ? { seed: req.seed } : {}),
    ...(req.players ? { players: req.players } : {}),
    ...(req.rounds ? { rounds: req.rounds } : {}),
    ...(req.level ? { level: req.level } : {}),
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

// assets/runtime.json says where the runtime lives, relative to assets/; assets/snapshot.json,
// when the build made one, names a memory snapshot of that runtime with the engine imported.
const ASSETS = new URL("../", import.meta.url);
const RUNTIME_JSON = new URL("runtime.json", ASSETS);
const SNAPSHOT_JSON = new URL("snapshot.json", ASSETS);

async function fetchJSON(url, optional) {
  const response = await fetch(url);
  if (!response.ok) {
    if (optional && response.status === 404) return null;
    throw new Error(`${url.pathname.split("/").pop()}: HTTP ${response.status}`);
  }
  return response.json();
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
  const bytes = fetchSnapshot(new URL(about.file, ASSETS));
  bytes.catch(() => {});
  let pyodide;
  try {
    pyodide = await loadPyodide({ indexURL, _loadSnapshot: bytes, ...(lockFileURL ? { lockFileURL } : {}) });
  } catch (err) {
    console.warn(`trickbook: the engine snapshot did not load (${err && err.message ? err.message.split("\n")[0] : err}); booting normally`);
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
  const [runtime, about] = await Promise.all([fetchJSON(RUNTIME_JSON, false), fetchJSON(SNAPSHOT_JSON, true)]);
  const indexURL = new URL(runtime.pyodide, RUNTIME_JSON).href;
  // A published site keeps the engine's lockfile and wheel apart from the runtime (runtime.lockfile).
  const lockFileURL = runtime.lockfile ? new URL(runtime.lockfile, RUNTIME_JSON).href : null;
  const version = runtime.pyodide.split("/").filter(Boolean).pop();
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
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
