import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { shortOrderId } from "../../shared/orders.ts";
import { toast } from "../lib/toast.ts";
import { useSession } from "../features/auth/session.tsx";

/**
 * "Nova mensagem sobre o pedido #…" for a message about one of the shopper's orders, anywhere but that order's
 * chat (which shows its own notice); tapping it opens that chat.
 */
export function MessageNotices() {
  const { realtime } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!realtime) return;
    return realtime.on((event) => {
      if (event.type !== "newMessage" || !event.orderId) return;
      const chat = `/message/${event.orderId}`;
      if (pathname === chat) return;
      toast.info(`Nova mensagem sobre o pedido #${shortOrderId(event.orderId)}`, { onClick: () => navigate(chat) });
    });
  }, [realtime, pathname, navigate]);

  return null;
}
