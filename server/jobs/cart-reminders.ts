// Abandoned-cart reminders (server/notifications/cart-reminders.ts): one instance looks for carts left untouched
// every few minutes; the settings turn it off or change the delay (read each round, so a change applies at once).
import type { AppDeps } from "../deps.ts";
import { sendCartReminders } from "../notifications/cart-reminders.ts";
import type { Job } from "../ops/job-runner.ts";

export function cartRemindersJob({ db, notifier }: Pick<AppDeps, "db" | "notifier">): Job {
  return {
    name: "cart-reminders",
    // Delays are whole hours: a few minutes late is fine.
    everyMs: 5 * 60_000,
    scope: "cluster",
    async run() {
      const round = await sendCartReminders({ db: db.prisma });
      if (round.reminded.length) notifier.committed(round.pushes);
      return round.more;
    },
  };
}
