/** Languages of the product. zh-Hans is the default (SPEC.md §1, §3). */
export const LANGUAGES = ['zh-Hans', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Lang = 'zh-Hans';

/** A text in both languages. Every label the contract ships is one of these. */
export type Bilingual = { 'zh-Hans': string; en: string };

/** Normalises an `api-language` header (or any language tag) to a product language. */
export function toLang(value: unknown): Lang {
  if (typeof value !== 'string') return DEFAULT_LANGUAGE;
  return value.trim().toLowerCase().startsWith('en') ? 'en' : 'zh-Hans';
}
