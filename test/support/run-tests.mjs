/**
 * `npm test`: the static checks (typecheck, then lint, then format) and every vitest project, in lanes side by side.
 *
 * The stack project (API and browser suites against the emulators) is most of the run and runs its files one after
 * another, because they share one stack; alone it leaves the second core of a two-core machine mostly idle. So it
 * runs as STACK_SHARDS shards, each a vitest process with a stack of its own on its own ports (the sequencer,
 * test/support/sequencer.ts, balances the shards by the files' usual durations). What every shard needs once (the
 * synthesized cloud assembly, the production web build) is prepared before they start, while the static checks and
 * the unit and infra projects run.
 *
 * Each lane's lines are prefixed with its name. Every lane runs to the end (a type error does not hide the test
 * results); the exit code is non-zero when any lane failed, and the last line is the plain total,
 * "N passed, N failed", as each vitest process prints it (test/support/summary-reporter.ts).
 *
 * With arguments (`npm test -- functions/deals`), one vitest process runs them as before, without shards.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STATIC_CHECKS = ['typecheck', 'lint', 'format:check'];
/** Two by default (one per core); LEASEDESK_TEST_SHARDS tries another count (the closing line says how busy the cores were). */
const STACK_SHARDS = Number(process.env.LEASEDESK_TEST_SHARDS) || 2;
/** Shard i (from 0) moves the test ports by this much more than LEASEDESK_TEST_PORT_OFFSET (see infra/local/config.ts). */
const SHARD_PORT_STEP = 150;
const SUMMARY = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/;
/** The lines test/support/summary-reporter.ts prints per failed test, repeated at the end of the run. */
const FAILED_TEST = 'FAILED TEST: ';

const children = new Set();
// Stopped with the run (Ctrl+C, a CI timeout): each lane is told too, so vitest stops its stack and browsers.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exitCode = 1;
  });
}

/** The machine's CPU time so far, busy and total, from /proc/stat (none where there is no /proc). */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    const total = fields.reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}
const startedAt = { time: Date.now(), cpu: cpuTimes() };
const laneSeconds = new Map();

/** Runs a command; its output goes out line by line, prefixed, or is held and returned when `hold` is set. */
function run(lane, command, args, { env = {}, hold = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    children.add(child);
    child.on('close', () => {
      children.delete(child);
      laneSeconds.set(lane, (Date.now() - started) / 1000);
    });
    let held = '';
    const lines = [];
    const pipe = (stream) => {
      let partial = '';
      stream.on('data', (chunk) => {
        const text = partial + chunk;
        const complete = text.split('\n');
        partial = complete.pop();
        for (const line of complete) emit(line);
      });
      stream.on('end', () => partial && emit(partial));
    };
    const emit = (line) => {
      lines.push(line);
      if (hold) held += `${line}\n`;
      else process.stdout.write(`[${lane}] ${line}\n`);
    };
    pipe(child.stdout);
    pipe(child.stderr);
    child.on('error', (error) => resolve({ code: 1, held: `${held}${error.message}\n`, lines }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), held, lines }));
  });
}

async function staticChecks() {
  for (const script of STATIC_CHECKS) {
    const started = Date.now();
    const { code, held } = await run(script, 'npm', ['run', '-s', script], { hold: true });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `\n── npm run ${script}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s ──\n${held.trimEnd()}${held.trim() ? '\n' : ''}`,
    );
    // A later check is not run on top of a failed one (lint after a type error adds only noise).
    if (code !== 0) return [script];
  }
  return [];
}

/** The counts of a vitest lane's closing line (none when it never got that far). */
function summaryOf(result) {
  for (const line of [...result.lines].reverse()) {
    const match = SUMMARY.exec(line.trim());
    if (match) return { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(match[3] ?? 0) };
  }
  return undefined;
}

async function shardedTests() {
  const projects = ['unit', 'unit-isolated', 'infra'].flatMap((project) => ['--project', project]);
  const unitAndInfra = run('unit+infra', 'vitest', ['run', ...projects]);
  const assembly = mkdtempSync(join(tmpdir(), 'leasedesk-cdk-out-'));
  try {
    const prepared = await run('prepare', 'tsx', ['test/support/prepare-stack.ts', assembly]);
    const baseOffset = Number(process.env.LEASEDESK_TEST_PORT_OFFSET ?? 0) || 0;
    const shards =
      prepared.code === 0
        ? Array.from({ length: STACK_SHARDS }, (_, index) =>
            run(
              `stack ${index + 1}/${STACK_SHARDS}`,
              'vitest',
              ['run', '--project', 'stack', `--shard=${index + 1}/${STACK_SHARDS}`],
              {
                env: {
                  LEASEDESK_TEST_PORT_OFFSET: String(baseOffset + index * SHARD_PORT_STEP),
                  LEASEDESK_TEST_ARTIFACTS: assembly,
                },
              },
            ),
          )
        : [];
    return [
      { lane: 'prepare', ...prepared, vitest: false },
      ...(await Promise.all([unitAndInfra, ...shards])).map((result, index) => ({
        lane: index === 0 ? 'unit+infra' : `stack ${index}/${STACK_SHARDS}`,
        ...result,
        vitest: true,
      })),
    ];
  } finally {
    rmSync(assembly, { recursive: true, force: true });
  }
}

const targeted = process.argv.length > 2;
const [failedChecks, lanes] = await Promise.all([
  staticChecks(),
  targeted
    ? run('vitest', 'vitest', ['run', ...process.argv.slice(2)]).then((result) => [{ lane: 'vitest', ...result, vitest: true }])
    : shardedTests(),
]);

const failedLanes = lanes.filter((lane) => lane.code !== 0).map((lane) => lane.lane);
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const lane of lanes.filter((each) => each.vitest)) {
  const summary = summaryOf(lane);
  if (!summary) {
    if (!failedLanes.includes(lane.lane)) failedLanes.push(lane.lane);
    continue;
  }
  totals.passed += summary.passed;
  totals.failed += summary.failed;
  totals.skipped += summary.skipped;
}

const failedTests = lanes.flatMap((lane) =>
  lane.lines.filter((line) => line.trim().startsWith(FAILED_TEST)).map((line) => `[${lane.lane}] ${line.trim()}`),
);
if (failedTests.length > 0) process.stdout.write(`\n${failedTests.join('\n')}\n`);
if (failedLanes.length > 0) process.stdout.write(`\nFailed lanes: ${failedLanes.join(', ')}\n`);
if (failedChecks.length > 0) process.stdout.write(`\nStatic checks failed: ${failedChecks.join(', ')}\n`);
// Where the run's time went, to tune the lanes and shards by (docs/local-stack.md, "Tests"): each lane's wall time
// and how busy the machine's cores were over the whole run (a low share means the shards wait, not compute).
const ended = cpuTimes();
const busy =
  startedAt.cpu && ended
    ? `, cores busy ${Math.round((100 * (ended.busy - startedAt.cpu.busy)) / (ended.total - startedAt.cpu.total))}%`
    : '';
const lanesTimed = [...laneSeconds].map(([lane, seconds]) => `${lane} ${Math.round(seconds)} s`).join(', ');
process.stdout.write(`\nTook ${Math.round((Date.now() - startedAt.time) / 1000)} s${busy}: ${lanesTimed}\n`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed${skipped}\n`);
process.exit(failedChecks.length > 0 || failedLanes.length > 0 ? 1 : 0);
