#!/usr/bin/env node
// Fails when a translation key exists in one locale only, when a locale has an empty string, or when
// the {{placeholders}} of a key differ between locales (STYLE.md §4: every UI string in both languages).
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = process.argv[2] ?? join(root, 'apps/web/src/locales');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
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

if (files.length < 2) problems.push(`expected at least two locale files in ${dir}, found ${files.length}`);
const locales = files.map((file) => {
  let data;
  try {
    data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  } catch (error) {
    problems.push(`${file}: invalid JSON (${error.message})`);
    data = {};
  }
  return { file, keys: flatten(data, '', new Map(), file) };
});

const allKeys = new Set(locales.flatMap((l) => [...l.keys.keys()]));
for (const key of [...allKeys].sort()) {
  const missing = locales.filter((l) => !l.keys.has(key)).map((l) => l.file);
  if (missing.length > 0) {
    problems.push(`"${key}" is missing in ${missing.join(', ')}`);
    continue;
  }
  const variants = new Set(locales.map((l) => placeholders(l.keys.get(key))));
  if (variants.size > 1) problems.push(`"${key}" uses different {{placeholders}} across locales`);
}

if (problems.length > 0) {
  console.error(`i18n check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.info(`i18n check passed: ${allKeys.size} keys in ${files.join(', ')}`);
