import { Confirm, useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate, useUpdate } from "react-admin";
import { Alert, Box, Button, Link, Typography } from "@mui/material";
import { useState, type ReactElement } from "react";
import PaidIcon from "@mui/icons-material/Paid";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import CancelIcon from "@mui/icons-material/Cancel";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import { CANCELLED, DELIVERED, ORDER_STATUSES, PAYMENT_CONFIRMED, SHIPPED, type OrderStatus } from "../../shared/orders.ts";
import type { AdminOrder, AdminOrderStatusBody } from "../../server/schemas/admin-orders.ts";
import { ExceptionMoveDialog } from "./exception-move-dialog.tsx";
import { PaymentDialog } from "./payment-dialogs.tsx";
import { ShipmentDialog } from "./shipment-dialog.tsx";
import { amountDue } from "./order-money.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import type { PaymentBody } from "./transform.ts";

/** The exceptions offered by name (admins), beside "Outro estado…": the two moves staff know by heart. */
const NAMED_EXCEPTIONS: readonly OrderStatus[] = [PAYMENT_CONFIRMED, DELIVERED];

// The one-click buttons keep their labels ("Pagamento Confirmado", "Entregue"); other moves read as their status.
const FORWARD_LOOK: Partial<Record<OrderStatus, { label: string; icon: ReactElement; color?: "success" | "error" }>> = {
  [PAYMENT_CONFIRMED]: { label: "loja.orders.confirm_payment", icon: <PaidIcon /> },
  [DELIVERED]: { label: "loja.orders.mark_delivered", icon: <DoneAllIcon />, color: "success" },
  [CANCELLED]: { label: "loja.orders.cancel", icon: <CancelIcon />, color: "error" },
};

/** The next step of an order's course (the earliest forward move that is not a cancellation): the page's main action. */
const nextStep = (forward: readonly OrderStatus[]): OrderStatus | undefined =>
  ORDER_STATUSES.find((s) => s !== CANCELLED && forward.includes(s));

/** Moves that end an order's course for the shopper: each asks to be confirmed first (one tap on a phone is too easy). */
const CONFIRMED_MOVES: Partial<Record<OrderStatus, { title: string; content: string }>> = {
  [DELIVERED]: { title: "loja.orders.deliver_title", content: "loja.orders.deliver_content" },
  [CANCELLED]: { title: "loja.orders.cancel_title", content: "loja.orders.cancel_content" },
};

/**
 * One button for each move forward the server allows, each with its name in visible text (on a phone too: no
 * icon-only buttons): the next step filled in as the main action, the other forward moves (skipping a step,
 * cancelling) outlined after it. Below, for admins, the exceptions apart and named as such ("Entregue (exceção)",
 * "Outro estado…"), each through a dialog that asks why. `Entregue` and `Cancelado` ask to be confirmed;
 * "Pagamento Confirmado" on an unpaid order opens the record-payment form.
 */
