/**
 * `npm test`: the static checks (typecheck, then lint, then format) and `vitest run` (every project) side by side.
 *
 * vitest runs test files in one worker on a two-core machine (its default is cores - 1), and its first minute
 * (starting the test stack, then the unit and infra projects) leaves the other core idle; the static checks are
 * single-threaded and take about as long. Run one after the other they cost their sum; here, about the longer.
 *
 * The static checks' output is held and printed as one block when they end, so vitest's stays readable. Every part
 * runs to the end (a type error does not hide the test results); the exit code is non-zero when any part failed,
 * and a failed static check is named again on the very last line.
 */
import { spawn } from 'node:child_process';

const STATIC_CHECKS = ['typecheck', 'lint', 'format:check'];

function run(command, args, { capture }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (capture) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function staticChecks() {
  const failed = [];
  for (const script of STATIC_CHECKS) {
    const started = Date.now();
    const { code, output } = await run('npm', ['run', '-s', script], { capture: true });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `\n── npm run ${script}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s ──\n${output.trimEnd()}${output.trim() ? '\n' : ''}`,
    );
    // As before, a later check is not run on top of a failed one (lint after a type error adds only noise).
    if (code !== 0) {
      failed.push(script);
      break;
    }
  }
  return failed;
}

const [failedChecks, vitest] = await Promise.all([
  staticChecks(),
  run('vitest', ['run', ...process.argv.slice(2)], { capture: false }),
]);

if (failedChecks.length > 0) process.stdout.write(`\nStatic checks failed: ${failedChecks.join(', ')}\n`);
process.exit(failedChecks.length > 0 ? 1 : vitest.code);
