import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * The logged-in student's reply cache (issue 36, apps/server/src/http/student-cache.ts): one version
 * per student, bumped by triggers in the transaction of every write to a row the student's cached
 * reads show, so no code path (a service, the ops CLI, a job, the seed, another instance) can forget
 * it and a reply cached under an older version is never served again.
 *
 * - `student_reads_version (student_id, version)`: no row reads as version 0; the first write makes
 *   it 1. Rows are never deleted (no foreign key to the student), so a version never goes back.
 * - The student's own rows: `student` (by `id`), `wallet`, `coin_log`, `lesson_card`, `course`,
 *   `course_review`, `teacher_report`, `favourite_teacher`, `pay_order`, `courseware_item`: any
 *   insert, update or delete bumps the student of the row (both students when an update moves a row).
 * - Shared rows shown to the student: a teacher's name, avatar, nationality or `active` (classes,
 *   reports, orders, cards and the liked list show them) bumps every student with a class, report,
 *   order, card or favourite of that teacher. Other teacher columns (lesson counts, slots) are not
 *   shown in those replies and bump nothing.
 * SQLite has row triggers only; PostgreSQL bumps once per statement from its transition tables (a
 * bulk insert of classes bumps each student once), and per row for the teacher.
 */

/** Tables whose rows are a student's own, with the column naming the student. */
export const OWN_ROWS: ReadonlyArray<readonly [table: string, student: string]> = [
  ['student', 'id'],
  ['wallet', 'student_id'],
  ['coin_log', 'student_id'],
  ['lesson_card', 'student_id'],
  ['course', 'student_id'],
  ['course_review', 'student_id'],
  ['teacher_report', 'student_id'],
  ['favourite_teacher', 'student_id'],
  ['pay_order', 'student_id'],
  ['courseware_item', 'student_id'],
];

/** Tables that show a teacher (by `teacher_id`) to a student. */
export const SHOWING_TEACHER = ['course', 'teacher_report', 'pay_order', 'lesson_card', 'favourite_teacher'];
export const TEACHER_SHOWN = ['name', 'avatar', 'nationality', 'active'];

const EVENTS = ['insert', 'update', 'delete'] as const;

function studentsOfTeacher(id: string): string {
  return SHOWING_TEACHER.map((t) => `select student_id from ${t} where teacher_id = ${id}`).join(' union ');
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const bump = (student: string, where = '') =>
    `insert into student_reads_version (student_id, version) select ${student}, 1 where ${where || 'true'} ` +
    `on conflict (student_id) do update set version = version + 1;`;
  for (const [table, column] of OWN_ROWS) {
    for (const event of EVENTS) {
      const body =
        event === 'insert'
          ? bump(`NEW.${column}`)
          : event === 'delete'
            ? bump(`OLD.${column}`)
            : `${bump(`NEW.${column}`)} ${bump(`OLD.${column}`, `OLD.${column} is not NEW.${column}`)}`;
      await sql
        .raw(
          `create trigger student_reads_${table}_${event} after ${event} on ${table} for each row begin ${body} end`,
        )
        .execute(db);
    }
  }
  const changed = TEACHER_SHOWN.map((c) => `OLD.${c} is not NEW.${c}`).join(' or ');
  await sql
    .raw(
      `create trigger student_reads_teacher_update after update of ${TEACHER_SHOWN.join(', ')} on teacher ` +
        `for each row when ${changed} begin ` +
        `insert into student_reads_version (student_id, version) ` +
        `select student_id, 1 from (${studentsOfTeacher('NEW.id')}) where true ` +
        `on conflict (student_id) do update set version = version + 1; end`,
    )
    .execute(db);
}

/** PostgreSQL: bumps each student the query `from` names, once. */
const bumpFrom = (from: string) =>
  `insert into student_reads_version (student_id, version) select distinct s, 1 from (${from}) as changed (s) ` +
  `where s is not null on conflict (student_id) do update set version = student_reads_version.version + 1;`;

/**
 * PostgreSQL: the statement triggers of one table of the student's own rows (its function and one
 * trigger per event), bumping each student of the statement's rows once. 0018 replaces them and
 * puts them back on the way down.
 */
export async function createStatementTriggers(
  db: Kysely<unknown>,
  table: string,
  column: string,
): Promise<void> {
  await sql
    .raw(
      `create function student_reads_${table}() returns trigger language plpgsql as $$ begin ` +
        `if TG_OP = 'INSERT' then ${bumpFrom(`select ${column} from new_rows`)} ` +
        `elsif TG_OP = 'DELETE' then ${bumpFrom(`select ${column} from old_rows`)} ` +
        `else ${bumpFrom(`select ${column} from new_rows union all select ${column} from old_rows`)} end if; ` +
        `return null; end $$`,
    )
    .execute(db);
  for (const event of EVENTS) {
    const referencing =
      event === 'insert'
        ? 'new table as new_rows'
        : event === 'delete'
          ? 'old table as old_rows'
          : 'old table as old_rows new table as new_rows';
    await sql
      .raw(
        `create trigger student_reads_${table}_${event} after ${event} on ${table} ` +
          `referencing ${referencing} for each statement execute function student_reads_${table}()`,
      )
      .execute(db);
  }
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of OWN_ROWS) await createStatementTriggers(db, table, column);
  const changed = TEACHER_SHOWN.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
  await sql
    .raw(
      `create function student_reads_teacher() returns trigger language plpgsql as $$ begin ` +
        bumpFrom(studentsOfTeacher('new.id')) +
        ` return null; end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger student_reads_teacher_update after update of ${TEACHER_SHOWN.join(', ')} on teacher ` +
        `for each row when (${changed}) execute function student_reads_teacher()`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('student_reads_version')
    .addColumn('student_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) await upSqlite(db);
  else await upPostgres(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const triggers = [
    ...OWN_ROWS.flatMap(([table]) => EVENTS.map((event) => [`student_reads_${table}_${event}`, table])),
    ['student_reads_teacher_update', 'teacher'],
  ];
  for (const [name, table] of triggers) {
    await sql.raw(sqlite ? `drop trigger ${name}` : `drop trigger ${name} on ${table}`).execute(db);
  }
  if (!sqlite) {
    for (const [table] of [...OWN_ROWS, ['teacher']]) {
      await sql.raw(`drop function student_reads_${table}()`).execute(db);
    }
  }
  await db.schema.dropTable('student_reads_version').execute();
}
