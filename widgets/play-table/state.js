// The play table's pure part: what to show, computed from the engine's view.
//
// Nothing here touches the page. Every rule-shaped fact (legal actions as
// objects, the trick's winning card, scores) comes from the engine's view; this
// module only names seats and teams in the reader's language and turns the
// legal actions into the placard's buttons.

import { _, SUIT_SYMBOLS, cardDisplay, cardName, contractName, engineParts, fill, fillParts, isSeatKey, isTeamKey, ngettext, partsText, seatSpoken, suitName, useSpokenSeats } from "../i18n.js";

const COMPASS = ["N", "E", "S", "W"];

// Compass names for the four-seat games; Nap's seats (A to G) keep their letters.
let compassSeats = true;

/** Tell the names which seats sit at this table (Nap's letters include an E that is not East). */
export function useSeats(seats) {
  compassSeats = seats.every((s) => COMPASS.includes(s));
  useSpokenSeats(seats); // and speech: Nap's letters are spoken "player A"
}

/** A suit for a label: its symbol and name for the eye, its name alone for the ear. */
export function suitPart(suit) {
  return { shown: `${SUIT_SYMBOLS[suit]} ${suitName(suit)}`, said: suitName(suit) };
}

/** A card: its symbol for the eye, its name in words for the ear ("J♥", "jack of hearts"). */
export function cardPart(code) {
  return { shown: cardDisplay(code), said: cardName(code) };
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
    case "call": return [suitPart(action.suit)];
    case "pass": return _("Pass");
    case "defend": return _("Defend alone");
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
  // The game's contracts, lowest first (the engine's view says: Nap's three … wellington).
  const order = (view.shows && view.shows.contracts) || [];
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

/**
 * An engine message with seats, teams and cards named for people, in the reader's language,
 * as parts (i18n.fillParts): cards and lettered seats carry their spoken words.
 */
export function tableParts(message) {
  const values = {};
  for (const [key, value] of Object.entries(message.values || {})) {
    if ((key === "team" || key === "other" || key === "makers") && isTeam(value)) values[key] = teamName(value);
    else if ((isSeatKey(key) || isTeamKey(key)) && typeof value === "string") values[key] = seatName(value);
    else values[key] = value;
  }
  // The engine's templates name a team in the plural ("{team} win the match"), as a team of two is named.
  return engineParts({ ...message, values });
}

/** The same message as the eye reads it. */
export function tableText(message) {
  return partsText(tableParts(message));
}

const redSuit = (suit) => suit === "H" || suit === "D";

// A chip for each kind of object a table may show (the engine's view lists the game's, in order:
// `view.shows.objects`, from its table conduct).
const CHIPS = {
  upcard: (view) => {
    const up = view.upcard;
    const label = {
      "face-up": fillParts(_("Upcard: {card}"), { card: up }),
      "picked-up": fillParts(_("Upcard {card}, picked up"), { card: up }),
      "turned-down": fillParts(_("Upcard {card}, turned down"), { card: up }),
      "in-kitty": fillParts(_("Upcard {card}, left in the kitty"), { card: up }),
    }[view.upcard_state];
    return { target: "upcard", label, red: redSuit(up.slice(-1)), state: view.upcard_state, card: up };
  },
  kitty: (view) => ({ target: "kitty", label: fill(ngettext("Kitty: {count} card face down", "Kitty: {count} cards face down", view.kitty_size), { count: String(view.kitty_size) }) }),
  kick: (view) => ({ target: "kick", label: fillParts(_("Kick: {card}"), { card: view.kick }), red: redSuit(view.kick.slice(-1)), card: view.kick }),
  stock: (view) => ({ target: "stock", label: fill(ngettext("Stock: {count} card", "Stock: {count} cards", view.stock_size), { count: String(view.stock_size) }) }),
  contract: (view) => ({
    target: "contract",
    label: view.contract
      ? fillParts(_("Contract: {seat}, {contract}"), { seat: seatName(view.declarer), contract: contractName(view.contract) })
      : _("Contract: no bid yet"),
  }),
  trump: (view) => {
    let label;
    if (view.trump) label = fillParts(_("Trumps: {suit}"), { suit: suitPart(view.trump) });
    else label = view.shows && view.shows.trumps_by_call ? _("Trumps: not made yet") : _("Trumps: not set yet");
    return { target: "trump", label, red: redSuit(view.trump) };
  },
};

/** What the page shows of the game's own objects: [{target, label, red}] for chips on the felt. */
export function objectChips(view) {
  const objects = (view.shows && view.shows.objects) || ["trump"];
  return objects.filter((kind) => Object.hasOwn(CHIPS, kind)).map((kind) => CHIPS[kind](view));
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
  if (view.phase === "defend") return fill(_("{maker} goes alone. Defend alone, your partner sitting out, or pass (S)?"), { maker: seatName(view.maker) });
  if (view.phase === "discard") return _("Choose a card to discard, then press Discard.");
  if (view.phase === "beg") return _("Stand on these trumps (S), or beg for a point?");
  if (view.phase === "give") return _("You are begged: give a point, or run the pack.");
  if (view.phase === "bidding") return _("Bid, or pass (S). Each player speaks once.");
  if (view.shows && view.shows.pitch && !view.trump) return _("You pitch: the card you lead sets trumps.");
  if (verbs.has("throw")) return _("Your turn: choose a card to play, or throw in your hand.");
  return _("Your turn: choose a card to play.");
}

/** The score as rows: [{team, label, points, holes|null}] (pegs to the target; Nap: a running balance). */
export function scoreRows(view) {
  if (!view.target) {
    return view.seats.map((s) => ({
      team: s.seat,
      label: s.you ? fill(_("{seat} (you)"), { seat: seatName(s.seat) }) : seatName(s.seat),
      // For speech: Nap's "A" as "player A".
      said: s.you ? fill(_("{seat} (you)"), { seat: spokenSeat(s.seat) }) : spokenSeat(s.seat),
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

/** One score row in words: "North and South: 5 of 10", or a Nap balance "A: +3". */
export function scoreLine(row) {
  return row.holes
    ? fill(_("{team}: {points} of {target}"), { team: row.label, points: String(Math.min(row.points, row.holes)), target: String(row.holes) })
    : fill(_("{seat}: {points}"), { seat: row.label, points: row.points > 0 ? `+${row.points}` : String(row.points) });
}

const spokenSeat = (seat) => seatSpoken(seatName(seat));

/**
 * What the table's reading keys say (keys.js), in words, for a screen reader:
 * `hand` (by suit), `trick` (so far), `score`, `turn` (whose), `trumps` (and the contract).
 */
export function spokenSummary(view, kind) {
  if (!view) return "";
  if (kind === "hand") {
    if (view.hand_hidden) {
      const n = view.hidden_count || 0;
      return fill(ngettext("{count} card face down", "{count} cards face down", n), { count: String(n) });
    }
    if (!view.hand.length) return _("no cards");
    const suits = [];
    for (const code of view.hand) if (!suits.includes(code.slice(-1))) suits.push(code.slice(-1));
    const list = suits.map((suit) => fill(_("{suit}: {cards}"), {
      suit: suitName(suit),
      cards: view.hand.filter((c) => c.slice(-1) === suit).map(cardName).join(", "),
    }));
    return fill(_("Your hand, suit by suit: {list}."), { list: list.join("; ") });
  }
  if (kind === "trick") {
    const trick = view.trick;
    if (!trick || !trick.plays.length) return _("No card played yet");
    const plays = trick.plays.map(([seat, card, thrown]) => (card === "throw"
      ? partsText(fillParts(_("{seat} throws in {cards}"), { seat: seatName(seat), cards: thrown }), true)
      : fill(_("{seat}: {card}"), { seat: spokenSeat(seat), card: cardName(card) })));
    const head = trick.winner
      ? fill(_("Trick {number}: won by {seat}"), { number: String(trick.number), seat: spokenSeat(trick.winner) })
      : fill(_("Trick {number}"), { number: String(trick.number) });
    const winning = !trick.winner && trick.winning && trick.winning.card
      ? fill(_("{seat} is winning with {card}."), { seat: spokenSeat(trick.winning.seat), card: cardName(trick.winning.card) })
      : "";
    return `${head}. ${plays.join("; ")}. ${winning}`.trim();
  }
  if (kind === "score") return fill(_("Score: {rows}."), { rows: scoreRows(view).map(scoreLine).join("; ") });
  if (kind === "turn") {
    if (view.your_turn || view.phase === "hand-over") return promptFor(view);
    return view.current ? fill(_("Waiting for {seat} (bot)…"), { seat: spokenSeat(view.current) }) : "";
  }
  if (kind === "trumps") {
    return objectChips(view).map((chip) => partsText(Array.isArray(chip.label) ? chip.label : [chip.label], true)).join(". ");
  }
  return "";
}

/** The end of the match in words. */
export function resultText(view) {
  if (view.target) return view.winner === view.your_team ? _("Your team wins the match.") : _("The bots' team wins the match.");
  const mine = view.score[view.you] || 0;
  const best = Math.max(...Object.values(view.score));
  const text = mine >= best ? _("You end the session with the best balance: {points}.") : _("Your balance at the end of the session: {points}.");
  return fill(text, { points: mine > 0 ? `+${mine}` : String(mine) });
}

