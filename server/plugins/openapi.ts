// The OpenAPI document is generated from the routes' TypeBox schemas; registered before the routes.
import type { FastifyInstance } from "fastify";
import swagger from "@fastify/swagger";

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Loja API", description: "Shopper API (/api) and staff API (/admin/api).", version: "1.0.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
    },
  });
}

export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
