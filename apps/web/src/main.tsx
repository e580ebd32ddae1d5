// Before anything that could load zod (zod-config.ts).
import './app/zod-config.ts';
import './app/styles.css';
import { bootstrap } from './app/bootstrap.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void bootstrap(container);
