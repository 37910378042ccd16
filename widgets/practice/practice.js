// A practice page: the engine deals fresh positions from a seed and asks, in turn, which cards are
// legal, who takes the trick, what to play (where wins-trick decides) and what the hand scores.
//
// The page holds `<div class="tb-practice" data-game="GAME">` (its text is for readers without
// JavaScript). Nothing is downloaded until the reader presses Start: the engine (Pyodide in the
// page's worker) is needed for every position. The seed and the question's number are in the URL
// (#seed=…&q=N), so a teacher can hand a class the same drill. The tally per kind stays in this
// browser's localStorage (`trickbook.practice.GAME`) and is never sent anywhere.

import { _, engineText, fill, loadCatalog, currentLang, ngettext, seatShown } from "../i18n.js";
import { boardElement } from "../board.js";
import { addStylesheet, el, onEveryPage } from "../dom.js";
import { keepVerdictsWithTrick } from "../verdict-view.js";
import { ask } from "../engine.js";
import { siteGames } from "../games.js";
import { QuestionPanel, ensureQuestionStyles } from "../hand-player/questions.js";
import { engineDownloadBytes, megabytes } from "../hand-player/state.js";

const ASSETS = new URL("../../", import.meta.url);
const KINDS = ["legal", "winner", "play", "score"];

const KIND_NAMES = {
  legal: () => _("Legal cards"),
  winner: () => _("Trick winner"),
  play: () => _("What to play"),
  score: () => _("Score"),
};

// The end-of-hand question by the game's kind of scoring (the engine's answer names it: `drill.score`,
// from the game's class), then the rule that decides each kind of question: the hint, by the kind of
// rule the game plays (`drill.legal`, `drill.winner`, `drill.score`), unless the game words its own (the
// engine's answer carries it: `hints`). A kind not listed has no hint.
const SCORE_QUESTIONS = {
  "contract-payment": () => _("The hand is over. What is the declarer's net result?"),
  "high-low-jack-game": () => _("The hand is over. Who scores High, Low, Jack and Game?"),
};
const HINTS = {
  legal: {
    "trump-or-follow": () => _("When a trump is led, play a trump if you hold one. When another suit is led, follow it or trump; only a player who holds none of it may play any card."),
    "follow-suit-bowers": () => _("Follow the suit led if you can; otherwise play any card. The left bower belongs to the trump suit, not to its own."),
    "follow-suit": () => _("Follow the suit led if you can; otherwise play any card."),
  },
  winner: {
    bowers: () => _("The highest trump takes the trick: the right bower, then the left bower, then the ace down. Without a trump, the highest card of the suit led wins."),
    "highest-trump": () => _("The highest trump takes the trick. Without a trump, the highest card of the suit led wins; other suits never win."),
  },
  score: {
    "high-low-jack-game": () => _("High goes to the side dealt the highest trump in play, Low to the side dealt the lowest, Jack to the side that takes the jack of trumps, Game to the side whose tricks hold more: ace 4, king 3, queen 2, jack 1, ten 10."),
    "contract-payment": () => _("A declarer who makes the contract collects its value from every other player; one who fails pays each of them as much."),
    makers: () => _("The makers score 1 for three or four tricks and 2 for all five (4 alone); with fewer than three they are euchred and the other side scores 2."),
  },
};

/** The question each kind asks, in the reader's language (`drill`: the game's kinds, from the engine). */
function questionText(key, drill) {
  if (key.kind === "legal") return fill(_("Which cards may {seat} play?"), { seat: seatShown(key.seat) });
  if (key.kind === "winner") return _("Who takes this trick?");
  if (key.kind === "play") return fill(_("{seat} is to play. Which card makes sure of this trick for {seat}'s side?"), { seat: seatShown(key.seat) });
  const asked = SCORE_QUESTIONS[drill.score];
  return asked ? asked() : _("The hand is over. How many points are scored, and by whom?");
}

/** The rule that decides each kind of question, in the reader's language: the hint ("" for none). The
 * game's own hint for the kind (`hints`, engine messages from its class) comes first. */
