// One multipart reader for the shop's chat and the staff API (attachments, replies, product photos). Parsing
// is bounded once here: one file of at most MAX_ATTACHMENT_BYTES (a bigger one is a 413 with shared/chat.ts's
// message, via the error handler), a few small fields, never more buffered.
import fp from "fastify-plugin";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { MAX_ATTACHMENT_BYTES } from "../../shared/chat.ts";
import { AppError } from "../domain/errors.ts";

export interface MultipartForm {
  fields: Record<string, string>;
  file: { bytes: Uint8Array; fileName: string | null } | null;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Reads a multipart body: only the named text fields and one `file` part; anything else is a 400. */
    readForm(allowedFields: readonly string[]): Promise<MultipartForm>;
  }
}

async function readForm(this: FastifyRequest, allowedFields: readonly string[]): Promise<MultipartForm> {
  if (!this.isMultipart()) throw new AppError(415, "O pedido deve ser multipart/form-data");
  const form: MultipartForm = { fields: {}, file: null };
  for await (const part of this.parts()) {
    if (part.type === "file") {
      if (part.fieldname !== "file") throw new AppError(400, `Campo não permitido: ${part.fieldname}`);
      const bytes = await part.toBuffer();
      // A browser sends an empty, nameless part for an empty file input: that is no file.
      if (bytes.byteLength === 0 && !part.filename) continue;
      form.file = { bytes, fileName: part.filename || null };
    } else {
      if (!allowedFields.includes(part.fieldname)) throw new AppError(400, `Campo não permitido: ${part.fieldname}`);
      if (typeof part.value !== "string") throw new AppError(400, `Valor inválido no campo ${part.fieldname}`);
      if (part.valueTruncated) throw new AppError(413, `O campo ${part.fieldname} é demasiado longo`);
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}

export default fp(
  async (app) => {
    await app.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 64 * 1024, headerPairs: 100 } });
    app.decorateRequest("readForm", readForm);
  },
  { name: "multipart" },
);
