// Multicaixa Express's reconciliation (docs/design/money.md#multicaixa-express-appypay): a lost webhook or a lost
// answer means the shopper may have paid and the shop not know it. Every charge still pending at its next question
// (APPYPAY_RECONCILE_SECONDS after it was made, then 10 minutes, an hour, a day) is asked of AppyPay and settled as a
// webhook would settle it; one still unknown after a day is marked failed and alerted. Only with APPYPAY_GPO_METHOD.
import { mcxExpressSetup, type AppDeps } from "../deps.ts";
import { reconcileCharges } from "../domain/payments/mcx-express.ts";
import type { Job } from "../ops/job-runner.ts";

export function mcxExpressChargesJob(deps: Pick<AppDeps, "db" | "payments" | "config">): Job {
  return {
    name: "mcx-express-charges",
    everyMs: 15_000,
    // One instance at a time: each charge is settled once anyway (its row is taken only while pending), this only
    // spares AppyPay the same question twice.
    scope: "cluster",
    runAtStart: true,
    async run() {
      const setup = mcxExpressSetup(deps);
      return setup ? reconcileCharges(deps.db.prisma, setup) : false;
    },
  };
}
