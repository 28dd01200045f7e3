// `npm start`: builds the storefront and console if their build is missing or stale, then runs the server in
// this same process (TypeScript through tsx), so SIGTERM/SIGINT reach its graceful shutdown directly.
import { register } from "tsx/esm/api";
import { buildApps } from "./build.mjs";

process.env.NODE_ENV ??= "production";
if (process.env.SKIP_BUILD !== "1") {
  try {
    await buildApps();
  } catch (error) {
    process.stderr.write(`loja: building the apps failed: ${error.message}\n`);
    process.exit(1);
  }
}
register();
await import("../server/main.ts");
