import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_STUDENT } from '../src/modules/students/students.seed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Money in production (issue 32 §1, §2): the sandbox cashier never runs by accident, and demo data
 * (a student with coins and cards) goes only into a demo.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

type Exit = { code: number | null; output: string };

/** The real server, started as `npm start` starts it, with only the given environment. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<Exit>((resolve) => child.once('exit', (code) => resolve({ code, output })));
  return { child, exit, output: () => output };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'ls-prod-'));
}

describe('the sandbox cashier never runs by accident', () => {
  it('refuses to start on a public site without PAY_DRIVER, in one line naming the variable and its choices', async () => {
    const extras: Record<string, string>[] = [
      {},
      { PAY_DRIVER: 'sandbox' },
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none' },
    ];
    for (const extra of extras) {
      const dataDir = tempDataDir();
      const server = startServer({
        PUBLIC_URL: 'https://school.example.com',
        DATA_DIR: dataDir,
        PORT: '0',
        ...extra,
      });
      const { code, output } = await server.exit;
      expect(code, output).toBe(2);
      const lines = output.trim().split('\n');
      expect(lines, output).toHaveLength(1);
      expect(lines[0]).toMatch(/^Invalid configuration: PAY_DRIVER: .*alipay, wechat or alipay,wechat/);
      // Refused before anything was written: no database file, no demo student.
      expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(false);
    }
    // Timeouts here are for a hang: on a loaded CI machine one start of the server took over 45 s.
  }, 120_000);

  it('runs the sandbox on a staging site that asks for it, and says in its start-up log which payment driver runs', async () => {
    const port = await freePort();
    const server = startServer({
      PUBLIC_URL: 'https://staging.school.example.com',
      ALLOW_SANDBOX_PAYMENTS: '1',
      DATA_DIR: tempDataDir(),
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: '0',
      SCRYPT_COST: '1024',
      WEB_DIST: path.join(tempDataDir(), 'no-web-dist'),
    });
    try {
      const deadline = Date.now() + 120_000;
      while (!/ready at/.test(server.output())) {
        if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
        if (Date.now() > deadline) throw new Error(`the server did not start:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(server.output()).toMatch(/ready at .*payments: sandbox/);
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exit;
    }
  }, 150_000);
});

/** The settings of a real provider (Alipay), complete enough for the server to start with it. */
function alipayEnv(): Record<string, string> {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    PAY_DRIVER: 'alipay',
    ALIPAY_APP_ID: '2021000000000000',
    ALIPAY_PRIVATE_KEY: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ALIPAY_PUBLIC_KEY: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

async function demoStudentId(t: TestApp): Promise<number | undefined> {
  const row = await t.db
    .selectFrom('student')
    .select('id')
    .where('mobile', '=', DEMO_STUDENT.mobile)
    .executeTakeFirst();
  return row?.id;
}

async function appConfigDemo(t: TestApp): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/app/config' });
  return (res.json() as { data: { demo: boolean } }).data.demo;
}

describe('demo data only in a demo', () => {
  it('seeds no demo student into an empty database when a real provider takes the payments', async () => {
    const t = await createTestApp({ env: { ...alipayEnv(), SEED_DEMO: undefined } });
    expect(await demoStudentId(t)).toBeUndefined();
    expect(await t.db.selectFrom('pay_order').select('id').execute()).toEqual([]);
    expect(await appConfigDemo(t)).toBe(false);
  });

  it('with a real provider and SEED_DEMO=1, seeds the demo without buying anything through the provider', async () => {
    const t = await createTestApp({ env: { ...alipayEnv(), SEED_DEMO: '1' } });
    const id = await demoStudentId(t);
    expect(id).toBeDefined();
    const orders = await t.db
      .selectFrom('pay_order')
      .select(['provider', 'status'])
      .where('student_id', '=', id!)
      .execute();
    expect(orders.length).toBeGreaterThan(0);
    // The demo's paid orders were paid at the seed's own sandbox, never at Alipay, and no order
    // awaits payment (it would send the student to Alipay's real cashier).
    expect(orders.filter((o) => o.provider !== 'sandbox')).toEqual([]);
    expect(orders.filter((o) => o.status === 0)).toEqual([]);
  });

  it('seeds the demo student once per database: deleted by staff, it stays deleted', async () => {
    const first = await createTestApp({ env: { SEED_DEMO: '1' } });
    const id = await demoStudentId(first);
    expect(id).toBeDefined();
    expect(await appConfigDemo(first)).toBe(true);
    // Staff delete the demo student (its classes, orders and ledgers go with it).
    await first.db.deleteFrom('student').where('id', '=', id!).execute();
    await first.close();

    const again = await createTestApp({ env: { SEED_DEMO: '1' }, reuseDatabaseOf: first });
    expect(await demoStudentId(again)).toBeUndefined();
    expect(await again.db.selectFrom('pay_order').select('id').execute()).toEqual([]);
    // The login page no longer offers the demo account.
    expect(await appConfigDemo(again)).toBe(false);
  });
});
