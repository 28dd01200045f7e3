// crypto.randomUUID exists only in secure contexts; getRandomValues works on plain http too.
export const randomId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
