// GET /media/:publicId: product images and chat attachments. The unguessable id is the capability (DESIGN.md);
// files never change, so they are cached for a year, and never sniffed or run by the browser.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { findFile } from "../domain/media/service.ts";

const Params = Type.Object({ publicId: Type.String({ minLength: 16, maxLength: 32, pattern: "^[A-Za-z0-9_-]+$" }) });

export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, files } = app.deps;

  app.get("/media/:publicId", { schema: { hide: true, params: Params }, compress: false }, async (request, reply) => {
    const { publicId } = request.params;
    const file = await findFile(db.prisma, files, publicId);
    const etag = `"${file.sha256.slice(0, 32)}"`;
    reply
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .header("ETag", etag)
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header("Cross-Origin-Resource-Policy", "same-origin");
    if (file.fileName) reply.header("Content-Disposition", `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
    if (request.headers["if-none-match"] === etag) return reply.status(304).send();
    return reply.type(file.mimeType).send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  });
};
