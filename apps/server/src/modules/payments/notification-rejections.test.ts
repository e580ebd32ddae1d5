import { describe, expect, it } from 'vitest';
import { createRejectionCounter } from './notification-rejections.ts';

describe('refused notifications', () => {
  it('are counted per provider and logged once a minute per provider, with how many since the last line', () => {
    let now = Date.UTC(2026, 0, 1, 12, 0, 30);
    const lines: object[] = [];
    const counter = createRejectionCounter({
      clock: { now: () => now },
      log: { warn: (obj) => lines.push(obj) },
    });
    for (let i = 0; i < 100; i++) counter.record('wechat', 'bad signature');
    counter.record('alipay', 'bad signature');
    expect(lines).toEqual([
      { provider: 'wechat', reason: 'bad signature', refusedSinceLastLine: 1, refusedInAll: 1 },
      { provider: 'alipay', reason: 'bad signature', refusedSinceLastLine: 1, refusedInAll: 1 },
    ]);

    now += 30_000; // the next minute
    counter.record('wechat', 'stale timestamp');
    counter.record('wechat', 'bad signature');
    expect(lines.slice(2)).toEqual([
      { provider: 'wechat', reason: 'stale timestamp', refusedSinceLastLine: 100, refusedInAll: 101 },
    ]);
    expect(counter.counts()).toEqual({ wechat: 102, alipay: 1 });
  });
});
