import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield-to-main.ts';

describe('yieldToMain', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resumes in a later task: work queued before it has run', async () => {
    const order: string[] = [];
    queueMicrotask(() => order.push('microtask'));
    const resumed = yieldToMain().then(() => order.push('resumed'));
    order.push('sync');
    await resumed;
    expect(order).toEqual(['sync', 'microtask', 'resumed']);
  });

  it('uses scheduler.yield where the browser has it', async () => {
    const yieldSpy = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldSpy });
    await yieldToMain();
    expect(yieldSpy).toHaveBeenCalledTimes(1);
  });
});
