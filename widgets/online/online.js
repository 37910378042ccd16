// "Play with others": the online table on a play page, offered only when the page names a table
// server (`<meta name="trickbook-online" content="BASE">`, PROTOCOL.md); start.js imports this module
// then, and never otherwise, so a static site makes no request to a server it does not have.
//
// The panel opens a table (`POST BASE tables`, with the game, the house rules ticked, Nap's players
// and rounds, timers on or off, the bots' level) or joins one by its code; the join link
// (`…#join=CODE`) joins at once. The lobby (lobby.js) shows what to share and the seats. The seat's
// token is kept in localStorage (`trickbook.online.<CODE>`) and the link (socket.js) reconnects by
// itself. Once the match starts, the page's own play table (table.js) plays it through a transport
// (transport.js) instead of the engine worker. This browser's share of the seed (fair.js) is
// committed and revealed, and at the end the deal is checked with the verifier's code (check.js).
// State for the reader's styles and for tests: `data-online` on the table's root ("lobby",
// "playing", "over"), `data-online-link` (socket.js), `data-check` on the check's verdict.

import { _, currentLang, fill, loadCatalog } from "../i18n.js";
import { addStylesheet, el } from "../dom.js";
import { checkMatch, recipeSeats } from "./check.js";
import { FairShare } from "./fair.js";
import { LobbyView } from "./lobby.js";
import { Connection } from "./socket.js";
import { OnlineTransport } from "./transport.js";
import { ClassChooser, ClassQuestions, classCode } from "./student.js";
import { parseCode, refusalText } from "./words.js";

const ASSETS = new URL("../../", import.meta.url);
const tokenKey = (code) => `trickbook.online.${code}`;
const NAME_KEY = "trickbook.online.name";

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch (err) {
    return null;
  }
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (err) {
    // Storage refused: the seat is kept for as long as this page stays open.
  }
}

class OnlineTable {
  /**
   * @param {HTMLElement} root the play table's container
   * @param {string} base the table server's base address
   * @param {() => Promise<any>} load mounts the page's play table and gives it (start.js)
   */
  constructor(root, base, load) {
    this.root = root;
    this.game = root.dataset.game;
    this.base = new URL(base, location.href).href;
    this.load = load;
    this.connection = null;
    this.transport = null;
    this.table = null;
    this.lobby = null;
    this.painting = Promise.resolve();
    this.build();
    this.questions = new ClassQuestions(root, (frame) => this.send(frame), () => {
      if (this.table) this.table.focusDecision(true);
    });
    root.addEventListener("tbo-left", () => this.leaveTable());
    const code = location.hash.startsWith("#join=") ? parseCode(location.hash) : null;
    if (code) this.join(code);
    const klass = classCode(location.hash);
    if (klass) {  // a class's link: choose a table of it first (student.js)
      this.offer.hidden = true;
      this.klass = klass;
      this.chooser = new ClassChooser(this.box, this.base, klass, (table) => this.join(table));
    }
  }

