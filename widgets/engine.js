// The page's one engine: a module Web Worker running Pyodide, started on demand.
//
// Widgets call `ask(type, payload)`; the first call starts the worker. While the runtime
// downloads, the worker reports how far it is ({phase, done, total}: `onEngineProgress`), and a
// request waits as long as there is progress: it fails only after TIMEOUT_MS with no answer and
// no sign of progress (a slow link is slow, not broken). Then the engine fails for the rest of
// the page (a runtime that hangs, e.g. on a wrong MIME type, never recovers).

const TIMEOUT_MS = 60000;

const engine = {
  worker: null,
  failure: null, // an Error once the engine is known not to work
  nextId: 1,
  pending: new Map(), // id -> {resolve, reject, timer}
  timing: null, // {boot, engine} in ms, {snapshot, link, judged}, and {warm: {game: ms}} once the worker has warmed a game's strong bots
  lastSign: 0, // performance.now() of the worker's last progress report
  progress: null, // the last report
  listeners: new Set(),
};

export class EngineUnavailable extends Error {}

function failAll(reason) {
  engine.failure = engine.failure || new EngineUnavailable(reason);
  if (engine.worker) engine.worker.terminate();
  for (const { reject, timer } of engine.pending.values()) {
    clearTimeout(timer);
    reject(engine.failure);
  }
  engine.pending.clear();
}

function onReply(event) {
  const reply = event.data || {};
  if (reply.progress) {
    engine.lastSign = performance.now();
    engine.progress = reply.progress;
    for (const listener of engine.listeners) listener(reply.progress);
    return;
  }
  const waiting = engine.pending.get(reply.id);
  if (!waiting) return;
  engine.pending.delete(reply.id);
  clearTimeout(waiting.timer);
  // The boot's timing, as each answer carries it (later ones add the strong bots' warm-up: worker.js).
  if (reply.timing) engine.timing = reply.timing;
  if (reply.ok) {
    waiting.resolve(reply.result);
    return;
  }
  const error = reply.error || {};
  if (error.kind === "boot") {
    failAll(error.message || "the engine did not start");
    waiting.reject(engine.failure);
  } else {
    waiting.reject(new Error(error.message || "the engine could not answer"));
  }
}

// What the worker asks for first (worker.js), asked for beside its script: it then finds them in the
// browser's cache (or on their way) rather than asking one round trip after its script has come.
const FIRST_FILES = ["../runtime.json", "../snapshot.json"];

function start() {
  if (engine.worker || engine.failure) return;
  for (const path of FIRST_FILES) {
    // Read whole, so that the browser keeps it (a body left unread may not be); a failure is the worker's to see.
    fetch(new URL(path, import.meta.url)).then((response) => response.arrayBuffer()).catch(() => {});
  }
  try {
    engine.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  } catch (err) {
    failAll(String(err && err.message ? err.message : err));
    return;
  }
  engine.worker.onmessage = onReply;
  engine.worker.onerror = (event) => {
    event.preventDefault();
    failAll(event.message || "the engine's worker stopped");
  };
  engine.worker.onmessageerror = () => failAll("an unreadable message came from the engine");
}

/** Start the engine's worker now, before any question (it boots as it starts): for a press that will
 * need it, while the rest of what that press needs is still coming. */
export function startEngine() {
  start();
}

/** Ask the engine (starting it if need be); resolves with the facade's parsed JSON answer. */
export function ask(type, payload) {
  start();
  if (engine.failure) return Promise.reject(engine.failure);
  const id = engine.nextId++;
  return new Promise((resolve, reject) => {
    const waiting = { resolve, reject, timer: null };
    const asked = performance.now();
    // No answer and no progress for TIMEOUT_MS: the engine is stuck.
    const watch = (delay) => {
      waiting.timer = setTimeout(() => {
        const quiet = performance.now() - Math.max(asked, engine.lastSign);
        if (quiet >= TIMEOUT_MS - 1) failAll(`no answer and no progress within ${TIMEOUT_MS / 1000} s`);
        else watch(TIMEOUT_MS - quiet);
      }, delay);
    };
    watch(TIMEOUT_MS);
    engine.pending.set(id, waiting);
    engine.worker.postMessage({ id, type, ...payload });
  });
}

/** Call `listener({phase, done, total})` as the engine's runtime downloads and starts; returns an unsubscribe. */
export function onEngineProgress(listener) {
  engine.listeners.add(listener);
  if (engine.progress) listener(engine.progress);
  return () => engine.listeners.delete(listener);
}

/** The runtime's boot and engine-loading times, once known. */
export function engineTiming() {
  return engine.timing;
}
