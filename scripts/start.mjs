// `npm start`: runs the server in this same process (TypeScript through tsx), so SIGTERM/SIGINT reach its
// graceful shutdown directly. The storefront and console are (re)built when missing or stale, while the
// database opens, migrates and seeds; the app is assembled once both are done.
import { register } from "tsx/esm/api";
import { buildApps } from "./build.mjs";

process.env.NODE_ENV ??= "production";
register();
const { main } = await import("../server/main.ts");
await main({ prepare: process.env.SKIP_BUILD === "1" ? undefined : () => buildApps() });
