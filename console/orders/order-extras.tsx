// Money beyond the order's own payment, on the order page: its payment requests (docs/product/payment-requests.md)
// — asked, listed, cancelled — and, for an order paid on delivery (docs/product/pay-on-delivery.md), the one-tap
// confirmation by phone or WhatsApp, "Pago na entrega" (cash or TPA) and the refused delivery.
import { useState, type FormEvent } from "react";
import { useNotify, useRecordContext, useRefresh } from "react-admin";
import { Button, Chip, MenuItem, Stack, TextField, Typography } from "@mui/material";
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { formatKz } from "../../shared/money.ts";
import { AWAITING_CONFIRMATION, IN_PREPARATION, PAY_ON_DELIVERY, SHIPPED } from "../../shared/orders.ts";
import { PAYMENT_REQUEST_STATUS_LABELS, PAYMENT_REQUEST_TITLE } from "../../shared/payment-requests.ts";
import { DOOR_METHOD_LABELS, PAID_ON_DELIVERY, type DoorMethod } from "../../shared/pay-on-delivery.ts";
import { kwanzaInputValue } from "../../shared/kwanza-input.ts";
import { KwanzaTextField } from "../components/kwanza-input.tsx";
import { FormDialog, useDialogRequest } from "../components/form-dialog.tsx";
import { apiFetch } from "../lib/http.ts";
import { formatDateTime } from "../lib/format.ts";

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;
const post = (path: string, body: object = {}) => apiFetch<unknown>(path, { method: "POST", body: JSON.stringify(body) });
const luanda = (iso: string) => formatDateTime(iso);

export function OrderPaymentRequests() {
  const order = useRecordContext<AdminOrder>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  if (!order) return null;
  const cancel = (requestId: string) =>
    post(`${orderPath(order.id)}/payment-requests/${encodeURIComponent(requestId)}/cancel`).then(
      () => refresh(),
      (e: unknown) => notify(e instanceof Error ? e.message : "Erro", { type: "error" }),
    );
  return (
    <Stack spacing={1} data-testid="payment-requests">
      {order.paymentRequests.length === 0 && <Typography color="text.secondary">Nenhum pedido de pagamento.</Typography>}
      {order.paymentRequests.map((r) => (
        <Stack key={r.id} direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <Typography>
            {formatKz(r.amount)} · {r.reason} · {r.reference}
          </Typography>
          <Chip
            size="small"
            label={PAYMENT_REQUEST_STATUS_LABELS[r.status]}
            color={r.status === "paid" ? "success" : r.status === "open" ? "warning" : "default"}
          />
          {r.status === "open" && (
            <>
              <Typography variant="body2" color="text.secondary">
                até {luanda(r.expiresAt)}
              </Typography>
              <Button size="small" onClick={() => void cancel(r.id)}>
                Cancelar pedido
              </Button>
            </>
          )}
        </Stack>
      ))}
      {order.extras > 0 && <Typography variant="body2">Pedidos de pagamento pagos: {formatKz(order.extras)}</Typography>}
      <div>
        <Button variant="outlined" onClick={() => setAsking(true)} disabled={order.status === "Cancelado"}>
          Pedir pagamento
        </Button>
      </div>
      {asking && <AskDialog orderId={order.id} onClose={() => setAsking(false)} onDone={refresh} />}
    </Stack>
  );
}

