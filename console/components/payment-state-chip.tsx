import { Chip } from "@mui/material";
import { useTranslate } from "react-admin";
import { PAYMENT_STATE_LABELS, type PaymentState } from "../../shared/payments.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { paymentBadge, type PaymentBadge } from "../orders/order-money.ts";

const TONE: Readonly<Record<PaymentState, "default" | "warning" | "success">> = { unpaid: "default", partial: "warning", paid: "success" };

/** How paid an order is ("Por pagar", "Pago em parte", "Pago"), named by shared/payments.ts. */
export function PaymentStateChip({ state }: { state: PaymentState }) {
  return <Chip size="small" variant="outlined" color={TONE[state]} label={PAYMENT_STATE_LABELS[state]} data-testid="payment-state" />;
}

const BADGE_TONE: Readonly<Record<PaymentBadge, "default" | "warning" | "success" | "info">> = {
  paid: "success",
  exception: "warning",
  proof: "info",
  unconfirmed: "warning",
  partial: "warning",
  unpaid: "default",
};

/** An orders list row's money in one chip: "Pago", "Comprovativo por ver", "Por confirmar", "Pago em parte", "Por pagar". */
export function OrderPaymentChip({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const badge = paymentBadge(order);
  return (
    <Chip
      size="small"
      variant={badge === "paid" ? "filled" : "outlined"}
      color={BADGE_TONE[badge]}
      label={translate(`loja.payments.badge.${badge}`)}
      data-testid="order-payment"
      data-badge={badge}
    />
  );
}
