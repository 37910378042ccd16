// The trace a page carries for a worked hand, expanded: every step with its whole view.
//
// The build embeds the record's trace compactly (trickbook.trace.Trace.compact_json):
// the first step's view whole, then for each step its action, its events and the
// changes to the view as [path, value] pairs, "set value at path". This module
// rebuilds each step's view from those changes; it is the twin of
// trickbook.trace.expand_compact, and pure (no DOM), so Node can test it.

/** A deep copy of JSON data. */
function copy(value) {
  return value === null || typeof value !== "object" ? value : JSON.parse(JSON.stringify(value));
}

/** The view after one step's changes; `view` itself is left as it was. */
export function applyDelta(view, delta) {
  let out = copy(view);
  for (const [path, value] of delta || []) {
    if (!path.length) {
      out = copy(value);
      continue;
    }
    let target = out;
    for (const key of path.slice(0, -1)) target = target[key];
    target[path[path.length - 1]] = copy(value); // an index just past a list's end appends
  }
  return out;
}

/**
 * The steps of a trace as the player shows them: [{step, action, events, view}, …].
 * Takes the compact form, or a full one (every step with its view, as the engine's
 * replay_json gives it), or a list of steps.
 */
export function expandTrace(trace) {
  const data = typeof trace === "string" ? JSON.parse(trace) : trace;
  const items = Array.isArray(data) ? data : (data && Array.isArray(data.steps) ? data.steps : []);
  const steps = [];
  let view = null;
  for (const item of items) {
    if (item.view) view = item.view;
    else if (item.delta && view) view = applyDelta(view, item.delta);
    else return []; // a step without a view or changes to one: not a trace
    steps.push({ step: item.step, action: item.action, events: item.events || [], view });
  }
  return steps;
}
