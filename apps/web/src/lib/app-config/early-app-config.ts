import type { AppConfig } from '@app/contract/app-config';
import { CODES } from '@app/contract/codes';
import { isEnvelope } from '@app/contract/envelope-guard';

/**
 * What index.html's pre-paint script leaves on `window.__lsAppConfig`: its GET /app/config, sent
 * while the app's code downloads, and the parsed reply once it is in (issue 16). The first query
 * of the settings takes that reply instead of asking again; on /login, where the reply is usually
 * in before the first render, it seeds the cache so the demo hint does not push the form down
 * (app/prefetch.ts).
 */
type EarlyRequest = { reply?: Promise<unknown>; body?: unknown };

declare global {
  interface Window {
    __lsAppConfig?: EarlyRequest;
  }
}

/** The settings in a successful envelope, else null (then the app asks again through its client). */
function settingsOf(body: unknown): AppConfig | null {
  if (!isEnvelope(body) || body.code !== CODES.OK) return null;
  const data = body.data;
  return typeof data === 'object' && data !== null && 'brand' in data ? (data as AppConfig) : null;
}

let taken = false;

/** The early request, once: later calls (a refetch) go through the HTTP client. */
function take(): EarlyRequest | undefined {
  if (taken || typeof window === 'undefined') return undefined;
  taken = true;
  return window.__lsAppConfig;
}

/**
 * The settings when the early reply has already arrived (for the query cache before the first
 * render); undefined otherwise, leaving the request to `earlyAppConfigReply`.
 */
export function arrivedAppConfig(): AppConfig | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__lsAppConfig;
  if (taken || !early || !('body' in early)) return undefined;
  const settings = settingsOf(early.body);
  if (settings) taken = true;
  return settings ?? undefined;
}

/** The early request's settings, or null when there was none or it failed; used once. */
export async function earlyAppConfigReply(): Promise<AppConfig | null> {
  const early = take();
  return early?.reply ? settingsOf(await early.reply) : null;
}

/**
 * Resolves once the early request has answered (or failed), or after `ms`, whichever is first;
 * at once when there was none. /login's first render waits for it (app/prefetch.ts).
 */
export function earlyAppConfigSettled(ms: number): Promise<void> {
  const early = typeof window === 'undefined' ? undefined : window.__lsAppConfig;
  if (!early?.reply || 'body' in early) return Promise.resolve();
  return Promise.race([
    early.reply.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => setTimeout(resolve, ms)),
  ]);
}
