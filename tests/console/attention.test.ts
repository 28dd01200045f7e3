// Staff away from the console: the tab title counts what waits, and the sound is a per-browser choice, off by default.
import { attentionTitle, setSoundOn, soundOn } from "../../console/layout/attention.ts";

describe("reaching staff outside the open tab", () => {
  it("counts unread conversations and the orders that came while the tab was hidden", () => {
    expect(attentionTitle("Loja — Consola", 0, 0)).toBe("Loja — Consola");
    expect(attentionTitle("Loja — Consola", 2, 0)).toBe("(2) Loja — Consola");
    expect(attentionTitle("Loja — Consola", 2, 3)).toBe("(5) Loja — Consola");
  });

  it("plays no sound until this browser turns it on", () => {
    localStorage.clear();
    expect(soundOn()).toBe(false);
    setSoundOn(true);
    expect(soundOn()).toBe(true);
    setSoundOn(false);
    expect(soundOn()).toBe(false);
  });
});
