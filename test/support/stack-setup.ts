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
import { appendFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEST_PORTS, type StackInfo } from '@infra/local/config';
import { consoleLog, type StackLog } from '@infra/local/log';
import { startLocalStack } from '@infra/local/stack';
import { WEB_MODES, type WebMode } from '@infra/local/web';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const webMode = webModeFromEnv();
  const stack = await startLocalStack({ ports: TEST_PORTS, seed: true, web: webMode, scheduler: false, log: fileLog() });
  project.provide('stack', stack.info);
  project.provide('webMode', webMode);
  return () => stack.stop();
}