function hintText(kind, drill, hints = {}) {
  if (hints[kind]) return engineText(hints[kind]);
  if (kind === "play") return _("A card makes sure of the trick when no card the others may still play to it can beat it, your partner's help included.");
  const said = (HINTS[kind] || {})[drill[kind]];
  return said ? said() : "";
}

function randomSeed() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The drill in the URL: #seed=…&q=N. */
export function readLocation(hash = location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const seed = (params.get("seed") || "").replace(/[^\w-]/g, "").slice(0, 64);
  const q = Number.parseInt(params.get("q") || "0", 10);
  return { seed, number: Number.isFinite(q) && q >= 0 ? q : 0 };
}

function tallyKey(game) {
  return `trickbook.practice.${game}`;
}

function loadTally(game) {
  try {
    const data = JSON.parse(localStorage.getItem(tallyKey(game)) || "{}");
    return Object.fromEntries(KINDS.map((k) => [k, {
      right: Number(data[k] && data[k].right) || 0, asked: Number(data[k] && data[k].asked) || 0,
    }]));
  } catch {
    return Object.fromEntries(KINDS.map((k) => [k, { right: 0, asked: 0 }]));
  }
}

class Drill {
  constructor(root) {
    this.root = root;
    this.game = root.dataset.game;
    const where = readLocation();
    this.seed = where.seed || randomSeed();
    this.number = where.number;
    this.tally = loadTally(this.game);
    this.build();
  }

  build() {
    this.start = el("button", { type: "button", className: "tb-btn tb-practice-start" }, _("Start practising"));
    this.start.addEventListener("click", () => this.show());
    this.status = el("p", { className: "tb-practice-status", role: "status" });
    this.next = el("button", { type: "button", className: "tb-btn tb-practice-next", hidden: true }, _("Next question"));
    this.next.addEventListener("click", () => { this.number += 1; this.show(); });
    this.hint = el("button", { type: "button", className: "tb-btn tb-practice-hint", hidden: true, "aria-expanded": "false" }, _("Hint"));
    this.hintText = el("p", { className: "tb-practice-hint-text", hidden: true });
    this.hint.addEventListener("click", () => {
      const open = this.hintText.hidden;
      this.hintText.hidden = !open;
      this.hint.setAttribute("aria-expanded", String(open));
    });
    this.where = el("p", { className: "tb-practice-where" });
    this.question = el("div", { className: "tb-practice-question" });
    this.board = el("div", { className: "tb-board", role: "region", tabindex: "0", "aria-label": _("The table for this question") });
    this.hands = el("div", { className: "tb-practice-hands" });
    this.tallyBox = el("div", { className: "tb-practice-tally" });
    this.reset = el("button", { type: "button", className: "tb-btn tb-practice-reset" }, _("Reset the tally"));
    this.reset.addEventListener("click", () => {
      localStorage.removeItem(tallyKey(this.game));
      this.tally = loadTally(this.game);
      this.paintTally();
    });
    this.drill = el("div", { className: "tb-hand tb-practice-drill", dataset: { game: this.game } },
      el("div", { className: "tb-practice-bar" }, this.start, this.next, this.hint),
      // The trick and the trumps first, then the question about them, then the hands: on a phone the
      // trick, the question and its verdict share the screen.
      this.status, this.where, this.hintText, this.board, this.question, this.hands,
      el("div", { className: "tb-practice-foot" }, this.tallyBox, this.reset));
    keepVerdictsWithTrick(this.drill, () => this.board.querySelector(".tb-trick"));
    this.root.replaceChildren(this.drill);
    this.paintTally();
    engineDownloadBytes(ASSETS).then((bytes) => {
      if (!bytes || this.started) return;
      this.status.textContent = fill(_("The questions come from the rule engine, which runs in your browser: a download of {size} the first time."),
        { size: megabytes(bytes, currentLang()) });
    });
  }

  paintTally() {
    const rows = KINDS.map((k) => el("li", { dataset: { kind: k } },
      fill(ngettext("{kind}: {right} right answer of {asked}", "{kind}: {right} right answers of {asked}", this.tally[k].right),
        { kind: KIND_NAMES[k](), right: String(this.tally[k].right), asked: String(this.tally[k].asked) })));
    this.tallyBox.replaceChildren(el("p", {}, _("Your tally, kept in this browser only:")), el("ul", {}, rows));
  }

