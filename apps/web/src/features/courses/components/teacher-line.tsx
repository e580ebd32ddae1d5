import type { CourseTeacher } from '@app/contract/courses';

/** The teacher's avatar and name (the avatar is decorative: the name is beside it). */
export function TeacherLine({ teacher, size = 40 }: { teacher: CourseTeacher; size?: number }) {
  return (
    <span className="ls-c-teacher">
      <img
        className="ls-c-avatar"
        src={teacher.avatar}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
      <span className="ls-c-teacher-name">{teacher.name}</span>
    </span>
  );
}
