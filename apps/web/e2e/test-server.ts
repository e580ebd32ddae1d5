import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchTransport, type Transport } from '../../../test-support/http.ts';

export const webDir = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const repoRoot = resolve(webDir, '../..');

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

export type TestServer = {
  baseURL: string;
  dataDir: string;
  /** Its API, as test-support/ calls it (e.g. createStudentSession(server.api)). */
  api: Transport;
  stop: () => Promise<void>;
};

/**
 * The real server on a free port with a fresh DATA_DIR, serving the built web app (apps/web/dist),
 * with extra environment (e.g. a short ACCESS_TOKEN_TTL_SECONDS). No test-only endpoints: only
 * configuration. Resolves once /health answers; the log is printed if it never does.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ls-e2e-'));
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(webDir, 'dist'),
      LOG_LEVEL: 'warn',
      // Browser contexts and API clients each send their own X-Forwarded-For (browser.ts).
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const api = fetchTransport(baseURL, dataDir);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const health = await api.request({ method: 'GET', url: '/health' });
      if (health.status === 200) return { baseURL, dataDir, api, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not start:\n${output.join('')}`);
}
