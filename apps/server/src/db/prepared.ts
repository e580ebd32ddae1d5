import type { CompiledQuery, Compilable, KyselyPlugin, QueryResult } from 'kysely';
import type { Db } from './database.ts';

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
 * does not prepare it again either.
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
