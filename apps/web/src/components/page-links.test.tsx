import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pageLinks, searchWithPage } from './page-links.tsx';

type LinkProps = { href?: string; tabIndex?: number; onClick?: (event: unknown) => void };

describe('searchWithPage', () => {
  it('sets ?page= and keeps the other parameters', () => {
    expect(searchWithPage(new URLSearchParams('level=100&page=2'), 3)).toBe('?level=100&page=3');
  });
  it('leaves page 1 out of the address', () => {
    expect(searchWithPage(new URLSearchParams('level=100&page=2'), 1)).toBe('?level=100');
    expect(searchWithPage(new URLSearchParams('page=2'), 1)).toBe('?');
  });
});

describe('pageLinks', () => {
  const render = pageLinks((page) => `?page=${page}`);
  const anchor = (type: 'page' | 'jump-next' | 'prev', page = 4) =>
    render(page, type, <a rel="nofollow">{page}</a>) as ReactElement<LinkProps>;

  it('gives page numbers and jumps the address of their page, out of the tab order', () => {
    for (const type of ['page', 'jump-next'] as const) {
      const link = anchor(type);
      expect(isValidElement(link)).toBe(true);
      expect(link.props.href).toBe('?page=4');
      expect(link.props.tabIndex).toBe(-1);
    }
  });

  it('leaves the previous and next buttons as they are', () => {
    expect(anchor('prev').props.href).toBeUndefined();
  });

  it('keeps a plain click in the page and lets a modified click open a tab', () => {
    const { onClick } = anchor('page').props;
    const plain = { button: 0, preventDefault: vi.fn(), stopPropagation: vi.fn() };
    onClick?.(plain);
    expect(plain.preventDefault).toHaveBeenCalled();
    expect(plain.stopPropagation).not.toHaveBeenCalled();
    const withCtrl = { button: 0, ctrlKey: true, preventDefault: vi.fn(), stopPropagation: vi.fn() };
    onClick?.(withCtrl);
    expect(withCtrl.preventDefault).not.toHaveBeenCalled();
    expect(withCtrl.stopPropagation).toHaveBeenCalled();
  });
});
