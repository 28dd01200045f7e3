import { useState, type ReactNode } from "react";
import { useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from "react-admin";
import {
  Alert,
  Box,
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from "@mui/material";
import AddCardIcon from "@mui/icons-material/AddCard";
import { formatKz } from "../../shared/money.ts";
import { AWAITING_PAYMENT, CANCELLED } from "../../shared/orders.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import type { AdminOrder, AdminPayment, AdminProof } from "../../server/schemas/admin-orders.ts";
import { formatDateTime } from "../lib/format.ts";
import { PaymentStateChip } from "../components/payment-state-chip.tsx";
import { DeadlineText } from "../components/deadline-text.tsx";
import { ProofView } from "../components/proof-view.tsx";
import { ApprovePaymentButton, PaymentConfirmation } from "../components/payment-confirmation.tsx";
import { PaymentDialog, RefundDialog, RefuseProofDialog } from "./payment-dialogs.tsx";
import { amountDue, recordedAfterProof } from "./order-money.ts";
import { OrderMcxExpress } from "./order-mcx-express.tsx";
import type { PaymentBody, ProofAcceptBody } from "./transform.ts";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 2, py: 0.25 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box sx={{ textAlign: "right" }}>{children}</Box>
    </Box>
  );
}

/**
 * The payments recorded: a table on a wide screen, one block per payment on a phone (nothing scrolls sideways).
 * Each says how it counts (por confirmar, or what confirmed it) and whether the statement shows it.
 */
