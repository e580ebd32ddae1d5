import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as exported from 'react-router';
import { describe, expect, it } from 'vitest';
import { reactRouterProduction } from './react-router-production.ts';

/** The one line of a build's chunks that sets the development warnings, or undefined. */
function devWarningsLine(dir: string): string | undefined {
  for (const file of readdirSync(dir).filter((f) => f.startsWith('chunk-') && f.endsWith('.mjs'))) {
    const line = readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .find((l) => l.includes('ENABLE_DEV_WARNINGS ='));
    if (line) return line.trim();
  }
  return undefined;
}

describe("React Router's production build (vite.config.ts)", () => {
  it('exports what the package exports, with the development warnings off', async () => {
    const production = (await import(pathToFileURL(reactRouterProduction).href)) as Record<string, unknown>;
    expect(Object.keys(production).sort()).toEqual(Object.keys(exported).sort());
    const dist = path.dirname(path.dirname(reactRouterProduction));
    expect(devWarningsLine(path.join(dist, 'production'))).toBe('var ENABLE_DEV_WARNINGS = false;');
    expect(devWarningsLine(path.join(dist, 'development'))).toBe('var ENABLE_DEV_WARNINGS = true;');
  });
});
