import type { FastifyInstance } from 'fastify';

/** What a job's `run` receives: the app with its services, clock, database and log. */
export type JobContext = { app: FastifyInstance };

/**
 * A background job (DESIGN.md §11): idempotent conditional SQL, so every instance may run it at
 * once (DESIGN.md §2). Time comes from `app.clock`, never `Date.now()`.
 */
export type Job = {
  name: string;
  intervalMs: number;
  /** Also run once while the app starts (awaited before it is ready). */
  runAtStart?: boolean;
  /** Returns an optional summary that is logged when the run changed something. */
  run(ctx: JobContext): Promise<Record<string, number> | void>;
};

export type Jobs = {
  /** Runs a job now (tests, operations); a failure is thrown to the caller. */
  runOnce(name: string): Promise<Record<string, number> | void>;
  /** The registered jobs' names, in registration order. */
  names(): string[];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs (src/jobs): `app.jobs.runOnce('auth.purge')`. */
    jobs: Jobs;
  }
}

/**
 * The one scheduler: each job on its own unref'd timer (a pending job never keeps the process
 * alive), stopped when the app closes. A failed run is logged, never fatal: the next one catches
 * up. Runs of one job never overlap on an instance: a tick that finds the previous run still going
 * is skipped.
 */
export async function registerJobs(
  app: FastifyInstance,
  jobs: readonly Job[],
  options: { schedule: boolean } = { schedule: true },
): Promise<void> {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  if (byName.size !== jobs.length) throw new Error('two jobs share a name');
  const running = new Set<string>();

  const runOnce = async (name: string) => {
    const job = byName.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    return job.run({ app });
  };

  const tick = async (job: Job) => {
    if (running.has(job.name)) return;
    running.add(job.name);
    try {
      const summary = await job.run({ app });
      if (summary && Object.values(summary).some((n) => n > 0))
        app.log.info({ job: job.name, ...summary }, 'job ran');
    } catch (err) {
      app.log.warn({ err, job: job.name }, 'job failed');
    } finally {
      running.delete(job.name);
    }
  };

  app.decorate('jobs', { runOnce, names: () => [...byName.keys()] });

  for (const job of jobs) if (job.runAtStart) await tick(job);
  if (!options.schedule) return;
  const timers = jobs.map((job) => {
    const timer = setInterval(() => void tick(job), job.intervalMs);
    timer.unref();
    return timer;
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
