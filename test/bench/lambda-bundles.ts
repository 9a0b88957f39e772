/**
 * Budget: every Lambda's module init within a ratio of a bare bundled lib-dynamodb GetItem handler measured in the
 * same run (API handlers 1.5x, jobs and triggers 1.25x), and every bundle under 525 KB minified.
 *
 * Each entry CDK deploys (a handler per feature of the route table, the Cognito triggers, the scheduled jobs) is
 * bundled with the options FeatureFunction deploys (infra/constructs/lambda-bundle.ts): code-split, minified,
 * tree-shaken ESM for node22 with the AWS SDK inside, source maps written but not enabled at run time (as
 * production runs them: docs/decisions.md, "Lambdas"). The size is what a cold start loads: the entry and the
 * chunks it imports statically (chunks behind a dynamic import are noted apart). The reference handler
 * (fixtures/bare-get-item.ts) is bundled the same way. Init time is the time a fresh node process takes to import
 * the bundle; the reference and the subject are run alternately, RUNS times each, and the medians compared, so
 * the machine's load weighs on both alike. A miss names the largest inputs of the bundle (esbuild's metafile).
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { lambdaBuildOptions } from '@infra/constructs/lambda-bundle';
import { JOBS } from '@functions/jobs';
import { FEATURES } from '@shared/api/routes';
import { kb, median, type BudgetRow } from './report';

const REPO_ROOT = new URL('../..', import.meta.url).pathname;
const OUT_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'leasedesk-bench-lambda');
const MAX_BYTES = 525 * 1024;
const API_RATIO = 1.5;
const BACKGROUND_RATIO = 1.25;
const RUNS = 21;
const REFERENCE = { name: 'reference: bare lib-dynamodb GetItem', entry: 'test/bench/fixtures/bare-get-item.ts' };

export interface LambdaEntry {
  name: string;
  entry: string;
  /** A job or a Cognito trigger (held to the tighter ratio) rather than an API handler. */
  background: boolean;
}

export function lambdaEntries(): LambdaEntry[] {
  return [
    ...FEATURES.map((feature) => ({ name: `${feature} handler`, entry: `functions/${feature}/handler.ts`, background: false })),
    { name: 'PreSignUp trigger', entry: 'functions/auth/pre-sign-up.ts', background: true },
    { name: 'PostConfirmation trigger', entry: 'functions/auth/post-confirmation.ts', background: true },
    { name: 'CustomMessage trigger', entry: 'functions/auth/custom-message.ts', background: true },
    ...JOBS.map((job) => ({ name: `job ${job.name}`, entry: job.entry, background: true })),
  ];
}

/** The packages (or first-party folders) with the most bytes in the bundle, largest first. */
function largestInputs(inputs: Metafile['outputs'][string]['inputs'], count = 3): string {
  const byPackage = new Map<string, number>();
  for (const [file, { bytesInOutput }] of Object.entries(inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
    const owner = match ? match[1] : file.split('/').slice(0, 2).join('/');
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + bytesInOutput);
  }
  return [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([owner, bytes]) => `${owner} ${kb(bytes)}`)
    .join(', ');
}

/** Milliseconds a fresh node process spends importing `file` (its module init). */
function importTime(file: string): Promise<number> {
  const script =
    'const t = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t));';
  return new Promise((resolve, reject) => {
    const args = ['--input-type=module', '-e', script, pathToFileURL(file).href];
    const child = spawn(process.execPath, args, {
      cwd: dirname(file),
      env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = Number(stdout);
      if (code === 0 && stdout !== '' && Number.isFinite(ms)) resolve(ms);
      else reject(new Error(`importing ${file} failed (exit ${code}):\n${stderr}`));
    });
  });
}

/** Import times of `subject` and of the reference, run alternately so that both see the same machine. */
async function interleavedTimes(subject: string, reference: string): Promise<{ subject: number[]; reference: number[] }> {
  const times = { subject: [] as number[], reference: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    times.reference.push(await importTime(reference));
    times.subject.push(await importTime(subject));
  }
  return times;
}

interface Bundle {
  file: string;
  /** Bytes a cold start loads: the entry and every chunk it imports statically. */
  initBytes: number;
  /** Bytes behind dynamic imports, loaded by the first route that needs them. */
  lazyBytes: number;
  /** The inputs of what a cold start loads. */
  inputs: Metafile['outputs'][string]['inputs'];
}

async function bundle(name: string, entry: string): Promise<Bundle> {
  const outdir = join(OUT_DIR, name.replace(/\W+/g, '-'));
  await mkdir(outdir, { recursive: true });
  const { metafile } = await build({ ...lambdaBuildOptions(entry, outdir), metafile: true });
  const outputs = Object.fromEntries(Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.mjs')));
  const entryFile = Object.keys(outputs).find((file) => outputs[file].entryPoint)!;
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const imported of outputs[file].imports)
      if (imported.kind === 'import-statement' && outputs[imported.path]) visit(imported.path);
  };
  visit(entryFile);
  const bytes = (files: string[]) => files.reduce((sum, file) => sum + outputs[file].bytes, 0);
  return {
    file: join(REPO_ROOT, entryFile),
    initBytes: bytes([...loaded]),
    lazyBytes: bytes(Object.keys(outputs).filter((file) => !loaded.has(file))),
    inputs: Object.assign({}, ...[...loaded].map((file) => outputs[file].inputs)),
  };
}

export async function benchLambdaBundles(): Promise<BudgetRow[]> {
  await rm(OUT_DIR, { recursive: true, force: true });
  const rows: BudgetRow[] = [];
  try {
    const reference = await bundle('reference', REFERENCE.entry);
    rows.push({
      budget: 'lambda size',
      subject: `${REFERENCE.name} (${REFERENCE.entry})`,
      measured: kb(reference.initBytes),
      limit: '-',
      pass: null,
      note: `gzip ${kb(gzipSync(await readFile(reference.file)).length)}`,
    });
    for (const { name, entry, background } of lambdaEntries()) {
      const built = await bundle(name, entry);
      const largest = largestInputs(built.inputs);
      rows.push({
        budget: 'lambda size',
        subject: `${name} (${entry})`,
        measured: kb(built.initBytes),
        limit: `< ${kb(MAX_BYTES)}`,
        pass: built.initBytes < MAX_BYTES,
        note: `${built.lazyBytes > 0 ? `+ ${kb(built.lazyBytes)} loaded on first use; ` : ''}largest: ${largest}`,
      });
      const times = await interleavedTimes(built.file, reference.file);
      const [init, bare] = [median(times.subject), median(times.reference)];
      const ratio = init / bare;
      const limit = background ? BACKGROUND_RATIO : API_RATIO;
      rows.push({
        budget: background ? 'lambda init (job/trigger)' : 'lambda init (API)',
        subject: `${name} (${entry})`,
        measured: `${ratio.toFixed(2)}x (${init.toFixed(0)} ms vs ${bare.toFixed(0)} ms)`,
        limit: `<= ${limit}x reference`,
        pass: ratio <= limit,
        note: `medians of ${RUNS} interleaved runs (${Math.min(...times.subject).toFixed(0)}-${Math.max(...times.subject).toFixed(0)} ms)${ratio <= limit ? '' : `; largest: ${largest}`}`,
      });
    }
  } finally {
    await rm(OUT_DIR, { recursive: true, force: true });
  }
  return rows;
}
