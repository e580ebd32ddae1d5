import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** DATA_DIR of the server under test ('' when unknown: BASE_URL without E2E_DATA_DIR). */
    dataDir: string;
  }
}

const webDir = resolve(fileURLToPath(new URL('..', import.meta.url)));
const repoRoot = resolve(webDir, '../..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/health within ${timeoutMs} ms`);
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
    const build = spawnSync('npx', ['vite', 'build'], { cwd: webDir, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('building apps/web failed');
  }

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ls-e2e-'));
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseURL, child, 60_000);
  } catch (error) {
    child.kill('SIGKILL');
    console.error(output.join(''));
    throw error;
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
