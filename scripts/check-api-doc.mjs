#!/usr/bin/env node
// Checks the OpenAPI document the way a client team would use it (issue 39):
// 1. builds the server (a throwaway SQLite database, no demo data) and writes its document, as
//    /api/docs/json serves it, to .tmp/openapi/openapi.json;
// 2. lints it with Redocly's recommended rules (redocly.yaml; the warnings kept are listed, each with
//    its reason, in .redocly.lint-ignore.yaml): any error fails;
// 3. generates a typed client from it with openapi-typescript (.tmp/openapi/schema.d.ts) and
//    compiles apps/server/openapi-client, whose types must agree with the contract's.
// Run with `node --import tsx scripts/check-api-doc.mjs` (npm run check:api-doc).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, '.tmp/openapi');
const documentFile = path.join(outDir, 'openapi.json');

async function writeDocument() {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ls-api-doc-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
      SCRYPT_COST: '1024',
      WEB_DIST: path.join(dataDir, 'no-web-dist'),
    });
    const app = await buildApp(config, { scheduleJobs: false, logger: false });
    try {
      await app.ready();
      const reply = await app.inject({ method: 'GET', url: '/api/docs/json' });
      if (reply.statusCode !== 200) throw new Error(`/api/docs/json answered ${reply.statusCode}`);
      fs.mkdirSync(outDir, { recursive: true });
      fs.writeFileSync(documentFile, `${JSON.stringify(reply.json(), null, 2)}\n`);
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs a command of node_modules/.bin; exits with its status when it fails. */
function run(label, command, args) {
  console.info(`\n› ${label}`);
  const result = spawnSync(path.join(root, 'node_modules/.bin', command), args, {
    cwd: root,
    stdio: 'inherit',
    // Redocly: no usage reports and no update notice (the machine may have no internet).
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

await writeDocument();
console.info(`› wrote ${path.relative(root, documentFile)}`);
run('Redocly lint (recommended rules)', 'redocly', [
  'lint',
  path.relative(root, documentFile),
  '--format=summary',
]);
run('openapi-typescript', 'openapi-typescript', [
  path.relative(root, documentFile),
  '--output',
  '.tmp/openapi/schema.d.ts',
]);
run('typed client compiles and agrees with the contract', 'tsc', ['-p', 'apps/server/openapi-client']);
console.info('\n✔ API document: valid, linted, and usable by a generated client');
