import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslate } from "react-admin";
import { Checkbox, FormControlLabel, MenuItem, TextField } from "@mui/material";
import { formatKz } from "../../shared/money.ts";
import type { AdminPayment } from "../../server/schemas/admin-orders.ts";
import { kwanzaInputValue, parseKwanza } from "../../shared/kwanza-input.ts";
import { KwanzaTextField } from "../components/kwanza-input.tsx";
import { FormDialog, useDialogRequest } from "../components/form-dialog.tsx";
import {
  MAX_BANK_REFERENCE,
  MAX_REFUSAL_REASON,
  paymentFormErrors,
  paymentRequestBody,
  refundReasonError,
  refusalReasonError,
  type PaymentForm,
  type ProofAcceptBody,
} from "./transform.ts";

const emptyForm = (amount?: number): PaymentForm => ({
  amount: amount && amount > 0 ? kwanzaInputValue(amount) : "",
  bankReference: "",
  receivedAt: "",
  note: "",
  overpayment: false,
  duplicateReason: "",
});

/** The server's refusal of a bank reference already recorded (an admin may then record it again with a reason). */
const DUPLICATE_REFUSAL = /já está registada/;

/**
 * Money received by bank transfer: the amount in kwanza (any amount above zero, decimals with a comma), the
 * bank's reference, when it arrived (empty: now) and a note. Used to record a payment and to accept a proof.
 * Mounted when opened, so each opening starts from what is due.
 */
export function PaymentDialog({
  open,
  title,
  submitLabel,
  initialAmount,
  existingPayments,
  canOverride,
  intro,
  extraAction,
  onClose,
  onSubmit,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  /** Prefilled: what is still due. */
  initialAmount?: number;
  /** Accepting a proof: the payments already recorded it may show instead of a new one. */
  existingPayments?: readonly AdminPayment[];
  /** An admin may record a bank reference again, with a reason. */
  canOverride?: boolean;
  intro?: ReactNode;
  extraAction?: ReactNode;
  onClose(): void;
  onSubmit(body: ProofAcceptBody): Promise<void>;
}) {
  const translate = useTranslate();
  const [form, setForm] = useState<PaymentForm>(() => emptyForm(initialAmount));
  const [linked, setLinked] = useState<string>("");
  const [errors, setErrors] = useState<Partial<Record<keyof PaymentForm, string>>>({});
  const { busy, error: serverError, send } = useDialogRequest(onClose, translate("ra.notification.http_error"));

  const field = (name: keyof PaymentForm) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name] ? translate(errors[name]!) : undefined,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = linked ? {} : paymentFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await send(() => onSubmit(linked ? { paymentId: linked } : paymentRequestBody(form)));
  };

  return (
    <FormDialog
      open={open}
      title={title}
      submitLabel={submitLabel}
      busy={busy}
      error={serverError}
      onClose={onClose}
      onSubmit={submit}
      testId="payment-dialog"
      intro={intro}
    >
      {existingPayments && existingPayments.length > 0 && (
        <TextField
          select
          label={translate("loja.payments.which_payment")}
          value={linked}
          onChange={(e) => setLinked(e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{translate("loja.payments.new_payment")}</MenuItem>
          {existingPayments.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {formatKz(p.amount)} · {p.bankReference}
            </MenuItem>
          ))}
        </TextField>
      )}
      {!linked && (
        <PaymentFields
          form={form}
          setForm={setForm}
          field={field}
          errors={errors}
          showDuplicate={Boolean(canOverride && serverError && DUPLICATE_REFUSAL.test(serverError))}
        />
      )}
      {extraAction}
    </FormDialog>
  );
}

/** The new payment's own fields. */
function PaymentFields({
  form,
  setForm,
  field,
  errors,
  showDuplicate,
}: {
  form: PaymentForm;
  setForm(update: (f: PaymentForm) => PaymentForm): void;
  field(name: keyof PaymentForm): object;
  errors: Partial<Record<keyof PaymentForm, string>>;
  showDuplicate: boolean;
}) {
  const translate = useTranslate();
  return (
    <>
      <KwanzaTextField
        name="amount"
        value={form.amount}
        onChange={(amount) => setForm((f) => ({ ...f, amount }))}
        errorText={errors.amount ? translate(errors.amount) : undefined}
        label={translate("loja.payments.amount")}
        required
        autoFocus
      />
      <TextField
        {...field("bankReference")}
        label={translate("loja.payments.bank_reference")}
        required
        slotProps={{ htmlInput: { maxLength: MAX_BANK_REFERENCE } }}
      />
      <TextField
        {...field("receivedAt")}
        label={translate("loja.payments.received_at")}
        type="datetime-local"
        slotProps={{ inputLabel: { shrink: true } }}
        helperText={errors.receivedAt ? translate(errors.receivedAt) : translate("loja.payments.received_at_help")}
      />
      <TextField
        {...field("note")}
        label={translate("loja.payments.note")}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <FormControlLabel
        control={<Checkbox checked={form.overpayment} onChange={(e) => setForm((f) => ({ ...f, overpayment: e.target.checked }))} />}
        label={translate("loja.payments.overpayment")}
      />
      {showDuplicate && (
        <TextField
          {...field("duplicateReason")}
          label={translate("loja.payments.duplicate_reason")}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      )}
    </>
  );
}

