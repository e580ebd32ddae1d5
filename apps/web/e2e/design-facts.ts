import type { Page } from 'playwright-core';

/**
 * The design-consistency check of issue 33 (§1): on every screen the route walk visits
 * (a11y-routes.ts), the computed styles of each role's components are collected, and the whole
 * walk may show only the variants the design allows (DESIGN_RULES): one button shape, the control
 * heights of the tokens, one primary and one danger colour per theme, one title size per width,
 * one style of sub-navigation and of pagination, and on a phone no interactive element under
 * 44×44 px.
 *
 * The roles are found by the classes of the components that play them (ROLE_SELECTORS): a new
 * component for a role must be listed there, or the check does not see it.
 */

/** What a component of each role is, by its classes. */
export const ROLE_SELECTORS = {
  /** Anything drawn as a button (a link styled as one included); text-only buttons are left out below. */
  button: 'button:not([role="switch"]), a.ls-btn, a.ls-link-btn, a.ant-btn, [role="button"]',
  primary: '.ant-btn-primary:not(.ant-btn-dangerous), .ls-btn-primary, .ls-link-btn:not(.ls-link-btn-ghost)',
  danger: '.ant-btn-dangerous, .ls-btn-danger',
  subnav: '.ls-subnav a, [role="tab"]',
  pagination:
    '.ant-pagination-item, .ant-pagination-prev, .ant-pagination-next, .ls-pager button, .ls-pager a',
  /** The page's title; the home page's hero title is display type, a role of its own. */
  title: 'main h1:not(.ls-hero-title)',
  interactive:
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="link"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], [role="option"], [tabindex]:not([tabindex="-1"])',
} as const;

export type DesignFact = {
  /** What was measured: `button height`, `primary colour`… */
  rule: string;
  /** The variant seen: `40px pill`, `rgb(15, 118, 110)`… */
  value: string;
  /** Where: the element, shortly (tag, classes, text). */
  element: string;
};

export type Width = 'phone' | 'desktop';

