import { cloneElement, isValidElement, type MouseEvent, type ReactElement } from 'react';
import type { PaginationProps } from 'antd';
import { isPlainClick } from '../lib/links.ts';

type ItemRender = NonNullable<PaginationProps['itemRender']>;

/** `search` with `?page=` set to `page` (left out for page 1, as usePageParam writes it). */
export function searchWithPage(search: URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const text = params.toString();
  return text ? `?${text}` : '?';
}

/**
 * antd's pager draws its page numbers as `<a>` without an address, which search engines cannot
 * follow (Lighthouse SEO, issue 16). This gives each number and the jump arrows the address of
 * their page; a plain click still changes the page in place (the pager's own handler), a click
 * with a modifier opens the address in a new tab, and the link is not a second tab stop beside
 * the pager's item.
 */
export function pageLinks(hrefOf: (page: number) => string): ItemRender {
  return (page, type, element) => {
    if ((type !== 'page' && type !== 'jump-prev' && type !== 'jump-next') || !isValidElement(element)) {
      return element;
    }
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!isPlainClick(event)) {
        event.stopPropagation();
        return;
      }
      event.preventDefault();
    };
    return cloneElement(
      element as ReactElement<{ href?: string; tabIndex?: number; onClick?: typeof onClick }>,
      {
        href: hrefOf(page),
        tabIndex: -1,
        onClick,
      },
    );
  };
}
