/**
 * `npm run job -- <name>`: runs one scheduled job now against the local stack's data and prints its result.
 * Uses the running `npm start` stack when there is one; otherwise starts the backend on .local/ for the run.
 */
import { JOBS } from '@functions/jobs';
import { describeStack, LOCAL_PORTS } from './config';
import { applyFunctionEnvironment } from './env';
import { consoleLog } from './log';
import { LOCAL_DATA_PATH } from './paths';
import { isListening } from './ports';
import { findJob, runJob } from './scheduler';
import { startLocalStack, type LocalStack } from './stack';

async function main(): Promise<void> {
  const name = process.argv[2];
  const job = name ? findJob(name) : undefined;
  if (!job) {
    console.error(`Usage: npm run job -- <name>   (jobs: ${JOBS.map((j) => j.name).join(', ')})`);
    process.exit(1);
  }
  let stack: LocalStack | undefined;
  if (await isListening(LOCAL_PORTS.dynamodb)) {
    applyFunctionEnvironment(describeStack(LOCAL_PORTS));
  } else {
    consoleLog('stack', 'npm start is not running: starting the backend on .local/ for this run');
    stack = await startLocalStack({ ports: LOCAL_PORTS, dataDir: LOCAL_DATA_PATH, web: false, scheduler: false });
  }
  let failed = false;
  try {
    const result = await runJob(job, consoleLog);
    console.log(JSON.stringify(result ?? null, null, 2));
  } catch {
    failed = true;
  } finally {
    await stack?.stop();
  }
  process.exit(failed ? 1 : 0);
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
