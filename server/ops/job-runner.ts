// One way to run recurring background work (docs/design/jobs.md): a job is a function and its schedule. A round
// never overlaps the previous one; stop() waits for the round in flight; timers never keep the process alive.
// A job whose work must happen once across the cluster takes an advisory lock for its round: while one instance
// runs it, the others skip theirs.
import type { Database } from "../db/client.ts";

export interface Job {
  /** Named in logs and in the cluster lock. */
  name: string;
  /** Time between the end of one round and the start of the next. */
  everyMs: number;
  /** "cluster": one instance at a time runs a round (the work is shared); "instance": every instance runs its own. */
  scope: "cluster" | "instance";
  /** Also run a round as soon as the job starts. */
  runAtStart?: boolean;
  /** One round. Resolving to true means more is due at once (a full batch): the next round starts without waiting. */
  run(): Promise<boolean | void>;
  /** Given the running job's wake() when it starts: for work an event makes due (e.g. an order placed). */
  attach?(wake: () => void): void;
  /** Work to finish when the app closes, after the last round (e.g. deleting this instance's presence rows). */
  stop?(): Promise<void>;
}

export interface RunningJob {
  readonly name: string;
  /** Runs a round now (or right after the one in flight), e.g. after a commit that made work due. */
  wake(): void;
  stop(): Promise<void>;
}

interface JobHost {
  log: { warn(obj: object, message: string): void };
  /** Needed by cluster jobs only: where the round's lock is taken. */
  db?: Pick<Database, "onlyOneInstance">;
}

export function startJob(job: Job, { log, db }: JobHost): RunningJob {
  if (job.scope === "cluster" && !db) throw new Error(`${job.name}: a cluster job needs the database for its lock`);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wakeRequested = false;
  let stopped = false;

  const round = async (): Promise<boolean> => {
    const more = job.scope === "cluster" ? await db!.onlyOneInstance(`loja-job:${job.name}`, job.run) : await job.run();
    return more === true;
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  };

  function tick() {
    if (stopped || running) return;
    wakeRequested = false;
    running = round()
      .then(
        (more) => schedule(more || wakeRequested ? 0 : job.everyMs),
        (error: unknown) => {
          log.warn({ err: error, job: job.name }, `${job.name}: round failed`);
          schedule(job.everyMs);
        },
      )
      .finally(() => (running = undefined));
  }

  const wake = () => {
    if (stopped) return;
    if (running) wakeRequested = true;
    else schedule(0);
  };
  schedule(job.runAtStart ? 0 : job.everyMs);
  job.attach?.(wake);
  return {
    name: job.name,
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await job.stop?.();
    },
  };
}
