// The Verify page's verifier: paste a seed and the fingerprint seen at the start of a match;
// it says whether SHA-256 of the seed's bytes is that fingerprint and deals every hand of
// the match with the published recipe (recipe.js, independent of the engine).
//
// The page provides `<div class="tb-verifier">` holding a message for readers without
// JavaScript. The play table's "Verify this match" opens the page with
// `#game=…&seed=…&fingerprint=…&seats=…&hands=…&dealers=…&you=…`, and the form is filled in
// and checked at once. Its part "An online match" takes what an online table reveals at the end
// (online.js): the dealer's secret, each person's value and commitment, or the whole match record.

import { _, cardDisplay, cardName, fill, loadCatalog } from "../i18n.js";
import { addStylesheet, el, onEveryPage, partsNodes } from "../dom.js";
import { GAMES, checkTableMatch, dealMatch, fingerprintOf, seedBytes } from "./recipe.js";
import { checkText, fromLines, fromRecord, verdictText } from "./online.js";

const MAX_SHOWN = 40; // characters of an unknown game's name quoted back

const ASSETS = new URL("../../", import.meta.url);
const GAME_NAMES = () => ({
  yorkshire: _("Yorkshire All Fours"), trinidad: _("Trinidad All Fours"), nap: _("Nap"), euchre: _("Euchre"),
});
const MAX_HANDS = 60;

function field(id, label, control) {
  control.id = id;
  return el("p", { className: "tbv-field" }, el("label", { for: id }, label), " ", control);
}

/** The cards as the eye reads them ("K♣ 10♠"), each said in words to a screen reader ("king of clubs"). */
function showCards(cards) {
  const parts = cards.flatMap((code, i) => {
    const part = { shown: cardDisplay(code), said: cardName(code) };
    return i ? [{ shown: " ", said: ", " }, part] : [part];
  });
  return el("span", { className: "tbv-cards", dataset: { cards: cards.join(" ") } }, partsNodes(parts));
}

/**
 * The first hand whose reported dealer does not follow from the seed: the first dealer is the seed's, and
 * each later one the next seat in the order of play (in Trinidad the same seat may deal again, its redeal).
 */
export function dealerBreak(game, seats, first, dealers) {
  for (let n = 0; n < dealers.length; n += 1) {
    const before = n === 0 ? null : dealers[n - 1];
    const expected = before === null ? first : seats[(seats.indexOf(before) + 1) % seats.length];
    const again = before !== null && game === "trinidad" && dealers[n] === before;
    if (dealers[n] !== expected && !again) return { number: n + 1, seat: dealers[n], expected };
  }
  return null;
}

class Verifier {
  constructor(root, n) {
    this.root = root;
    const names = GAME_NAMES();
    this.game = el("select", {}, ...[...GAMES.keys()].map((g) => el("option", { value: g }, names[g])));
    this.players = el("select", {}, ...[3, 4, 5, 6, 7].map((k) => el("option", { value: String(k), selected: k === 4 }, String(k))));
    this.seed = el("input", { type: "text", spellcheck: "false", autocomplete: "off", className: "tbv-hex", placeholder: _("64 hexadecimal digits") });
    this.fingerprint = el("input", { type: "text", spellcheck: "false", autocomplete: "off", className: "tbv-hex", placeholder: _("64 hexadecimal digits") });
    this.hands = el("input", { type: "number", min: "1", max: String(MAX_HANDS), value: "2" });
    this.playersField = field(`tbv-players-${n}`, _("Players (Nap):"), this.players);
    this.onlinePart = this.onlineFields(n);
    const check = el("button", { type: "submit", className: "tbv-check md-button md-button--primary" }, _("Check and deal"));
    this.form = el("form", { className: "tbv-form" },
      field(`tbv-game-${n}`, _("Game:"), this.game), this.playersField,
      field(`tbv-seed-${n}`, _("Seed:"), this.seed),
      field(`tbv-fingerprint-${n}`, _("Fingerprint seen at the start:"), this.fingerprint),
      field(`tbv-hands-${n}`, _("Hands to deal:"), this.hands), this.onlinePart, check);
    this.form.addEventListener("submit", async (event) => {
      event.preventDefault();
      await this.run();
      this.showVerdict(true);
    });
    this.game.addEventListener("change", () => this.paintPlayers());
    this.verdict = el("p", { className: "tbv-verdict", role: "status", tabindex: "-1" });
    this.output = el("div", { className: "tbv-output" });
    this.root.replaceChildren(this.form, this.verdict, this.output);
    this.dealers = null;
    this.you = null;
    this.unknownGame = null; // a game named by the page address that the recipe does not know
    this.fromHash();
    this.paintPlayers();
    window.addEventListener("hashchange", () => this.fromHash(true));
  }

