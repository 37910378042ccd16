// The table's keys: ← → along the hand, Enter to lift then play (the buttons' own),
// S for the cautious choice (pass, stand, wait), M for sound, L for the last trick, and
// keys that say the table aloud (through the table's live region) without leaving the hand:
// H the hand by suit, T the trick so far, C the score, W whose turn, U trumps and contract.
// None is one of Material's own (search: S, F, /; pages: P, N, comma, period), and all are
// taken before the page sees them. The build lists them on each play page (on_demand.keys_help).
//
// While the table has focus, or a bot is playing (focus may rest on the page then), these
// letters belong to the table:
// the page's own shortcuts (Material's search opens on S) never see them. The
// listener sits on the document in the capture phase so that it runs before the
// page's, and it acts only when focus is inside the table or on the page body
// (where it falls while the table repaints).

import { cautiousAction } from "./state.js";

const TABLE_KEYS = new Set(["s", "m", "l"]);
const SPOKEN_KEYS = { h: "hand", t: "trick", c: "score", w: "turn", u: "trumps" };

export function installKeys(table) {
  const onKey = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    const inside = table.root.contains(target);
    const idle = target === document.body || target === document.documentElement;
    if (!inside && !(idle && table.busy)) return; // a bot is playing: the key is the table's
    if (target.matches && target.matches("input, textarea, select")) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const card = target.closest ? target.closest(".tbt-card") : null;
    if (card && (key === "ArrowLeft" || key === "ArrowRight")) {
      event.preventDefault();
      table.focusCard(Number(card.dataset.index) + (key === "ArrowLeft" ? -1 : 1));
      return;
    }
    if (!TABLE_KEYS.has(key) && !(key in SPOKEN_KEYS)) return;
    event.preventDefault();
    event.stopPropagation();
    event.stopImmediatePropagation();
    if (key === "s") {
      const action = cautiousAction(table.view);
      if (action && !table.busy) table.act(action);
    } else if (key === "m") {
      table.toggleSound();
    } else if (key === "l") {
      table.toggleLastTrick();
    } else if (key in SPOKEN_KEYS) {
      table.announce(SPOKEN_KEYS[key]);
      return; // the focus stays where it is
    }
    if (idle) table.focusDecision(true);
  };
  document.addEventListener("keydown", onKey, true);
  return () => document.removeEventListener("keydown", onKey, true);
}
