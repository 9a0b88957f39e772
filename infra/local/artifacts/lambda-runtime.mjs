// One Lambda execution environment, as the Node.js runtime gives it: this process starts in the function's code
// folder (an asset of cdk.out, exactly what CDK uploads) with only the environment the local stack hands it, imports
// `<file>.<export>` from LAMBDA_TASK_ROOT once (the cold start), then runs one invocation at a time, sent by the
// parent over IPC. Plain JavaScript with no loader: nothing but Node and the asset is in this process.
// Ends when the parent goes away (the IPC channel closes).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.env.LAMBDA_TASK_ROOT;
const [file, exportName] = (process.env._HANDLER ?? 'index.handler').split('.');

function describe(error) {
  const err = error instanceof Error ? error : new Error(String(error));
  return { errorType: err.name, errorMessage: err.message, trace: (err.stack ?? '').split('\n') };
}

async function load() {
  const candidates = ['.mjs', '.js', '.cjs'].map((extension) => join(root, `${file}${extension}`));
  const path = candidates.find((candidate) => existsSync(candidate));
  if (!path) throw Object.assign(new Error(`Cannot find module '${file}'`), { name: 'Runtime.ImportModuleError' });
  const module = await import(pathToFileURL(path).href);
  const handler = module[exportName];
  if (typeof handler !== 'function') {
    throw Object.assign(new Error(`${file}.${exportName} is undefined or not exported`), { name: 'Runtime.HandlerNotFound' });
  }
  return handler;
}

const started = Date.now();
const loading = load();
loading.then(
  () => process.send({ type: 'ready', initMs: Date.now() - started }),
  (error) => process.send({ type: 'init-error', error: describe(error) }),
);

process.on('message', async (message) => {
  if (message?.type !== 'invoke') return;
  const { id, event, context: base } = message;
  const context = {
    ...base,
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, base.deadline - Date.now()),
    done() {},
    fail() {},
    succeed() {},
  };
  try {
    const handler = await loading;
    const value = await handler(event, context);
    process.send({ type: 'result', id, ok: true, value: value === undefined ? null : value });
  } catch (error) {
    process.send({ type: 'result', id, ok: false, error: describe(error) });
  }
});
process.on('disconnect', () => process.exit(0));
process.on('unhandledRejection', (reason) => {
  console.error('Unhandled rejection', reason);
  process.exit(128);
});
