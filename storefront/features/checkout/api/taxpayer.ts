import { api } from "../../../lib/api-client.ts";

/**
 * GET /api/fiscal/taxpayer/:nif: the name the AGT knows a NIF by, when the shop has a fiscal provider
 * (docs/product/fiscal-documents.md#the-nif). Quiet: no provider, an unknown NIF or an outage just shows nothing.
 */
export async function taxpayerName(nif: string): Promise<string | null> {
  try {
    const reply = await api<{ success: true; name: string | null; active: boolean }>(`/api/fiscal/taxpayer/${encodeURIComponent(nif)}`, {
      quiet: true,
    });
    return reply.name;
  } catch {
    return null;
  }
}
