/**
 * Which servers the browser tests run against. Test files run in parallel, one worker per server, and
 * each worker talks only to its own server, so no two files ever share a database or a limit.
 *
 * - BASE_URL set (one absolute URL, or several separated by commas): test those deployments, with
 *   E2E_DATA_DIR giving their data directories in the same order (the SMS outbox is read there).
 * - Otherwise global setup starts E2E_WORKERS servers (default 2) on fresh data directories.
 */
export type ServerUnderTest = { baseURL: string; dataDir: string };

/** The external servers named by BASE_URL / E2E_DATA_DIR, or [] when the tests start their own. */
export function externalServers(env: NodeJS.ProcessEnv = process.env): ServerUnderTest[] {
  // Vite/Vitest set BASE_URL to '/' (the public base path) themselves: only absolute URLs count.
  const urls = (env.BASE_URL ?? '')
    .split(',')
    .map((url) => url.trim().replace(/\/$/, ''))
    .filter((url) => /^https?:\/\//.test(url));
  const dirs = (env.E2E_DATA_DIR ?? '').split(',').map((dir) => dir.trim());
  return urls.map((baseURL, i) => ({ baseURL, dataDir: dirs[i] ?? '' }));
}

/** How many test files run at once: one per server. */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const external = externalServers(env).length;
  if (external > 0) return external;
  const wanted = Number(env.E2E_WORKERS ?? 2);
  return Number.isInteger(wanted) && wanted >= 1 ? wanted : 2;
}

/** The server of this worker (VITEST_POOL_ID is 1..workers). */
export function serverFor(servers: ServerUnderTest[], poolId = process.env.VITEST_POOL_ID): ServerUnderTest {
  const index = (Number(poolId ?? 1) - 1) % servers.length;
  const server = servers[Number.isInteger(index) && index >= 0 ? index : 0];
  if (!server) throw new Error('no server under test: global setup provided none');
  return server;
}
