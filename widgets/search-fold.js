// The site search's worker: Material's own (named after the "?"), with accents folded, so that a
// reader who types "coeur", "levee" or "licitacao" finds "cœur", "levée" and "licitação".
//
// A classic worker script, started by search.js in place of Material's worker. It folds every word
// of the index as the index is built (before the language's stemmer, so that both spellings reach
// the same stem) and every query before Material reads it: Unicode NFD, combining marks dropped,
// lower case, the ligatures œ and æ written out. The pages' text, as the results show it, is kept.
(() => {
  "use strict";
  /** @type {any} */
  const scope = self;
  const material = new URL(decodeURIComponent(location.search.slice(1)), location.href);
  if (material.origin !== location.origin || !/\/workers\/search\.[^/]*\.js$/.test(material.pathname)) {
    throw new Error("trickbook: the search worker names no search worker of this site");
  }

  function fold(text) {
    return String(text).normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase()
      .replace(/œ/g, "oe").replace(/æ/g, "ae").replace(/ß/g, "ss");
  }

  // The query: every message that carries one (a string) is folded before Material's handler runs.
  scope.addEventListener("message", (event) => {
    const message = event.data;
    if (message && typeof message.data === "string") message.data = fold(message.data);
  });

  // Material's worker finds the language's stemmers relative to its own address: so must we.
  const load = scope.importScripts.bind(scope);
  scope.importScripts = (...urls) => load(...urls.map((url) => new URL(url, material).href));
  scope.importScripts(material.href);

  // The index: a folding step first in the pipelines of every index built from now on.
  const lunr = scope.lunr;
  const foldToken = (token) => token.update((text) => fold(text));
  lunr.Pipeline.registerFunction(foldToken, "trickbookFold");
  const add = lunr.Builder.prototype.add;
  lunr.Builder.prototype.add = function (...args) {
    if (!this.trickbookFolded) {
      this.trickbookFolded = true;
      this.pipeline._stack.unshift(foldToken);
      this.searchPipeline._stack.unshift(foldToken);
    }
    return add.apply(this, args);
  };
})();
