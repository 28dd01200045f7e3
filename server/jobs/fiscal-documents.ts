// Fiscal documents' durable path (docs/design/fiscal-documents.md#the-durable-path): every round asks for the FR of
// each paid order and the NC of each refund that has none yet (since the provider was configured), sends what is
// due (first time, or after a provider failure's back-off) and asks the provider about documents still pending
// after APPYPAY_RECONCILE_SECONDS (a webhook that never came). Without FISCAL_PROVIDER it is not started.
import type { AppDeps } from "../deps.ts";
import { fiscalRound } from "../domain/fiscal/service.ts";
import type { Job } from "../ops/job-runner.ts";

export function fiscalDocumentsJob(deps: Pick<AppDeps, "db" | "media" | "fiscal" | "config">): Job {
  return {
    name: "fiscal-documents",
    everyMs: 15_000,
    // One instance at a time: the rows are claimed anyway, this only spares the provider twice the polls.
    scope: "cluster",
    runAtStart: true,
    async run() {
      const { more } = await fiscalRound(deps, { checkAfterMs: deps.config.appypay?.reconcileMs ?? 120_000 });
      return more;
    },
  };
}
