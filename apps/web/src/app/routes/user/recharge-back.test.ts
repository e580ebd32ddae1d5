import { afterEach, describe, expect, it, vi } from 'vitest';
import { backParam, recallBack, rememberBack } from './recharge-back.ts';

describe('backParam', () => {
  it('keeps a same-origin app path with its query', () => {
    expect(backParam('/teacher/booking/8?slot=1234')).toBe('/teacher/booking/8?slot=1234');
  });
  it('refuses other sites, schemes, protocol-relative paths and nothing', () => {
    for (const raw of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/..//evil.example',
      '',
      null,
      '/',
    ])
      expect(backParam(raw), String(raw)).toBeNull();
  });
});

describe('rememberBack / recallBack', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('recalls the booking of an order after the provider returns without ?back=', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
    rememberBack('P123', '/teacher/booking/8?slot=1234');
    expect(recallBack('P123')).toBe('/teacher/booking/8?slot=1234');
    expect(recallBack('P999')).toBeNull();
    // A value planted in storage is checked again.
    store.set('ls.payBack.P666', 'https://evil.example/');
    expect(recallBack('P666')).toBeNull();
  });

  it('does without storage', () => {
    vi.stubGlobal('sessionStorage', undefined);
    expect(() => rememberBack('P1', '/x')).not.toThrow();
    expect(recallBack('P1')).toBeNull();
  });
});
