// Types of scripts/bundle-server.mjs for the TypeScript that imports it (the e2e global setup).
export declare const SERVER_BUNDLE: string;
export declare function bundleServer(options?: { force?: boolean }): Promise<string>;