/** Refusing a proof needs a reason: the shopper reads it in their orders and in the chat. */
export function RefuseProofDialog({
  open,
  onClose,
  onSubmit,
}: {
  open: boolean;
  onClose(): void;
  onSubmit(reason: string): Promise<void>;
}) {
  const translate = useTranslate();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { busy, error: serverError, send } = useDialogRequest(onClose, translate("ra.notification.http_error"));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = refusalReasonError(reason);
    setError(found);
    if (found) return;
    await send(() => onSubmit(reason.trim()));
  };

  return (
    <FormDialog
      open={open}
      title={translate("loja.payments.refuse_title")}
      submitLabel={translate("loja.payments.refuse")}
      busy={busy}
      error={serverError}
      onClose={onClose}
      onSubmit={submit}
      testId="refuse-dialog"
    >
      <TextField
        label={translate("loja.payments.refusal_reason")}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={Boolean(error)}
        helperText={translate(error ?? "loja.payments.refusal_help")}
        multiline
        minRows={3}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: MAX_REFUSAL_REASON } }}
      />
    </FormDialog>
  );
}

/**
 * The amount (at most `max`) and the reason every refund asks for, checked alike wherever money is given back (a
 * refund recorded by hand, one sent through AppyPay). `show()` marks the fields' errors once staff submit.
 */
export function useRefundFields(max: number, initialAmount = "") {
  const translate = useTranslate();
  const [amount, setAmount] = useState(initialAmount);
  const [reason, setReason] = useState("");
  const [shown, setShown] = useState(false);
  const value = parseKwanza(amount);
  const amountError = value === null ? "loja.payments.amount_invalid" : value > max ? "loja.refunds.too_much" : undefined;
  const reasonError = refundReasonError(reason);
  const fields = (
    <>
      <KwanzaTextField
        name="amount"
        label={translate("loja.payments.amount")}
        value={amount}
        onChange={(text) => setAmount(text)}
        errorText={shown && amountError ? translate(amountError, { max: formatKz(max) }) : undefined}
        helperText={translate("loja.refunds.at_most", { max: formatKz(max) })}
        required
        autoFocus
      />
      <TextField
        label={translate("loja.refunds.reason")}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={shown && Boolean(reasonError)}
        helperText={translate(shown && reasonError ? reasonError : "loja.refunds.reason_help")}
        required
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: MAX_REFUSAL_REASON } }}
      />
    </>
  );
  return {
    /** The amount typed, when it is one (not checked against `max`: `valid` is). */
    amount: value,
    note: reason.trim(),
    valid: value !== null && !amountError && !reasonError,
    show: () => setShown(true),
    fields,
  };
}

/**
 * Money given back: the amount (empty: staff type what they give back, at most what the shop holds), the reason, and
 * the transfer's reference, or "por devolver" while it is still to be made (docs/product/orders.md#refunds).
 */
export function RefundDialog({
  open,
  held,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** What the shop holds of the shopper's money on the order: the most that can be given back. */
  held: number;
  onClose(): void;
  onSubmit(body: { amount: number; bankReference?: string; pending?: boolean; note?: string }): Promise<void>;
}) {
  const translate = useTranslate();
  const refund = useRefundFields(held);
  const [reference, setReference] = useState("");
  const [pending, setPending] = useState(false);
  const { busy, error: serverError, setError: setServerError, send } = useDialogRequest(onClose, translate("ra.notification.http_error"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    refund.show();
    const value = refund.amount;
    if (value === null || !refund.valid) return;
    if (!pending && !reference.trim()) {
      setServerError(translate("loja.refunds.invalid"));
      return;
    }
    const note = refund.note;
    await send(() => onSubmit(pending ? { amount: value, pending: true, note } : { amount: value, bankReference: reference.trim(), note }));
  };
  return (
    <FormDialog
      open={open}
      title={translate("loja.refunds.title")}
      submitLabel={translate("loja.refunds.record")}
      busy={busy}
      error={serverError}
      onClose={onClose}
      onSubmit={submit}
      testId="refund-dialog"
    >
      {refund.fields}
      <FormControlLabel
        control={<Checkbox checked={pending} onChange={(e) => setPending(e.target.checked)} />}
        label={translate("loja.refunds.pending")}
      />
      {!pending && (
        <TextField
          label={translate("loja.payments.bank_reference")}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          required
          slotProps={{ htmlInput: { maxLength: MAX_BANK_REFERENCE } }}
        />
      )}
    </FormDialog>
  );
}