  /** The part "An online match": the revealed secret, the lobby's fingerprint of it, the values, or a record. */
  onlineFields(n) {
    const hex = () => el("input", { type: "text", spellcheck: "false", autocomplete: "off", className: "tbv-hex", placeholder: _("64 hexadecimal digits") });
    const area = (rows) => el("textarea", { rows: String(rows), spellcheck: "false", autocomplete: "off", className: "tbv-hex tbv-area" });
    this.secret = hex();
    this.lobby = hex();
    this.values = area(4);
    this.record = area(4);
    return el("details", { className: "tbv-online" },
      el("summary", {}, _("An online match")),
      el("p", {}, _("Paste what the table revealed when the match ended, or its match record. The seed is then made from these parts.")),
      field(`tbv-secret-${n}`, _("The dealer's secret:"), this.secret),
      field(`tbv-lobby-${n}`, _("Fingerprint of the secret shown in the lobby:"), this.lobby),
      field(`tbv-values-${n}`, _("Values, one seat a line (seat, value, commitment):"), this.values),
      field(`tbv-record-${n}`, _("Or the match record (JSON):"), this.record));
  }

  /** Whether the form checks an online match: its part is open and something is pasted in it. */
  online() {
    return this.onlinePart.open && Boolean(this.secret.value.trim() || this.record.value.trim());
  }

  paintPlayers() {
    this.playersField.hidden = this.game.value !== "nap";
  }

  /** Fill the form from the page address (as the play table links to it) and check at once. */
  fromHash(changed) {
    const params = new URLSearchParams(location.hash.slice(1));
    if (!params.get("seed")) return;
    const game = params.get("game");
    this.unknownGame = game && !GAMES.has(game) ? game : null;
    if (GAMES.has(game)) this.game.value = game;
    const seats = params.get("seats");
    if (seats && this.game.value === "nap" && seats.length >= 3 && seats.length <= 7) this.players.value = String(seats.length);
    this.seed.value = params.get("seed") || "";
    this.fingerprint.value = params.get("fingerprint") || "";
    const hands = Number(params.get("hands"));
    if (Number.isInteger(hands) && hands >= 1) this.hands.value = String(Math.min(hands, MAX_HANDS));
    this.dealers = params.get("dealers") || null;
    this.you = params.get("you") || null;
    this.paintPlayers();
    this.run().then(() => this.showVerdict(false));
    if (changed) this.root.scrollIntoView({ block: "start" });
  }

  /** The verdict in view (under the form, it may be below the fold), smoothly unless the reader asks for
   * less motion; after Check the keyboard goes to it too (a page opened from a link keeps its focus). */
  showVerdict(focus) {
    if (!this.verdict.textContent) return;
    const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.verdict.scrollIntoView({ block: "center", behavior: still ? "instant" : "smooth" });
    if (focus) this.verdict.focus({ preventScroll: true });
  }

  seats() {
    const game = this.game.value;
    if (game === "nap") return "ABCDEFG".slice(0, Number(this.players.value)).split("");
    return GAMES.get(game).seats;
  }

  /** Say that the address named a game the verifier does not know; nothing is dealt. */
  refuseGame(game) {
    const shown = game.length > MAX_SHOWN ? `${game.slice(0, MAX_SHOWN)}…` : game;
    const names = GAME_NAMES();
    this.verdict.dataset.result = "unknown-game";
    this.verdict.textContent = fill(_("This page does not know the game “{game}”: it deals {games}. Choose the game in the form."),
      { game: shown, games: new Intl.ListFormat(document.documentElement.lang || "en", { type: "conjunction" })
        .format([...GAMES.keys()].map((g) => names[g])) });
  }

  async run() {
    if (this.online()) return this.runOnline();
    const game = this.game.value;
    const seed = seedBytes(this.seed.value);
    this.output.replaceChildren();
    if (this.unknownGame !== null || !GAMES.has(game)) {
      this.refuseGame(this.unknownGame ?? game);
      this.unknownGame = null; // the form's own game from now on
      return;
    }
    if (!seed) {
      this.verdict.dataset.result = "bad-seed";
      this.verdict.textContent = _("A seed is 64 hexadecimal digits (0 to 9 and a to f).");
      return;
    }
    const computed = await fingerprintOf(seed);
    const given = this.fingerprint.value.trim().toLowerCase();
    if (!given) {
      this.verdict.dataset.result = "no-fingerprint";
      this.verdict.textContent = fill(_("No fingerprint to compare: the SHA-256 of this seed is {hash}."), { hash: computed });
    } else if (given === computed) {
      this.verdict.dataset.result = "match";
      this.verdict.textContent = _("The fingerprint matches: SHA-256 of this seed is the fingerprint shown at the start of the match.");
    } else {
      this.verdict.dataset.result = "mismatch";
      this.verdict.textContent = fill(_("The fingerprint does not match: SHA-256 of this seed is {hash}."), { hash: computed });
    }
    this.output.replaceChildren(...await this.deal(game, seed));
  }

