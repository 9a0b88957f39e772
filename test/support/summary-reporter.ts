import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/** The prefix of the lines naming each failed test; test/support/run-tests.mjs repeats them at the end of the run. */
export const FAILED_PREFIX = 'FAILED TEST: ';

/**
 * Prints one plain closing line, "N passed, N failed" (", N skipped" when any), after vitest's own summary,
 * so that CI reads the result the same way whatever the runner prints above it. Before it, one line per failed
 * test (its file and the failing line, its name, the first line of its error and, for a browser wait, what it waited for), so that the tail of a long CI log says what failed.
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
      const error = result.errors?.[0];
      const lines = error?.message?.split('\n') ?? [];
      // A browser wait's first line says only that it timed out; its call log names what it waited for.
      const waitedFor = lines.find((line) => /^\s*- waiting for /.test(line))?.trim();
      const frame = error?.stacks?.find((stack) => stack.file === testCase.module.moduleId);
      const file = relative(process.cwd(), testCase.module.moduleId);
      const where = frame ? `${file}:${frame.line}` : file;
      const detail = [lines[0] ?? '', waitedFor].filter(Boolean).join(' ');
      this.failed.push(`${FAILED_PREFIX}${where} > ${testCase.fullName}: ${detail}`.slice(0, 600));
    }
  }

  onTestRunEnd(): void {
    const skipped = this.skipped > 0 ? `, ${this.skipped} skipped` : '';
    const failures = this.failed.map((line) => `${line}\n`).join('');
    process.stdout.write(`\n${failures}${this.passed} passed, ${this.failed.length} failed${skipped}\n`);
  }
}
