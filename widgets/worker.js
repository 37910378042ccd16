// The module Web Worker that runs Pyodide and the engine's JSON facade (trickbook.web).
//
// Requests are {id, type: "replay" | "legal" | "whatif" | "table_…", ...}; every request gets
// exactly one reply {id, ok: true, result} or {id, ok: false, error: {kind, message}}.
// The runtime boots once, when the worker starts; requests are handled one at a time.

const CALLS = {
  replay: (web, req) => web.replay_json(req.record),
  legal: (web, req) => web.legal_json(req.record, req.step),
  whatif: (web, req) => web.whatif_json(req.record, req.step, req.action, req.seed),
  // The play table (play-table/): trickbook.table.facade keeps each open table by its id.
  // A missing value is left out (JavaScript's null would reach Python as JsNull, not None).
  table_new: (web, req) => table().table_new_json.callKwargs({
    game: req.game || "euchre",
    ...(req.seat ? { seat: req.seat } : {}),
    ...(req.seed ? { seed: req.seed } : {}),
    ...(req.players ? { players: req.players } : {}),
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

// assets/runtime.json says where the runtime lives, relative to assets/.
const RUNTIME_JSON = new URL("../runtime.json", import.meta.url);

async function boot() {
  const started = performance.now();
  const response = await fetch(RUNTIME_JSON);
  if (!response.ok) throw new Error(`runtime.json: HTTP ${response.status}`);
  const runtime = await response.json();
  const indexURL = new URL(runtime.pyodide, RUNTIME_JSON).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL });
  const booted = performance.now();
  // loadPackage only logs a failed download; collect the errors so boot fails clearly.
  const problems = [];
  await pyodide.loadPackage("trickbook", {
    messageCallback: () => {},
    errorCallback: (text) => problems.push(String(text)),
  });
  if (problems.length) throw new Error(`the engine package did not load: ${problems.join("; ")}`);
  const web = pyodide.pyimport("trickbook.web");
  pyodideRef = pyodide;
  const ready = performance.now();
  return { web, timing: { boot: booted - started, engine: ready - booted } };
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
