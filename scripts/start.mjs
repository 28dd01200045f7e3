// `npm start`: runs the server in this same process, so SIGTERM/SIGINT reach its graceful shutdown directly. The
// server runs from its bundle (scripts/bundle-server.mjs: plain JavaScript, built from the TypeScript sources when
// they changed). The storefront and console are (re)built when missing or stale, while the database opens, migrates
// and seeds; the app is assembled once both are done.
import { pathToFileURL } from "node:url";
import { buildApps } from "./build.mjs";
import { bundleServer } from "./bundle-server.mjs";

// Production mode for the libraries; when the operator did not set it, this is the local embedded shop, whose
// links may stay on http://localhost:PORT (a deployment sets NODE_ENV or DATABASE_URL, and then PUBLIC_URL).
const nodeEnvDefaulted = process.env.NODE_ENV === undefined;
process.env.NODE_ENV ??= "production";
const { main } = await import(pathToFileURL(await bundleServer()).href);
await main({ prepare: process.env.SKIP_BUILD === "1" ? undefined : () => buildApps(), nodeEnvDefaulted });
