// A class at the online table: the teacher's page and the projector's (the page "Teaching with the
// online table"), opened by the links `serve --class` prints or "Open a class" gives:
// `#class=CODE&teacher=TOKEN[&projector=TOKEN]` or `#class=CODE&projector=TOKEN`.
//
// Both watch the class over the table server's WebSocket (`watch`, PROTOCOL.md "A class"). The
// teacher's page lists every table with all its hands, starts the class, pauses and resumes every
// table, asks the students at the seat to play, shows the answers with their reasons, each hand's
// result beside the other tables' on the same cards and the plays the look-ahead proved costly, and
// downloads the results. The projector's page shows what a spectator sees: the join code and QR code
// before the start, then the table the teacher chooses, in large type, and the spread of the answers.
// State for tests: `data-class` on the root (its phase), `data-role`, `data-paused`, `data-ask`.

import { _, cardName, categoryName, contractName, fill, loadCatalog, ngettext, seatAlone, suitName, useSpokenSeats } from "../i18n.js";
import { cardElement } from "../board.js";
import { addStylesheet, el, onEveryPage } from "../dom.js";
import { Connection } from "./socket.js";
import { groupedCode, refusalText } from "./words.js";

const ASSETS = new URL("../../", import.meta.url);

/** The fragment's parts: class code and tokens. */
function fragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  return { code: params.get("class"), teacher: params.get("teacher"), projector: params.get("projector") };
}

const STAKES = () => ({
  contract: _("the contract"),
  march: _("the march"),
  jack: _("Jack"),
  game: _("Game"),
});

const RULES = () => ({
  "wins-trick": _("Take the trick for your side"),
  "keeps-contract": _("Make sure of the contract"),
  "takes-jack": _("Take the Jack of trumps"),
  "saves-game": _("Keep Game from the other side"),
});

function cards(list) {
  return (list || []).flatMap((code, i) => [i ? " " : "", cardElement(code)]);
}

class ClassView {
  constructor(root, base) {
    this.root = root;
    this.base = new URL(base, location.href).href;
    this.parts = fragment();
    this.role = this.parts.teacher ? "teacher" : "projector";
    root.dataset.role = this.role;
    this.status = el("p", { className: "tbc-status", role: "status" });
    this.head = el("section", { className: "tbc-head" });
    this.controls = el("section", { className: "tbc-controls", hidden: true });
    this.askBox = el("section", { className: "tbc-ask", "aria-live": "polite", hidden: true });
    this.tables = el("section", { className: "tbc-tables" });
    this.compare = el("section", { className: "tbc-compare", hidden: true });
    root.replaceChildren(this.status, this.head, this.controls, this.askBox, this.compare, this.tables);
    if (this.role === "teacher") this.buildControls();
    this.connection = new Connection(this.base, () => ({ type: "watch", class: this.parts.code,
      token: this.parts.teacher || this.parts.projector }), (frame) => this.frame(frame), (state) => this.linked(state));
    this.connection.open();
  }

  linked(state) {
    this.root.dataset.classLink = state;
    this.status.textContent = state === "reconnecting" ? _("The link to the table server dropped. Reconnecting…") : "";
  }

  send(frame) {
    if (!this.connection.send(frame)) this.status.textContent = refusalText({ code: "offline" });
  }

