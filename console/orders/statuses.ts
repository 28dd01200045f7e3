import type { OrderStatus } from "../../server/schemas/admin-orders.ts";

// Types only may come from server/schemas (DESIGN.md), so the order of the tabs is spelled here.
export const ORDER_STATUS_VALUES: readonly OrderStatus[] = ["Aguardando Pagamento", "Pagamento Confirmado", "Em Preparação", "Enviado", "Entregue", "Cancelado"];
