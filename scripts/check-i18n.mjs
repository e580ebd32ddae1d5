#!/usr/bin/env node
// Fails when a translation key exists in one language only, when a string is empty, or when the
// {{placeholders}} of a key differ between languages (STYLE.md §4: every UI string in both
// languages). UI strings live per area in apps/web/src/locales/<area>/<lang>.json and are merged by
// locales/registry.ts, so it also fails when an area lacks a language, when two areas claim the same
// top-level key (the merge would silently drop one), or when an area is neither in the registry
// nor registers itself with its screens (<area>/index.ts; its strings would never load). It also refuses the retired words of the glossary
// (scripts/i18n-glossary.json, docs/glossary.md) in the locale files and in the contract's
// user-facing texts: the messages the server sends and the enum labels.
// The help pages (apps/web/src/features/help/content/<lang>.ts) are long texts kept outside the
// locale files; their words are checked too.
// Usage: check-i18n.mjs [localesDir] [--contract <module.ts>]... [--text <lang>=<module.ts>]...
//        [--glossary <file.json>]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    contract: { type: 'string', multiple: true },
    text: { type: 'string', multiple: true },
    glossary: { type: 'string' },
  },
});
const dir = positionals[0] ?? join(root, 'apps/web/src/locales');
const contractModules = (
  options.contract ?? ['packages/contract/src/messages.ts', 'packages/contract/src/enums.ts']
).map((file) => resolve(root, file));
const textModules = (
  options.text ?? [
    'en=apps/web/src/features/help/content/en.ts',
    'zh-Hans=apps/web/src/features/help/content/zh-Hans.ts',
  ]
).map((spec) => {
  const [lang, file] = spec.split('=');
  return { lang, file: resolve(root, file) };
});
const glossaryFile = resolve(root, options.glossary ?? 'scripts/i18n-glossary.json');
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
    const areaIndex = join(dir, area, 'index.ts');
    const registers =
      existsSync(areaIndex) &&
      /registerLocaleArea\(/.test(readFileSync(areaIndex, 'utf8')) &&
      readFileSync(areaIndex, 'utf8').includes(`'./${lang}.json'`);
    if (registry && !registry.includes(`'./${file}'`) && !registers) {
      problems.push(
        `${file} is neither imported by registry.ts nor registered by ${area}/index.ts, so its strings never load`,
      );
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

// The glossary: one term per concept and language; a retired variant anywhere in a UI text fails.
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const glossary = JSON.parse(readFileSync(glossaryFile, 'utf8'));
const rules = new Map(); // lang → [{ pattern, allowed, term, word }]
for (const concept of glossary.concepts) {
  for (const [lang, entry] of Object.entries(concept)) {
    if (lang === 'concept') continue;
    const latin = lang === 'en';
    const list = rules.get(lang) ?? [];
    for (const word of entry.retired) {
      list.push({
        word,
        term: entry.term,
        // English: from the start of a word, any case ("abolish" finds "Abolished", not "reschedule").
        pattern: new RegExp(latin ? `(?<![\\p{L}])${escape(word)}` : escape(word), latin ? 'iu' : 'u'),
        allowed: (entry.allowed ?? []).map((a) => new RegExp(escape(a), latin ? 'giu' : 'gu')),
      });
    }
    rules.set(lang, list);
  }
}
// Chinese text takes full-width punctuation (issue 33 §1): an ASCII comma, semicolon, colon, question
// or exclamation mark or bracket next to a Chinese character is a half-width slip ("你好,世界").
const HALF_WIDTH_IN_CHINESE = /[\p{Script=Han}][,;:?!()]|[,;:?!()][\p{Script=Han}]/u;
function checkWords(lang, text, where) {
  if (lang === 'zh-Hans' && HALF_WIDTH_IN_CHINESE.test(text))
    problems.push(
      `${where} has half-width punctuation in Chinese text: ${JSON.stringify(text.slice(0, 60))}`,
    );
  for (const rule of rules.get(lang) ?? []) {
    const cleaned = rule.allowed.reduce((t, a) => t.replace(a, ''), text);
    if (rule.pattern.test(cleaned))
      problems.push(`${where} uses the retired "${rule.word}" (glossary: "${rule.term}")`);
  }
}

for (const area of areas) {
  for (const lang of languages) {
    const file = `${area}/${lang}.json`;
    if (!existsSync(join(dir, file))) continue;
    for (const [key, text] of flatten(readLocale(file), '', new Map(), file))
      checkWords(lang, text, `${file} "${key}"`);
  }
}

// Every { 'zh-Hans': …, en: … } pair the contract exports (messages, enum labels), each once
// (MESSAGES and MESSAGE_AREAS hold the same objects).
const seen = new WeakSet();
function walkBilingual(value, path, where) {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (typeof value['zh-Hans'] === 'string' && typeof value.en === 'string') {
    for (const lang of ['zh-Hans', 'en']) checkWords(lang, value[lang], `${where} ${path} (${lang})`);
    return;
  }
  for (const [key, child] of Object.entries(value))
    walkBilingual(child, path ? `${path}.${key}` : key, where);
}
let contractTexts = 0;
for (const file of contractModules) {
  const module = await tsImport(pathToFileURL(file).href, import.meta.url);
  if (Object.keys(module).length === 0) problems.push(`${file} exports nothing to check`);
  walkBilingual(module, '', file.replace(`${root}/`, ''));
  contractTexts += 1;
}

// One language's texts: every string in the module's exports except ids.
function walkText(lang, value, path, where) {
  if (typeof value === 'string') checkWords(lang, value, `${where} ${path}`);
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value))
      if (key !== 'id') walkText(lang, child, path ? `${path}.${key}` : key, where);
}
for (const { lang, file } of textModules) {
  const module = await tsImport(pathToFileURL(file).href, import.meta.url);
  if (Object.keys(module).length === 0) problems.push(`${file} exports nothing to check`);
  walkText(lang, module, '', file.replace(`${root}/`, ''));
}

if (problems.length > 0) {
  console.error(`i18n check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.info(
  `i18n check passed: ${keyCount} keys in ${areas.length} areas (${areas.join(', ')}), languages ${languages.join(', ')}; glossary clean in them and in ${contractTexts} contract modules and ${textModules.length} help texts`,
);
