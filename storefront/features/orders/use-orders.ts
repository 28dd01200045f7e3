import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useSession } from "../auth/session.tsx";
import { ApiError, SessionExpiredError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { userOrders, type Order } from "./api/user-orders.ts";

/** The server's message, else a refusal without one, else a failed request (docs/product/storefront.md#orders). */
export const ordersErrorMessage = (e: unknown) => {
  if (!(e instanceof ApiError) || e.status === 0) return "Erro ao carregar pedidos";
  return e.fromServer ? e.message : "Não foi possível carregar os pedidos";
};

/**
 * The signed-in shopper's orders, newest first; null while loading. Signed out: /login.
 * Live: the shop posts a chat message on every status change, payment and proof decision, so a
 * `newMessage` about one of these orders refetches the list; so does the socket coming back (missed frames).
 * `reload` refetches it after the shopper's own change (a cancellation).
 */
export function useOrders(): { orders: Order[] | null; reload: () => void } {
  const { token, realtime } = useSession();
  const navigate = useNavigate();
  const [orders, setOrders] = useState<Order[] | null>(null);
  const orderIds = useRef(new Set<string>());
  /** A list (or the empty one after a failed first load) is on screen. */
  const listed = useRef(false);
  /** Only the latest request may set the list: a slow earlier answer must not overwrite a newer one. */
  const latest = useRef(0);

  const load = useCallback(() => {
    const request = ++latest.current;
    userOrders()
      .then((list) => {
        if (request !== latest.current) return;
        orderIds.current = new Set(list.map((o) => o._id));
        listed.current = true;
        setOrders(list);
      })
      .catch((e: unknown) => {
        if (request !== latest.current || e instanceof SessionExpiredError) return;
        // A failed refresh keeps the list on screen; only a failed first load says so.
        if (listed.current) return;
        listed.current = true;
        toast.error(ordersErrorMessage(e));
        setOrders([]);
      });
  }, []);

  useEffect(() => {
    if (!token) {
      void navigate("/login");
      return;
    }
    load();
  }, [token, navigate, load]);

  useEffect(() => {
    if (!realtime) return;
    return realtime.on((event) => {
      if ((event.type === "status" && event.connected) || (event.type === "newMessage" && orderIds.current.has(event.orderId))) load();
    });
  }, [realtime, load]);

  return { orders, reload: load };
}
