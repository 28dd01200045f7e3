// An order's fiscal documents on /orders (docs/product/fiscal-documents.md#where-people-look): the NIF it was placed
// with, each document's type, number and PDF once issued, or that it is on its way.
import { FISCAL_TYPE_LABELS } from "../../../shared/fiscal.ts";
import type { Order } from "./api/user-orders.ts";

export function FiscalDocumentsText({ order }: { order: Pick<Order, "nif" | "fiscalDocuments" | "payment"> }) {
  // `?? []`: an answer from a server before fiscal documents (a deploy in progress) has none.
  const shown = (order.fiscalDocuments ?? []).filter((d) => d.status !== "rejected" && d.status !== "failed");
  if (!order.nif && shown.length === 0) return null;
  return (
    <div className="order-fiscal" data-testid="order-fiscal">
      {order.nif && <p className="muted">NIF: {order.nif}</p>}
      {shown.map((d) =>
        d.status === "issued" && d.number ? (
          <p key={d.id}>
            {FISCAL_TYPE_LABELS[d.type]} {d.number}
            {d.url && (
              <>
                {" · "}
                <a
                  href={d.url}
                  target="_blank"
                  rel="noopener"
                  download
                  aria-label={`Descarregar ${FISCAL_TYPE_LABELS[d.type]} ${d.number} (PDF)`}
                >
                  Descarregar PDF
                </a>
              </>
            )}
          </p>
        ) : (
          <p key={d.id} className="muted">
            {FISCAL_TYPE_LABELS[d.type]}: a ser emitida
          </p>
        ),
      )}
    </div>
  );
}
