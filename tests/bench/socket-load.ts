// Socket load, in its own process so it does not share the HTTP load generator's CPU: opens authenticated
// sockets (several per customer, each in its order's room), sends chat messages through the real HTTP API
// and measures how long each takes to reach every socket of its room.
import WebSocket from "ws";
import type { LoadReply, LoadRequest } from "./protocol.ts";

interface Room {
  orderId: string;
  token: string;
  sockets: WebSocket[];
}

const rooms: Room[] = [];
/** Message text → when its POST started and how many deliveries are still expected. */
const pending = new Map<string, { startedAt: number; left: number; latencies: number[]; fromCreated: number[] }>();
let httpBase = "";
let failed = 0;
let delivered = 0;

const send = (reply: LoadReply) => process.send?.(reply);

function openSocket(url: string, token: string, orderId: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error("socket did not become ready")), 30_000);
    ws.once("error", reject);
    ws.on("open", () => ws.send(JSON.stringify({ type: "auth", token })));
    ws.on("message", (data) => {
      const receivedAt = Date.now();
      const frame = JSON.parse(data.toString()) as { type: string; message?: { text?: string; createdAt?: string } };
      if (frame.type === "ready") {
        ws.send(JSON.stringify({ type: "joinRoom", orderId }));
        clearTimeout(timer);
        resolve(ws);
      } else if (frame.type === "newMessage" && frame.message?.text) {
        const entry = pending.get(frame.message.text);
        delivered++;
        if (!entry) return;
        entry.latencies.push(performance.now() - entry.startedAt);
        entry.fromCreated.push(receivedAt - Date.parse(frame.message.createdAt ?? ""));
        if (--entry.left === 0) pending.delete(frame.message.text);
      }
    });
  });
}

let sequence = 0;
async function post(room: Room, latencies: number[] = [], fromCreated: number[] = []): Promise<void> {
  const text = `bench ${process.pid} ${sequence++}`;
  const form = new FormData();
  form.append("orderId", room.orderId);
  form.append("text", text);
  const entry = { startedAt: performance.now(), left: room.sockets.length, latencies, fromCreated };
  pending.set(text, entry);
  const res = await fetch(`${httpBase}/api/message/send`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${room.token}` },
  });
  if (!res.ok) {
    failed++;
    pending.delete(text);
  }
  await res.arrayBuffer();
}

let broadcastTimer: NodeJS.Timeout | undefined;
let broadcastSent = 0;
let broadcastDeliveredFrom = 0;
let broadcastCpuFrom = process.cpuUsage();

async function handle(request: LoadRequest): Promise<void> {
  switch (request.type) {
    case "open": {
      const t0 = performance.now();
      httpBase = request.url.replace(/^ws/, "http").replace(/\/ws$/, "");
      for (const { orderId, userIndex } of request.orders) rooms.push({ orderId, token: request.tokens[userIndex]!, sockets: [] });
      // Opened in batches: a thousand handshakes at once would measure the accept queue, not the hub.
      for (let s = 0; s < request.socketsPerRoom; s++) {
        const batch = await Promise.all(rooms.map((room) => openSocket(request.url, room.token, room.orderId)));
        batch.forEach((ws, i) => rooms[i]!.sockets.push(ws));
      }
      // Joins have no acknowledgement: give the last ones a moment to land.
      await new Promise((r) => setTimeout(r, 1000));
      send({ type: "opened", sockets: rooms.reduce((n, r) => n + r.sockets.length, 0), ms: performance.now() - t0 });
      return;
    }
    case "broadcast": {
      broadcastSent = 0;
      broadcastDeliveredFrom = delivered;
      broadcastCpuFrom = process.cpuUsage();
      failed = 0;
      let next = 0;
      broadcastTimer = setInterval(() => {
        const room = rooms[next++ % rooms.length]!;
        broadcastSent++;
        post(room).catch(() => failed++);
      }, 1000 / request.perSecond);
      send({ type: "broadcasting" });
      return;
    }
    case "stopBroadcast":
      clearInterval(broadcastTimer);
      await new Promise((r) => setTimeout(r, 500));
      const cpu = process.cpuUsage(broadcastCpuFrom);
      send({
        type: "broadcastStopped",
        sent: broadcastSent,
        delivered: delivered - broadcastDeliveredFrom,
        failed,
        cpuMs: (cpu.user + cpu.system) / 1000,
      });
      return;
    case "fanout": {
      failed = 0;
      const latencies: number[] = [];
      const fromCreated: number[] = [];
      const from = delivered;
      const posts: Promise<void>[] = [];
      for (let i = 0; i < request.messages; i++) {
        posts.push(post(rooms[i % rooms.length]!, latencies, fromCreated));
        await new Promise((r) => setTimeout(r, 1000 / request.perSecond));
      }
      await Promise.all(posts);
      await new Promise((r) => setTimeout(r, 1000));
      const expected = request.messages * (rooms[0]?.sockets.length ?? 0);
      send({ type: "fanout", latencies, fromCreated, expected, delivered: delivered - from, failed });
      return;
    }
    case "close":
      for (const room of rooms) for (const ws of room.sockets) ws.terminate();
      send({ type: "closed" });
      setTimeout(() => process.exit(0), 50);
      return;
  }
}

process.on("message", (request: LoadRequest) => {
  handle(request).catch((error: unknown) => send({ type: "error", message: (error as Error).stack ?? String(error) }));
});
