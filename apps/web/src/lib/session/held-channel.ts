import type { BroadcastChannelLike } from '../auth-crypto/refresh-coordinator.ts';

export type HeldChannel = BroadcastChannelLike & {
  /** Delivers the messages received so far and every later one at once. */
  release(): void;
};

/**
 * A BroadcastChannel whose incoming messages wait until `release()`. The refresh coordinator ignores
 * a new token pair while this tab has no token yet; a tab that is still decrypting its stored
 * session at start-up would otherwise drop the pair another tab just announced and later spend an
 * already-rotated refresh token (which revokes the whole session, DESIGN.md §7).
 */
export function heldChannel(channel: BroadcastChannelLike): HeldChannel {
  let held: { data: unknown }[] | null = [];
  const listeners = new Set<(event: { data: unknown }) => void>();
  const deliver = (event: { data: unknown }) => listeners.forEach((listener) => listener(event));
  const onMessage = (event: { data: unknown }) => {
    if (held) held.push({ data: event.data });
    else deliver(event);
  };
  channel.addEventListener('message', onMessage);
  return {
    postMessage: (message) => channel.postMessage(message),
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
    close() {
      channel.removeEventListener('message', onMessage);
      listeners.clear();
      channel.close?.();
    },
    release() {
      const queued = held ?? [];
      held = null;
      queued.forEach(deliver);
    },
  };
}
