/**
 * INP of the teacher list for `npm run bench:web`: on the phone profile (375 × 812, touch, CPU 4×
 * slower, as Lighthouse's mobile run), a student opens the filters, picks a language and opens a
 * teacher's profile. Each step's events come from the Event Timing API (PerformanceObserver, type
 * `event`, durationThreshold 16 ms, the smallest Chromium reports); per interaction the row gives the
 * time its handlers ran (processing, summed over the interaction's events), the wait before them
 * (input delay) and the whole duration up to the next paint. An interaction with no entry took less
 * than 16 ms in all and is reported as 16 (an upper bound).
 */
import type { Browser, Page } from 'playwright-core';

export type InteractionRow = {
  interaction: string;
  runs: number;
  'processing ms': number;
  'input delay ms': number;
  'duration ms': number;
};

type Timing = { processing: number; inputDelay: number; duration: number };

/** The fields of a PerformanceEventTiming entry read here (the bench is typed without the DOM lib). */
type EventEntry = {
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
  interactionId: number;
};
/** The browser globals used inside page.evaluate. */
type PageGlobals = {
  __lsEvents: EventEntry[];
  requestAnimationFrame: (callback: () => void) => number;
  document: { querySelector: (selector: string) => unknown };
};

const THRESHOLD = 16;

/** Starts collecting event-timing entries in the page (window.__lsEvents). */
async function observe(page: Page): Promise<void> {
  await page.evaluate((threshold) => {
    const store: EventEntry[] = [];
    (globalThis as unknown as PageGlobals).__lsEvents = store;
    // Node's typings of PerformanceObserver (the bench has no DOM lib) know neither the `event`
    // entry type nor durationThreshold; the browser does.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.push(entry as unknown as EventEntry);
    }).observe({ type: 'event', durationThreshold: threshold, buffered: true } as unknown as {
      type: 'mark';
    });
  }, THRESHOLD);
}

/** Runs `act`, waits for `done` and two frames, and returns the interaction's event timing. */
async function interaction(page: Page, act: () => Promise<void>, done: () => Promise<void>): Promise<Timing> {
  const since = await page.evaluate(() => performance.now());
  await act();
  await done();
  // Entries are delivered after the next paint; give the observer a moment.
  await page.evaluate(() => {
    const raf = (globalThis as unknown as PageGlobals).requestAnimationFrame;
    return new Promise((resolve) => raf(() => raf(() => setTimeout(resolve, 50))));
  });
  return page.evaluate(
    ({ from, threshold }) => {
      const entries = (globalThis as unknown as PageGlobals).__lsEvents.filter(
        (e) => e.startTime >= from && e.interactionId > 0,
      );
      if (entries.length === 0) return { processing: threshold, inputDelay: 0, duration: threshold };
      // The slowest interaction of the step (a click is pointerdown + pointerup + click).
      const byId = new Map<number, EventEntry[]>();
      for (const e of entries) byId.set(e.interactionId, [...(byId.get(e.interactionId) ?? []), e]);
      let worst = { processing: 0, inputDelay: 0, duration: 0 };
      for (const events of byId.values()) {
        const processing = events.reduce((sum, e) => sum + (e.processingEnd - e.processingStart), 0);
        const duration = Math.max(...events.map((e) => e.duration));
        const inputDelay = Math.max(...events.map((e) => e.processingStart - e.startTime));
        if (duration > worst.duration) worst = { processing, inputDelay, duration };
      }
      return worst;
    },
    { from: since, threshold: THRESHOLD },
  );
}

async function onePass(browser: Browser, base: string): Promise<Record<string, Timing>> {
  const context = await browser.newContext({
    baseURL: base,
    locale: 'zh-CN',
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('teacher-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await observe(page);
    const out: Record<string, Timing> = {};
    out['open filters'] = await interaction(
      page,
      () => page.getByTestId('filter-toggle').click(),
      () => page.getByTestId('filter-language').waitFor(),
    );
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    out['open the language list'] = await interaction(
      page,
      () => page.getByTestId('filter-language').click(),
      () => dropdown.waitFor(),
    );
    const listed = page.waitForResponse((r) => r.url().includes('/teacher/getTeacherList'));
    out['pick a language'] = await interaction(
      page,
      () => dropdown.locator('.ant-select-item-option').nth(1).click(),
      async () => {
        await listed;
        await page.waitForFunction(
          () =>
            !(globalThis as unknown as PageGlobals).document.querySelector(
              '[data-testid="teacher-list"][aria-busy="true"]',
            ),
        );
      },
    );
    out['open a profile'] = await interaction(
      page,
      () => page.getByTestId('teacher-open').first().click(),
      () => page.getByTestId('teacher-drawer-body').waitFor(),
    );
    return out;
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN);
}

/** `runs` fresh passes over the scripted interactions; the median of each figure per interaction. */
export async function measureTeacherListInteractions(
  browser: Browser,
  base: string,
  runs: number,
): Promise<InteractionRow[]> {
  const passes: Record<string, Timing>[] = [];
  for (let i = 0; i < runs; i++) passes.push(await onePass(browser, base));
  return Object.keys(passes[0] ?? {}).map((name) => ({
    interaction: name,
    runs,
    'processing ms': median(passes.map((p) => p[name]?.processing ?? Number.NaN)),
    'input delay ms': median(passes.map((p) => p[name]?.inputDelay ?? Number.NaN)),
    'duration ms': median(passes.map((p) => p[name]?.duration ?? Number.NaN)),
  }));
}
