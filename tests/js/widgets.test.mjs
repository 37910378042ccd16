// The play table's pure modules under Node's own test runner (node --test), run by
// tests/test_widget_modules.py: explain's questions (questions.js), the saved match
// (persistence.js) and the decision timer (timer.js), each with a stand-in for what the page gives
// it (the table, localStorage, the document's visibility, a clock the test moves).
import { test } from "node:test";
import assert from "node:assert/strict";

// The few DOM calls the answers' paragraphs need (board.js's `el`): nodes that keep their text.
globalThis.document = {
  createElement: (tag) => ({ tag, dataset: {}, children: [], setAttribute() {}, append(...nodes) { this.children.push(...nodes); } }),
  createTextNode: (text) => ({ text }),
};
const { Questions } = await import("../../widgets/play-table/questions.js");

/** A table as questions.js uses it: its engine answers when the test says so. */
function fakeTable() {
  const table = {
    id: "t1",
    busy: false,
    asked: [],
    shown: [],
    pending: [],
    ticket: 0,
    ui: {
      explanation: { dataset: {} },
      askExplanation: () => ++table.ticket,
      showExplanation: (ticket, target) => {
        if (ticket === table.ticket) {
          table.ui.explanation.dataset.target = target;
          table.shown.push(target);
        }
      },
    },
    engineAsk: (type, payload) => new Promise((resolve) => {
      table.asked.push(payload.target);
      table.pending.push(() => resolve({ ok: true, messages: [{ code: "explain-playable", values: {}, text: payload.target }] }));
    }),
  };
  return table;
}

const view = (n, extra = {}) => ({ hand_number: 1, phase: "play", your_turn: true, current: "S", playable: ["AS"],
  trick: { plays: n }, seats: [{ taken: 0 }], ...extra });

/** A fake table and its questions, at the first position of a hand's play. */
function askingTable() {
  const table = fakeTable();
  const q = new Questions(table);
  q.moved(view(0));
  return { table, q };
}

