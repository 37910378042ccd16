// What a step shows while a question about it waits for its answer: the step's view and events with
// the answer taken out, so that neither the board, nor the bar, nor the live region can give it away.
//
// Pure (no DOM): the player paints what these return, and Node can test them.
//  - "winner": the trick's winner, the trick counts it changes, the seat to play next (the winner
//    leads), the score the trick changed, and the events from the trick's taking on;
//  - "score": the score, and the events after the last trick's taking (the scoring);
//  - "legal": the cards' marking as allowed or not (the player offers no card to try);
//  - "play": nothing on the board shows the card played next; the step's note, like every note at a
//    question's step, waits for the answer (it is the author's explanation).

/** The kinds of the questions that wait at a step, as a set. */
export function waitingKinds(keys) {
  return new Set(keys.map((k) => k.kind));
}

/**
 * The view to paint while questions of `kinds` wait: `view` itself when nothing need be withheld,
 * else a copy. `before` is the view of the step before (its score is shown instead of this one's).
 */
export function withheldView(view, before, kinds) {
  if (!view || (!kinds.has("winner") && !kinds.has("score"))) return view;
  const out = { ...view };
  if (kinds.has("winner")) {
    const tricks = (view.tricks || []).slice();
    const last = tricks[tricks.length - 1];
    if (last && last.winner) tricks[tricks.length - 1] = { ...last, winner: null };
    out.tricks = tricks;
    out.current = null;
    out.score = before ? before.score : null;
  }
  if (kinds.has("score")) out.score = null;
  return out;
}

const TAKEN = /^trick-won/;

/** The step's events that may be told while questions of `kinds` wait. */
export function withheldEvents(events, kinds) {
  const list = events || [];
  const taken = list.findIndex((e) => TAKEN.test(e.code));
  if (kinds.has("winner")) return taken < 0 ? list : list.slice(0, taken);
  if (kinds.has("score")) {
    let lastTaken = -1;
    list.forEach((e, i) => { if (TAKEN.test(e.code)) lastTaken = i; });
    return lastTaken < 0 ? list.filter((e) => e.code === "plays" || e.code === "leads") : list.slice(0, lastTaken + 1);
  }
  return list;
}
