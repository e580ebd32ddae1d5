/**
 * The load generator of the booking benchmark (bench/booking.bench.ts), in a process of its own so
 * the figures measure the server, not autocannon sharing its CPU. The parent forks this file with an
 * IPC channel, sends one `LoadOrder`, and gets back one `LoadReport`; then this process exits.
 */
import autocannon from 'autocannon';

export type LoadJob = { token: string; slotId: number };

export type LoadOrder = {
  url: string;
  connections: number;
  seconds: number;
  /** The requests in order; with `cycle` they repeat, otherwise the run stops sending when they end. */
  jobs: LoadJob[];
  cycle: boolean;
};

export type LoadReport = {
  rps: number;
  p50: number;
  p99: number;
  booked: number;
  refused: number;
  others: number;
  /** The statuses of the `others` (neither 200 nor 409), with their counts. */
  otherStatuses: Record<number, number>;
  errors: number;
  timeouts: number;
  /** Requests asked for beyond the jobs given (a run longer than the jobs planned). */
  overrun: number;
  /** CPU milliseconds this load generator used. */
  cpuMs: number;
};

async function drive(order: LoadOrder): Promise<LoadReport> {
  const cpu = process.cpuUsage();
  const bodies = order.jobs.map((job) => ({
    headers: {
      'content-type': 'application/json',
      'api-language': 'en',
      authorization: `Bearer ${job.token}`,
    },
    body: JSON.stringify({ slot_id: job.slotId, pay_type: 'coin' }),
  }));
  let next = 0;
  let overrun = 0;
  let booked = 0;
  let refused = 0;
  let others = 0;
  const otherStatuses: Record<number, number> = {};
  const result = await autocannon({
    url: order.url,
    connections: order.connections,
    duration: order.seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          if (next >= bodies.length && !order.cycle) {
            overrun++;
            return request;
          }
          const job = bodies[next++ % bodies.length]!;
          return { ...request, headers: { ...request.headers, ...job.headers }, body: job.body };
        },
        onResponse: (status) => {
          if (status === 200) booked++;
          else if (status === 409) refused++;
          else {
            others++;
            otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
          }
        },
      },
    ],
  });
  const used = process.cpuUsage(cpu);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    booked,
    refused,
    others,
    otherStatuses,
    errors: result.errors,
    timeouts: result.timeouts,
    overrun,
    cpuMs: Math.round((used.user + used.system) / 1000),
  };
}

process.once('message', (order: LoadOrder) => {
  drive(order).then(
    (report) => process.send!(report, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
