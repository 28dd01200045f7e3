import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Show, useRecordContext, useTranslate } from "react-admin";
import { Box, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from "@mui/material";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { formatKz } from "../../shared/money.ts";
import { formatDateTime } from "../lib/format.ts";
import { AttachmentView } from "../components/attachment-view.tsx";
import { PaymentMethodLabel } from "../components/payment-method-label.tsx";
import { StatusChip } from "../components/status-chip.tsx";
import { StatusButtons } from "./status-buttons.tsx";
import { OrderPayments } from "./order-payments.tsx";
import { OrderPayOnDelivery, OrderPaymentRequests } from "./order-extras.tsx";
import { OrderPhoneMessages, ShopperWhatsAppButton } from "./order-phone-messages.tsx";
import { OrderFiscalDocuments } from "./order-fiscal-documents.tsx";
import { OrderReturns } from "../returns/order-returns.tsx";
import { senderLabel } from "../conversations/sender.ts";
import { OrderNotes } from "../components/order-notes.tsx";
import { shipmentLines } from "../../shared/shipment.ts";
import { OrderRecordHeader, RecordSection as Section } from "../components/order-record.tsx";

function OrderDetails() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  if (!order) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <OrderRecordHeader
        orderId={order.id}
        shortId={order.shortId}
        numberTestId="order-short-id"
        actions={<StatusButtons />}
        afterChat={<ShopperWhatsAppButton order={order} />}
      >
        <StatusChip status={order.status} />
        <Typography color="text.secondary">{formatDateTime(order.createdAt)}</Typography>
      </OrderRecordHeader>
      {/* Who and where first: on a phone before the lines, on a wide screen at the top of the side column. */}
      {narrow && <CustomerCard order={order} />}
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 2fr) minmax(0, 1fr)" }, gap: 2 }}>
        <Box>
          <Section title={translate("loja.orders.lines")}>
            <OrderLines lines={order.lines} />
          </Section>
          <Section title={translate("loja.orders.attachments")}>
            {order.attachments.length === 0 ? (
              <Typography color="text.secondary">{translate("loja.orders.no_attachments")}</Typography>
            ) : (
              <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2 }} data-testid="order-attachments">
                {order.attachments.map((att) => (
                  <Box key={att.messageId} sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 0.5 }}>
                    <AttachmentView url={att.url} type={att.type} fileName={att.fileName} width={200} />
                    <Typography variant="caption" color="text.secondary">
                      {translate(senderLabel(att.sender))} · {formatDateTime(att.createdAt)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </Section>
        </Box>
        <Box>
          {!narrow && <CustomerCard order={order} />}
          <Section title={translate("loja.orders.totals")}>
            <DetailRow label={translate("resources.orders.fields.subtotal")} value={formatKz(order.subtotal)} />
            <DetailRow label={translate("resources.orders.fields.deliveryFee")} value={formatKz(order.deliveryFee)} />
            {order.coupon && (
              <DetailRow
                label={translate("loja.coupons.discount", { code: order.coupon.code })}
                value={`−${formatKz(order.coupon.discount)}`}
              />
            )}
            {order.delivery && (
              <DetailRow
                label={translate(order.delivery.kind === "pickup" ? "loja.orders.pickup" : "loja.orders.delivery")}
                value={[order.delivery.name, order.delivery.eta, order.delivery.address].filter(Boolean).join(" · ")}
              />
            )}
            {order.shipment && (
              <DetailRow label={translate("loja.orders.shipment")} value={shipmentLines(order.shipment).join(" · ") || "—"} />
            )}
            <DetailRow label={translate("resources.orders.fields.totalAmount")} value={formatKz(order.totalAmount)} strong />
            <DetailRow label={translate("loja.orders.payment_method")} value={<PaymentMethodLabel method={order.paymentMethod} />} />
            <DetailRow
              label={translate("resources.orders.fields.paid")}
              value={translate(order.paid ? "ra.boolean.true" : "ra.boolean.false")}
            />
          </Section>
          <Section title={translate("loja.returns.section")}>
            <OrderReturns orderId={order.id} />
          </Section>
          <Section title={translate("loja.payments.section")}>
            <OrderPayOnDelivery />
            <OrderPayments />
          </Section>
          <Section title="Pedidos de pagamento">
            <OrderPaymentRequests />
          </Section>
          <Section title={translate("loja.fiscal.section")}>
            <OrderFiscalDocuments />
          </Section>
          <Section title={translate("loja.orders.phone_messages")}>
            <OrderPhoneMessages />
          </Section>
          <Section title={translate("loja.notes.title")}>
            <OrderNotes orderId={order.id} />
          </Section>
          <Section title={translate("loja.orders.history")}>
            <OrderHistory order={order} />
          </Section>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * The customer and the delivery address: their name (to their page), the delivery phone to call in one tap, the
 * e-mail, then the address as the shopper gave it.
 */
function CustomerCard({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const a = order.address;
  return (
    <Section title={translate("loja.orders.customer")}>
      <Box data-testid="order-customer">
        <Typography sx={{ fontWeight: 700 }}>
          <RouterLink to={`/customers/${order.customer.id}/show`}>{order.customer.name}</RouterLink>
        </Typography>
        <Typography>
          {translate("loja.orders.phone")}:{" "}
          <Link href={`tel:${a.phone.replace(/[^\d+]/g, "")}`} data-testid="order-customer-phone">
            {a.phone}
          </Link>
        </Typography>
        <Typography sx={{ overflowWrap: "anywhere" }}>{a.email}</Typography>
        <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
          {translate("loja.orders.address")}
        </Typography>
        <Typography>
          {a.firstName} {a.lastName}
        </Typography>
        <Typography>{a.street}</Typography>
        {a.neighborhood && (
          <Typography>
            {translate("loja.orders.neighborhood")}: {a.neighborhood}
          </Typography>
        )}
        {a.landmark && (
          <Typography>
            {translate("loja.orders.landmark")}: {a.landmark}
          </Typography>
        )}
        <Typography>{[a.zipcode, a.city, a.state].filter(Boolean).join(", ")}</Typography>
        <Typography>{a.country}</Typography>
      </Box>
    </Section>
  );
}

/**
 * The order's history, oldest first: each status change and each refund (docs/product/orders.md#refunds), by whom and
 * when, with its note or reason.
 */
function OrderHistory({ order }: { order: AdminOrder }) {
  const translate = useTranslate();
  const entries = [
    ...order.history.map((h) => ({
      at: h.at,
      title: translate(`loja.status.${h.status}`, { _: h.status }),
      by: h.by ? translate("loja.orders.changed_by", { name: h.by.name }) : translate("loja.common.system"),
      note: h.note,
      refund: false,
    })),
    ...order.refunds.map((r) => ({
      at: r.createdAt,
      title: translate(r.status === "pending" ? "loja.refunds.history_pending" : "loja.refunds.history_done", {
        amount: formatKz(r.amount),
      }),
      by: translate("loja.orders.changed_by", { name: r.actor }),
      note: [r.bankReference, r.note].filter(Boolean).join(" · ") || null,
      refund: true,
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Box component="ol" sx={{ m: 0, pl: 2.5 }} data-testid="order-history">
      {entries.map((h, i) => (
        <li key={i} data-testid={h.refund ? "history-refund" : undefined}>
          <Typography variant="body2" color={h.refund ? "warning.main" : undefined}>
            <strong>{h.title}</strong>
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(h.at)} · {h.by}
          </Typography>
          {h.note && <Typography variant="body2">{h.note}</Typography>}
        </li>
      ))}
    </Box>
  );
}

/**
 * The order's lines: a table on a wide screen; on a phone one block per line (picture, name, size × quantity,
 * price), so nothing scrolls sideways.
 */
function OrderLines({ lines }: { lines: AdminOrder["lines"] }) {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  const picture = (image: string | null) =>
    image && <img src={image} alt="" width={40} height={40} style={{ objectFit: "cover", borderRadius: 4, flexShrink: 0 }} />;
  if (phone)
    return (
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }} data-testid="order-lines">
        {lines.map((l, i) => (
          <Box component="li" key={i} sx={{ display: "flex", gap: 1, py: 1, borderTop: i ? 1 : 0, borderColor: "divider" }}>
            {picture(l.image)}
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography sx={{ overflowWrap: "anywhere" }}>{l.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {translate("loja.orders.size")}: {l.size} · {translate("loja.orders.quantity")}: {l.quantity}
              </Typography>
              <ShortLine line={l} />
            </Box>
            <Typography sx={{ whiteSpace: "nowrap" }}>{formatKz(l.price)}</Typography>
          </Box>
        ))}
      </Box>
    );
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small" data-testid="order-lines">
        <TableHead>
          <TableRow>
            <TableCell>{translate("loja.orders.product")}</TableCell>
            <TableCell>{translate("loja.orders.size")}</TableCell>
            <TableCell align="right">{translate("loja.orders.quantity")}</TableCell>
            <TableCell align="right">{translate("loja.orders.price")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l, i) => (
            <TableRow key={i}>
              <TableCell>
                <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                  {picture(l.image)}
                  <Box>
                    {l.name}
                    <ShortLine line={l} />
                  </Box>
                </Box>
              </TableCell>
              <TableCell>{l.size}</TableCell>
              <TableCell align="right">{l.quantity}</TableCell>
              <TableCell align="right">{formatKz(l.price)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A line paid after its stock hold ended whose units had been sold meanwhile (docs/product/orders.md#stock). */
function ShortLine({ line }: { line: AdminOrder["lines"][number] }) {
  const translate = useTranslate();
  if (!line.short) return null;
  return (
    <Typography variant="body2" color="error" data-testid="stock-short">
      {translate("loja.orders.stock_short")}
    </Typography>
  );
}

function DetailRow({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: 2, py: 0.25 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{value}</Typography>
    </Box>
  );
}

export function OrderShow() {
  return (
    <Show actions={false}>
      <OrderDetails />
    </Show>
  );
}
