import { describe, expect, it, vi } from 'vitest';
import { runOps } from '../src/ops/run.ts';
import { createStudent, giveCoins, manualClock } from './helpers/courses.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Issue 32 §6: the ledger audit (src/ops/ledger-audit.ts) runs as the hourly job `ledger.audit`,
 * once per clock hour however many instances share the database; violations are logged at error
 * level, and the last result is kept for operators (`npm run ops -- ledger audit --last`, and
 * GET /health?details=1 with the operators' token).
 */

const HOUR = 3_600_000;
/** Ten minutes into an hour, so that the test's own minutes stay inside it. */
const NOW = Math.floor(Date.now() / HOUR) * HOUR + 10 * 60_000;
const OPS_TOKEN = 'ops-token-0123456789abcdef0123456789abcdef';

function opsOf(t: TestApp, clock: { now(): number }) {
  const deps = { db: t.db, dialect: t.dialect, clock, config: t.config };
  return (...argv: string[]) => runOps(deps, argv, { USER: 'tester' });
}

/** A student whose wallet holds 50 coins more than its ledger says: a coin change without its entry. */
async function breakLedger(t: TestApp): Promise<number> {
  const studentId = await createStudent(t.db);
  await giveCoins(t.db, t.app.wallet, studentId, 100);
  await t.db.updateTable('wallet').set({ coins: 150 }).where('student_id', '=', studentId).execute();
  return studentId;
}

describe('the hourly ledger audit job', () => {
  it('finds a coin change without its ledger entry in one run, logs it at error level, keeps and shows the result', async () => {
    const clock = manualClock(NOW);
    const t = await createTestApp({ clock, env: { OPS_TOKEN } });
    const ops = opsOf(t, clock);
    expect(await ops('ledger', 'audit', '--last')).toEqual({
      code: 0,
      stdout: 'ledger audit (last scheduled run): none yet',
      stderr: '',
    });
    const studentId = await breakLedger(t);
    const error = vi.spyOn(t.app.log, 'error');

    expect(await t.app.jobs.runOnce('ledger.audit')).toEqual({ audited: 1, violations: 1 });

    const violation = `wallet ${studentId}: coins 150 ≠ ledger 100`;
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(
      { job: 'ledger.audit', violations: 1, details: [violation] },
      'ledger audit: 1 violation(s)',
    );
    const at = new Date(NOW).toISOString();
    expect(await ops('ledger', 'audit', '--last')).toEqual({
      code: 1,
      stdout: `ledger audit (last scheduled run) at ${at}: 1 violation(s)\n  ${violation}`,
      stderr: '',
    });
    const details = await t.app.inject({
      method: 'GET',
      url: '/health?details=1',
      headers: { 'x-ops-token': OPS_TOKEN },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({
      code: 200,
      data: {
        status: 'ok',
        db: t.dialect,
        ledger_audit: { at, ok: false, violations: 1, summary: [violation] },
      },
      msg: '成功',
    });
  });

  it('records a clean audit as ok, without an error log', async () => {
    const clock = manualClock(NOW);
    const t = await createTestApp({ clock });
    await giveCoins(t.db, t.app.wallet, await createStudent(t.db), 100);
    const error = vi.spyOn(t.app.log, 'error');
    expect(await t.app.jobs.runOnce('ledger.audit')).toEqual({ audited: 1, violations: 0 });
    expect(error).not.toHaveBeenCalled();
    expect(await opsOf(t, clock)('ledger', 'audit', '--last')).toEqual({
      code: 0,
      stdout: `ledger audit (last scheduled run) at ${new Date(NOW).toISOString()}: no violation`,
      stderr: '',
    });
  });

  it('two instances on one database run it once in an hour, and again the next hour', async () => {
    const clock = manualClock(NOW);
    const a = await createTestApp({ clock });
    const b = await createTestApp({ clock, reuseDatabaseOf: a });
    await breakLedger(a);
    const errorA = vi.spyOn(a.app.log, 'error');
    const errorB = vi.spyOn(b.app.log, 'error');

    // Both instances' ticks of the same hour, at once and later in the hour.
    const first = await Promise.all([a.app.jobs.runOnce('ledger.audit'), b.app.jobs.runOnce('ledger.audit')]);
    clock.advance(40 * 60_000);
    const later = await Promise.all([b.app.jobs.runOnce('ledger.audit'), a.app.jobs.runOnce('ledger.audit')]);
    const runs = [...first, ...later] as { audited: number }[];
    expect(runs.map((r) => r.audited).sort()).toEqual([0, 0, 0, 1]);
    expect(errorA.mock.calls.length + errorB.mock.calls.length).toBe(1);

    // The next hour: one of them runs it again.
    clock.advance(20 * 60_000);
    const next = (await Promise.all([
      b.app.jobs.runOnce('ledger.audit'),
      a.app.jobs.runOnce('ledger.audit'),
    ])) as { audited: number }[];
    expect(next.map((r) => r.audited).sort()).toEqual([0, 1]);
    expect(errorA.mock.calls.length + errorB.mock.calls.length).toBe(2);
  });
});
