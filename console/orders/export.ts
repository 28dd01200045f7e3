// The orders list's "Exportar" file (docs/product/console.md#exports-of-the-lists): one row per order with its
// customer, delivery address, payment and money; the lines as "2 × Camisa (M)".
import type { AdminOrder } from "../../server/schemas/admin-orders.ts";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "../../shared/orders.ts";
import { csvExporter, exportDateTime, type ExportColumn } from "../lib/csv-export.ts";

const column = (key: string, value: ExportColumn<AdminOrder>["value"]): ExportColumn<AdminOrder> => ({
  header: `loja.exports.${key}`,
  value,
});

export const ORDER_EXPORT_COLUMNS: readonly ExportColumn<AdminOrder>[] = [
  column("order", (o) => `#${o.shortId}`),
  column("order_id", (o) => o.id),
  column("date", (o) => exportDateTime(o.createdAt)),
  column("status", (o) => o.status),
  column("customer", (o) => o.customer.name),
  column("account_email", (o) => o.customer.email),
  column("delivery_name", (o) => `${o.address.firstName} ${o.address.lastName}`.trim()),
  column("delivery_email", (o) => o.address.email),
  column("phone", (o) => o.address.phone),
  column("street", (o) => o.address.street),
  column("neighborhood", (o) => o.address.neighborhood),
  column("landmark", (o) => o.address.landmark),
  column("city", (o) => o.address.city),
  column("province", (o) => o.address.state),
  column("zipcode", (o) => o.address.zipcode),
  column("country", (o) => o.address.country),
  column("delivery", (o) => o.delivery?.name),
  column("payment_method", (o) => PAYMENT_METHOD_LABELS[o.paymentMethod as PaymentMethod] ?? o.paymentMethod),
  column("payment_reference", (o) => o.paymentReference),
  column("items", (o) => o.lines.map((l) => `${l.quantity} × ${l.name}${l.size ? ` (${l.size})` : ""}`).join("; ")),
  column("subtotal", (o) => o.subtotal),
  column("delivery_fee", (o) => o.deliveryFee),
  column("coupon", (o) => o.coupon?.code),
  column("discount", (o) => o.coupon?.discount),
  column("total", (o) => o.totalAmount),
  column("paid", (o) => o.amountPaid),
  column("refunded", (o) => o.amountRefunded),
];

export const orderExporter = csvExporter("pedidos", ORDER_EXPORT_COLUMNS);
