import type { FastifyReply } from "fastify";
import { contentRange } from "../../domain/admin/list-params.ts";

/** Sends a list the way ra-data-simple-rest reads it: the rows as the body, the total in an exposed Content-Range. */
export function sendList<T>(reply: FastifyReply, resource: string, skip: number, result: { rows: T[]; total: number }): T[] {
  reply.header("Content-Range", contentRange(resource, skip, result.rows.length, result.total));
  reply.header("Access-Control-Expose-Headers", "Content-Range");
  reply.header("Cache-Control", "no-store");
  return result.rows;
}
