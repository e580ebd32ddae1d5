#!/usr/bin/env node
// Fails when a translation key exists in one language only, when a string is empty, or when the
// {{placeholders}} of a key differ between languages (STYLE.md §4: every UI string in both
// languages). UI strings live per area in apps/web/src/locales/<area>/<lang>.json and are merged by
// locales/registry.ts, so it also fails when an area lacks a language, when two areas claim the same
// top-level key (the merge would silently drop one), or when an area folder is missing from the
// registry (its strings would never load).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] ?? join(root, 'apps/web/src/locales');
const problems = [];

function flatten(value, prefix, out, file) {
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) problems.push(`${file}: "${prefix}" is an empty object`);
    for (const [key, child] of entries) flatten(child, prefix ? `${prefix}.${key}` : key, out, file);
  } else if (typeof value !== 'string') {
    problems.push(`${file}: "${prefix}" is not a string (${JSON.stringify(value)})`);
  } else {
    if (value.trim() === '') problems.push(`${file}: "${prefix}" is empty`);
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text) =>
  [...text.matchAll(/{{\s*([\w.]+)[^}]*}}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

function readLocale(file) {
  try {
    const data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      problems.push(`${file}: expected an object of top-level keys`);
      return {};
    }
    return data;
  } catch (error) {
    problems.push(`${file}: invalid JSON (${error.message})`);
    return {};
  }
}

const areas = readdirSync(dir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const stray = readdirSync(dir).filter((f) => f.endsWith('.json'));
for (const file of stray)
  problems.push(`${file}: locale files belong in an area folder (<area>/<lang>.json)`);
if (areas.length === 0) problems.push(`no area folders in ${dir}`);

const languages = [
  ...new Set(areas.flatMap((a) => readdirSync(join(dir, a)).filter((f) => f.endsWith('.json')))),
]
  .map((f) => f.replace(/\.json$/, ''))
  .sort();
if (languages.length < 2)
  problems.push(`expected at least two languages in ${dir}, found ${languages.length}`);

const registryFile = join(dir, 'registry.ts');
const registry = existsSync(registryFile) ? readFileSync(registryFile, 'utf8') : '';
if (!registry) problems.push(`${registryFile} is missing: nothing would merge the areas`);

const owner = new Map(); // top-level key → area
let keyCount = 0;
for (const area of areas) {
  const locales = languages.map((lang) => {
    const file = `${area}/${lang}.json`;
    if (!existsSync(join(dir, file))) {
      problems.push(`${file} is missing: area "${area}" has no ${lang} strings`);
      return { file, top: [], keys: new Map() };
    }
    if (registry && !registry.includes(`'./${file}'`)) {
      problems.push(`${file} is not imported by registry.ts, so its strings never load`);
    }
    const data = readLocale(file);
    return { file, top: Object.keys(data), keys: flatten(data, '', new Map(), file) };
  });

  for (const key of new Set(locales.flatMap((l) => l.top))) {
    const other = owner.get(key);
    if (other && other !== area)
      problems.push(`top-level key "${key}" is defined by areas ${other} and ${area}`);
    owner.set(key, area);
  }

  const allKeys = new Set(locales.flatMap((l) => [...l.keys.keys()]));
  keyCount += allKeys.size;
  for (const key of [...allKeys].sort()) {
    const missing = locales.filter((l) => !l.keys.has(key)).map((l) => l.file);
    if (missing.length > 0) {
      problems.push(`"${key}" is missing in ${missing.join(', ')}`);
      continue;
    }
    const variants = new Set(locales.map((l) => placeholders(l.keys.get(key))));
    if (variants.size > 1) problems.push(`"${key}" uses different {{placeholders}} across languages`);
  }
}

if (problems.length > 0) {
  console.error(`i18n check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.info(
  `i18n check passed: ${keyCount} keys in ${areas.length} areas (${areas.join(', ')}), languages ${languages.join(', ')}`,
);
