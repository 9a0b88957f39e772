/**
 * The local stack `npm run load` drives, in a process of its own: the load generator and the API server must not
 * share one event loop, or the generator's work would be measured as the API's latency (and the other core left
 * idle). In memory, seeded with the demo data, as the test stack is, on ports of its own (LOAD_PORTS).
 */
import { spawn } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TEST_PORTS, withPortOffset, type StackInfo, type StackPorts } from '@infra/local/config';

/**
 * The test stack's ports moved by 300: clear of a stack test run and of the bench (both follow
 * LEASEDESK_TEST_PORT_OFFSET, and so does this), so a load run never collides with either on one machine.
 */
export const LOAD_PORTS: StackPorts = withPortOffset(TEST_PORTS, 300);

const CHILD = fileURLToPath(new URL('./stack-process.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A cold start here (the DynamoDB Local JVM, cognito-local, the seed) takes 20-60 s on a busy machine. */
const START_TIMEOUT_MS = 240_000;

export interface LoadStack {
  info: StackInfo;
  /** Stops the stack and waits for its process to exit. Idempotent. */
  stop(): Promise<void>;
}

type ChildMessage = { ready: StackInfo } | { failed: string };

/** Starts the stack process, its output appended to `logPath`; resolves once it is seeded and serving. */
export async function startLoadStack(ports: StackPorts, logPath: string): Promise<LoadStack> {
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const output = openSync(logPath, 'a');
  // Detached: Ctrl-C reaches the load run only, which stops the traffic first and then this process.
  const child = spawn(process.execPath, ['--import', tsxLoader, CHILD, JSON.stringify(ports)], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', output, output, 'ipc'],
  });
  closeSync(output);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    })();
    return stopping;
  };

  try {
    const info = await new Promise<StackInfo>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The local stack did not start within ${START_TIMEOUT_MS / 1000} s`)),
        START_TIMEOUT_MS,
      );
      child.on('message', (message: ChildMessage) => {
        clearTimeout(timer);
        if ('ready' in message) resolve(message.ready);
        else reject(new Error(`The local stack did not start: ${message.failed}`));
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`The local stack exited while starting (log: ${logPath})`));
      });
    });
    return { info, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
