// npm run staff:create -- --email E [--password P] [--name N] --role admin|support
// Works before the first start: it applies migrations itself. On the embedded database it takes the data-dir
// lock, so run it while the shop is stopped.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { DataDirLockedError, lockDataDir } from "../db/lock.ts";
import { migrate } from "../db/migrate.ts";
import { AppError } from "../domain/errors.ts";
import { createStaffAccount } from "../domain/users/service.ts";

function fail(message: string): never {
  process.stderr.write(`staff:create: ${message}\n`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    name: { type: "string" },
    role: { type: "string", default: "admin" },
  },
  strict: true,
});
if (!values.email) fail("--email is required");
if (values.role !== "admin" && values.role !== "support") fail("--role must be admin or support");

process.umask(0o077); // files it creates in DATA_DIR are the shop user's alone
let release: () => Promise<void> = async () => {};
try {
  const config = loadConfig();
  if (!config.databaseUrl) release = await lockDataDir(config.dataDir);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const password = values.password ?? randomBytes(12).toString("base64url");
    const user = await createStaffAccount(db.prisma, { email: values.email, name: values.name, password, role: values.role });
    process.stdout.write(`Created ${user.role} ${user.email}${values.password ? "" : ` with password: ${password}`}\n`);
  } finally {
    await db.close();
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof AppError) fail(error.message);
  fail((error as Error).message);
} finally {
  await release();
}
