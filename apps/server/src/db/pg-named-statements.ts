import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * PostgreSQL's side of the prepared queries (db/prepared.ts): their SQL is sent as a named statement,
 * which each connection parses and plans once and then only binds and executes. Sent unnamed, as
 * every query is by default, PostgreSQL parsed and planned a logged-in read's statement every time:
 * 0.3-0.5 ms of its CPU against 0.03-0.15 ms to run it (EXPLAIN ANALYZE of the class lists' statements
 * on the bench's school, issue 36).
 *
 * Only the texts registered here are named: the prepared queries' texts are fixed (their values are
 * parameters), so a connection holds a bounded set of statements; a query built per call (an `in`
 * list of varying length) would add a statement per shape and stays unnamed. With PostgreSQL's
 * default plan_cache_mode a statement is planned for its values for its first five runs, then keeps a
 * generic plan only when that plan costs no more than those did.
 *
 * A pooler in front of PostgreSQL must keep a connection's named statements (PgBouncer 1.21+ in
 * transaction mode with max_prepared_statements set, or session mode): docs/operations.md.
 */

/**
 * The most texts named: the application has 37 prepared queries, some of them per page size (a
 * client picks the size), so the first 300 texts are named and any later one is sent unnamed. It
 * bounds what a connection holds on the server (a few kilobytes a statement).
 */
export const MAX_NAMED = 300;

const names = new Map<string, string>();

/** Registers a prepared query's SQL text; it will be sent as a named statement. */
export function nameStatement(sqlText: string): void {
  if (names.has(sqlText) || names.size >= MAX_NAMED) return;
  names.set(sqlText, `ls${names.size + 1}`);
}

/** The name a text is sent under, undefined for one not registered. */
export function statementName(sqlText: string): string | undefined {
  return names.get(sqlText);
}

type Query = (...args: unknown[]) => unknown;

/**
 * The pool as Kysely's PostgresDialect takes it, whose clients send the registered texts named
 * (the client's `query(text, values)` becomes `query({ name, text, values })`; cursors and other
 * texts pass through unchanged).
 */
export function withNamedStatements(pool: pg.Pool): PostgresPool {
  const patched = new WeakSet<object>();
  return {
    async connect() {
      const client = await pool.connect();
      if (!patched.has(client)) {
        const query = client.query.bind(client) as Query;
        (client as unknown as { query: Query }).query = (...args: unknown[]) => {
          const [text, values] = args;
          const name = typeof text === 'string' ? names.get(text) : undefined;
          return name === undefined ? query(...args) : query({ name, text, values });
        };
        patched.add(client);
      }
      return client as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
