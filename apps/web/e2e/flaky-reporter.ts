import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Prints every browser test that failed first and passed on its retry (CI retries once:
 * vitest.config.ts), so a flaky test is seen and fixed rather than hidden by the retry.
 */
export default class FlakyReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const flaky: TestCase[] = [];
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        if (test.result().state === 'passed' && test.diagnostic()?.flaky) flaky.push(test);
      }
    }
    if (flaky.length === 0) return;
    console.warn(`\n⚠ ${flaky.length} browser test(s) passed only on retry (flaky: fix next):`);
    for (const test of flaky) console.warn(`  ⚠ flaky: ${test.module.moduleId} > ${test.fullName}`);
  }
}