/** The facts of the page as it is now (run after the page has settled). */
export async function designFacts(page: Page, width: Width): Promise<DesignFact[]> {
  return page.evaluate(
    ({ roles, phone }) => {
      const facts: { rule: string; value: string; element: string }[] = [];
      const describe = (el: Element) => {
        const classes = Array.from(el.classList)
          .filter((c) => !/^css-|^ls$/.test(c))
          .slice(0, 3)
          .join('.');
        const text = (el.textContent ?? el.getAttribute('aria-label') ?? '').trim().replace(/\s+/g, ' ');
        return `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text.slice(0, 24)}"`;
      };
      const visible = (el: Element) => {
        const rect = el.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return false;
        if (el.closest('[aria-hidden="true"], [inert], .ls-sr-only')) return false;
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
      };
      const all = (selector: string) => Array.from(document.querySelectorAll(selector)).filter(visible);
      const px = (n: number) => `${Math.round(n)}px`;
      const shape = (el: Element) => {
        const rect = el.getBoundingClientRect();
        // The largest corner: a button joined to an input (a search field's) rounds its outer side only.
        const style = getComputedStyle(el);
        const radius = Math.max(
          ...[
            style.borderTopLeftRadius,
            style.borderTopRightRadius,
            style.borderBottomRightRadius,
            style.borderBottomLeftRadius,
          ].map((r) => parseFloat(r) || 0),
        );
        if (radius >= rect.height / 2 - 0.5) return rect.width - rect.height < 1 ? 'circle' : 'pill';
        return radius === 0 ? 'square-cornered' : `${px(radius)}-radius`;
      };
      const painted = (el: Element) => {
        const style = getComputedStyle(el);
        const bg = style.backgroundColor;
        const hasBg = bg !== 'transparent' && !/rgba\([^)]*, 0\)$/.test(bg);
        const hasBorder =
          parseFloat(style.borderTopWidth) > 0 && !/rgba\([^)]*, 0\)$/.test(style.borderTopColor);
        return hasBg || hasBorder;
      };
      const primaries = new Set(all(roles.primary));
      const dangers = new Set(all(roles.danger));
      for (const el of all(roles.button)) {
        if (!painted(el) || el.closest(roles.subnav) || el.matches(roles.pagination)) continue;
        if (el.closest('.ant-pagination, .ls-pager, .ant-segmented, .ant-select, .ant-picker')) continue;
        facts.push({
          rule: 'button shape',
          value: `${px(el.getBoundingClientRect().height)} ${shape(el)}`,
          element: describe(el),
        });
      }
      for (const el of primaries)
        facts.push({
          rule: 'primary colour',
          value: getComputedStyle(el).backgroundColor,
          element: describe(el),
        });
      // The page's surface as the browser resolves it: an outlined danger button (red text and
      // border on the surface, as antd's default danger button and .ls-btn-danger) is red by its text.
      const probe = document.createElement('div');
      probe.style.background = 'var(--ls-surface)';
      document.body.append(probe);
      const surface = getComputedStyle(probe).backgroundColor;
      probe.remove();
      for (const el of dangers) {
        const style = getComputedStyle(el);
        const solid =
          painted(el) &&
          !/rgba\([^)]*, 0\)$|transparent/.test(style.backgroundColor) &&
          style.backgroundColor !== surface;
        facts.push({
          rule: 'danger colour',
          value:
            solid && !el.classList.contains('ant-btn-background-ghost') ? style.backgroundColor : style.color,
          element: describe(el),
        });
      }
      for (const el of all(roles.subnav)) {
        const style = getComputedStyle(el);
        facts.push({
          rule: 'sub-navigation item',
          value: `${px(el.getBoundingClientRect().height)} ${shape(el)} ${style.fontSize}`,
          element: describe(el),
        });
      }
      for (const el of all(roles.pagination))
        facts.push({
          rule: 'pagination item',
          value: `${px(el.getBoundingClientRect().height)} ${shape(el)}`,
          element: describe(el),
        });
      for (const el of all(roles.title)) {
        const style = getComputedStyle(el);
        facts.push({
          rule: 'page title',
          value: `${style.fontSize} ${style.fontWeight}`,
          element: describe(el),
        });
      }
      // Text: one date style per language (no ISO dates on screen, and in English no US numeric
      // "11/28/2024" or "11/28"), a number never parted from its unit at a line break ("10 课 / 时"),
      // a field's placeholder whole on a phone. Dates are read in all drawn text, a chart's axis
      // included: hidden from screen readers (its table says the same), it is still on screen.
      const walker = document.createTreeWalker(
        document.querySelector('main') ?? document.body,
        NodeFilter.SHOW_TEXT,
      );
      const numberUnit = /\d[\d.,]*\s?(课时|节课|课|节|天|分钟|小时|个月|学币|元|次|位|分)/g;
      const english = document.documentElement.lang.startsWith('en');
      // Month/day, with or without a year: not part of a longer run of digits and slashes.
      const usDate = /(?<![\d/.])(0?[1-9]|1[0-2])\/(0?[1-9]|[12]\d|3[01])(\/(\d{4}|\d{2}))?(?![\d/])/g;
      const drawn = (el: Element) => {
        const rect = el.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1 || el.closest('[inert], .ls-sr-only')) return false;
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
      };
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // Layout is read only for text that holds something to judge: most text nodes hold none.
        if (!/\d/.test(text)) continue;
        const parent = node.parentElement;
        if (!parent || parent.closest('input, textarea, code, pre, [contenteditable]') || !drawn(parent))
          continue;
        for (const iso of text.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? [])
          facts.push({ rule: 'date written as ISO', value: iso, element: describe(parent) });
        if (english)
          for (const [us] of text.matchAll(usDate))
            facts.push({ rule: 'date written US numeric', value: us, element: describe(parent) });
        if (!visible(parent)) continue;
        for (const match of text.matchAll(numberUnit)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (tops.size > 1)
            facts.push({ rule: 'number parted from its unit', value: match[0], element: describe(parent) });
        }
      }
      if (phone) {
        const canvas = document.createElement('canvas').getContext('2d');
        for (const el of all('input[placeholder], textarea[placeholder]')) {
          const input = el as HTMLInputElement;
          if (!canvas || input.value) continue;
          const style = getComputedStyle(input);
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          if (canvas.measureText(input.placeholder).width > room + 1)
            facts.push({ rule: 'placeholder cut off', value: input.placeholder, element: describe(input) });
        }
      }
      if (phone) {
        const seen = new Set<Element>();
        for (const el of Array.from(document.querySelectorAll(roles.interactive))) {
          // A hidden native input under a drawn control (antd's checkbox, radio, switch): the
          // control's label or wrapper is what a finger touches.
          // antd's pagination item (the li) takes the click, not only its link.
          const item = el.closest('.ant-pagination-item, .ant-pagination-prev, .ant-pagination-next');
          const target = item
            ? item
            : el.matches('input, [role="checkbox"], [role="radio"], [role="switch"]') &&
                el.closest('label, .ls-input, .ant-input-affix-wrapper, .ant-select, .ant-input-number')
              ? el.closest('label, .ls-input, .ant-input-affix-wrapper, .ant-select, .ant-input-number')!
              : el;
          if (seen.has(target) || !visible(target) || (el as HTMLButtonElement).disabled) continue;
          // A stretched link (its ::after covers a card) is as large as what it covers.
          const after = getComputedStyle(el, '::after');
          const stretched = after.content !== 'none' && after.position === 'absolute';
          const area = stretched && el instanceof HTMLElement && el.offsetParent ? el.offsetParent : target;
          seen.add(target);
          // A link (or a button drawn as one) inside a sentence is exempt: WCAG 2.5.8's inline
          // exception.
          if (/^inline(-block)?$/.test(getComputedStyle(el).display) && el.matches('a, button')) {
            const sentence = Array.from(el.parentElement?.childNodes ?? []).some(
              (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim().length > 1,
            );
            if (sentence) continue;
          }
          const rect = area.getBoundingClientRect();
          if (rect.width < 43.5 || rect.height < 43.5)
            facts.push({
              rule: 'touch target under 44×44 px',
              value: `${px(rect.width)}×${px(rect.height)}`,
              element: describe(target),
            });
        }
      }
      return facts;
    },
    { roles: ROLE_SELECTORS, phone: width === 'phone' },
  );
}

