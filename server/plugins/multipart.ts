// One multipart reader for the shop's chat and the staff API (attachments, replies, product photos). Parsing
// is bounded once here: one file of at most MAX_ATTACHMENT_BYTES (a bigger one is a 413 with shared/chat.ts's
// message), a few small fields. The file is streamed into the media store's temp folder as it arrives (docs/design/media.md:
// never buffered whole, never through the database), hashed on the way, at most at the per-client media rate (one
// client sending 10 MB files back to back must not fill the event loop with parsing and hashing); the temp file
// is removed after the response unless the request moved it into the store.
import { rm } from "node:fs/promises";
import fp from "fastify-plugin";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { ATTACHMENT_TOO_LARGE, MAX_ATTACHMENT_BYTES } from "../../shared/chat.ts";
import { AppError } from "../domain/errors.ts";
import { receiveFile, type IncomingFile } from "../domain/media/incoming.ts";
import { BandwidthLimiter } from "../domain/media/bandwidth.ts";
import { assertDiskSpace } from "../domain/media/disk-space.ts";

/** A route's own file limit, below the plugin's, with the 413's message (e.g. a bank statement's 5 MB). */
export interface FormLimits {
  maxFileBytes: number;
  tooLarge: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: IncomingFile | null;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Reads a multipart body: only the named text fields and one `file` part; anything else is a 400. */
    readForm(allowedFields: readonly string[], limits?: FormLimits): Promise<MultipartForm>;
    /** Temp files of this request's upload, removed once it is answered. */
    uploadTemps: string[] | null;
  }
  interface FastifyInstance {
    /** Paces uploads per client address (separate from the /media download cap). */
    uploadBandwidth: BandwidthLimiter;
  }
}

async function readForm(this: FastifyRequest, allowedFields: readonly string[], limits?: FormLimits): Promise<MultipartForm> {
  try {
    return await readParts(this, allowedFields, limits);
  } catch (error) {
    if (limits && (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw new AppError(413, limits.tooLarge);
    throw error;
  }
}

async function readParts(request: FastifyRequest, allowedFields: readonly string[], limits?: FormLimits): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, "O pedido deve ser multipart/form-data");
  const form: MultipartForm = { fields: {}, file: null };
  const tempDir = request.server.deps.media.tempDir;
  for await (const part of request.parts(limits ? { limits: { fileSize: limits.maxFileBytes } } : undefined)) {
    if (part.type === "file") {
      if (part.fieldname !== "file") throw new AppError(400, `Campo não permitido: ${part.fieldname}`);
      await assertDiskSpace(tempDir, request.server.deps.config.mediaMinFreeBytes);
      const file = await receiveFile(part.file, tempDir, part.filename || null, request.server.uploadBandwidth.throttle(request.ip));
      (request.uploadTemps ??= []).push(file.path);
      if (part.file.truncated) throw new AppError(413, limits?.tooLarge ?? ATTACHMENT_TOO_LARGE);
      // A browser sends an empty, nameless part for an empty file input: that is no file.
      if (file.size === 0 && !part.filename) continue;
      form.file = file;
    } else {
      if (!allowedFields.includes(part.fieldname)) throw new AppError(400, `Campo não permitido: ${part.fieldname}`);
      if (typeof part.value !== "string") throw new AppError(400, `Valor inválido no campo ${part.fieldname}`);
      if (part.valueTruncated) throw new AppError(413, `O campo ${part.fieldname} é demasiado longo`);
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}

async function removeTemps(request: FastifyRequest): Promise<void> {
  if (request.uploadTemps) await Promise.all(request.uploadTemps.map((file) => rm(file, { force: true })));
}

export default fp(
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 64 * 1024, headerPairs: 100 },
    });
    app.decorate("uploadBandwidth", new BandwidthLimiter());
    app.decorateRequest("readForm", readForm);
    app.decorateRequest("uploadTemps", null);
    app.addHook("onResponse", removeTemps);
    app.addHook("onRequestAbort", removeTemps);
  },
  { name: "multipart" },
);
