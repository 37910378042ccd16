// The online table's link to the server: one WebSocket, opened again by itself when it drops.
//
// `{base}ws` (PROTOCOL.md) on the page's own scheme (ws: or wss:). Each time the link opens,
// `hello` goes first with the table's code, the seat's token (if this browser holds one) and the
// page's language; the server answers with the lobby or a snapshot, so a reload, a phone that slept
// or a dropped link all come back the same way. The delay before each new try doubles from
// half a second up to fifteen seconds and starts again once a link has opened. The state
// ("connecting", "open", "reconnecting", "closed") is shown on the table's root as
// `data-online-link`, for the reader (online.css) and for tests.
//
// The address also names what the link is for (`?table=CODE`, or `?class=CODE` for a class's pages),
// from the hello frame: a balancer in front of several table processes can then send a table's people
// to one process (PROTOCOL.md, "More than one process"); the server itself reads only the frames.

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 15000;

/** The WebSocket address of a table server whose base (from the page's meta) is `base`. */
/** @param {string} base */
export function socketUrl(base) {
  const url = new URL("ws", new URL(base, location.href));
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

/**
 * The socket's address for a link whose first frame is `hello`: the class's or the table's code as a query.
 * @param {string} url the server's socket address (socketUrl)
 * @param {{class?: unknown, code?: unknown}} hello
 */
export function routedUrl(url, hello) {
  const routed = new URL(url);
  if (typeof hello.class === "string" && hello.class) routed.searchParams.set("class", hello.class);
  else if (typeof hello.code === "string" && hello.code) routed.searchParams.set("table", hello.code);
  return routed.href;
}

export class Connection {
  /**
   * @param {string} base the server's base address
   * @param {() => object} hello the first frame to send on each new link
   * @param {(frame: any) => void} onFrame every frame the server sends
   * @param {(state: string) => void} onState the link's state as it changes
   * @param {{class?: string}} [route] what else the address names (a class's table: its class)
   */
  constructor(base, hello, onFrame, onState, route = {}) {
    this.url = socketUrl(base);
    this.route = route;
    this.hello = hello;
    this.onFrame = onFrame;
    this.onState = onState;
    this.socket = null;
    this.delay = FIRST_DELAY_MS;
    this.retry = null;
    this.closed = false;
    this.everOpen = false;
    this.state = "";
    this.online = () => this.reconnectNow();
    window.addEventListener("online", this.online);
  }

  /** @param {string} state */
  setState(state) {
    if (state === this.state) return;
    this.state = state;
    this.onState(state);
  }

  open() {
    if (this.closed) return;
    this.setState(this.everOpen ? "reconnecting" : "connecting");
    let socket;
    try {
      socket = new WebSocket(routedUrl(this.url, { .../** @type {{class?: unknown, code?: unknown}} */ (this.hello()), ...this.route }));
    } catch (err) {
      this.later();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.everOpen = true;
      this.delay = FIRST_DELAY_MS;
      this.setState("open");
      socket.send(JSON.stringify(this.hello()));
    });
    socket.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(String(event.data));
      } catch (err) {
        return; // the server sends JSON only; anything else is not a frame
      }
      if (frame && typeof frame === "object" && typeof frame.type === "string") this.onFrame(frame);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.later();
    });
    // An error is always followed by "close", which tries again.
    socket.addEventListener("error", () => {});
  }

  /** Try again after the current delay, doubled for the next time. */
  later() {
    if (this.closed || this.retry !== null) return;
    this.setState(this.everOpen ? "reconnecting" : "connecting");
    this.retry = setTimeout(() => {
      this.retry = null;
      this.open();
    }, this.delay);
    this.delay = Math.min(MAX_DELAY_MS, this.delay * 2);
  }

  /** The browser says it is online again: try at once rather than at the end of the delay. */
  reconnectNow() {
    if (this.closed || this.socket) return;
    clearTimeout(this.retry);
    this.retry = null;
    this.delay = FIRST_DELAY_MS;
    this.open();
  }

  /** Send a frame now; false when the link is down (the caller says so and the reader tries again). */
  /** @param {object} frame */
  send(frame) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    window.removeEventListener("online", this.online);
    if (this.socket) this.socket.close();
    this.socket = null;
    this.setState("closed");
  }
}
