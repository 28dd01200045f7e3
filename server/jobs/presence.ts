// Every instance writes who has a signed-in socket on it to realtime_presence, so any instance can tell whether a
// shopper or any staff member is online anywhere before e-mailing them (server/notifications/presence.ts).
import type { AppDeps } from "../deps.ts";
import { PRESENCE_REFRESH_MS } from "../notifications/presence.ts";
import type { Job } from "../ops/job-runner.ts";

export function presenceJob({ notifier }: Pick<AppDeps, "notifier">): Job {
  return {
    name: "presence",
    everyMs: PRESENCE_REFRESH_MS,
    scope: "instance",
    runAtStart: true,
    run: () => notifier.presence.refresh(),
    // This instance's sockets are gone with it.
    stop: () => notifier.presence.stop().catch(() => undefined),
  };
}
