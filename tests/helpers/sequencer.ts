// The order test files start in. Vitest starts the files it knows to be slow first, from its cache of earlier runs;
// on a fresh clone (CI) it knows nothing and keeps the alphabetical order, so a slow file that sorts late (e.g.
// e2e/process) started last and ran alone at the end while the other worker sat idle. Within each group the files
// named in SLOW_FIRST start first, in that order; the rest follow in vitest's own order.
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The slowest files of each group, slowest first (measured: docs/design/testing.md#two-runs). */
export const SLOW_FIRST = [
  // e2e: shop processes started and stopped, and the 55 screens of the storefront's layout.
  "tests/e2e/process.test.ts",
  "tests/e2e/layout-storefront.test.ts",
  "tests/e2e/console-staff.test.ts",
  "tests/e2e/fault-kill.test.ts",
  "tests/e2e/backup.test.ts",
  "tests/e2e/data-dir.test.ts",
  "tests/e2e/layout-console.test.ts",
  "tests/e2e/storefront-a11y.test.ts",
  // group 1: shop processes behind nginx, mail flows, the heaviest component pages. Left to
  // the end, one of them ran alone for 15–30 s while the other core idled.
  "tests/api/rolling-restart.test.ts",
  "tests/api/mail-flows.test.ts",
  "tests/storefront/money-path.test.tsx",
  "tests/storefront/shopping-pages.test.tsx",
  "tests/api/mail-flows-instances.test.ts",
  "tests/storefront/catalogue-pages.test.tsx",
  "tests/api/migrations.test.ts",
  "tests/api/bank-statements.test.ts",
  "tests/api/password-reset.test.ts",
];

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOW_FIRST.indexOf(path.relative(spec.project.config.root, spec.moduleId));
      return index < 0 ? SLOW_FIRST.length : index;
    };
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    // Array.prototype.sort is stable: files of equal rank keep vitest's order.
    return sorted.sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}
