// `npm start`: runs the server in this same process (TypeScript through tsx), so SIGTERM/SIGINT reach its
// graceful shutdown directly. The storefront and console are (re)built when missing or stale, while the
// database opens, migrates and seeds; the app is assembled once both are done.
import { register } from "tsx/esm/api";
import { buildApps } from "./build.mjs";

// Production mode for the libraries; when the operator did not set it, this is the local embedded shop, whose
// links may stay on http://localhost:PORT (a deployment sets NODE_ENV or DATABASE_URL, and then PUBLIC_URL).
const nodeEnvDefaulted = process.env.NODE_ENV === undefined;
process.env.NODE_ENV ??= "production";
register();
const { main } = await import("../server/main.ts");
await main({ prepare: process.env.SKIP_BUILD === "1" ? undefined : () => buildApps(), nodeEnvDefaulted });
