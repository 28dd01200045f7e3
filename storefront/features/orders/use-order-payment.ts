import { useCallback, useEffect, useRef, useState } from "react";
import { ATTACHMENT_TOO_LARGE, MAX_ATTACHMENT_BYTES } from "../../../shared/chat.ts";
import { useSession } from "../auth/session.tsx";
import { ApiError, SessionExpiredError } from "../../lib/api-client.ts";
import { toast } from "../../lib/toast.ts";
import { sendProof } from "./api/send-proof.ts";
import { userOrders, type Order } from "./api/user-orders.ts";
import { ordersErrorMessage } from "./use-orders.ts";

export interface OrderPayment {
  /** False until the order has been looked up (at once when there is nothing to look up). */
  ready: boolean;
  /** The shopper's order with that id; null without an id, signed out, or when it is not theirs. */
  order: Order | null;
  /** A proof on its way to the server. */
  sending: boolean;
  /** Why the last proof was not accepted ('' when it was, or none was sent). */
  proofError: string;
  /** Sends a proof of payment, unless it is too large (refused here, before any upload on a slow line). */
  sendProof: (file: File) => Promise<void>;
  /** Reads the order again (a Multicaixa Express charge waiting for its outcome polls with it). */
  reload: () => void;
}

/**
 * One order on the payment page (`/confirmacaotransferencia?orderId=…`): what to pay and the proofs
 * sent. Kept live: the shop posts a chat message when it records a payment or decides on a proof, and tells the
 * shopper's sockets when a Multicaixa Express charge is settled.
 */
export function useOrderPayment(orderId: string): OrderPayment {
  const { token, realtime } = useSession();
  const wanted = Boolean(orderId && token);
  const [order, setOrder] = useState<Order | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [sending, setSending] = useState(false);
  const [proofError, setProofError] = useState("");
  const inFlight = useRef(false);

  const load = useCallback(() => {
    if (!wanted) return;
    userOrders()
      .then((list) => setOrder(list.find((o) => o._id === orderId) ?? null))
      .catch((e: unknown) => {
        if (!(e instanceof SessionExpiredError)) toast.error(ordersErrorMessage(e));
      })
      .finally(() => setLoaded(true));
  }, [orderId, wanted]);

  useEffect(load, [load]);

  useEffect(() => {
    if (!realtime || !wanted) return;
    return realtime.on((event) => {
      if (
        (event.type === "status" && event.connected) ||
        ((event.type === "newMessage" || event.type === "chargeSettled") && event.orderId === orderId)
      )
        load();
    });
  }, [realtime, wanted, orderId, load]);

  const send = async (file: File) => {
    if (!order || inFlight.current) return;
    if (file.size > MAX_ATTACHMENT_BYTES) {
      setProofError(ATTACHMENT_TOO_LARGE);
      return;
    }
    setProofError("");
    inFlight.current = true;
    setSending(true);
    try {
      const proof = await sendProof(order._id, file);
      setOrder((o) =>
        o && o._id === order._id && !o.proofs.some((p) => p._id === proof._id) ? { ...o, proofs: [...o.proofs, proof] } : o,
      );
      toast.success("Comprovativo enviado");
    } catch (e) {
      if (e instanceof SessionExpiredError) return;
      setProofError(e instanceof ApiError && e.fromServer ? e.message : "Não foi possível enviar o comprovativo. Tente novamente.");
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return { ready: !wanted || loaded, order: wanted ? order : null, sending, proofError, sendProof: send, reload: load };
}
