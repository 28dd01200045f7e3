import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useSession } from "../../app/session.tsx";
import { ApiError, SessionExpiredError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { userOrders, type Order } from "./api/user-orders.ts";

/** SPEC.md §8: the server's message, else a refusal without one, else a failed request. */
const ordersErrorMessage = (e: unknown) => {
  if (!(e instanceof ApiError) || e.status === 0) return "Erro ao carregar pedidos";
  return e.fromServer ? e.message : "Não foi possível carregar os pedidos";
};

/** The signed-in shopper's orders, newest first; null while loading. Signed out: /login. */
export function useOrders(): Order[] | null {
  const { token } = useSession();
  const navigate = useNavigate();
  const [orders, setOrders] = useState<Order[] | null>(null);

  useEffect(() => {
    if (!token) {
      navigate("/login");
      return;
    }
    userOrders()
      .then(setOrders)
      .catch((e: unknown) => {
        if (e instanceof SessionExpiredError) return;
        toast.error(ordersErrorMessage(e));
        setOrders([]);
      });
  }, [token, navigate]);

  return orders;
}
