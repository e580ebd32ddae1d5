import { createHmac } from 'node:crypto';
import type { IceServer, Seat } from '@app/contract/classroom';

/**
 * ICE servers of a room (DESIGN.md §12 "NAT traversal"): ICE_SERVERS lists STUN and TURN URLs; TURN
 * entries get time-limited credentials by the TURN REST convention that coturn checks with
 * `use-auth-secret` / `static-auth-secret`: username `${expiryUnixSeconds}:${classId}-${seat}`,
 * credential base64(HMAC-SHA1(TURN_SECRET, username)). Without TURN_SECRET only STUN is handed out
 * (the config refuses TURN URLs without it); with no ICE servers at all the room still works on one
 * network.
 */

/** Whether an ICE server URL is a TURN relay (which needs credentials). */
export const isTurnUrl = (url: string): boolean => /^turns?:/i.test(url);

/** The TURN REST credentials of a seat, valid until `expiresAt` (ms). */
export function turnCredentials(
  secret: string,
  expiresAt: number,
  classId: number,
  seat: Seat,
): { username: string; credential: string } {
  const username = `${Math.floor(expiresAt / 1000)}:${classId}-${seat}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** What a seat's browser is given: STUN entries as they are, TURN entries with credentials. */
export function iceServersFor(
  settings: { urls: readonly string[]; turnSecret: string | undefined },
  seat: { classId: number; seat: Seat; expiresAt: number },
): IceServer[] {
  const stun = settings.urls.filter((u) => !isTurnUrl(u));
  const turn = settings.urls.filter(isTurnUrl);
  const servers: IceServer[] = [];
  if (stun.length > 0) servers.push({ urls: stun });
  if (turn.length > 0 && settings.turnSecret) {
    servers.push({
      urls: turn,
      ...turnCredentials(settings.turnSecret, seat.expiresAt, seat.classId, seat.seat),
    });
  }
  return servers;
}
