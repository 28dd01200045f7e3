import { useState, type FormEvent } from "react";
import { useTranslate } from "react-admin";
import { Alert, MenuItem, TextField } from "@mui/material";
import { FormDialog, useDialogRequest } from "../components/form-dialog.tsx";
import type { OrderStatus } from "../../shared/orders.ts";
import { MIN_EXCEPTION_REASON } from "../../shared/payments.ts";
import { exceptionReasonError } from "./transform.ts";

/**
 * An exceptional move (going back, cancelling a paid order, skipping steps): admins only, and never without a
 * written reason, which is kept in the order's history and posted in its chat. Mounted when opened, so each
 * opening starts blank.
 */
export function ExceptionMoveDialog({
  open,
  moves,
  onClose,
  onSubmit,
}: {
  open: boolean;
  moves: readonly OrderStatus[];
  onClose(): void;
  /** Rejects when the server refuses: the dialog stays open (the refusal is notified by the caller). */
  onSubmit(move: { status: OrderStatus; reason: string }): Promise<void>;
}) {
  const translate = useTranslate();
  const [status, setStatus] = useState<OrderStatus | "">(moves.length === 1 ? moves[0]! : "");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ status?: string; reason?: string }>({});
  // The caller notifies the server's refusal; the dialog stays open so the admin may correct and try again.
  const { busy, send } = useDialogRequest(onClose, "");

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = { status: status ? undefined : "ra.validation.required", reason: exceptionReasonError(reason) };
    setErrors(found);
    if (!status || found.reason) return;
    await send(() => onSubmit({ status, reason: reason.trim() }));
  };

  return (
    <FormDialog
      open={open}
      title={translate("loja.orders.exception_title")}
      intro={<Alert severity="warning">{translate("loja.orders.exception_help")}</Alert>}
      busy={busy}
      submitLabel={translate("loja.orders.exception_submit")}
      submitColor="warning"
      testId="exception-dialog"
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        select
        label={translate("loja.orders.new_status")}
        value={status}
        onChange={(e) => setStatus(e.target.value as OrderStatus)}
        error={Boolean(errors.status)}
        helperText={errors.status ? translate(errors.status) : undefined}
        required
      >
        {moves.map((s) => (
          <MenuItem key={s} value={s}>
            {translate(`loja.status.${s}`, { _: s })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={translate("loja.orders.reason")}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={Boolean(errors.reason)}
        helperText={translate(errors.reason ?? "loja.orders.reason_help", { min: MIN_EXCEPTION_REASON })}
        multiline
        minRows={3}
        required
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </FormDialog>
  );
}