  count(kind, right) {
    this.tally[kind].asked += 1;
    if (right) this.tally[kind].right += 1;
    try {
      localStorage.setItem(tallyKey(this.game), JSON.stringify(this.tally));
    } catch {
      // Storage refused (private mode): the tally lasts as long as the page.
    }
    this.paintTally();
  }

  async show() {
    this.started = true;
    const began = performance.now();
    const kept = document.activeElement === this.next;
    this.hint.before(this.next); // back in the bar from under the last verdict
    if (kept) this.next.focus({ preventScroll: true });
    this.start.hidden = true;
    this.next.disabled = true;
    this.drill.setAttribute("aria-busy", "true");
    history.replaceState(history.state, "", `#seed=${this.seed}&q=${this.number}`);
    this.status.textContent = _("Dealing…");
    let answer;
    try {
      answer = await ask("practice", { game: this.game, seed: this.seed, number: this.number });
    } catch (err) {
      console.warn("trickbook: practice unavailable", err);
      answer = null;
    }
    this.drill.removeAttribute("aria-busy");
    this.next.disabled = false;
    if (!answer || !answer.ok) {
      this.status.textContent = _("The engine could not deal a question here. Try the next one, or reload the page.");
      this.next.hidden = false;
      return;
    }
    const drill = answer.drill || {};
    const key = { ...answer.key, text: questionText(answer.key, drill) };
    let counted = false;
    const drillAt = { game: this.game, seed: this.seed, number: this.number };
    const panel = new QuestionPanel(key, {
      // A wrong card's cost, judged as the verdict is (the best defence), from the engine the drill already runs.
      playOut: key.kind === "play" ? (card, right) => ask("practice_cost", { ...drillAt, card, right }) : null,
      onAnswered: (verdict) => {
        const waiting = !verdict;
        this.drill.classList.toggle("tb-q-pending", waiting);
        // Answered: "Next question" follows the verdict, the next Tab from it (the panel focuses the verdict);
        // asked again, it goes back to the bar.
        if (waiting) this.hint.before(this.next);
        else panel.verdict.after(this.next);
        if (verdict && !counted && !verdict.revealed) {
          counted = true;
          this.count(key.kind, verdict.right);
        }
      },
    });
    this.status.textContent = "";
    this.where.textContent = fill(_("Question {number}, drill {seed}"), { number: String(this.number + 1), seed: this.seed });
    this.hintText.textContent = hintText(key.kind, drill, answer.hints || {});
    this.hintText.hidden = true;
    this.hint.hidden = !this.hintText.textContent;
    this.hint.setAttribute("aria-expanded", "false");
    this.next.hidden = false;
    this.drill.classList.add("tb-q-pending");
    this.drill.dataset.questionKind = key.kind;
    this.question.replaceChildren(panel.root);
    const [trick, facts, hands] = boardElement(answer.view, null);
    this.board.replaceChildren(trick, facts);
    this.hands.replaceChildren(hands);
    this.drill.dataset.number = String(this.number);
    this.drill.dataset.lastMs = String(Math.round(performance.now() - began));
    const first = panel.root.querySelector(".tb-q-choice");
    if (first) first.focus({ preventScroll: true });
    panel.root.scrollIntoView({ block: "nearest" });
  }
}

function ensureStylesheet() {
  addStylesheet(new URL("widgets/hand.css", ASSETS).href);
}

export async function mount() {
  const candidates = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".tb-practice[data-game]"))];
  if (!candidates.some((r) => !r.dataset.tbMounted)) return;
  // Only the games the site knows (assets/games.json, from the engine's registry).
  const known = await siteGames();
  const roots = candidates.filter((r) => Object.hasOwn(known, r.dataset.game) && !r.dataset.tbMounted);
  if (!roots.length) return;
  ensureStylesheet();
  ensureQuestionStyles();
  await loadCatalog(new URL("i18n/", ASSETS), document.documentElement.lang || "en");
  for (const root of roots) {
    root.dataset.tbMounted = "true";
    // A shared link's seed and question wait in the URL until Start: nothing downloads before.
    new Drill(root);
  }
}

onEveryPage(() => mount());
