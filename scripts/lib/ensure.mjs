// Makes a fresh clone runnable: installs dependencies and builds the web app when they are
// missing or stale. Plain Node with no dependencies, so it works before `npm ci` has run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

function mustRun(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const st = statSync(target);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const at = (...p) => path.join(root, ...p);

export function ensureInstalled() {
  const marker = at('node_modules', '.package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(at('package-lock.json')).mtimeMs) return;
  console.info('› Installing dependencies (npm ci)…');
  mustRun('npm', ['ci', '--no-audit', '--no-fund']);
}

export function ensureWebBuilt() {
  const built = newestMtime(at('apps', 'web', 'dist', 'index.html'));
  const sources = Math.max(
    newestMtime(at('apps', 'web', 'src')),
    newestMtime(at('apps', 'web', 'index.html')),
    newestMtime(at('apps', 'web', 'public')),
    newestMtime(at('apps', 'web', 'vite.config.ts')),
    newestMtime(at('apps', 'web', 'scripts')),
    newestMtime(at('packages', 'contract', 'src')),
  );
  if (built >= sources) return;
  console.info('› Building the web app…');
  // A production build whatever NODE_ENV the caller has (under NODE_ENV=test antd renders test ids).
  mustRun('npm', ['run', 'build', '-w', 'apps/web'], { env: { ...process.env, NODE_ENV: 'production' } });
}
