import { describe, expect, it } from 'vitest';
import { scrollKey } from './scroll-key.ts';

describe('scrollKey', () => {
  it('keys an entry React Router made by its own key', () => {
    expect(scrollKey({ key: 'k3x9', pathname: '/user/recharge', search: '?order_no=1' })).toBe('k3x9');
  });

  it("keys a document's first entry by its address, so two documents' first pages never share a position", () => {
    const home = scrollKey({ key: 'default', pathname: '/', search: '' });
    const back = scrollKey({ key: 'default', pathname: '/user/recharge', search: '?order_no=1' });
    expect(back).toBe('/user/recharge?order_no=1');
    expect(back).not.toBe(home);
  });
});
