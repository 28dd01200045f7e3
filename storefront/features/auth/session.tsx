import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import type { RealtimeClient } from "../../../shared/realtime-client.ts";
import { toast } from "../../lib/toast.ts";
import { expireSession, onSessionExpired } from "../../lib/api-client.ts";
import { readToken, writeToken } from "../../lib/token.ts";
import { endServerSessions } from "./api/logout.ts";
import type { ChatMessage } from "../chat/types.ts";

type ShopRealtime = RealtimeClient<ChatMessage>;

/** The longest an idle moment is waited for once the page has loaded. */
const IDLE_TIMEOUT = 1000;

/** Runs `work` after the page's load event, in an idle moment (at most IDLE_TIMEOUT later); returns a cancel. */
function afterFirstScreen(work: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const whenIdle = typeof requestIdleCallback === "function";
  const run = () => {
    if (cancelled) return;
    idle = whenIdle ? requestIdleCallback(work, { timeout: IDLE_TIMEOUT }) : window.setTimeout(work, 0);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", run);
    if (idle === undefined) return;
    if (whenIdle) cancelIdleCallback(idle);
    else clearTimeout(idle);
  };
}

export interface Session {
  token: string;
  setToken: (token: string) => void;
  /** The shopper's own logout: clears token and cart, says so, and goes to /login (docs/product/accounts.md#the-session). */
  logout: () => void;
  realtime: ShopRealtime | null;
}

export const SessionContext = createContext<Session>({ token: "", setToken: () => {}, logout: () => {}, realtime: null });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setTokenState] = useState(readToken);
  const [realtime, setRealtime] = useState<ShopRealtime | null>(null);
  const navigate = useNavigate();

  const setToken = useCallback((next: string) => {
    writeToken(next);
    setTokenState(next);
  }, []);

  const logout = useCallback(() => {
    // The server ends the session on every device; the token leaves with the request, then goes here at once.
    endServerSessions();
    writeToken("");
    setTokenState("");
    toast.info("Sessão terminada.");
    void navigate("/login");
  }, [navigate]);

  // The API client decides when the session has expired (lib/api-client.ts); here the screen follows.
  useEffect(
    () =>
      onSessionExpired(() => {
        setTokenState("");
        void navigate("/login");
      }),
    [navigate],
  );

  // The real-time connection lives as long as the token. Its client is a chunk of its own, fetched once signed
  // in: a first visit (signed out) does not download it (tests/e2e/storefront-weight.test.ts). It opens once the
  // page has loaded, in an idle moment, not on the first screen's critical path; the chat refetches whenever the
  // socket comes up, so nothing sent meanwhile is missed (docs/design/performance.md#main-thread-work-issue-46).
  useEffect(() => {
    if (!token) return;
    let client: ShopRealtime | undefined;
    let live = true;
    const cancel = afterFirstScreen(() =>
      import("../../../shared/realtime-client.ts")
        .then(({ RealtimeClient }) => {
          if (!live) return;
          client = new RealtimeClient<ChatMessage>({ token, onInvalidToken: expireSession });
          setRealtime(client);
        })
        // The chunk did not arrive (connection lost): the pages still work, without live updates.
        .catch(() => {}),
    );
    return () => {
      live = false;
      cancel();
      client?.close();
      setRealtime(null);
    };
  }, [token]);

  const value = useMemo(() => ({ token, setToken, logout, realtime }), [token, setToken, logout, realtime]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
