// Catalog loading and message formatting for the widgets, in the reader's language.
//
// The build writes one catalog per language to assets/i18n/<lang>.json:
// {"lang", "plural_forms", "plural": {"nplurals", "expr"}, "ui": {msgid: msgstr},
// "engine": {"messages", "suits", "categories", "contracts"}}. `plural.expr` is the
// catalog's own Plural-Forms expression, compiled by the build into a tree of JSON
// lists (see trickbook_site/i18n/plurals.py) and walked here: no eval, no Function. UI strings go through `_("literal")` so that
// Babel's javascript extractor finds them; the engine's events and reasons are
// filled from `engine.messages[code]`, mirroring trickbook.messages.format_value.

// The suits' symbols, as trickbook.cards.SUIT_SYMBOLS draws them; the play table shows them too.
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
// What the engine's placeholders name comes with the catalog (engine.keys, from
// trickbook.messages.PLACEHOLDER_KINDS, the one list): suits shown by name, cards always shown
// by name ("J♠", never "JS"), seats and teams of two compass seats ("NS", "EW") in the
// reader's letters. The play table's upcard and kick are spoken as cards too.
let SUIT_KEYS = new Set();
let CARD_KEYS = new Set();
let SPOKEN_CARD_KEYS = new Set(["upcard", "kick"]);
let SEAT_KEYS = new Set();
let TEAM_KEYS = new Set();
const COMPASS = "NESW";
// Babel writes plural forms in CLDR's category order; Intl gives the same names.
const PLURAL_ORDER = ["zero", "one", "two", "few", "many", "other"];

let catalog = { lang: "en", ui: {}, engine: { messages: {}, suits: {}, categories: {}, contracts: {}, verbs: {} } };
// The codes whose template the catalog leaves in English, and the English names for their values.
let untranslated = new Set();
let englishNames = catalog.engine;
let pluralRules = new Intl.PluralRules("en");
let pluralIndex = new Map([["one", 0], ["other", 1]]);
let pluralTree = null;
let pluralCount = 2;

const BINARY = {
  "*": (a, b) => a * b,
  "/": (a, b) => Math.trunc(a / b),
  "%": (a, b) => a % b,
  "+": (a, b) => a + b,
  "-": (a, b) => a - b,
  "<": (a, b) => Number(a < b),
  "<=": (a, b) => Number(a <= b),
  ">": (a, b) => Number(a > b),
  ">=": (a, b) => Number(a >= b),
  "==": (a, b) => Number(a === b),
  "!=": (a, b) => Number(a !== b),
};

/** The value of a compiled Plural-Forms expression for the count `n` (C integer rules). */
export function evaluatePlural(tree, n) {
  const [op, a, b, c] = tree;
  switch (op) {
    case "n": return n;
    case "#": return a;
    case "?": return evaluatePlural(a, n) ? evaluatePlural(b, n) : evaluatePlural(c, n);
    case "!": return Number(!evaluatePlural(a, n));
    case "&&": return Number(Boolean(evaluatePlural(a, n)) && Boolean(evaluatePlural(b, n)));
    case "||": return Number(Boolean(evaluatePlural(a, n)) || Boolean(evaluatePlural(b, n)));
    case "-":
      if (tree.length === 2) return -evaluatePlural(a, n);
      break;
    default:
      break;
  }
  const fn = BINARY[op];
  if (!fn || tree.length !== 3) throw new Error(`trickbook: bad plural expression node ${JSON.stringify(tree)}`);
  return fn(evaluatePlural(a, n), evaluatePlural(b, n));
}

/** Which of the catalog's plural forms goes with the count `n`. */
export function pluralIndexFor(n) {
  const count = Math.trunc(Math.abs(Number(n)));
  if (pluralTree) {
    try {
      const i = evaluatePlural(pluralTree, count);
      if (Number.isInteger(i) && i >= 0 && i < pluralCount) return i;
    } catch (err) {
      console.warn("trickbook: plural expression failed", err);
    }
  }
  // No compiled rule (an older catalog file): the browser's category in CLDR's order.
  return pluralIndex.get(pluralRules.select(n)) ?? pluralCount - 1;
}

/** The catalog file names to try for a page language such as "pt-PT". */
export function catalogNames(lang) {
  const full = (lang || "en").trim();
  const base = full.split(/[-_]/)[0].toLowerCase();
  // The site names catalogs by language folder (pt for pt-PT): try that first.
  return [...new Set([base, full, full.replace("-", "_")])].filter(Boolean);
}

