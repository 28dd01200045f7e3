import { Confirm, useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh, useTranslate, useUpdate } from "react-admin";
import { Alert, Box, Button, Link } from "@mui/material";
import { useState, type ReactElement } from "react";
import PaidIcon from "@mui/icons-material/Paid";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import CancelIcon from "@mui/icons-material/Cancel";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import { CANCELLED, DELIVERED, PAYMENT_CONFIRMED, SHIPPED, type OrderStatus } from "../../shared/orders.ts";
import type { AdminOrder, AdminOrderStatusBody } from "../../server/schemas/admin-orders.ts";
import { ExceptionMoveDialog } from "./exception-move-dialog.tsx";
import { PaymentDialog } from "./payment-dialogs.tsx";
import { ShipmentDialog } from "./shipment-dialog.tsx";
import { amountDue } from "./order-money.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import type { PaymentBody } from "./transform.ts";

/** The two one-click buttons staff know, always in place: enabled when the move is forward, asking why when it is an exception. */
const ALWAYS_SHOWN: readonly OrderStatus[] = [PAYMENT_CONFIRMED, DELIVERED];

// The one-click buttons keep their labels ("Pagamento Confirmado", "Entregue"); other moves read as their status.
const FORWARD_LOOK: Partial<Record<OrderStatus, { label: string; icon: ReactElement; color?: "success" | "error" }>> = {
  [PAYMENT_CONFIRMED]: { label: "loja.orders.confirm_payment", icon: <PaidIcon /> },
  [DELIVERED]: { label: "loja.orders.mark_delivered", icon: <DoneAllIcon />, color: "success" },
  [CANCELLED]: { label: "loja.orders.cancel", icon: <CancelIcon />, color: "error" },
};

/** Moves that end an order's course for the shopper: each asks to be confirmed first (one tap on a phone is too easy). */
const CONFIRMED_MOVES: Partial<Record<OrderStatus, { title: string; content: string }>> = {
  [DELIVERED]: { title: "loja.orders.deliver_title", content: "loja.orders.deliver_content" },
  [CANCELLED]: { title: "loja.orders.cancel_title", content: "loja.orders.cancel_content" },
};

/**
 * One button for each move forward the server allows, each with its name in visible text (on a phone too: no
 * icon-only buttons); `Entregue` and `Cancelado` ask to be confirmed; exceptions (admins) go through a dialog that
 * asks why; "Pagamento Confirmado" on an unpaid order opens the record-payment form.
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

  const confirm = confirming ? CONFIRMED_MOVES[confirming] : undefined;
  return (
    <>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }} data-testid="status-moves">
        {[...ALWAYS_SHOWN, ...moves.forward.filter((s) => !ALWAYS_SHOWN.includes(s))].map((status) => {
          const look = FORWARD_LOOK[status];
          const forward = moves.forward.includes(status);
          const exception = moves.exceptions.includes(status);
          const onClick = () => {
            if (status === PAYMENT_CONFIRMED && unpaid && (forward || exception)) setRecordPayment(true);
            else if (!forward) setExceptionMoves([status]);
            // Enviado asks what to tell the shopper (carrier, tracking; or where and until when to collect).
            else if (status === SHIPPED) setShipping(true);
            else if (CONFIRMED_MOVES[status]) setConfirming(status);
            else void change({ status }).catch(() => undefined);
          };
          return (
            <Button
              key={status}
              onClick={onClick}
              disabled={isPending || (!forward && !exception)}
              variant={forward ? "contained" : "outlined"}
              color={look?.color ?? "primary"}
              size="small"
              startIcon={look?.icon ?? <ArrowForwardIcon />}
            >
              {translate(look?.label ?? `loja.status.${status}`, { _: status })}
            </Button>
          );
        })}
        {moves.exceptions.length > 0 && (
          <Button
            onClick={() => setExceptionMoves(moves.exceptions)}
            disabled={isPending}
            variant="outlined"
            color="warning"
            size="small"
            startIcon={<WarningAmberIcon />}
          >
            {translate("loja.orders.exception_move")}
          </Button>
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
