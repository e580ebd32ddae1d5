import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { appSettingRepository } from '../src/db/app-setting.repository.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { withTransaction } from '../src/db/transaction.ts';
import { createTestApp } from './helpers/test-app.ts';
import { SECRET_SETTING_KEYS } from '../src/db/secrets.ts';

describe('database', () => {
  it('runs the migrations once: a second start applies nothing and keeps the data', async () => {
    const first = await createTestApp();
    await appSettingRepository.upsert(first.db, 'probe', 'kept');
    const again = await migrateToLatest(first.db, first.dialect);
    expect(again).toEqual({ wasEmpty: false, applied: [] });
    await first.close();

    const second = await createTestApp({ reuseDatabaseOf: first });
    expect(await appSettingRepository.find(second.db, 'probe')).toBe('kept');
    const health = await second.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
  });

  it('stores epoch-millisecond timestamps and reads them back as numbers', async () => {
    const { db } = await createTestApp();
    const now = 1_790_000_000_123;
    await appSettingRepository.upsert(db, 'ts', 'v', now);
    const row = await db
      .selectFrom('app_setting')
      .selectAll()
      .where('key', '=', 'ts')
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(now);
    const count = await db
      .selectFrom('app_setting')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof count.n).toBe('number');
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const { db } = await createTestApp();
    await withTransaction(db, async (trx) => {
      await appSettingRepository.upsert(trx, 'committed', '1');
    });
    await expect(
      withTransaction(db, async (trx) => {
        await appSettingRepository.upsert(trx, 'rolled-back', '1');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await appSettingRepository.find(db, 'committed')).toBe('1');
    expect(await appSettingRepository.find(db, 'rolled-back')).toBeUndefined();
  });

  it('inserts a setting only once when asked to insert it if absent', async () => {
    const { db } = await createTestApp();
    expect(await appSettingRepository.insertIfAbsent(db, 'once', 'a')).toBe(true);
    expect(await appSettingRepository.insertIfAbsent(db, 'once', 'b')).toBe(false);
    expect(await appSettingRepository.find(db, 'once')).toBe('a');
  });

  it('starts every test on an empty database', async () => {
    const { db } = await createTestApp();
    // Start-up itself stores the generated secret of classroom links and calendar feeds; nothing
    // else may be left over from an earlier test.
    const rows = await db.selectFrom('app_setting').select('key').execute();
    expect(rows.map((r) => r.key)).toEqual([SECRET_SETTING_KEYS.coursesLinkSecret]);
  });

  it('configures its engine: SQLite pragmas, or a PostgreSQL schema of its own per test file', async () => {
    const { db, dialect } = await createTestApp();
    if (dialect === 'sqlite') {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    } else {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
      expect(rows[0]?.schema).toMatch(/^test_[0-9a-f]{12}$/);
    }
  });
});

describe('demo seed', () => {
  it('seeds an empty embedded database unless SEED_DEMO=0, and PostgreSQL only with SEED_DEMO=1', async () => {
    const { shouldSeedDemo } = await import('../src/db/seed/index.ts');
    const sandbox = ['sandbox' as const];
    const sqliteEmpty = { dialect: 'sqlite' as const, wasEmpty: true };
    expect(shouldSeedDemo({ SEED_DEMO: undefined, PAY_DRIVER: sandbox }, sqliteEmpty)).toBe(true);
    expect(
      shouldSeedDemo({ SEED_DEMO: undefined, PAY_DRIVER: sandbox }, { dialect: 'sqlite', wasEmpty: false }),
    ).toBe(false);
    expect(shouldSeedDemo({ SEED_DEMO: false, PAY_DRIVER: sandbox }, sqliteEmpty)).toBe(false);
    expect(
      shouldSeedDemo({ SEED_DEMO: undefined, PAY_DRIVER: sandbox }, { dialect: 'postgres', wasEmpty: true }),
    ).toBe(false);
    expect(
      shouldSeedDemo({ SEED_DEMO: true, PAY_DRIVER: sandbox }, { dialect: 'postgres', wasEmpty: false }),
    ).toBe(true);
  });

  it('seeds an empty embedded database with a real payment provider only when SEED_DEMO=1 asks (issue 32)', async () => {
    const { shouldSeedDemo } = await import('../src/db/seed/index.ts');
    const sqliteEmpty = { dialect: 'sqlite' as const, wasEmpty: true };
    expect(shouldSeedDemo({ SEED_DEMO: undefined, PAY_DRIVER: ['alipay'] }, sqliteEmpty)).toBe(false);
    expect(shouldSeedDemo({ SEED_DEMO: undefined, PAY_DRIVER: ['alipay', 'wechat'] }, sqliteEmpty)).toBe(
      false,
    );
    expect(shouldSeedDemo({ SEED_DEMO: true, PAY_DRIVER: ['wechat'] }, sqliteEmpty)).toBe(true);
    expect(
      shouldSeedDemo({ SEED_DEMO: true, PAY_DRIVER: ['wechat'] }, { dialect: 'postgres', wasEmpty: true }),
    ).toBe(true);
  });

  it('records demo_seeded once, also when started again', async () => {
    const first = await createTestApp({ env: { SEED_DEMO: '1' } });
    const marker = await appSettingRepository.find(first.db, 'demo_seeded');
    expect(marker).toMatch(/^\d+$/);
    await first.close();
    const second = await createTestApp({ env: { SEED_DEMO: '1' }, reuseDatabaseOf: first });
    expect(await appSettingRepository.find(second.db, 'demo_seeded')).toBe(marker);
  });
});
