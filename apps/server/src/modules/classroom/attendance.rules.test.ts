import { describe, expect, it } from 'vitest';
import {
  bothPresent,
  isStudentAbsent,
  isTeacherNoShow,
  roomWindow,
  teacherLinkExpiry,
  timeInClass,
  type Stay,
} from './attendance.rules.ts';

const MIN = 60_000;
const course = { start_at: 100 * MIN, end_at: 150 * MIN };

describe('attendance rules', () => {
  it('opens the room 10 min before the start and closes it 30 min after the end; the link expires then', () => {
    expect(roomWindow(course.start_at, course.end_at)).toEqual({ openAt: 90 * MIN, closeAt: 180 * MIN });
    expect(teacherLinkExpiry(course.end_at)).toBe(180 * MIN);
  });

  it('a teacher no-show is the no-show time passed without the teacher ever entering', () => {
    const student: Stay[] = [{ seat: 'student', joined_at: 95 * MIN, left_at: null }];
    expect(isTeacherNoShow(course, student, 10, 110 * MIN - 1)).toBe(false);
    expect(isTeacherNoShow(course, student, 10, 110 * MIN)).toBe(true);
    expect(isTeacherNoShow(course, [], 5, 105 * MIN)).toBe(true);
    const cameAndLeft: Stay[] = [{ seat: 'teacher', joined_at: 99 * MIN, left_at: 101 * MIN }];
    expect(isTeacherNoShow(course, cameAndLeft, 10, 120 * MIN)).toBe(false);
  });

  it('the student is absent when the class ended without the student ever entering', () => {
    const teacher: Stay[] = [{ seat: 'teacher', joined_at: 95 * MIN, left_at: 150 * MIN }];
    expect(isStudentAbsent(course, teacher, 150 * MIN - 1)).toBe(false);
    expect(isStudentAbsent(course, teacher, 150 * MIN)).toBe(true);
    expect(
      isStudentAbsent(
        course,
        [...teacher, { seat: 'student', joined_at: 140 * MIN, left_at: 141 * MIN }],
        160 * MIN,
      ),
    ).toBe(false);
  });

  it('both present needs an open stay of each seat', () => {
    expect(bothPresent([{ seat: 'student', joined_at: 1, left_at: null }])).toBe(false);
    expect(
      bothPresent([
        { seat: 'student', joined_at: 1, left_at: null },
        { seat: 'teacher', joined_at: 1, left_at: 2 },
      ]),
    ).toBe(false);
    expect(
      bothPresent([
        { seat: 'student', joined_at: 1, left_at: null },
        { seat: 'teacher', joined_at: 1, left_at: 2 },
        { seat: 'teacher', joined_at: 3, left_at: null },
      ]),
    ).toBe(true);
  });

  it('time in class: stays clipped to the class, open ones to now, overlaps counted once', () => {
    const stays: Stay[] = [
      { seat: 'student', joined_at: 92 * MIN, left_at: 110 * MIN }, // 10 min in class (from the start)
      { seat: 'student', joined_at: 115 * MIN, left_at: 125 * MIN }, // 10 min
      { seat: 'student', joined_at: 120 * MIN, left_at: 130 * MIN }, // overlaps: 5 more
      { seat: 'teacher', joined_at: 98 * MIN, left_at: null }, // open: up to now
    ];
    expect(timeInClass(course, stays, 140 * MIN)).toEqual({ student: 25 * MIN, teacher: 40 * MIN });
    // After the end an open stay counts up to the end only.
    expect(timeInClass(course, stays, 170 * MIN)).toEqual({ student: 25 * MIN, teacher: 50 * MIN });
    expect(timeInClass(course, [], 170 * MIN)).toEqual({ student: 0, teacher: 0 });
  });
});
