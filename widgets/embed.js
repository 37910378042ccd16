// The embed page of one worked hand (embed/<lang>/<hand-id>/, written by the build's embed.py).
//
// `?step=N` opens the hand at step N and `&present` in presenter mode: they become the
// hand's deep link (#id=N&present) before hand.js, loaded after this module, reads it.
// A page that already carries a deep link keeps it.

const params = new URLSearchParams(location.search);
const figure = /** @type {HTMLElement | null} */ (document.querySelector("figure.tb-hand"));
const step = Number.parseInt(params.get("step") || "", 10);
if (figure && !location.hash && (Number.isInteger(step) || params.has("present"))) {
  const at = Number.isInteger(step) && step >= 0 ? step : 0;
  history.replaceState(history.state, "", `#${figure.dataset.handId}=${at}${params.has("present") ? "&present" : ""}`);
}
