import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The app's side of index.html's early GET /app/config (the script's side: pre-paint-script.test.ts). */

const settings = { brand: { 'zh-Hans': '灵犀外教', en: 'LinguaSpark' }, demo: true, sms_driver: 'log' };
const ok = { code: 200, data: settings, msg: 'ok' };

type Early = { reply?: Promise<unknown>; body?: unknown };
const holder = globalThis as unknown as { window?: { __lsAppConfig?: Early } };

async function load(early: Early | undefined) {
  holder.window = early ? { __lsAppConfig: early } : {};
  vi.resetModules();
  return import('./early-app-config.ts');
}

beforeEach(() => {
  delete holder.window;
});
afterEach(() => {
  delete holder.window;
});

describe('early /app/config', () => {
  it('gives the arrived settings for the first render, then leaves later requests to the client', async () => {
    const early = await load({ reply: Promise.resolve(ok), body: ok });
    expect(early.arrivedAppConfig()).toEqual(settings);
    // Taken: a refetch goes to the server through the HTTP client.
    expect(early.arrivedAppConfig()).toBeUndefined();
    expect(await early.earlyAppConfigReply()).toBeNull();
  });

  it('hands a reply still on its way to the first query, once', async () => {
    let answer: (body: unknown) => void = () => undefined;
    const reply = new Promise((resolve) => (answer = resolve));
    const early = await load({ reply });
    expect(early.arrivedAppConfig()).toBeUndefined();
    const first = early.earlyAppConfigReply();
    answer(ok);
    expect(await first).toEqual(settings);
    expect(await early.earlyAppConfigReply()).toBeNull();
  });

  it('ignores a refusal, a failed request and replies that are not the settings', async () => {
    for (const body of [
      { code: 500, data: null, msg: 'error' },
      null,
      { code: 200, data: 'x', msg: 'ok' },
      '<html>',
    ]) {
      const arrived = await load({ reply: Promise.resolve(body), body });
      expect(arrived.arrivedAppConfig(), JSON.stringify(body)).toBeUndefined();
      expect(await arrived.earlyAppConfigReply(), JSON.stringify(body)).toBeNull();
    }
    const none = await load(undefined);
    expect(none.arrivedAppConfig()).toBeUndefined();
    expect(await none.earlyAppConfigReply()).toBeNull();
  });

  it("lets /login's first render wait for a reply on its way, at most the given time", async () => {
    vi.useFakeTimers();
    try {
      const settled = vi.fn();
      let answer: (body: unknown) => void = () => undefined;
      const pending = await load({ reply: new Promise((resolve) => (answer = resolve)) });
      void pending.earlyAppConfigSettled(1_000).then(settled);
      await vi.advanceTimersByTimeAsync(300);
      expect(settled).not.toHaveBeenCalled();
      answer(ok);
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toHaveBeenCalledOnce();

      const late = vi.fn();
      const stuck = await load({ reply: new Promise(() => undefined) });
      void stuck.earlyAppConfigSettled(1_000).then(late);
      await vi.advanceTimersByTimeAsync(999);
      expect(late).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(late).toHaveBeenCalledOnce();

      // Nothing to wait for: arrived already, or no early request.
      const arrived = await load({ reply: Promise.resolve(ok), body: ok });
      const none = await load(undefined);
      for (const early of [arrived, none]) {
        const done = vi.fn();
        void early.earlyAppConfigSettled(1_000).then(done);
        await vi.advanceTimersByTimeAsync(0);
        expect(done).toHaveBeenCalledOnce();
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
