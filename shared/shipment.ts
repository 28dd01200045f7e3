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

/**
 * One thing staff said at dispatch: "Transportadora" and its value; `href` for the tracking link; `phrase` when label
 * and value read as one sentence ("Levante até 01/12/2026"), without a colon.
 */
export interface ShipmentFact {
  label: string;
  value: string;
  href?: string;
  phrase?: true;
}

/** The shipment as facts, in the order the shopper reads them (the /orders card shows them as label and value). */
export function shipmentFacts(s: Shipment): ShipmentFact[] {
  const facts: ShipmentFact[] = [];
  if (s.pickup) {
    facts.push({ label: `${READY_FOR_PICKUP} em ${s.pickup.name}`, value: s.pickup.address });
    if (s.pickup.hours) facts.push({ label: "Horário", value: s.pickup.hours });
    facts.push({ label: "Levante até", value: luandaDay(s.pickup.until), phrase: true });
  }
  if (s.carrier) facts.push({ label: "Transportadora", value: s.carrier });
  if (s.trackingCode) facts.push({ label: "Código de seguimento", value: s.trackingCode });
  if (s.trackingUrl) facts.push({ label: "Seguir a encomenda", value: s.trackingUrl, href: s.trackingUrl });
  if (s.driverPhone) facts.push({ label: "Telefone do motorista", value: s.driverPhone });
  if (s.expectedAt && !s.pickup) facts.push({ label: "Entrega prevista", value: luandaDay(s.expectedAt) });
  return facts;
}

/** The shipment as lines of text (the chat message, the e-mail, the console): "Transportadora: …". */
export const shipmentLines = (s: Shipment): string[] => shipmentFacts(s).map((f) => `${f.label}${f.phrase ? "" : ":"} ${f.value}`);
