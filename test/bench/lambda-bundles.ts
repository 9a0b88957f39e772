/**
 * Budget: every Lambda's module init within a ratio of a bare bundled lib-dynamodb GetItem handler measured in the
 * same run (API handlers 1.5x, jobs and triggers 1.25x), and every function under 500 KB loaded at start.
 *
 * What is measured is what deploys: the app is synthesized with bundling (infra/local/artifacts/synthesize.ts, as
 * `cdk synth` does) and each function's asset is read from that cloud assembly, named by its function and asset
 * folder. The size is what a cold start loads: the entry file and the chunks it imports statically (chunks behind a
 * dynamic import are noted apart). The reference handler (fixtures/bare-get-item.ts) is bundled with the same
 * options (infra/constructs/lambda-bundle.ts). Init time is the time a fresh node process, started in the asset
 * folder with the function's declared environment, takes to import the entry; the reference and the subject are run
 * alternately, RUNS times each, and the medians compared, so the machine's load weighs on both alike. A miss names
 * the largest inputs (from an esbuild metafile of the same entry, for diagnosis only).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { entryOfBundle, lambdaBuildOptions } from '@infra/constructs/lambda-bundle';
import { readDeployedApp, type DeployedFunction } from '@infra/local/artifacts/assembly';
import { synthesizeArtifacts } from '@infra/local/artifacts/synthesize';
import { kb, median, type BudgetRow } from './report';

const REPO_ROOT = new URL('../..', import.meta.url).pathname;
const OUT_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'leasedesk-bench-lambda');
const ASSEMBLY_DIR = join(OUT_DIR, 'cdk.out');
const MAX_BYTES = 500 * 1024;
const API_RATIO = 1.5;
const BACKGROUND_RATIO = 1.25;
const RUNS = 21;
const REFERENCE = { name: 'reference: bare lib-dynamodb GetItem', entry: 'test/bench/fixtures/bare-get-item.ts' };

/** Jobs and Cognito triggers are held to the tighter ratio: they are not behind the API's latency budget. */
function isBackground(fn: DeployedFunction): boolean {
  return !fn.stackName.endsWith('-api');
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
function importTime(file: string, environment: Record<string, string> = {}): Promise<number> {
  const script =
    'const t = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - t));';
  return new Promise((resolve, reject) => {
    const args = ['--input-type=module', '-e', script, pathToFileURL(file).href];
    const child = spawn(process.execPath, args, {
      cwd: dirname(file),
      env: { ...environment, PATH: process.env.PATH, AWS_REGION: 'us-east-1', NODE_OPTIONS: '' },
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
async function interleavedTimes(
  subject: string,
  reference: string,
  environment: Record<string, string>,
): Promise<{ subject: number[]; reference: number[] }> {
  const times = { subject: [] as number[], reference: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    times.reference.push(await importTime(reference));
    times.subject.push(await importTime(subject, environment));
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
  // Dynamically imported chunks carry an entryPoint too: the function's entry is the index file.
  const entryFile = Object.keys(outputs).find((file) => file.endsWith('/index.mjs'))!;
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

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/**
 * Bytes of an asset a cold start loads (entry + static imports), bytes behind dynamic imports, and the heaviest
 * module the entry itself loads on demand (for an API handler, a route: what its first call adds).
 */
function assetBytes(assetDir: string): { initBytes: number; lazyBytes: number; heaviestRoute?: { name: string; bytes: number } } {
  const loaded = new Set<string>();
  const lazy = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, path] of source.matchAll(STATIC_IMPORT)) visit(join(dirname(file), path!));
    for (const [, path] of source.matchAll(DYNAMIC_IMPORT)) lazy.add(join(dirname(file), path!));
  };
  visit(join(assetDir, 'index.mjs'));
  const lazyOnly = new Set<string>();
  const visitLazy = (file: string) => {
    if (loaded.has(file) || lazyOnly.has(file)) return;
    lazyOnly.add(file);
    for (const [, path] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) visitLazy(join(dirname(file), path!));
  };
  for (const file of lazy) visitLazy(file);
  const size = (files: Set<string>) => [...files].reduce((sum, file) => sum + readFileSync(file).length, 0);

  const entry = join(assetDir, 'index.mjs');
  let heaviestRoute: { name: string; bytes: number } | undefined;
  for (const [, path] of readFileSync(entry, 'utf8').matchAll(DYNAMIC_IMPORT)) {
    const closure = new Set<string>();
    const visitRoute = (file: string) => {
      if (loaded.has(file) || closure.has(file)) return;
      closure.add(file);
      for (const [, imported] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) visitRoute(join(dirname(file), imported!));
    };
    const file = join(assetDir, path!);
    visitRoute(file);
    const bytes = size(closure);
    if (!heaviestRoute || bytes > heaviestRoute.bytes)
      heaviestRoute = { name: basename(file).replace(/-[A-Z0-9]+\.mjs$/, ''), bytes };
  }
  return { initBytes: size(loaded), lazyBytes: size(lazyOnly), heaviestRoute };
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
    const deployed = readDeployedApp(synthesizeArtifacts(ASSEMBLY_DIR), { region: 'us-east-1' });
    for (const fn of deployed.functions) {
      const entry = entryOfBundle(readFileSync(join(fn.assetDir, 'index.mjs'), 'utf8')) ?? 'unknown entry';
      const subject = `${fn.name} (${basename(fn.assetDir)}, ${entry})`;
      const { initBytes, lazyBytes, heaviestRoute } = assetBytes(fn.assetDir);
      const background = isBackground(fn);
      const sizeOk = initBytes < MAX_BYTES;
      const largestOf = async () => largestInputs((await bundle(fn.name, entry)).inputs);
      rows.push({
        budget: 'lambda size',
        subject,
        measured: kb(initBytes),
        limit: `< ${kb(MAX_BYTES)}`,
        pass: sizeOk,
        note: [
          lazyBytes > 0 ? `+ ${kb(lazyBytes)} loaded on first use` : '',
          heaviestRoute && !background ? `heaviest route ${heaviestRoute.name} + ${kb(heaviestRoute.bytes)}` : '',
          sizeOk ? '' : `largest: ${await largestOf()}`,
        ]
          .filter(Boolean)
          .join('; '),
      });
      const times = await interleavedTimes(join(fn.assetDir, 'index.mjs'), reference.file, fn.environment);
      const [init, bare] = [median(times.subject), median(times.reference)];
      const ratio = init / bare;
      const limit = background ? BACKGROUND_RATIO : API_RATIO;
      rows.push({
        budget: background ? 'lambda init (job/trigger)' : 'lambda init (API)',
        subject,
        measured: `${ratio.toFixed(2)}x (${init.toFixed(0)} ms vs ${bare.toFixed(0)} ms)`,
        limit: `<= ${limit}x reference`,
        pass: ratio <= limit,
        note: `medians of ${RUNS} interleaved runs (${Math.min(...times.subject).toFixed(0)}-${Math.max(...times.subject).toFixed(0)} ms)${ratio <= limit ? '' : `; largest: ${await largestOf()}`}`,
      });
    }
  } finally {
    await rm(OUT_DIR, { recursive: true, force: true });
  }
  return rows;
}