/** Let the answers that have come back be handled. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function answerAll(table) {
  while (table.pending.length) table.pending.shift()();
  await settle();
}

test("one question about one position is asked once, whether on its way or shown", async () => {
  const { table, q } = askingTable();
  q.ask("card:AS", true);
  q.ask("card:AS", true); // on its way
  await answerAll(table);
  q.ask("card:AS", true); // shown
  assert.deepEqual(table.asked, ["card:AS"]);
  assert.deepEqual(table.shown, ["card:AS"]);
});

test("a repaint of the same position asks nothing; a new position asks again", async () => {
  const { table, q } = askingTable();
  q.ask("card:AS", true);
  await answerAll(table);
  q.moved(view(0)); // the same position, painted again (a new object)
  q.ask("card:AS", true);
  q.moved(view(1)); // a card was played
  q.ask("card:AS", true);
  await answerAll(table);
  assert.deepEqual(table.asked, ["card:AS", "card:AS"]);
});

test("a hover while the bots' moves are shown waits, and only the last one is asked", async () => {
  const { table, q } = askingTable();
  table.busy = true;
  q.ask("card:AS", true);
  q.ask("card:KS", true);
  assert.deepEqual(table.asked, []);
  table.busy = false;
  q.settled();
  await answerAll(table);
  assert.deepEqual(table.asked, ["card:KS"]);
  assert.equal(table.ui.explanation.dataset.target, "card:KS");
});

test("a press while busy is asked at once (it says why the card is refused)", async () => {
  const { table, q } = askingTable();
  table.busy = true;
  q.ask("card:AS", false);
  assert.deepEqual(table.asked, ["card:AS"]);
});

test("the newest question's answer is the one shown, whichever comes back first", async () => {
  const { table, q } = askingTable();
  q.ask("card:AS", true);
  q.ask("card:KS", true);
  const [first, second] = table.pending.splice(0);
  second();
  await settle();
  first(); // the older answer comes back last
  await settle();
  assert.deepEqual(table.shown, ["card:KS"]);
});

test("asked again while its answer is on its way, a question shows under the newer ticket", async () => {
  const { table, q } = askingTable();
  q.ask("card:AS", true);
  q.ask("card:KS", true);
  await answerAll(table);
  assert.equal(table.ui.explanation.dataset.target, "card:KS");
  q.ask("card:AS", true); // no longer shown: asked again
  await answerAll(table);
  assert.equal(table.ui.explanation.dataset.target, "card:AS");
  assert.deepEqual(table.asked, ["card:AS", "card:KS", "card:AS"]);
});

// ----- the saved match --------------------------------------------------------------------------

function fakeStorage() {
  const items = new Map();
  return {
    items,
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => items.set(k, String(v)),
    removeItem: (k) => items.delete(k),
  };
}

globalThis.window = { localStorage: fakeStorage() };
const persistence = await import("../../widgets/play-table/persistence.js");
const { SAVE_FORMAT } = await import("../../widgets/play-table/sealed.js");

const record = () => ({
  format: SAVE_FORMAT, seed: "ab".repeat(32), sealed: { iv: "0".repeat(24), data: "1".repeat(40) },
  fingerprint: "c".repeat(64), moves: ["S pass"], version: "7",
});

test("a saved match comes back whole, and never holds the seed in clear", () => {
  globalThis.window.localStorage = fakeStorage();
  persistence.save("euchre", record());
  const stored = globalThis.window.localStorage.getItem("trickbook.table.euchre");
  assert.ok(stored && !stored.includes("ab".repeat(32)));
  const found = persistence.loadSaved("euchre");
  assert.equal(found.ok, true);
  assert.deepEqual(found.saved.moves, ["S pass"]);
  assert.equal("seed" in found.saved, false);
});

test("a saved match from another version, unreadable or with a seed in clear is refused, saying which", () => {
  globalThis.window.localStorage = fakeStorage();
  globalThis.window.localStorage.setItem("trickbook.table.nap", JSON.stringify({ ...record(), format: SAVE_FORMAT - 1, game: "nap" }));
  assert.deepEqual(persistence.loadSaved("nap"), { ok: false, reason: "version" });
  globalThis.window.localStorage.setItem("trickbook.table.nap", "{not json");
  assert.deepEqual(persistence.loadSaved("nap"), { ok: false, reason: "corrupt" });
  globalThis.window.localStorage.setItem("trickbook.table.nap", JSON.stringify({ ...record(), game: "nap" }));
  assert.deepEqual(persistence.loadSaved("nap"), { ok: false, reason: "corrupt" });
  assert.equal(persistence.loadSaved("yorkshire"), null);
});

test("without a sealed seed nothing is saved, and the bots' level is kept apart, strong unless chosen", () => {
  globalThis.window.localStorage = fakeStorage();
  persistence.save("euchre", { ...record(), sealed: null });
  assert.equal(globalThis.window.localStorage.getItem("trickbook.table.euchre"), null);
  assert.deepEqual(persistence.loadSettings(), { level: "strong" });
  persistence.saveSettings({ level: "gentle" });
  assert.deepEqual(persistence.loadSettings(), { level: "gentle" });
  globalThis.window.localStorage.setItem("trickbook.table-settings", JSON.stringify({ level: "fierce" }));
  assert.deepEqual(persistence.loadSettings(), { level: "strong" });
});

// ----- the decision timer -------------------------------------------------------------------------

let clock = 0;
Object.defineProperty(globalThis, "performance", { value: { now: () => clock }, configurable: true, writable: true });
globalThis.requestAnimationFrame = (callback) => callback();
const listeners = {};
globalThis.document.hidden = false;
globalThis.document.addEventListener = (type, callback) => { listeners[type] = callback; };
const { DecisionTimer } = await import("../../widgets/play-table/timer.js");

function timerBox() {
  const box = { hidden: true, dataset: {}, style: { setProperty() {} } };
  const text = { textContent: "" };
  const said = { textContent: "" };
  const timeouts = [];
  const timer = new DecisionTimer(box, text, () => timeouts.push(clock), said);
  return { timer, box, text, said, timeouts };
}

/** A timer box whose page's clock, from 0, counts ``seconds`` down: started. */
function startedTimer(seconds) {
  clock = 0;
  const parts = timerBox();
  parts.timer.seconds = seconds;
  parts.timer.start();
  return parts;
}

test("the page's own clock counts down, warns once five seconds before, then times out once", () => {
  const { timer, box, said, timeouts } = startedTimer(20);
  assert.equal(box.dataset.left, "20");
  clock = 14_000;
  timer.update();
  assert.equal(box.dataset.left, "6");
  assert.equal(said.textContent, "");
  clock = 15_500;
  timer.update();
  assert.equal(said.textContent, "5 seconds left to decide.");
  said.textContent = "";
  clock = 16_000;
  timer.update();
  assert.equal(said.textContent, "", "the warning is said once");
  clock = 20_000;
  timer.update();
  timer.update();
  assert.deepEqual(timeouts, [20_000]);
  timer.stop();
});

