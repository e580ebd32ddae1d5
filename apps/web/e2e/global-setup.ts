import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../../../scripts/lib/ensure.mjs';
import { startServer } from './test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** DATA_DIR of the server under test ('' when unknown: BASE_URL without E2E_DATA_DIR). */
    dataDir: string;
  }
}

/**
 * BASE_URL set: test that deployment. Otherwise start the real server on a free port with a fresh
 * data directory, serving apps/web/dist (built first when missing or stale).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Vite/Vitest set BASE_URL to '/' (the public base path) themselves: only an absolute URL counts.
  const fromEnv = process.env.BASE_URL;
  if (fromEnv && /^https?:\/\//.test(fromEnv)) {
    project.provide('baseURL', fromEnv.replace(/\/$/, ''));
    // Tests that read the SMS outbox (SMS_DRIVER=log) need the external server's DATA_DIR.
    project.provide('dataDir', process.env.E2E_DATA_DIR ?? '');
    return async () => {};
  }

  // Missing or older than its sources: build it (for production, whatever NODE_ENV Vitest set).
  ensureWebBuilt();

  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);

  return server.stop;
}
