/**
 * zod, loaded later by the forms with the contract's schemas, tries `new Function('')` to decide
 * whether it may compile its parsers. The CSP forbids eval (apps/server/src/http/security-headers.ts),
 * so the probe fails, harmlessly, but Chrome reports it as a CSP violation (Lighthouse's best
 * practices count it). zod reads its settings from this global, so jitless mode is set here without
 * loading zod on the first screen. Imported first by main.tsx.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
