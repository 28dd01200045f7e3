import { useRecordContext, useTranslate } from "react-admin";
import { Box, Button, Chip, Typography } from "@mui/material";
import WhatsAppIcon from "@mui/icons-material/WhatsApp";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { formatDateTime } from "../lib/format.ts";
import { staffWhatsAppText } from "../../shared/messaging.ts";
import { waNumber } from "../../shared/phones.ts";
import { waMeLink } from "../../shared/wa-link.ts";

/** The state shown for a message: the provider's report once there is one, else the outbox's. */
const stateOf = (m: NonNullable<AdminOrder["phoneMessages"]>[number]) =>
  m.status === "failed" || m.status === "blocked" ? m.status : (m.deliveryStatus ?? (m.status === "sent" ? "sent" : "pending"));

const TONE: Record<string, "default" | "info" | "success" | "error"> = {
  pending: "default",
  sent: "info",
  delivered: "success",
  read: "success",
  failed: "error",
  blocked: "default",
};

/** The order's WhatsApp and SMS messages with their states (docs/product/notifications.md#whatsapp-and-sms). */
export function OrderPhoneMessages() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const messages = order?.phoneMessages ?? [];
  if (messages.length === 0) return <Typography color="text.secondary">{translate("loja.orders.no_phone_messages")}</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 0, listStyle: "none", display: "grid", gap: 1 }} data-testid="phone-messages">
      {messages.map((m) => (
        <li key={m.id}>
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
            <Typography variant="body2" component="strong" sx={{ fontWeight: 600 }}>
              {translate(`loja.orders.channel.${m.channel}`, { _: m.channel })}
            </Typography>
            <Typography variant="body2">{m.subject}</Typography>
            <Chip
              size="small"
              color={TONE[stateOf(m)] ?? "default"}
              label={translate(`loja.orders.phone_state.${stateOf(m)}`, { _: stateOf(m) })}
            />
          </Box>
          <Typography variant="caption" color="text.secondary">
            {m.to} · {formatDateTime(m.deliveryStatusAt ?? m.createdAt)}
            {(m.status === "failed" || m.status === "blocked") && m.lastError ? ` · ${m.lastError}` : ""}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/** Opens WhatsApp on the shopper's delivery phone with the message for where the order stands (shared/messaging.ts). */
export function ShopperWhatsAppButton({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const number = waNumber(order.address.phone);
  if (!number) return null;
  const text = staffWhatsAppText({
    shortId: order.shortId,
    status: order.status,
    firstName: order.address.firstName,
    amountDue: Math.max(order.totalAmount - order.amountPaid, 0),
    paymentReference: order.paymentReference,
    paymentDeadline: order.paymentDeadline,
    shipment: order.shipment,
  });
  return (
    <Button
      href={waMeLink(text, number)}
      target="_blank"
      rel="noopener noreferrer"
      startIcon={<WhatsAppIcon />}
      variant="outlined"
      size="small"
    >
      {translate("loja.orders.whatsapp_shopper")}
    </Button>
  );
}
