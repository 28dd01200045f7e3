// Multipart parsing itself (limits: one file of at most 10 MB) is registered once by app.ts.
import type { FastifyRequest } from "fastify";
import { AppError } from "../../domain/errors.ts";

export interface MultipartForm {
  fields: Record<string, string>;
  file: { bytes: Uint8Array; fileName: string | null; field: string } | null;
}

/** Reads a multipart body: only the named text fields and one `file` part; anything else is a 400. */
export async function readMultipart(request: FastifyRequest, allowedFields: readonly string[]): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, "O pedido deve ser multipart/form-data");
  const form: MultipartForm = { fields: {}, file: null };
  for await (const part of request.parts()) {
    if (part.type === "file") {
      if (part.fieldname !== "file") throw new AppError(400, `Campo não permitido: ${part.fieldname}`);
      const bytes = await part.toBuffer();
      form.file = { bytes, fileName: part.filename || null, field: part.fieldname };
    } else {
      if (!allowedFields.includes(part.fieldname)) throw new AppError(400, `Campo não permitido: ${part.fieldname}`);
      if (typeof part.value !== "string") throw new AppError(400, `Valor inválido no campo ${part.fieldname}`);
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}
