// The staff API's money records are the server's schema types (server/schemas/admin-orders.ts).
export type { AdminPayment } from "../../server/schemas/admin-orders.ts";
