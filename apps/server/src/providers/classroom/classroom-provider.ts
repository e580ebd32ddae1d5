/**
 * The classroom provider (DESIGN.md §7 "Class lifecycle", "Other providers"): where a class is held
 * and where its recording comes from. The courses module decides when a room link is shown and
 * whether a class gets a playback (never for a missed or abolished one); the provider only answers
 * "which room" and "which recording". `demo` is a local classroom page and a generated clip; a real
 * provider (ClassIn, Agora, …) implements the same interface.
 */

/** What a provider needs to know of a class. */
export type ClassroomCourse = {
  id: number;
  studentId: number;
  startAt: number;
  endAt: number;
};

export type ClassroomRecording = { url: string };

export interface ClassroomProvider {
  readonly driver: string;
  /** The link the student opens to enter the class's room (absolute, or a path of this server). */
  roomUrl(course: ClassroomCourse): Promise<string>;
  /** The recording of a held class once the provider has it; undefined while it is not ready. */
  recordingOf(course: ClassroomCourse, now: number): Promise<ClassroomRecording | undefined>;
}
