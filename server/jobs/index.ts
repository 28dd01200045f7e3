// Every recurring job of the shop, in one place (docs/design/jobs.md). Each file holds one job: its work and its
// schedule; job.ts runs them (no overlap, once per cluster where the work is shared, stopped on close).
// The outbox's mail sender runs as its own worker (server/notifications/outbox/sender.ts), woken after each commit.
import type { AppDeps } from "../deps.ts";
import { cartRemindersJob } from "./cart-reminders.ts";
import { fiscalDocumentsJob } from "./fiscal-documents.ts";
import { domainEventsJob } from "./domain-events.ts";
import type { Job } from "../ops/job-runner.ts";
import { paymentDeadlinesJob } from "./payment-deadlines.ts";
import { mcxExpressChargesJob } from "./mcx-express-charges.ts";
import { mcxExpressSetup } from "../deps.ts";
import { pictureRenditionsJob } from "./picture-renditions.ts";
import { presenceJob } from "./presence.ts";
import { replyDigestJob } from "./reply-digest.ts";

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export function shopJobs(deps: AppDeps, log: Log): Job[] {
  return [
    ...(deps.config.eventsWorker ? [domainEventsJob(deps, log)] : []),
    ...(deps.config.paymentDeadlineWorker ? [paymentDeadlinesJob(deps)] : []),
    presenceJob(deps),
    replyDigestJob(deps),
    cartRemindersJob(deps),
    pictureRenditionsJob(deps, log),
    ...(deps.fiscal ? [fiscalDocumentsJob(deps)] : []),
    ...(mcxExpressSetup(deps) ? [mcxExpressChargesJob(deps)] : []),
  ];
}
