import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The areas whose strings load with the code that shows them (locales/<area>/index.ts, see
 * registry.ts): every module that names one of their keys imports the area's index.ts itself, so
 * its strings are there before it renders, whichever screen loads it first. A missed import would
 * show the key on screen; here it fails the unit tests instead.
 */
const src = fileURLToPath(new URL('..', import.meta.url));
const localesDir = fileURLToPath(new URL('.', import.meta.url));
const splitAreas = fs
  .readdirSync(localesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(localesDir, entry.name, 'index.ts')))
  .map((entry) => entry.name);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === localesDir.replace(/\/$/, '') ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Whether `code` names a key of `area` (`'courses.view.title'`, `` `wallet.${state}` ``). */
const namesKeyOf = (code: string, area: string) => new RegExp(`['"\`]${area}\\.[A-Za-z$]`).test(code);
/** Whether `code` imports `area`'s index.ts (by any relative path). */
const importsArea = (code: string, area: string) =>
  new RegExp(`^import '(?:\\./|(?:\\.\\./)+)(?:locales/)?${area}/index\\.ts';$`, 'm').test(code);

describe('locale areas that load with their screens', () => {
  it('are the areas with an index.ts', () => {
    expect(splitAreas.length).toBeGreaterThan(0);
    for (const area of splitAreas) {
      expect(fs.readFileSync(path.join(localesDir, area, 'index.ts'), 'utf8')).toContain(
        'registerLocaleArea(',
      );
    }
  });

  it('are imported by every module that names one of their keys, and only by those', () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(src)) {
      const code = fs.readFileSync(file, 'utf8');
      for (const area of splitAreas) {
        const names = namesKeyOf(code, area);
        const imports = importsArea(code, area);
        if (names && !imports)
          wrong.push(`${path.relative(src, file)} names ${area}.* without importing its strings`);
        if (imports && !names)
          wrong.push(`${path.relative(src, file)} imports ${area}'s strings without naming one`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('tells a module that names a key from one that does not', () => {
    expect(namesKeyOf("t('courses.view.title')", 'courses')).toBe(true);
    expect(namesKeyOf('t(`wallet.${state}`)', 'wallet')).toBe(true);
    expect(namesKeyOf('courses.map((c) => c.id)', 'courses')).toBe(false);
    expect(importsArea("import '../../../locales/courses/index.ts';", 'courses')).toBe(true);
    expect(importsArea("import '../../../locales/wallet/index.ts';", 'courses')).toBe(false);
  });
});
