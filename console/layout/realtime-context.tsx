import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useDataProvider, useLogout, useNotify } from "react-admin";
import type { AdminMessage } from "../../server/schemas/admin-conversations.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { RealtimeClient } from "../../shared/realtime-client.ts";
import { SESSION_ENDED, getSession, getToken, setSession } from "../lib/session.ts";
import { isSettingsChangedFrame, settingsChangedMessage, type SettingsChangedFrame } from "../settings/settings-changed.ts";
import { shellMessages } from "../i18n/shell.ts";
import { NewOrderAlert } from "./new-order-alert.tsx";
import { attentionTitle, playAttentionSound } from "./attention.ts";

type Listener = (orderId: string, message: AdminMessage) => void;

interface RealtimeState {
  connected: boolean;
  unreadCount: number;
  /** Subscribe to every new message; returns the unsubscribe function. */
  subscribe(fn: Listener): () => void;
  /** Recount unread conversations (after the open conversation was marked read). */
  refreshUnread(): void;
}

const RealtimeContext = createContext<RealtimeState>({
  connected: false,
  unreadCount: 0,
  subscribe: () => () => undefined,
  refreshUnread: () => undefined,
});

export const useRealtime = () => useContext(RealtimeContext);

const BASE_TITLE = shellMessages.title;
const UNREAD_POLL_MS = 60_000;
/** How long a new-order alert shows, and the least time between two. */
const NEW_ORDER_ALERT_MS = 8_000;
const NEW_ORDER_ALERT_GAP_MS = 60_000;

/** Live updates for the whole console: refreshes lists and the dashboard without a sound, keeps the tab title's unread count. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const notify = useNotify();
  const [connected, setConnected] = useState(false);
  const [unreadCount, setUnreadCount] = useState(0);
  // New orders that arrived while the tab was hidden: counted in the title until staff look again.
  const [newOrdersAway, setNewOrdersAway] = useState(0);
  const listeners = useRef(new Set<Listener>());
  const lastOrderAlertAt = useRef(-Infinity);
  const refreshUnreadRef = useRef<() => void>(() => undefined);

  refreshUnreadRef.current = () => {
    dataProvider.getUnreadCount().then(setUnreadCount, () => undefined);
  };

  // Another admin changed the settings: an alert that stays until dismissed, and the settings screen refetches.
  const settingsChangedRef = useRef<(frame: SettingsChangedFrame) => void>(() => undefined);
  settingsChangedRef.current = (frame) => {
    void queryClient.invalidateQueries({ queryKey: ["settings"] });
    const me = getSession()?.user;
    // The admin who saved already sees "Definições guardadas"; a lasting alert would hold that notice back.
    if (me?.role !== "admin" || frame.byId === me.id) return;
    notify(settingsChangedMessage(frame), { type: "warning", autoHideDuration: null, messageArgs: { name: frame.by } });
  };

  // The socket effect must not restart when notify's identity changes.
  const notifyRef = useRef(notify);
  notifyRef.current = notify;

  useEffect(() => {
    document.title = attentionTitle(BASE_TITLE, unreadCount, newOrdersAway);
  }, [unreadCount, newOrdersAway]);

  useEffect(() => {
    const seen = () => {
      if (document.visibilityState === "visible") setNewOrdersAway(0);
    };
    document.addEventListener("visibilitychange", seen);
    return () => document.removeEventListener("visibilitychange", seen);
  }, []);

  useEffect(
    () => () => {
      document.title = BASE_TITLE;
    },
    [],
  );

  useEffect(() => {
    const token = getToken();
    if (!token) return;
    refreshUnreadRef.current();
    // Staff receive every conversation's newMessage; the client signs out on a refused token (close code 4401).
    const client = new RealtimeClient<AdminMessage>({
      token,
      onInvalidToken: () => {
        setSession(null, SESSION_ENDED);
        void logout();
      },
    });
    const unsubscribe = client.on((event) => {
      if (event.type === "status") {
        setConnected(event.connected);
        // After a (re)connection, fetch what may have been missed meanwhile.
        if (event.connected) {
          refreshUnreadRef.current();
          void queryClient.invalidateQueries({ queryKey: ["conversations"] });
        }
        return;
      }
      if (isSettingsChangedFrame(event)) return settingsChangedRef.current(event);
      if (event.type === "newOrder") {
        // The dashboard's counters and the order lists follow; the alert shows on whatever page is open.
        void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
        void queryClient.invalidateQueries({ queryKey: ["orders", "getList"] });
        if (document.visibilityState === "hidden") setNewOrdersAway((n) => n + 1);
        // One alert at a time, at most one a minute: a campaign's burst of orders queued an alert per order, and
        // their queue covered the bottom of a phone's screen (its Guardar, Enviar, Adicionar nota…) for minutes.
        // The lists, the dashboard and the tab title count every order anyway (docs/product/console.md#live-console).
        const now = Date.now();
        if (now - lastOrderAlertAt.current < NEW_ORDER_ALERT_GAP_MS) return;
        lastOrderAlertAt.current = now;
        playAttentionSound();
        notifyRef.current(<NewOrderAlert orderId={event.orderId} totalAmount={event.totalAmount} />, {
          type: "info",
          autoHideDuration: NEW_ORDER_ALERT_MS,
        });
        return;
      }
      if (event.type === "assigneeChanged") {
        // Another agent (or this one in another tab) took or handed over a conversation: the inbox, its "Minhas"
        // tab and the open conversation show the new assignee.
        void queryClient.invalidateQueries({ queryKey: ["conversations"] });
        return;
      }
      if (event.type !== "newMessage") return;
      // A shopper wrote (a proof is a message too): the sound, when turned on; the shop's own notices are quiet.
      if (event.message.sender === "client") playAttentionSound();
      listeners.current.forEach((fn) => fn(event.orderId, event.message));
      refreshUnreadRef.current();
      void queryClient.invalidateQueries({ queryKey: ["conversations"] });
      void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
      void queryClient.invalidateQueries({ queryKey: ["orders", "getOne", { id: event.orderId }] });
      // Order lists carry unread badges too; a proof arrives as a message and changes the Pagamentos queue.
      void queryClient.invalidateQueries({ queryKey: ["orders", "getList"] });
      void queryClient.invalidateQueries({ queryKey: ["payments", "getList"] });
    });
    // Reads by other agents are not pushed: recount now and then so the title does not go stale.
    const poll = setInterval(() => refreshUnreadRef.current(), UNREAD_POLL_MS);
    return () => {
      clearInterval(poll);
      unsubscribe();
      client.close();
    };
  }, [queryClient, logout]);

  const subscribe = useCallback((fn: Listener) => {
    listeners.current.add(fn);
    return () => {
      listeners.current.delete(fn);
    };
  }, []);
  const refreshUnread = useCallback(() => refreshUnreadRef.current(), []);
  const value = useMemo<RealtimeState>(
    () => ({ connected, unreadCount, subscribe, refreshUnread }),
    [connected, unreadCount, subscribe, refreshUnread],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
