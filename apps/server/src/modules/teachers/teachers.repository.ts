import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { SortOrder, TeacherSort } from '@app/contract/teachers';
import type { Database, Db, TeacherTable } from '../../db/database.ts';
import { prepared, preparedForStudents, type Arg } from '../../db/prepared.ts';

/** All SQL of the teachers area (teachers, slots, reviews, favourites). Every method accepts a transaction as `db`. */

/**
 * Statuses of a class that holds its slot: not started, in class, over (the partial unique index
 * course_slot_live_uq of the courses migration; the courses module's LIVE_STATUSES).
 */
const LIVE_COURSE_STATUSES = [100, 200, 300];

/** A free slot fits a window when it starts in [startMin, startMax] and ends by endMax (epoch ms). */
export type SlotWindow = { startMin: number; startMax: number; endMax: number };

export type TeacherFilter = {
  nationality?: string;
  language?: string;
  level?: number;
  /** Lower-cased keyword matched against the name. */
  keyword?: string;
  /** Tag keys whose key or label matches the keyword (an OR with the name). */
  keywordTags?: string[];
  /** Only teachers with a free slot fitting one of these windows. */
  slotWindows?: SlotWindow[];
  /** A superset of the windows as UTC minute-of-day ranges (sargable on the free-slot index). */
  slotMinuteRanges?: [number, number][];
  /** Only this student's favourites. */
  favouritesOf?: number;
};

/** A teacher as the lists read it (the card's columns). */
export type TeacherRow = Pick<
  Selectable<TeacherTable>,
  'id' | 'name' | 'avatar' | 'nationality' | 'level' | 'price_coins' | 'rating_x100' | 'lesson_count' | 'tags'
>;

/** A teacher as the profile reads it (every column but the demo flag and the creation time). */
export type TeacherDetailRow = Omit<Selectable<TeacherTable>, 'is_demo' | 'created_at'>;

const cardColumns = [
  't.id',
  't.name',
  't.avatar',
  't.nationality',
  't.level',
  't.price_coins',
  't.rating_x100',
  't.lesson_count',
  't.tags',
] as const;

const SORT_COLUMNS = { rating: 't.rating_x100', lessons: 't.lesson_count', price: 't.price_coins' } as const;

