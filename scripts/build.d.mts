export declare function buildApps(options?: { force?: boolean; log?: (line: string) => void }): Promise<string[]>;
export declare function isStale(app: { name: string; sources: string[] }): boolean;
export declare function sourceHash(app: { name: string; sources: string[] }): string;
