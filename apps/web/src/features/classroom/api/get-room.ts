import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Room } from '@app/contract/classroom';
import { http } from '../../../lib/http/http-client.ts';
import { refusalOf } from '../lib/room-status.ts';

/**
 * GET /classroom/getRoom: the class's room for this seat (the student's session, or the teacher's
 * link `t`), with the ICE servers and a 60-second ticket for the room's WebSocket. Each connection
 * of the WebSocket asks again, for a fresh ticket.
 */
export function getRoom(id: number, t: string | undefined): Promise<Room> {
  return http.get<Room>('/classroom/getRoom', {
    params: { id, t },
    silent: true,
    // The teacher has no session: a refused link is not a lost login.
    skipAuthRedirect: t !== undefined,
  });
}

/** How often a room that is not open yet is asked for again. */
const NOT_OPEN_POLL_MS = 30_000;

/** The room's query: asked once; while it is not open yet, again every 30 seconds. */
export function getRoomQueryOptions(id: number, t: string | undefined) {
  return queryOptions({
    queryKey: ['classroom', 'room', id, t ?? null] as const,
    queryFn: () => getRoom(id, t),
    enabled: id > 0,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.status === 'error' && refusalOf(query.state.error).kind === 'notOpen'
        ? NOT_OPEN_POLL_MS
        : false,
  });
}

export function useRoom(id: number, t: string | undefined) {
  return useQuery(getRoomQueryOptions(id, t));
}
