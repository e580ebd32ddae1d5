import { familyOf, type BroadcastChannelLike } from '../auth-crypto/refresh-coordinator.ts';

/**
 * Logout reaches every tab of the same session: the tab that logged out announces the session
 * family it ended, and each tab holding a token of that family resets and goes to /, instead of
 * showing the student as logged in until its next call answers 401. Tabs of another account (another
 * family) are left alone. Only the family id travels, never a token.
 */
type LogoutMessage = { type: 'logout'; family: string };

const CHANNEL_NAME = 'ls-logout';

function openChannel(): BroadcastChannelLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
}

function isLogoutMessage(data: unknown): data is LogoutMessage {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Record<string, unknown>;
  return m.type === 'logout' && typeof m.family === 'string';
}

/** Tells the other tabs that the session of `token` has ended (on `channel`, default its own). */
export function announceLogout(token: string | null, channel?: BroadcastChannelLike | null): void {
  const family = familyOf(token);
  if (family === null) return;
  const target = channel === undefined ? openChannel() : channel;
  target?.postMessage({ type: 'logout', family } satisfies LogoutMessage);
  // The message is queued for the other tabs when posted; closing our own channel then is safe.
  if (channel === undefined) target?.close?.();
}

/**
 * Calls `onLogout` when another tab ends the session this tab holds (`currentToken`). Returns a
 * function that stops listening.
 */
export function listenForLogout(
  currentToken: () => string | null,
  onLogout: () => void,
  channel?: BroadcastChannelLike | null,
): () => void {
  const source = channel === undefined ? openChannel() : channel;
  if (!source) return () => undefined;
  const onMessage = (event: { data: unknown }) => {
    if (!isLogoutMessage(event.data)) return;
    if (familyOf(currentToken()) === event.data.family) onLogout();
  };
  source.addEventListener('message', onMessage);
  return () => {
    source.removeEventListener('message', onMessage);
    if (channel === undefined) source.close?.();
  };
}
