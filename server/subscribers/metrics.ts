// The shop's counters (GET /metrics, docs/design/operations.md#metrics) that count events.
import { shopEvents } from "../ops/metrics.ts";
import { reaction } from "./reaction.ts";

export const paymentsMetricReaction = reaction({
  name: "payments-metric",
  on: ["payment.recorded", "order.paid"],
  async outside(event) {
    // A card payment has no payment.recorded of its own: its order.paid counts it.
    if (event.name === "payment.recorded" || (event.payload as { by: string }).by === "card") shopEvents.paymentsRecorded.inc();
  },
});
