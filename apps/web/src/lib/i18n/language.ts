import { LANGUAGES, type Lang } from '@app/contract/i18n';

/**
 * Language rules of SPEC.md §1 and DESIGN.md §8: Chinese unless the browser's languages contain
 * English; a stored manual choice wins; a prompt offers the browser's language when it differs from
 * the chosen one and the student never chose manually.
 */
export function detectLanguage(browserLanguages: readonly string[] | undefined | null): Lang {
  const list = browserLanguages ?? [];
  return list.some((tag) => tag.trim().toLowerCase().split(/[-_]/)[0] === 'en') ? 'en' : 'zh-Hans';
}

/** The stored LANGUAGE value when it is exactly one of the product languages, else null. */
export function parseLanguage(value: unknown): Lang | null {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
    ? (value as Lang)
    : null;
}

export function otherLanguage(lang: Lang): Lang {
  return lang === 'en' ? 'zh-Hans' : 'en';
}

/** dayjs locale of a product language: Chinese unless the language is English (SPEC.md §9). */
export function dayjsLocaleOf(lang: Lang): 'en' | 'zh-cn' {
  return lang === 'en' ? 'en' : 'zh-cn';
}

export type LanguagePromptInput = {
  chosen: Lang;
  manual: boolean;
  browserLanguages: readonly string[] | undefined | null;
  alreadyPrompted: boolean;
};

/** The language to offer in the prompt, or null when no prompt should show. */
export function languageToOffer(input: LanguagePromptInput): Lang | null {
  if (input.manual || input.alreadyPrompted) return null;
  const browser = detectLanguage(input.browserLanguages);
  return browser === input.chosen ? null : browser;
}
