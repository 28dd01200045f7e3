// Reaching staff who are not looking at the console (docs/product/console.md#live-console): the tab's title counts
// what waits — unread conversations (a proof arrives as a message too) plus the new orders that came while the tab
// was hidden — and, when the staff member turned it on for this browser, a short sound on a new order or message.

const SOUND_KEY = "loja.console.sound";

/** "(3) Loja — Consola" when something waits, else the plain title. */
export const attentionTitle = (base: string, unread: number, newOrdersAway: number): string => {
  const waiting = unread + newOrdersAway;
  return waiting > 0 ? `(${waiting}) ${base}` : base;
};

/** Whether this browser plays the sound (off until turned on: a sound nobody chose is a nuisance). */
export function soundOn(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

export function setSoundOn(on: boolean): void {
  try {
    if (on) localStorage.setItem(SOUND_KEY, "on");
    else localStorage.removeItem(SOUND_KEY);
  } catch {
    // private mode: the choice lasts this page only
  }
}

/** Two short tones with the Web Audio API (no file to fetch); silent where the browser has none or blocks it. */
export function playAttentionSound(): void {
  if (!soundOn()) return;
  const Context = (globalThis as { AudioContext?: typeof AudioContext }).AudioContext;
  if (!Context) return;
  try {
    const ctx = new Context();
    [880, 660].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = frequency;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + i * 0.18);
      osc.stop(ctx.currentTime + i * 0.18 + 0.15);
    });
    setTimeout(() => void ctx.close(), 1000);
  } catch {
    // autoplay refused before any click: nothing to do
  }
}
