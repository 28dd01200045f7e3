// Generates the Prisma client offline. Prisma's CLI wants a schema-engine binary it would download;
// `generate` never runs it, so any existing file satisfies the check (docs/design/database.md#migrations).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const cli = require.resolve("prisma/build/index.js");
const result = spawnSync(process.execPath, [cli, "generate"], {
  stdio: ["ignore", "pipe", "inherit"],
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  },
});
if (result.status !== 0) {
  process.stderr.write(result.stdout);
  process.exit(result.status ?? 1);
}
