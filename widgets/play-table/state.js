// The play table's pure part: what to show, computed from the engine's view.
//
// Nothing here touches the page. Every rule-shaped fact (legal actions as
// objects, the trick's winning card, scores) comes from the engine's view; this
// module only names seats and teams in the reader's language and turns the
// legal actions into the placard's buttons.

import { _, cardDisplay, contractName, engineText, fill, formatValue, suitName } from "../i18n.js";

export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SEAT_KEYS = new Set(["seat", "current", "dealer", "maker", "partner", "you", "captor", "owner", "payer", "payee", "other"]);
// Values that are cards under another name: shown with their symbols, never as codes ("J♠", not "JS").
const CARD_KEYS = new Set(["right", "left", "upcard", "kick"]);
const COMPASS = ["N", "E", "S", "W"];

// Compass names for the four-seat games; Nap's seats (A to G) keep their letters.
let compassSeats = true;

/** Tell the names which seats sit at this table (Nap's letters include an E that is not East). */
export function useSeats(seats) {
  compassSeats = seats.every((s) => COMPASS.includes(s));
}

export function seatName(seat) {
  if (!compassSeats) return seat;
  const names = { N: _("North"), E: _("East"), S: _("South"), W: _("West") };
  return names[seat] || seat;
}

export function isTeam(value, view) {
  return typeof value === "string" && value.length === 2 && (!view || (view.teams || []).includes(value));
}

export function teamName(team) {
  if (typeof team !== "string" || team.length !== 2) return seatName(team);
  return fill(_("{first} and {second}"), { first: seatName(team[0]), second: seatName(team[1]) });
}

/**
 * Where each seat sits on screen, the reader at the bottom. Four compass seats keep their
 * compass places (West on the reader's left, whatever the direction of play); other tables
 * (Nap's 3 to 7 players) list the other seats in the order of play across the top.
 */
export function seatPlaces(seats, you) {
  if (seats.length === 4 && seats.every((s) => COMPASS.includes(s))) {
    const places = {};
    const names = ["bottom", "left", "top", "right"];
    for (const seat of seats) {
      const k = (COMPASS.indexOf(seat) - COMPASS.indexOf(you) + 4) % 4;
      places[names[k]] = seat;
    }
    return places;
  }
  const i = seats.indexOf(you);
  const places = { bottom: you };
  for (let k = 1; k < seats.length; k += 1) places[`row${k}`] = seats[(i + k) % seats.length];
  return places;
}

// The placard's label for each verb that is not a card.
function verbLabel(action) {
  switch (action.verb) {
    case "order": return _("Order it up");
    case "pickup": return _("Pick it up");
    case "call": return `${SUIT_SYMBOLS[action.suit]} ${suitName(action.suit)}`;
    case "pass": return _("Pass");
    case "bid": return fill(_("Bid {contract}"), { contract: contractName(action.contract) });
    case "stand": return _("Stand");
    case "beg": return _("Beg");
    case "give": return _("Give a point");
    case "run": return _("Run the pack");
    case "throw": return _("Throw in my hand");
    case "peek": return _("Look at my cards now (4 points to the opponents)");
    case "wait": return _("Wait for the pitch");
    default: return action.text;
  }
}

// Verbs the placard never shows as buttons: cards are chosen from the hand.
const CARD_VERBS = new Set(["play", "discard"]);
// The order of the placard's buttons: the cautious choice (pass, stand, wait) last, under S.
const CAUTIOUS = new Set(["pass", "stand", "wait"]);

/** The placard's buttons for a view: [{kind, label, action}], plus whether Go alone is offered. */
export function placardChoices(view, alone) {
  if (!view.your_turn) return { choices: [], canGoAlone: false };
  const actions = view.actions || [];
  const canGoAlone = actions.some((a) => a.alone);
  const choices = [];
  const pick = (a) => (alone && canGoAlone
    && actions.find((b) => b.alone && b.verb === a.verb && b.suit === a.suit)) || a;
  const order = ["three", "four", "nap", "wellington"];
  const sorted = [...actions].sort((a, b) => order.indexOf(a.contract) - order.indexOf(b.contract));
  for (const a of sorted) {
    if (a.alone || CARD_VERBS.has(a.verb) || CAUTIOUS.has(a.verb)) continue;
    choices.push({ kind: a.verb, suit: a.suit, contract: a.contract, label: verbLabel(a), action: pick(a).text });
  }
  for (const a of actions) {
    if (CAUTIOUS.has(a.verb)) choices.push({ kind: a.verb, label: verbLabel(a), action: a.text, cautious: true });
  }
  return { choices, canGoAlone };
}

/** The action that S takes: the cautious choice on offer (pass, stand, wait), if any. */
export function cautiousAction(view) {
  if (!view || !view.your_turn) return null;
  const a = (view.actions || []).find((b) => CAUTIOUS.has(b.verb));
  return a ? a.text : null;
}

// Engine messages whose English template puts a team in the singular ("East and West scores"):
// with a team of two seats the table uses its own plural template.
const TEAM_PLURALS = {
  score: () => _("{team} score {points} for {category}."),
  "match-won": () => _("{team} win the match."),
  "match-over": () => _("The match is over: {team} have won."),
  game: () => _("Game: {team} have {total}, {other} have {other_total}."),
};

