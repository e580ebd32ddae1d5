import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connection.ts';
import type { App } from '../src/http/fastify-types.ts';

const opened: Array<{ app: App; dir: string }> = [];

afterEach(async () => {
  for (const { app, dir } of opened.splice(0)) {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** The app at LOG_LEVEL info on a fresh SQLite file (the log does not depend on the engine), its lines kept. */
async function loggingApp(): Promise<{ app: App; lines: () => Array<Record<string, unknown>> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-log-'));
  const config = loadConfig({
    SEED_DEMO: '0',
    SCRYPT_COST: '1024',
    LOG_LEVEL: 'info',
    DATA_DIR: dir,
    WEB_DIST: path.join(dir, 'none'),
    JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
    SMS_CODE_PEPPER: 'test-sms-pepper-0123456789abcdef0123456789',
  });
  const written: string[] = [];
  const app = await buildApp(config, {
    database: openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined }),
    scheduleJobs: false,
    logger: { level: 'info', stream: { write: (line) => void written.push(line) } },
  });
  opened.push({ app, dir });
  return { app, lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('request log', () => {
  it('writes one line per answered request: its id as the reply carries it, the URL without credentials', async () => {
    const { app, lines } = await loggingApp();
    const first = await app.inject({ method: 'GET', url: '/api/v1/dict/sex' });
    const cached = await app.inject({ method: 'GET', url: '/api/v1/dict/sex' });
    const refused = await app.inject({ method: 'GET', url: '/api/v1/user/getUserInfo?token=abc&x=1' });
    const requestLines = lines().filter((line) => line.msg === 'request');
    expect(requestLines).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: first.headers['x-request-id'],
        method: 'GET',
        status: 200,
      }),
      expect.objectContaining({
        reqId: cached.headers['x-request-id'],
        url: '/api/v1/dict/sex',
        status: 200,
      }),
      expect.objectContaining({
        reqId: refused.headers['x-request-id'],
        url: '/api/v1/user/getUserInfo?token=***&x=1',
        status: 401,
      }),
    ]);
    for (const line of requestLines) {
      expect(Object.keys(line)).toEqual([
        'level',
        'time',
        'pid',
        'hostname',
        'reqId',
        'method',
        'url',
        'status',
        'ms',
        'ip',
        'msg',
      ]);
    }
  });

  it("logs what a route logs through request.log with the request's id", async () => {
    const { app, lines } = await loggingApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    const own = lines().filter((line) => line.reqId === res.headers['x-request-id']);
    expect(own.map((line) => line.msg)).toEqual(['request refused', 'request']);
  });
});
