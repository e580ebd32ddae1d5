import type { ClassroomCourse, ClassroomProvider, ClassroomRecording } from './classroom-provider.ts';

/** The web app's room page of a class (apps/web: the live classroom). */
export const liveRoomPath = (classId: number): string => `/classroom/${classId}`;

/**
 * Where the live classroom's recordings are (modules/classroom/recording.service.ts): the teacher's
 * seat uploads them while the class runs; this answers the playback link once joined.
 */
export type LiveRecordings = {
  recordingOf(course: ClassroomCourse, now: number): Promise<ClassroomRecording | undefined>;
};

/**
 * The `live` classroom (DESIGN.md §12): the room is the web app's own page, where the two seats meet
 * over WebRTC with this server signalling (modules/classroom). The recording is the teacher's seat's
 * upload, joined after the end (+ 2 min, or at once when the seat sends its last chunk) and played
 * from this server's origin (`/api/v1/classroom/recording/<class>?t=`, signed for the class's
 * student); none while nothing was uploaded.
 */
export function createLiveClassroomProvider(
  options: { recordings?: LiveRecordings } = {},
): ClassroomProvider {
  return {
    driver: 'live',
    async roomUrl(course) {
      return liveRoomPath(course.id);
    },
    async recordingOf(course, now) {
      return options.recordings?.recordingOf(course, now);
    },
  };
}