function PaymentsTable({ orderId, payments, canApprove }: { orderId: string; payments: readonly AdminPayment[]; canApprove: boolean }) {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  const details = (p: AdminPayment) => (
    <>
      <Typography variant="body2">{formatDateTime(p.receivedAt)}</Typography>
      <Typography variant="caption" color="text.secondary">
        {translate("loja.orders.changed_by", { name: p.actor })}
      </Typography>
      {p.note && <Typography variant="body2">{p.note}</Typography>}
      {p.overpayment && <Chip size="small" color="warning" label={translate("loja.payments.overpayment_chip")} />}
      {p.duplicateReason && (
        <Chip size="small" color="warning" label={translate("loja.payments.duplicate_chip", { reason: p.duplicateReason })} />
      )}
      <PaymentConfirmation payment={p} />
      {canApprove && (
        <Box sx={{ mt: 0.5 }}>
          <ApprovePaymentButton orderId={orderId} payment={p} />
        </Box>
      )}
    </>
  );
  if (phone)
    return (
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }} data-testid="payments-table">
        {payments.map((p, i) => (
          <Box component="li" key={p.id} sx={{ py: 1, borderTop: i ? 1 : 0, borderColor: "divider" }}>
            <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
              <Typography sx={{ fontWeight: 700, whiteSpace: "nowrap" }}>{formatKz(p.amount)}</Typography>
              <Typography sx={{ overflowWrap: "anywhere", textAlign: "right" }}>{p.bankReference}</Typography>
            </Box>
            {details(p)}
          </Box>
        ))}
      </Box>
    );
  return (
    <Table size="small" data-testid="payments-table">
      <TableHead>
        <TableRow>
          <TableCell align="right">{translate("loja.payments.amount")}</TableCell>
          <TableCell>{translate("loja.payments.bank_reference")}</TableCell>
          <TableCell>{translate("loja.payments.received_at")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {payments.map((p) => (
          <TableRow key={p.id}>
            <TableCell align="right">{formatKz(p.amount)}</TableCell>
            <TableCell>{p.bankReference}</TableCell>
            <TableCell>{details(p)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

type OpenDialog =
  { kind: "record" } | { kind: "refund" } | { kind: "accept"; proof: AdminProof } | { kind: "refuse"; proof: AdminProof } | null;

/**
 * The order's money: paid / total and its state (what counts), what waits "por confirmar", the reference and
 * deadline the shopper was given, the payments recorded (how each counts, its statement line, "Aprovar" for an
 * admin), the proofs sent (accept with the payment's details, refuse with a reason).
 */
export function OrderPayments() {
  const order = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const { permissions } = usePermissions<string>();
  if (!order) return null;

  const { amountPaid: paid, paymentState: state, payments, proofs, amountUnconfirmed: unconfirmed } = order;
  const due = amountDue(order);
  const canRecord = order.status !== CANCELLED;
  const held = Math.max(0, Math.round((paid - order.amountRefunded) * 100) / 100);

  // After the server took it: tell the agent and refetch the order (status, history and chat may have moved too).
  const done = (message: string) => () => {
    notify(message, { type: "success" });
    refresh();
  };
  const record = (body: ProofAcceptBody) => dataProvider.recordPayment(order.id, body as PaymentBody).then(done("loja.payments.recorded"));
  const accept = (proof: AdminProof) => (body: ProofAcceptBody) =>
    dataProvider.acceptProof(order.id, proof.id, body).then(done("loja.payments.proof_accepted"));
  const refuse = (proof: AdminProof) => (reason: string) =>
    dataProvider.refuseProof(order.id, proof.id, reason).then(done("loja.payments.proof_refused"));

  return (
    <Box data-testid="order-payments">
      {order.paidException && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="paid-exception">
          {translate("loja.payments.paid_by_exception", { reason: order.paidException })}
        </Alert>
      )}
      <Row label={translate("loja.payments.paid_of_total")}>
        <Typography sx={{ fontWeight: 700 }} data-testid="amount-paid">
          {formatKz(paid)} / {formatKz(order.totalAmount)}
        </Typography>
      </Row>
      {order.amountRefunded > 0 && (
        // docs/product/orders.md#refunds: what was given back, and what the shop keeps of the money received.
        <>
          <Row label={translate("loja.refunds.refunded")}>
            <Typography color="warning.main" data-testid="amount-refunded">
              −{formatKz(order.amountRefunded)}
            </Typography>
          </Row>
          <Row label={translate("loja.refunds.net")}>
            <Typography sx={{ fontWeight: 700 }} data-testid="amount-net">
              {formatKz(held)}
            </Typography>
          </Row>
        </>
      )}
      <Row label={translate("loja.payments.state")}>
        <PaymentStateChip state={state} />
      </Row>
      {state !== "paid" && (
        <Row label={translate("loja.payments.due")}>
          <Typography>{formatKz(due)}</Typography>
        </Row>
      )}
      {unconfirmed > 0 && (
        <>
          <Row label={translate("loja.payments.unconfirmed")}>
            <Typography sx={{ fontWeight: 700 }} color="warning.main" data-testid="amount-unconfirmed">
              {formatKz(unconfirmed)}
            </Typography>
          </Row>
          <Alert severity="warning" sx={{ my: 1 }} data-testid="unconfirmed-help">
            {translate("loja.payments.unconfirmed_help")}
          </Alert>
        </>
      )}
      {order.paymentReference && (
        <Row label={translate("loja.payments.reference")}>
          <Typography sx={{ fontFamily: "monospace" }} data-testid="payment-reference">
            {order.paymentReference}
          </Typography>
        </Row>
      )}
      {order.paymentDeadline && state !== "paid" && order.status !== CANCELLED && (
        <Row label={translate("loja.payments.deadline")}>
          <DeadlineText deadline={order.paymentDeadline} />
        </Row>
      )}
      {(order.stockHeldUntil || (order.stockReleasedAt && order.status === AWAITING_PAYMENT)) && (
        // docs/product/orders.md#stock: an unpaid order holds its units briefly; staff see until when, or that it ended.
        <Row label={translate("loja.payments.stock_hold")}>
          <Typography variant="body2" data-testid="stock-hold">
            {order.stockHeldUntil
              ? translate("loja.payments.stock_held_until", { at: formatDateTime(order.stockHeldUntil) })
              : translate("loja.payments.stock_released", { at: formatDateTime(order.stockReleasedAt!) })}
          </Typography>
        </Row>
      )}
      {canRecord && (
        <Button variant="outlined" size="small" startIcon={<AddCardIcon />} sx={{ mt: 1 }} onClick={() => setDialog({ kind: "record" })}>
          {translate("loja.payments.record")}
        </Button>
      )}
      {held > 0 && (
        <Button variant="outlined" size="small" color="warning" sx={{ mt: 1, ml: 1 }} onClick={() => setDialog({ kind: "refund" })}>
          {translate("loja.payments.refund")}
        </Button>
      )}

      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate("loja.payments.payments")}
      </Typography>
      {payments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate("loja.payments.no_payments")}
        </Typography>
      ) : (
        <PaymentsTable orderId={order.id} payments={payments} canApprove={order.status !== CANCELLED} />
      )}

      <OrderMcxExpress />

      {order.refunds.length > 0 && (
        <>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {translate("loja.refunds.section")}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }} data-testid="refunds-list">
            {order.refunds.map((r, i) => (
              <Box component="li" key={r.id} sx={{ py: 1, borderTop: i ? 1 : 0, borderColor: "divider" }}>
                <Box sx={{ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
                  <Typography sx={{ fontWeight: 700, whiteSpace: "nowrap" }}>−{formatKz(r.amount)}</Typography>
                  <Chip
                    size="small"
                    color={r.status === "pending" ? "warning" : "default"}
                    label={
                      r.status === "pending" ? translate("loja.refunds.pending_short") : (r.bankReference ?? translate("loja.refunds.done"))
                    }
                  />
                </Box>
                {r.note && <Typography variant="body2">{r.note}</Typography>}
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(r.createdAt)} · {translate("loja.orders.changed_by", { name: r.actor })}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}

      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate("loja.payments.proofs")}
      </Typography>
      {proofs.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate("loja.payments.no_proofs")}
        </Typography>
      ) : (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2, mt: 1 }}>
          {proofs.map((proof) => (
            <Box key={proof.id}>
              <ProofView proof={proof} />
              {recordedAfterProof(order, proof).map((p) => (
                // The same transfer recorded by hand meanwhile: said here, so the proof does not wait for ever.
                <Alert
                  key={p.id}
                  severity="warning"
                  sx={{ mt: 1 }}
                  data-testid="proof-recorded-after"
                  action={
                    <Button color="inherit" size="small" onClick={() => void accept(proof)({ paymentId: p.id }).catch(() => undefined)}>
                      {translate("loja.payments.proof_is_payment")}
                    </Button>
                  }
                >
                  {translate("loja.payments.proof_recorded_after", {
                    amount: formatKz(p.amount),
                    reference: p.bankReference,
                    actor: p.actor,
                  })}
                </Alert>
              ))}
              {proof.status === "pending" && (
                <Box sx={{ display: "flex", gap: 1, mt: 1 }}>
                  <Button size="small" variant="contained" color="success" onClick={() => setDialog({ kind: "accept", proof })}>
                    {translate("loja.payments.accept")}
                  </Button>
                  <Button size="small" variant="outlined" color="error" onClick={() => setDialog({ kind: "refuse", proof })}>
                    {translate("loja.payments.refuse")}
                  </Button>
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}

      {dialog?.kind === "record" && (
        <PaymentDialog
          open
          title={translate("loja.payments.record_title")}
          submitLabel={translate("loja.payments.record")}
          initialAmount={due}
          canOverride={permissions === "admin"}
          intro={permissions !== "admin" && <Alert severity="info">{translate("loja.payments.record_pending_help")}</Alert>}
          onClose={() => setDialog(null)}
          onSubmit={record}
        />
      )}
      {dialog?.kind === "accept" && (
        <PaymentDialog
          open
          title={translate("loja.payments.accept_title")}
          submitLabel={translate("loja.payments.accept")}
          initialAmount={due}
          existingPayments={payments}
          canOverride={permissions === "admin"}
          intro={permissions !== "admin" && <Alert severity="info">{translate("loja.payments.record_pending_help")}</Alert>}
          onClose={() => setDialog(null)}
          onSubmit={accept(dialog.proof)}
        />
      )}
      {dialog?.kind === "refund" && (
        <RefundDialog
          open
          held={held}
          onClose={() => setDialog(null)}
          onSubmit={(body) => dataProvider.recordRefund(order.id, body).then(done("loja.refunds.recorded"))}
        />
      )}
      {dialog?.kind === "refuse" && <RefuseProofDialog open onClose={() => setDialog(null)} onSubmit={refuse(dialog.proof)} />}
    </Box>
  );
}
