// Shared bounds for every edge contract (TypeBox → JSON Schema → Fastify validation and OpenAPI).
import { Type, type TSchema } from "typebox";
import { MAX_AMOUNT } from "../../shared/money.ts";

/** cuid ids as Prisma makes them; shape only, existence is the domain's job. */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" });
/** Ordinary text fields: at most 255 characters unless a longer one is meant. */
export const ShortText = (opts: { minLength?: number; maxLength?: number } = {}) =>
  Type.String({ minLength: opts.minLength ?? 0, maxLength: opts.maxLength ?? 255 });
export const Email = Type.String({ minLength: 3, maxLength: 254, format: "email" });
export const Password = Type.String({ minLength: 1, maxLength: 128 });
/** Kwanza, as the Decimal(12,2) columns hold them (above is a Portuguese 400, not the database's overflow). */
export const Money = Type.Number({ minimum: 0, maximum: MAX_AMOUNT });
/** The one error shape (docs/design/contracts.md#errors): every failure, every status. */
const ErrorReply = Type.Object({ success: Type.Literal(false), message: Type.String() });

/** Standard error responses a route declares next to its success schema. */
export const errorResponses = (...codes: number[]): Record<number, TSchema> => Object.fromEntries(codes.map((c) => [c, ErrorReply]));

/** Request bodies never accept unknown fields. */
export const StrictObject = <T extends Record<string, TSchema>>(props: T) => Type.Object(props, { additionalProperties: false });

/** Optional `Idempotency-Key` (order placement, guest cart merge): a request retried with the same key acts once. */
export const IdempotencyHeaders = Type.Object({ "idempotency-key": Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) });
