// `npm run dev`: the API server with reload on port 3000 and the Vite dev server (hot reload,
// proxying /api to the server) on port 5173.
import { spawn } from 'node:child_process';
import { ensureInstalled, root } from './lib/ensure.mjs';

ensureInstalled();
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
