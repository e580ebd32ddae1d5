import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each browser test file took in a local run of .ci/run (2026-11-29, two files at a time,
 * load average 10 to 12), the two route walks and courses as estimated after their passes were
 * halved, booking and recharge as split into their flows and their phone pages. The suite runs two
 * files at a time, so the order decides how long the last file runs alone: the slowest start
 * first. Vitest orders by its own record of durations only when it has one, and a fresh clone (CI)
 * has none: it then runs larger files first, which put the two a11y-routes files (short files that
 * visit every route) last. Only the order depends on these figures; a file missing here runs after
 * those listed.
 */
const E2E_SECONDS: Record<string, number> = {
  'a11y-routes-student.e2e.ts': 290,
  'auth.e2e.ts': 260,
  'courses.e2e.ts': 230,
  'a11y-routes-visitor.e2e.ts': 225,
  'a11y.e2e.ts': 185,
  'teachers.e2e.ts': 170,
  'shell.e2e.ts': 155,
  'classroom.e2e.ts': 130,
  'auth-refresh.e2e.ts': 120,
  'recharge-phone.e2e.ts': 70,
  'recharge.e2e.ts': 60,
  'auth-a11y.e2e.ts': 115,
  'user-centre.e2e.ts': 110,
  'help.e2e.ts': 105,
  'ielts.e2e.ts': 105,
  'booking-phone.e2e.ts': 60,
  'booking.e2e.ts': 55,
  'classroom-instances.e2e.ts': 55,
  'progress.e2e.ts': 35,
};

/** Vitest's order (projects one after another), with the browser files slowest first. */
export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = new Map(base.map((file, i) => [file, i]));
    const seconds = (file: TestSpecification) =>
      file.project.name === 'e2e' ? (E2E_SECONDS[path.basename(file.moduleId)] ?? 0) : 0;
    return [...base].sort((a, b) => {
      const ra = rank.get(a) ?? 0;
      const rb = rank.get(b) ?? 0;
      if (a.project.name !== b.project.name) return ra - rb;
      return seconds(b) - seconds(a) || ra - rb;
    });
  }
}
