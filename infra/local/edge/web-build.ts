/**
 * The production build the local edge serves: `npm run build:web`'s build (infra/scripts/build-web.ts, the same
 * Vite config and pages) into a cache folder of its own, so that web/dist, which `cdk deploy` uploads, is never
 * rewritten under a running synth or deploy. The build is reused while its inputs (the web app, the shared code, the
 * lock file, the build script) are unchanged; any change rebuilds it, so a test run never serves a stale app.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '@infra/constructs/paths';
import type { StackLog } from '../log';

const CACHE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'leasedesk');
const BUILD_DIR = join(CACHE_DIR, 'web-production');
const HASH_FILE = join(CACHE_DIR, 'web-production.hash');
const INPUT_DIRS = ['web', 'shared'];
const INPUT_FILES = ['package-lock.json', 'tsconfig.json', 'infra/scripts/build-web.ts'];
const SKIPPED = new Set(['dist', 'node_modules']);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !SKIPPED.has(entry.name))
      .map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

/** A hash of every input file's path and content. */
async function inputsHash(): Promise<string> {
  const files = [
    ...(await Promise.all(INPUT_DIRS.map((dir) => filesUnder(join(REPO_ROOT, dir))))).flat(),
    ...INPUT_FILES.map((file) => join(REPO_ROOT, file)),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(relative(REPO_ROOT, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  return hash.digest('hex');
}

/** The folder of an up-to-date production build, building it first when the inputs changed. */
export async function productionWebBuild(log: StackLog): Promise<string> {
  const hash = await inputsHash();
  const built = existsSync(HASH_FILE) ? (await readFile(HASH_FILE, 'utf8')).trim() : undefined;
  if (built === hash && existsSync(join(BUILD_DIR, 'index.html'))) return BUILD_DIR;

  const started = Date.now();
  // A folder of this run's own: the build and anything the build script writes beside it (set-aside source maps).
  const staging = join(CACHE_DIR, `staging-${process.pid}`);
  await mkdir(staging, { recursive: true });
  try {
    const { buildWeb } = await import('@infra/scripts/build-web');
    await buildWeb({ logLevel: 'warn', build: { outDir: join(staging, 'web'), emptyOutDir: true } });
    // Swapped in whole: a concurrent run reads either the old build or the new one, never half of one.
    await rm(BUILD_DIR, { recursive: true, force: true });
    await rename(join(staging, 'web'), BUILD_DIR);
    await writeFile(HASH_FILE, `${hash}\n`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  log('web', `production build ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return BUILD_DIR;
}
