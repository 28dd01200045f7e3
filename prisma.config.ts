// Prisma 7 reads its CLI configuration here. The app itself never uses a URL from this file:
// server/db/client.ts picks the driver adapter (PGlite or pg) at run time.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
