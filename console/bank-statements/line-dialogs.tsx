// What an admin does with a line that waits: record it on an order as new money (chosen among the orders it may be,
// with what the order will hold after it, or by its number, #code or payment reference; the ledger's refusals are
// shown as the server words them), link it to a payment already recorded ("é o mesmo pagamento": no new money), or
// set it aside with a reason.
import { useCallback, useEffect, useState, type ComponentProps, type FormEvent } from "react";
import { useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import { Alert, Box, Button, Checkbox, FormControlLabel, Radio, RadioGroup, TextField, Typography } from "@mui/material";
import { formatKz } from "../../shared/money.ts";
import { MIN_DISMISS_REASON } from "../../shared/bank-statements.ts";
import { AWAITING_PAYMENT } from "../../shared/orders.ts";
import type { AdminStatementAssignBody, AdminStatementCandidate, AdminStatementLine } from "../../server/schemas/admin-bank-statements.ts";
import type { AdminOrder, AdminPayment } from "../../server/schemas/admin-orders.ts";
import type { ConsoleDataProvider } from "../data-provider.ts";
import { formatDateTime } from "../lib/format.ts";
import { FormDialog, useDialogRequest } from "../components/form-dialog.tsx";

/** The server's refusal of a bank reference already recorded (an admin may then record it again with a reason). */
const DUPLICATE_REFUSAL = /já está registada/;
/** The server's refusal to record new money on an order holding payments no statement line confirmed yet. */
const MAY_DUPLICATE_REFUSAL = /sem linha do extrato/;

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
export function assignRequestBody(form: {
  order: string;
  overpayment: boolean;
  duplicateReason: string;
  newPayment?: boolean;
}): AdminStatementAssignBody {
  const body: AdminStatementAssignBody = { orderId: form.order.trim() };
  if (form.overpayment) body.overpayment = true;
  if (form.duplicateReason.trim()) body.duplicateReason = form.duplicateReason.trim();
  if (form.newPayment) body.newPayment = true;
  return body;
}

/** The orders a waiting line may be, best first (the server's suggestions); null while they load. */
function useCandidates(lineId: string): AdminStatementCandidate[] | null {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const [found, setFound] = useState<AdminStatementCandidate[] | null>(null);
  useEffect(() => {
    let live = true;
    // No suggestions (a failed request) leaves the order to be typed, as before.
    Promise.resolve()
      .then(() => dataProvider.statementLineCandidates(lineId))
      .then(
        (list) => live && setFound(list),
        () => live && setFound([]),
      );
    return () => {
      live = false;
    };
  }, [dataProvider, lineId]);
  return found;
}

const cents = (n: number) => Math.round(n * 100);

/** What the chosen order will hold once the line is recorded on it: confirmed, still short, or paid beyond. */
export function AssignPreview({ line, candidate }: { line: AdminStatementLine; candidate: AdminStatementCandidate }) {
  const translate = useTranslate();
  const after = (cents(candidate.amountPaid) + cents(line.amount)) / 100;
  const rest = (cents(candidate.totalAmount) - cents(after)) / 100;
  return (
    <Alert severity={rest < 0 ? "warning" : "info"} data-testid="assign-preview">
      {translate("loja.statements.preview", { after: formatKz(after), total: formatKz(candidate.totalAmount) })}{" "}
      {rest > 0
        ? translate("loja.statements.preview_short", { rest: formatKz(rest) })
        : rest < 0
          ? translate("loja.statements.preview_over", { excess: formatKz(-rest) })
          : candidate.order.status === AWAITING_PAYMENT
            ? translate("loja.statements.preview_confirms")
            : null}
    </Alert>
  );
}

/** The suggestions as a choice: each order with who, what it holds, and why it is offered. */
function CandidateChoice({
  candidates,
  chosen,
  onChoose,
}: {
  candidates: AdminStatementCandidate[] | null;
  chosen: string;
  onChoose(candidate: AdminStatementCandidate): void;
}) {
  const translate = useTranslate();
  if (candidates === null)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate("loja.statements.suggestions_loading")}
      </Typography>
    );
  if (candidates.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="no-candidates">
        {translate("loja.statements.no_suggestions")}
      </Typography>
    );
  return (
    <Box data-testid="candidates">
      <Typography variant="subtitle2">{translate("loja.statements.suggestions")}</Typography>
      <RadioGroup
        value={chosen}
        onChange={(e) => {
          const found = candidates.find((c) => c.order.id === e.target.value);
          if (found) onChoose(found);
        }}
        aria-label={translate("loja.statements.suggestions")}
      >
        {candidates.map((c) => (
          <FormControlLabel
            key={c.order.id}
            value={c.order.id}
            control={<Radio />}
            sx={{ alignItems: "flex-start", my: 0.5, "& .MuiRadio-root": { pt: 0.5 } }}
            label={
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                  {translate("loja.statements.candidate", {
                    id: c.order.shortId,
                    name: c.customerName,
                    paid: formatKz(c.amountPaid),
                    total: formatKz(c.totalAmount),
                  })}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {c.reasons.map((r) => translate(`loja.statements.why.${r}`)).join(" · ")}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
    </Box>
  );
}

/**
 * Records the line as new money on an order. Opened as "É outro pagamento" (`newPayment`) for a line in review, the
 * admin has already said it is none of the payments recorded; otherwise the server's refusal (the order holds
 * payments without a statement line) shows the box to say so.
 */
export function AssignDialog({ line, newPayment, onClose }: { line: AdminStatementLine; newPayment?: boolean; onClose(): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [form, setForm] = useState({
    order: line.suggestedOrder ? `#${line.suggestedOrder.shortId}` : "",
    overpayment: false,
    duplicateReason: "",
    newPayment: newPayment === true,
  });
  const { busy, error, setError, send } = useDialogRequest(onClose, translate("loja.statements.failed"));
  const candidates = useCandidates(line.id);
  // The suggestion the order field names (chosen, or typed as its #code or reference): its preview shows.
  const named = form.order.trim().replace(/^#/, "").toUpperCase();
  const chosen = candidates?.find((c) => c.order.shortId === named || c.order.paymentReference === named) ?? null;
  const [askReason, setAskReason] = useState(false);
  const [askNewPayment, setAskNewPayment] = useState(newPayment === true);

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
    if (refusal && MAY_DUPLICATE_REFUSAL.test(refusal)) setAskNewPayment(true);
  };

  // "É o pagamento já registado": the line confirms that payment instead of adding money.
  const linkTo = (paymentId: string) =>
    void send(async () => {
      await dataProvider.linkStatementLine(line.id, paymentId);
      notify(translate("loja.statements.linked"), { type: "success" });
      refresh();
    });

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
      <CandidateChoice
        candidates={candidates}
        chosen={chosen?.order.id ?? ""}
        onChoose={(c) => setForm((f) => ({ ...f, order: `#${c.order.shortId}` }))}
      />
      <TextField
        label={translate("loja.statements.order")}
        helperText={translate("loja.statements.order_help")}
        value={form.order}
        onChange={(e) => setForm((f) => ({ ...f, order: e.target.value }))}
        slotProps={{ htmlInput: { maxLength: 64, "data-testid": "assign-order" } }}
      />
      {chosen && <AssignPreview line={line} candidate={chosen} />}
      {chosen?.payments.map((p) => (
        <Box key={p.id} data-testid="is-recorded">
          <Button variant="outlined" color="secondary" size="small" disabled={busy} onClick={() => linkTo(p.id)}>
            {translate("loja.statements.is_recorded", { amount: formatKz(p.amount), reference: p.bankReference, actor: p.actor })}
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
            {translate("loja.statements.is_recorded_help")}
          </Typography>
        </Box>
      ))}
      <FormControlLabel
        control={<Checkbox checked={form.overpayment} onChange={(_, checked) => setForm((f) => ({ ...f, overpayment: checked }))} />}
        label={translate("loja.payments.overpayment")}
      />
      {askNewPayment && (
        <FormControlLabel
          control={<Checkbox checked={form.newPayment} onChange={(_, checked) => setForm((f) => ({ ...f, newPayment: checked }))} />}
          label={translate("loja.statements.new_payment")}
        />
      )}
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

/** Payments a line may be linked to: recorded by staff (not a payment service's) and with no statement line yet. */
export const linkablePayments = (order: Pick<AdminOrder, "payments">): AdminPayment[] =>
  order.payments.filter((p) => p.statementLine === null && p.confirmation !== "service");

/**
 * "É o mesmo pagamento": the line confirms a payment already recorded on an order. The order the line names (or the
 * one the admin types) is read, and its payments without a statement line are offered; only one of the line's
 * amount can be chosen (the server refuses any other).
 */
export function LinkDialog({ line, onClose }: { line: AdminStatementLine; onClose(): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [order, setOrder] = useState(line.suggestedOrder ? `#${line.suggestedOrder.shortId}` : "");
  const [payments, setPayments] = useState<AdminPayment[] | null>(null);
  const [chosen, setChosen] = useState(line.suggestedPayment?.id ?? "");
  const { busy, error, setError, send } = useDialogRequest(onClose, translate("loja.statements.failed"));

  const find = useCallback(
    async (name: string) => {
      setError(null);
      try {
        const found = await dataProvider.getList<AdminOrder>("orders", {
          filter: { q: name.trim() },
          pagination: { page: 1, perPage: 2 },
          sort: { field: "createdAt", order: "DESC" },
        });
        if (found.data.length !== 1) {
          setPayments(null);
          setError(translate("loja.statements.order_missing"));
          return;
        }
        const candidates = linkablePayments(found.data[0]!);
        setPayments(candidates);
        setChosen((c) => c || (candidates.find((p) => p.amount === line.amount)?.id ?? ""));
      } catch (err) {
        setError((err as Error).message || translate("loja.statements.failed"));
      }
    },
    [dataProvider, line.amount, setError, translate],
  );
  // The order the line names is looked up at once.
  const named = line.suggestedOrder ? `#${line.suggestedOrder.shortId}` : null;
  useEffect(() => {
    if (named) void find(named);
  }, [named, find]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) {
      setError(translate("loja.statements.link_choose"));
      return;
    }
    await send(async () => {
      await dataProvider.linkStatementLine(line.id, chosen);
      notify(translate("loja.statements.linked"), { type: "success" });
      refresh();
    });
  };

  return (
    <LineDialog
      title={translate("loja.statements.link_title")}
      line={line}
      submitLabel={translate("loja.statements.link_submit")}
      busy={busy}
      error={error}
      testId="link-dialog"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <Typography variant="body2" color="text.secondary">
        {translate("loja.statements.link_help")}
      </Typography>
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
        <TextField
          label={translate("loja.statements.order")}
          helperText={translate("loja.statements.order_help")}
          value={order}
          onChange={(e) => setOrder(e.target.value)}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 64, "data-testid": "link-order" } }}
        />
        <Button variant="outlined" sx={{ mt: 1 }} onClick={() => void find(order)} disabled={!order.trim()}>
          {translate("loja.statements.link_find")}
        </Button>
      </Box>
      {payments && payments.length === 0 && (
        <Typography variant="body2" data-testid="link-none">
          {translate("loja.statements.link_none")}
        </Typography>
      )}
      {payments && payments.length > 0 && (
        <RadioGroup value={chosen} onChange={(e) => setChosen(e.target.value)} aria-label={translate("loja.statements.link_choose")}>
          {payments.map((p) => (
            <FormControlLabel
              key={p.id}
              value={p.id}
              disabled={p.amount !== line.amount}
              control={<Radio />}
              label={`${formatKz(p.amount)} · ${p.bankReference} · ${p.actor} · ${formatDateTime(p.receivedAt)}${
                p.confirmation === "pending" ? ` · ${translate("loja.statements.payment_pending")}` : ""
              }${p.amount !== line.amount ? ` (${translate("loja.statements.link_other_amount")})` : ""}`}
            />
          ))}
        </RadioGroup>
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
