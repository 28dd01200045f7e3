// The /ws socket contract (docs/design/contracts.md#realtime-frames): one JSON object per frame, the close code
// that means "sign in again", and how long clients wait before reconnecting.

/** Client → server. The first frame must be `auth`. */
export type ClientFrame = { type: "auth"; token: string } | { type: "joinRoom"; orderId: string } | { type: "leaveRoom"; orderId: string };

/** Server → client. `M` is the message shape the socket's owner sees (shopper's or staff's). */
export type ServerFrame<M = unknown> =
  | { type: "ready" }
  | { type: "connect_error"; message: "invalid token" }
  | { type: "newMessage"; orderId: string; message: M }
  /** To admin sockets only: an admin changed the shop's settings (bank details included). */
  | { type: "settingsChanged"; by: string; byId: string; fields: string[] }
  /** To staff sockets only: a shopper placed an order (the console's counters and its new-order alert). */
  | { type: "newOrder"; orderId: string; totalAmount: number }
  /** To staff sockets only: a conversation's assignee changed (null: nobody), so every open inbox shows it. */
  | { type: "assigneeChanged"; orderId: string; assignee: { id: string; name: string } | null; byId: string }
  /**
   * To the order's shopper only: their Multicaixa Express charge was settled (docs/product/orders.md#multicaixa-express);
   * the payment page reads the order again.
   */
  | { type: "chargeSettled"; orderId: string; chargeId: string; status: "paid" | "failed" | "review" }
  | { type: "error"; message: string };

/** Close code after `connect_error` or when a session ends: the client signs out. */
export const CLOSE_INVALID_TOKEN = 4401;

/**
 * Close code when an instance shuts down (a deploy, a restart): 1012 "service restart". The client reconnects at
 * once (within a random fraction of the first back-off, so a whole instance's sockets do not arrive together), and
 * the proxy sends it to an instance that stays (docs/design/operations.md#shutdown).
 */
export const CLOSE_RECONNECT = 1012;

/** Reconnection delay 1 s up to 5 s (doubling), connection timeout 20 s. */
export const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 5000;
export const CONNECT_TIMEOUT_MS = 20_000;

export const nextReconnectDelay = (delay: number): number => Math.min(delay * 2, RECONNECT_MAX_MS);

/** The wait before reconnecting after CLOSE_RECONNECT: spread over [0, RECONNECT_MIN_MS). */
export const reconnectJitter = (): number => Math.floor(Math.random() * RECONNECT_MIN_MS);