export function StatusButtons() {
  const record = useRecordContext<AdminOrder>();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<AdminOrder>();
  const [exceptionMoves, setExceptionMoves] = useState<readonly OrderStatus[] | null>(null);
  const [confirming, setConfirming] = useState<OrderStatus | null>(null);
  const [recordPayment, setRecordPayment] = useState(false);
  const [shipping, setShipping] = useState(false);
  const { permissions } = usePermissions<string>();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const refresh = useRefresh();
  if (!record) return null;
  // The moves the server allows this member of staff.
  const moves = record.allowedMoves;
  // The ledger decides "paid": on an order whose money is not recorded, "Pagamento Confirmado" records it.
  const unpaid = !record.paid && record.paymentState !== "paid";

  // The body of PUT /orders/{id} (not the order itself: the server answers with the order).
  const change = (data: Omit<AdminOrderStatusBody, "status"> & { status: OrderStatus }) =>
    update(
      "orders",
      { id: record.id, data: data as Partial<AdminOrder>, previousData: record },
      {
        mutationMode: "pessimistic",
        returnPromise: true,
        onSuccess: () =>
          notify("loja.orders.status_changed", {
            type: "success",
            messageArgs: { status: translate(`loja.status.${data.status}`, { _: data.status }) },
          }),
        // 403 (role) and 409 (not allowed from here, reason missing) come with the server's Portuguese message.
        onError: (err) => notify(err instanceof Error && err.message ? err.message : "ra.notification.http_error", { type: "error" }),
      },
    );

  const next = nextStep(moves.forward);
  // The main action first, cancelling last: the rest in the order an order goes through them.
  const forwardInOrder = [...moves.forward].sort(
    (a, b) => Number(b === next) - Number(a === next) || Number(a === CANCELLED) - Number(b === CANCELLED),
  );
  const namedExceptions = NAMED_EXCEPTIONS.filter((s) => moves.exceptions.includes(s));
  const open = (status: OrderStatus) => {
    const forward = moves.forward.includes(status);
    if (status === PAYMENT_CONFIRMED && unpaid) setRecordPayment(true);
    else if (!forward) setExceptionMoves([status]);
    // Enviado asks what to tell the shopper (carrier, tracking; or where and until when to collect).
    else if (status === SHIPPED) setShipping(true);
    else if (CONFIRMED_MOVES[status]) setConfirming(status);
    else void change({ status }).catch(() => undefined);
  };

  const confirm = confirming ? CONFIRMED_MOVES[confirming] : undefined;
  return (
    <>
      <Box data-testid="status-moves">
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }}>
          {forwardInOrder.map((status) => {
            const look = FORWARD_LOOK[status];
            const main = status === next;
            return (
              <Button
                key={status}
                onClick={() => open(status)}
                disabled={isPending}
                variant={main ? "contained" : "outlined"}
                color={look?.color ?? "primary"}
                size={main ? "medium" : "small"}
                startIcon={look?.icon ?? <ArrowForwardIcon />}
                data-main={main || undefined}
              >
                {translate(look?.label ?? `loja.status.${status}`, { _: status })}
              </Button>
            );
          })}
        </Box>
        {moves.exceptions.length > 0 && (
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mt: 1 }} data-testid="status-exceptions">
            <Typography variant="caption" color="text.secondary">
              {translate("loja.orders.exceptions_label")}
            </Typography>
            {namedExceptions.map((status) => (
              <Button
                key={status}
                onClick={() => open(status)}
                disabled={isPending}
                variant="text"
                color="warning"
                size="small"
                startIcon={<WarningAmberIcon />}
              >
                {translate("loja.orders.exception_named", { status: translate(FORWARD_LOOK[status]?.label ?? `loja.status.${status}`) })}
              </Button>
            ))}
            <Button
              onClick={() => setExceptionMoves(moves.exceptions)}
              disabled={isPending}
              variant="text"
              color="warning"
              size="small"
              startIcon={<WarningAmberIcon />}
            >
              {translate("loja.orders.exception_move")}
            </Button>
          </Box>
        )}
      </Box>
      <Confirm
        isOpen={Boolean(confirm)}
        title={confirm?.title ?? ""}
        content={confirm?.content ?? ""}
        translateOptions={{ id: record.shortId ?? "" }}
        loading={isPending}
        onConfirm={() => {
          const status = confirming;
          setConfirming(null);
          if (status) void change({ status }).catch(() => undefined);
        }}
        onClose={() => setConfirming(null)}
      />
      {recordPayment && (
        <PaymentDialog
          open
          title={translate("loja.payments.record_title")}
          submitLabel={translate("loja.payments.record")}
          initialAmount={amountDue(record)}
          canOverride={permissions === "admin"}
          intro={
            <>
              <Alert severity="info">{translate("loja.payments.confirm_needs_payment")}</Alert>
              {permissions !== "admin" && <Alert severity="warning">{translate("loja.payments.record_pending_help")}</Alert>}
            </>
          }
          extraAction={
            permissions === "admin" && (
              <Link
                component="button"
                type="button"
                onClick={() => {
                  setRecordPayment(false);
                  setExceptionMoves([PAYMENT_CONFIRMED]);
                }}
              >
                {translate("loja.payments.confirm_without_payment")}
              </Link>
            )
          }
          onClose={() => setRecordPayment(false)}
          onSubmit={async (body) => {
            await dataProvider.recordPayment(record.id, body as PaymentBody);
            notify("loja.payments.recorded", { type: "success" });
            refresh();
          }}
        />
      )}
      {shipping && (
        <ShipmentDialog
          pickup={record.delivery?.kind === "pickup"}
          onClose={() => setShipping(false)}
          onSubmit={async (shipment) => {
            await change({ status: SHIPPED, ...(Object.keys(shipment).length ? { shipment } : {}) });
          }}
        />
      )}
      {exceptionMoves && (
        <ExceptionMoveDialog
          open
          moves={exceptionMoves}
          onClose={() => setExceptionMoves(null)}
          onSubmit={async (move) => {
            await change(move);
          }}
        />
      )}
    </>
  );
}