/** `%keyword%` for LIKE, with the wildcards of the keyword itself escaped by a backslash. */
function likePattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Kysely<Database>, f: TeacherFilter) {
  let q = db.selectFrom('teacher as t').where('t.active', '=', 1);
  if (f.nationality) q = q.where('t.nationality', '=', f.nationality);
  if (f.level) q = q.where('t.level', '=', f.level);
  if (f.language) {
    const language = f.language;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('teacher_language as tl')
          .select(sql.lit(1).as('one'))
          .whereRef('tl.teacher_id', '=', 't.id')
          .where('tl.language', '=', language),
      ),
    );
  }
  if (f.keyword) {
    const pattern = likePattern(f.keyword);
    const tags = f.keywordTags ?? [];
    // lower() on both sides: case-insensitive on SQLite and PostgreSQL alike (DESIGN.md §4).
    q = q.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(${eb.ref('t.name')}) like ${pattern} escape '\\'`,
        ...tags.map((tag) => eb('t.tags', 'like', `%"${tag}"%`)),
      ]),
    );
  }
  if (f.favouritesOf !== undefined) {
    const studentId = f.favouritesOf;
    // IN (not a correlated EXISTS): a student's few favourites drive the query, so the slot filter
    // below is checked for those teachers only, not for every active teacher.
    q = q.where('t.id', 'in', (eb) =>
      eb.selectFrom('favourite_teacher as f').select('f.teacher_id').where('f.student_id', '=', studentId),
    );
  }
  if (f.slotWindows) {
    const windows = f.slotWindows;
    const minuteRanges = f.slotMinuteRanges;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('teacher_slot as s')
          .select(sql.lit(1).as('one'))
          .whereRef('s.teacher_id', '=', 't.id')
          .where('s.state', '=', 'free')
          .$if(minuteRanges !== undefined, (sq) =>
            sq.where((eb) => eb.or(minuteRanges!.map(([lo, hi]) => eb.between('s.start_minute', lo, hi)))),
          )
          .where((eb) =>
            eb.or(
              windows.map((w): Expression<SqlBool> =>
                eb.and([
                  eb('s.start_at', '>=', w.startMin),
                  eb('s.start_at', '<=', w.startMax),
                  eb('s.end_at', '<=', w.endMax),
                ]),
              ),
            ),
          ),
      ),
    );
  }
  return q;
}

function likedQuery(db: Db, arg: Arg<{ studentId: number }>) {
  return db
    .selectFrom('favourite_teacher as f')
    .innerJoin('teacher as t', 't.id', 'f.teacher_id')
    .select('f.teacher_id')
    .where('f.student_id', '=', arg('studentId'))
    .where('t.active', '=', 1)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.teacher_id', 'desc');
}

const likedOf = prepared(likedQuery);
const likedOfStudents = preparedForStudents(likedQuery);

export const teachersRepository = {
  async countTeachers(db: Kysely<Database>, f: TeacherFilter): Promise<number> {
    const row = await filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** A page of active teachers; the id breaks ties in the sort's direction, so paging is stable. */
  listTeachers(
    db: Kysely<Database>,
    f: TeacherFilter,
    sort: TeacherSort,
    order: SortOrder,
    offset: number,
    limit: number,
  ): Promise<TeacherRow[]> {
    return filtered(db, f)
      .select(cardColumns)
      .orderBy(SORT_COLUMNS[sort], order)
      .orderBy('t.id', order)
      .offset(offset)
      .limit(limit)
      .execute();
  },

  /** Active teachers of a student's favourites, most recently liked first. */
  async listFavouriteTeachers(db: Kysely<Database>, studentId: number, offset: number, limit: number) {
    const base = db
      .selectFrom('favourite_teacher as f')
      .innerJoin('teacher as t', 't.id', 'f.teacher_id')
      .where('f.student_id', '=', studentId)
      .where('t.active', '=', 1);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .select(cardColumns)
        .orderBy('f.created_at', 'desc')
        .orderBy('t.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
    ]);
    return { total: Number(count.n), rows: rows as TeacherRow[] };
  },

  findTeacher(db: Kysely<Database>, id: number): Promise<TeacherDetailRow | undefined> {
    return db
      .selectFrom('teacher as t')
      .select([
        ...cardColumns,
        't.intro_zh',
        't.intro_en',
        't.intro_video',
        't.radar_education',
        't.radar_experience',
        't.radar_interaction',
        't.radar_pronunciation',
        't.radar_rating',
        't.refuses_frequent_cancellers',
        't.active',
      ])
      .where('t.id', '=', id)
      .executeTakeFirst();
  },

  async languagesOf(db: Kysely<Database>, teacherIds: number[]): Promise<Map<number, string[]>> {
    const map = new Map<number, string[]>();
    if (teacherIds.length === 0) return map;
    const rows = await db
      .selectFrom('teacher_language')
      .select(['teacher_id', 'language'])
      .where('teacher_id', 'in', teacherIds)
      .orderBy('teacher_id')
      .orderBy('language')
      .execute();
    for (const row of rows) {
      const list = map.get(row.teacher_id);
      if (list) list.push(row.language);
      else map.set(row.teacher_id, [row.language]);
    }
    return map;
  },

  /** The earliest free slot start in [from, to] per teacher. */
  async nextFreeOf(
    db: Kysely<Database>,
    teacherIds: number[],
    from: number,
    to: number,
  ): Promise<Map<number, number>> {
    const map = new Map<number, number>();
    if (teacherIds.length === 0) return map;
    const rows = await db
      .selectFrom('teacher_slot')
      .select((eb) => ['teacher_id', eb.fn.min<number>('start_at').as('first')])
      .where('teacher_id', 'in', teacherIds)
      .where('state', '=', 'free')
      .where('start_at', '>=', from)
      .where('start_at', '<=', to)
      .groupBy('teacher_id')
      .execute();
    for (const row of rows) map.set(row.teacher_id, Number(row.first));
    return map;
  },

  /** Which of these teachers the student likes. */
  async likedAmong(db: Kysely<Database>, studentId: number, teacherIds: number[]): Promise<Set<number>> {
    if (teacherIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('favourite_teacher')
      .select('teacher_id')
      .where('student_id', '=', studentId)
      .where('teacher_id', 'in', teacherIds)
      .execute();
    return new Set(rows.map((r) => r.teacher_id));
  },

  /** Ids of the active teachers a student likes, most recently liked first. */
  async likedTeacherIds(db: Kysely<Database>, studentId: number): Promise<number[]> {
    return (await likedOf(db, { studentId })).rows.map((r) => r.teacher_id);
  },

  /** `likedTeacherIds` of each of `studentIds`, by student (one statement on PostgreSQL). */
  async likedTeacherIdsOfStudents(db: Db, studentIds: readonly number[]): Promise<Map<number, number[]>> {
    const liked = new Map<number, number[]>();
    for (const [id, rows] of await likedOfStudents(db, studentIds, {}))
      liked.set(
        id,
        rows.map((r) => r.teacher_id),
      );
    return liked;
  },

  /** Adds a favourite unless present (the primary key decides); whether this call added it. */
  async addFavourite(
    db: Kysely<Database>,
    studentId: number,
    teacherId: number,
    now: number,
  ): Promise<boolean> {
    const result = await db
      .insertInto('favourite_teacher')
      .values({ student_id: studentId, teacher_id: teacherId, created_at: now })
      .onConflict((oc) => oc.columns(['student_id', 'teacher_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async removeFavourite(db: Kysely<Database>, studentId: number, teacherId: number): Promise<boolean> {
    const result = await db
      .deleteFrom('favourite_teacher')
      .where('student_id', '=', studentId)
      .where('teacher_id', '=', teacherId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /**
   * Slots of a teacher starting in [from, to), in time order. With a student, `mine_course_id` is
   * the student's live class (not started, in class, over) in the slot, else null: read in the same
   * statement as the slot's state, so a reply never shows a slot booked by the student as `booked`
   * (or free) because a booking landed between two reads. At most one live class holds a slot (the
   * partial unique index course_slot_live_uq), so the join adds no rows.
   */
  listSlots(db: Kysely<Database>, teacherId: number, from: number, to: number, studentId: number | null) {
    return db
      .selectFrom('teacher_slot as s')
      .leftJoin('course as c', (join) =>
        join
          .onRef('c.slot_id', '=', 's.id')
          .on('c.status', 'in', LIVE_COURSE_STATUSES)
          // No student: a condition no row meets, so a visitor's query has the same shape.
          .on('c.student_id', '=', studentId ?? 0),
      )
      .select(['s.id', 's.start_at', 's.end_at', 's.state', 'c.id as mine_course_id'])
      .where('s.teacher_id', '=', teacherId)
      .where('s.start_at', '>=', from)
      .where('s.start_at', '<', to)
      .orderBy('s.start_at')
      .execute();
  },

  async countReviews(db: Kysely<Database>, teacherId: number): Promise<number> {
    const row = await db
      .selectFrom('teacher_review')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('teacher_id', '=', teacherId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** A page of a teacher's reviews, newest first. */
  listReviews(db: Kysely<Database>, teacherId: number, offset: number, limit: number) {
    return db
      .selectFrom('teacher_review')
      .select(['id', 'student_nick', 'rating', 'tags', 'content', 'created_at'])
      .where('teacher_id', '=', teacherId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  },

  /** Active demo teachers (their slots are topped up by the daily job). */
  listActiveDemoTeachers(db: Kysely<Database>) {
    return db
      .selectFrom('teacher')
      .select(['id', 'created_at'])
      .where('is_demo', '=', 1)
      .where('active', '=', 1)
      .orderBy('id')
      .execute();
  },

  /** Inserts slots; an existing (teacher_id, start_at) is left as it is. Returns how many were new. */
  async insertSlotsIfAbsent(
    db: Kysely<Database>,
    slots: { teacher_id: number; start_at: number; end_at: number; state: 'free' | 'booked' | 'closed' }[],
  ): Promise<number> {
    let inserted = 0;
    // 4 parameters a row: stay well below SQLite's 32,766 and PostgreSQL's 65,535 bind parameters.
    for (let i = 0; i < slots.length; i += 1000) {
      const result = await db
        .insertInto('teacher_slot')
        .values(slots.slice(i, i + 1000))
        .onConflict((oc) => oc.columns(['teacher_id', 'start_at']).doNothing())
        .executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return inserted;
  },
  // ---- operator writes (the operations CLI, through the service) ----------------------------------

  async insertTeacher(
    db: Kysely<Database>,
    row: Insertable<TeacherTable>,
    languages: string[],
  ): Promise<number> {
    const { id } = await db.insertInto('teacher').values(row).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('teacher_language')
      .values(languages.map((language) => ({ teacher_id: id, language })))
      .execute();
    return id;
  },

  async updateTeacher(
    db: Kysely<Database>,
    id: number,
    patch: Updateable<TeacherTable>,
    languages: string[] | undefined,
  ): Promise<boolean> {
    const found = await db.selectFrom('teacher').select('id').where('id', '=', id).executeTakeFirst();
    if (!found) return false;
    if (Object.keys(patch).length > 0)
      await db.updateTable('teacher').set(patch).where('id', '=', id).execute();
    if (languages) {
      await db.deleteFrom('teacher_language').where('teacher_id', '=', id).execute();
      await db
        .insertInto('teacher_language')
        .values(languages.map((language) => ({ teacher_id: id, language })))
        .execute();
    }
    return true;
  },

  /** The teacher's slots that overlap [from, to). */
  overlappingSlots(db: Kysely<Database>, teacherId: number, from: number, to: number) {
    return db
      .selectFrom('teacher_slot')
      .select(['id', 'start_at', 'end_at', 'state'])
      .where('teacher_id', '=', teacherId)
      .where('start_at', '<', to)
      .where('end_at', '>', from)
      .orderBy('start_at')
      .execute();
  },

  insertSlot(db: Kysely<Database>, teacherId: number, start: number, end: number) {
    return db
      .insertInto('teacher_slot')
      .values({ teacher_id: teacherId, start_at: start, end_at: end })
      .execute();
  },

  /** Closes the free slots starting in [from, to); how many. */
  async closeFreeSlots(db: Kysely<Database>, teacherId: number, from: number, to: number): Promise<number> {
    const result = await db
      .updateTable('teacher_slot')
      .set({ state: 'closed' })
      .where('teacher_id', '=', teacherId)
      .where('state', '=', 'free')
      .where('start_at', '>=', from)
      .where('start_at', '<', to)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** The booked slots starting in [from, to) (left alone by closing). */
  bookedSlots(db: Kysely<Database>, teacherId: number, from: number, to: number) {
    return db
      .selectFrom('teacher_slot')
      .select(['id', 'start_at'])
      .where('teacher_id', '=', teacherId)
      .where('state', '=', 'booked')
      .where('start_at', '>=', from)
      .where('start_at', '<', to)
      .orderBy('start_at')
      .execute();
  },
};

/**
 * A teacher's figures follow the data (issue 13), each change in the transaction of the write that
 * causes it: the rating is the average of the teacher's reviews (on the profile: imported and
 * students' alike), recomputed when a review is added; the lesson count is the teacher's history
 * before the platform (the figure a teacher is created with) plus the classes that ended (status
 * 300), moved by one as a class ends or an ended class is abolished. Used by the courses module
 * (reviews, the lifecycle) and the demo seed.
 */
export const teacherFiguresRepository = {
  /**
   * rating_x100 = round(100 × the mean rating of the teacher's reviews); unchanged while it has none.
   * On PostgreSQL call it after taking the teacher's lock (locks.ts), so that it reads every review
   * committed by a concurrent caller before it: the statement sees what was committed when it began.
   */
  async refreshRating(db: Kysely<Database>, teacherId: number): Promise<void> {
    await db
      .updateTable('teacher')
      .set({
        rating_x100: sql<number>`(select cast(round(sum(r.rating) * 100.0 / count(*)) as integer) from teacher_review r where r.teacher_id = ${teacherId})`,
      })
      .where('id', '=', teacherId)
      .where(sql<SqlBool>`exists (select 1 from teacher_review r where r.teacher_id = ${teacherId})`)
      .execute();
  },

  /** Adds `delta` (negative to take) to the lessons of each teacher given; ids in ascending order (no deadlock between two callers). */
  async addLessons(db: Kysely<Database>, byTeacher: ReadonlyMap<number, number>): Promise<void> {
    for (const teacherId of [...byTeacher.keys()].sort((a, b) => a - b)) {
      const delta = byTeacher.get(teacherId)!;
      if (delta === 0) continue;
      await db
        .updateTable('teacher')
        .set((eb) => ({ lesson_count: eb('lesson_count', '+', delta) }))
        .where('id', '=', teacherId)
        .execute();
    }
  },
};
