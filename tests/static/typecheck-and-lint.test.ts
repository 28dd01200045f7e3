// The whole repository type-checks under strict TypeScript and respects the architecture rules in
// eslint.config.js (apps import only types from server/schemas, Prisma only in repositories, no cycles).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));

async function exec(cmd: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd: root, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: (e.stdout ?? "") + (e.stderr ?? "") };
  }
}

describe("static checks", () => {
  it("type-checks the whole repository (tsc --noEmit, strict)", async () => {
    const { code, output } = await exec(process.execPath, ["node_modules/typescript/bin/tsc", "--noEmit", "-p", "tsconfig.json"]);
    expect(output.trim(), output).toBe("");
    expect(code).toBe(0);
  });

  it("keeps the architecture's import rules (eslint)", async () => {
    const { code, output } = await exec(process.execPath, ["node_modules/eslint/bin/eslint.js", ".", "--max-warnings", "0"]);
    expect(code, output).toBe(0);
  });
});
