import { sql, type CompiledQuery, type Compilable, type KyselyPlugin, type QueryResult } from 'kysely';
import type { Db } from './database.ts';
import { dialectOf } from './dialect.ts';
import { nameStatement } from './pg-named-statements.ts';

/** Stands in for a value while a prepared query is built; replaced by the caller's value on each run. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** Compiled variants kept per database (the app has one: no plugins). */
const MAX_VARIANTS = 8;

/** The value of `name` for a placeholder: typed as the argument it stands for while building. */
export type Arg<A> = <K extends keyof A & string>(name: K) => A[K];

/**
 * A query built and compiled once, then run many times with new values: the hot paths' way to skip
 * Kysely's per-call work (building the query tree, then compiling it to SQL), which costs about as
 * much CPU as running a small SQLite statement. `build` writes the query as usual, with `arg(name)`
 * wherever a value of the call goes, and names the call's values in the type of `arg`:
 * `prepared((db, arg: Arg<{ slotId: number }>) => db.selectFrom(…).where('id', '=', arg('slotId')))`
 * (the rows' type comes from the query). It runs once per database (and per set of plugins), with
 * placeholders, and every later call only swaps the values into the compiled parameters. With the
 * statement cache (statement-cache.ts) the SQL text is then the same object each time, so SQLite
 * does not prepare it again either; PostgreSQL gets it as a named statement, parsed and planned once
 * per connection (pg-named-statements.ts).
 *
 * Only for queries whose shape does not depend on the values: a placeholder is a value, so it may
 * stand where Kysely binds a parameter (comparisons, `in` items, inserted and updated values,
 * arithmetic), never where the SQL text would change (column names, a condition added or not, a
 * list whose length varies, `sql.lit`). A missing argument is a programming error and throws.
 */
export function prepared<A extends Record<string, unknown>, R>(
  build: (db: Db, arg: Arg<A>) => Compilable<R>,
): (db: Db, args: A) => Promise<QueryResult<R>> {
  // Per dialect adapter (one per database, shared by its transactions), then per list of plugins
  // (compared by their elements: each transaction's executor holds its own copy of the list).
  const compiled = new WeakMap<
    object,
    Array<{ plugins: ReadonlyArray<KyselyPlugin>; query: CompiledQuery<R> }>
  >();
  const placeholder = ((name: string) => new Placeholder(name)) as Arg<A>;

  function compiledFor(db: Db): CompiledQuery<R> {
    const { adapter, plugins } = db.getExecutor();
    let variants = compiled.get(adapter);
    if (variants === undefined) {
      variants = [];
      compiled.set(adapter, variants);
    }
    const known = variants.find(
      (v) => v.plugins.length === plugins.length && v.plugins.every((plugin, i) => plugin === plugins[i]),
    );
    if (known) return known.query;
    const query = build(db, placeholder).compile();
    if (dialectOf(db) === 'postgres') nameStatement(query.sql);
    // Bounded: plugin instances made per call would otherwise add a variant each time.
    if (variants.length < MAX_VARIANTS) variants.push({ plugins: [...plugins], query });
    return query;
  }

  return (db, args) => {
    const query = compiledFor(db);
    const parameters = query.parameters.map((value) => {
      if (!(value instanceof Placeholder)) return value;
      const given = args[value.name];
      if (given === undefined) throw new Error(`prepared query: no value for "${value.name}"`);
      return given;
    });
    return db.executeQuery<R>({ ...query, parameters });
  };
}

/**
 * A prepared query per page size (`pageLimit` in paging.ts: the LIMIT written into the SQL), built
 * on first use of each size; `build` receives the limit to write. The sizes are bounded by the
 * contract's PAGE_SIZE_MAX; beyond 64 distinct sizes a size is built and compiled on each call.
 */
export function preparedPage<A extends Record<string, unknown>, R>(
  build: (db: Db, arg: Arg<A>, limit: number) => Compilable<R>,
): (db: Db, limit: number, args: A) => Promise<QueryResult<R>> {
  const bySize = new Map<number, (db: Db, args: A) => Promise<QueryResult<R>>>();
  return (db, limit, args) => {
    let query = bySize.get(limit);
    if (query === undefined) {
      query = prepared((d, arg: Arg<A>) => build(d, arg, limit));
      if (bySize.size < 64) bySize.set(limit, query);
    }
    return query(db, args);
  };
}

