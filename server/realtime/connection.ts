// One socket's side of the /ws protocol: auth first (10 s), then joinRoom / leaveRoom. Malformed frames
// get an error frame and never reach the hub; a socket that floods is closed.
import type { RawData, WebSocket } from "ws";
import { Compile } from "typebox/compile";
import { decodeJwt } from "jose";
import { CLOSE_INVALID_TOKEN } from "../../shared/realtime.ts";
import { ClientFrame, type ServerFrame } from "../schemas/realtime.ts";
import type { TokenClaims } from "../domain/users/tokens.ts";
import { tokenDigest } from "../domain/users/sessions.ts";
import { isStaffRole } from "../../shared/roles.ts";

const checkFrame = Compile(ClientFrame);

/** Frames a socket may send per window before it is closed (a chat client sends a handful). */
const FRAME_BUDGET = 120;
const FRAME_WINDOW_MS = 10_000;
/** Frames kept while the token is being checked (the storefront may send its joins right after auth). */
const MAX_PENDING = 32;
/** A socket that cannot keep up with this much unsent data is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** WebSocket's "policy violation": floods and caps (the client reconnects later with back-off). */
const CLOSE_POLICY = 1008;

export interface ConnectionHost {
  readonly authTimeoutMs: number;
  authenticate(token: string): Promise<TokenClaims | undefined>;
  /** The token was good: index the socket by user and role. Resolves to an error message when it is refused (too many sockets). */
  attach(connection: Connection): string | undefined;
  /** The socket closed (whatever its state): forget it everywhere. */
  detach(connection: Connection): void;
  /** Resolves to an error message when the join is refused. */
  join(connection: Connection, orderId: string): Promise<string | undefined>;
  leave(connection: Connection, orderId: string): void;
  warn(message: string, error?: unknown): void;
}

export class Connection {
  claims: TokenClaims | undefined;
  /** The token it authenticated with, as a digest (a password change carries the caller's own sockets over). */
  tokenDigest: string | undefined;
  readonly rooms = new Set<string>();
  /** Cleared by each heartbeat ping, set again by the pong. */
  alive = true;
  private state: "waiting" | "authenticating" | "ready" | "closed" = "waiting";
  private pending: ClientFrame[] = [];
  private readonly authTimer: NodeJS.Timeout;
  private expiryTimer: NodeJS.Timeout | undefined;
  private frames = 0;
  private windowStart = Date.now();

  constructor(
    readonly socket: WebSocket,
    private readonly host: ConnectionHost,
    /** The client's address (unauthenticated sockets are capped per address). */
    readonly address: string,
  ) {
    this.authTimer = setTimeout(() => this.refuse(), host.authTimeoutMs);
    socket.on("message", (data, isBinary) => this.onFrame(data, isBinary));
    socket.on("pong", () => {
      this.alive = true;
    });
    socket.on("close", () => this.onClose());
    socket.on("error", (error) => host.warn("socket error", error));
  }

  get isStaff(): boolean {
    return this.claims !== undefined && isStaffRole(this.claims.role);
  }

  get isReady(): boolean {
    return this.state === "ready";
  }

  send(frame: ServerFrame): void {
    this.sendRaw(JSON.stringify(frame));
  }

  /** Sends an already serialised frame (fan-out serialises once for every socket). */
  sendRaw(frame: string | Buffer): void {
    if (this.state === "closed" || this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    this.socket.send(frame, { binary: false });
  }

  /** Heartbeat: a socket that did not answer the previous ping is gone. */
  ping(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    try {
      this.socket.ping();
    } catch {
      this.socket.terminate();
    }
  }

  /** The session behind the token ended (logout, password, deactivation, role): as for a bad token, nothing more is sent. */
  endSession(): void {
    if (this.state === "closed") return;
    this.send({ type: "connect_error", message: "invalid token" });
    this.close(CLOSE_INVALID_TOKEN, "session ended");
    this.state = "closed";
  }

  /** Refused with an error frame and close 1008 (policy): the client may try again later. */
  refuseWith(message: string, reason: string): void {
    this.send({ type: "error", message });
    this.close(CLOSE_POLICY, reason);
    this.state = "closed";
  }

  close(code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) this.socket.close(code, reason);
  }