  buildControls() {
    const button = (cls, text, frame) => {
      const b = el("button", { type: "button", className: `tbt-btn ${cls}` }, text);
      b.addEventListener("click", () => this.send(typeof frame === "function" ? frame() : frame));
      return b;
    };
    this.begin = button("tbc-begin", _("Start the class"), { type: "begin" });
    this.pause = button("tbc-pause", _("Pause every table"), () => ({ type: this.klass && this.klass.paused ? "resume" : "pause" }));
    this.rule = el("select", { className: "tbc-rule", id: "tbc-rule" });
    this.askLegal = button("tbc-ask-legal", _("Ask: which cards may you play?"), { type: "ask", kind: "legal" });
    this.askPlay = button("tbc-ask-play", _("Ask: what would you play?"), () => ({ type: "ask", kind: "play", rule: this.rule.value }));
    this.settle = button("tbc-settle", _("Show each student their verdict"), { type: "settle" });
    this.shown = el("select", { className: "tbc-shown", id: "tbc-shown" });
    this.behind = el("input", { type: "checkbox", className: "tbc-behind", id: "tbc-behind" });
    const show = () => this.send({ type: "show", table: Number(this.shown.value), behind: this.behind.checked });
    this.shown.addEventListener("change", show);
    this.behind.addEventListener("change", show);
    const download = el("button", { type: "button", className: "tbt-btn tbc-download" }, _("Download the results"));
    download.addEventListener("click", () => this.download());
    const projector = this.parts.projector
      ? el("a", { className: "tbc-projector-link", target: "_blank", rel: "noopener",
        href: `${location.pathname}#class=${this.parts.code}&projector=${this.parts.projector}` }, _("Open the projector's view"))
      : null;
    this.controls.append(
      el("p", {}, this.begin, " ", this.pause),
      el("p", {}, this.askLegal, " ", el("label", { for: "tbc-rule" }, _("Goal:")), " ", this.rule, " ", this.askPlay, " ", this.settle),
      el("p", {}, el("label", { for: "tbc-shown" }, _("The projector shows table")), " ", this.shown, " ",
        this.behind, " ", el("label", { for: "tbc-behind" }, _("one trick behind"))),
      el("p", {}, download, " ", projector));
  }

  frame(frame) {
    if (frame.type === "error") {
      this.status.textContent = refusalText(frame.error);
      return;
    }
    if (frame.type !== "class") return;
    this.klass = frame;
    this.root.dataset.class = frame.phase;
    this.root.dataset.paused = String(frame.paused);
    this.root.dataset.ask = frame.ask ? (frame.ask.settled ? "settled" : "open") : "none";
    this.paintHead(frame);
    if (this.role === "teacher") this.paintControls(frame);
    this.paintAsk(frame.ask);
    if (this.role === "teacher") this.paintCompare(frame);
    this.paintTables(frame);
  }

  paintHead(frame) {
    if (this.headFor === `${frame.phase}`) return;
    this.headFor = frame.phase;
    const link = new URL(`../play-${frame.game}/`, location.href);
    link.hash = `class=${frame.code}`;
    const qr = new URL(`qr/${frame.code}.svg`, this.base);
    qr.searchParams.set("lang", (document.documentElement.lang || "en").slice(0, 2).toLowerCase());
    const joining = frame.phase === "seating";
    this.head.replaceChildren(
      el("h2", { className: "tbc-code" }, fill(_("Class {code}"), { code: groupedCode(frame.code) })),
      joining ? el("p", {}, _("Students: scan the code or open the link, choose a table and a seat, and write your name.")) : null,
      joining ? el("img", { className: "tbo-qr tbc-qr", src: qr.href, width: "196", height: "196",
        alt: fill(_("QR code of the class's link: {link}"), { link: link.href }) }) : null,
      joining ? el("p", { className: "tbo-link-text" }, link.href) : null);
  }

  paintControls(frame) {
    this.controls.hidden = false;
    this.begin.hidden = frame.phase !== "seating";
    this.pause.hidden = frame.phase !== "playing";
    this.pause.textContent = frame.paused ? _("Resume every table") : _("Pause every table");
    const playing = frame.phase === "playing";
    this.askLegal.disabled = !playing;
    this.askPlay.disabled = !playing;
    this.settle.disabled = !(frame.ask && !frame.ask.settled);
    if (!this.rule.options.length) {
      const rules = RULES();
      const fit = { euchre: ["wins-trick"], nap: ["wins-trick", "keeps-contract"] }[frame.game] || ["wins-trick", "takes-jack", "saves-game"];
      this.rule.replaceChildren(...fit.map((r) => el("option", { value: r }, rules[r])));
    }
    if (this.shown.options.length !== frame.tables.length) {
      this.shown.replaceChildren(...frame.tables.map((t) => el("option", { value: String(t.index) }, String(t.index + 1))));
    }
    this.shown.value = String(frame.shown);
    this.behind.checked = frame.behind;
  }

