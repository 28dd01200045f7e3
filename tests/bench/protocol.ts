// Messages between the bench runner and its child processes (server under test, socket load).
import type { HubStats } from "../../server/realtime/hub.ts";

export interface BenchFixtures {
  /** One token per bench customer (rate limits are per customer, so load is spread over many). */
  tokens: string[];
  /** As many customers again who turned e-mail off: their placements write no confirmation mail (the yardstick). */
  quietTokens: string[];
  /** Orders to chat about: order i belongs to customer `userIndex`. */
  orders: { orderId: string; userIndex: number }[];
  products: { id: string; size: string; price: number }[];
}

export interface QueryTiming {
  prismaP50: number;
  rawP50: number;
  statements: number;
  sql: { sql: string; params: unknown[] }[];
}

export type BenchRequest =
  { type: "queries"; iterations: number; sql?: { sql: string; params: unknown[] }[] } | { type: "stats" } | { type: "stop" };

export type BenchReply =
  | { type: "ready"; url: string; kind: "postgres" | "pglite"; fixtures: BenchFixtures }
  | { type: "queries"; timing: QueryTiming }
  /** cpuMs: the server process's CPU time so far (user + system); eluActiveMs: its event loop's busy time. */
  | { type: "stats"; hub: HubStats; cpuMs: number; eluActiveMs: number }
  | { type: "stopped" }
  | { type: "error"; message: string };

export type LoadRequest =
  | { type: "open"; url: string; tokens: string[]; orders: { orderId: string; userIndex: number }[]; socketsPerRoom: number }
  | { type: "broadcast"; perSecond: number }
  | { type: "stopBroadcast" }
  | { type: "fanout"; messages: number; perSecond: number }
  | { type: "close" };

export type LoadReply =
  | { type: "opened"; sockets: number; ms: number }
  | { type: "broadcasting" }
  /** cpuMs: the load process's own CPU time during the broadcast (it shares the machine with the server). */
  | { type: "broadcastStopped"; sent: number; delivered: number; failed: number; cpuMs: number }
  /** latencies: from the POST's start; fromCreated: from the message's createdAt (server clock, same host). */
  | { type: "fanout"; latencies: number[]; fromCreated: number[]; expected: number; delivered: number; failed: number }
  | { type: "closed" }
  | { type: "error"; message: string };

/** The media figure's load process (media-load.ts): uploaders send 10 MB PDFs back to back, downloaders re-fetch one. */
export type MediaLoadRequest =
  { type: "start"; url: string; uploaders: { token: string; orderId: string }[]; downloaders: number } | { type: "stop" };

export type MediaLoadReply =
  | { type: "started"; fileBytes: number }
  | { type: "stopped"; uploads: number; downloadedBytes: number }
  | { type: "error"; message: string };
