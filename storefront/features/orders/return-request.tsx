// "Pedir devolução ou troca" on a delivered order of /orders (docs/product/returns.md#asking): three taps on a phone —
// open, pick "Reembolso" or the size to receive instead, confirm — in the card itself, with the shop's policy shown
// before the confirmation. One line is picked already when the order has one; lines, quantities, reasons and a note
// can be changed on the way. The server decides all the same.
import { useState } from "react";
import { shortOrderId } from "../../../shared/orders.ts";
import { ASK_RETURN, RETURN_REASON_LABELS, RETURN_REASONS, RETURNS_PAGE_PATH, type ReturnReason } from "../../../shared/returns.ts";
import { Link } from "react-router-dom";
import { toast } from "../../lib/toast.ts";
import { useShopSettings } from "../settings/settings-provider.tsx";
import { askReturn } from "./api/ask-return.ts";
import type { Order } from "./api/user-orders.ts";
import { formatDeadline } from "./payment.ts";

type OfferLine = NonNullable<Order["returnOffer"]>["lines"][number];
type Choice = { resolution: "refund" } | { resolution: "exchange"; size: string };

const keyOf = (l: OfferLine) => `${l.itemId}:${l.size}`;

export function ReturnRequest({ order, startOpen = false, onAsked }: { order: Order; startOpen?: boolean; onAsked: () => void }) {
  const offer = order.returnOffer;
  const settings = useShopSettings();
  const [open, setOpen] = useState(startOpen);
  const [picked, setPicked] = useState<Record<string, number>>(() => (offer?.lines.length === 1 ? { [keyOf(offer.lines[0]!)]: 1 } : {}));
  const [reasons, setReasons] = useState<Record<string, ReturnReason>>({});
  const [choice, setChoice] = useState<Choice | null>(null);
  const [note, setNote] = useState("");
  const [sending, setSending] = useState(false);
  if (!offer) return null;
  const label = `#${shortOrderId(order._id)}`;

  if (!open)
    return (
      <button
        type="button"
        className="btn btn-outline btn-small"
        aria-label={`${ASK_RETURN} do pedido ${label}`}
        onClick={() => setOpen(true)}
      >
        {ASK_RETURN}
      </button>
    );

  const chosen = offer.lines.filter((l) => (picked[keyOf(l)] ?? 0) > 0);
  // An exchange is of one line, for a size in stock.
  const sizes = chosen.length === 1 ? chosen[0]!.exchangeSizes : [];
  const valid = chosen.length > 0 && choice !== null && (choice.resolution === "refund" || sizes.includes(choice.size));

  const toggle = (l: OfferLine, on: boolean) => setPicked((p) => ({ ...p, [keyOf(l)]: on ? 1 : 0 }));
  const confirm = async () => {
    if (!valid) return;
    setSending(true);
    try {
      await askReturn({
        orderId: order._id,
        lines: chosen.map((l) => ({
          itemId: l.itemId,
          size: l.size,
          quantity: picked[keyOf(l)]!,
          reason: reasons[keyOf(l)] ?? (choice.resolution === "exchange" ? "tamanho" : "desistência"),
        })),
        resolution: choice.resolution,
        ...(choice.resolution === "exchange" ? { exchangeSize: choice.size } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      toast.success("Pedido de devolução enviado");
      setOpen(false);
      onAsked();
    } catch {
      // The API client showed the server's reason.
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="order-return" role="group" aria-label={`${ASK_RETURN} do pedido ${label}`} data-testid="return-request">
      <p className="strong">{ASK_RETURN}</p>
      <p className="muted">Pode pedir até {formatDeadline(offer.until)} (hora de Angola).</p>
      <ul className="return-lines">
        {offer.lines.map((l) => {
          const key = keyOf(l);
          const quantity = picked[key] ?? 0;
          return (
            <li key={key}>
              <label className="return-line">
                <input type="checkbox" checked={quantity > 0} onChange={(e) => toggle(l, e.target.checked)} />
                {l.name} · Tamanho {l.size}
              </label>
              {quantity > 0 && (
                <div className="return-line-details">
                  {l.quantity > 1 && (
                    <select
                      aria-label={`Quantidade de ${l.name}`}
                      value={quantity}
                      onChange={(e) => setPicked((p) => ({ ...p, [key]: Number(e.target.value) }))}
                    >
                      {Array.from({ length: l.quantity }, (_, i) => (
                        <option key={i + 1} value={i + 1}>
                          {i + 1} un.
                        </option>
                      ))}
                    </select>
                  )}
                  <select
                    aria-label={`Motivo de ${l.name}`}
                    value={reasons[key] ?? (choice?.resolution === "refund" ? "desistência" : "tamanho")}
                    onChange={(e) => setReasons((r) => ({ ...r, [key]: e.target.value as ReturnReason }))}
                  >
                    {RETURN_REASONS.map((r) => (
                      <option key={r} value={r}>
                        {RETURN_REASON_LABELS[r]}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="strong">O que prefere?</p>
      <div className="return-choices">
        <button
          type="button"
          className={`btn btn-small ${choice?.resolution === "refund" ? "" : "btn-outline"}`}
          aria-pressed={choice?.resolution === "refund"}
          onClick={() => setChoice({ resolution: "refund" })}
        >
          Reembolso
        </button>
        {sizes.map((size) => {
          const on = choice?.resolution === "exchange" && choice.size === size;
          return (
            <button
              key={size}
              type="button"
              className={`btn btn-small ${on ? "" : "btn-outline"}`}
              aria-pressed={on}
              onClick={() => setChoice({ resolution: "exchange", size })}
            >
              Trocar por {size}
            </button>
          );
        })}
      </div>
      <label className="return-note">
        Nota (opcional)
        <textarea value={note} maxLength={1000} rows={2} onChange={(e) => setNote(e.target.value)} />
      </label>
      <p className="muted">Fotos: envie-as na conversa do pedido.</p>
      <div className="return-policy" data-testid="return-policy">
        <p className="strong">Política de trocas e devoluções</p>
        <p>{settings?.returns.policy || "A equipa da loja indica-lhe na conversa do pedido como devolver os artigos."}</p>
        <Link to={RETURNS_PAGE_PATH}>Ler a política completa</Link>
      </div>
      <div className="order-pay-actions">
        <button type="button" className="btn btn-small" disabled={!valid || sending} onClick={() => void confirm()}>
          {sending ? "A enviar…" : "Confirmar pedido"}
        </button>
        <button type="button" className="btn btn-outline btn-small" disabled={sending} onClick={() => setOpen(false)}>
          Voltar
        </button>
      </div>
    </div>
  );
}
