import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildTheme } from '../src/lib/antd/theme.ts';
import { ANTD_EXPORTS, extractAntdStyles } from './antd-static-style.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The value exports the app's source imports from 'antd' (types left out). */
function antdImports(): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'),
  );
  for (const file of files) {
    const source = readFileSync(path.join(root, 'src', file), 'utf8');
    for (const match of source.matchAll(/import\s+\{([^}]*)\}\s+from\s+'antd'/g)) {
      for (const part of match[1]!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

describe("antd's build-time styles", () => {
  it('list exactly the antd exports the app imports', () => {
    const imported = antdImports();
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].sort()).toEqual(Object.keys(ANTD_EXPORTS).sort());
  });

  it('hold every listed component and the map of style paths antd reads', async () => {
    const css = await extractAntdStyles(root, buildTheme);
    for (const [name, selector] of Object.entries(ANTD_EXPORTS)) {
      if (selector) expect(css.includes(selector), `${name}: ${selector}`).toBe(true);
    }
    expect(css).toMatch(/\.data-ant-cssinjs-cache-path ?\{ ?content: ?"[^"]+"/);
  });
});
