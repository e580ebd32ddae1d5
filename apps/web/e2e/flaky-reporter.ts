import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * Prints every browser test that failed first and passed on its retry (CI retries once:
 * vitest.config.ts), so a flaky test is seen and fixed rather than hidden by the retry, with the
 * error of the attempt that failed (Vitest keeps it in the passed result), so the cause can be
 * found from the CI log alone.
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
    for (const test of flaky) {
      console.warn(`  ⚠ flaky: ${test.module.moduleId} > ${test.fullName}`);
      for (const error of test.result().errors ?? []) {
        const where = (error.stack ?? '')
          .split('\n')
          .filter((line) => line.includes('.e2e.ts') || line.includes('/e2e/'))
          .slice(0, 3)
          .map((line) => line.trim());
        console.warn(`    failed attempt: ${error.message.split('\n').slice(0, 8).join('\n      ')}`);
        for (const line of where) console.warn(`      ${line}`);
      }
    }
  }
}