/** Load the catalog for `lang` from `i18nBase` (a URL ending in "/"); English if none is found. */
export async function loadCatalog(i18nBase, lang) {
  for (const name of catalogNames(lang)) {
    let response;
    try {
      response = await fetch(new URL(`${name}.json`, i18nBase));
    } catch (err) {
      // A network failure is not fatal: the widget still reads in English.
      console.warn("trickbook: catalog unavailable", name, err);
      continue;
    }
    if (!response.ok) continue;
    useCatalog(await response.json(), lang);
    return catalog;
  }
  useCatalog({ lang: "en" }, "en");
  return catalog;
}

/** Install a catalog object (also used by tests of this module). */
export function useCatalog(data, lang) {
  const engine = (data && data.engine) || {};
  catalog = {
    lang: (data && data.lang) || lang || "en",
    ui: (data && data.ui) || {},
    engine: {
      messages: engine.messages || {},
      suits: engine.suits || {},
      categories: engine.categories || {},
      contracts: engine.contracts || {},
      verbs: engine.verbs || {},
    },
  };
  const english = engine.english || {};
  untranslated = new Set(engine.untranslated || []);
  englishNames = { messages: english.messages || {}, suits: english.suits || {}, categories: english.categories || {},
    contracts: english.contracts || {}, verbs: english.verbs || {} };
  const keys = engine.keys || {};
  SUIT_KEYS = new Set(keys.suit || []);
  CARD_KEYS = new Set(keys.card || []);
  SPOKEN_CARD_KEYS = new Set([...CARD_KEYS, "upcard", "kick"]);
  SEAT_KEYS = new Set(keys.seat || []);
  TEAM_KEYS = new Set(keys.team || []);
  const locale = lang || catalog.lang;
  try {
    pluralRules = new Intl.PluralRules(locale);
  } catch (err) {
    console.warn("trickbook: no plural rules for", locale, err);
    pluralRules = new Intl.PluralRules("en");
  }
  const categories = pluralRules.resolvedOptions().pluralCategories;
  const ordered = PLURAL_ORDER.filter((c) => /** @type {string[]} */ (categories).includes(c));
  pluralIndex = new Map(ordered.map((c, i) => [c, i]));
  const plural = data && data.plural;
  pluralTree = plural && Array.isArray(plural.expr) ? plural.expr : null;
  pluralCount = plural && Number.isInteger(plural.nplurals) ? plural.nplurals : ordered.length;
}

/** Translate a UI string (always called with a literal so it can be extracted). */
export function _(msgid) {
  const msgstr = catalog.ui[msgid];
  return typeof msgstr === "string" && msgstr ? msgstr : msgid;
}

/** Translate a UI string marked with a context (a short word whose meaning the context fixes). */
export function pgettext(context, msgid) {
  const msgstr = catalog.ui[`${context}\x04${msgid}`];
  return typeof msgstr === "string" && msgstr ? msgstr : msgid;
}

/** Translate a UI string with a plural: the catalog holds a list of forms under the singular. */
export function ngettext(singular, plural, n) {
  const forms = catalog.ui[singular];
  if (Array.isArray(forms) && forms.length) {
    const i = pluralIndexFor(n);
    const form = forms[Math.min(i, forms.length - 1)];
    if (form) return form;
  }
  return n === 1 ? singular : plural;
}

/** Fill `{name}` placeholders; an unknown name is left visible rather than dropped. */
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (whole, key) =>
    Object.prototype.hasOwnProperty.call(values, key) ? shownValue(values[key]) : whole);
}

/** A value as text: nothing for a value that is absent (never "null", "undefined" or "NaN" on screen). */
function shownValue(value) {
  return value === null || value === undefined || Number.isNaN(value) ? "" : String(value);
}

/** A card for people: "TH" -> "10♥". */
export function cardDisplay(code) {
  const text = String(code).trim();
  const suit = text.slice(-1).toUpperCase();
  let rank = text.slice(0, -1).toUpperCase();
  if (!(suit in SUIT_SYMBOLS) || !/^(10|[AKQJT98765432])$/.test(rank)) return text;
  if (rank === "T") rank = "10";
  return (rankLetters()[rank] || rank) + SUIT_SYMBOLS[suit];
}

