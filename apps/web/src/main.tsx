// Before anything that could load zod (zod-config.ts).
import './app/zod-config.ts';
// antd's component styles, computed at build time (scripts/antd-static-style.ts), before the app's own.
import 'virtual:antd-static.css';
import './app/styles.css';
import { bootstrap } from './app/bootstrap.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void bootstrap(container);
