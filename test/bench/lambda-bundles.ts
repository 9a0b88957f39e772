/**
 * Budget: every Lambda bundle is under 250 KB and its module initialisation under 50 ms.
 *
 * Each entry CDK deploys (a handler per feature of the route table, the Cognito triggers, the scheduled jobs)
 * is bundled with esbuild exactly as infra/constructs/feature-function.ts has NodejsFunction do it: minified
 * ESM for node22, source maps without sources, the AWS SDK external (the Lambda runtime provides it), the same
 * main fields and `require` banner. The size is the .mjs Lambda loads (its gzip size, about what the deployment
 * zip holds, is noted). Init time is the time a fresh node process takes to import the bundle (with
 * --enable-source-maps, as the functions run), the median of RUNS; and again with the bundle's external packages
 * imported first, which leaves the bundle's own code. The AWS SDK packages it imports are resolved from
 * node_modules, as the runtime resolves its own copy.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { JOBS } from '../../functions/jobs';
import { FEATURES } from '../../shared/api/routes';
import { kb, median, type BudgetRow } from './report';

const REPO_ROOT = new URL('../..', import.meta.url).pathname;
/** Inside node_modules so that the bundles' `@aws-sdk/*` imports resolve from the project's node_modules. */
const OUT_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'leasedesk-bench-lambda');
const MAX_BYTES = 250 * 1024;
const MAX_INIT_MS = 50;
const RUNS = 7;

/** Mirror of FeatureFunction's BUNDLING (infra/constructs/feature-function.ts); keep the two in step. */
const CDK_BUNDLING: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  external: ['@aws-sdk/*'],
  banner: { js: "import { createRequire } from 'node:module';const require = createRequire(import.meta.url);" },
};

export function lambdaEntries(): { name: string; entry: string }[] {
  return [
    ...FEATURES.map((feature) => ({ name: `${feature} handler`, entry: `functions/${feature}/handler.ts` })),
    { name: 'PreSignUp trigger', entry: 'functions/auth/pre-sign-up.ts' },
    { name: 'PostConfirmation trigger', entry: 'functions/auth/post-confirmation.ts' },
    { name: 'CustomMessage trigger', entry: 'functions/auth/custom-message.ts' },
    ...JOBS.map((job) => ({ name: `job ${job.name}`, entry: job.entry })),
  ];
}

/** The packages (or first-party folders) with the most bytes in the bundle, largest first. */
function largestInputs(output: Metafile['outputs'][string], count = 3): string {
  const byPackage = new Map<string, number>();
  for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
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

/**
 * Milliseconds a fresh node process spends importing `file`, after importing `preload` (untimed). With the
 * bundle's external packages as `preload`, what is left is the bundle's own code.
 */
function importTime(file: string, preload: string[] = []): Promise<number> {
  const script = [
    'for (const name of process.argv.slice(2)) await import(name);',
    'const t = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t));',
  ].join('\n');
  return new Promise((resolve, reject) => {
    const args = ['--enable-source-maps', '--input-type=module', '-e', script, pathToFileURL(file).href, ...preload];
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

async function importTimes(file: string, preload: string[] = []): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) times.push(await importTime(file, preload));
  return times;
}

export async function benchLambdaBundles(): Promise<BudgetRow[]> {
  await rm(OUT_DIR, { recursive: true, force: true });
  const rows: BudgetRow[] = [];
  try {
    for (const { name, entry } of lambdaEntries()) {
      const outfile = join(OUT_DIR, name.replace(/\W+/g, '-'), 'index.mjs');
      await mkdir(join(outfile, '..'), { recursive: true });
      const { metafile } = await build({ ...CDK_BUNDLING, entryPoints: [join(REPO_ROOT, entry)], outfile, metafile: true, logLevel: 'error' });
      const output = Object.entries(metafile.outputs).find(([file]) => file.endsWith('.mjs'))![1];
      rows.push({
        budget: 'lambda size',
        subject: `${name} (${entry})`,
        measured: kb(output.bytes),
        limit: `< ${kb(MAX_BYTES)}`,
        pass: output.bytes < MAX_BYTES,
        note: `gzip ${kb(gzipSync(await readFile(outfile)).length)}; largest: ${largestInputs(output)}`,
      });
      const externals = [...new Set(output.imports.filter((item) => item.external && !item.path.startsWith('node:')).map((item) => item.path))];
      const times = await importTimes(outfile);
      const ownCode = externals.length > 0 ? median(await importTimes(outfile, externals)) : 0;
      const init = median(times);
      rows.push({
        budget: 'lambda init',
        subject: `${name} (${entry})`,
        measured: `${init.toFixed(0)} ms`,
        limit: `< ${MAX_INIT_MS} ms`,
        pass: init < MAX_INIT_MS,
        note: [
          externals.length > 0 ? `own code ${ownCode.toFixed(0)} ms + ${externals.length} AWS SDK package(s) ${(init - ownCode).toFixed(0)} ms` : 'no external packages',
          `median of ${RUNS} (${Math.min(...times).toFixed(0)}-${Math.max(...times).toFixed(0)} ms)`,
        ].join('; '),
      });
    }
  } finally {
    await rm(OUT_DIR, { recursive: true, force: true });
  }
  return rows;
}
