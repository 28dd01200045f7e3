// Media rows never change (a new file gets a new id), so the metadata of recently served files is kept in memory:
// a repeated /media request costs no database round trip. The bytes stay in the media store (and the OS's cache).
// A Map in insertion order is enough for an LRU of this size; no library needed.
import type { MediaInfo } from "./repository.ts";

export class FileCache {
  private readonly entries = new Map<string, MediaInfo>();
  constructor(private readonly maxEntries = 10_000) {}

  get(key: string): MediaInfo | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, info: MediaInfo): void {
    this.entries.set(key, info);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
