/** Types of ensure.mjs for the TypeScript callers (the browser tests' global setup). */
export declare const root: string;
/** Builds apps/web for production when dist is missing or older than its sources. */
export declare function ensureWebBuilt(): void;
