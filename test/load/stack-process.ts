/**
 * The child process of `npm run load` (test/load/stack.ts starts it): the in-memory local stack, seeded, without the
 * web app or the scheduled jobs, on the ports given as its argument. It tells its parent over IPC when it is up
 * (`{ ready: StackInfo }`) or why it is not (`{ failed: message }`), and stops when the parent asks (SIGTERM) or
 * goes away (the IPC channel closes). Its output (the stack's log and the functions' own) goes where the parent points it.
 */
import type { StackPorts } from '@infra/local/config';
import { startLocalStack, type LocalStack } from '@infra/local/stack';

const ports = JSON.parse(process.argv[2] ?? '') as StackPorts;
const log = (source: string, message: string) => console.log(`${new Date().toISOString()} ${source.padEnd(8)} ${message}`);

let stack: LocalStack | undefined;
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void (stack?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('disconnect', stop);

try {
  stack = await startLocalStack({ ports, seed: true, web: false, scheduler: false, log });
  if (stopping) await stack.stop();
  else process.send?.({ ready: stack.info });
} catch (error) {
  process.send?.({ failed: error instanceof Error ? error.message : String(error) });
  console.error(error);
  process.exit(1);
}