  build() {
    const id = `tbo-code-${this.game}`;
    this.codeInput = el("input", { type: "text", id, className: "tbo-code-input", placeholder: "xxxxx-xxxxx", autocomplete: "off", spellcheck: "false", maxlength: "80" });
    const open = el("button", { type: "button", className: "tbt-btn tbo-open" }, _("Open a table for others"));
    open.addEventListener("click", () => this.openTable());
    const joinForm = el("form", { className: "tbo-join" }, el("label", { for: id }, _("Join a table by its code:")), " ", this.codeInput, " ",
      el("button", { type: "submit", className: "tbt-btn tbo-join-button" }, _("Join")));
    joinForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const code = parseCode(this.codeInput.value);
      if (!code) {
        this.offerStatus.textContent = _("A table's code is ten letters and digits, written like xxxxx-xxxxx.");
        return;
      }
      this.join(code);
    });
    this.offerStatus = el("p", { className: "tbo-offer-status", role: "status" });
    const classForm = this.classForm();
    this.offer = el("section", { className: "tbo-offer" },
      el("h3", {}, _("Play with others")),
      el("p", {}, _("Open a table that others join from their own phones or computers, by a link or a code. It is played by the house rules, players and time limit chosen above; seats nobody takes get bots, marked as bots.")),
      el("p", {}, open), joinForm, classForm, this.offerStatus);
    this.box = el("section", { className: "tbo-lobby", hidden: true });
    this.linkState = el("p", { className: "tbo-link-state", role: "status", hidden: true });
    this.verdict = el("section", { className: "tbo-check", hidden: true });
    this.place();
    // The table, once mounted, keeps only its own parts in its container (view.js): these go back in.
    new MutationObserver(() => {
      if (!this.offer.isConnected || !this.linkState.isConnected) this.place();
      if (this.questions) this.questions.place();
    }).observe(this.root, { childList: true });
  }

  /** The panel, the lobby and the check after the opening controls; the link's state at the top. */
  place() {
    const intro = this.root.querySelector(":scope > .tbt-intro");
    if (intro) intro.after(this.offer, this.box, this.verdict);
    else this.root.prepend(this.offer, this.box, this.verdict);
    this.root.prepend(this.linkState);
  }

  /** The choices made above the panel (the same controls Start reads). */
  terms() {
    const q = (cls) => /** @type {HTMLInputElement|HTMLSelectElement|null} */ (this.root.querySelector(`.${cls}`));
    const ticked = [.../** @type {NodeListOf<HTMLInputElement>} */ (this.root.querySelectorAll(".tbt-house"))].filter((box) => box.checked);
    const players = q("tbt-players");
    const rounds = q("tbt-rounds");
    const timer = /** @type {HTMLInputElement|null} */ (q("tbt-timer-on"));
    const gentle = /** @type {HTMLInputElement|null} */ (q("tbt-gentle"));
    return {
      game: this.game,
      rules: ticked.length ? Object.fromEntries(ticked.map((box) => [box.dataset.option, box.dataset.value === "true"])) : null,
      timers: timer ? timer.checked : true,
      players: players ? Number(players.value) : null,
      rounds: rounds ? Number(rounds.value) : null,
      level: gentle && gentle.checked ? "gentle" : "strong",
    };
  }

  /** "Open a class": several tables of this game at once, for a teacher (PROTOCOL.md, "A class"). */
  classForm() {
    const tables = el("select", { className: "tbo-class-tables", id: `tbo-class-tables-${this.game}` },
      ...[2, 3, 4, 5, 6, 7, 8].map((n) => el("option", { value: String(n) }, String(n))));
    const same = el("input", { type: "checkbox", className: "tbo-class-same", id: `tbo-class-same-${this.game}`, checked: true });
    const form = el("form", { className: "tbo-class" },
      el("p", {}, _("For a teacher: several tables at once, watched and paused from one screen.")),
      el("p", {}, el("label", { for: tables.id }, _("Tables:")), " ", tables, " ", same, " ",
        el("label", { for: same.id }, _("the same deals at every table"))),
      el("p", {}, el("button", { type: "submit", className: "tbt-btn tbo-class-open" }, _("Open a class"))));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      this.offerStatus.textContent = _("Opening a class…");
      let answer;
      try {
        const response = await fetch(new URL("classes", this.base), {
          method: "POST", headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ ...this.terms(), tables: Number(tables.value), duplicate: same.checked }),
        });
        answer = await response.json();
      } catch (err) {
        answer = { ok: false, error: { code: "unreachable" } };
      }
      if (!answer || !answer.ok) {
        this.offerStatus.textContent = refusalText(answer && answer.error);
        return;
      }
      // The teacher's page, in this page's language; its tokens stay in the fragment, never sent to a server.
      location.assign(new URL(`../class/#class=${answer.code}&teacher=${answer.teacher}&projector=${answer.projector}`, location.href).href);
    });
    return form;
  }

  async openTable() {
    this.offerStatus.textContent = _("Opening a table…");
    let answer;
    try {
      const response = await fetch(new URL("tables", this.base), {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(this.terms()),
      });
      answer = await response.json();
    } catch (err) {
      this.offerStatus.textContent = refusalText({ code: "unreachable" });
      return;
    }
    if (!answer || !answer.ok) {
      this.offerStatus.textContent = refusalText(answer && answer.error);
      return;
    }
    store(`${tokenKey(answer.code)}.host`, answer.host);
    this.offerStatus.textContent = "";
    this.join(answer.code);
  }

  /** The join link as the server draws it, to this page's language (en, pt, fr). */
  qrHref(code) {
    const url = new URL(`qr/${code}.svg`, this.base);
    url.searchParams.set("lang", (document.documentElement.lang || "en").slice(0, 2).toLowerCase());
    return url.href;
  }

  joinLink(code) {
    const url = new URL(location.href);
    url.search = "";
    url.hash = `join=${code}`;
    return url.href;
  }

  join(code) {
    if (this.connection) this.connection.close();
    if (this.transport) this.transport.close();
    this.code = code;
    this.root.dataset.onlineJoin = code;
    this.root.dataset.online = "lobby";
    history.replaceState(history.state, "", `#join=${code}`);
    this.fair = new FairShare(code);
    this.lobbyFrame = null;
    this.transport = new OnlineTransport({ send: (frame) => this.send(frame) }, (answer) => this.answer(answer),
      (view, snapshot) => this.fair.view(view, snapshot));
    this.lobby = new LobbyView(this.box, {
      sit: (seat, name) => {
        store(NAME_KEY, name);
        this.send({ type: "sit", seat, name });
      },
      leave: () => {
        store(tokenKey(code), null);
        this.send({ type: "leave" });
      },
      start: () => this.send({ type: "start" }),
    }, this.joinLink(code), this.qrHref(code));
    this.lobby.name.value = stored(NAME_KEY) || "";
    this.offer.hidden = true;
    const intro = /** @type {HTMLElement|null} */ (this.root.querySelector(":scope > .tbt-intro"));
    if (intro) intro.hidden = true; // the choices went with the table; Start is for a match alone
    this.box.hidden = false;
    this.verdict.hidden = true;
    this.connection = new Connection(this.base, () => this.hello(), (frame) => this.frame(frame), (state) => this.linkChanged(state),
      this.klass ? { class: this.klass } : {});
    this.connection.open();
    this.box.querySelector("h3").focus({ preventScroll: true });
  }

  hello() {
    const token = stored(tokenKey(this.code)) || stored(`${tokenKey(this.code)}.host`) || null;
    return { type: "hello", code: this.code, token, lang: currentLang() || document.documentElement.lang || "en" };
  }

  send(frame) {
    if (this.connection && this.connection.send(frame)) return true;
    if (this.lobby) this.lobby.say(refusalText({ code: "offline" }));
    return false;
  }

  linkChanged(state) {
    this.root.dataset.onlineLink = state;
    this.committing = false;
    this.revealing = false;
    const words = {
      connecting: _("Connecting to the table…"),
      reconnecting: _("The link to the table dropped. Reconnecting…"),
    };
    this.linkState.textContent = words[state] || "";
    this.linkState.hidden = !words[state];
    if (state !== "open" && this.transport) this.transport.dropped();
  }

  frame(frame) {
    if (this.transport && this.transport.receive(frame)) return;
    if (this.questions.receive(frame)) return;
    if (frame.type === "lobby") this.lobbyChanged(frame);
    else if (frame.type === "seated") {
      store(tokenKey(this.code), frame.token);
      this.commit();
    } else if (frame.type === "revealed") this.check(frame);
    else if (frame.type === "error" && frame.error) {
      if (frame.error.code === "no-table" && this.table && this.table.transport === this.transport) {
        // The table is gone from the server (closed, or its match over and forgotten): the page keeps what it shows.
        this.connection.close();
        this.linkState.textContent = refusalText(frame.error);
        this.linkState.hidden = false;
        return;
      }
      if (frame.error.code === "no-table") {
        // A code that is no open table: back to the panel, saying so, for the reader to type it again.
        this.leaveTable();
        this.offerStatus.textContent = refusalText(frame.error);
        this.codeInput.focus();
        return;
      }
      if (this.lobby) this.lobby.say(refusalText(frame.error));
    }
  }

  async commit() {
    if (this.committing) return;
    this.committing = true;
    this.send({ type: "commit", hash: await this.fair.commitment() });
  }

  lobbyChanged(lobby) {
    this.lobbyFrame = lobby;
    this.questions.lobby(lobby);
    this.fair.lobby(lobby);
    this.lobby.paint(lobby);
    const seats = lobby.seats || [];
    this.people = Object.fromEntries(seats.map((s) => [s.seat, { name: s.name, kind: s.kind }]));
    if (this.table && this.table.transport === this.transport) {
      this.table.people = this.people;
      if (this.table.view && !this.table.busy) {
        // Names and bots marked anew; the keyboard stays at the table if it was there.
        const inside = this.root.contains(document.activeElement);
        this.table.paint(this.table.view);
        if (inside && !this.root.contains(document.activeElement)) this.table.focusDecision(true);
      }
    }
    const mine = lobby.you ? seats.find((s) => s.seat === lobby.you) : null;
    if (lobby.phase === "seating" && mine && !mine.committed) this.commit();
    if (lobby.phase === "revealing" && mine && this.fair.kept.value && !this.revealing) {
      this.revealing = true;
      this.send({ type: "reveal", value: this.fair.kept.value });
    }
    const atTable = lobby.phase === "playing" || lobby.phase === "over";
    this.box.hidden = atTable && Boolean(lobby.you);
    if (atTable && !lobby.you) this.lobby.say(_("This table's match is on and its seats are all taken."));
  }

  /** An answer of the server for the table: the first one starts the page's table online, the others are painted in order. */
  answer(answer) {
    if (!answer.view || !answer.view.you) return; // a spectator's view: this page shows only a seat's
    this.painting = this.painting.then(async () => {
      if (!this.table || this.table.transport !== this.transport) {
        this.table = await this.load();
        if (!this.table) return;
        this.table.people = this.people || null;
        this.root.dataset.online = "playing";
        this.box.hidden = true;
        await this.table.goOnline(this.transport, answer);
      } else {
        await this.table.pushed(answer);
      }
      if (answer.view.over) this.root.dataset.online = "over";
    }).catch((err) => console.warn("trickbook: the online table could not paint", err));
  }

  /** The match is over and the server revealed the seed's parts: check them and every deal seen. */
  async check(revealed) {
    await this.painting;
    const lobby = this.lobbyFrame;
    if (!lobby || !lobby.you) return;
    const seats = lobby.seats || [];
    const view = this.table && this.table.view;
    let checks;
    try {
      checks = await checkMatch({
        game: this.game, you: lobby.you, seats: recipeSeats(this.game, seats.length),
        persons: seats.filter((s) => s.kind === "person").map((s) => s.seat),
        kept: this.fair.kept, revealed, dealt: view && view.dealt ? view.dealt : null,
      });
    } catch (err) {
      checks = [{ name: "seed", ok: false }];
    }
    const names = {
      dealer: _("the dealer's secret is the one it committed to before anyone else"),
      players: _("every player's share is the one they committed to, yours included"),
      seed: _("the seed is the published mix of the secret and the players' shares"),
      fingerprint: _("the fingerprint shown at the start is the seed's"),
      deals: _("every hand you were dealt came from that seed by the published shuffle"),
    };
    const failed = checks.filter((c) => !c.ok);
    const ok = failed.length === 0;
    this.verdict.hidden = false;
    this.verdict.dataset.check = ok ? "ok" : "failed";
    const list = el("ul", {}, ...checks.map((c) => el("li", { dataset: { check: c.name, ok: String(c.ok) } },
      c.ok ? fill(_("Checked: {what}."), { what: names[c.name] }) : fill(_("Does not agree: {what}."), { what: names[c.name] }))));
    this.verdict.replaceChildren(
      el("h3", {}, ok ? _("The deal is checked") : _("The deal does not check")),
      el("p", { className: "tbo-verdict", role: "status" }, ok
        ? _("This page checked the deal by itself, with the published recipe and without the engine: the dealer could neither choose nor change the cards. Its secret was fixed before any player's share was known, and each share was fixed before the secret was shown.")
        : _("This page could not confirm that the cards were dealt fairly from the seed: the parts below do not agree.")),
      list,
      el("p", { className: "tbo-limits" }, _("What this does not prove: the server saw every hand, as a dealer does. The bots never see another seat's cards.")));
    this.verdict.scrollIntoView({ block: "nearest" });
  }

  leaveTable() {
    if (this.connection) this.connection.close();
    if (this.transport) this.transport.close();
    this.connection = null;
    this.transport = null;
    delete this.root.dataset.onlineJoin;
    delete this.root.dataset.online;
    this.box.hidden = true;
    this.offer.hidden = false;
    this.linkState.hidden = true;
    this.verdict.hidden = true;
    const intro = /** @type {HTMLElement|null} */ (this.root.querySelector(":scope > .tbt-intro"));
    if (intro && this.root.dataset.engine !== "live") intro.hidden = false;
    history.replaceState(history.state, "", location.pathname + location.search);
  }
}

/** Offer online play on a play table (start.js calls this when the page names a table server). */
export async function offer(root, base, load) {
  addStylesheet(new URL("widgets/online/online.css", ASSETS).href);
  await loadCatalog(new URL("i18n/", ASSETS), document.documentElement.lang || "en");
  return new OnlineTable(root, base, load);
}
