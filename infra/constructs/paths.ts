import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bundling entries, the lock file and the web build are resolved from it). */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The SPA build to deploy: web/dist when it exists, otherwise a one-page placeholder kept in infra/ so that
 * `cdk synth` and the infra tests work before (or without) `npm run build:web`.
 */
export function webAssetsDir(): string {
  const dist = path.join(REPO_ROOT, 'web', 'dist');
  return fs.existsSync(path.join(dist, 'index.html')) ? dist : path.join(REPO_ROOT, 'infra', 'web-placeholder');
}
