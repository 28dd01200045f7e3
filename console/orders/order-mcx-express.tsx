// The order's Multicaixa Express charges (docs/product/console.md#multicaixa-express): each charge's phone, amount,
// state, AppyPay's id and code, how many times the shop asked AppyPay; a paid one can be given back through AppyPay
// (an admin, partial allowed). A bank transfer back is still "Registar devolução".
import { useState, type FormEvent } from "react";
import { useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from "react-admin";
import { Box, Button, Chip, Typography } from "@mui/material";
import { formatKz } from "../../shared/money.ts";
import { MCX_CHARGE_STATUS_LABELS, type McxChargeStatus } from "../../shared/mcx-express.ts";
import { PAYMENT_REQUEST_TITLE } from "../../shared/payment-requests.ts";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import type { AdminCharge } from "../../server/schemas/mcx-express.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { formatDateTime } from "../lib/format.ts";
import { FormDialog, useDialogRequest } from "../components/form-dialog.tsx";
import { useRefundFields } from "./payment-dialogs.tsx";

const STATUS_COLORS: Record<McxChargeStatus, "default" | "success" | "warning" | "error"> = {
  pending: "warning",
  paid: "success",
  failed: "default",
  mismatch: "error",
  kept: "error",
};

const statusLabel = (status: string) => MCX_CHARGE_STATUS_LABELS[status as McxChargeStatus] ?? status;

export function OrderMcxExpress() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const { permissions } = usePermissions<string>();
  const [refunding, setRefunding] = useState<AdminCharge | null>(null);
  const charges = order?.mcxExpressCharges ?? [];
  if (!order || charges.length === 0) return null;
  const held = Math.max(0, Math.round((order.amountPaid - order.amountRefunded) * 100) / 100);
  return (
    <Box data-testid="mcx-express-charges" sx={{ mt: 2 }}>
      <Typography variant="subtitle2">{translate("loja.mcx.section")}</Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }}>
        {charges.map((c, i) => {
          const left = Math.min(held, Math.round((c.amount - c.refunded) * 100) / 100);
          return (
            <Box component="li" key={c.id} sx={{ py: 1, borderTop: i ? 1 : 0, borderColor: "divider" }}>
              <Box sx={{ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
                <Typography sx={{ fontWeight: 700, whiteSpace: "nowrap" }}>{formatKz(c.amount)}</Typography>
                <Chip size="small" color={STATUS_COLORS[c.status as McxChargeStatus] ?? "default"} label={statusLabel(c.status)} />
              </Box>
              {c.paymentRequestId && (
                <Typography variant="body2" data-testid="mcx-charge-request">
                  {PAYMENT_REQUEST_TITLE} · {order.paymentRequests.find((r) => r.id === c.paymentRequestId)?.reason ?? ""}
                </Typography>
              )}
              <Typography variant="body2">
                {translate("loja.mcx.phone", { phone: c.phoneNumber })} · {formatDateTime(c.createdAt)}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: "anywhere" }}>
                {translate("loja.mcx.gateway", { id: c.gatewayId ?? translate("loja.mcx.no_id"), attempts: c.attempts })}
                {c.code !== null && ` · ${translate("loja.mcx.code", { code: c.code })}`}
                {c.gatewayMessage && ` · ${c.gatewayMessage}`}
              </Typography>
              {c.gatewayAmount !== null && c.gatewayAmount !== c.amount && (
                <Typography variant="body2" color="error">
                  {translate("loja.mcx.gateway_amount", { amount: formatKz(c.gatewayAmount) })}
                </Typography>
              )}
              {c.refunded > 0 && (
                <Typography variant="body2">{translate("loja.mcx.refunded", { amount: formatKz(c.refunded) })}</Typography>
              )}
              {permissions === "admin" && c.status === "paid" && c.paymentId && left > 0 && (
                <Button size="small" variant="outlined" color="warning" sx={{ mt: 0.5 }} onClick={() => setRefunding(c)}>
                  {translate("loja.mcx.refund")}
                </Button>
              )}
            </Box>
          );
        })}
      </Box>
      {refunding && (
        <AppyPayRefundDialog
          orderId={order.id}
          charge={refunding}
          max={Math.min(held, Math.round((refunding.amount - refunding.refunded) * 100) / 100)}
          onClose={() => setRefunding(null)}
        />
      )}
    </Box>
  );
}

function AppyPayRefundDialog({ orderId, charge, max, onClose }: { orderId: string; charge: AdminCharge; max: number; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refund = useRefundFields(max, String(max));
  const { busy, error, send } = useDialogRequest(onClose, translate("ra.notification.http_error"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    refund.show();
    const value = refund.amount;
    if (value === null || !refund.valid) return;
    await send(async () => {
      await dataProvider.refundThroughAppyPay(orderId, charge.paymentId!, { amount: value, note: refund.note });
      notify("loja.mcx.refunded_ok", { type: "success" });
      refresh();
    });
  };
  return (
    <FormDialog
      open
      title={translate("loja.mcx.refund_title")}
      intro={<Typography variant="body2">{translate("loja.mcx.refund_help", { phone: charge.phoneNumber })}</Typography>}
      submitLabel={translate("loja.mcx.refund")}
      submitColor="warning"
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      testId="appypay-refund-dialog"
    >
      {refund.fields}
    </FormDialog>
  );
}