/** The letters the reader writes for the lettered ranks: the same catalog entries as trickbook_site/seats.py. */
function rankLetters() {
  return {
    // TRANSLATORS: the letter of the ace on a card shown to the reader (A♠). Records keep A.
    A: pgettext("rank letter", "A"),
    // TRANSLATORS: the letter of the king on a card shown to the reader (K♣): the first letter
    // of the word for king (R for rei, roi). Records keep K.
    K: pgettext("rank letter", "K"),
    // TRANSLATORS: the letter of the queen on a card shown to the reader (Q♦): the first letter
    // of the word for queen (D for dama, dame). Records keep Q.
    Q: pgettext("rank letter", "Q"),
    // TRANSLATORS: the letter of the jack on a card shown to the reader (J♥): the first letter
    // of the word for jack (V for valete, valet). Records keep J.
    J: pgettext("rank letter", "J"),
  };
}

/**
 * A card's name for speech, in the reader's language ("ace of hearts", "ás de copas",
 * "as de cœur"): the one place a card is named for screen readers. A speech engine reads
 * "♥" as "black heart suit", whatever colour the card is. The build names cards with the
 * same catalog entries (trickbook_site/figure.py).
 */
export function cardName(code) {
  const text = String(code).trim().toUpperCase();
  const suit = text.slice(-1);
  let rank = text.slice(0, -1);
  if (!(suit in SUIT_SYMBOLS) || !/^(10|[AKQJT98765432])$/.test(rank)) return String(code);
  if (rank === "T") rank = "10";
  const names = { A: _("ace"), K: _("king"), Q: _("queen"), J: _("jack") };
  return fill(_("{rank} of {suit}"), { rank: names[rank] || rank, suit: suitName(suit) });
}

// Seats named by letters that are not compass points (Nap's A to G): spoken as "player A",
// so that "A leads A♥" is never two identical letters side by side.
let letterSeats = null;

/** Tell speech which seats are at this table or in this hand (null: guess from the letter). */
export function useSpokenSeats(seats) {
  letterSeats = seats && seats.length ? !seats.every((s) => COMPASS.includes(s)) : null;
}

/** The letters the reader writes for the compass seats: the same catalog entries as trickbook_site/seats.py. */
function compassLetters() {
  return {
    // TRANSLATORS: the letter of the seat North, alone or in a team's name (NS). Records keep N.
    N: pgettext("seat letter", "N"),
    // TRANSLATORS: the letter of the seat East, alone or in a team's name (EW). Records keep E.
    E: pgettext("seat letter", "E"),
    // TRANSLATORS: the letter of the seat South, alone or in a team's name (NS). Records keep S.
    S: pgettext("seat letter", "S"),
    // TRANSLATORS: the letter of the seat West, alone or in a team's name (EW): the first letter of
    // the word for West (O for Oeste, Ouest). Records keep W.
    W: pgettext("seat letter", "W"),
  };
}

/**
 * A compass seat or a team of two as the reader writes it ("W" is "O" on a Portuguese or
 * French page, "EW" is "EO"), each letter in its place; Nap's seats (A to G) and anything
 * else are shown as they are. Records keep the English letters.
 */
export function seatShown(value) {
  const text = String(value);
  if (letterSeats === true || !/^[NESW]{1,2}$/.test(text)) return text;
  const letters = compassLetters();
  return [...text].map((c) => letters[c] || c).join("");
}

/** A seat as a screen reader should say it: a lone letter of Nap's becomes "player A". */
export function seatSpoken(seat) {
  const text = String(seat);
  const letter = /^[A-Z]$/.test(text);
  const asWord = letterSeats === null ? letter && !COMPASS.includes(text) : letter && letterSeats;
  return asWord ? fill(_("player {seat}"), { seat: text }) : text;
}

/**
 * A seat that stands alone (a seat's heading, a trick's row, a score): a compass letter is
 * said as its point ("North"), a letter of Nap's as "player A"; in sentences `seatSpoken` rules.
 */
export function seatAlone(seat) {
  const text = String(seat);
  const points = { N: _("North"), E: _("East"), S: _("South"), W: _("West") };
  if (text in points && letterSeats !== true) return points[text];
  const spoken = seatSpoken(text);
  return spoken === text ? seatShown(text) : spoken;
}

/**
 * A sentence as parts: strings, and {shown, said} pieces where the eye and the ear differ
 * (a card's symbol and its name, a seat's letter and "player A"). `fillParts` fills
 * placeholders like `fill`, formatting each value as `formatValue` does.
 */
