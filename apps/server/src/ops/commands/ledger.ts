import { z } from 'zod';
import { defineCommand } from '../command.ts';
import { lastLedgerAudit, ledgerViolations } from '../ledger-audit.ts';

export const ledgerAudit = defineCommand({
  name: 'ledger audit',
  summary:
    'Check every ledger, slot and order invariant (DESIGN.md §7); exit code 1 on any violation. --last shows the hourly job’s last result instead',
  options: {},
  flags: {
    last: 'show the last scheduled audit (the server runs one each hour): when, and what it found',
  },
  example: 'ledger audit',
  schema: z.object({ last: z.boolean().optional() }),
  audit: false,
  async run({ db }, input) {
    if (input.last) {
      const last = await lastLedgerAudit(db);
      if (!last) return { before: null, after: null, output: 'ledger audit (last scheduled run): none yet' };
      const head = `ledger audit (last scheduled run) at ${last.at}: `;
      if (last.ok) return { before: null, after: null, output: `${head}no violation` };
      const more = last.violations - last.summary.length;
      return {
        before: null,
        after: null,
        output: [
          `${head}${last.violations} violation(s)`,
          ...last.summary.map((p) => `  ${p}`),
          ...(more > 0 ? [`  … and ${more} more (npm run ops -- ledger audit lists them all)`] : []),
        ].join('\n'),
        exitCode: 1,
      };
    }
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
