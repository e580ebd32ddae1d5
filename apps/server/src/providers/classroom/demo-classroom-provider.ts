import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '@app/contract/constants';
import type { ClassroomCourse, ClassroomProvider } from './classroom-provider.ts';

/**
 * The demo recording: a short clip the web app ships (apps/web/public/media, made by
 * scripts/dev/make-intro-videos.sh), so playback plays a real file without any external host.
 */
export const DEMO_RECORDING_URL = '/media/intros/emily-carter.mp4';

/** Path of the demo classroom page of a class (served by the courses module's classroom routes). */
export const DEMO_ROOM_PATH = `${API_BASE}/classroom/demo`;

export type DemoClassroomProvider = ClassroomProvider & {
  readonly driver: 'demo';
  /** Whether `token` is the room token of this class for its student (constant-time compare). */
  verifyRoomToken(course: Pick<ClassroomCourse, 'id' | 'studentId'>, token: string): boolean;
};

/**
 * The `demo` classroom: the room is a local page whose link carries an HMAC of the class and its
 * student (session policy `none`: the link works when opened from a calendar or another device, and
 * only for whoever was given it); the recording is ready as soon as the class ends.
 */
export function createDemoClassroomProvider(options: { secret: string }): DemoClassroomProvider {
  const tokenOf = (course: Pick<ClassroomCourse, 'id' | 'studentId'>) =>
    createHmac('sha256', options.secret)
      .update(`classroom-room:${course.id}:${course.studentId}`)
      .digest('base64url');

  return {
    driver: 'demo',
    async roomUrl(course) {
      return `${DEMO_ROOM_PATH}/${course.id}?t=${tokenOf(course)}`;
    },
    async recordingOf(course, now) {
      return now >= course.endAt ? { url: DEMO_RECORDING_URL } : undefined;
    },
    verifyRoomToken(course, token) {
      const expected = Buffer.from(tokenOf(course));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** Whether the provider is the demo one (whose room page this server serves). */
export function isDemoClassroom(provider: ClassroomProvider): provider is DemoClassroomProvider {
  return provider.driver === 'demo' && 'verifyRoomToken' in provider;
}
