// Running what reads an uploaded file (a PDF proof, a bank statement) away from the server's thread, within a
// budget: a worker thread with its own heap limit, ended at its deadline or when the process's memory grows past
// the budget, and one read at a time per reader (each may take a core and its memory). No upload can hold the
// server's thread or exhaust its memory (docs/design/security.md#reading-pdf-proofs).
import { Worker } from "node:worker_threads";

export interface WorkerBudget {
  /** The worker is terminated at this deadline (from its start), whatever it is doing. */
  timeoutMs: number;
  /** The worker's JavaScript heap (V8 ends the worker, not the server, when it is exceeded). */
  maxHeapMb: number;
  /** The process's resident memory may grow this much during a read before the worker is ended (buffers a
   * parser allocates outside its heap). */
  maxMemoryGrowthBytes: number;
}

/** Why a worker gave no answer: "timed out", "memory", "busy", its error's message, or how it exited. */
export interface WorkerFailure {
  failed: string;
}

/**
 * Runs `url` (a plain .mjs module: a worker thread has no TypeScript loader) with `data`; resolves to the first
 * message it posts, or to a failure. Never rejects.
 */
export function runBoundedWorker<T>(url: URL, data: unknown, budget: WorkerBudget): Promise<T | WorkerFailure> {
  return new Promise((resolve) => {
    let settled = false;
    const startRss = process.memoryUsage.rss();
    const worker = new Worker(url, {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: budget.maxHeapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      stdout: true,
      stderr: true,
    });
    // A parser's warnings about broken files are not the server's log: read and dropped.
    worker.stdout.resume();
    worker.stderr.resume();
    const finish = (result: T | WorkerFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearInterval(memoryWatch);
      void worker.terminate();
      resolve(result);
    };
    const deadline = setTimeout(() => finish({ failed: "timed out" }), budget.timeoutMs);
    const memoryWatch = setInterval(() => {
      if (process.memoryUsage.rss() - startRss > budget.maxMemoryGrowthBytes) finish({ failed: "memory" });
    }, 20);
    worker.on("message", (message: T) => finish(message));
    worker.on("error", (error: Error & { code?: string }) =>
      finish({ failed: error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : error.message }),
    );
    worker.on("exit", (code) => finish({ failed: `exited (${code})` }));
  });
}

/**
 * One run at a time; up to `maxWaiting` more wait their turn, and any beyond get `overflow` at once (a reader is
 * a hint or an occasional import: a queue that grows without bound would only hold requests open).
 */
export function oneAtATime(maxWaiting: number) {
  let running = false;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>, overflow: T): Promise<T> => {
    if (running) {
      if (waiting.length >= maxWaiting) return overflow;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running = true;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running = false;
    }
  };
}