test("a hidden tab pauses the page's clock with the time left, and the time runs on when it is back", () => {
  const { timer, box, text, timeouts } = startedTimer(20);
  clock = 8_000;
  globalThis.document.hidden = true;
  listeners.visibilitychange();
  assert.equal(box.dataset.paused, "true");
  assert.equal(text.textContent, "Paused while this tab is hidden: 12 s left.");
  clock = 60_000;
  globalThis.document.hidden = false;
  listeners.visibilitychange();
  assert.equal(box.dataset.left, "12");
  clock = 71_999;
  timer.update();
  assert.deepEqual(timeouts, []);
  clock = 72_000;
  timer.update();
  assert.deepEqual(timeouts, [72_000]);
  timer.stop();
});

test("an online table's deadline is counted down but never timed out by the page: the server plays", () => {
  clock = 0;
  const { timer, box, text, timeouts } = timerBox();
  timer.startDeadline(7_000);
  assert.equal(box.dataset.left, "7");
  globalThis.document.hidden = true;
  listeners.visibilitychange(); // the server's clock runs on in a hidden tab
  globalThis.document.hidden = false;
  clock = 9_000;
  timer.update();
  assert.deepEqual(timeouts, []);
  timer.startDeadline(null);
  assert.equal(text.textContent, "No time limit at this table: take your time.");
  assert.equal(box.dataset.left, "");
  timer.on = false;
  timer.startDeadline(5_000);
  assert.equal(text.textContent, "Timer hidden: the table still has a time limit.");
  timer.stop();
});

// ----- the hand player's state (widgets/hand-player/state.js) ---------------------------------

const state = await import("../../widgets/hand-player/state.js");

test("a deep link opens a hand at a step, in presenter mode when asked, and anything else is no link", () => {
  assert.deepEqual(state.parseHash("#nap-four-hearts=7"), { id: "nap-four-hearts", step: 7, present: false });
  assert.deepEqual(state.parseHash("#nap-four-hearts=7&present"), { id: "nap-four-hearts", step: 7, present: true });
  assert.deepEqual(state.parseHash(state.hashFor("a b=c", 3, true)), { id: "a b=c", step: 3, present: true });
  for (const bad of ["", "#", "#nap", "#=3", "#nap=", "#nap=-1", "#nap=2.5", "#nap=x", null, undefined]) {
    assert.equal(state.parseHash(bad), null, String(bad));
  }
});

test("a step is about the card it plays, else the cards its events name, each once", () => {
  assert.deepEqual(state.cardsOfStep({ step: 3, action: "N play 10h" }), ["TH"]);
  assert.deepEqual(state.cardsOfStep({ step: 4, action: "E pass",
    events: [{ values: { card: "JD" } }, { values: { cards: ["JD", "9s", "bad"] } }] }), ["JD", "9S"]);
  assert.deepEqual(state.cardsOfStep(null), []);
  assert.deepEqual(state.stepsOf('{"steps": [{"step": 0}]}'), [{ step: 0 }]);
  assert.deepEqual(state.stepsOf([{ step: 1 }]), [{ step: 1 }]);
  assert.deepEqual(state.stepsOf(null), []);
});

test("a what-if's seed is the same for the same parts and differs for others", () => {
  assert.equal(state.seedFor("nap", 4, "QH"), state.seedFor("nap", 4, "QH"));
  assert.notEqual(state.seedFor("nap", 4, "QH"), state.seedFor("nap", 4, "KH"));
  assert.ok(state.seedFor("x") >= 0 && state.seedFor("x") <= 0x7fffffff);
});

test("a link that saves data or is slow asks before the engine's download; sizes are written as the reader writes numbers", () => {
  assert.equal(state.dataIsPrecious({ saveData: true }), true);
  assert.equal(state.dataIsPrecious({ effectiveType: "3g" }), true);
  assert.equal(state.dataIsPrecious({ effectiveType: "4g" }), false);
  assert.equal(state.dataIsPrecious(null), false);
  assert.equal(state.megabytes(13_600_000, "en"), "13.6 MB");
  assert.equal(state.megabytes(13_600_000, "fr"), "13,6 MB");
  assert.equal(state.megabytes(13_600_000, "pt-PT"), "13,6 MB");
});

const { routedUrl } = await import("../../widgets/online/socket.js");

test("an online link's address names its table, or its class, for a balancer that routes by it", () => {
  const base = "wss://tables.example/online/ws";
  assert.equal(routedUrl(base, { type: "hello", code: "abcde23456" }), `${base}?table=abcde23456`);
  assert.equal(routedUrl(base, { type: "watch", class: "fghjk78923", token: null }), `${base}?class=fghjk78923`);
  assert.equal(routedUrl(base, { type: "hello", code: "abcde23456", class: "fghjk78923" }), `${base}?class=fghjk78923`);
  assert.equal(routedUrl(base, { type: "hello", code: null }), base);
});