  paintAsk(ask) {
    this.askBox.hidden = !ask;
    if (!ask) return;
    const kind = ask.kind === "legal" ? _("Which cards may you play?") : fill(_("What would you play? Goal: {goal}"), { goal: RULES()[ask.rule] || "" });
    const spread = ask.spread;
    const rows = ask.tables.map((t) => {
      const state = { right: _("right"), wrong: _("wrong"), waiting: _("no answer yet") }[t.state];
      const who = fill(_("Table {table}, {seat} ({name})"), { table: String(t.index + 1), seat: seatAlone(t.seat), name: t.name || "?" });
      const detail = [];
      if (t.answer !== undefined && t.answer !== null) detail.push(el("span", {}, _("Answer:"), " ", cards([].concat(t.answer))));
      if (t.accepted) detail.push(el("span", {}, " · ", _("Accepted:"), " ", cards(t.accepted)));
      if (t.view === "all") detail.push(el("span", { className: "tbc-judged" }, " · ", _("judged with every hand known")));
      return el("li", { dataset: { state: t.state, table: String(t.index) } }, el("strong", {}, who), ": ", state, " ", ...detail);
    });
    const skipped = ask.skipped.map((s) => el("li", { dataset: { state: "skipped" } },
      fill(_("Table {table}: nothing to ask here now (no card, or every card, does what the question asks, or nobody is to play)."), { table: String(s.index + 1) })));
    this.askBox.replaceChildren(
      el("h3", {}, kind),
      el("p", { className: "tbc-spread" }, fill(_("{right} right, {wrong} wrong, {waiting} waiting"),
        { right: String(spread.right), wrong: String(spread.wrong), waiting: String(spread.waiting) })),
      el("div", { className: "tbc-bars", "aria-hidden": "true" }, ...["right", "wrong", "waiting"].map((k) =>
        el("span", { className: `tbc-bar tbc-bar-${k}`, style: null, dataset: { count: String(spread[k]) } }))),
      el("ul", { className: "tbc-answers" }, ...rows, ...skipped));
    for (const bar of this.askBox.querySelectorAll(".tbc-bar")) {
      const total = Math.max(1, spread.right + spread.wrong + spread.waiting);
      /** @type {HTMLElement} */ (bar).style.flexGrow = String(Number(/** @type {HTMLElement} */ (bar).dataset.count) / total);
    }
  }

  paintTables(frame) {
    const shown = this.role === "projector" ? frame.tables.filter((t) => t.index === frame.shown) : frame.tables;
    this.tables.replaceChildren(...shown.map((t) => this.tableElement(t)));
  }

  tableElement(t) {
    const seats = el("ul", { className: "tbo-seats" }, ...t.seats.map((s) => el("li", { dataset: { kind: s.kind } },
      el("strong", {}, seatAlone(s.seat)), " ",
      s.kind === "person" ? s.name : (s.kind === "bot" ? _("bot") : _("empty: a bot will play it")),
      t.view && t.view.hands ? el("span", { className: "tbc-hand" }, " ", cards(t.view.hands[s.seat])) : null)));
    const parts = [el("h3", {}, fill(_("Table {table}"), { table: String(t.index + 1) }),
      t.paused ? el("span", { className: "tbc-paused" }, " · ", _("paused")) : null)];
    if (t.view) parts.push(this.board(t.view));
    parts.push(seats);
    if (t.results && t.results.length) parts.push(this.results(t));
    return el("section", { className: "tbc-table", dataset: { table: String(t.index), phase: t.phase } }, ...parts);
  }

  board(view) {
    const trick = view.trick && view.trick.plays && view.trick.plays.length ? view.trick : view.last_trick;
    const plays = trick ? trick.plays.map(([seat, card]) => el("li", {}, el("span", {}, seatAlone(seat)), " ", cardElement(card))) : [];
    const score = Object.entries(view.score || {}).map(([who, points]) => `${seatAlone(who)} ${points}`).join(" · ");
    return el("div", { className: "tbc-board" },
      el("p", {}, fill(_("Hand {hand}"), { hand: String(view.hand_number || 1) }), " · ",
        _("Trumps"), ": ", view.trump ? suitName(view.trump) : _("not yet set"), " · ", _("Score"), ": ", score),
      trick ? el("ol", { className: "tbc-trick", "aria-label": fill(_("Trick {number}"), { number: String(trick.number) }) }, ...plays)
        : el("p", {}, _("No card has been played yet.")),
      view.current ? el("p", {}, fill(_("{seat} to play"), { seat: seatAlone(view.current) })) : null);
  }

