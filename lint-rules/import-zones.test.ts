import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import zones of eslint.config.js (DESIGN.md §11), run through ESLint's Node API on probe files
 * that exist only in memory, each placed in a real folder and importing real files: import-x resolves
 * an import to its file before judging it, so a zone is checked on the file an import reaches
 * however it is spelled, and a path that reaches no file is not judged.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const eslint = new ESLint({ cwd: root });

const ZONE_RULES = new Set(['import-x/no-restricted-paths']);

/** The zone messages ESLint gives `source` as the file at `file` (relative to the repository). */
async function zoneErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = [];\n`, {
    filePath: path.join(root, file),
  });
  const messages = result!.messages;
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return messages.filter((m) => ZONE_RULES.has(m.ruleId ?? '')).map((m) => m.message);
}

/** A real source file under `folder` (relative to the repository), as a path relative to `from`. */
function someFileIn(folder: string, from: string, match: RegExp = /\.tsx?$/): string {
  const walk = (dir: string): string | undefined => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const child = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        const found = walk(child);
        if (found) return found;
      } else if (match.test(entry.name) && !entry.name.includes('.test.')) {
        return child;
      }
    }
    return undefined;
  };
  const file = walk(folder);
  if (!file) throw new Error(`no file matching ${match} under ${folder}`);
  const relative = path.posix.relative(path.posix.dirname(from), file);
  return relative.startsWith('.') ? relative : `./${relative}`;
}

const FEATURE_RULE = 'A feature does not import another feature';
const MODULE_RULE = 'A module uses another module through its service';

describe('web import zones', () => {
  beforeAll(async () => {
    // The first lint loads the parser and the config; later ones reuse them.
    await zoneErrors('apps/web/src/lib/probe.ts', '');
  });

  it('refuses one feature importing another, at any depth and by any path', async () => {
    const probe = 'apps/web/src/features/teachers/components/deep/probe.tsx';
    const other = someFileIn('apps/web/src/features/courses', probe);
    expect(await zoneErrors(probe, `import { x } from '${other}';`)).toEqual([
      expect.stringContaining(FEATURE_RULE),
    ]);
    const shallow = 'apps/web/src/features/teachers/probe.ts';
    const direct = someFileIn('apps/web/src/features/courses', shallow);
    expect(await zoneErrors(shallow, `import { x } from '${direct}';`)).toHaveLength(1);
    // The long way round, through src/features, reaches the same file.
    const roundabout = direct.replace(/^\.\.\//, '../../features/');
    expect(await zoneErrors(shallow, `import { x } from '${roundabout}';`)).toHaveLength(1);
  });

  it('refuses type imports, re-exports and dynamic imports across features', async () => {
    const probe = 'apps/web/src/features/wallet/api/probe.ts';
    const other = someFileIn('apps/web/src/features/teachers', probe);
    expect(await zoneErrors(probe, `import type { X } from '${other}';\nexport type Y = X;`)).toHaveLength(1);
    expect(await zoneErrors(probe, `export { x } from '${other}';`)).toHaveLength(1);
    expect(await zoneErrors(probe, `export const load = () => import('${other}');`)).toEqual([
      expect.stringContaining(FEATURE_RULE),
    ]);
  });

  it('refuses a feature importing src/app or src/shell', async () => {
    const probe = 'apps/web/src/features/teachers/routes/probe.tsx';
    expect(
      await zoneErrors(probe, `import { x } from '${someFileIn('apps/web/src/shell', probe)}';`),
    ).toEqual([expect.stringContaining('does not import src/app or src/shell')]);
    expect(
      await zoneErrors(probe, `const x = () => import('${someFileIn('apps/web/src/app', probe)}');`),
    ).toHaveLength(1);
  });

  it('refuses src/lib and src/components importing a feature, src/app or src/shell', async () => {
    const lib = 'apps/web/src/lib/paging/probe.ts';
    expect(
      await zoneErrors(lib, `import { x } from '${someFileIn('apps/web/src/features/courses', lib)}';`),
    ).toEqual([expect.stringContaining('src/lib and src/components are shared')]);
    const component = 'apps/web/src/components/probe.tsx';
    expect(
      await zoneErrors(
        component,
        `const x = () => import('${someFileIn('apps/web/src/shell', component)}');`,
      ),
    ).toHaveLength(1);
  });

  it('allows a feature its own files, src/lib, src/components and the contract', async () => {
    const probe = 'apps/web/src/features/courses/components/probe.tsx';
    const imports = [
      someFileIn('apps/web/src/features/courses/api', probe),
      someFileIn('apps/web/src/lib', probe),
      someFileIn('apps/web/src/components', probe),
    ];
    const source = [
      ...imports.map((file, i) => `import * as m${i} from '${file}';`),
      "import * as contract from '@app/contract';",
      `export const all = [${imports.map((_, i) => `m${i}`).join(', ')}, contract];`,
    ].join('\n');
    expect(await zoneErrors(probe, source)).toEqual([]);
  });

  it('allows src/app route modules to compose features', async () => {
    const probe = 'apps/web/src/app/routes/probe.tsx';
    const a = someFileIn('apps/web/src/features/courses', probe);
    const b = someFileIn('apps/web/src/features/teachers', probe);
    expect(
      await zoneErrors(
        probe,
        `import * as a from '${a}';\nconst b = () => import('${b}');\nexport const x = [a, b];`,
      ),
    ).toEqual([]);
  });
});

describe('server import zones', () => {
  it("refuses a module importing another module's repository, seed or internals, also dynamically", async () => {
    const probe = 'apps/server/src/modules/courses/probe.ts';
    const repository = someFileIn('apps/server/src/modules/teachers', probe, /\.repository\.ts$/);
    expect(await zoneErrors(probe, `import { x } from '${repository}';`)).toEqual([
      expect.stringContaining(MODULE_RULE),
    ]);
    const seed = someFileIn('apps/server/src/modules/payments', probe, /\.seed\.ts$/);
    expect(await zoneErrors(probe, `const load = () => import('${seed}');\nexport { load };`)).toEqual([
      expect.stringContaining(MODULE_RULE),
    ]);
    const routes = someFileIn('apps/server/src/modules/wallet', probe, /\.routes\.ts$/);
    expect(await zoneErrors(probe, `import type { X } from '${routes}';\nexport type Y = X;`)).toHaveLength(
      1,
    );
  });

  it("allows a module another module's service, its own files and the shared layers", async () => {
    const probe = 'apps/server/src/modules/courses/probe.ts';
    const imports = [
      someFileIn('apps/server/src/modules/wallet', probe, /\.service\.ts$/),
      someFileIn('apps/server/src/modules/courses', probe, /\.repository\.ts$/),
      someFileIn('apps/server/src/db', probe),
      someFileIn('apps/server/src/http', probe),
    ];
    const source = [
      ...imports.map((file, i) => `import * as m${i} from '${file}';`),
      `export const all = [${imports.map((_, i) => `m${i}`).join(', ')}];`,
    ].join('\n');
    expect(await zoneErrors(probe, source)).toEqual([]);
  });
});

describe('server and web', () => {
  it('keeps the server out of the web app, by path or by package name', async () => {
    const probe = 'apps/web/src/features/teachers/probe.ts';
    expect(
      await zoneErrors(probe, `import { x } from '${someFileIn('apps/server/src/http', probe)}';`),
    ).toEqual([expect.stringContaining('only through the contract')]);
    // A workspace package name resolves to the same files (node_modules/@app/server links there).
    expect(await zoneErrors(probe, "import { x } from '@app/server/src/app.ts';")).toEqual([
      expect.stringContaining('only through the contract'),
    ]);
  });

  it('keeps the web app out of the server, also dynamically', async () => {
    const probe = 'apps/server/src/http/probe.ts';
    expect(
      await zoneErrors(
        probe,
        `const x = () => import('${someFileIn('apps/web/src/lib', probe)}');\nexport { x };`,
      ),
    ).toEqual([expect.stringContaining('only through the contract')]);
    expect(
      await zoneErrors(probe, "const x = () => import('@app/web/src/main.tsx');\nexport { x };"),
    ).toEqual([expect.stringContaining('only through the contract')]);
  });

  it('keeps the contract and the test support free of both apps, by path or by package name', async () => {
    for (const probe of ['packages/contract/src/probe.ts', 'test-support/probe.ts']) {
      expect(
        await zoneErrors(probe, `import { x } from '${someFileIn('apps/server/src/db', probe)}';`),
      ).toEqual([expect.stringContaining('they import neither')]);
      expect(await zoneErrors(probe, "import { x } from '@app/web/src/main.tsx';")).toEqual([
        expect.stringContaining('they import neither'),
      ]);
    }
  });
});
