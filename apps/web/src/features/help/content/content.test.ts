import { describe, expect, it } from 'vitest';
import { helpContent } from './index.ts';
import type { HelpContent } from './types.ts';

/** Everything but the text: ids of sections and questions, counts of paragraphs and steps. */
function outline(content: HelpContent) {
  return {
    faq: content.faq.sections.map((s) => ({
      id: s.id,
      questions: s.questions.map((q) => ({ id: q.id, paragraphs: q.answer.length })),
    })),
    manual: content.manual.chapters.map((c) => ({
      id: c.id,
      paragraphs: c.paragraphs.length,
      steps: c.steps?.length ?? 0,
    })),
    app: {
      intro: content.app.intro.length,
      ios: content.app.ios.steps.length,
      android: content.app.android.steps.length,
      browsers: content.app.browsers.map((b) => ({ id: b.id, steps: b.steps.length })),
      notes: content.app.notes.length,
    },
  };
}

/** Every string of a content module. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

describe('help content', () => {
  it('has the same sections, questions, chapters and steps in both languages', () => {
    expect(outline(helpContent.en)).toEqual(outline(helpContent['zh-Hans']));
  });

  it('has no empty text and unique anchors on each page', () => {
    for (const content of Object.values(helpContent)) {
      for (const text of texts(content)) expect(text.trim()).not.toBe('');
      const faqIds = content.faq.sections.flatMap((s) => [s.id, ...s.questions.map((q) => q.id)]);
      expect(new Set(faqIds).size).toBe(faqIds.length);
      // "contact" is the FAQ's contact section (the default customer-service link points at it).
      expect(faqIds).not.toContain('contact');
      const chapterIds = content.manual.chapters.map((c) => c.id);
      expect(new Set(chapterIds).size).toBe(chapterIds.length);
    }
  });

  it('states the rules the product applies (24-hour cancellation, 30-day playback, payment methods)', () => {
    const en = texts(helpContent.en).join('\n');
    const zh = texts(helpContent['zh-Hans']).join('\n');
    for (const fact of ['24 hours', '30 days', 'WeChat Pay', 'Alipay', '60 minutes', '14 days']) {
      expect(en).toContain(fact);
    }
    for (const fact of ['24 小时', '30 天', '微信支付', '支付宝', '60 分钟', '14 天'])
      expect(zh).toContain(fact);
  });

  it("covers the browsers Chinese phones ship and WeChat's, not Chrome only, in both languages", () => {
    for (const lang of ['zh-Hans', 'en'] as const) {
      const { browsers } = helpContent[lang].app;
      expect(browsers.map((b) => b.id)).toEqual(['huawei', 'xiaomi', 'vivo-oppo', 'wechat']);
      const wechat = browsers.find((b) => b.id === 'wechat')!.steps.join(' ');
      // WeChat's way out: the ··· menu, then the system browser.
      expect(wechat).toContain('···');
      expect(wechat).toMatch(lang === 'en' ? /Open in Browser/ : /在浏览器打开/);
    }
  });
});
