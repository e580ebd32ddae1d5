/**
 * Appends a run of `npm run bench:web` (Lighthouse and interaction figures) to docs/quality.md under
 * its "## Web" heading, with the date and the machine. The other sections of the file (the API
 * figures of `npm run bench`) are left as they are; the heading is added at the end when missing.
 * The file is formatted with Prettier after the change.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { root } from '../scripts/lib/ensure.mjs';
import type { LighthouseRow } from './lighthouse.ts';
import type { InteractionRow } from './lighthouse-inp.ts';

const HEADING = '## Web';

function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.platform()} ${os.release()}, node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export async function writeQualityReport(run: {
  lighthouse: LighthouseRow[];
  interactions: InteractionRow[];
  runs: number;
}): Promise<string> {
  const file = path.join(root, 'docs', 'quality.md');
  const parts = [
    `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Machine: ${machine()}.`,
  ];
  if (run.lighthouse.length) {
    parts.push(
      '',
      `Lighthouse 12.8, Debian Chromium, offline; ${run.runs === 1 ? 'one run' : `median of ${run.runs} serial runs`} per figure (\`npm run bench:web\`).`,
      '',
      table(
        [
          'Page',
          'Form',
          'Performance',
          'Accessibility',
          'Best practices',
          'SEO',
          'TBT ms',
          'LCP ms',
          'benchmarkIndex',
        ],
        run.lighthouse.map((r) => [
          `\`${r.page}\``,
          r.form,
          r.performance,
          r.accessibility,
          r.bestPractices,
          r.seo,
          r.tbtMs,
          r.lcpMs,
          r.benchmarkIndex,
        ]),
      ),
    );
  }
  if (run.interactions.length) {
    parts.push(
      '',
      `Teacher list interactions on the phone profile (375 px, CPU 4×), Event Timing API, median of ${run.runs}; target ≤ 100 ms processing each.`,
      '',
      table(
        ['Interaction', 'Processing ms', 'Input delay ms', 'Duration ms'],
        run.interactions.map((r) => [
          r.interaction,
          r['processing ms'],
          r['input delay ms'],
          r['duration ms'],
        ]),
      ),
    );
  }
  const block = parts.join('\n') + '\n';
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Quality figures\n';
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === HEADING);
  let next: string;
  if (start === -1) {
    next = `${text.trimEnd()}\n\n${HEADING}\n\nFigures of \`npm run bench:web\`, newest last.\n\n${block}`;
  } else {
    // The end of the Web section: the next heading of the same or a higher level, or the end.
    let end = lines.findIndex((l, i) => i > start && /^#{1,2} /.test(l));
    if (end === -1) end = lines.length;
    const before = lines.slice(0, end).join('\n').trimEnd();
    const after = lines.slice(end).join('\n');
    next = `${before}\n\n${block}${after ? `\n${after}` : ''}`;
  }
  // Aligned as `npm run format:check` expects.
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(next, { ...options, filepath: file }));
  return path.relative(root, file);
}
