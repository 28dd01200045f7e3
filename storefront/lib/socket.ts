// The real-time connection (DESIGN.md "Support chat and real time"): one WebSocket at /ws,
// authenticated with the token, reconnecting with back-off from 1 s up to 5 s, 20 s connect timeout.

export interface ServerEvent {
  type: string;
  orderId?: string;
  message?: unknown;
}

type Listener = (event: ServerEvent) => void;

const MIN_DELAY = 1000;
const MAX_DELAY = 5000;
const CONNECT_TIMEOUT = 20_000;

export class RealtimeConnection {
  private ws: WebSocket | null = null;
  private listeners = new Set<Listener>();
  private rooms = new Set<string>();
  private delay = MIN_DELAY;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly token: string,
    private readonly url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`,
  ) {
    this.open();
  }

  /** Listens to every server event; returns the unsubscribe function. */
  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  joinRoom(orderId: string) {
    this.rooms.add(orderId);
    this.send({ type: "joinRoom", orderId });
  }

  leaveRoom(orderId: string) {
    this.rooms.delete(orderId);
    this.send({ type: "leaveRoom", orderId });
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    this.ws?.close();
  }

  private send(frame: object) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private open() {
    if (this.closed) return;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    const timeout = setTimeout(() => ws.close(), CONNECT_TIMEOUT);
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token: this.token }));
    ws.onmessage = (e) => {
      let event: ServerEvent;
      try {
        event = JSON.parse(String(e.data)) as ServerEvent;
      } catch {
        return;
      }
      if (event.type === "ready") {
        clearTimeout(timeout);
        this.delay = MIN_DELAY;
        for (const orderId of this.rooms) this.send({ type: "joinRoom", orderId });
      }
      if (event.type === "connect_error") this.closed = true;
      for (const l of this.listeners) l(event);
    };
    ws.onclose = () => {
      clearTimeout(timeout);
      if (this.closed) return;
      // Tell listeners so screens refetch what they missed once the socket is back.
      for (const l of this.listeners) l({ type: "disconnected" });
      this.retry = setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, MAX_DELAY);
    };
  }
}