/** What the design allows in each role, per width (tokens.ts: controls 40 and 32, 44 on a phone). */
export const DESIGN_RULES = {
  'button shape': {
    desktop: ['40px pill', '32px pill', '40px circle', '32px circle'],
    phone: ['44px pill', '44px circle'],
  },
  'sub-navigation item': { desktop: ['40px pill 14px'], phone: ['44px pill 14px'] },
  'pagination item': { desktop: ['40px pill', '40px circle'], phone: ['44px pill', '44px circle'] },
  'page title': { desktop: ['26px 700'], phone: ['22px 700'] },
} as const satisfies Record<string, Record<Width, readonly string[]>>;

/** Rules of the text, where any fact is a gap. */
const TEXT_RULES = new Set([
  'date written as ISO',
  'date written US numeric',
  'number parted from its unit',
  'placeholder cut off',
]);

/** One primary and one danger colour per theme (tokens.ts). */
export function allowedColours(dark: boolean): Record<'primary colour' | 'danger colour', string[]> {
  return dark
    ? { 'primary colour': ['rgb(94, 234, 212)'], 'danger colour': ['rgb(255, 138, 128)'] }
    : { 'primary colour': ['rgb(15, 118, 110)'], 'danger colour': ['rgb(198, 40, 40)'] };
}

export type FactAt = DesignFact & { url: string };

/**
 * The facts of a walk that the design does not allow, grouped by rule and value (one line each, with
 * up to three places it was seen), less those `known` lists as not yet fixed.
 */
export function designProblems(
  facts: FactAt[],
  width: Width,
  dark: boolean,
  known: readonly string[] = [],
): string[] {
  const colours = allowedColours(dark);
  const allowed = (fact: DesignFact): boolean => {
    if (TEXT_RULES.has(fact.rule) || fact.rule === 'touch target under 44×44 px') return false;
    if (fact.rule === 'primary colour' || fact.rule === 'danger colour')
      return colours[fact.rule].includes(fact.value);
    const rule = DESIGN_RULES[fact.rule as keyof typeof DESIGN_RULES];
    return rule ? (rule[width] as readonly string[]).includes(fact.value) : true;
  };
  const groups = new Map<string, Set<string>>();
  for (const fact of facts) {
    if (allowed(fact)) continue;
    // A small touch target or a text's fault is one element's problem: grouped by the element's
    // kind (its tag and classes, not its text, which follows the data); the other rules by variant.
    const touch = fact.rule === 'touch target under 44×44 px' || TEXT_RULES.has(fact.rule);
    const key = touch ? `${fact.rule}: ${fact.element.replace(/ ".*$/, '')}` : `${fact.rule}: ${fact.value}`;
    const places = groups.get(key) ?? new Set<string>();
    places.add(`${touch ? `${fact.value} ` : ''}${fact.element} at ${fact.url}`);
    groups.set(key, places);
  }
  return [...groups]
    .filter(([key]) => !known.includes(key))
    .map(
      ([key, places]) =>
        `${key} (${[...places].slice(0, 3).join('; ')}${places.size > 3 ? ` and ${places.size - 3} more` : ''})`,
    )
    .sort();
}

/** With DESIGN_REPORT set: prints every gap of the walk, known or not (to update design-known.ts). */
export function reportDesign(facts: FactAt[], width: Width, dark: boolean, title: string): void {
  if (!process.env.DESIGN_REPORT) return;
  const gaps = designProblems(facts, width, dark);
  console.info(`[design] ${title}: ${gaps.length} gaps\n${gaps.map((gap) => `  ${gap}`).join('\n')}`);
}
