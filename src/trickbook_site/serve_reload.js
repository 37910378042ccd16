// Added by `trickbook serve` to the pages it serves (never to `trickbook build`'s files):
// reload the page when a rebuild finishes, and show a failed build's error over the page
// until a build succeeds. It asks the server by a long poll (see serve.py).

const me = document.querySelector("script[data-trickbook-serve]");
const builtAs = Number(me.dataset.generation);
const lang = me.dataset.lang;
const texts = JSON.parse(me.dataset.texts || "{}");
let since = -1;

function overlay(message) {
  let box = document.getElementById("trickbook-serve-error");
  if (!message) {
    if (box) box.remove();
    return;
  }
  if (!box) {
    box = document.createElement("div");
    box.id = "trickbook-serve-error";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;inset:auto 0 0 0;z-index:10000;max-height:50vh;overflow:auto;" +
      "background:#fff3f3;color:#5a0000;border-top:4px solid #b00020;padding:1rem 1.25rem;" +
      "font:0.9rem/1.4 monospace;box-shadow:0 -2px 8px rgba(0,0,0,.25)";
    const title = document.createElement("strong");
    title.className = "trickbook-serve-error-title";
    title.style.cssText = "display:block;font:bold 1rem/1.4 sans-serif;margin-bottom:.25rem";
    const text = document.createElement("p");
    text.className = "trickbook-serve-error-text";
    text.lang = "en"; // the build's messages are in English, as in the terminal
    text.style.cssText = "margin:0 0 .5rem;white-space:pre-wrap;word-break:break-word";
    const hint = document.createElement("p");
    hint.className = "trickbook-serve-error-hint";
    hint.style.cssText = "margin:0;font-family:sans-serif";
    box.append(title, text, hint);
    document.body.append(box);
  }
  box.querySelector(".trickbook-serve-error-title").textContent = texts.title || "The site could not be rebuilt";
  box.querySelector(".trickbook-serve-error-text").textContent = message;
  box.querySelector(".trickbook-serve-error-hint").textContent =
    texts.hint || "You are seeing the last good version of this page. It reloads when the error is fixed.";
}

async function watch() {
  for (;;) {
    let state;
    try {
      const response = await fetch(`/.trickbook/serve/events?since=${since}`, { cache: "no-store" });
      state = await response.json();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000)); // the server is restarting, or gone
      continue;
    }
    since = state.changes;
    const error = state.error || (state.languages || {})[lang] || "";
    if (state.generation > builtAs && !state.error) {
      location.reload();
      return;
    }
    overlay(error);
  }
}

watch();
