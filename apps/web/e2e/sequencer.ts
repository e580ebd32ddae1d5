import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each browser test file took in CI (two files at a time), rounded: the a11y walks,
 * courses, auth, shell and the classroom from the run of 2026-11-28 (0f82d01's CI, a slower host
 * than before: every file took 1.3 to 1.9 times its figure of 2026-11-26), the rest from 2026-11-26
 * scaled by 1.6; the two classroom files from their own first runs. The suite runs two files at a
 * time, so the order decides how long the last file runs alone: the slowest start first. Vitest
 * orders by its own record of durations only when it has one, and a fresh clone (CI) has none: it
 * then runs larger files first, which put the two a11y-routes files (short files that visit every
 * route) last. Only the order depends on these figures; a file missing here runs after those
 * listed.
 */
const E2E_SECONDS: Record<string, number> = {
  'a11y-routes-student.e2e.ts': 640,
  'courses.e2e.ts': 385,
  'a11y-routes-visitor.e2e.ts': 365,
  'auth.e2e.ts': 285,
  'a11y.e2e.ts': 260,
  'teachers.e2e.ts': 250,
  'shell.e2e.ts': 230,
  'user-centre.e2e.ts': 215,
  'recharge.e2e.ts': 175,
  'classroom.e2e.ts': 170,
  'auth-refresh.e2e.ts': 160,
  'auth-a11y.e2e.ts': 150,
  'ielts.e2e.ts': 130,
  'help.e2e.ts': 130,
  'booking.e2e.ts': 110,
  'classroom-instances.e2e.ts': 90,
  'progress.e2e.ts': 50,
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
