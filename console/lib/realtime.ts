import type { AdminMessage } from "../../server/schemas/admin-conversations.ts";

// Staff socket on /ws (DESIGN.md contract): auth first, staff receive every conversation's
// newMessage. Reconnects with back-off 1 s → 5 s, gives a connection 20 s, and tells listeners
// when it (re)connects so they refetch what they missed.

export type RealtimeEvent =
  | { type: "newMessage"; orderId: string; message: AdminMessage }
  | { type: "status"; connected: boolean };

export interface RealtimeClient { close(): void }

export interface RealtimeOptions {
  token: string;
  onEvent(event: RealtimeEvent): void;
  onInvalidToken(): void;
  url?: string;
}

const CONNECT_TIMEOUT_MS = 20_000;
const MIN_DELAY_MS = 1_000;
const MAX_DELAY_MS = 5_000;

interface Frame { type?: string; orderId?: string; message?: AdminMessage }

const parseFrame = (data: unknown): Frame | null => {
  try {
    const value: unknown = JSON.parse(String(data));
    return typeof value === "object" && value !== null ? (value as Frame) : null;
  } catch {
    return null;
  }
};

const defaultUrl = () => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;

export const connectRealtime = ({ token, onEvent, onInvalidToken, url = defaultUrl() }: RealtimeOptions): RealtimeClient => {
  let socket: WebSocket | null = null;
  let closed = false;
  let delay = MIN_DELAY_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;

  const scheduleRetry = () => {
    if (closed) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(open, delay);
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  };

  function open() {
    if (closed) return;
    const ws = new WebSocket(url);
    socket = ws;
    connectTimer = setTimeout(() => ws.close(), CONNECT_TIMEOUT_MS);
    ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token }));
    ws.onmessage = (e) => {
      const frame = parseFrame(e.data);
      if (!frame) return;
      if (frame.type === "ready") {
        clearTimeout(connectTimer);
        delay = MIN_DELAY_MS;
        onEvent({ type: "status", connected: true });
      } else if (frame.type === "connect_error") {
        closed = true;
        onInvalidToken();
      } else if (frame.type === "newMessage" && typeof frame.orderId === "string" && frame.message) {
        onEvent({ type: "newMessage", orderId: frame.orderId, message: frame.message });
      }
    };
    ws.onclose = (e) => {
      clearTimeout(connectTimer);
      if (socket === ws) socket = null;
      if (closed) return;
      onEvent({ type: "status", connected: false });
      if (e.code === 4401) {
        closed = true;
        onInvalidToken();
        return;
      }
      scheduleRetry();
    };
  }

  open();
  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(connectTimer);
      socket?.close();
    },
  };
};
