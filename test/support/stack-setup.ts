/**
 * Global setup of the vitest project "stack": one in-memory local stack on TEST_PORTS (so tests can run while
 * `npm start` is up), seeded with the demo users and data and serving the web app, shared by every test file and
 * stopped at the end. Tests read its StackInfo with getStack() (test/support/stack.ts); the functions' environment
 * variables are set here and inherited by the test workers.
 *
 * The web app is the production build behind the local production edge (infra/local/edge), so the browser suite
 * runs against what deploys, CloudFront's headers and CSP included; LEASEDESK_WEB=dev serves Vite's dev server
 * instead (quicker to start while iterating on a screen; no production headers).
 *
 * The stack's own log goes to a file (its path is printed) so test output stays readable;
 * LEASEDESK_STACK_LOG=console prints it instead.
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEST_PORTS, type StackInfo } from '@infra/local/config';
import { consoleLog, type StackLog } from '@infra/local/log';
import { startLocalStack } from '@infra/local/stack';
import { synthesizeArtifacts } from '@infra/local/artifacts/synthesize';
import { WEB_MODES, type WebMode } from '@infra/local/web';
import { PREPARED_ARTIFACTS_ENV } from './prepare-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
    /** The cloud assembly the stack serves and the file its AWS calls are recorded in; null when serving source. */
    artifacts: { outdir: string; recordAwsCallsTo: string } | null;
    webMode: WebMode;
  }
}

function webModeFromEnv(): WebMode {
  const mode = process.env.LEASEDESK_WEB || 'production';
  if (!(WEB_MODES as readonly string[]).includes(mode)) throw new Error(`LEASEDESK_WEB=${mode}: use ${WEB_MODES.join(' or ')}`);
  return mode as WebMode;
}

function fileLog(): StackLog {
  if (process.env.LEASEDESK_STACK_LOG === 'console') return consoleLog;
  // One file per run: concurrent runs (another checkout, a second terminal) must not truncate each other's log.
  const path = join(tmpdir(), `leasedesk-test-stack-${process.pid}.log`);
  writeFileSync(path, '');
  console.log(`Local stack log: ${path}`);
  return (source, message) => appendFileSync(path, `${new Date().toISOString()} ${source.padEnd(8)} ${message}\n`);
}

/**
 * What deploys is what is tested: the functions are served from a freshly synthesized cloud assembly (cdk.out, every
 * function bundled as `cdk deploy` uploads it). LEASEDESK_TEST_SOURCE=1 runs the handlers from source instead, for
 * quick iterations on one test file; CI never sets it.
 */
function artifacts(): { outdir: string; recordAwsCallsTo: string; owned: boolean } | undefined {
  if (process.env.LEASEDESK_TEST_SOURCE === '1') return undefined;
  // Every AWS call of every function, checked against its policies by test/api/least-privilege.test.ts (run last).
  const recordAwsCallsTo = join(tmpdir(), `leasedesk-aws-calls-${process.pid}.jsonl`);
  // `npm test` synthesizes once for all its shards (test/support/prepare-stack.ts) and removes the assembly itself.
  const prepared = process.env[PREPARED_ARTIFACTS_ENV];
  if (prepared) {
    console.log(`The stack serves the functions of ${prepared}`);
    return { outdir: prepared, recordAwsCallsTo, owned: false };
  }
  const started = Date.now();
  // Per run, so that two runs (or `npm run start:artifacts` on cdk.out) never rewrite each other's assemblies.
  const outdir = synthesizeArtifacts(mkdtempSync(join(tmpdir(), 'leasedesk-cdk-out-')));
  console.log(`Synthesized ${outdir} in ${((Date.now() - started) / 1000).toFixed(1)} s: the stack serves its functions`);
  return { outdir, recordAwsCallsTo, owned: true };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const webMode = webModeFromEnv();
  const prepared = artifacts();
  const artifactOptions = prepared && { outdir: prepared.outdir, recordAwsCallsTo: prepared.recordAwsCallsTo };
  const stack = await startLocalStack({
    ports: TEST_PORTS,
    seed: true,
    web: webMode,
    scheduler: false,
    log: fileLog(),
    artifacts: artifactOptions,
  });
  project.provide('stack', stack.info);
  project.provide('artifacts', artifactOptions ?? null);
  project.provide('webMode', webMode);
  return async () => {
    await stack.stop();
    if (prepared?.owned) rmSync(prepared.outdir, { recursive: true, force: true });
  };
}
