import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/check-i18n.mjs (run by `npm run check`) against planted files: the glossary's retired
// words fail in a locale file, in a contract message or enum label, and in a help text.
const root = join(import.meta.dirname, '../../../..');
const script = join(root, 'scripts/check-i18n.mjs');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Plant = {
  zh?: string;
  en?: string;
  contract?: string;
  helpZh?: string;
  /** How the area's strings load: listed in registry.ts, registered by its index.ts, or neither. */
  loads?: 'registry' | 'index' | 'none';
};

function run(plant: Plant) {
  const dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
  dirs.push(dir);
  const locales = join(dir, 'locales');
  mkdirSync(join(locales, 'wallet'), { recursive: true });
  writeFileSync(
    join(locales, 'wallet/zh-Hans.json'),
    JSON.stringify({ wallet: { title: plant.zh ?? '我的学币' } }),
  );
  writeFileSync(
    join(locales, 'wallet/en.json'),
    JSON.stringify({ wallet: { title: plant.en ?? 'My study coins' } }),
  );
  const loads = plant.loads ?? 'registry';
  writeFileSync(
    join(locales, 'registry.ts'),
    loads === 'registry'
      ? "import a from './wallet/en.json';\nimport b from './wallet/zh-Hans.json';\n"
      : '\n',
  );
  if (loads === 'index') {
    writeFileSync(
      join(locales, 'wallet/index.ts'),
      "import en from './en.json';\nimport zh from './zh-Hans.json';\nregisterLocaleArea({ 'zh-Hans': zh, en });\n",
    );
  }
  const contract = join(dir, 'messages.ts');
  writeFileSync(
    contract,
    `export const MESSAGES = { 'course.gone': { 'zh-Hans': '课程已作废', en: ${JSON.stringify(
      plant.contract ?? 'This class was called off',
    )} } } as const;\n`,
  );
  const help = join(dir, 'help.ts');
  writeFileSync(
    help,
    `export const zhHans = { sections: [{ id: 'schedule', title: ${JSON.stringify(
      plant.helpZh ?? '课表与取消课程',
    )} }] };\n`,
  );
  const result = spawnSync(
    process.execPath,
    [script, locales, '--contract', contract, '--text', `zh-Hans=${help}`],
    { cwd: root, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the i18n check refuses the glossary’s retired words', () => {
  it('passes files that use only the chosen terms', () => {
    const { status, output } = run({});
    expect(output).toContain('i18n check passed');
    expect(status).toBe(0);
  });

  it('fails on a retired Chinese word in a locale file', () => {
    const { status, output } = run({ zh: '我的学习币' });
    expect(status).toBe(1);
    expect(output).toContain('wallet/zh-Hans.json "wallet.title" uses the retired "学习币"');
  });

  it('fails on half-width punctuation in Chinese text, in a locale file and a help text', () => {
    const locale = run({ zh: '我的学币,余额' });
    expect(locale.status).toBe(1);
    expect(locale.output).toContain('wallet/zh-Hans.json "wallet.title" has half-width punctuation');
    expect(run({ helpZh: '课表(每周)' }).output).toMatch(
      /help\.ts zhHans\.sections\.0\.title has half-width/,
    );
    expect(run({ zh: '我的学币，余额（7 天）' }).status).toBe(0);
  });

  it('fails on a retired English word in any case and inflection, but not on an allowed phrase', () => {
    const { status, output } = run({ en: 'Open your Schedule' });
    expect(status).toBe(1);
    expect(output).toContain('wallet/en.json "wallet.title" uses the retired "schedule"');
    expect(run({ en: 'Reason: schedule conflict, reschedule' }).status).toBe(0);
  });

  it('fails on a retired word in a contract message', () => {
    const { status, output } = run({ contract: 'This class has been Abolished' });
    expect(status).toBe(1);
    expect(output).toMatch(/messages\.ts MESSAGES\.course\.gone \(en\) uses the retired "abolish"/);
  });

  it('fails on a retired word in a help text', () => {
    const { status, output } = run({ helpZh: '课程表与取消课程' });
    expect(status).toBe(1);
    expect(output).toMatch(/help\.ts zhHans\.sections\.0\.title uses the retired "课程表"/);
  });
});

describe('the i18n check finds where each area loads', () => {
  it('passes an area that registers itself with its screens (index.ts) instead of the registry', () => {
    const { status, output } = run({ loads: 'index' });
    expect(output).toContain('i18n check passed');
    expect(status).toBe(0);
  });

  it('fails an area that neither the registry lists nor registers itself', () => {
    const { status, output } = run({ loads: 'none' });
    expect(output).toContain(
      'wallet/en.json is neither imported by registry.ts nor registered by wallet/index.ts',
    );
    expect(status).not.toBe(0);
  });
});
