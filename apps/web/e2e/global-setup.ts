import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, webDir } from './test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** DATA_DIR of the server under test ('' when unknown: BASE_URL without E2E_DATA_DIR). */
    dataDir: string;
  }
}

/**
 * BASE_URL set: test that deployment. Otherwise start the real server on a free port with a fresh
 * data directory, serving apps/web/dist (built first when missing).
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

  const dist = join(webDir, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    // Vitest sets NODE_ENV=test, under which antd renders fixed test ids: build for production.
    const build = spawnSync('npx', ['vite', 'build'], {
      cwd: webDir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('building apps/web failed');
  }

  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);

  return server.stop;
}
