/**
 * Long-form help text (FAQ, user manual, app page), one module per language. It lives here rather
 * than in the locale JSON files because it is prose with structure (sections, lists, steps); short
 * UI strings (titles, headings, labels) stay in the locales. Both languages share this shape, and a
 * unit test checks that they have the same sections, questions and steps.
 */
export type HelpQuestion = {
  /** Stable anchor (`/help/faq#cancel-refund`). */
  id: string;
  question: string;
  /** Paragraphs of the answer. */
  answer: string[];
};

export type FaqSection = { id: string; title: string; questions: HelpQuestion[] };

export type ManualChapter = {
  id: string;
  title: string;
  paragraphs: string[];
  /** Numbered steps, when the chapter walks through a task. */
  steps?: string[];
};

export type HelpContent = {
  faq: { intro: string; sections: FaqSection[] };
  manual: { intro: string; chapters: ManualChapter[] };
  app: {
    intro: string[];
    ios: { title: string; steps: string[] };
    android: { title: string; steps: string[] };
    /**
     * The browsers Chinese phones ship and WeChat's built-in one (issue 33 §4), in this order:
     * Huawei, Xiaomi, vivo / OPPO, WeChat. `id` is the section's anchor (`/help/app#huawei`).
     */
    browsers: { id: 'huawei' | 'xiaomi' | 'vivo-oppo' | 'wechat'; title: string; steps: string[] }[];
    notes: string[];
  };
};