  /** Every hand of the match dealt from the seed: the first dealer, then one table a hand. */
  async deal(game, seed) {
    const seats = this.seats();
    const hands = Math.max(1, Math.min(MAX_HANDS, Number(this.hands.value) || 1));
    const dealers = this.dealers && this.dealers.length === hands && [...this.dealers].every((d) => seats.includes(d))
      ? [...this.dealers] : null;
    const match = await dealMatch(game, seats, seed, hands, dealers);
    const broken = dealers && match.first.dealer ? dealerBreak(game, seats, match.first.dealer, dealers) : null;
    if (broken) {
      // The seed fixes the first dealer and the rules each next one: a reported list that leaves them is questioned.
      this.verdict.dataset.result = this.verdict.dataset.result === "match" ? "dealers-differ" : "mismatch";
      this.verdict.dataset.dealersBreak = String(broken.number);
      this.verdict.append(" ", fill(_("The dealers the table reported do not follow from the seed: it says hand {number} was dealt by {seat}, where the seed and the rules give {expected}."),
        { number: String(broken.number), seat: broken.seat, expected: broken.expected }));
    } else delete this.verdict.dataset.dealersBreak;
    this.output.dataset.game = game;
    return [
      el("p", { className: "tbv-first", dataset: { dealer: match.first.dealer || "" } },
        fill(_("First dealer: {seat}."), { seat: match.first.dealer || "?" }), " ",
        dealers ? _("The dealers of the later hands are the ones the table reported.")
          : _("Each later hand is dealt by the next seat in the order of play (a Trinidad redeal keeps the same dealer; open the verifier from the table to follow it).")),
      ...match.hands.map((hand) => this.handTable(game, seats, hand))];
  }

  /** Check an online match from its pasted parts: each check in words, then every hand dealt from the seed. */
  async runOnline() {
    this.output.replaceChildren();
    let match;
    try {
      match = this.record.value.trim() ? fromRecord(this.record.value.trim())
        : { game: this.game.value, seats: null, secret: this.secret.value, dealerCommitment: this.lobby.value,
          values: fromLines(this.values.value), seed: "", dealt: [] };
    } catch (error) {
      if (!(error instanceof Error) || !("code" in error)) throw error;
      this.verdict.dataset.result = "bad-paste";
      this.verdict.textContent = error.message;
      return;
    }
    if (!GAMES.has(match.game)) {
      this.refuseGame(match.game);
      return;
    }
    this.game.value = match.game;
    const seats = match.seats && match.seats.length >= 3 && match.seats.length <= 7 ? match.seats : null;
    if (seats && match.game === "nap") this.players.value = String(seats.length);
    this.paintPlayers();
    const verdict = await checkTableMatch({ ...match, seats: seats || this.seats() });
    this.verdict.dataset.result = verdict.ok ? "online-match" : "online-mismatch";
    this.verdict.textContent = verdictText(verdict);
    const checks = el("ul", { className: "tbv-checks" }, ...verdict.checks.map((c) => el("li",
      { dataset: { check: c.name, ok: String(c.ok) } }, el("span", { className: "tbv-mark", "aria-hidden": "true" }, c.ok ? "✓ " : "✗ "), checkText(c))));
    if (!verdict.seed) {
      this.output.replaceChildren(checks);
      return;
    }
    this.seed.value = verdict.seed;
    this.fingerprint.value = "";
    const dealt = [...match.dealt].sort((a, b) => a.number - b.number);
    if (dealt.length) {
      this.hands.value = String(Math.min(dealt.length, MAX_HANDS));
      this.dealers = dealt.map((d) => d.dealer).join("");
    }
    this.output.replaceChildren(checks, ...await this.deal(match.game, /** @type {Uint8Array} */ (seedBytes(verdict.seed))));
  }

  handTable(game, seats, hand) {
    const rows = seats.map((seat) => el("tr", { dataset: { seat }, className: seat === this.you ? "tbv-you" : "" },
      el("th", { scope: "row" }, seat === this.you ? fill(_("{seat} (you)"), { seat }) : seat), el("td", {}, showCards(hand.hands[seat]))));
    const extra = [];
    if (hand.upcard) extra.push(["upcard", _("upcard"), [hand.upcard]], ["kitty", _("kitty"), hand.kitty]);
    if (hand.kick) extra.push(["kick", _("kick"), [hand.kick]], ["stock", _("stock"), hand.stock]);
    for (const [key, label, cards] of extra) {
      rows.push(el("tr", { dataset: { seat: key } }, el("th", { scope: "row" }, label), el("td", {}, showCards(cards))));
    }
    return el("div", { className: "tbv-scroll", role: "region", tabindex: "0", "aria-label": fill(_("Hand {number}"), { number: String(hand.number) }) },
      el("table", { className: "tbv-hand", dataset: { hand: String(hand.number), dealer: hand.dealer } },
        el("caption", {}, fill(_("Hand {number}, dealt by {seat}"), { number: String(hand.number), seat: hand.dealer })),
        el("tbody", {}, ...rows)));
  }
}

async function mount() {
  const roots = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("div.tb-verifier"))].filter((r) => !r.dataset.tbMounted);
  if (!roots.length) return;
  addStylesheet(new URL("widgets/verifier/verifier.css", ASSETS).href);
  // Its own strings only (trickbook_site/widget_catalogs.py): the page loads it on arrival.
  await loadCatalog(new URL("i18n/verifier/", ASSETS), document.documentElement.lang || "en");
  roots.forEach((root, n) => {
    root.dataset.tbMounted = "true";
    new Verifier(root, n);
  });
}

onEveryPage(mount);
