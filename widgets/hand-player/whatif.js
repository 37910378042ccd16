// What a "what if" changed against the record, said in the narration of the branch: the
// trick the reader's card went to (at the step it is won), and by the branch's end the
// scoring categories and the contract. The facts come from the engine (web.whatif_json's
// `changes`); only the words are the page's.

import { _, categoryName, fillParts } from "../i18n.js";
import { el, partsNodes } from "../dom.js";

function line(template, values) {
  return el("p", { className: "tb-change" }, partsNodes(fillParts(template, values)));
}

function trickLine(trick) {
  const number = String(trick.number);
  if (!trick.branch) return null;
  if (!trick.record) {
    return line(_("Trick {number} goes to {seat}; the record stops before it is won."), { number, seat: trick.branch });
  }
  if (trick.record === trick.branch) {
    return line(_("Trick {number} still goes to {seat}, as in the record."), { number, seat: trick.branch });
  }
  return line(_("Trick {number} now goes to {seat}; in the record {captor} won it."),
    { number, seat: trick.branch, captor: trick.record });
}

function categoryLine({ category, record, branch }) {
  const now = branch[0];
  const was = record[0];
  const values = { category: categoryName(category) };
  if (now && was) {
    return line(_("{category} now goes to {seat} for {points}; in the record {captor} scored {other_points}."),
      { ...values, seat: now.team, points: now.points, captor: was.team, other_points: was.points });
  }
  if (now) return line(_("{category} now goes to {seat} for {points}; in the record nobody scored it."), { ...values, seat: now.team, points: now.points });
  return line(_("Nobody scores {category} now; in the record {captor} scored {other_points}."),
    { ...values, captor: was.team, other_points: was.points });
}

function contractLine(contract) {
  if (!contract || !contract.record || !contract.branch) return null;
  const seat = contract.holder;
  if (contract.record === contract.branch) {
    return contract.branch === "made"
      ? line(_("The contract of {seat} is made, as in the record."), { seat })
      : line(_("The contract of {seat} fails, as in the record."), { seat });
  }
  return contract.branch === "made"
    ? line(_("The contract of {seat} is now made; in the record it failed."), { seat })
    : line(_("The contract of {seat} now fails; in the record it was made."), { seat });
}

/**
 * The lines to add to the narration of branch step `step` (the last step is `last`): the
 * trick's line where the trick is won, and at the end everything that changed.
 */
export function changeLines(changes, step, last) {
  if (!changes) return [];
  const lines = [];
  const atEnd = step === last;
  if (changes.trick && (changes.trick.step === step || (atEnd && changes.trick.step !== step))) {
    lines.push(trickLine(changes.trick));
  }
  if (!atEnd) return lines.filter(Boolean);
  if (!changes.record_finished) {
    lines.push(el("p", { className: "tb-change" }, _("The record stops before the end of the hand: there is no score to compare with.")));
    return lines.filter(Boolean);
  }
  // Nap's one category is its contract's payment: the contract's line says it.
  const categories = (changes.categories || []).filter((c) => c.category !== "contract");
  lines.push(...categories.map(categoryLine));
  if (!categories.length && changes.branch_finished) {
    lines.push(el("p", { className: "tb-change" }, _("The scoring is the same as in the record.")));
  }
  lines.push(contractLine(changes.contract));
  const said = lines.filter(Boolean);
  if (!said.length) return [];
  return [el("p", { className: "tb-change-head" }, el("strong", {}, _("Against the record"))), ...said];
}
