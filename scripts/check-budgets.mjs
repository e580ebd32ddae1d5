// `npm run budgets`: the JavaScript and CSS each route of the web app makes a phone download, as
// sent (the Brotli copies the build writes beside each file; a file too small to compress is sent
// as is), against the route's budget. Reads the built app (apps/web/dist and the chunk graph in
// dist/.vite/manifest.json): run `npm run build` first. Exits 1, naming the route and the files it
// loads, when a route is over budget. Plain Node, no dependencies.
//
// What a route loads: the entry (index.html's script and stylesheet with their static imports),
// then the route module the router loads lazily with its static imports (the locale areas it
// shows among them, locales/<area>/index.ts), and antd's scope (lib/antd) with antd's build-time stylesheet (assets/antd-*.css,
// linked by lib/antd/antd-styles.ts) for the screens the router renders inside it. Code a screen
// loads later (a dialog, the profile drawer) is not counted.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps', 'web', 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');

/**
 * Budgets in KB as sent (Brotli): each route's size when the budget was set plus a little room, so
 * growth has to be a decision; lower them as the routes shrink (docs/quality.md, Web). Set again
 * when the locale areas moved to the screens that show them (issue 36): the home route's 158 KB
 * here is what its first render needs; a phone fetches about 10 KB more until the page is idle
 * (bench:web's "js KB sent", issue 36's target of 170 KB).
 */
const ANTD_SCOPE = 'src/lib/antd/antd-scope.tsx';
/** The user centre's frame: the router loads it with each /user page (src/app/router.tsx). */
// Counted with the /user pages since it left the entry (2026-11-29), their budgets raised by its
// 1.3 KB file of its own (every other page lost 2.5 KB).
const USER_LAYOUT = 'src/shell/user-layout.tsx';
const ROUTES = [
  // The home page's first screen renders without antd (issue 16): no antd scope.
  { route: '/', modules: ['src/app/routes/home.tsx'], js: 160, css: 8 },
  {
    route: '/ielts',
    // Renders without antd, like the home page (src/app/router.tsx).
    modules: ['src/features/ielts/routes/ielts-index.tsx'],
    js: 157,
    css: 8,
  },
  // A plain form (issue 16): no antd scope.
  { route: '/login', modules: ['src/features/auth/routes/login.tsx'], js: 173, css: 8 },
  // The teacher and the slots render without antd; the booking dialog brings it (issue 16).
  { route: '/teacher/booking/{id}', modules: ['src/app/routes/teacher-booking.tsx'], js: 164, css: 10 },
  {
    route: '/course/index',
    // Plain markup, like the booking page (issue 18).
    modules: ['src/features/courses/routes/timetable.tsx'],
    js: 162,
    css: 10,
  },
  // A class: plain markup; the dialogs and the review form load with antd when needed (issue 36).
  { route: '/course/view/{id}', modules: ['src/features/courses/routes/course-view.tsx'], js: 170, css: 10 },
  // The packages in plain markup; the payment step loads with antd when shown (issue 18).
  { route: '/user/recharge', modules: ['src/app/routes/user/recharge.tsx', USER_LAYOUT], js: 166, css: 10 },
  {
    route: '/user/home',
    modules: ['src/features/users/routes/user-home.tsx', USER_LAYOUT],
    js: 157,
    css: 10,
  },
  // Issue 37: charts drawn as inline SVG by the page itself (no chart library), plain markup.
  {
    route: '/user/progress',
    modules: ['src/features/progress/routes/progress.tsx', USER_LAYOUT],
    js: 160,
    css: 10,
  },
];

function fail(message) {
  console.error(`✖ budgets: ${message}`);
  process.exit(1);
}

if (!existsSync(manifestFile)) {
  fail(`${path.relative(root, manifestFile)} is missing: build the web app first (npm run build).`);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
// The design system's page for the team (/dev/primitives, src/app/router.tsx) is for development
// builds only: a production build that holds it has lost the guard.
const devOnly = Object.keys(manifest).filter((key) => key.startsWith('src/app/dev/'));
if (devOnly.length > 0) fail(`the production build holds development-only modules: ${devOnly.join(', ')}`);
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) fail('the manifest has no entry chunk');

/** Every file a module loads before it runs: its chunk, its static imports (recursively) and their CSS. */
function closure(key, files = new Set(), seen = new Set()) {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) fail(`no chunk for ${key} in the manifest: has the module moved? (scripts/check-budgets.mjs)`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files, seen);
  return files;
}

/** antd's component styles, computed at build time (apps/web/scripts/antd-static-style.ts). */
function antdStylesheet() {
  const files = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => /^assets\/antd-[\w-]+\.css$/.test(file));
  if (files.length !== 1)
    fail(`expected one antd stylesheet (assets/antd-*.css) in the manifest, found ${files.length}`);
  return files[0];
}

/** Bytes as the server sends the file: its Brotli copy when the build wrote one. */
function sentBytes(file) {
  const full = path.join(dist, file);
  if (!existsSync(full)) fail(`${file} is in the manifest but not in ${path.relative(root, dist)}`);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const rows = [];
const over = [];
for (const { route, modules, js: jsBudget, css: cssBudget } of ROUTES) {
  const files = closure(entryKey);
  for (const key of modules) closure(key, files);
  if (modules.includes(ANTD_SCOPE)) files.add(antdStylesheet());
  const sized = [...files].map((file) => ({ file, bytes: sentBytes(file) }));
  const sum = (ext) => sized.filter((f) => f.file.endsWith(ext)).reduce((total, f) => total + f.bytes, 0);
  const js = kb(sum('.js'));
  const css = kb(sum('.css'));
  rows.push({ route, 'JS KB': js, 'JS budget': jsBudget, 'CSS KB': css, 'CSS budget': cssBudget });
  if (js > jsBudget || css > cssBudget) {
    const largest = sized
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 6)
      .map((f) => `${f.file} ${kb(f.bytes)} KB`)
      .join(', ');
    over.push(
      `${route}: ${js > jsBudget ? `JS ${js} KB > ${jsBudget} KB` : ''}${js > jsBudget && css > cssBudget ? ', ' : ''}` +
        `${css > cssBudget ? `CSS ${css} KB > ${cssBudget} KB` : ''} (largest files: ${largest})`,
    );
  }
}

console.info('Route budgets, KB as sent (Brotli):');
console.table(rows); // eslint-disable-line no-console -- the table is the report
if (over.length) {
  fail(
    `${over.length} route(s) over budget:\n  ${over.join('\n  ')}\n` +
      'Load the new code lazily (DESIGN.md §8) or, if the growth is deliberate, raise the budget in scripts/check-budgets.mjs and say why in the commit.',
  );
}
console.info('✓ every route is within its budget');
