// Two runs of the same suite: `npm test` (quick feedback) and `npm run test:full` (CI), which sets LOJA_TEST_FULL=1.
// The quick run takes fewer rounds of the races and fuzzers; the full run keeps the counts that gave the confidence
// they state. See docs/design/testing.md.
export const FULL_RUN = process.env.LOJA_TEST_FULL === "1";

/** `quick` rounds in `npm test`, `full` rounds in `npm run test:full`. */
export const rounds = (quick: number, full: number): number => (FULL_RUN ? full : quick);
