// The steps staff take on a return (docs/product/returns.md#staff), offered as the server allows them for this caller
// (`allowedMoves`): approve at once; refuse with a reason; receive with what came back per line; conclude (a refund with
// the bank's reference or "por devolver"). The server refuses anything else and its words are shown.
import { useState, type FormEvent } from "react";
import { useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import { Box, Button, Checkbox, FormControlLabel, TextField, Typography } from "@mui/material";
import type { AdminReturn, AdminReturnMove } from "../../server/schemas/returns.ts";
import { formatKz } from "../../shared/money.ts";
import { RETURN_APPROVED, RETURN_CONCLUDED, RETURN_RECEIVED, RETURN_REFUSED } from "../../shared/returns.ts";
import { FormDialog, useDialogRequest } from "../components/form-dialog.tsx";

type Dialog = "refuse" | "receive" | "conclude" | null;

function useMove(record: AdminReturn) {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  return async (body: AdminReturnMove) => {
    await dataProvider.update<AdminReturn>("returns", { id: record.id, data: body, previousData: record });
    refresh();
  };
}

export function ReturnMoves({ record }: { record: AdminReturn }) {
  const translate = useTranslate();
  const notify = useNotify();
  const move = useMove(record);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const can = (status: string) => record.allowedMoves.includes(status);

  const approve = async () => {
    setBusy(true);
    try {
      await move({ status: RETURN_APPROVED });
      notify("loja.returns.moved", { type: "success", messageArgs: { status: RETURN_APPROVED } });
    } catch (err) {
      notify(err instanceof Error ? err.message : "ra.notification.http_error", { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1 }} data-testid="return-moves">
      {can(RETURN_APPROVED) && (
        <Button variant="contained" size="small" disabled={busy} onClick={() => void approve()}>
          {translate("loja.returns.approve")}
        </Button>
      )}
      {can(RETURN_REFUSED) && (
        <Button variant="outlined" color="error" size="small" disabled={busy} onClick={() => setDialog("refuse")}>
          {translate("loja.returns.refuse")}
        </Button>
      )}
      {can(RETURN_RECEIVED) && (
        <Button variant="contained" size="small" onClick={() => setDialog("receive")}>
          {translate("loja.returns.receive")}
        </Button>
      )}
      {can(RETURN_CONCLUDED) && (
        <Button variant="contained" color="success" size="small" onClick={() => setDialog("conclude")}>
          {translate("loja.returns.conclude")}
        </Button>
      )}
      {record.status === RETURN_RECEIVED && record.resolution === "refund" && !can(RETURN_CONCLUDED) && (
        <Typography variant="body2" color="text.secondary">
          {translate("loja.returns.admin_concludes")}
        </Typography>
      )}
      {dialog === "refuse" && <RefuseDialog onClose={() => setDialog(null)} onSubmit={move} />}
      {dialog === "receive" && <ReceiveDialog record={record} onClose={() => setDialog(null)} onSubmit={move} />}
      {dialog === "conclude" && <ConcludeDialog record={record} onClose={() => setDialog(null)} onSubmit={move} />}
    </Box>
  );
}

interface DialogProps {
  onClose(): void;
  onSubmit(body: AdminReturnMove): Promise<void>;
}

function RefuseDialog({ onClose, onSubmit }: DialogProps) {
  const translate = useTranslate();
  const [note, setNote] = useState("");
  const { busy, error, setError, send } = useDialogRequest(onClose, translate("ra.notification.http_error"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!note.trim()) return setError(translate("loja.returns.refuse_reason_required"));
    await send(() => onSubmit({ status: RETURN_REFUSED, note: note.trim() }));
  };
  return (
    <FormDialog
      title={translate("loja.returns.refuse_title")}
      error={error}
      busy={busy}
      submitLabel={translate("loja.returns.refuse")}
      submitColor="error"
      testId="return-refuse-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <TextField
        label={translate("loja.returns.refuse_reason")}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        helperText={translate("loja.returns.shopper_reads_it")}
      />
    </FormDialog>
  );
}

function ReceiveDialog({ record, onClose, onSubmit }: DialogProps & { record: AdminReturn }) {
  const translate = useTranslate();
  const [counts, setCounts] = useState(() => Object.fromEntries(record.lines.map((l) => [l.id, { received: l.quantity, damaged: 0 }])));
  const [note, setNote] = useState("");
  const { busy, error, send } = useDialogRequest(onClose, translate("ra.notification.http_error"));
  const set = (id: string, key: "received" | "damaged", value: string) =>
    setCounts((c) => ({ ...c, [id]: { ...c[id]!, [key]: Math.max(0, Math.trunc(Number(value) || 0)) } }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await send(() =>
      onSubmit({
        status: RETURN_RECEIVED,
        lines: record.lines.map((l) => ({ id: l.id, receivedQuantity: counts[l.id]!.received, damagedQuantity: counts[l.id]!.damaged })),
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    );
  };
  return (
    <FormDialog
      title={translate("loja.returns.receive_title")}
      intro={<Typography variant="body2">{translate("loja.returns.receive_help")}</Typography>}
      error={error}
      busy={busy}
      submitLabel={translate("loja.returns.receive")}
      testId="return-receive-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      {record.lines.map((l) => (
        <Box key={l.id} sx={{ display: "grid", gap: 1 }}>
          <Typography>
            {l.name} · {l.size} · {translate("loja.returns.asked", { n: l.quantity })}
          </Typography>
          <Box sx={{ display: "flex", gap: 1 }}>
            <TextField
              type="number"
              label={translate("loja.returns.received")}
              value={counts[l.id]!.received}
              onChange={(e) => set(l.id, "received", e.target.value)}
              slotProps={{ htmlInput: { min: 0, max: l.quantity, inputMode: "numeric" } }}
            />
            <TextField
              type="number"
              label={translate("loja.returns.damaged")}
              value={counts[l.id]!.damaged}
              onChange={(e) => set(l.id, "damaged", e.target.value)}
              slotProps={{ htmlInput: { min: 0, max: l.quantity, inputMode: "numeric" } }}
            />
          </Box>
        </Box>
      ))}
      <TextField
        label={translate("loja.returns.note")}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}

function ConcludeDialog({ record, onClose, onSubmit }: DialogProps & { record: AdminReturn }) {
  const translate = useTranslate();
  const refund = record.resolution === "refund" && record.refundDue > 0;
  const [bankReference, setBankReference] = useState("");
  const [pending, setPending] = useState(false);
  const { busy, error, setError, send } = useDialogRequest(onClose, translate("ra.notification.http_error"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (refund && !pending && !bankReference.trim()) return setError(translate("loja.returns.reference_or_pending"));
    await send(() =>
      onSubmit({ status: RETURN_CONCLUDED, ...(refund ? (pending ? { pending: true } : { bankReference: bankReference.trim() }) : {}) }),
    );
  };
  return (
    <FormDialog
      title={translate("loja.returns.conclude_title")}
      intro={
        <Typography variant="body2">
          {refund ? translate("loja.returns.refund_of", { amount: formatKz(record.refundDue) }) : translate("loja.returns.conclude_help")}
        </Typography>
      }
      error={error}
      busy={busy}
      submitLabel={translate("loja.returns.conclude")}
      submitColor="success"
      testId="return-conclude-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      {refund && (
        <>
          <TextField
            label={translate("loja.returns.bank_reference")}
            value={bankReference}
            disabled={pending}
            onChange={(e) => setBankReference(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <FormControlLabel
            control={<Checkbox checked={pending} onChange={(e) => setPending(e.target.checked)} />}
            label={translate("loja.returns.pending")}
          />
        </>
      )}
    </FormDialog>
  );
}
