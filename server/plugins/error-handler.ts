// One error shape for every failure: `{ success: false, message }` in Portuguese with a fitting 4xx status.
// 5xx details never reach the client; they are logged.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Prisma } from "../db/client.ts";
import { ATTACHMENT_TOO_LARGE } from "../../shared/chat.ts";
import { MAX_AMOUNT, amountTooLarge } from "../../shared/money.ts";
import { AppError, SESSION_EXPIRED } from "../domain/errors.ts";
import { StripeUnavailableError } from "../integrations/stripe.ts";

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

function fieldName(issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
  return path || "pedido";
}

function describeValidation(issue: ValidationIssue | undefined, context: string | undefined): string {
  if (!issue) return "Dados inválidos";
  const field = fieldName(issue);
  switch (issue.keyword) {
    case "required":
      return `Campo obrigatório em falta: ${String(issue.params.missingProperty)}`;
    case "additionalProperties":
      return `Campo não permitido: ${String(issue.params.additionalProperty)}`;
    case "type":
      return field === "pedido" && context === "body" ? "O corpo do pedido deve ser um objeto JSON" : `Tipo inválido no campo ${field}`;
    case "maxLength":
    case "maxItems":
      return `O campo ${field} é demasiado longo`;
    case "minLength":
    case "minItems":
      return `O campo ${field} é demasiado curto`;
    case "format":
      return `Formato inválido no campo ${field}`;
    case "maximum":
      return issue.params.limit === MAX_AMOUNT ? amountTooLarge(`O campo ${field}`) : `Valor inválido no campo ${field}`;
    default:
      return `Valor inválido no campo ${field}`;
  }
}

/** Fastify's own client errors (bad JSON, wrong media type, too large…), in Portuguese. */
const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "JSON inválido no corpo do pedido"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "O corpo do pedido está vazio"],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "Pedido demasiado grande"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "Tipo de conteúdo não suportado"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "Tamanho do pedido inválido"],
  FST_REQ_FILE_TOO_LARGE: [413, ATTACHMENT_TOO_LARGE],
  FST_PARTS_LIMIT: [413, "Demasiadas partes no pedido"],
  FST_FILES_LIMIT: [413, "Só é permitido um ficheiro por mensagem"],
  FST_FIELDS_LIMIT: [413, "Demasiados campos no pedido"],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, "O pedido deve ser multipart/form-data"],
  FST_PROTO_VIOLATION: [400, "Pedido inválido"],
  FST_ERR_BAD_URL: [400, "Endereço inválido"],
  FST_ERR_MAX_PARAM_LENGTH: [414, "Endereço demasiado longo"],
  FST_ERR_ASYNC_CONSTRAINT: [400, "Pedido inválido"],
};

/** The multipart parser (busboy) fails on a truncated or malformed form with plain Errors: the client's fault. */
const MALFORMED_MULTIPART =
  /^(Unexpected end of multipart data|Multipart: Boundary not found|\w+ terminated early due to unexpected end of multipart data|Malformed part header)$/;

/**
 * The PostgreSQL SQLSTATE behind a Prisma error, when a driver adapter reported one. Class 22 ("data exception":
 * a NUL byte in text, a number out of range…) is always about a value the client sent: a 400, not a 500.
 */
function postgresCode(error: { meta?: Record<string, unknown> }): string | undefined {
  const adapter = error.meta?.driverAdapterError as { cause?: { originalCode?: unknown } } | undefined;
  return typeof adapter?.cause?.originalCode === "string" ? adapter.cause.originalCode : undefined;
}

/** The constraint a driver adapter names in a constraint violation (raw queries included). */
function violatedConstraint(error: { meta?: Record<string, unknown> }): string {
  const adapter = error.meta?.driverAdapterError as { cause?: { constraint?: { index?: unknown } } } | undefined;
  const index = adapter?.cause?.constraint?.index;
  return typeof index === "string" ? index : "";
}

type ShopError = FastifyError & { extra?: Record<string, unknown> };

/** The status and Portuguese message an error answers with; 5xx details stay in the log. */
function describeError(error: ShopError): { status: number; message: string; extra?: Record<string, unknown> } {
  let status = 500;
  let message = "Erro interno do servidor. Tente novamente.";
  let extra: Record<string, unknown> | undefined;

  if (error instanceof AppError || error instanceof StripeUnavailableError) {
    status = error.status;
    message = error.message;
    extra = error instanceof AppError ? error.extra : undefined;
  } else if (error.validation) {
    status = 400;
    message = describeValidation(error.validation[0] as ValidationIssue | undefined, error.validationContext);
  } else if (!error.code && MALFORMED_MULTIPART.test(error.message)) {
    [status, message] = [400, "Formulário multipart inválido"];
  } else if (error.code && FASTIFY_CODES[error.code]) {
    [status, message] = FASTIFY_CODES[error.code]!;
  } else if (error instanceof Prisma.PrismaClientKnownRequestError) {
    const sqlState = postgresCode(error);
    const foreignKey = error.code === "P2003" || sqlState === "23503";
    // Every user_id we write comes from the session's token: if it references no account, the account is gone
    // (deleted after the token was issued) and the session with it.
    if (foreignKey && /_user_id_fkey$/.test(violatedConstraint(error))) [status, message] = [401, SESSION_EXPIRED];
    else if (error.code === "P2002" || sqlState === "23505") [status, message] = [409, "Este registo já existe"];
    else if (error.code === "P2025") [status, message] = [404, "Não encontrado"];
    else if (foreignKey) [status, message] = [409, "Este registo está a ser usado noutro lado"];
    else if (/^22/.test(sqlState ?? "")) [status, message] = [400, "Dados inválidos no pedido"];
  } else if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
    status = error.statusCode;
    message =
      status === 429 ? "Demasiados pedidos. Aguarde um pouco e tente novamente." : status === 404 ? "Não encontrado" : "Pedido inválido";
  }
  return { status, message, extra };
}

function sendError(error: ShopError, request: FastifyRequest, reply: FastifyReply) {
  const { status, message, extra } = describeError(error);
  if (status >= 500) request.log.error({ err: error }, "request failed");
  else request.log.info({ status, code: error.code, msg: message }, "request refused");
  return reply
    .status(status)
    .type("application/json; charset=utf-8")
    .send({ success: false, message, ...extra });
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: ShopError, request, reply) => sendError(error, request, reply));
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route matched (a path segment over
 * `maxParamLength`, 414; a %-escape it cannot decode, 400). Fastify hands these to a bare request that skips every
 * hook and the error handler, so `headers` first gives the reply what an `onRequest` hook gives every other one
 * (security headers, no-store); then the one error shape (docs/design/contracts.md#errors).
 */
export function routerErrors(
  headers: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    headers(request, reply, () => void sendError(error, request, reply));
  };
}
