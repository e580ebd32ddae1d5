import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import type { App } from '../apps/server/src/http/fastify-types.ts';

export type BenchServer = { app: App; config: Config; base: string; close: () => Promise<void> };

/**
 * The real server, in-process, on a fresh demo database in a temporary directory (or the database of
 * `env.DATABASE_URL`), listening on a free loopback port, silent and without the request limiter.
 */
export async function startBenchServer(env: Record<string, string | undefined> = {}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    PORT: '0',
    HOST: '127.0.0.1',
    ...env,
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    app,
    config,
    base: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
