// `npm run staff:create | db:migrate | backup | restore`: runs the command-line tool from the server's bundle
// (scripts/bundle-server.mjs, rebuilt first when the sources changed), with plain node as `npm start` runs the shop.
// Usage: node scripts/cli.mjs <staff-create|db-migrate|backup|restore> [the tool's own arguments]
import { pathToFileURL } from "node:url";
import { SERVER_ENTRIES, bundleServer, bundledEntry } from "./bundle-server.mjs";

const name = process.argv[2];
if (!name || name === "main" || !(name in SERVER_ENTRIES)) {
  const tools = Object.keys(SERVER_ENTRIES).filter((entry) => entry !== "main");
  process.stderr.write(`usage: node scripts/cli.mjs <${tools.join("|")}> [arguments]\n`);
  process.exit(2);
}
// The tool reads its own arguments from process.argv (node:util parseArgs): they follow its name.
process.argv.splice(2, 1);
await bundleServer();
await import(pathToFileURL(bundledEntry(name)).href);
