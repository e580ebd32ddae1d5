import { runScheduledLedgerAudit } from '../ops/ledger-audit.ts';
import type { Job } from './scheduler.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 3_600 * SECOND;
const DAY = 24 * HOUR;

/**
 * Every background job of the server. A new area adds its jobs here; each calls a service method
 * (never a repository), so the rule it applies lives and is tested with its area. Batch jobs never
 * stall on a backlog (issue 32 §3): least recently tried first with backoff, or bounded batches
 * oldest first (batches.ts).
 */
export const JOBS: readonly Job[] = [
  {
    // Rows no limit reads any more: old sends, codes, password attempts, ended session families.
    name: 'auth.purge',
    intervalMs: HOUR,
    run: ({ app }) => app.auth.accounts.purgeExpired(),
  },
  {
    // Demo schedules roll forward (DESIGN.md §10): at every start, then daily.
    name: 'teachers.demo-slots',
    intervalMs: DAY,
    runAtStart: true,
    run: async ({ app }) => ({ added: await app.teachers.topUpDemoSlots() }),
  },
  {
    // Class statuses follow the clock (DESIGN.md §7 "Class lifecycle"): booked → in class → over.
    name: 'courses.advance-statuses',
    intervalMs: 30 * SECOND,
    run: ({ app }) => app.classLifecycle.advanceStatuses(),
  },
  {
    // Room links from the classroom provider for classes starting within a day (shown 10 min before).
    name: 'courses.open-classrooms',
    intervalMs: MINUTE,
    runAtStart: true,
    run: ({ app }) => app.classroom.openRooms(),
  },
  {
    // Recordings of held classes from the classroom provider (none for missed or abolished ones),
    // least recently asked first, each asked again with backoff until it arrives.
    name: 'courses.deliver-recordings',
    intervalMs: MINUTE,
    run: ({ app }) => app.classroom.deliverRecordings(),
  },
  {
    // The live classroom's attendance (DESIGN.md §12, CLASSROOM_DRIVER=live; nothing otherwise):
    // the teacher absent TEACHER_NO_SHOW_MINUTES after the start abolishes the class (refund plus
    // compensation, once across instances) and the student is told by SMS; the student never
    // present ends it not attended; the teacher's room link goes by SMS as the room opens.
    // Whatever the driver, the claims of room tickets that expired are deleted (class_notice).
    name: 'classroom.attendance',
    intervalMs: 30 * SECOND,
    run: async ({ app }) => ({
      ...(await app.services.attendance.runDue()),
      ticket_claims_purged: await app.services.rooms.purgeUsedTickets(),
    }),
  },
  {
    // The live room's recordings are deleted from the file store a day after their playback ends
    // (end + 31 days), a bounded batch per run.
    name: 'classroom.purge-recordings',
    intervalMs: HOUR,
    run: ({ app }) => app.services.recordings.purgeExpired(),
  },
  {
    // One SMS 60 min before each class; claimed before sending, so several instances send it once.
    // Opted-out students are left out by the query; a failed SMS is tried again with backoff.
    name: 'courses.class-reminders',
    intervalMs: MINUTE,
    run: ({ app }) => app.reminders.sendDue(),
  },
  {
    // Orders still awaiting payment close at their expiry, ORDER_TTL_MINUTES after creation (DESIGN.md §7).
    name: 'payments.close-expired-orders',
    intervalMs: MINUTE,
    run: ({ app }) => app.payments.closeExpiredOrders(),
  },
  {
    // Orders younger than 25 h and not paid are queried at their provider, least recently asked first,
    // again with backoff until the answer is final: a lost notification still credits, once.
    name: 'payments.reconcile',
    intervalMs: 5 * MINUTE,
    run: ({ app }) => app.payments.reconcile(),
  },
  {
    // Idempotency-Key records are kept IDEMPOTENCY_KEEP_HOURS, then dropped.
    name: 'idempotency.purge',
    intervalMs: HOUR,
    run: async ({ app }) => ({ purged: await app.services.idempotency.purgeExpired() }),
  },
  {
    // The ledger audit once per clock hour across instances (the first tick of the hour claims it),
    // violations logged at error level and the result kept for operators (issue 32 §6).
    name: 'ledger.audit',
    intervalMs: 5 * MINUTE,
    run: ({ app }) => runScheduledLedgerAudit({ db: app.db, clock: app.clock, log: app.log }),
  },
];
