// Natural batching for hot single-row writes: a call is sent at once while fewer than `concurrency` batches are
// in flight; calls that arrive while every slot is busy wait and leave together, as one statement, when a slot
// frees. There is no timer, so a quiet shop sends every call alone and immediately; a busy one pays one round
// trip, one plan and one commit for many calls. Hand-written because the libraries that batch (dataloader and
// the like) batch by tick or by timer, which adds latency at low load and does not bound the connections used.

export interface NaturalBatchOptions {
  /** Batches in flight at once: connections this writer may hold from the pool. */
  concurrency: number;
  /** Calls per batch at most (bounds the statement's size). */
  maxBatch: number;
  /**
   * Send at the end of the event-loop turn instead of at once. For an in-process database (PGlite) that answers
   * within the turn nothing would ever wait for a slot, so calls are gathered for one turn (well under a
   * millisecond) to share a statement.
   */
  gatherTurn?: boolean;
}

/**
 * `run` receives the waiting inputs and settles each one, in order (fulfilled with its output or rejected with
 * its own error), so one bad input need not fail the calls it was batched with. If `run` itself throws, every
 * call of that batch is rejected with the error.
 */
export function naturalBatch<I, O>(
  run: (inputs: readonly I[]) => Promise<readonly PromiseSettledResult<O>[]>,
  options: NaturalBatchOptions,
): (input: I) => Promise<O> {
  interface Waiting {
    input: I;
    resolve(output: O): void;
    reject(error: unknown): void;
  }
  const queue: Waiting[] = [];
  let inFlight = 0;

  function send(batch: Waiting[]): void {
    inFlight++;
    let outputs: Promise<readonly PromiseSettledResult<O>[]>;
    try {
      outputs = run(batch.map((w) => w.input));
    } catch (error) {
      outputs = Promise.reject(error);
    }
    outputs
      .then((out) => {
        if (out.length !== batch.length) throw new Error(`naturalBatch: ${out.length} outputs for ${batch.length} inputs`);
        batch.forEach((w, i) => {
          const result = out[i]!;
          if (result.status === "fulfilled") w.resolve(result.value);
          else w.reject(result.reason);
        });
      })
      .catch((error: unknown) => batch.forEach((w) => w.reject(error)))
      .finally(() => {
        inFlight--;
        pump();
      });
  }

  let turnScheduled = false;
  function drain(): void {
    while (inFlight < options.concurrency && queue.length > 0) send(queue.splice(0, options.maxBatch));
  }
  function pump(): void {
    if (!options.gatherTurn) return drain();
    if (turnScheduled) return;
    turnScheduled = true;
    setImmediate(() => {
      turnScheduled = false;
      drain();
    });
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      pump();
    });
}
