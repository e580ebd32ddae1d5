import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../../../scripts/lib/ensure.mjs';
import { externalServers, workerCount, type ServerUnderTest } from './servers.ts';
import { startServer } from './test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (servers.ts); dataDir is '' when unknown (BASE_URL without E2E_DATA_DIR). */
    servers: ServerUnderTest[];
  }
}

/**
 * BASE_URL set: test those deployments. Otherwise start the real server, one per worker, each on a
 * free port with a fresh data directory, serving apps/web/dist (built first when missing or stale).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = externalServers();
  if (external.length > 0) {
    project.provide('servers', external);
    return async () => {};
  }

  // Missing or older than its sources: build it (for production, whatever NODE_ENV Vitest set).
  ensureWebBuilt();

  // The demo classroom: the seeded class that opens at once stays a plain upcoming class over the
  // run (the live room's attendance job would call it off for the teacher's absence 10 minutes
  // after its start, refunding and texting the demo student mid-run). classroom.e2e.ts runs the
  // live room, the product's default, on a server of its own.
  const started = await Promise.all(
    Array.from({ length: workerCount() }, () => startServer({ CLASSROOM_DRIVER: 'demo' })),
  );
  project.provide(
    'servers',
    started.map(({ baseURL, dataDir }) => ({ baseURL, dataDir })),
  );
  return async () => {
    await Promise.all(started.map((server) => server.stop()));
  };
}
