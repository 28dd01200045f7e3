import type { RealtimeClient, RealtimeEvent } from "../../shared/realtime-client.ts";
import type { ChatMessage } from "../../storefront/features/chat/types.ts";

// Stand-ins for what the storefront talks to, for screens tested in jsdom: the shop API answered by route from
// data the test gives (server behaviour itself is tested in tests/api and tests/e2e), and a socket whose
// frames the test pushes.

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = unknown | { status: number; body: unknown };
type Handler = (call: ApiCall) => Answer;

const answered = (value: Answer): value is { status: number; body: unknown } =>
  typeof value === "object" && value !== null && "status" in value && "body" in value && typeof value.status === "number";

/**
 * Replaces `fetch` with the routes given as "METHOD /path" (the signed-in cart answers empty unless given);
 * an unknown route answers 404. Returns the calls made, bodies decoded (FormData stays FormData).
 */
export function standInShopApi(routes: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  const all: Record<string, Handler> = { "POST /api/cart/get": () => ({ success: true, cartData: {} }), ...routes };
  vi.stubGlobal("fetch", async (path: string, init: RequestInit = {}) => {
    const raw = init.body;
    const call = { method: init.method ?? "GET", path, body: typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw };
    calls.push(call);
    const handler = all[`${call.method} ${path}`];
    const answer = handler ? handler(call) : { status: 404, body: { success: false, message: "Rota não encontrada" } };
    const { status, body } = answered(answer) ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

/** A realtime client whose frames the test emits; enough of RealtimeClient for the screens' listeners. */
export class StandInRealtime {
  private listeners = new Set<(event: RealtimeEvent<ChatMessage>) => void>();
  rooms = new Set<string>();

  on(listener: (event: RealtimeEvent<ChatMessage>) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  joinRoom(orderId: string) {
    this.rooms.add(orderId);
  }
  leaveRoom(orderId: string) {
    this.rooms.delete(orderId);
  }
  close() {}
  emit(event: RealtimeEvent<ChatMessage>) {
    for (const listener of [...this.listeners]) listener(event);
  }
  /** As the session holds it. */
  get client(): RealtimeClient<ChatMessage> {
    return this as unknown as RealtimeClient<ChatMessage>;
  }
}
