import type { Db } from '../../db/database.ts';

/** SQL of the live classroom's rooms (room.service.ts): the class a room belongs to, with both names. */

export type RoomCourseRow = {
  id: number;
  student_id: number;
  teacher_id: number;
  start_at: number;
  end_at: number;
  status: number;
  teacher_name: string;
  student_nick: string;
  student_eng_name: string;
};

export const roomRepository = {
  findRoomCourse(db: Db, courseId: number): Promise<RoomCourseRow | undefined> {
    return db
      .selectFrom('course')
      .innerJoin('teacher', 'teacher.id', 'course.teacher_id')
      .innerJoin('student', 'student.id', 'course.student_id')
      .select([
        'course.id',
        'course.student_id',
        'course.teacher_id',
        'course.start_at',
        'course.end_at',
        'course.status',
        'teacher.name as teacher_name',
        'student.nick as student_nick',
        'student.eng_name as student_eng_name',
      ])
      .where('course.id', '=', courseId)
      .executeTakeFirst();
  },
};
