// Dispatch (docs/product/orders.md#dispatch): what staff say when an order leaves (carrier, tracking, driver's phone,
// expected date) or, for a pickup order, that it is ready to collect, where and until when. The chat message, the
// e-mail and the shopper's /orders read the same lines.
import { luandaParts } from "./dates.ts";

/** How long a pickup order waits at the point when staff say nothing else. */
export const PICKUP_HOLD_DAYS = 7;
export const READY_FOR_PICKUP = "Pronto para levantar";

export interface Shipment {
  /** When staff moved the order to Enviado. */
  at: string;
  carrier?: string;
  trackingCode?: string;
  trackingUrl?: string;
  driverPhone?: string;
  /** Delivery: when it should arrive. */
  expectedAt?: string;
  /** A pickup order: where it waits and until when. */
  pickup?: { name: string; address: string; hours?: string; until: string };
}

/** "24/11/2026" in Luanda's calendar. */
export function luandaDay(iso: string): string {
  const p = luandaParts(new Date(iso));
  return p ? `${p.day}/${p.month}/${p.year}` : "";
}

/** The shipment as lines of text, in the order the shopper reads them. */
export function shipmentLines(s: Shipment): string[] {
  const lines: string[] = [];
  if (s.pickup) {
    lines.push(`${READY_FOR_PICKUP} em ${s.pickup.name}: ${s.pickup.address}`);
    if (s.pickup.hours) lines.push(`Horário: ${s.pickup.hours}`);
    lines.push(`Levante até ${luandaDay(s.pickup.until)}`);
  }
  if (s.carrier) lines.push(`Transportadora: ${s.carrier}`);
  if (s.trackingCode) lines.push(`Código de seguimento: ${s.trackingCode}`);
  if (s.trackingUrl) lines.push(`Seguir a encomenda: ${s.trackingUrl}`);
  if (s.driverPhone) lines.push(`Telefone do motorista: ${s.driverPhone}`);
  if (s.expectedAt && !s.pickup) lines.push(`Entrega prevista: ${luandaDay(s.expectedAt)}`);
  return lines;
}
