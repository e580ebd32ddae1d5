import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { createStatementTriggers, OWN_ROWS, SHOWING_TEACHER } from './0017-student-reads-version.ts';

/**
 * PostgreSQL: the student's version (0017) is bumped when the transaction commits, not when each
 * statement runs. Bumped at once, the version row was a lock taken in the middle of a transaction:
 * a booking (wallet, then its class) and a recharge (its order, then the wallet) of one student
 * each held one lock and waited for the other's, and PostgreSQL aborted one of them as a deadlock.
 * A deferred constraint trigger runs at commit, after every other lock the transaction takes, so the
 * version row is always the last lock and two transactions cannot wait on each other through it.
 * Each student is bumped once per transaction (a transaction-local setting remembers who was).
 *
 * The teacher's trigger (a name or avatar shown to many students) stays at once, taking the
 * students' versions in id order, so two such updates take them in the same order.
 *
 * SQLite runs one writer at a time: nothing waits there, and its triggers stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql
    .raw(
      `create function student_reads_bump(s bigint) returns void language plpgsql as $$ begin ` +
        `if s is null or current_setting('student_reads.bumped_' || s, true) = '1' then return; end if; ` +
        `perform set_config('student_reads.bumped_' || s, '1', true); ` +
        `insert into student_reads_version (student_id, version) values (s, 1) ` +
        `on conflict (student_id) do update set version = student_reads_version.version + 1; end $$`,
    )
    .execute(db);
  for (const [table, column] of OWN_ROWS) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger student_reads_${table}_${event} on ${table}`).execute(db);
    }
    await sql.raw(`drop function student_reads_${table}()`).execute(db);
    await sql
      .raw(
        `create function student_reads_${table}() returns trigger language plpgsql as $$ begin ` +
          `if TG_OP <> 'INSERT' then perform student_reads_bump(old.${column}); end if; ` +
          `if TG_OP <> 'DELETE' then perform student_reads_bump(new.${column}); end if; ` +
          `return null; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create constraint trigger student_reads_${table} after insert or update or delete on ${table} ` +
          `deferrable initially deferred for each row execute function student_reads_${table}()`,
      )
      .execute(db);
  }
  const students = SHOWING_TEACHER.map((t) => `select student_id from ${t} where teacher_id = new.id`).join(
    ' union ',
  );
  await sql
    .raw(
      `create or replace function student_reads_teacher() returns trigger language plpgsql as $$ begin ` +
        `insert into student_reads_version (student_id, version) ` +
        `select s, 1 from (${students}) as shown (s) where s is not null order by s ` +
        `on conflict (student_id) do update set version = student_reads_version.version + 1; ` +
        `return null; end $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  for (const [table, column] of OWN_ROWS) {
    await sql.raw(`drop trigger student_reads_${table} on ${table}`).execute(db);
    await sql.raw(`drop function student_reads_${table}()`).execute(db);
    // 0017's statement triggers, as they were.
    await createStatementTriggers(db, table, column);
  }
  await sql.raw(`drop function student_reads_bump(bigint)`).execute(db);
}
