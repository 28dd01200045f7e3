// Media rows never change (a new file gets a new id), so recently served files are kept in memory.
// A Map in insertion order is enough for an LRU of this size; no library needed.
import type { StoredFile } from "./repository.ts";

export class FileCache {
  private readonly entries = new Map<string, StoredFile>();
  private bytes = 0;
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string): StoredFile | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, file: StoredFile): void {
    if (file.size > this.maxBytes / 8 || this.entries.has(key)) return;
    this.entries.set(key, file);
    this.bytes += file.size;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.size;
    }
  }
}
