import type { ReturnRequestBody } from "../../../../server/schemas/returns.ts";
import { api } from "../../../lib/api-client.ts";

/**
 * Asks to return or exchange units of a delivered order (docs/product/returns.md#asking). A refusal (past the window,
 * the size gone meanwhile) is toasted with the server's reason by the API client.
 */
export const askReturn = async (body: ReturnRequestBody): Promise<{ returnId: string; status: string }> =>
  api<{ success: true; returnId: string; status: string }>("/api/order/return", { body });
