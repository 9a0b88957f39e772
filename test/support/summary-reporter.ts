import type { Reporter, TestCase } from 'vitest/node';

/**
 * Prints one plain closing line, "N passed, N failed" (", N skipped" when any), after vitest's own summary,
 * so that CI reads the result the same way whatever the runner prints above it.
 */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestCaseResult(testCase: TestCase): void {
    const state = testCase.result().state;
    if (state === 'passed') this.passed += 1;
    else if (state === 'failed') this.failed += 1;
    else if (state === 'skipped') this.skipped += 1;
  }

  onTestRunEnd(): void {
    const skipped = this.skipped > 0 ? `, ${this.skipped} skipped` : '';
    process.stdout.write(`\n${this.passed} passed, ${this.failed} failed${skipped}\n`);
  }
}