  /** Each hand's result at every table, side by side (the same cards, when the class deals them alike). */
  paintCompare(frame) {
    const hands = Math.max(0, ...frame.tables.map((t) => (t.results || []).length));
    this.compare.hidden = hands === 0;
    const sections = [];
    for (let n = hands; n >= 1; n -= 1) {
      const rows = frame.tables.filter((t) => t.results && t.results[n - 1]).map((t) => {
        const res = t.results[n - 1].result;
        const by = res.declarer ? fill(_("{contract} by {seat}"), { contract: contractName(res.contract), seat: seatAlone(res.declarer) })
          : res.maker ? fill(_("made by {seat}"), { seat: seatAlone(res.maker) }) : "";
        const tricks = Object.entries(res.tricks).map(([who, k]) => fill(ngettext("{who}: {count} trick", "{who}: {count} tricks", k),
          { who: seatAlone(who), count: String(k) })).join(", ");
        const awards = res.awards.map((a) => `${categoryName(a.category)}: ${seatAlone(a.team)} +${a.points}`).join(", ");
        return el("tr", { dataset: { table: String(t.index) } }, el("th", { scope: "row" }, String(t.index + 1)),
          el("td", {}, res.trump ? suitName(res.trump) : "–"), el("td", {}, by || "–"), el("td", {}, tricks || "–"), el("td", {}, awards || "–"));
      });
      sections.push(el("table", { className: "tbc-compare-hand", dataset: { hand: String(n) } },
        el("caption", {}, frame.duplicate ? fill(_("Hand {hand}, the same cards at every table"), { hand: String(n) })
          : fill(_("Hand {hand}"), { hand: String(n) })),
        el("thead", {}, el("tr", {}, ...[_("Table"), _("Trumps"), _("Contract"), _("Tricks"), _("Scored")].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, ...rows)));
    }
    this.compare.replaceChildren(el("h3", {}, _("Hands played")), ...sections);
  }

  /** The plays of each finished hand that the look-ahead proved cost their side a stake. */
  results(t) {
    const stakes = STAKES();
    const rows = t.results.map((r) => {
      const marks = r.marks === null ? [el("li", {}, _("The costly plays are being worked out…"))]
        : r.marks.length === 0 ? [el("li", {}, _("No play cost its side anything that best play could have kept."))]
          : r.marks.map((m) => el("li", { className: "tbc-mark", dataset: { seat: m.seat, card: m.card } },
            fill(_("Trick {trick}: {seat} played {card}, and that cost their side {stake}; with {better} they could have made sure of it, whatever the others played."),
              { trick: String(m.trick), seat: seatAlone(m.seat), card: cardName(m.card), stake: stakes[m.stake] || m.stake,
                better: m.better.map(cardName).join(", ") })));
      return el("li", { dataset: { hand: String(r.hand) } }, el("strong", {}, fill(_("Hand {hand}"), { hand: String(r.hand) })),
        el("ul", {}, ...marks));
    });
    return el("section", { className: "tbc-results" }, el("h4", {}, _("Costly plays")), el("ul", {}, ...rows));
  }

  async download() {
    const response = await fetch(new URL(`classes/${this.parts.code}/results`, this.base), {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token: this.parts.teacher }),
    });
    if (!response.ok) {
      this.status.textContent = refusalText({ code: "no-table" });
      return;
    }
    const blob = await response.blob();
    const a = el("a", { href: URL.createObjectURL(blob), download: `class-${this.parts.code}.json` });
    document.body.append(a);
    a.click();
    a.remove();
  }
}

async function mount() {
  const root = /** @type {HTMLElement|null} */ (document.querySelector(".tb-class"));
  if (!root || root.dataset.classMounted) return;
  const meta = /** @type {HTMLMetaElement|null} */ (document.querySelector('meta[name="trickbook-online"]'));
  const parts = fragment();
  if (!meta || !parts.code || !(parts.teacher || parts.projector)) return; // the page's own words stay
  root.dataset.classMounted = "1";
  addStylesheet(new URL("widgets/online/online.css", ASSETS).href);
  await loadCatalog(new URL("i18n/", ASSETS), document.documentElement.lang || "en");
  useSpokenSeats(null);
  new ClassView(root, meta.content);
}

onEveryPage(mount);
