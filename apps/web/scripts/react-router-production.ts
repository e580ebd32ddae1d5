import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * React Router 7's production build, which its package ships but does not export: the package's
 * exports name only the development build (remix-run/react-router#12532, #14102), which differs by
 * `ENABLE_DEV_WARNINGS = true`, so the warnings' code and texts went to every phone (0.5 KB as
 * sent). vite.config.ts points the build's `react-router` at this file; the development server
 * keeps the warnings. react-router-production.test.ts fails when the file no longer stands in for
 * the package's own.
 */
export const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
