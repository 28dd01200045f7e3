// Two validators: request bodies are checked strictly (no type coercion, unknown fields refused), while
// querystrings, params and headers, which arrive as text, may be coerced to the declared types.
// Fastify's default would silently strip unknown body fields and turn 123 into "123"; we want a clear 400.
import { Ajv, type Options } from "ajv";
import addFormatsModule from "ajv-formats";
import type { FastifyInstance, FastifySchema } from "fastify";

// ajv-formats ships CommonJS with a default export; under ESM interop it can arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;

const base: Options = { allErrors: false, strict: false, useDefaults: true, removeAdditional: false, keywords: ["example"] };

export function installValidators(app: FastifyInstance): void {
  const strict = addFormats(new Ajv({ ...base, coerceTypes: false }));
  const coercing = addFormats(new Ajv({ ...base, coerceTypes: "array" }));
  app.setValidatorCompiler(({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) =>
    (httpPart === "body" ? strict : coercing).compile(schema as object),
  );
}
