// Two validators: request bodies are checked strictly (no type coercion, unknown fields refused), while
// querystrings, params and headers, which arrive as text, may be coerced to the declared types.
// Fastify's default would silently strip unknown body fields and turn 123 into "123"; we want a clear 400.
//
// Validators and response serializers are compiled once per process, not once per app: route schemas are
// module-level objects, so another app built in the same process (the API tests build one or more per test file)
// finds them compiled (ajv caches by schema object; serializers are kept by schema object below). Compiling them
// was ~0.5 s of CPU per app.
import { Ajv, type Options } from "ajv";
import addFormatsModule from "ajv-formats";
import fastJsonStringify from "fast-json-stringify";
import type { FastifyInstance, FastifySchema } from "fastify";

// ajv-formats ships CommonJS with a default export; under ESM interop it can arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv,
) => Ajv;

const base: Options = { allErrors: false, strict: false, useDefaults: true, removeAdditional: false, keywords: ["example"] };
const strict = addFormats(new Ajv({ ...base, coerceTypes: false }));
const coercing = addFormats(new Ajv({ ...base, coerceTypes: "array" }));

type Serializer = (document: unknown) => string;
const serializers = new WeakMap<object, Serializer>();

function serializerFor(schema: object): Serializer {
  let serializer = serializers.get(schema);
  if (!serializer) {
    serializer = fastJsonStringify(schema) as Serializer;
    serializers.set(schema, serializer);
  }
  return serializer;
}

export function installSchemaCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) =>
    (httpPart === "body" ? strict : coercing).compile(schema as object),
  );
  app.setSerializerCompiler(({ schema }: { schema: object }) => serializerFor(schema));
}
