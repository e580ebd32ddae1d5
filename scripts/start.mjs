// `npm start`: install and build what is missing, then run the server (migrations and demo data
// happen at server start-up). Configuration comes from the environment (README, DESIGN.md §9).
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureWebBuilt, root } from './lib/ensure.mjs';

ensureInstalled();
ensureWebBuilt();

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
