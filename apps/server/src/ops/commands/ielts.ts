import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  ieltsContentTotals,
  importIeltsContent,
  parseIeltsContent,
  type IeltsContentFile,
  type ImportCounts,
} from '../../modules/ielts/ielts.import.ts';
import { defineCommand, OpsRefusal } from '../command.ts';

/** Content files are small (the shipped seed is about 0.5 MB); this stops a wrong file early. */
const MAX_BYTES = 20 * 1024 * 1024;

type Loaded = { content: IeltsContentFile; sha256: string; file: string };

function load(file: string): Loaded {
  let text: string;
  try {
    const size = fs.statSync(file).size;
    if (size > MAX_BYTES) throw new OpsRefusal(`${file} is ${size} bytes, over ${MAX_BYTES}`);
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof OpsRefusal) throw error;
    throw new OpsRefusal(`${file} cannot be read`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new OpsRefusal(`${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = parseIeltsContent(json);
  if (!parsed.ok) {
    const shown = parsed.problems.slice(0, 50);
    const more = parsed.problems.length - shown.length;
    throw new OpsRefusal(
      `${file} is not a valid IELTS content file (docs/operations.md, "IELTS content file"):\n${shown.map((p) => `  ${p}`).join('\n')}${more > 0 ? `\n  … and ${more} more` : ''}`,
    );
  }
  return { content: parsed.content, sha256: createHash('sha256').update(text).digest('hex'), file };
}

const line = (what: string, c: ImportCounts) =>
  `${what}: ${c.created.length} created, ${c.updated.length} updated, ${c.removed.length} removed, ${c.unchanged} unchanged`;

export const ieltsImport = defineCommand({
  name: 'ielts import',
  summary:
    'Import reviewed IELTS content (banks, topics, questions, samples) from a JSON file; by key, so importing again changes nothing',
  options: { file: 'the content file (format: docs/operations.md, "IELTS content file")' },
  flags: { 'dry-run': 'check the file and show what would change, then change nothing' },
  example: 'ielts import --file content/2027-01.json --dry-run',
  schema: z.object({
    file: z
      .string({ error: 'the content file is required (--file <path>)' })
      .trim()
      .min(1, 'the content file is required (--file <path>)')
      .transform((v) => path.resolve(v)),
    'dry-run': z.boolean().optional(),
  }),
  async prepare(_deps, input): Promise<Loaded> {
    return load(input.file);
  },
  async run({ db, clock }, input, loaded) {
    const before = await ieltsContentTotals(db);
    const report = await importIeltsContent(db, loaded.content, clock.now());
    if (report.missingTopics.length > 0) {
      throw new OpsRefusal(
        `a bank names topics that are neither in the file nor in the database:\n${report.missingTopics.map((m) => `  ${m}`).join('\n')}`,
      );
    }
    const after = await ieltsContentTotals(db);
    const changed = (c: ImportCounts) => ({ created: c.created, updated: c.updated, removed: c.removed });
    const output = [
      `${input['dry-run'] ? 'dry run (nothing changed): ' : ''}${path.basename(loaded.file)} sha256 ${loaded.sha256.slice(0, 16)}`,
      line('banks', report.banks),
      line('topics', report.topics),
      line('questions', report.questions),
      line('samples', report.samples),
    ].join('\n');
    return {
      before: { file: loaded.file, sha256: loaded.sha256, totals: before },
      after: {
        totals: after,
        banks: changed(report.banks),
        topics: changed(report.topics),
        questions: changed(report.questions),
        samples: changed(report.samples),
      },
      output,
      ...(input['dry-run'] ? { rollback: true } : {}),
    };
  },
});