/** The column a query for many students adds to each row: the student it belongs to. */
const STUDENT_KEY = 'for_student_id';
/** The ids' alias in the statement: one no query of the app uses. */
const STUDENTS = 'for_students';

/**
 * A prepared query of one student's rows (`arg('studentId')` wherever the student goes), run for
 * many students at once: the rows of each student, in the query's own order, by student id. On
 * PostgreSQL one statement, the query made LATERAL over the ids
 * (`select s.id, q.* from unnest($n) as s(id) cross join lateral (…) as q`: each student's rows are
 * the query's, limits and order included, and its plan the one-student plan run per id; a lateral
 * reference makes it a nested loop, which emits each id's rows in the query's order); on
 * SQLite, where a statement is a function call rather than a round trip, the query once per
 * student. For reads that many requests make in the same turn (db/batched-read.ts).
 */
export function preparedForStudents<A extends { studentId: number }, R>(
  build: (db: Db, arg: Arg<A>) => Compilable<R>,
): (db: Db, studentIds: readonly number[], args: Omit<A, 'studentId'>) => Promise<Map<number, R[]>> {
  const one = prepared(build);
  const lateral = new WeakMap<object, CompiledQuery<R>>();
  const placeholder = ((name: string) =>
    name === 'studentId'
      ? sql.ref(`${STUDENTS}.${STUDENT_KEY}`)
      : new Placeholder(name)) as unknown as Arg<A>;

  function lateralFor(db: Db): CompiledQuery<R> {
    const { adapter } = db.getExecutor();
    let query = lateral.get(adapter);
    if (query === undefined) {
      const inner = build(db, placeholder).compile();
      // The ids go last, so the inner query's parameters keep their numbers.
      const ids = `$${inner.parameters.length + 1}`;
      query = {
        ...inner,
        sql: `select ${STUDENTS}.${STUDENT_KEY}, for_student_rows.* from unnest(cast(${ids} as integer[])) as ${STUDENTS}(${STUDENT_KEY}) cross join lateral (${inner.sql}) as for_student_rows`,
        parameters: [...inner.parameters, new Placeholder(STUDENT_KEY)],
      };
      nameStatement(query.sql);
      lateral.set(adapter, query);
    }
    return query;
  }

  return async (db, studentIds, args) => {
    const byStudent = new Map<number, R[]>(studentIds.map((id) => [id, []]));
    if (studentIds.length === 0) return byStudent;
    if (dialectOf(db) === 'sqlite') {
      const results = await Promise.all(
        studentIds.map((studentId) => one(db, { ...args, studentId } as unknown as A)),
      );
      studentIds.forEach((id, i) => byStudent.set(id, results[i]!.rows));
      return byStudent;
    }
    const query = lateralFor(db);
    const values: Record<string, unknown> = { ...args, [STUDENT_KEY]: [...studentIds] };
    const parameters = query.parameters.map((value) => {
      if (!(value instanceof Placeholder)) return value;
      const given = values[value.name];
      if (given === undefined) throw new Error(`prepared query: no value for "${value.name}"`);
      return given;
    });
    const result = await db.executeQuery<R & Record<typeof STUDENT_KEY, number>>({ ...query, parameters });
    for (const row of result.rows) {
      const { [STUDENT_KEY]: id, ...rest } = row;
      byStudent.get(Number(id))?.push(rest as unknown as R);
    }
    return byStudent;
  };
}

/** `preparedForStudents` per page size, as `preparedPage` is to `prepared`. */
export function preparedForStudentsPage<A extends { studentId: number }, R>(
  build: (db: Db, arg: Arg<A>, limit: number) => Compilable<R>,
): (
  db: Db,
  limit: number,
  studentIds: readonly number[],
  args: Omit<A, 'studentId'>,
) => Promise<Map<number, R[]>> {
  const bySize = new Map<number, ReturnType<typeof preparedForStudents<A, R>>>();
  return (db, limit, studentIds, args) => {
    let query = bySize.get(limit);
    if (query === undefined) {
      query = preparedForStudents((d, arg: Arg<A>) => build(d, arg, limit));
      if (bySize.size < 64) bySize.set(limit, query);
    }
    return query(db, studentIds, args);
  };
}
