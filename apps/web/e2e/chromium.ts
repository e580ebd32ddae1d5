import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, headless, never a downloaded browser (DESIGN.md §4): the browser tests and the
 * web benchmark (bench/web-weight.bench.ts) both launch it here.
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}
