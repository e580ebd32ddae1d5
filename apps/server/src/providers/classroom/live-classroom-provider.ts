import type { ClassroomProvider } from './classroom-provider.ts';

/** The web app's room page of a class (apps/web: the live classroom). */
export const liveRoomPath = (classId: number): string => `/classroom/${classId}`;

/**
 * The `live` classroom (DESIGN.md §12): the room is the web app's own page, where the two seats meet
 * over WebRTC with this server signalling (modules/classroom). Recordings are not delivered yet: the
 * room's recording upload comes with the room page, so `recordingOf` answers "not ready".
 */
export function createLiveClassroomProvider(): ClassroomProvider {
  return {
    driver: 'live',
    async roomUrl(course) {
      return liveRoomPath(course.id);
    },
    async recordingOf() {
      return undefined;
    },
  };
}
