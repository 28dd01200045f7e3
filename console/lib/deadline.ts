// How long a shopper has left to pay, as staff read it in the order page and the Pagamentos queue.

/** Under this, the deadline is shown in red: staff should chase the payment or expect the cancellation. */
const URGENT_DEADLINE_MS = 6 * 60 * 60 * 1000;

interface TimeLeft {
  /** Milliseconds until the deadline; zero or less once it passed. */
  ms: number;
  expired: boolean;
  urgent: boolean;
  /** "2 d 3 h", "5 h 20 min", "12 min"; empty once expired. */
  text: string;
}

export function timeLeft(deadline: string, now: number = Date.now()): TimeLeft {
  const ms = new Date(deadline).getTime() - now;
  const expired = ms <= 0;
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const [days, hours, mins] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
  const text = expired ? "" : days > 0 ? `${days} d ${hours} h` : hours > 0 ? `${hours} h ${mins} min` : `${mins} min`;
  return { ms, expired, urgent: ms < URGENT_DEADLINE_MS, text };
}
