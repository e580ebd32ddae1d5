import v8 from 'node:v8';

/**
 * Applies the V8 settings of the server process (docs/decisions.md, "Performance"). Called before
 * the application is built: by apps/server/src/server.ts (before the application's modules load) and
 * by the bench's server (bench/server.ts), which measures what production runs.
 *
 * `--no-allocation-site-pretenuring`: V8 watches which of a function's allocations survive garbage
 * collections and, once nearly all of one place's objects have, allocates that place's objects in
 * the old generation from then on. A server meets that at its busiest: in a burst of requests that
 * wait on the database (a restart, the student reply cache's entries ending together), every
 * request's objects outlive a collection or two, so V8 moved the places that make each request's
 * objects (Node's HTTP parser and response, Fastify's reply, the socket writes) to the old
 * generation, and the decision stuck after the burst. Each request's garbage then went to the old
 * generation: under load 1.5 MB promoted every 20 ms, a full collection every 2-3 s, minor
 * collections 2-5 ms long instead of 0.1-1, 11% of the server's time in the collector. With the
 * decisions off, the logged-in reads' CPU fell by up to a fifth and their p99 by 1-3 ms
 * (docs/quality.md, "Server tuning notes").
 */
export function tuneServerRuntime(): void {
  v8.setFlagsFromString('--no-allocation-site-pretenuring');
}
