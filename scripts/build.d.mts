export declare function buildApps(options?: {
  force?: boolean;
  log?: (line: string) => void;
  /** Brotli quality of files over 256 KiB (11 unless told; every smaller file always gets 11). */
  largeFileBrotliQuality?: number;
}): Promise<string[]>;
export declare function isStale(app: { name: string; sources: string[] }): boolean;
export declare function sourceHash(app: { name: string; sources: string[] }): string;
