// "Keep for offline": on a published site (its pages name sw.js in <meta name="trickbook-offline">),
// a control at the foot of each page installs the site's service worker (offline/sw.js) when
// the reader asks, to keep this language's pages, the runtime and the engine; "Forget offline
// copy" removes them. Without that press nothing is registered or kept.

import { _, loadCatalog } from "../i18n.js";

const meta = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="trickbook-offline"]'));

function ask(worker, message) {
  return new Promise((resolve) => {
    const id = Math.random().toString(36).slice(2);
    const listen = (event) => {
      if (!event.data || event.data.id !== id) return;
      navigator.serviceWorker.removeEventListener("message", listen);
      resolve(event.data);
    };
    navigator.serviceWorker.addEventListener("message", listen);
    worker.postMessage({ ...message, id });
  });
}

async function activeWorker(registration) {
  if (registration.active) return registration.active;
  const worker = registration.installing || registration.waiting;
  await new Promise((resolve) => {
    worker.addEventListener("statechange", () => { if (worker.state === "activated") resolve(); });
  });
  return registration.active;
}

/** Whether this language is kept (by any version: a new one refills the caches of the old). */
async function isKept(lang, scope) {
  if (!("caches" in window)) return false;
  return (await caches.keys()).some((name) => ours(name, scope) && langOf(name) === lang);
}

async function mount() {
  if (!meta || !("serviceWorker" in navigator) || !window.isSecureContext) return;
  const lang = meta.dataset.lang;
  const swURL = new URL(meta.content, location.href);
  const scope = new URL("./", swURL);
  await loadCatalog(new URL("../../i18n/", import.meta.url), document.documentElement.lang || "en");
  const box = document.createElement("section");
  box.className = "tb-offline";
  box.setAttribute("aria-label", _("Offline copy"));
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button tb-offline-toggle";
  const status = document.createElement("p");
  status.className = "tb-offline-status";
  status.setAttribute("role", "status");
  box.append(button, status);
  const host = document.querySelector("article.md-content__inner") || document.body;
  host.append(box);

  let kept = await isKept(lang, scope.href);
  const show = () => {
    button.textContent = kept ? _("Forget offline copy") : _("Keep for offline");
    box.dataset.kept = String(kept);
  };
  show();
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      if (!kept) {
        status.textContent = _("Keeping these pages and the engine for offline reading…");
        const registration = await navigator.serviceWorker.register(swURL, { scope: scope.href });
        const answer = await ask(await activeWorker(registration), { type: "keep", lang });
        if (!answer.ok) throw new Error(`${answer.error}: ${answer.detail}`);
        kept = true;
        status.textContent = _("Kept: these pages and the engine now work without a connection.");
      } else {
        const registration = await navigator.serviceWorker.getRegistration(scope.href);
        if (registration && registration.active) await ask(registration.active, { type: "forget" });
        else for (const name of await caches.keys()) if (ours(name, scope.href)) await caches.delete(name);
        kept = false;
        status.textContent = _("The offline copy is gone.");
      }
    } catch (err) {
      status.textContent = _("This browser could not keep the site for offline reading.");
      console.warn("trickbook: offline copy", err);
    } finally {
      button.disabled = false;
      show();
    }
  });
}

/** This site's cache names (sw.js names them by its scope), and those of before the scope was in them. */
function ours(name, scope) {
  return name.startsWith(`trickbook-offline ${scope} `) || name.startsWith("trickbook-offline-");
}

function langOf(name) {
  return name.slice(name.lastIndexOf(name.startsWith("trickbook-offline-") ? "-" : " ") + 1);
}

mount();