function AskDialog({ orderId, onClose, onDone }: { orderId: string; onClose(): void; onDone(): void }) {
  const [amount, setAmount] = useState<{ text: string; value: number | null }>({ text: "", value: null });
  const [reason, setReason] = useState("");
  const [hours, setHours] = useState("48");
  const { busy, error, setError, send } = useDialogRequest(onClose, "Não foi possível pedir o pagamento");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!amount.value || !reason.trim()) return setError("Indique o valor e o motivo");
    const body = { amount: amount.value, reason: reason.trim(), expiresInHours: Number(hours) || 48 };
    if (!(await send(() => post(`${orderPath(orderId)}/payment-requests`, body)))) onDone();
  };
  return (
    <FormDialog
      title={PAYMENT_REQUEST_TITLE}
      submitLabel="Pedir pagamento"
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={submit}
      testId="payment-request-dialog"
    >
      <KwanzaTextField label="Valor" name="amount" value={amount.text} onChange={(text, value) => setAmount({ text, value })} />
      <TextField
        label="Motivo"
        name="reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField label="Prazo (horas)" name="hours" type="number" value={hours} onChange={(e) => setHours(e.target.value)} />
    </FormDialog>
  );
}

export function OrderPayOnDelivery() {
  const order = useRecordContext<AdminOrder>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [paying, setPaying] = useState(false);
  if (!order || order.paymentMethod !== PAY_ON_DELIVERY) return null;
  const act = (path: string, body: object = {}) =>
    post(`${orderPath(order.id)}${path}`, body).then(
      () => refresh(),
      (e: unknown) => notify(e instanceof Error ? e.message : "Erro", { type: "error" }),
    );
  const outForDelivery = order.status === IN_PREPARATION || order.status === SHIPPED;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }} data-testid="pay-on-delivery">
      {order.status === AWAITING_CONFIRMATION && (
        <>
          <Button variant="contained" onClick={() => void act("/confirm", { via: "phone" })}>
            Confirmado por telefone
          </Button>
          <Button variant="contained" onClick={() => void act("/confirm", { via: "whatsapp" })}>
            Confirmado por WhatsApp
          </Button>
        </>
      )}
      {outForDelivery && !order.paid && (
        <Button variant="contained" onClick={() => setPaying(true)}>
          {PAID_ON_DELIVERY}
        </Button>
      )}
      {outForDelivery && !order.paid && (
        <Button color="error" onClick={() => void act("/delivery-refused")}>
          Entrega recusada
        </Button>
      )}
      {paying && (
        <PaidAtDoorDialog
          orderId={order.id}
          due={Math.max(0, order.totalAmount - order.amountPaid)}
          onClose={() => setPaying(false)}
          onDone={refresh}
        />
      )}
    </Stack>
  );
}

function PaidAtDoorDialog({ orderId, due, onClose, onDone }: { orderId: string; due: number; onClose(): void; onDone(): void }) {
  const [method, setMethod] = useState<DoorMethod>("cash");
  const [amount, setAmount] = useState<{ text: string; value: number | null }>({ text: kwanzaInputValue(due), value: due });
  const [reference, setReference] = useState("");
  const { busy, error, setError, send } = useDialogRequest(onClose, "Não foi possível registar o pagamento");
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!amount.value) return setError("Indique o valor recebido");
    const body = { method, amount: amount.value, ...(reference.trim() ? { reference: reference.trim() } : {}) };
    if (!(await send(() => post(`${orderPath(orderId)}/paid-on-delivery`, body)))) onDone();
  };
  return (
    <FormDialog
      title={PAID_ON_DELIVERY}
      submitLabel="Registar"
      busy={busy}
      error={error}
      onClose={onClose}
      onSubmit={submit}
      testId="paid-on-delivery-dialog"
    >
      <TextField select label="Como" value={method} onChange={(e) => setMethod(e.target.value as DoorMethod)}>
        {(Object.keys(DOOR_METHOD_LABELS) as DoorMethod[]).map((m) => (
          <MenuItem key={m} value={m}>
            {DOOR_METHOD_LABELS[m]}
          </MenuItem>
        ))}
      </TextField>
      <KwanzaTextField label="Valor" name="amount" value={amount.text} onChange={(text, value) => setAmount({ text, value })} />
      <TextField label="Talão do TPA (opcional)" value={reference} onChange={(e) => setReference(e.target.value)} />
    </FormDialog>
  );
}
