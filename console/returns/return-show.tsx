// One return as staff handle it (docs/product/returns.md#staff): what the shopper asked and why, what came back, what
// concluding refunds, the exchange's replacement order, its steps with who made them, and the next moves; links to
// the order and its chat.
import { Link as RouterLink } from "react-router-dom";
import { Show, TopToolbar, useRecordContext, useTranslate } from "react-admin";
import { Box, Button, Typography } from "@mui/material";
import type { AdminReturn } from "../../server/schemas/returns.ts";
import { formatKz } from "../../shared/money.ts";
import { RETURN_REASON_LABELS, RETURN_RESOLUTION_LABELS, type ReturnReason } from "../../shared/returns.ts";
import { formatDateTime } from "../lib/format.ts";
import { OrderRecordHeader, RecordSection as Section } from "../components/order-record.tsx";
import { ReturnStatusChip } from "./return-status-chip.tsx";
import { ReturnMoves } from "./return-moves.tsx";

export const reasonLabel = (reason: string) => RETURN_REASON_LABELS[reason as ReturnReason] ?? reason;
export const resolutionText = (r: Pick<AdminReturn, "resolution" | "exchangeSize">) =>
  r.resolution === "exchange" ? `${RETURN_RESOLUTION_LABELS.exchange} → ${r.exchangeSize}` : RETURN_RESOLUTION_LABELS.refund;

function ReturnDetails() {
  const r = useRecordContext<AdminReturn>();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <OrderRecordHeader
        orderId={r.orderId}
        shortId={r.shortOrderId}
        numberTestId="return-order"
        actions={
          <Button component={RouterLink} to={`/orders/${r.orderId}/show`} variant="outlined" size="small">
            {translate("loja.returns.open_order")}
          </Button>
        }
      >
        <ReturnStatusChip status={r.status} />
        <Typography>{resolutionText(r)}</Typography>
        <Typography color="text.secondary">{formatDateTime(r.createdAt)}</Typography>
      </OrderRecordHeader>
      <Section title={translate("loja.returns.next")}>
        {r.allowedMoves.length === 0 && r.status !== "Recebida" ? (
          <Typography color="text.secondary">{translate("loja.returns.closed")}</Typography>
        ) : (
          <ReturnMoves record={r} />
        )}
      </Section>
      <Section title={translate("loja.returns.lines")}>
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }} data-testid="return-lines">
          {r.lines.map((l, i) => (
            <Box component="li" key={l.id} sx={{ display: "flex", gap: 1, py: 1, borderTop: i ? 1 : 0, borderColor: "divider" }}>
              {l.image && <img src={l.image} alt="" width={40} height={40} style={{ objectFit: "cover", borderRadius: 4 }} />}
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography sx={{ overflowWrap: "anywhere" }}>{l.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate("loja.orders.size")}: {l.size} · {translate("loja.returns.asked", { n: l.quantity })} · {reasonLabel(l.reason)}
                </Typography>
                {l.receivedQuantity !== null && (
                  <Typography variant="body2">
                    {translate("loja.returns.came_back", { received: l.receivedQuantity, damaged: l.damagedQuantity ?? 0 })}
                  </Typography>
                )}
              </Box>
              <Typography sx={{ whiteSpace: "nowrap" }}>{formatKz(l.price)}</Typography>
            </Box>
          ))}
        </Box>
        {r.note && (
          <Typography sx={{ mt: 1 }}>
            {translate("loja.returns.shopper_note")}: {r.note}
          </Typography>
        )}
        {r.staffNote && (
          <Typography sx={{ mt: 1 }}>
            {translate("loja.returns.staff_note")}: {r.staffNote}
          </Typography>
        )}
      </Section>
      <Section title={translate("loja.returns.money_and_stock")}>
        {r.resolution === "refund" ? (
          r.refund ? (
            <Typography data-testid="return-refund">
              {translate(r.refund.status === "pending" ? "loja.refunds.history_pending" : "loja.refunds.history_done", {
                amount: formatKz(r.refund.amount),
              })}
              {r.refund.bankReference ? ` · ${r.refund.bankReference}` : ""}
            </Typography>
          ) : (
            <Typography>{translate("loja.returns.refund_of", { amount: formatKz(r.refundDue) })}</Typography>
          )
        ) : r.replacementOrder ? (
          <Typography data-testid="return-replacement">
            {translate("loja.returns.replacement")}{" "}
            <RouterLink to={`/orders/${r.replacementOrder.id}/show`}>#{r.replacementOrder.shortId}</RouterLink> ·{" "}
            {r.replacementOrder.status}
          </Typography>
        ) : (
          <Typography color="text.secondary">{translate("loja.returns.exchange_on_approval", { size: r.exchangeSize ?? "" })}</Typography>
        )}
      </Section>
      <Section title={translate("loja.orders.history")}>
        <Box component="ol" sx={{ m: 0, pl: 2.5 }} data-testid="return-history">
          {r.history.map((h, i) => (
            <li key={i}>
              <Typography variant="body2">
                <strong>{h.status}</strong>
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(h.at)} · {h.by ? translate("loja.orders.changed_by", { name: h.by }) : translate("loja.common.system")}
              </Typography>
              {h.note && <Typography variant="body2">{h.note}</Typography>}
            </li>
          ))}
        </Box>
      </Section>
    </Box>
  );
}

export function ReturnShow() {
  return (
    <Show actions={<TopToolbar />}>
      <ReturnDetails />
    </Show>
  );
}
