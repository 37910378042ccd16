// "Under other rules": a worked hand replayed under each house rule of its game.
//
// Once the engine is live, the player offers the list (the worker's `variants` route,
// trickbook.variants): for each house rule decided the other way, the rule in words; "no
// difference here" when nothing in the hand puts it to the test; otherwise the first step the
// rule refuses, with the engine's reason, and the hand's outcome beside the record's, category by
// category. "Step through it" shows the hand played under that rule on the board, as a "what if"
// does: the record's steps up to the refused one, then the engine's.

import { _, categoryName, engineParts, engineText, fill, fillParts, seatShown } from "../i18n.js";
import { ask } from "../engine.js";
import { cardElement } from "../board.js";
import { addStylesheet, el, partsNodes } from "../dom.js";
import { seedFor, stepsOf } from "./state.js";

/** The button and the panel it opens; the player shows the button while its engine is live. */
export function otherRules(player) {
  const button = el("button", { type: "button", className: "tb-btn tb-other-rules", "aria-expanded": "false" },
    _("Under other rules"));
  const panel = el("section", { className: "tb-variants", hidden: true, role: "region", "aria-label": _("Under other rules"), tabindex: "-1" });
  button.addEventListener("click", () => toggle(player, button, panel));
  return { button, panel };
}

const STYLESHEET = new URL("../hand-variants.css", import.meta.url).href;

async function toggle(player, button, panel) {
  addStylesheet(STYLESHEET);
  if (!panel.hidden) {
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    return;
  }
  button.setAttribute("aria-expanded", "true");
  panel.hidden = false;
  if (panel.dataset.filled) return;
  panel.replaceChildren(el("p", { role: "status" }, _("Asking the engine…")));
  let answer = null;
  try {
    answer = await ask("variants", { record: player.record });
  } catch (err) {
    console.warn("trickbook: the other rules could not be asked", err);
  }
  if (!answer || !answer.ok || !Array.isArray(answer.variants)) {
    // A failure, not a rule: its details go to the console, never to the page.
    if (answer && answer.error) console.warn("trickbook: other rules refused", answer.error);
    panel.replaceChildren(el("p", {}, _("The engine could not answer. Go back to the record and try again.")));
    return;
  }
  panel.dataset.filled = "1";
  const list = el("ul", { className: "tb-variant-list" });
  for (const variant of answer.variants) list.append(variantItem(player, variant, answer.outcome));
  panel.replaceChildren(el("p", { className: "tb-variants-intro" }, answer.variants.length
    ? _("The same deal, played at a table that decides each house rule the other way:")
    : _("This game has no house rules to try.")), list);
}

function variantItem(player, variant, recorded) {
  const item = el("li", { className: "tb-variant", "data-option": variant.option, "data-differs": String(variant.differs) });
  item.append(el("p", { className: "tb-variant-rule" }, el("strong", {}, engineText(variant.label))));
  if (!variant.differs) {
    item.append(el("p", { className: "tb-variant-same" }, engineText({ code: "variant-not-tested", values: {} })));
    return item;
  }
  if (variant.allowed) item.append(...allowedPart(player, variant, recorded));
  if (variant.refused) {
    item.append(el("p", { className: "tb-variant-refused" },
      fill(_("At step {step}:"), { step: String(variant.refused.step) }), " ", ...partsNodes(engineParts(variant.refused.reason))));
  }
  if (variant.substituted.length) {
    item.append(el("p", {}, engineText({ code: "variant-substituted", values: {} })));
  }
  // The record played on under the rule: worth a table and a replay only where it goes otherwise.
  if (variant.refused || variant.substituted.length || variant.outcome_differs !== false) {
    item.append(outcomeTable(recorded, variant.outcome));
    const show = el("button", { type: "button", className: "tb-btn tb-variant-step" }, _("Step through it"));
    show.addEventListener("click", () => enterVariant(player, variant));
    item.append(show);
  }
  return item;
}

/** What the rule newly allows at its first such step, in words; the new cards (or calls) to press. */
function allowedPart(player, variant, recorded) {
  const allowed = variant.allowed;
  const result = el("div", { className: "tb-variant-whatif", "aria-live": "polite" });
  const choices = el("div", { className: "tb-variant-choices", role: "group", "aria-label": engineText(allowed.message) });
  allowed.actions.forEach((action, i) => {
    const card = action.split(" ").pop();
    const choose = () => playAllowed(player, variant, action, recorded, result);
    if (allowed.cards.includes(card)) {
      choices.append(cardElement(card, { onChoose: choose, legal: true }));
    } else {
      const call = el("button", { type: "button", className: "tb-btn tb-variant-call" }, engineText(allowed.said[i]));
      call.addEventListener("click", choose);
      choices.append(call);
    }
  });
  const hint = el("p", { className: "tb-variant-hint" }, _("Press one to play the hand on from there under this rule."));
  return [el("p", { className: "tb-variant-allowed" }, ...partsNodes(engineParts(allowed.message))), choices, hint, result];
}

