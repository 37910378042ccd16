// The online table's lobby: what to share (the link, the code, its QR code), the seats, and Start.
//
// Painted from the server's `lobby` frames alone (PROTOCOL.md): each seat with its player's name, a
// bot or an empty seat marked as such, and who has committed to their share of the seed. A reader
// without a seat picks a free one and gives a name; the player who opened the table (`host`) starts
// it once every person seated has committed. Seats are named as at the table (North, or player A).

import { _, fill } from "../i18n.js";
import { el } from "../dom.js";
import { seatName, useSeats } from "../play-table/state.js";
import { groupedCode } from "./words.js";

export class LobbyView {
  /**
   * @param {HTMLElement} box where the lobby goes
   * @param {{sit: (seat: string, name: string) => void, leave: () => void, start: () => void}} actions
   */
  constructor(box, actions, joinLink, qrHref) {
    this.box = box;
    this.actions = actions;
    this.heading = el("h3", { className: "tbo-title", tabindex: "-1" });
    const link = el("input", { type: "text", readonly: true, className: "tbo-link-text", value: joinLink, id: `tbo-link-${Math.random().toString(36).slice(2, 8)}` });
    const copy = el("button", { type: "button", className: "tbt-btn tbo-copy" }, _("Copy the link"));
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(joinLink);
        copy.textContent = _("Link copied");
      } catch (err) {
        link.select();
        copy.textContent = _("Select the link above to copy it");
      }
    });
    this.code = el("p", { className: "tbo-code" });
    this.share = el("div", { className: "tbo-share" },
      el("p", {}, el("label", { for: link.id }, _("Link to this table:")), " ", link, " ", copy), this.code,
      this.qr = el("img", { className: "tbo-qr", alt: _("QR code of the link to this table"), width: "160", height: "160", hidden: true }));
    this.qrHref = qrHref; // asked for once the server has said the table is there
    this.dealer = el("p", { className: "tbo-dealer" });
    this.name = el("input", { type: "text", className: "tbo-name", maxlength: "24", autocomplete: "nickname", id: `tbo-name-${Math.random().toString(36).slice(2, 8)}` });
    this.nameField = el("p", { className: "tbo-name-field" }, el("label", { for: this.name.id }, _("Your name at the table:")), " ", this.name);
    this.seats = el("ul", { className: "tbo-seats" });
    this.leave = el("button", { type: "button", className: "tbt-btn tbo-leave" }, _("Give up this seat"));
    this.leave.addEventListener("click", () => actions.leave());
    this.start = el("button", { type: "button", className: "tbt-btn tbt-primary tbo-start" }, _("Start the match"));
    this.start.addEventListener("click", () => actions.start());
    this.waiting = el("p", { className: "tbo-waiting" });
    this.status = el("p", { className: "tbo-status", role: "status" });
    box.replaceChildren(this.heading, this.share, this.dealer, this.nameField, this.seats, this.leave, this.start, this.waiting, this.status);
  }

  say(text) {
    this.status.textContent = text;
  }

  paint(lobby) {
    const seats = lobby.seats || [];
    if (this.qr.hidden) {
      this.qr.src = this.qrHref;
      this.qr.hidden = false;
    }
    useSeats(seats.map((s) => s.seat));
    this.box.dataset.phase = lobby.phase;
    this.box.dataset.you = lobby.you || "";
    this.heading.textContent = fill(_("Table {code}"), { code: groupedCode(lobby.code) });
    this.code.replaceChildren(_("Code to type on the game's page:"), " ", el("strong", { className: "tbo-code-text" }, groupedCode(lobby.code)));
    this.dealer.replaceChildren(_("The dealer's commitment to its secret, shown before anyone commits:"), " ",
      el("code", { className: "tbo-dealer-hash" }, lobby.dealer_commitment || ""));
    const seating = lobby.phase === "seating";
    this.nameField.hidden = !seating || Boolean(lobby.you);
    this.seats.replaceChildren(...seats.map((seat) => this.seatRow(seat, lobby, seating)));
    this.leave.hidden = !seating || !lobby.you;
    const persons = seats.filter((s) => s.kind === "person");
    const ready = persons.length > 0 && persons.every((s) => s.committed);
    this.start.hidden = !lobby.host || !seating || !lobby.you;
    this.start.disabled = !ready;
    let waiting = "";
    if (seating && !lobby.you) waiting = _("Choose a free seat and give your name.");
    else if (seating && !ready) waiting = _("Waiting for every player to commit to their share of the seed.");
    else if (seating && !lobby.host) waiting = _("Waiting for the player who opened the table to start it.");
    else if (seating) waiting = _("Everyone has committed. Empty seats get bots when the match starts.");
    else if (lobby.phase === "revealing") waiting = _("The players' shares of the seed are being revealed.");
    else if (lobby.phase === "closed") waiting = _("This table has closed.");
    this.waiting.textContent = waiting;
  }

  seatRow(seat, lobby, seating) {
    const parts = [el("strong", {}, seatName(seat.seat)), " "];
    if (seat.kind === "person") {
      parts.push(el("span", { className: "tbo-person" }, seat.name || ""));
      if (seat.seat === lobby.you) parts.push(" ", el("span", { className: "tbt-badge tbt-you" }, _("you")));
      parts.push(" ", el("span", { className: "tbt-badge tbo-committed" }, seat.committed ? _("committed") : _("not committed yet")));
      if (!seat.connected) parts.push(" ", el("span", { className: "tbt-badge tbo-offline" }, _("offline")));
    } else if (seat.kind === "bot") {
      parts.push(el("span", { className: "tbt-badge tbt-bot" }, _("bot")));
    } else {
      parts.push(el("span", { className: "tbo-empty" }, _("empty: a bot plays it if nobody sits here")));
      if (seating && !lobby.you) {
        const sit = el("button", { type: "button", className: "tbt-btn tbo-sit", dataset: { seat: seat.seat } },
          fill(_("Sit at {seat}"), { seat: seatName(seat.seat) }));
        sit.addEventListener("click", () => {
          const name = this.name.value.trim();
          if (!name) {
            this.say(_("Give your name first (1 to 24 characters)."));
            this.name.focus();
            return;
          }
          this.actions.sit(seat.seat, name.slice(0, 24));
        });
        parts.push(" ", sit);
      }
    }
    return el("li", { dataset: { seat: seat.seat, kind: seat.kind, committed: String(Boolean(seat.committed)) } }, ...parts);
  }
}
