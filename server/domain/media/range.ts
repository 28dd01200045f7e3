// HTTP Range for /media (RFC 9110 §14): one range of bytes, or the whole file.
import type { ByteRange } from "./store.ts";

/**
 * The range a `Range` header asks of a file of `size` bytes: undefined to send it all (no header, a syntax we
 * ignore, or several ranges, which the RFC lets a server answer with the whole file), "unsatisfiable" for a 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  const [first, last] = [match[1]!, match[2]!];
  if (first === "") {
    // "-N": the last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return "unsatisfiable";
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return undefined; // an invalid range is ignored
  return { start, end };
}
