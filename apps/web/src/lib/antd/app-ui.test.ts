import { describe, expect, it, vi } from 'vitest';
import type { AppUi } from './app-ui.ts';

/** A fresh copy of the module: its holder and queue are module state. */
async function freshModule() {
  vi.resetModules();
  return import('./app-ui.ts');
}

const fakeUi = (name: string) => ({ name }) as unknown as AppUi;

describe('app-ui holder', () => {
  it('queues work until antd has loaded, asks for it once, then runs the queue in order', async () => {
    const ui = await freshModule();
    const asked = vi.fn();
    ui.subscribeAppUiWanted(asked);
    const ran: string[] = [];
    expect(ui.appUiWanted()).toBe(false);
    ui.withAppUi(() => ran.push('first'));
    ui.withAppUi(() => ran.push('second'));
    expect(ran).toEqual([]);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(ui.appUiWanted()).toBe(true);

    const root = fakeUi('root');
    ui.setAppUi(root);
    expect(ran).toEqual(['first', 'second']);
    expect(ui.getAppUi()).toBe(root);
  });

  it('runs work at once when antd is there, and queues again after the root unmounts', async () => {
    const ui = await freshModule();
    const seen: unknown[] = [];
    ui.setAppUi(fakeUi('one'));
    ui.withAppUi((u) => seen.push(u));
    expect(seen).toHaveLength(1);
    ui.setAppUi(null);
    ui.withAppUi((u) => seen.push(u));
    expect(seen).toHaveLength(1);
    const two = fakeUi('two');
    ui.setAppUi(two);
    expect(seen).toEqual([expect.anything(), two]);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const ui = await freshModule();
    const asked = vi.fn();
    const stop = ui.subscribeAppUiWanted(asked);
    stop();
    ui.wantAppUi();
    expect(asked).not.toHaveBeenCalled();
  });
});
