// Search loads on first use, and finds words whatever their accents (search-fold.js): Material's search worker and its index (search/search_index.json)
// are fetched only once the reader opens or focuses the search box, not with every page.
//
// A classic script, included by the search partial so that it runs before Material's bundle.
// Material creates its search worker with `new Worker(url)` and fetches the index with an
// XMLHttpRequest as the page loads; here the worker is a stand-in that queues messages, and
// the index request waits, until the reader first turns to search. Then the real worker
// starts, the queued messages go to it, and the index request is sent.
(() => {
  "use strict";
  const WORKER = /\/workers\/search\.[^/]*\.js(\?|$)/;
  // Material's worker runs inside search-fold.js, which folds accents in the index and the query.
  const FOLD = new URL("search-fold.js", /** @type {HTMLScriptElement} */ (document.currentScript).src);
  const INDEX = /\/search\/search_index\.json(\?|$)/;
  let used = false;
  const waiting = [];

  function use() {
    if (used) return;
    used = true;
    for (const start of waiting.splice(0)) start();
  }
  function whenUsed(start) {
    if (used) start();
    else waiting.push(start);
  }

  // The worker: an event target that forwards to the real worker once search is used.
  const RealWorker = self.Worker;
  class DeferredWorker extends EventTarget {
    constructor(url, options) {
      super();
      this.queue = [];
      this.real = null;
      this.onmessage = null;
      this.onerror = null;
      whenUsed(() => {
        const folding = new URL(FOLD);
        folding.search = encodeURIComponent(new URL(String(url), location.href).href);
        const real = new RealWorker(folding, options);
        this.real = real;
        for (const type of ["message", "messageerror", "error"]) {
          real.addEventListener(type, (/** @type {any} */ event) => { // an ErrorEvent or a MessageEvent, by type
            const copy = type === "error"
              ? new ErrorEvent("error", { message: event.message, filename: event.filename, lineno: event.lineno })
              : new MessageEvent(type, { data: event.data });
            this.dispatchEvent(copy);
            const handler = this["on" + type];
            if (typeof handler === "function") handler.call(this, copy);
          });
        }
        for (const [message, transfer] of this.queue.splice(0)) real.postMessage(message, transfer);
      });
    }
    postMessage(message, transfer) {
      if (this.real) this.real.postMessage(message, transfer);
      else this.queue.push([message, transfer]);
    }
    terminate() {
      if (this.real) this.real.terminate();
      this.queue.length = 0;
    }
  }
  /** @type {any} */ (self).Worker = function Worker(url, options) {
    if (WORKER.test(String(url))) return new DeferredWorker(url, options);
    return new RealWorker(url, options);
  };
  self.Worker.prototype = RealWorker.prototype;

  // The index: its request is sent once search is used.
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const deferred = new WeakSet(); // the requests for the index
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (INDEX.test(String(url))) deferred.add(this);
    else deferred.delete(this);
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    if (!deferred.has(this)) return send.apply(this, args);
    whenUsed(() => send.apply(this, args));
  };

  // First use: the search toggle opened (by click, tap or Material's keyboard shortcuts, which
  // focus the box), the box focused, or a pointer pressed on it.
  const isSearch = (target) => target instanceof Element
    && (target.matches("[data-md-component='search-query'], #__search, label[for='__search']")
      || target.closest(".md-search") !== null);
  document.addEventListener("focusin", (event) => { if (isSearch(event.target)) use(); }, true);
  document.addEventListener("change", (event) => { if (isSearch(event.target)) use(); }, true);
  document.addEventListener("pointerdown", (event) => { if (isSearch(event.target)) use(); }, true);
  // Material reads the box on keyup (and on focus, and once when the index is ready), so a
  // query that arrives without a key going up after the index is ready (pasted with the mouse,
  // filled in by the browser or by dictation) would never run. Every input is reported to it as a
  // keyup of the box: it reads the value again, and runs the query unless the value is unchanged.
  document.addEventListener("input", (event) => {
    const box = event.target;
    if (box instanceof HTMLInputElement && box.matches("[data-md-component='search-query']")) {
      box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
    }
  }, true);
  document.addEventListener("keydown", (event) => {
    // Material opens search on "/", "s" and "f" outside a text field.
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (["/", "s", "f", "S", "F"].includes(event.key) && !(event.target instanceof HTMLInputElement)
        && !(event.target instanceof HTMLTextAreaElement)) use();
  }, true);
})();