/** An engine message with seats, teams and cards named for people, in the reader's language. */
export function tableText(message) {
  const values = {};
  let plural = false;
  for (const [key, value] of Object.entries(message.values || {})) {
    if ((key === "team" || key === "other" || key === "makers") && isTeam(value)) {
      values[key] = teamName(value);
      if (key === "team") plural = true;
    } else if (SEAT_KEYS.has(key) && typeof value === "string") values[key] = seatName(value);
    else if (CARD_KEYS.has(key) && typeof value === "string") values[key] = cardDisplay(value);
    else values[key] = value;
  }
  if (plural && TEAM_PLURALS[message.code]) {
    const shown = {};
    for (const [key, value] of Object.entries(values)) shown[key] = formatValue(key, value);
    return fill(TEAM_PLURALS[message.code](), shown);
  }
  return engineText({ ...message, values });
}

/** What the page shows of the game's own objects: [{target, label, red}] for chips on the felt. */
export function objectChips(view) {
  const chips = [];
  const red = (suit) => suit === "H" || suit === "D";
  const trumpText = view.trump
    ? fill(_("Trumps: {suit}"), { suit: `${SUIT_SYMBOLS[view.trump]} ${suitName(view.trump)}` })
    : _("Trumps: not set yet");
  if (view.game === "euchre") {
    const up = cardDisplay(view.upcard);
    const upText = {
      "face-up": fill(_("Upcard: {card}"), { card: up }),
      "picked-up": fill(_("Upcard {card}, picked up"), { card: up }),
      "turned-down": fill(_("Upcard {card}, turned down"), { card: up }),
      "in-kitty": fill(_("Upcard {card}, left in the kitty"), { card: up }),
    }[view.upcard_state];
    chips.push({ target: "upcard", label: upText, red: red(view.upcard.slice(-1)), state: view.upcard_state, card: view.upcard });
    chips.push({ target: "kitty", label: fill(_("Kitty: {count} cards face down"), { count: String(view.kitty_size) }) });
  }
  if (view.game === "trinidad") {
    chips.push({ target: "kick", label: fill(_("Kick: {card}"), { card: cardDisplay(view.kick) }), red: red(view.kick.slice(-1)), card: view.kick });
    chips.push({ target: "stock", label: fill(_("Stock: {count} cards"), { count: String(view.stock_size) }) });
  }
  if (view.game === "nap") {
    const contract = view.contract
      ? fill(_("Contract: {seat}, {contract}"), { seat: seatName(view.declarer), contract: contractName(view.contract) })
      : _("Contract: no bid yet");
    chips.push({ target: "contract", label: contract });
  }
  chips.push({ target: "trump", label: view.game === "euchre" && !view.trump ? _("Trumps: not made yet") : trumpText, red: red(view.trump) });
  return chips;
}

/** The prompt over the placard. */
export function promptFor(view) {
  if (view.phase === "hand-over") return view.over ? _("The match is over.") : _("The hand is over.");
  if (!view.your_turn) {
    return view.current ? fill(_("Waiting for {seat} (bot)…"), { seat: seatName(view.current) }) : "";
  }
  const verbs = new Set((view.actions || []).map((a) => a.verb));
  if (view.phase === "table") return _("Your cards are face down until the pitch. Look now, or wait (S)?");
  if (view.phase === "round-one") return _("Make trumps: order the upcard up, or pass (S).");
  if (view.phase === "round-two") return verbs.has("pass") ? _("Name a suit as trumps, or pass (S).") : _("You are the dealer and stuck: name a suit.");
  if (view.phase === "discard") return _("Choose a card to discard, then press Discard.");
  if (view.phase === "beg") return _("Stand on these trumps (S), or beg for a point?");
  if (view.phase === "give") return _("You are begged: give a point, or run the pack.");
  if (view.phase === "bidding") return _("Bid, or pass (S). Each player speaks once.");
  if (view.game === "yorkshire" && !view.trump) return _("You pitch: the card you lead sets trumps.");
  if (verbs.has("throw")) return _("Your turn: choose a card to play, or throw in your hand.");
  return _("Your turn: choose a card to play.");
}

/** The score as rows: [{team, label, points, holes|null}] (pegs to the target; Nap: a running balance). */
export function scoreRows(view) {
  if (!view.target) {
    return view.seats.map((s) => ({
      team: s.seat,
      label: s.you ? fill(_("{seat} (you)"), { seat: seatName(s.seat) }) : seatName(s.seat),
      points: view.score[s.seat] || 0,
      holes: null,
    }));
  }
  return view.teams.map((team) => ({
    team,
    label: team === view.your_team ? fill(_("{team} (your team)"), { team: teamName(team) }) : teamName(team),
    points: view.score[team] || 0,
    holes: view.target,
  }));
}

/** The end of the match in words. */
export function resultText(view) {
  if (view.target) return view.winner === view.your_team ? _("Your team wins the match.") : _("The bots' team wins the match.");
  const mine = view.score[view.you] || 0;
  const best = Math.max(...Object.values(view.score));
  const text = mine >= best ? _("You end the session with the best balance: {points}.") : _("Your balance at the end of the session: {points}.");
  return fill(text, { points: mine > 0 ? `+${mine}` : String(mine) });
}

/** A card for the trick or the hand: its symbol text. */
export const showCard = cardDisplay;
