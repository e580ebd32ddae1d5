import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * The student's classes by outcome, kept (issue 36: reads whose cost does not grow with the
 * student's history). The finished list and the home page count the classes over as attended,
 * missed, cancelled and called off; that count read a row of every class the student ever booked
 * (2,000 classes cost 2.5 times a new student's request).
 *
 * `course_outcome_tally` keeps one row per student and outcome, `entries` the number of that
 * student's classes in it:
 * - `attended`: live (status 100, 200 or 300) and not reported absent (`attended` null or 1);
 * - `missed`: live and reported absent (`attended` 0);
 * - `cancelled` (-200) and `called_off` (-100).
 *
 * A live class is over once it has ended, by the clock; the tally counts a class to come too, so a
 * read takes away the student's open classes still to come (a seek on course_student_open_idx, a
 * handful of rows). The lifecycle job's status changes (100 → 200 → 300) keep a class in its
 * outcome: they never write the tally, so the job's statements, which change many students'
 * classes at once, lock no tally row. The rows are written only where a class changes outcome:
 * booking, cancelling, the teacher's no-show, a student reported absent; each of those changes one
 * student's classes, after the wallet row where it takes one (no new lock order).
 *
 * Kept by row triggers on course in the transaction of the change, whatever writes it (the
 * services, a seed, the bench, a student's deletion); the ledger audit (ops/ledger-audit.ts)
 * compares it with the classes.
 */
/** A class's outcome, null for none; `row` is the trigger's NEW or OLD, or nothing for the table's own row. */
const OUTCOME = (row?: 'NEW' | 'OLD') => {
  const col = (name: string) => (row ? `${row}.${name}` : name);
  return (
    `(case when ${col('status')} in (100, 200, 300) then (case when ${col('attended')} = 0 then 'missed' else 'attended' end) ` +
    `when ${col('status')} = -200 then 'cancelled' when ${col('status')} = -100 then 'called_off' end)`
  );
};

const upsert = (student: string, outcome: string, delta: 1 | -1) =>
  `insert into course_outcome_tally (student_id, outcome, entries) values (${student}, ${outcome}, ${delta}) ` +
  `on conflict (student_id, outcome) do update set entries = course_outcome_tally.entries + ${delta};`;

/** SQLite: an upsert from a SELECT needs its WHERE (the parser's rule), which also skips no outcome. */
const sqliteAdd = (row: 'NEW' | 'OLD', delta: 1 | -1) =>
  `insert into course_outcome_tally (student_id, outcome, entries) ` +
  `select ${row}.student_id, ${OUTCOME(row)}, ${delta} where ${OUTCOME(row)} is not null ` +
  `on conflict (student_id, outcome) do update set entries = course_outcome_tally.entries + ${delta};`;

/** An update that moves a class from one student's outcome to another's (or another student's). */
const MOVED = `(${OUTCOME('OLD')} is not ${OUTCOME('NEW')} or OLD.student_id <> NEW.student_id)`;

const PG_FUNCTION =
  `create function course_outcome_tally() returns trigger language plpgsql as $$ ` +
  `declare was text; now_is text; begin ` +
  `if TG_OP <> 'INSERT' then was := ${OUTCOME('OLD')}; end if; ` +
  `if TG_OP <> 'DELETE' then now_is := ${OUTCOME('NEW')}; end if; ` +
  `if TG_OP = 'UPDATE' and was is not distinct from now_is and OLD.student_id = NEW.student_id then return null; end if; ` +
  `if was is not null then ${upsert('OLD.student_id', 'was', -1)} end if; ` +
  `if now_is is not null then ${upsert('NEW.student_id', 'now_is', 1)} end if; ` +
  `return null; end $$`;

const TRIGGERS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('course_outcome_tally')
    .addColumn('student_id', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('entries', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_outcome_tally_pk', ['student_id', 'outcome'])
    .execute();
  const outcome = sql.raw(OUTCOME());
  await sql`insert into course_outcome_tally (student_id, outcome, entries)
    select student_id, outcome, count(*) from (select student_id, ${outcome} as outcome from course) as c
    where outcome is not null group by student_id, outcome`.execute(db);

  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    const statements = {
      insert: `after insert on course for each row begin ${sqliteAdd('NEW', 1)} end`,
      update:
        `after update of status, attended, student_id on course for each row when ${MOVED} ` +
        `begin ${sqliteAdd('OLD', -1)} ${sqliteAdd('NEW', 1)} end`,
      delete: `after delete on course for each row begin ${sqliteAdd('OLD', -1)} end`,
    };
    for (const event of TRIGGERS)
      await sql.raw(`create trigger course_outcome_tally_${event} ${statements[event]}`).execute(db);
    return;
  }
  await sql.raw(PG_FUNCTION).execute(db);
  const events = {
    insert: 'after insert on course for each row',
    // Only a change of status, attendance or student can move a class; the function leaves a
    // change within one outcome (the lifecycle's 100 → 200 → 300) without a write.
    update: 'after update of status, attended, student_id on course for each row',
    delete: 'after delete on course for each row',
  };
  for (const event of TRIGGERS)
    await sql
      .raw(
        `create trigger course_outcome_tally_${event} ${events[event]} execute function course_outcome_tally()`,
      )
      .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const event of TRIGGERS)
    await sql
      .raw(`drop trigger if exists course_outcome_tally_${event}${sqlite ? '' : ' on course'}`)
      .execute(db);
  if (!sqlite) await sql`drop function if exists course_outcome_tally()`.execute(db);
  await db.schema.dropTable('course_outcome_tally').execute();
}
