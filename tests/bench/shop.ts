// A production shop process for the browser benches (`node scripts/start.mjs` on a free port, apps already built).
// The tests' own helper (tests/helpers/shop-process.ts) needs vitest's inject(), so benches use this one.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export interface BenchShop {
  url: string;
  stop(): Promise<void>;
}

export async function startBenchShop(dataDir: string, env: Record<string, string> = {}): Promise<BenchShop> {
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, SKIP_BUILD: "1", LOG_LEVEL: "warn", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`shop did not start:\n${out}`)), 180_000);
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /Shop:\s+(http:\/\/\S+?)\/\s/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace("localhost", "127.0.0.1"));
      }
    });
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", (code) => reject(new Error(`shop exited with ${code}:\n${out}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, stop };
}
