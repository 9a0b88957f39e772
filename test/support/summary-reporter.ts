import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/** The prefix of the lines naming each failed test; test/support/run-tests.mjs repeats them at the end of the run. */
export const FAILED_PREFIX = 'FAILED TEST: ';

/**
 * Prints one plain closing line, "N passed, N failed" (", N skipped" when any), after vitest's own summary,
 * so that CI reads the result the same way whatever the runner prints above it. Before it, one line per failed
 * test (its file, its name and the first line of its error), so that the tail of a long CI log says what failed.
 */
export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed: string[] = [];
  private skipped = 0;

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    if (result.state === 'passed') this.passed += 1;
    else if (result.state === 'skipped') this.skipped += 1;
    else if (result.state === 'failed') {
      const error = result.errors?.[0]?.message?.split('\n')[0] ?? '';
      this.failed.push(
        `${FAILED_PREFIX}${relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}: ${error}`.slice(0, 400),
      );
    }
  }

  onTestRunEnd(): void {
    const skipped = this.skipped > 0 ? `, ${this.skipped} skipped` : '';
    const failures = this.failed.map((line) => `${line}\n`).join('');
    process.stdout.write(`\n${failures}${this.passed} passed, ${this.failed.length} failed${skipped}\n`);
  }
}
