// Presenter mode's dealings with the browser: full screen, the page made inert
// behind the hand, and the keys a presentation clicker sends.

/** Ask for full screen on `element`; presenter mode works the same when refused. */
export function requestFullscreen(element) {
  if (!element.requestFullscreen || !document.fullscreenEnabled) return;
  try {
    const asked = element.requestFullscreen({ navigationUI: "hide" });
    if (asked && typeof asked.catch === "function") asked.catch(() => {});
  } catch {
    // refused outright (no user gesture, a policy): the window-filling overlay stays
  }
}

export function leaveFullscreen(element) {
  if (document.fullscreenElement === element && document.exitFullscreen) {
    document.exitFullscreen().catch(() => {});
  }
}

/**
 * What a key does in presenter mode: a step to go to, "leave", or null (not ours).
 * Clickers send PageDown/PageUp (some send the arrows); Space steps forward and
 * never leaves, Shift+Space steps back.
 */
export function presenterKey(event, step, last) {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  switch (event.key) {
    case "PageDown":
    case "ArrowRight":
    case "ArrowDown":
      return step + 1;
    case "PageUp":
    case "ArrowLeft":
    case "ArrowUp":
      return step - 1;
    case " ":
    case "Spacebar":
      return event.shiftKey ? step - 1 : step + 1;
    case "Home":
      return 0;
    case "End":
      return last;
    case "Escape":
      return "leave";
    default:
      return null;
  }
}

/**
 * Make everything outside `figure` inert (Tab cannot reach what presenter mode
 * covers); returns the elements made inert, so that leaving undoes only those.
 */
export function inertAround(figure) {
  const changed = [];
  for (let node = figure; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement ? node.parentElement.children : []) {
      if (sibling === node || sibling.inert || sibling.matches("script, style, link")) continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return changed;
}
