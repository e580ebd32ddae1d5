import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * The real server as a child process, started the way `npm start` starts it (scripts/start.mjs:
 * `node --import tsx apps/server/src/server.ts`), on its own DATA_DIR and port, so it can be killed
 * with SIGKILL like a machine losing power to the process, and started again on the same data.
 */
export type ServerProcess = {
  base: string;
  /** SIGKILL, then waits for the process to be gone. */
  kill(): Promise<void>;
  /** Whether the process is still running. */
  alive(): boolean;
  /** The server's output so far (for failure messages). */
  log(): string;
};

export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  options: { logFile?: string } = {},
): Promise<ServerProcess> {
  // Instances that share a DATA_DIR (scale-out) each name their own log file.
  const logFile = options.logFile ?? path.join(env.DATA_DIR ?? ROOT, 'server.log');
  const out = fs.openSync(logFile, 'a');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const log = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : '');
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`the server exited during start-up:\n${log()}`);
    try {
      const reply = await fetch(`${base}/health`);
      if (reply.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /health within 90 s:\n${log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    alive: () => !exited,
    log,
    async kill() {
      if (!exited) child.kill('SIGKILL');
      await exit;
    },
  };
}

/** A free loopback port. */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
