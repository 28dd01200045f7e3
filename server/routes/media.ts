// GET /media/:publicId: product images and chat attachments (docs/design/media.md#serving). The unguessable id is the
// capability. Bytes are streamed from the media store, never through the database, in ranges when asked, and at
// most at a per-client rate (two clients re-fetching a 10 MB file must not starve the shop). Files never
// change: the ETag is their sha256; product images cache publicly for a year, attachments only in the browser.
import { pipeline } from "node:stream";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { AppError } from "../domain/errors.ts";
import { BandwidthLimiter } from "../domain/media/bandwidth.ts";
import { sanitizeFileName } from "../domain/media/file-name.ts";
import { parseRange } from "../domain/media/range.ts";
import { findFile, isPublicMedia } from "../domain/media/service.ts";
import { MediaMissingError } from "../domain/media/store.ts";

const Params = Type.Object({ publicId: Type.String({ minLength: 16, maxLength: 32, pattern: "^[A-Za-z0-9_-]+$" }) });
const YEAR = 31536000;

/** `inline` with the name: an ASCII fallback for old clients and the exact UTF-8 name (RFC 6266). */
function contentDisposition(fileName: string): string {
  const ascii = fileName.normalize("NFD").replace(/[^\x20-\x7e]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const matchesEtag = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(",").some((tag) => ["*", etag, `W/${etag}`].includes(tag.trim()));

export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, files, media } = app.deps;
  const bandwidth = new BandwidthLimiter();

  app.get("/media/:publicId", { schema: { hide: true, params: Params }, compress: false }, async (request, reply) => {
    const file = await findFile(db.prisma, files, request.params.publicId);
    const etag = `"${file.sha256}"`;
    const fileName = sanitizeFileName(file.fileName);
    reply
      .header("Cache-Control", isPublicMedia(file.kind) ? `public, max-age=${YEAR}, immutable` : `private, max-age=${YEAR}`)
      .header("ETag", etag)
      .header("Accept-Ranges", "bytes")
      .header("X-Content-Type-Options", "nosniff")
      .header("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header("Cross-Origin-Resource-Policy", "same-origin");
    if (fileName) reply.header("Content-Disposition", contentDisposition(fileName));
    if (matchesEtag(request.headers["if-none-match"], etag)) return reply.status(304).send();

    // If-Range: a range of this very file, or the whole file when the client's copy is another one.
    const ifRange = request.headers["if-range"];
    const range = ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, file.size) : undefined;
    if (range === "unsatisfiable") return reply.status(416).header("Content-Range", `bytes */${file.size}`).send();
    let source;
    try {
      source = await media.read(file.sha256, range);
    } catch (error) {
      if (!(error instanceof MediaMissingError)) throw error;
      request.log.error({ sha256: file.sha256 }, "media row without its file in the media store");
      throw new AppError(404, "Ficheiro não encontrado");
    }
    if (range) reply.status(206).header("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
    reply.header("Content-Length", range ? range.end - range.start + 1 : file.size).type(file.mimeType);
    // An error half-way (a disk or the bucket failing) ends the response early: the client sees a short body.
    return reply.send(pipeline(source, bandwidth.throttle(request.ip), () => undefined));
  });
};
