// How a payment counts (docs/product/orders.md#confirmed-payments), wherever staff see one: "Por confirmar" (support
// recorded it; it does not count until the statement or an admin confirms it) with "Aprovar" for admins, or what
// confirmed it and who, and the statement line that shows it in the bank, if any.
import { useState } from "react";
import { Confirm, useDataProvider, useNotify, usePermissions, useRefresh, useTranslate } from "react-admin";
import { Box, Button, Chip, Typography } from "@mui/material";
import TaskAltIcon from "@mui/icons-material/TaskAlt";
import { formatKz } from "../../shared/money.ts";
import type { AdminPayment } from "../../server/schemas/admin-orders.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { formatDateTime } from "../lib/format.ts";

const dayFirst = (iso: string) => iso.split("-").reverse().join("-");

const TONE = { pending: "warning", recorded: "info", statement: "success", service: "success", approval: "info" } as const;

/** An admin approves a payment "por confirmar", after saying what it means; the order is fetched again. */
export function ApprovePaymentButton({ orderId, payment }: { orderId: string; payment: AdminPayment }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const { permissions } = usePermissions<string>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (permissions !== "admin" || payment.confirmation !== "pending") return null;
  const approve = async () => {
    setBusy(true);
    try {
      await dataProvider.approvePayment(orderId, payment.id);
      notify("loja.payments.approved", { type: "success" });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        variant="contained"
        color="success"
        startIcon={<TaskAltIcon />}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
        data-testid="approve-payment"
      >
        {translate("loja.payments.approve")}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate("loja.payments.approve_title")}
        content={translate("loja.payments.approve_content", {
          amount: formatKz(payment.amount),
          reference: payment.bankReference,
          actor: payment.actor,
        })}
        confirm={translate("loja.payments.approve")}
        onConfirm={() => void approve()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** The payment's confirmation chip, who confirmed it and when, and its statement line (or that it has none). */
export function PaymentConfirmation({ payment }: { payment: AdminPayment }) {
  const translate = useTranslate();
  const how = translate(`loja.payments.confirmation.${payment.confirmation}`);
  const detail =
    payment.confirmedBy && payment.confirmedAt
      ? translate("loja.payments.confirmed_by", { how, name: payment.confirmedBy, when: formatDateTime(payment.confirmedAt) })
      : how;
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, alignItems: "center", mt: 0.5 }} data-testid="payment-confirmation">
      <Chip size="small" color={TONE[payment.confirmation]} label={detail} />
      {payment.confirmation !== "service" && (
        <Typography variant="caption" color="text.secondary" data-testid="payment-statement-line">
          {payment.statementLine
            ? translate("loja.payments.statement_line", { day: dayFirst(payment.statementLine.bookedOn) })
            : translate("loja.payments.no_statement_line")}
        </Typography>
      )}
    </Box>
  );
}
