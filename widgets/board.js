// Painting one state of a hand (the engine's full_view) as DOM: seats, cards, the trick.
//
// Everything shown here is read from the view; nothing rule-shaped is computed.
// Text goes in with textContent only.

import { _, cardDisplay, cardName, contractName, fill, fillParts, isRed, ngettext, seatAlone, seatShown, suitName } from "./i18n.js";
import { el, partsNodes } from "./dom.js";

export { cardName };

/** A seat's name standing alone: its letter for the eye (in the reader's letters: "O" for West in
 * pt and fr), and for the ear "North" or "player A"; a team is its two letters. */
export function seatNodes(seat) {
  const shown = seatShown(seat);
  const said = seatAlone(seat);
  return said === shown ? [document.createTextNode(said)] : partsNodes([{ shown, said }]);
}

/** A card face; a button when `onChoose` is given (the "what if" cards). */
export function cardElement(code, { onChoose = null, legal = false } = {}) {
  const classes = ["tb-card", isRed(code) ? "tb-red" : "tb-black"];
  const attrs = { dataset: { card: code } };
  if (!onChoose) {
    return el("span", { ...attrs, className: classes.join(" "), role: "img", "aria-label": cardName(code) }, cardDisplay(code));
  }
  classes.push(legal ? "tb-legal" : "tb-illegal");
  // A button's name keeps its visible text (for voice control) and adds the card's
  // name; screen readers also hear what the dashed border shows.
  const button = el("button", { ...attrs, type: "button", className: classes.join(" ") },
    el("span", { "aria-hidden": "true" }, cardDisplay(code)),
    el("span", { className: "tb-sr" }, cardName(code)),
    legal ? null : el("span", { className: "tb-sr" }, ` ${_("(not allowed now)")}`));
  button.addEventListener("click", () => onChoose(code, legal, button));
  return button;
}

function tricksTaken(view, seat) {
  return (view.tricks || []).filter((t) => t.winner === seat).length;
}

function seatBadges(view, seat) {
  const badges = [];
  if (view.dealer === seat) badges.push(_("dealer"));
  if (view.declarer === seat) badges.push(_("declarer"));
  if (view.current === seat) badges.push(_("to play"));
  if (view.in_play && !view.in_play.includes(seat)) badges.push(_("sits out"));
  return badges.map((b) => el("span", { className: "tb-badge" }, b));
}

function seatElement(view, seat, choice) {
  const cards = (view.hands && view.hands[seat]) || [];
  const taken = tricksTaken(view, seat);
  const choosing = choice && choice.seat === seat;
  const list = el("ul", { className: "tb-cards", "aria-label": fill(_("Cards of {seat}"), { seat: seatAlone(seat) }) },
    cards.map((code) => el("li", {}, cardElement(code, choosing
      ? { onChoose: choice.onChoose, legal: choice.legal.has(code) } : {}))));
  if (!cards.length) list.append(el("li", { className: "tb-empty" }, _("no cards")));
  return el("div", {
    className: "tb-seat" + (view.current === seat ? " tb-to-play" : ""),
    dataset: { seat },
  },
  el("div", { className: "tb-seat-head" },
    el("strong", { className: "tb-seat-name" }, seatNodes(seat)), ...seatBadges(view, seat),
    el("span", { className: "tb-taken" }, fill(ngettext("{count} trick", "{count} tricks", taken), { count: taken }))),
  list);
}

function playText(entry) {
  const [seat, what, cards] = entry;
  if (what === "throw") return partsNodes(fillParts(_("{seat} throws in {cards}"), { seat, cards: cards || [] }));
  return null;
}

/** The latest trick with cards on it, and its number; null before the first lead. */
export function latestTrick(view) {
  const tricks = view.tricks || [];
  if (!tricks.length) return null;
  return { number: tricks.length, trick: tricks[tricks.length - 1] };
}

function trickElement(view) {
  const latest = latestTrick(view);
  if (!latest) {
    return el("div", { className: "tb-trick tb-trick-none" }, el("p", {}, _("No card has been played yet.")));
  }
  const { number, trick } = latest;
  const plays = el("ol", { className: "tb-plays" }, (trick.plays || []).map((entry) => {
    const thrown = playText(entry);
    const winning = trick.winner && entry[0] === trick.winner;
    return el("li", { className: winning ? "tb-winning" : null, dataset: { seat: entry[0] } },
      el("span", { className: "tb-play-seat" }, seatNodes(entry[0])), " ",
      thrown ? thrown : cardElement(entry[1]));
  }));
  const outcome = trick.winner
    ? partsNodes(fillParts(_("Won by {seat}"), { seat: trick.winner }))
    : _("In progress");
  return el("div", {
    className: "tb-trick",
    dataset: { trick: String(number), winner: trick.winner || "" },
  },
  el("p", { className: "tb-trick-head" }, el("strong", {}, fill(_("Trick {number}"), { number: String(number) })), " ",
    el("span", { className: "tb-trick-outcome" }, outcome)),
  plays);
}

function factsElement(view) {
  const facts = [];
  facts.push([_("Trumps"), view.trump ? suitName(view.trump) : _("not yet set")]);
  if (view.contract) {
    facts.push([_("Contract"), view.declarer
      ? partsNodes(fillParts(_("{contract} by {seat}"), { contract: contractName(view.contract), seat: view.declarer }))
      : contractName(view.contract)]);
  }
  // The card turned face up: Euchre's upcard, the All Fours kick (every kick, when the pack was run).
  const turned = view.upcard ? [view.upcard] : (view.kicks && view.kicks.length ? view.kicks : [view.kick || view.turn]);
  const shown = turned.filter(Boolean);
  if (shown.length) facts.push([_("Turned card"), shown.map((code) => cardElement(code))]);
  const score = Object.entries(view.score || {}).flatMap(([who, points], i) => [i ? " · " : "", ...seatNodes(who), ` ${points}`]);
  if (score.length) facts.push([_("Score"), score]);
  return el("dl", { className: "tb-facts" },
    facts.map(([term, value]) => el("div", {}, el("dt", {}, term), el("dd", {}, value))));
}

/**
 * The board for one view. `choice` (or null) makes the cards of `choice.seat`
 * buttons: {seat, legal: Set of card codes, onChoose(code, legal)}.
 */
export function boardElement(view, choice) {
  const seats = view.seats || Object.keys(view.hands || {});
  // The trick first: the hand player puts it in its sticking bar (hand-player/player.js).
  return [
    trickElement(view),
    factsElement(view),
    el("div", { className: "tb-seats" }, seats.map((seat) => seatElement(view, seat, choice))),
  ];
}
