import { parseArgs } from 'node:util';
import { message } from '@app/contract/messages';
import type { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db, DbDialect } from '../db/database.ts';
import { withTransaction } from '../db/transaction.ts';
import { isAppError } from '../http/app-error.ts';
import { OpsRefusal, type OpsCommand, type OpsResult } from './command.ts';
import { COMMANDS } from './commands/index.ts';
import { opsRepository } from './ops.repository.ts';
import { createOpsServices } from './services.ts';

/** Thrown to roll a dry run back (OpsResult.rollback). */
class DryRun extends Error {}

export type OpsDeps = { db: Db; dialect: DbDialect; clock: Clock; config: Config };

/** What a run printed and its exit code: 0 done, 1 refused (nothing changed), 2 bad input. */
export type OpsOutcome = { code: 0 | 1 | 2; stdout: string; stderr: string };

const ok = (stdout: string): OpsOutcome => ({ code: 0, stdout, stderr: '' });
const badInput = (stderr: string): OpsOutcome => ({ code: 2, stdout: '', stderr });

export function toolHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: npm run ops -- <command> [options] [--actor name]',
    '',
    'Operations on the configured database (DATABASE_URL, or SQLite at DATA_DIR/app.db), through the',
    'same services and rules as the API. Each change runs in one transaction with an audit record (ops_audit).',
    'Exit codes: 0 done, 1 refused (nothing changed), 2 bad input.',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'npm run ops -- <command> --help shows its options and an example.',
  ].join('\n');
}

export function commandHelp(command: OpsCommand): string {
  const width = Math.max(
    8,
    ...Object.keys({ ...command.options, ...command.flags }).map((o) => o.length + 2),
  );
  return [
    `Usage: npm run ops -- ${command.name} [options]`,
    '',
    command.summary,
    '',
    'Options:',
    ...Object.entries({ ...command.options, ...command.flags }).map(
      ([name, text]) => `  --${name.padEnd(width)}  ${text}`,
    ),
    `  --${'actor'.padEnd(width)}  who runs it, for the audit record (default: $USER)`,
    '',
    `Example: npm run ops -- ${command.example}`,
  ].join('\n');
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length > 0 ? `--${i.path.join('.')}: ${i.message}` : i.message))
    .join('\n');
}

/**
 * Runs one command line (the words after `npm run ops --`): finds the command, validates its
 * options, and runs it in one transaction with its audit record. Never throws for bad input or a
 * refusal; an unexpected error (a bug, the database gone) propagates.
 */
export async function runOps(
  deps: OpsDeps,
  argv: string[],
  env: { USER?: string } = {},
): Promise<OpsOutcome> {
  const words = argv.filter((a) => !a.startsWith('-'));
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  const command =
    COMMANDS.find((c) => c.name === words.slice(0, 2).join(' ')) ?? COMMANDS.find((c) => c.name === words[0]);
  if (!command) {
    if (argv.length === 0 || (wantsHelp && words.length === 0)) return ok(toolHelp());
    return badInput(`Unknown command: ${words.slice(0, 2).join(' ') || argv.join(' ')}\n\n${toolHelp()}`);
  }
  if (wantsHelp) return ok(commandHelp(command));

  const nameWords = command.name.split(' ').length;
  let values: Record<string, string | boolean | undefined>;
  try {
    const types: Record<string, { type: 'string' | 'boolean' }> = Object.fromEntries([
      ...[...Object.keys(command.options), 'actor'].map((name) => [name, { type: 'string' }]),
      ...Object.keys(command.flags ?? {}).map((name) => [name, { type: 'boolean' }]),
    ]);
    const parsed = parseArgs({
      args: argv.slice(argv.indexOf(words[nameWords - 1] ?? '') + 1),
      options: types,
      strict: true,
      allowPositionals: false,
    });
    values = parsed.values as Record<string, string | boolean | undefined>;
  } catch (error) {
    return badInput(`${(error as Error).message}\n\n${commandHelp(command)}`);
  }
  const { actor: actorOption, ...options } = values;
  const actor = (typeof actorOption === 'string' && actorOption.trim()) || env.USER || 'unknown';
  const input = command.schema.safeParse(options);
  if (!input.success)
    return badInput(`${describeIssues(input.error)}\n\n(npm run ops -- ${command.name} --help)`);

  const undo: (() => Promise<void>)[] = [];
  let dryRun: OpsResult | undefined;
  try {
    if (command.direct) {
      const done = await command.direct({ ...deps, actor }, input.data);
      return { code: done.exitCode === 1 ? 1 : 0, stdout: done.output, stderr: '' };
    }
    const audit = command.audit ?? true;
    const prepared = command.prepare ? await command.prepare({ ...deps, actor }, input.data) : undefined;
    const result = await withTransaction(deps.db, async (trx) => {
      const ctx = {
        ...deps,
        db: trx,
        services: await createOpsServices({ ...deps, db: trx }),
        actor,
        onRollback: (work: () => Promise<void>) => void undo.push(work),
      };
      const done = await command.run(ctx, input.data, prepared);
      if (done.rollback) {
        dryRun = done;
        throw new DryRun();
      }
      if (audit) {
        await opsRepository.insertAudit(trx, {
          actor,
          command: command.name,
          args: JSON.stringify(options),
          before: JSON.stringify(done.before ?? null),
          after: JSON.stringify(done.after ?? null),
          at: deps.clock.now(),
        });
      }
      return done;
    });
    return { code: result.exitCode === 1 ? 1 : 0, stdout: result.output, stderr: '' };
  } catch (error) {
    for (const work of undo.splice(0).reverse()) await work().catch(() => undefined);
    if (error instanceof DryRun && dryRun) return ok(dryRun.output);
    if (error instanceof OpsRefusal) return { code: 1, stdout: '', stderr: `Refused: ${error.message}` };
    if (isAppError(error)) {
      return { code: 1, stdout: '', stderr: `Refused: ${message(error.messageKey, 'en', error.params)}` };
    }
    throw error;
  }
}
