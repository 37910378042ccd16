// How far the engine's download is, in the reader's language, for a status line.
//
// The worker reports {phase: "download", done, total} many times a second; a status line is
// read out by screen readers, so the text changes only every tenth of the way.

import { _, fill, currentLang } from "./i18n.js";
import { onEngineProgress } from "./engine.js";

function formatted(value, options) {
  try {
    return new Intl.NumberFormat(currentLang(), options).format(value);
  } catch {
    return new Intl.NumberFormat("en", options).format(value);
  }
}

/** The status text for one progress report. */
export function progressText(progress) {
  const { phase, done, total } = progress || {};
  if (phase !== "download" || !(total > 0) || done >= total) return _("Starting the engine…");
  const tenths = Math.floor((10 * done) / total) / 10;
  return fill(_("Downloading the engine: {percent} of {size}"), {
    percent: formatted(tenths, { style: "percent" }),
    size: `${formatted(total / 1_000_000, { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`,
  });
}

/** Keep `element`'s text on the engine's progress while `active()` holds; returns a function that stops. */
export function showEngineProgress(element, active) {
  let shown = null;
  const stop = onEngineProgress((progress) => {
    if (!active()) return;
    const text = progressText(progress);
    if (text !== shown) element.textContent = shown = text;
  });
  return stop;
}
