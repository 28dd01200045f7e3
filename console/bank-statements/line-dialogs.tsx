// What an admin does with a line that waits: record it on an order (by its number, #code or payment reference;
// the ledger's refusals are shown as the server words them) or set it aside with a reason.
import { useState, type ComponentProps, type FormEvent } from "react";
import { useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import { Checkbox, FormControlLabel, TextField, Typography } from "@mui/material";
import { formatKz } from "../../shared/money.ts";
import { MIN_DISMISS_REASON } from "../../shared/bank-statements.ts";
import type { AdminStatementAssignBody, AdminStatementLine } from "../../server/schemas/admin-bank-statements.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { FormDialog, useDialogRequest } from "../components/form-dialog.tsx";

/** The server's refusal of a bank reference already recorded (an admin may then record it again with a reason). */
const DUPLICATE_REFUSAL = /já está registada/;

/** A statement line's dialog: the line (amount and description) above the form. */
function LineDialog({ line, ...props }: Omit<ComponentProps<typeof FormDialog>, "intro"> & { line: AdminStatementLine }) {
  return (
    <FormDialog
      {...props}
      intro={
        <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
          {`${formatKz(line.amount)} · ${line.description}`}
        </Typography>
      }
    />
  );
}

/** The assign form's body: the order as typed, and the admin's exceptions only when asked for. */
export function assignRequestBody(form: { order: string; overpayment: boolean; duplicateReason: string }): AdminStatementAssignBody {
  const body: AdminStatementAssignBody = { orderId: form.order.trim() };
  if (form.overpayment) body.overpayment = true;
  if (form.duplicateReason.trim()) body.duplicateReason = form.duplicateReason.trim();
  return body;
}

export function AssignDialog({ line, onClose }: { line: AdminStatementLine; onClose(): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [form, setForm] = useState({
    order: line.suggestedOrder ? `#${line.suggestedOrder.shortId}` : "",
    overpayment: false,
    duplicateReason: "",
  });
  const { busy, error, setError, send } = useDialogRequest(onClose, translate("loja.statements.failed"));
  const [askReason, setAskReason] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.order.trim()) {
      setError(translate("loja.statements.order_missing"));
      return;
    }
    const refusal = await send(async () => {
      const assigned = await dataProvider.assignStatementLine(line.id, assignRequestBody(form));
      notify(translate("loja.statements.assigned", { order: `#${assigned.order?.shortId ?? ""}` }), { type: "success" });
      refresh();
    });
    if (refusal && DUPLICATE_REFUSAL.test(refusal)) setAskReason(true);
  };

  return (
    <LineDialog
      title={translate("loja.statements.assign_title")}
      line={line}
      submitLabel={translate("loja.statements.assign_submit")}
      busy={busy}
      error={error}
      testId="assign-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <TextField
        autoFocus
        label={translate("loja.statements.order")}
        helperText={translate("loja.statements.order_help")}
        value={form.order}
        onChange={(e) => setForm((f) => ({ ...f, order: e.target.value }))}
        slotProps={{ htmlInput: { maxLength: 64, "data-testid": "assign-order" } }}
      />
      <FormControlLabel
        control={<Checkbox checked={form.overpayment} onChange={(_, checked) => setForm((f) => ({ ...f, overpayment: checked }))} />}
        label={translate("loja.payments.overpayment")}
      />
      {askReason && (
        <TextField
          label={translate("loja.payments.duplicate_reason")}
          value={form.duplicateReason}
          onChange={(e) => setForm((f) => ({ ...f, duplicateReason: e.target.value }))}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      )}
    </LineDialog>
  );
}

export function DismissDialog({ line, onClose }: { line: AdminStatementLine; onClose(): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [reason, setReason] = useState("");
  const { busy, error, setError, send } = useDialogRequest(onClose, translate("loja.statements.failed"));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < MIN_DISMISS_REASON) {
      setError(translate("loja.statements.reason_too_short", { min: MIN_DISMISS_REASON }));
      return;
    }
    await send(async () => {
      await dataProvider.dismissStatementLine(line.id, reason.trim());
      notify(translate("loja.statements.dismissed"), { type: "success" });
      refresh();
    });
  };

  return (
    <LineDialog
      title={translate("loja.statements.dismiss_title")}
      line={line}
      submitLabel={translate("loja.statements.dismiss_submit")}
      busy={busy}
      error={error}
      testId="dismiss-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <TextField
        autoFocus
        multiline
        minRows={2}
        label={translate("loja.statements.reason")}
        helperText={translate("loja.statements.reason_help", { min: MIN_DISMISS_REASON })}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 500, "data-testid": "dismiss-reason" } }}
      />
    </LineDialog>
  );
}
