import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerJobs, type Job } from './scheduler.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('job scheduler', () => {
  it('runs each job on its interval, logs a failed run and keeps going, and stops on close', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = Fastify({ logger: false });
    const warn = vi.spyOn(app.log, 'warn');
    let runs = 0;
    const job: Job = {
      name: 'flaky',
      intervalMs: 1000,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error('first run fails');
      },
    };
    await registerJobs(app, [job]);
    expect(runs).toBe(0);

    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'flaky' }), 'job failed');

    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);

    await app.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(2);
  });

  it('runs start-up jobs before the app is ready, and only once when not scheduled', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const app = Fastify({ logger: false });
    const run = vi.fn(async () => ({ added: 0 }));
    await registerJobs(app, [{ name: 'start', intervalMs: 1000, runAtStart: true, run }], {
      schedule: false,
    });
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(1);
    await app.jobs.runOnce('start');
    expect(run).toHaveBeenCalledTimes(2);
    await app.close();
  });

  it('refuses two jobs with one name', async () => {
    const app = Fastify({ logger: false });
    const job: Job = { name: 'twice', intervalMs: 1000, run: async () => undefined };
    await expect(registerJobs(app, [job, job])).rejects.toThrow(/share a name/);
    await app.close();
  });
});
