import { afterEach, describe, expect, it } from 'vitest';
import { announceLogout, listenForLogout } from './logout-broadcast.ts';

/** An unsigned token whose payload carries the session family, as the server's access tokens do. */
const tokenOf = (fam: string) =>
  ['e30', Buffer.from(JSON.stringify({ sub: 1, fam })).toString('base64url'), 'sig'].join('.');

const opened: BroadcastChannel[] = [];
function channel(name: string): BroadcastChannel {
  const c = new BroadcastChannel(name);
  opened.push(c);
  return c;
}
afterEach(() => opened.splice(0).forEach((c) => c.close()));

/** Lets the channels deliver what was posted (Node delivers on a later turn of the event loop). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('logout broadcast', () => {
  it('ends the other tabs of the same session and leaves other accounts and logged-out tabs alone', async () => {
    const name = `logout-${Math.random()}`;
    const events: string[] = [];
    const stops = [
      listenForLogout(
        () => tokenOf('fam-a'),
        () => events.push('same session'),
        channel(name),
      ),
      listenForLogout(
        () => tokenOf('fam-b'),
        () => events.push('other account'),
        channel(name),
      ),
      listenForLogout(
        () => null,
        () => events.push('logged out'),
        channel(name),
      ),
    ];
    announceLogout(tokenOf('fam-a'), channel(name));
    await settle();
    expect(events).toEqual(['same session']);

    // After it stops listening, a tab no longer reacts.
    stops[0]!();
    announceLogout(tokenOf('fam-a'), channel(name));
    await settle();
    expect(events).toEqual(['same session']);
  });

  it('announces nothing for a token without a family and ignores foreign messages', async () => {
    const name = `logout-${Math.random()}`;
    const events: string[] = [];
    listenForLogout(
      () => tokenOf('fam-a'),
      () => events.push('reset'),
      channel(name),
    );
    announceLogout(null, channel(name));
    announceLogout('not-a-jwt', channel(name));
    const foreign = channel(name);
    foreign.postMessage({ type: 'tokens', family: 'fam-a' });
    foreign.postMessage({ type: 'logout', family: 42 });
    foreign.postMessage('logout');
    await settle();
    expect(events).toEqual([]);
  });
});
