// Webhooks whose JSON body is signed with an HMAC-SHA256 of its exact bytes (ProxyPay's X-Signature, Meta's
// X-Hub-Signature-256; docs/design/architecture.md#signed-webhooks): the route's plugin keeps the body as bytes,
// the signature is checked on those bytes (integrations/hmac.ts), and only then is the JSON parsed.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../domain/errors.ts";

/** JSON bodies reach this plugin's routes as bytes (encapsulated: other plugins still get parsed JSON). */
export function keepRawJsonBodies(app: FastifyInstance): void {
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
}

/**
 * The request's JSON body once `verify` accepts its bytes and the `header` it came with: 401 when it does not
 * (missing, malformed or forged), 400 when the signed bytes are not JSON.
 */
export function readSignedJson(
  request: FastifyRequest,
  header: string,
  verify: (raw: Buffer, signature: string | undefined) => boolean,
): unknown {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const signature = request.headers[header];
  if (!verify(raw, typeof signature === "string" ? signature : undefined)) throw new AppError(401, "Assinatura inválida");
  try {
    return JSON.parse(raw.toString("utf8")) as unknown;
  } catch {
    throw new AppError(400, "Notificação inválida");
  }
}
