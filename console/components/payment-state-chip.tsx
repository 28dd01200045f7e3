import { Chip } from "@mui/material";
import { PAYMENT_STATE_LABELS, type PaymentState } from "../../shared/payments.ts";

const TONE: Readonly<Record<PaymentState, "default" | "warning" | "success">> = { unpaid: "default", partial: "warning", paid: "success" };

/** How paid an order is ("Por pagar", "Pago em parte", "Pago"), named by shared/payments.ts. */
export function PaymentStateChip({ state }: { state: PaymentState }) {
  return <Chip size="small" variant="outlined" color={TONE[state]} label={PAYMENT_STATE_LABELS[state]} data-testid="payment-state" />;
}
