// The table server's refusals in the reader's language.
//
// The server sends each refusal as a code with values (PROTOCOL.md, `error` frames and the answers
// of `POST tables`); its English text is only a fallback. Every code the protocol lists has its
// sentence here, in the ui catalog, so that a French and a Portuguese reader at one table each
// read it in their own language.

import { _, fill } from "../i18n.js";

const SENTENCES = () => ({
  "bad-frame": _("The table server could not read what this page sent."),
  "too-large": _("What this page sent was too large for the table server."),
  "unknown-type": _("The table server does not know what this page asked for."),
  "rate-limited": _("Too many messages in a short time: wait a moment and try again."),
  "no-table": _("There is no open table with this code. Check the code, or ask for a new link."),
  "seat-taken": _("Someone else took that seat first. Choose another one."),
  "table-full": _("Every seat at this table is taken."),
  "table-started": _("This table's match has already started, and its seats are taken."),
  "not-host": _("Only the player who opened the table can start it."),
  "not-seated": _("Take a seat first."),
  "bad-commit": _("The table server refused this page's commitment to its share of the seed."),
  "bad-reveal": _("The table server refused this page's share of the seed: it does not match its commitment."),
  "stale-turn": _("The table had moved on before your move arrived; here is the table as it is now."),
  "bad-origin": _("The table server does not accept connections from this site."),
  "bad-game": _("The table server does not offer this game."),
  "bad-rules": _("The table server refused these house rules."),
  "bad-players": _("The table server refused this number of players."),
  "bad-table": _("The table cannot take that move now."),
  "paused": _("Your teacher has paused the tables. Wait for them to go on."),
  "offline": _("The link to the table is down. This page is reconnecting; try again once it is back."),
  "unreachable": _("The table server could not be reached."),
});

/**
 * A refusal from the table server or the engine: a code, its values and an English fallback.
 * @typedef {{code?: string, values?: Record<string, unknown>, text?: string}} Refusal
 */

/**
 * A refusal `{code, values, text}` from the table server, as a sentence in the reader's language.
 * @param {Refusal | null | undefined} error
 */
export function refusalText(error) {
  const code = error && typeof error.code === "string" ? error.code : "";
  const sentence = /** @type {Record<string, string>} */ (SENTENCES())[code];
  if (sentence) return fill(sentence, Object.fromEntries(Object.entries((error && error.values) || {}).map(([k, v]) => [k, String(v)])));
  return fill(_("The table server refused this ({code})."), { code: code || "?" });
}

/**
 * Whether `code` is one of the table server's own refusals (not one of the engine's reasons).
 * @param {string} code
 */
export function serverRefusal(code) {
  return Object.hasOwn(SENTENCES(), code);
}

/**
 * The same refusal as a message the table paints (its code marked as the server's, its text translated).
 * @param {Refusal | null | undefined} error
 */
export function refusalMessage(error) {
  return { code: `online-${(error && error.code) || "refused"}`, values: {}, text: refusalText(error) };
}

/**
 * A table's code shown as it is read aloud and typed: two groups of five.
 * @param {string} code
 */
export function groupedCode(code) {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const ALPHABET = /^[23456789abcdefghjkmnpqrstuvwxyz]{10}$/;

/**
 * A code as the reader typed or pasted it (any case, spaces, dashes, or the whole link); null if it is not one.
 * @param {unknown} text
 */
export function parseCode(text) {
  const raw = String(text || "").trim();
  const fromLink = raw.match(/#join=([^&\s]+)/);
  const code = (fromLink ? fromLink[1] : raw).toLowerCase().replace(/[\s-]/g, "");
  return ALPHABET.test(code) ? code : null;
}
