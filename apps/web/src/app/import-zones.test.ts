import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import zones of eslint.config.js (DESIGN.md §11), run through ESLint's Node API on in-memory
 * files: features never import each other, src/app or src/shell; src/lib and src/components never
 * import a feature. The files need not exist: the config matches them by path.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function zoneErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, {
    filePath: `${root}apps/web/src/${file}`,
  });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('web import zones', () => {
  it('refuses an import from one feature into another, at any depth', async () => {
    expect(await zoneErrors('features/a/x.ts', "import { x } from '../b/y.ts';")).toEqual([
      expect.stringContaining('A feature does not import another feature'),
    ]);
    expect(await zoneErrors('features/a/api/x.ts', "import { x } from '../../b/api/y.ts';")).toHaveLength(1);
    expect(
      await zoneErrors('features/a/components/deep/x.tsx', "import { x } from '../../../b/lib/y.ts';"),
    ).toHaveLength(1);
    // Type-only imports and imports through src/features count too.
    expect(
      await zoneErrors('features/a/api/x.ts', "import type { x } from '../../../features/b/y.ts';"),
    ).toHaveLength(1);
  });

  it('refuses a feature importing src/app or src/shell', async () => {
    expect(await zoneErrors('features/a/routes/x.tsx', "import { x } from '../../../shell/y.tsx';")).toEqual([
      expect.stringContaining('does not import src/app or src/shell'),
    ]);
    expect(await zoneErrors('features/a/x.ts', "import { x } from '../../app/y.ts';")).toHaveLength(1);
  });

  it('refuses src/lib and src/components importing a feature', async () => {
    expect(await zoneErrors('lib/x.ts', "import { x } from '../features/b/api/y.ts';")).toEqual([
      expect.stringContaining('src/lib and src/components are shared'),
    ]);
    expect(await zoneErrors('lib/paging/x.ts', "import { x } from '../../features/b/y.ts';")).toHaveLength(1);
    expect(await zoneErrors('components/x.tsx', "import { x } from '../features/b/y.tsx';")).toHaveLength(1);
    expect(await zoneErrors('components/x.tsx', "import { x } from '../shell/y.tsx';")).toHaveLength(1);
  });

  it('allows a feature its own files, src/lib, src/components and the contract', async () => {
    expect(
      await zoneErrors(
        'features/a/components/x.tsx',
        [
          "import { a } from '../api/y.ts';",
          "import { b } from './z.tsx';",
          "import { c } from '../../../lib/http/http-client.ts';",
          "import { d } from '../../../components/list-states.tsx';",
          "import { e } from '@app/contract/paging';",
          'export const x = [a, b, c, d, e];',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('allows src/app route modules to compose features', async () => {
    expect(
      await zoneErrors(
        'app/routes/x.tsx',
        "import { a } from '../../features/a/y.tsx';\nimport { b } from '../../features/b/z.tsx';\nexport const x = [a, b];",
      ),
    ).toEqual([]);
  });

  it('still keeps the server out of the web app in every zone', async () => {
    expect(await zoneErrors('features/a/x.ts', "import { x } from '@app/server/src/app.ts';")).toEqual([
      expect.stringContaining('only through the contract'),
    ]);
  });
});
