// The house as the docs draw it (docs/design/architecture.md): every top-level folder of server/ and every job is
// named there; and the lint carries the layers: two files that import each other, or a domain file that imports a
// listener layer, fail ESLint (npm run check).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const architecture = readFileSync(path.join(root, "docs/design/architecture.md"), "utf8");

describe("docs/design/architecture.md", () => {
  it("names every top-level folder of server/", () => {
    const folders = readdirSync(path.join(root, "server"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((f) => !architecture.includes(`${f}/`))).toEqual([]);
  });

  it("names every job of server/jobs/", () => {
    const jobs = readdirSync(path.join(root, "server/jobs"))
      .filter((f) => f.endsWith(".ts") && f !== "index.ts" && f !== "job.ts")
      .map((f) => f.replace(/\.ts$/, ""));
    expect(jobs.filter((j) => !architecture.includes(j))).toEqual([]);
  });
});

describe("the lint carries the layers", () => {
  it("fails two domain files that import each other, and a domain file that imports the socket hub", async () => {
    const dir = path.join(root, "server/domain/zz-lint-probe");
    mkdirSync(dir, { recursive: true });
    try {
      writeFileSync(path.join(dir, "a.ts"), 'import { b } from "./b.ts";\nexport const a = (): unknown => b;\n');
      writeFileSync(path.join(dir, "b.ts"), 'import { a } from "./a.ts";\nexport const b = (): unknown => a;\n');
      writeFileSync(path.join(dir, "c.ts"), 'import { Hub } from "../../realtime/hub.ts";\nexport const c = Hub;\n');
      // The project's own config, with only the import rules run and no type information: the layers and cycles
      // need none, and building the TypeScript program of the whole project cost ~40 s of the suite.
      const eslint = new ESLint({
        cwd: root,
        ruleFilter: ({ ruleId }) => ruleId.startsWith("import-x/"),
        overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
      });
      const results = await eslint.lintFiles([path.join(dir, "*.ts")]);
      const rules = results.flatMap((r) => r.messages.map((m) => `${path.basename(r.filePath)} ${m.ruleId}`));
      expect(rules).toEqual(
        expect.arrayContaining(["a.ts import-x/no-cycle", "b.ts import-x/no-cycle", "c.ts import-x/no-restricted-paths"]),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
