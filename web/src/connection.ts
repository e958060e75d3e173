import { parseFrame, type ClientFrame, type ServerFrame } from "./protocol";

// One WebSocket to /ws that says hello again after every reconnect (the server resyncs the
// whole table from its store), with a growing back-off and a keep-alive ping.
export class Connection {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  private pingTimer = 0;
  private retryTimer = 0;

  constructor(
    private readonly hello: ClientFrame,
    private readonly onFrame: (f: ServerFrame) => void,
    private readonly onStatus: (s: "connecting" | "open" | "closed") => void,
  ) {
    this.open();
  }

  private url(): string {
    const u = new URL("ws", location.href);
    u.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    u.hash = "";
    return u.toString();
  }

  private open() {
    if (this.closed) return;
    this.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.onStatus("open");
      ws.send(JSON.stringify(this.hello));
      this.pingTimer = window.setInterval(() => this.send({ type: "ping" }), 20000);
    };
    ws.onmessage = (ev) => {
      const f = typeof ev.data === "string" ? parseFrame(ev.data) : null;
      if (f) this.onFrame(f);
    };
    ws.onclose = () => {
      window.clearInterval(this.pingTimer);
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      this.onStatus("closed");
      const delay = Math.min(8000, 300 * 2 ** this.retry++);
      this.retryTimer = window.setTimeout(() => this.open(), delay);
    };
  }

  send(f: ClientFrame): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(f));
    return true;
  }

  close() {
    this.closed = true;
    window.clearInterval(this.pingTimer);
    window.clearTimeout(this.retryTimer);
    this.ws?.close();
    this.ws = null;
  }
}
