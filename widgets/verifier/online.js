// The Verify page's online match: what a reader pastes (the revealed parts, one value a line, or the
// table's downloadable match record) read into what checkTableMatch (recipe.js) takes, and each of
// its checks said in words in the reader's language.

import { _, fill } from "../i18n.js";

const MAX_RECORD = 2_000_000; // characters of a pasted record: a whole match is far less

/** An error the form shows as it is: `code` for tests, `message` in the reader's language. */
class PasteError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function seatOf(entry) {
  return typeof entry === "string" ? entry : entry && typeof entry === "object" ? String(entry.seat ?? "") : "";
}

/** The seed's parts in a match record: at its top or under `fair`, `seed_parts`, `revealed` or an object `seed`. */
function partsOf(record) {
  for (const key of ["fair", "seed_parts", "revealed", "seed"]) {
    const inner = record[key];
    if (inner && typeof inner === "object" && !Array.isArray(inner) && "secret" in inner) return inner;
  }
  return record;
}

/** `values` as `{seat: hex}` or `[{seat, value, commitment}]`, with `commitments` as `{seat: hash}`, into one list. */
function valueList(values, commitments) {
  const hashes = commitments && typeof commitments === "object" ? commitments : {};
  if (Array.isArray(values)) {
    return values.map((v) => ({ seat: seatOf(v), value: v?.value, commitment: v?.commitment ?? hashes[seatOf(v)] }));
  }
  if (values && typeof values === "object") {
    return Object.entries(values).map(([seat, value]) => ({ seat, value, commitment: hashes[seat] }));
  }
  return [];
}

/** A pasted match record (JSON, as `GET …/tables/CODE/record` gives it): the match checkTableMatch takes. */
export function fromRecord(text) {
  if (text.length > MAX_RECORD) throw new PasteError("too-large", _("This match record is too large to be one match."));
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    throw new PasteError("not-json", _("The match record is not JSON: paste the whole file the table offers for download."));
  }
  if (!record || typeof record !== "object" || Array.isArray(record)) {
    throw new PasteError("not-record", _("This JSON is not a match record: it holds no game."));
  }
  const parts = partsOf(record);
  if (typeof parts.secret !== "string") {
    throw new PasteError("no-secret", _("This match record holds no secret yet: the table reveals it when the match is over."));
  }
  const seats = Array.isArray(record.seats) ? record.seats.map(seatOf).filter(Boolean) : null;
  const dealt = Array.isArray(record.dealt) ? record.dealt : Array.isArray(record.deals) ? record.deals : [];
  return {
    game: String(record.game ?? ""),
    seats,
    secret: parts.secret,
    dealerCommitment: parts.dealer_commitment ?? parts.dealerCommitment ?? "",
    values: valueList(parts.values, parts.commitments),
    seed: typeof parts.seed === "string" ? parts.seed : typeof record.seed === "string" ? record.seed : "",
    dealt: dealt.filter((d) => d && typeof d === "object")
      .map((d) => ({ number: Number(d.number ?? d.hand), dealer: seatOf(d.dealer), cards: d.cards ?? d.hands ?? {} })),
  };
}

/** The lines "SEAT VALUE COMMITMENT" (spaces, commas, colons or tabs between) as a list of values. */
export function fromLines(text) {
  const values = [];
  for (const line of text.split(/\r?\n/)) {
    const words = line.split(/[\s,;:=]+/).filter(Boolean);
    if (!words.length) continue;
    if (words.length !== 3) {
      throw new PasteError("bad-line", fill(_("Write each value on its own line: the seat, the value, then its commitment (line “{line}”)."),
        { line: line.trim().slice(0, 24) }));
    }
    values.push({ seat: words[0].toUpperCase(), value: words[1], commitment: words[2] });
  }
  return values;
}

function listOf(seats) {
  return new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction" }).format(seats);
}

/** One check of checkTableMatch in words. */
export function checkText(check) {
  const { seat = "?", number = 0 } = check;
  const n = String(number);
  switch (check.name) {
    case "dealer-commitment":
      if (check.problem) return _("The dealer's secret is not 64 hexadecimal digits.");
      return check.ok ? _("The dealer's secret matches the fingerprint shown in the lobby.")
        : fill(_("The dealer's secret does not match the fingerprint shown in the lobby: its SHA-256 is {hash}."), { hash: check.expected });
    case "commitment":
      if (check.problem === "bad-seat") return fill(_("There is no seat {seat} at this table, or it has two values."), { seat });
      if (check.problem) return fill(_("The value of {seat} is not 64 hexadecimal digits."), { seat });
      return check.ok ? fill(_("The value of {seat} matches the commitment {seat} sent before any value was revealed."), { seat })
        : fill(_("The value of {seat} does not match its commitment: its SHA-256 is {hash}."), { seat, hash: check.expected });
    case "seed":
      if (check.problem) return _("No seed can be made: a part is not 64 hexadecimal digits.");
      if (!check.given) return fill(_("The seed made from the secret and the values is {seed}."), { seed: check.expected });
      return check.ok ? fill(_("The seed made from the secret and the values is the one the table announced: {seed}."), { seed: check.expected })
        : fill(_("The seed made from the secret and the values is {seed}, not the one the table announced."), { seed: check.expected });
    case "first-dealer":
      return check.ok ? fill(_("The first hand was dealt by {seat}, as the recipe says."), { seat: check.expected })
        : fill(_("The recipe has {expected} deal first, not {given}."), { expected: check.expected, given: String(check.given) });
    case "hand":
      if (check.problem === "bad-hand") return fill(_("Hand {number}: its number or its dealer is not one of this table's."), { number: n });
      if (check.problem === "no-cards") return fill(_("Hand {number}: no cards to compare."), { number: n });
      return check.ok ? fill(_("Hand {number} holds the cards the recipe deals."), { number: n })
        : fill(_("Hand {number} is not the one the recipe deals: the cards of {seats} differ."), { number: n, seats: listOf(check.wrong || []) });
    default:
      return _("This page does not know the game of this match.");
  }
}

/** The verdict over every check, in words. */
export function verdictText(verdict) {
  return verdict.ok
    ? _("Every check passes: the seed comes from the dealer's secret and every person's value, each committed before any was revealed, so the dealer could neither choose nor change the cards.")
    : _("A check fails: these are not the parts the table committed to, or not the cards it dealt.");
}
