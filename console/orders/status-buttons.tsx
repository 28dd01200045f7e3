import { Button, Confirm, useNotify, useRecordContext, useTranslate, useUpdate } from "react-admin";
import { ButtonGroup } from "@mui/material";
import { useState, type ReactElement } from "react";
import PaidIcon from "@mui/icons-material/Paid";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import CancelIcon from "@mui/icons-material/Cancel";
import ArrowForwardIcon from "@mui/icons-material/ArrowForward";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import { CANCELLED, DELIVERED, FORWARD_MOVES, PAYMENT_CONFIRMED, isOrderStatus, type OrderStatus } from "../../shared/orders.ts";
import type { AllowedMoves, StaffOrder } from "../lib/money-types.ts";
import { ExceptionMoveDialog } from "./exception-move-dialog.tsx";

/** The moves the server allows this member of staff; an older server without `allowedMoves` gets the forward ones. */
const allowedMoves = (order: StaffOrder): AllowedMoves =>
  order.allowedMoves ?? { forward: isOrderStatus(order.status) ? [...FORWARD_MOVES[order.status]] : [], exceptions: [] };

// The one-click buttons keep their labels ("Pagamento Confirmado", "Entregue"); other moves read as their status.
const FORWARD_LOOK: Partial<Record<OrderStatus, { label: string; icon: ReactElement; color?: "success" | "error" }>> = {
  [PAYMENT_CONFIRMED]: { label: "loja.orders.confirm_payment", icon: <PaidIcon /> },
  [DELIVERED]: { label: "loja.orders.mark_delivered", icon: <DoneAllIcon />, color: "success" },
  [CANCELLED]: { label: "loja.orders.cancel", icon: <CancelIcon />, color: "error" },
};

/** One click for each move forward the server allows; exceptions (admins) through a dialog that asks why. */
export function StatusButtons() {
  const record = useRecordContext<StaffOrder>();
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<StaffOrder>();
  const [exceptionOpen, setExceptionOpen] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  if (!record) return null;
  const moves = allowedMoves(record);

  const change = (data: { status: OrderStatus; reason?: string }) =>
    update(
      "orders",
      { id: record.id, data, previousData: record },
      {
        mutationMode: "pessimistic",
        returnPromise: true,
        onSuccess: () => notify("loja.orders.status_changed", { type: "success", messageArgs: { status: translate(`loja.status.${data.status}`, { _: data.status }) } }),
        // 403 (role) and 409 (not allowed from here, reason missing) come with the server's Portuguese message.
        onError: (err) => notify(err instanceof Error && err.message ? err.message : "ra.notification.http_error", { type: "error" }),
      },
    );

  return (
    <>
      <ButtonGroup variant="contained" size="small" sx={{ flexWrap: "wrap" }} data-testid="status-moves">
        {moves.forward.map((status) => {
          const look = FORWARD_LOOK[status];
          return (
            <Button
              key={status}
              label={look?.label ?? `loja.status.${status}`}
              onClick={() => (status === CANCELLED ? setConfirmCancel(true) : void change({ status }).catch(() => undefined))}
              disabled={isPending}
              variant="contained"
              color={look?.color ?? "primary"}
            >
              {look?.icon ?? <ArrowForwardIcon />}
            </Button>
          );
        })}
        {moves.exceptions.length > 0 && (
          <Button label="loja.orders.exception_move" onClick={() => setExceptionOpen(true)} disabled={isPending} variant="outlined" color="warning">
            <WarningAmberIcon />
          </Button>
        )}
      </ButtonGroup>
      <Confirm
        isOpen={confirmCancel}
        title="loja.orders.cancel_title"
        content="loja.orders.cancel_content"
        loading={isPending}
        onConfirm={() => { setConfirmCancel(false); void change({ status: CANCELLED }).catch(() => undefined); }}
        onClose={() => setConfirmCancel(false)}
      />
      {exceptionOpen && <ExceptionMoveDialog open moves={moves.exceptions} onClose={() => setExceptionOpen(false)} onSubmit={async (move) => { await change(move); }} />}
    </>
  );
}
