// Dates as shoppers and staff read them: in Luanda's time, whatever the phone or server is set to. Angola has one
// time zone and no daylight saving. Built from Intl's parts, not its Portuguese patterns: ICU's pt patterns differ
// between runtimes (Node, Chromium, Safari).

// Made on first use: building it loads the time-zone data (tens of ms on a phone), which a module that is only
// prefetched (the storefront's chat and orders pages) should not pay while the shopper reads another page.
let luandaFormat: Intl.DateTimeFormat | undefined;
const luanda = () =>
  (luandaFormat ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Luanda",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }));

interface LuandaParts {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

/** The date's day, month, year, hour and minute in Luanda, zero-padded; null for an invalid date. */
export function luandaParts(date: Date): LuandaParts | null {
  if (Number.isNaN(date.getTime())) return null;
  const part = Object.fromEntries(
    luanda()
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return { day: part.day ?? "", month: part.month ?? "", year: part.year ?? "", hour: part.hour ?? "", minute: part.minute ?? "" };
}

const dayNumber = (p: LuandaParts) => Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)) / 86_400_000;

/**
 * When a chat message was sent, as a chat shows it: "hoje 14:05", "ontem 09:12", "12/11 16:40", and with the year
 * ("12/11/2025 16:40") when it is not this year. Days are Luanda's days. "" for an invalid date.
 */
export function formatMessageTime(iso: string, now: number = Date.now()): string {
  const at = luandaParts(new Date(iso));
  const today = luandaParts(new Date(now));
  if (!at || !today) return "";
  const time = `${at.hour}:${at.minute}`;
  const daysAgo = dayNumber(today) - dayNumber(at);
  if (daysAgo === 0) return `hoje ${time}`;
  if (daysAgo === 1) return `ontem ${time}`;
  return at.year === today.year ? `${at.day}/${at.month} ${time}` : `${at.day}/${at.month}/${at.year} ${time}`;
}

/**
 * The one way the shop writes a day, in Luanda's calendar: "24/11/2026" (the storefront, the console, e-mails and chat
 * lines alike). "" for an invalid date.
 */
export function formatDate(when: string | Date): string {
  const p = luandaParts(new Date(when));
  return p ? `${p.day}/${p.month}/${p.year}` : "";
}

/** A day and its time in Luanda: "24/11/2026 14:05". "" for an invalid date. */
export function formatDateTime(when: string | Date): string {
  const p = luandaParts(new Date(when));
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : "";
}
