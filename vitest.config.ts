import { defineConfig } from 'vitest/config';
import { PATH_ALIASES } from './shared/aliases';
import WholeRunChecksLast from './test/support/sequencer';
import { UNIT_FILES, UNIT_FILES_REPLACING_MODULES } from './test/support/unit-projects';

// The SDK warns on every worker that Node 20 support ends in 2027; tooling runs on Node 20 by design (see README).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/**
 * Three projects, one command (`npm test`):
 * - unit: pure rules and components, no I/O (`*.test.ts(x)` beside the code), with unit-isolated for the few files
 *   that replace modules;
 * - infra: CDK template assertions and cdk-nag (`test/infra`);
 * - stack: everything that talks to the emulators: handler integration tests (`*.int.test.ts`), the
 *   API authorization matrix (`test/api`) and the browser suite (`test/e2e`). Its global setup starts one
 *   in-memory local stack on the test ports and stops it afterwards.
 */
export default defineConfig({
  resolve: { alias: PATH_ALIASES },
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Whole-run checks (least privilege over every recorded AWS call) after every other file.
    sequence: { sequencer: WholeRunChecksLast },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: ['**/*.int.test.ts', '**/node_modules/**', ...UNIT_FILES_REPLACING_MODULES],
          environment: 'node',
          // One module registry per worker, not per file: importing React, zod and the SDK again for each of 160
          // files was most of the unit run (import 75 s of 232 s alone, 370 s beside the shards; 10 s without).
          // Pure tests do not care; the few files that replace modules do, and run isolated (below).
          isolate: false,
          // The property tests run hundreds of cases: on a machine busy with the stack shards beside them (as
          // `npm test` runs them) one takes several seconds. The timeout catches a hang, not a slow machine.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          include: UNIT_FILES_REPLACING_MODULES,
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          // As the unit project: aws-cdk-lib is imported once per worker, not once per file.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          include: ['**/*.int.test.ts', 'test/api/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['test/support/stack-setup.ts'],
          // Each file starts with the shared callers' rate allowances unused (test/support/fresh-allowances.ts).
          setupFiles: ['test/support/stack-file-setup.ts'],
          fileParallelism: false,
          // One module registry per shard, not per file (as the unit project): each file importing Playwright, the SDK
          // and the test support again cost about 2 s of CPU, over a hundred files; the browser and the demo users'
          // sessions are kept across files too (test/e2e/browser.ts, test/e2e/session.ts). A file that replaces an
          // SDK client (aws-sdk-client-mock) restores it when it ends.
          isolate: false,
          // A poll waits on state, as long as a browser action does (test/e2e/browser.ts): vitest's default of 1 s
          // is shorter than a busy machine can take to answer, and a wait that ends early is a flaky test.
          expect: { poll: { timeout: 30_000 } },
          // A browser flow takes 20-40 s on a quiet machine and twice that beside the other lanes of `npm test`:
          // the timeout catches a hang, not a slow machine.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
