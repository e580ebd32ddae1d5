import { LANGUAGES, type Lang } from '@app/contract/i18n';

/**
 * Language rules of SPEC.md §1 and DESIGN.md §8: Chinese unless the browser's primary language
 * (`navigator.language`) is English; a stored manual choice wins; a prompt offers the browser's
 * language when it differs from the chosen one and the student never chose manually. Only the
 * primary language counts: a Chinese browser that lists English second (`['zh-CN', 'en']`, common
 * on Chinese systems) stays Chinese. index.html's pre-paint script applies the same rule.
 */
export function detectLanguage(primaryLanguage: string | undefined | null): Lang {
  return isEnglishTag(primaryLanguage ?? '') ? 'en' : 'zh-Hans';
}

/** Whether a BCP 47 tag names English (`en`, `en-US`, `EN_gb`), not merely starts with "en". */
function isEnglishTag(tag: string): boolean {
  return tag.trim().toLowerCase().split(/[-_]/)[0] === 'en';
}

/** The browser's primary language: `navigator.language`, else the first of `navigator.languages`. */
export function primaryBrowserLanguage(
  nav: Pick<Navigator, 'language' | 'languages'> | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator,
): string {
  return nav?.language || nav?.languages?.[0] || '';
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
  /** The browser's primary language (`navigator.language`). */
  browserLanguage: string | undefined | null;
  alreadyPrompted: boolean;
};

/** The language to offer in the prompt, or null when no prompt should show. */
export function languageToOffer(input: LanguagePromptInput): Lang | null {
  if (input.manual || input.alreadyPrompted) return null;
  const browser = detectLanguage(input.browserLanguage);
  return browser === input.chosen ? null : browser;
}