export function fillParts(template, values, names = catalog.engine) {
  const parts = [];
  let at = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    const key = match[1];
    if (!Object.prototype.hasOwnProperty.call(values, key)) continue;
    if (match.index > at) parts.push(template.slice(at, match.index));
    parts.push(...valueParts(key, values[key], names));
    at = match.index + match[0].length;
  }
  if (at < template.length) parts.push(template.slice(at));
  return parts;
}

function valueParts(key, value, names) {
  if (value && typeof value === "object" && "shown" in value) return [value];
  if (SPOKEN_CARD_KEYS.has(key) && (typeof value === "string" || Array.isArray(value))) {
    const cards = Array.isArray(value) ? value : [value];
    const parts = [];
    cards.forEach((code, i) => {
      if (i) parts.push(", ");
      const shown = cardDisplay(code);
      parts.push(shown === String(code) ? shown : { shown, said: cardName(code) });
    });
    return parts;
  }
  if ((SEAT_KEYS.has(key) || TEAM_KEYS.has(key)) && typeof value === "string") {
    const shown = seatShown(value);
    const spoken = seatSpoken(value);
    const said = spoken === value ? shown : spoken;
    return [said === shown ? shown : { shown, said }];
  }
  return [formatValue(key, value, names)];
}

/** The text of parts, as the eye reads it (`said` false) or as it is spoken (`said` true). */
export function partsText(parts, said = false) {
  return parts.map((p) => (typeof p === "string" ? p : said ? p.said : p.shown)).join("");
}

/** An engine message as parts (see fillParts); the engine's English text when the catalog lacks it. */
export function engineParts(message) {
  if (!message) return [];
  const template = catalog.engine.messages[message.code];
  if (!template) return [message.text || message.code || ""];
  return fillParts(template, message.values || {}, namesFor(message.code));
}

/** An engine message as a screen reader should say it: cards and seats in words. */
export function engineSpeech(message) {
  return partsText(engineParts(message), true);
}

export function isRed(code) {
  const suit = String(code).trim().slice(-1).toUpperCase();
  return suit === "H" || suit === "D";
}

export function suitName(letter) {
  return catalog.engine.suits[letter] || letter;
}

export function categoryName(code) {
  return catalog.engine.categories[code] || code;
}

export function contractName(code) {
  return catalog.engine.contracts[code] || code;
}

/** How a value appears in a message (the browser's twin of messages.format_value). */
export function formatValue(key, value, names = catalog.engine) {
  if (Array.isArray(value)) return value.map((v) => formatValue(key, v, names)).join(", ");
  // A negative number with a true minus sign, as in the scoring tables (trickbook.messages.MINUS).
  if (typeof value === "number" && value < 0) return "\u2212" + String(-value);
  if (typeof value !== "string") return shownValue(value);
  if (SUIT_KEYS.has(key) && value in SUIT_SYMBOLS) return names.suits[value] || value;
  if (key === "category" && value in names.categories) return names.categories[value];
  if (key === "contract" && value in names.contracts) return names.contracts[value];
  if (key === "verb" && value in names.verbs) return names.verbs[value];
  if (CARD_KEYS.has(key)) return cardDisplay(value);
  if (SEAT_KEYS.has(key) || TEAM_KEYS.has(key)) return seatShown(value);
  // A "why" value is itself a message code (why-game-tie), translated in turn.
  if (key === "why" && value in names.messages) return names.messages[value];
  return value;
}

/**
 * The names a message's values take: the catalog's, or English ones where the catalog has no
 * translation of the message's template, so that a sentence is never half translated
 * ("Trumps are hearts", never "Trumps are corazones").
 */
function namesFor(code) {
  return untranslated.has(code) ? englishNames : catalog.engine;
}

/**
 * An engine message ({code, values, text}) in the reader's language; the
 * engine's English text when the catalog lacks the code.
 */
export function engineText(message) {
  if (!message) return "";
  const template = catalog.engine.messages[message.code];
  if (!template) return message.text || message.code || "";
  const values = message.values || {};
  const names = namesFor(message.code);
  const shown = {};
  for (const [key, value] of Object.entries(values)) shown[key] = formatValue(key, value, names);
  return fill(template, shown);
}

/** Whether an engine message's placeholder `key` names a seat (a team is not a seat). */
export function isSeatKey(key) {
  return SEAT_KEYS.has(key);
}

/** Whether it names a team of two seats, or (the other side of a trick) a seat. */
export function isTeamKey(key) {
  return TEAM_KEYS.has(key);
}

export function currentLang() {
  return catalog.lang;
}