  private refuse(): void {
    if (this.state === "closed" || this.state === "ready") return;
    this.send({ type: "connect_error", message: "invalid token" });
    this.close(CLOSE_INVALID_TOKEN, "invalid token");
    this.state = "closed";
  }

  private onFrame(data: RawData, isBinary: boolean): void {
    if (this.state === "closed") return;
    const now = Date.now();
    if (now - this.windowStart > FRAME_WINDOW_MS) {
      this.windowStart = now;
      this.frames = 0;
    }
    if (++this.frames > FRAME_BUDGET) {
      this.refuseWith("Demasiadas mensagens. Ligue-se novamente mais tarde.", "too many frames");
      return;
    }
    const frame = isBinary ? undefined : parse(data);
    if (!frame) {
      this.send({ type: "error", message: "Mensagem inválida" });
      return;
    }
    if (this.state === "waiting") {
      if (frame.type !== "auth") {
        this.send({ type: "error", message: "Autenticação necessária" });
        return;
      }
      this.state = "authenticating";
      void this.authenticate(frame.token);
      return;
    }
    if (this.state === "authenticating") {
      if (this.pending.length < MAX_PENDING) this.pending.push(frame);
      return;
    }
    void this.handle(frame);
  }

  private async authenticate(token: string): Promise<void> {
    let claims: TokenClaims | undefined;
    try {
      claims = await this.host.authenticate(token);
    } catch (error) {
      this.host.warn("socket authentication failed", error);
    }
    if (this.state !== "authenticating") return;
    if (!claims) {
      clearTimeout(this.authTimer);
      this.refuse();
      return;
    }
    clearTimeout(this.authTimer);
    this.claims = claims;
    this.tokenDigest = tokenDigest(token);
    this.state = "ready";
    const refused = this.host.attach(this);
    if (refused) {
      this.refuseWith(refused, "too many sockets");
      return;
    }
    this.expireWith(token);
    this.send({ type: "ready" });
    const pending = this.pending;
    this.pending = [];
    for (const frame of pending) await this.handle(frame);
  }

  /** When the (already verified) token expires, the session ends as a bad token would: the client logs out. */
  private expireWith(token: string): void {
    const exp = decodeJwt(token).exp;
    if (typeof exp !== "number") return;
    const ms = Math.max(0, Math.min(exp * 1000 - Date.now(), 2 ** 31 - 1));
    this.expiryTimer = setTimeout(() => {
      this.send({ type: "connect_error", message: "invalid token" });
      this.close(CLOSE_INVALID_TOKEN, "token expired");
    }, ms);
    this.expiryTimer.unref();
  }

  private async handle(frame: ClientFrame): Promise<void> {
    switch (frame.type) {
      case "auth":
        this.send({ type: "error", message: "Sessão já autenticada" });
        return;
      case "joinRoom": {
        let refused: string | undefined;
        try {
          refused = await this.host.join(this, frame.orderId);
        } catch (error) {
          this.host.warn("joinRoom failed", error);
          refused = "Não foi possível entrar na conversa. Tente novamente.";
        }
        if (refused) this.send({ type: "error", message: refused });
        return;
      }
      case "leaveRoom":
        this.host.leave(this, frame.orderId);
        return;
    }
  }

  private onClose(): void {
    clearTimeout(this.authTimer);
    clearTimeout(this.expiryTimer);
    this.state = "closed";
    this.pending = [];
    this.host.detach(this);
  }
}

function parse(data: RawData): ClientFrame | undefined {
  let value: unknown;
  try {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    const text = bytes.toString("utf8");
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return checkFrame.Check(value) ? value : undefined;
}
