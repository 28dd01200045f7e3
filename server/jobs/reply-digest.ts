// Support replies a shopper has not read, with no page open anywhere, are e-mailed in one message per order once
// the oldest is MAIL_DIGEST_DELAY_SECONDS old (server/notifications/reply-digest.ts). One instance sweeps at a time.
import type { AppDeps } from "../deps.ts";
import { sweepSupportReplyDigests } from "../notifications/reply-digest.ts";
import { supportRepliesByPhone } from "../notifications/order-events.ts";
import type { Job } from "../ops/job-runner.ts";

export function replyDigestJob({ db, config, notifier }: Pick<AppDeps, "db" | "config" | "notifier">): Job {
  return {
    name: "reply-digest",
    // Often enough that a reply is mailed soon after its window closes.
    everyMs: Math.min(15_000, Math.max(250, config.mail.digestDelayMs / 4)),
    scope: "cluster",
    runAtStart: true,
    async run() {
      const online = await notifier.presence.snapshot();
      const mailed = await sweepSupportReplyDigests({
        db: db.prisma,
        isOnline: online.isOnline,
        delayMs: config.mail.digestDelayMs,
        byPhone: (tx, orderId, event) => supportRepliesByPhone(tx, notifier, orderId, event),
      });
      if (mailed.length) notifier.committed();
    },
  };
}
