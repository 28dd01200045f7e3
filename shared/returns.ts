// Returns and exchanges as every part of Loja sees them (docs/product/returns.md): the statuses and their one-way
// moves, the reasons a shopper gives, the two resolutions, the window, and the words the shop says.

import { shortOrderId } from "./orders.ts";

export const RETURN_REQUESTED = "Pedido";
export const RETURN_APPROVED = "Aprovada";
export const RETURN_REFUSED = "Recusada";
export const RETURN_RECEIVED = "Recebida";
export const RETURN_CONCLUDED = "Concluída";

export const RETURN_STATUSES = [RETURN_REQUESTED, RETURN_APPROVED, RETURN_REFUSED, RETURN_RECEIVED, RETURN_CONCLUDED] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const isReturnStatus = (value: string): value is ReturnStatus => (RETURN_STATUSES as readonly string[]).includes(value);

/** The only moves: no step skipped, nothing goes back. */
export const RETURN_MOVES: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  Pedido: [RETURN_APPROVED, RETURN_REFUSED],
  Aprovada: [RETURN_RECEIVED],
  Recusada: [],
  Recebida: [RETURN_CONCLUDED],
  Concluída: [],
};

/** Statuses whose units still count as asked (a refused request frees them to be asked again). */
export const isOpenOrDone = (status: string): boolean => status !== RETURN_REFUSED;

export const RETURN_REASONS = ["defeito", "tamanho", "diferente do anunciado", "desistência"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Readonly<Record<ReturnReason, string>> = {
  defeito: "Defeito",
  tamanho: "Tamanho errado",
  "diferente do anunciado": "Diferente do anunciado",
  desistência: "Desistência",
};

export const RETURN_RESOLUTIONS = ["refund", "exchange"] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];
export const RETURN_RESOLUTION_LABELS: Readonly<Record<ReturnResolution, string>> = { refund: "Reembolso", exchange: "Troca de tamanho" };

/** How the console colours each status (MUI palette names). */
export const RETURN_STATUS_TONE: Readonly<Record<ReturnStatus, "warning" | "info" | "primary" | "success" | "error">> = {
  Pedido: "warning",
  Aprovada: "info",
  Recusada: "error",
  Recebida: "primary",
  Concluída: "success",
};

/** The window when the shop has no setting yet; 0 turns returns off. */
export const DEFAULT_RETURN_WINDOW_DAYS = 7;
export const MAX_RETURN_WINDOW_DAYS = 365;
export const MAX_RETURN_POLICY_LENGTH = 4000;
export const MAX_RETURN_NOTE_LENGTH = 1000;

const DAY_MS = 86_400_000;

/** Until when a delivered order may be returned, or null (not delivered, or returns off). */
export function returnDeadline(deliveredAt: Date | string | null, windowDays: number): Date | null {
  if (!deliveredAt || windowDays <= 0) return null;
  return new Date(new Date(deliveredAt).getTime() + windowDays * DAY_MS);
}

export const RETURN_WINDOW_OVER = "O prazo de devolução terminou";
export const RETURNS_OFF = "Esta loja não aceita devoluções pelo site: fale connosco na conversa do pedido";
export const RETURN_NOT_DELIVERED = "Só pode pedir devolução ou troca depois de o pedido ser entregue";
export const REFUND_NEEDS_ADMIN = "Só um administrador pode concluir um reembolso";

/** The title of the storefront's action and of the footer's page. */
export const ASK_RETURN = "Pedir devolução ou troca";
export const RETURNS_PAGE_TITLE = "Trocas e devoluções";
export const RETURNS_PAGE_PATH = "/trocas-e-devolucoes";

/** A return's short id, as staff and the shopper read it (the last 6 characters, like an order's). */
export const shortReturnId = (id: string): string => shortOrderId(id);
/** How a return's steps are named in its order's history ("Devolução #ABC123: Aprovada"): one return's steps told apart. */
export const returnHistoryStatus = (returnId: string, status: string): string => `Devolução #${shortReturnId(returnId)}: ${status}`;
