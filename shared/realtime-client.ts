// The one real-time client both apps use: authenticates with the token, rejoins its rooms after a reconnect,
// reconnects with back-off (1 s → 5 s) or at once when the server restarts (close code 1012), and signs out on
// `connect_error` or close code 4401.
import {
  CLOSE_INVALID_TOKEN,
  CLOSE_RECONNECT,
  CONNECT_TIMEOUT_MS,
  RECONNECT_MIN_MS,
  nextReconnectDelay,
  reconnectJitter,
  type ClientFrame,
  type ServerFrame,
} from "./realtime.ts";

/**
 * What listeners receive: the server's frames, plus `status` when the socket becomes ready (`connected: true`:
 * refetch what may have been missed while away) or drops (`connected: false`).
 */
export type RealtimeEvent<M = unknown> = ServerFrame<M> | { type: "status"; connected: boolean };

interface RealtimeClientOptions {
  token: string;
  /** Called once when the server refuses the token (the session has ended). */
  onInvalidToken(): void;
  /** Defaults to /ws on the page's own host. */
  url?: string;
}

const defaultUrl = () => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;

const parseFrame = <M>(data: unknown): ServerFrame<M> | null => {
  try {
    const value: unknown = JSON.parse(String(data));
    return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"
      ? (value as ServerFrame<M>)
      : null;
  } catch {
    return null;
  }
};

export class RealtimeClient<M = unknown> {
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<(event: RealtimeEvent<M>) => void>();
  private readonly rooms = new Set<string>();
  private delay = RECONNECT_MIN_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private readonly url: string;

  constructor(private readonly options: RealtimeClientOptions) {
    this.url = options.url ?? defaultUrl();
    this.open();
  }

  /** Listens to every event; returns the unsubscribe function. */
  on(listener: (event: RealtimeEvent<M>) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Joins an order's room now and again after every reconnect, until `leaveRoom`. */
  joinRoom(orderId: string): void {
    this.rooms.add(orderId);
    this.send({ type: "joinRoom", orderId });
  }

  leaveRoom(orderId: string): void {
    this.rooms.delete(orderId);
    this.send({ type: "leaveRoom", orderId });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.connectTimer);
    this.socket?.close();
    this.socket = null;
  }

  private emit(event: RealtimeEvent<M>): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private send(frame: ClientFrame): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private invalidToken(): void {
    if (this.closed) return;
    this.close();
    this.options.onInvalidToken();
  }

  private open(): void {
    if (this.closed) return;
    const ws = new WebSocket(this.url);
    this.socket = ws;
    this.connectTimer = setTimeout(() => ws.close(), CONNECT_TIMEOUT_MS);
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token: this.options.token } satisfies ClientFrame));
    ws.onmessage = (e) => {
      const frame = parseFrame<M>(e.data);
      if (!frame || this.socket !== ws) return;
      if (frame.type === "connect_error") return this.invalidToken();
      if (frame.type === "ready") {
        clearTimeout(this.connectTimer);
        this.delay = RECONNECT_MIN_MS;
        for (const orderId of this.rooms) this.send({ type: "joinRoom", orderId });
        this.emit(frame);
        this.emit({ type: "status", connected: true });
        return;
      }
      this.emit(frame);
    };
    ws.onclose = (e) => {
      clearTimeout(this.connectTimer);
      if (this.socket !== ws || this.closed) return;
      this.socket = null;
      if (e.code === CLOSE_INVALID_TOKEN) return this.invalidToken();
      this.emit({ type: "status", connected: false });
      // A server going away for a deploy asks for a prompt reconnect (to another instance): no back-off.
      if (e.code === CLOSE_RECONNECT) {
        this.retryTimer = setTimeout(() => this.open(), reconnectJitter());
        return;
      }
      this.retryTimer = setTimeout(() => this.open(), this.delay);
      this.delay = nextReconnectDelay(this.delay);
    };
  }
}
