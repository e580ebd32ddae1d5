import { z } from 'zod';
import { defineCommand } from '../command.ts';
import { ledgerViolations } from '../ledger-audit.ts';

export const ledgerAudit = defineCommand({
  name: 'ledger audit',
  summary: 'Check every ledger, slot and order invariant (DESIGN.md §7); exit code 1 on any violation',
  options: {},
  example: 'ledger audit',
  schema: z.object({}),
  audit: false,
  async run({ db }) {
    const problems = await ledgerViolations(db);
    if (problems.length === 0) return { before: null, after: null, output: 'ledger audit: no violation' };
    return {
      before: null,
      after: null,
      output: [`ledger audit: ${problems.length} violation(s)`, ...problems.map((p) => `  ${p}`)].join('\n'),
      exitCode: 1,
    };
  },
});
