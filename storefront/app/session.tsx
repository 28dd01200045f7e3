import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { toast } from "../lib/toast.ts";
import { setUnauthorizedHandler } from "../lib/api-client.ts";
import { RealtimeConnection } from "../lib/socket.ts";
import { readToken, writeToken } from "../lib/token.ts";
import { shortOrderId } from "../../shared/orders.ts";

export const EXPIRED_MESSAGE = "Sessão expirada. Por favor, faça login novamente.";

export interface Session {
  token: string;
  setToken: (token: string) => void;
  /** Clears token and cart, tells the shopper why, and goes to /login (SPEC.md §4). */
  logout: (message?: string) => void;
  realtime: RealtimeConnection | null;
}

export const SessionContext = createContext<Session>({ token: "", setToken: () => {}, logout: () => {}, realtime: null });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setTokenState] = useState(readToken);
  const [realtime, setRealtime] = useState<RealtimeConnection | null>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  pathRef.current = pathname;

  const setToken = useCallback((next: string) => {
    writeToken(next);
    setTokenState(next);
  }, []);

  const logout = useCallback(
    (message = "Sessão terminada.") => {
      writeToken("");
      setTokenState("");
      toast.info(message);
      navigate("/login");
    },
    [navigate],
  );

  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (readToken()) logout(EXPIRED_MESSAGE);
    });
  }, [logout]);

  // The real-time connection lives as long as the token.
  useEffect(() => {
    if (!token) return;
    const conn = new RealtimeConnection(token);
    setRealtime(conn);
    const off = conn.on((event) => {
      // A 401 from the API may have logged out already: one notice, not two.
      if (event.type === "connect_error" && readToken()) logout(EXPIRED_MESSAGE);
      // The chat screen of that order shows its own notice.
      if (event.type === "newMessage" && event.orderId && pathRef.current !== `/message/${event.orderId}`) {
        toast.info(`Nova mensagem sobre o pedido #${shortOrderId(event.orderId)}`);
      }
    });
    return () => {
      off();
      conn.close();
      setRealtime(null);
    };
  }, [token, logout]);

  const value = useMemo(() => ({ token, setToken, logout, realtime }), [token, setToken, logout, realtime]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
