import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isPlainClick } from '../lib/links.ts';
import './pager.css';

type PagerProps = {
  current: number;
  pageSize: number;
  total: number;
  /** The address of a page, so search engines can follow the pages and a modified click opens a tab. */
  hrefOf: (page: number) => string;
  /** A plain click on a page: change the page in place. */
  onChange: (page: number) => void;
  'data-testid'?: string;
};

/** `Gap` stands for the pages left out between two shown numbers. */
type Item = number | 'gap-before' | 'gap-after';

/** The numbers a pager shows: the first and last page, and the current one with its neighbours. */
export function pagerItems(current: number, pages: number, around = 1): Item[] {
  if (pages <= 2 * around + 5) return Array.from({ length: pages }, (_, i) => i + 1);
  let from = Math.max(2, Math.min(current - around, pages - 2 * around - 2));
  let to = Math.min(pages - 1, Math.max(current + around, 2 * around + 3));
  // A gap would hide a single page: show that page instead.
  if (from === 3) from = 2;
  if (to === pages - 2) to = pages - 1;
  const items: Item[] = [1];
  if (from > 2) items.push('gap-before');
  for (let page = from; page <= to; page += 1) items.push(page);
  if (to < pages - 1) items.push('gap-after');
  items.push(pages);
  return items;
}

/**
 * A pager of links (no antd: the home page's list shows it on its first screen, issue 16). Each
 * number is a real link to its page; a plain click changes the page in place, a click with a
 * modifier key opens the link as the browser would. Hidden when everything fits on one page.
 */
export function Pager({ current, pageSize, total, hrefOf, onChange, 'data-testid': testId }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1) return null;
  const page = Math.min(Math.max(1, current), pages);

  const follow = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (target !== page) onChange(target);
  };
  const step = (target: number, rel: 'prev' | 'next', label: string, glyph: string) =>
    target < 1 || target > pages ? (
      <a className="ls-pager-step is-disabled" role="link" aria-disabled="true" aria-label={label}>
        {glyph}
      </a>
    ) : (
      <a
        className="ls-pager-step"
        href={hrefOf(target)}
        rel={rel}
        aria-label={label}
        data-page={target}
        onClick={follow(target)}
      >
        {glyph}
      </a>
    );

  return (
    <nav className="ls-pager" aria-label={t('pager.label')} data-testid={testId}>
      <ul>
        <li>{step(page - 1, 'prev', t('pager.previous'), '‹')}</li>
        {pagerItems(page, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <a
                className={`ls-pager-page${item === page ? ' is-current' : ''}`}
                href={hrefOf(item)}
                aria-label={t('pager.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                data-page={item}
                onClick={follow(item)}
              >
                {item}
              </a>
            </li>
          ) : (
            <li key={item} className="ls-pager-gap" aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>{step(page + 1, 'next', t('pager.next'), '›')}</li>
      </ul>
    </nav>
  );
}