/** The hand played on from the allowed step with the reader's choice, under the rule; bots play the rest. */
async function playAllowed(player, variant, action, recorded, result) {
  const from = variant.allowed.step - 1;
  result.replaceChildren(el("p", { role: "status" }, _("Asking the engine…")));
  let answer = null;
  try {
    answer = await ask("variant_whatif", { record: player.record, option: variant.option, step: from, action,
      seed: seedFor(player.id, variant.option, String(from), action) });
  } catch (err) {
    console.warn("trickbook: the other rule's what-if could not be asked", err);
  }
  const steps = stepsOf(answer);
  if (!answer || !answer.ok || !steps.length) {
    if (answer && (answer.error || answer.reason)) console.warn("trickbook: other rule's what-if refused", answer.error || answer.reason);
    result.replaceChildren(el("p", {}, _("The engine could not answer. Go back to the record and try again.")));
    return;
  }
  const [seat, ...rest] = action.split(" ");
  const what = rest[rest.length - 1];
  const chosen = variant.allowed.cards.includes(what)
    ? fillParts(_("{seat} plays {card} under this rule; the bots play the rest of the hand."), { seat, card: what })
    : fillParts(_("{seat} chooses: {choice} The bots play the rest of the hand."),
      { seat, choice: engineText(variant.allowed.said[variant.allowed.actions.indexOf(action)]) });
  result.replaceChildren(el("p", { className: "tb-variant-chosen" }, ...partsNodes(chosen)),
    outcomeTable(answer.record_outcome || recorded, answer.outcome));
  enterVariant(player, variant, { from, steps, action, changes: answer.changes || null, chosen });
}

/** Category by category: who scored what in the record, and under the rule. */
function outcomeTable(recorded, other) {
  const cell = (awards, category) => {
    const found = awards.filter((a) => a.category === category);
    return found.length ? found.map((a) => `${seatShown(a.team)} ${a.points > 0 ? "+" : ""}${a.points}`).join(", ") : "–";
  };
  const categories = [];
  for (const award of [...recorded.awards, ...other.awards]) {
    if (!categories.includes(award.category)) categories.push(award.category);
  }
  const score = (outcome) => Object.entries(outcome.payments || outcome.score).map(([k, v]) => `${seatShown(k)} ${v}`).join(", ");
  const rows = categories.map((category) => el("tr", {},
    el("th", { scope: "row" }, categoryName(category)), el("td", {}, cell(recorded.awards, category)), el("td", {}, cell(other.awards, category))));
  rows.push(el("tr", { className: "tb-variant-total" },
    el("th", { scope: "row" }, _("Score after the hand")), el("td", {}, score(recorded)), el("td", {}, score(other))));
  const table = el("table", { className: "tb-grid tb-variant-outcome" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, _("Category")), el("th", { scope: "col" }, _("In the record")),
      el("th", { scope: "col" }, _("Under this rule")))),
    el("tbody", {}, ...rows));
  return el("div", { className: "tb-scroll", role: "region", tabindex: "0", "aria-label": _("The two outcomes, category by category") }, table);
}

/**
 * The hand under the rule, on the board: the record's steps up to the refused one, then the engine's;
 * or (`played`) the reader's choice at the allowed step and the bots' steps after it.
 */
function enterVariant(player, variant, played = null) {
  if (player.branch) player.leaveBranch();
  const from = played ? played.from : variant.refused ? variant.refused.step - 1 : 0;
  const steps = player.recordSteps.slice(0, from + 1);
  for (const s of played ? played.steps : variant.steps) if (Number.isInteger(s.step) && s.step > from) steps[s.step] = s;
  player.branch = { from, action: played ? played.action : null, changes: played ? played.changes : null };
  player.steps = steps.filter(Boolean);
  player.figure.dataset.branch = "variant";
  const back = el("button", { type: "button", className: "tb-btn tb-back" }, _("Back to the record"));
  back.addEventListener("click", () => {
    player.leaveBranch();
    player.go(from);
    player.board.focus({ preventScroll: true });
  });
  player.branchBar.replaceChildren(el("p", {}, fill(_("Under this rule: {rule}"), { rule: engineText(variant.label) })),
    ...(played ? [el("p", {}, ...partsNodes(played.chosen))] : []), back);
  player.branchBar.hidden = false;
  player.go(from + 1);
}
